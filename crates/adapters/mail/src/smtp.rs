//! Order e-mail over SMTP, through a pool of connections to one relay.

use std::time::Duration;

use anyhow::Context as _;
use async_trait::async_trait;
use lettre::transport::smtp::Error as SmtpError;
use lettre::{AsyncSmtpTransport, AsyncTransport as _, Tokio1Executor};
use puronoboi_ports::{Mail, MailError, MailSender};

use crate::{MailFrom, message};

/// Sends through the relay an `SMTP_URL` names: `smtp://host:port` (plain, for a relay on this machine or a local
/// sink), `smtp://user:pass@host:587?tls=required` (STARTTLS) or `smtps://user:pass@host` (TLS from the start).
pub struct SmtpSender {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: MailFrom,
}

impl SmtpSender {
    /// How long one exchange with the relay may take (connecting, each command): a relay that stops answering
    /// fails the attempt, which is tried again later, instead of holding the delivery worker.
    pub const TIMEOUT: Duration = Duration::from_secs(20);

    /// Reads the URL; connects only when the first message is sent. The error never repeats the URL: it may hold a
    /// password.
    pub fn from_url(url: &str, from: MailFrom) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| anyhow::anyhow!("{}", e.to_string().replace(url, "<SMTP_URL>")))
            .context(
                "SMTP_URL must be smtp://host:port, smtp://user:password@host:587?tls=required or smtps://user:password@host \
                 (user name and password percent-encoded)",
            )?
            .timeout(Some(Self::TIMEOUT))
            .build();
        Ok(Self { transport, from })
    }
}

#[async_trait]
impl MailSender for SmtpSender {
    async fn send(&self, mail: &Mail) -> Result<(), MailError> {
        let message = message(&self.from, mail)?;
        self.transport.send(message).await.map(|_| ()).map_err(classify)
    }
}

/// Permanent: the relay answered 5xx about this message (no such mailbox, a refused address, rejected content), so
/// sending it again would be refused again. Transient: everything else: a 4xx, no connection, TLS, a timeout, and
/// the 5xx replies about our own login (530, 534, 535, 538), which a fixed configuration cures without the message
/// changing, so it is kept and tried again meanwhile.
fn classify(error: SmtpError) -> MailError {
    let about_our_login = error.status().is_some_and(|code| matches!(code.to_string().as_str(), "530" | "534" | "535" | "538"));
    let permanent = error.is_permanent() && !about_our_login;
    let described = anyhow::Error::new(error);
    if permanent { MailError::Permanent(described) } else { MailError::Transient(described) }
}
