//! The senders against what is on the other side: an SMTP server running inside the test (mailin-embedded) that keeps
//! what it receives and refuses some recipients as relays do, and the `.eml` files read back with a MIME parser.
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use mailin_embedded::response::{INTERNAL_ERROR, NO_MAILBOX, OK};
use mailin_embedded::{Handler, Response, Server, SslConfig};
use mailparse::{MailHeaderMap as _, ParsedMail};
use puronoboi_domain::NoticeKind;
use puronoboi_mail::{DEFAULT_MAIL_FROM, FileSender, MailFrom, SmtpSender};
use puronoboi_ports::{Mail, MailError, MailSender as _, OutboxId};

const SUBJECT: &str = "নতুন অর্ডার: পথের পাঁচালী";
const TEXT: &str = "প্রিয় রহিম উদ্দিন,\n\nফারহানা আক্তার আপনার “পথের পাঁচালী” বইটি ১,২৫০ ৳ দামে অর্ডার করেছেন।\n\n— পুরনো বই\n";
const HTML: &str = "<p>প্রিয় রহিম উদ্দিন,</p><p>ফারহানা আক্তার আপনার “পথের পাঁচালী” বইটি ১,২৫০ ৳ দামে অর্ডার করেছেন।</p>";
const MESSAGE_ID: &str = "<42.order_placed.0b9f3c2e-6d1a-4c55-9a43-2f1b7a3c9e10@puronoboi.localhost>";

fn bangla_mail(to: &str) -> Mail {
    Mail {
        outbox_id: OutboxId(42),
        kind: NoticeKind::OrderPlaced,
        to_address: to.to_owned(),
        to_name: "রহিম উদ্দিন".to_owned(),
        subject: SUBJECT.to_owned(),
        text: TEXT.to_owned(),
        html: Some(HTML.to_owned()),
        message_id: MESSAGE_ID.to_owned(),
    }
}

fn from() -> MailFrom {
    MailFrom::parse(DEFAULT_MAIL_FROM).expect("the default sender")
}

/// One message as the SMTP server took it: the envelope's recipients and the data.
#[derive(Debug, Clone, Default)]
struct Received {
    to: Vec<String>,
    data: Vec<u8>,
}

/// An SMTP server's handler (cloned for each connection) that keeps every message, refuses `nobody@...` for good
/// (550) and `busy@...` for now (451), as relays do.
#[derive(Clone, Default)]
struct Inbox {
    received: Arc<Mutex<Vec<Received>>>,
    current: Received,
}

impl Handler for Inbox {
    fn rcpt(&mut self, to: &str) -> Response {
        if to.contains("nobody@") {
            NO_MAILBOX
        } else if to.contains("busy@") {
            INTERNAL_ERROR
        } else {
            OK
        }
    }

    fn data_start(&mut self, _domain: &str, _from: &str, _is8bit: bool, to: &[String]) -> Response {
        self.current = Received { to: to.to_vec(), data: Vec::new() };
        OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.current.data.extend_from_slice(buf);
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        self.received.lock().expect("the inbox").push(std::mem::take(&mut self.current));
        OK
    }
}

/// Starts an SMTP server on a free loopback port, for the rest of the test process; answers its address and inbox.
fn smtp_server() -> (SocketAddr, Arc<Mutex<Vec<Received>>>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let address = listener.local_addr().expect("its address");
    let inbox = Inbox::default();
    let received = inbox.received.clone();
    let mut server = Server::new(inbox);
    server.with_name("sink.test").with_ssl(SslConfig::None).expect("no TLS").with_tcp_listener(listener);
    std::thread::spawn(move || {
        if let Err(e) = server.serve() {
            panic!("the SMTP server stopped: {e}");
        }
    });
    (address, received)
}

fn header(parsed: &ParsedMail<'_>, name: &str) -> String {
    parsed.headers.get_first_value(name).unwrap_or_else(|| panic!("no {name} header"))
}

/// The message's text and HTML bodies, decoded.
fn bodies(parsed: &ParsedMail<'_>) -> (String, String) {
    assert_eq!(parsed.ctype.mimetype, "multipart/alternative");
    let part = |mimetype: &str| {
        let part = parsed.subparts.iter().find(|p| p.ctype.mimetype == mimetype).unwrap_or_else(|| panic!("no {mimetype} part"));
        assert_eq!(part.ctype.charset.to_ascii_lowercase(), "utf-8");
        part.get_body().expect("a decodable body")
    };
    (part("text/plain"), part("text/html"))
}

