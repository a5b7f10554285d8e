//! Sending order e-mail: each [`Mail`] becomes an RFC 5322 message (lettre's builder: a Bangla subject is encoded as
//! RFC 2047 words, the bodies as UTF-8) and goes to an SMTP relay ([`SmtpSender`]) or into a folder as an `.eml` file
//! ([`FileSender`], what `just run` uses: nothing leaves the machine, and any mail program opens the files).

mod file;
mod smtp;

use std::fmt;

use lettre::message::header::{Header, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::{Address, Message};
use puronoboi_ports::{Mail, MailError};

pub use file::FileSender;
pub use smtp::SmtpSender;

/// Who order e-mail comes from unless `MAIL_FROM` says otherwise. `.localhost` is reserved (RFC 6761): no relay
/// delivers to it, so a reply to a message sent by mistake goes nowhere.
pub const DEFAULT_MAIL_FROM: &str = "Puronoboi <no-reply@puronoboi.localhost>";

/// The sender of every message: a name and an address, `Puronoboi <no-reply@example.com>`, or an address alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailFrom(Mailbox);

impl MailFrom {
    pub fn parse(text: &str) -> anyhow::Result<Self> {
        text.trim().parse::<Mailbox>().map(Self).map_err(|e| {
            anyhow::anyhow!("{text:?} is not a sender such as \"Puronoboi <no-reply@example.com>\" or \"no-reply@example.com\": {e}")
        })
    }

    /// The domain of the address: where the messages' ids are made (`<...@domain>`).
    pub fn domain(&self) -> &str {
        self.0.email.domain()
    }
}

impl fmt::Display for MailFrom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// `Auto-Submitted: auto-generated` (RFC 3834): out-of-office replies and other robots do not answer these messages.
#[derive(Debug, Clone, Copy)]
struct AutoSubmitted;

impl Header for AutoSubmitted {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("Auto-Submitted")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "auto-generated".to_owned())
    }
}

/// The message `mail` is, from `from`. Errors: `Permanent` when the recipient's address is not an address (sending
/// it again will not make it one).
pub fn message(from: &MailFrom, mail: &Mail) -> Result<Message, MailError> {
    let address: Address = mail
        .to_address
        .trim()
        .parse()
        .map_err(|e| MailError::Permanent(anyhow::anyhow!("{:?} is not an e-mail address: {e}", mail.to_address)))?;
    let name = Some(mail.to_name.trim().to_owned()).filter(|n| !n.is_empty());
    let builder = Message::builder()
        .from(from.0.clone())
        .to(Mailbox::new(name, address))
        .subject(mail.subject.clone())
        .message_id(Some(mail.message_id.clone()))
        .header(AutoSubmitted);
    let built = match &mail.html {
        Some(html) => builder.multipart(MultiPart::alternative_plain_html(mail.text.clone(), html.clone())),
        None => builder.singlepart(SinglePart::plain(mail.text.clone())),
    };
    built.map_err(|e| MailError::Permanent(anyhow::Error::new(e).context("building the message")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sender_is_a_name_and_address_or_an_address() {
        let from = MailFrom::parse(DEFAULT_MAIL_FROM).expect("the default parses");
        assert_eq!(from.domain(), "puronoboi.localhost");
        assert_eq!(MailFrom::parse(" shop@example.com ").expect("a bare address").domain(), "example.com");
        for bad in ["", "Puronoboi", "Puronoboi <no-reply>", "a@b@c"] {
            assert!(MailFrom::parse(bad).is_err(), "{bad:?}");
        }
    }
}
