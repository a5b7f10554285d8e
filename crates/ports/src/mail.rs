//! Order e-mail: the outbox the order changes write their notices into, and whatever carries a rendered message to
//! its reader (an SMTP relay, files on disk).
//!
//! Delivery is at least once: a worker that sent a message and died before recording it leaves the notice to be sent
//! again once its lease ends. Every message therefore carries a Message-ID fixed by its outbox row, so a reader's
//! mail program can tell a repeat from a new message.

use std::fmt;
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{CancelReason, Language, NoticeKind, NoticeRecipient, OrderId, OrderStatus, PaymentMethod, Phone, Taka};

use crate::StoreError;

/// One row of the outbox: one message to one person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OutboxId(pub i64);

impl fmt::Display for OutboxId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Who a notice goes to, as their account says now (not as it was when the notice was written): a person who changed
/// their language or name in between is written to as they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Addressee {
    pub email: String,
    pub name: String,
    /// The language the account reads the marketplace in; Bangla when they never chose.
    pub language: Language,
}

/// What a notice says about its order: the order's own copies of the book and of the buyer's contact, so a book
/// edited or withdrawn since reads as it was ordered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoticeOrder {
    pub id: OrderId,
    pub title: String,
    pub author: String,
    pub price: Taka,
    pub buyer_name: String,
    pub buyer_phone: Phone,
    /// Where the buyer proposed to meet.
    pub meeting_place: String,
    pub payment_method: PaymentMethod,
    /// Why a cancelled order was cancelled; `None` for any other.
    pub cancel_reason: Option<CancelReason>,
    /// Where the order stands now, when it was placed and since when a card holds its price: what its handover
    /// deadline is read from.
    pub status: OrderStatus,
    pub placed_at: DateTime<Utc>,
    pub held_at: Option<DateTime<Utc>>,
    /// When the handover must have happened, when the order has such a deadline: left `None` by the outbox (which
    /// does not know the configured periods) and filled in by whoever sends the notice.
    pub handover_deadline: Option<DateTime<Utc>>,
}

/// A notice taken from the outbox to be sent now, with everything its message says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedNotice {
    pub id: OutboxId,
    pub kind: NoticeKind,
    pub recipient: NoticeRecipient,
    /// Delivery attempts that failed before this one.
    pub failed_attempts: u32,
    pub order: NoticeOrder,
    pub to: Addressee,
}

/// The notices of orders waiting to be e-mailed. Written in the same transaction as the order change that causes
/// them (by the order store), or through [`MailOutbox::enqueue`] by callers that change no order; read by delivery
/// workers on every server instance at once, each notice by one worker at a time.
#[async_trait]
pub trait MailOutbox: Send + Sync {
    /// Writes the notice `kind` of `order` for each of its recipients ([`NoticeKind::recipients`]), unless it was
    /// written before: a notice is written once per order, kind and recipient however often this is called. Answers
    /// how many notices this call added. Errors: the order does not exist, or the store failed.
    async fn enqueue(&self, order: OrderId, kind: NoticeKind) -> Result<u64, StoreError>;

    /// Takes up to `limit` notices due at `now`, oldest due first, and holds them for this caller until `now + lease`:
    /// another instance asking meanwhile takes other ones, and a caller that dies lets them come due again when the
    /// lease ends. Notices to a closed account are dropped here, never answered.
    async fn take_due(&self, now: DateTime<Utc>, lease: Duration, limit: i64) -> Result<Vec<QueuedNotice>, StoreError>;

    /// The notice was handed to the mail transport at `at`; it is never taken again.
    async fn mark_sent(&self, id: OutboxId, at: DateTime<Utc>) -> Result<(), StoreError>;

    /// An attempt failed with `error` and may succeed later: counts the attempt and makes the notice due at `retry_at`.
    async fn mark_failed(&self, id: OutboxId, retry_at: DateTime<Utc>, error: &str) -> Result<(), StoreError>;

    /// The notice will never be sent (refused for good, or out of attempts): counts the attempt, keeps `error`, and
    /// drops it at `at`.
    async fn give_up(&self, id: OutboxId, at: DateTime<Utc>, error: &str) -> Result<(), StoreError>;
}

/// A message ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    /// The outbox row it renders, and what it is about: for logs and for names of files it is written to.
    pub outbox_id: OutboxId,
    pub kind: NoticeKind,
    pub to_address: String,
    pub to_name: String,
    pub subject: String,
    /// The plain-text body: the message itself, readable in any mail program.
    pub text: String,
    /// An HTML alternative of the same text, for mail programs that prefer it.
    pub html: Option<String>,
    /// The Message-ID header with its angle brackets, the same every time this outbox row is sent.
    pub message_id: String,
}

/// Why a message was not sent.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// It never will be: the address is not an address, or the receiving side refused the message for good.
    #[error("refused for good: {0:#}")]
    Permanent(anyhow::Error),
    /// It may be later: the relay was out of reach, busy, or answered "try again".
    #[error("not sent this time: {0:#}")]
    Transient(anyhow::Error),
}

/// Carries a rendered message to its reader.
#[async_trait]
pub trait MailSender: Send + Sync {
    /// Hands `mail` over for delivery. Errors: `Permanent` (do not try again), `Transient` (try again later).
    async fn send(&self, mail: &Mail) -> Result<(), MailError>;
}