/// What every message must carry, whichever way it went.
fn assert_is_the_bangla_message(raw: &[u8]) {
    let parsed = mailparse::parse_mail(raw).expect("a parseable message");
    assert_eq!(header(&parsed, "Subject"), SUBJECT, "the Bangla subject reads back");
    let on_the_wire = parsed.headers.get_first_header("Subject").expect("a subject").get_value_raw().to_vec();
    assert!(on_the_wire.is_ascii() && String::from_utf8_lossy(&on_the_wire).contains("=?utf-8?"), "RFC 2047 encoded words");
    assert_eq!(header(&parsed, "Message-ID"), MESSAGE_ID, "the outbox row's id, not a random one");
    assert_eq!(header(&parsed, "From"), DEFAULT_MAIL_FROM);
    assert!(header(&parsed, "To").contains("<rahim@example.test>"), "{}", header(&parsed, "To"));
    assert_eq!(mailparse::addrparse(&header(&parsed, "To")).expect("an address").to_string(), "\"রহিম উদ্দিন\" <rahim@example.test>");
    assert_eq!(header(&parsed, "Auto-Submitted"), "auto-generated");
    let (text, html) = bodies(&parsed);
    assert_eq!(text.replace("\r\n", "\n"), TEXT);
    assert_eq!(html.replace("\r\n", "\n"), HTML);
}

#[tokio::test]
async fn a_bangla_message_reaches_the_smtp_server_as_sent() {
    let (address, received) = smtp_server();
    let sender = SmtpSender::from_url(&format!("smtp://{address}"), from()).expect("a sender");
    sender.send(&bangla_mail("rahim@example.test")).await.expect("accepted");
    let received = received.lock().expect("the inbox").clone();
    assert_eq!(received.len(), 1, "one message");
    assert_eq!(received[0].to, ["rahim@example.test"], "the envelope's recipient");
    assert_is_the_bangla_message(&received[0].data);
}

#[tokio::test]
async fn a_refused_mailbox_is_permanent_and_a_busy_relay_transient() {
    let (address, received) = smtp_server();
    let sender = SmtpSender::from_url(&format!("smtp://{address}"), from()).expect("a sender");
    let refused = sender.send(&bangla_mail("nobody@example.test")).await;
    assert!(matches!(refused, Err(MailError::Permanent(_))), "550: {refused:?}");
    let busy = sender.send(&bangla_mail("busy@example.test")).await;
    assert!(matches!(busy, Err(MailError::Transient(_))), "451: {busy:?}");
    // The same sender goes on working after both refusals.
    sender.send(&bangla_mail("rahim@example.test")).await.expect("accepted");
    assert_eq!(received.lock().expect("the inbox").len(), 1);
}

#[tokio::test]
async fn no_relay_is_transient_and_no_address_permanent() {
    // A port nothing listens on: taken, then let go.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("its address");
    let sender = SmtpSender::from_url(&format!("smtp://{closed}"), from()).expect("a sender");
    let unreachable = sender.send(&bangla_mail("rahim@example.test")).await;
    assert!(matches!(unreachable, Err(MailError::Transient(_))), "{unreachable:?}");
    let not_an_address = sender.send(&bangla_mail("rahim at example")).await;
    assert!(matches!(not_an_address, Err(MailError::Permanent(_))), "refused before connecting: {not_an_address:?}");
}

#[test]
fn a_bad_smtp_url_is_refused_without_repeating_its_password() {
    for bad in ["http://user:hunter2@mail.example.com", "smtp//user:hunter2@mail.example.com", "smtp://user:hunter2@:25"] {
        let refused = SmtpSender::from_url(bad, from()).err().unwrap_or_else(|| panic!("{bad} was accepted"));
        let said = format!("{refused:#}");
        assert!(said.contains("SMTP_URL") && !said.contains("hunter2"), "{said}");
    }
}

#[tokio::test]
async fn the_file_sender_writes_one_parseable_eml_per_message() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let dir = root.path().join("var").join("mail");
    let sender = FileSender::new(&dir, from()).expect("a folder to write into");
    assert_eq!(sender.dir(), dir);
    assert!(!dir.exists(), "nothing is created before there is mail");
    sender.send(&bangla_mail("rahim@example.test")).await.expect("written");

    let names: Vec<String> =
        std::fs::read_dir(&dir).expect("the folder").map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(names.len(), 1, "one file and nothing half-written beside it: {names:?}");
    let name = &names[0];
    let (time, rest) = name.split_once('-').expect("<time>-<id>-<kind>.eml");
    assert_eq!(rest, "42-order_placed.eml");
    assert!(chrono::NaiveDateTime::parse_from_str(time, "%Y%m%dT%H%M%S%.3fZ").is_ok(), "a UTC time: {time}");
    assert_is_the_bangla_message(&std::fs::read(dir.join(name)).expect("readable"));

    let no_address = sender.send(&bangla_mail("")).await;
    assert!(matches!(no_address, Err(MailError::Permanent(_))), "{no_address:?}");
}

#[test]
fn the_file_sender_needs_a_folder_not_a_file() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let file = root.path().join("mail");
    std::fs::write(&file, "not a folder").expect("a file");
    let refused = FileSender::new(&file, from()).err().expect("a file is not a folder");
    assert!(refused.to_string().contains("is not a folder"), "{refused}");
}
