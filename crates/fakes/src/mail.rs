//! An in-memory mail outbox and a mail sender that records what it is given (and fails when told to), for the tests
//! of mail delivery and of the use cases that write notices.

use std::collections::{BTreeMap, HashSet};
use std::sync::Mutex;
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{NoticeKind, NoticeRecipient, OrderId};
use puronoboi_ports::{Addressee, Mail, MailError, MailOutbox, MailSender, NoticeOrder, OutboxId, QueuedNotice, StoreError};

/// One outbox row as the fake holds it, for tests to look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxRow {
    pub id: OutboxId,
    pub order: OrderId,
    pub kind: NoticeKind,
    pub recipient: NoticeRecipient,
    pub due_at: DateTime<Utc>,
    pub attempts: u32,
    pub last_error: Option<String>,
    pub sent_at: Option<DateTime<Utc>>,
    pub dropped_at: Option<DateTime<Utc>>,
}

/// An order the fake can write notices for: the order as its notices tell it, and its two sides.
#[derive(Debug, Clone)]
pub struct KnownOrder {
    pub order: NoticeOrder,
    pub buyer: Addressee,
    pub seller: Addressee,
}

#[derive(Default)]
struct State {
    orders: BTreeMap<OrderId, KnownOrder>,
    closed: HashSet<String>,
    rows: BTreeMap<OutboxId, OutboxRow>,
    next_id: i64,
}

/// The outbox in memory, with the PostgreSQL adapter's rules: one notice per order, kind and recipient; due notices
/// leased oldest due first; notices to closed accounts dropped when taken. Orders are made known to it with
/// [`InMemoryMailOutbox::know_order`] (the database has them already); enqueuing for an unknown order fails, as a
/// foreign key would.
#[derive(Default)]
pub struct InMemoryMailOutbox {
    state: Mutex<State>,
}

impl InMemoryMailOutbox {
    pub fn know_order(&self, order: KnownOrder) {
        self.lock().orders.insert(order.order.id, order);
    }

    /// The account with this address closes: no more mail to it.
    pub fn close_account(&self, email: &str) {
        self.lock().closed.insert(email.to_owned());
    }

    /// Every row, in the order written.
    pub fn rows(&self) -> Vec<OutboxRow> {
        self.lock().rows.values().cloned().collect()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[async_trait]
impl MailOutbox for InMemoryMailOutbox {
    async fn enqueue(&self, order: OrderId, kind: NoticeKind) -> Result<u64, StoreError> {
        let mut state = self.lock();
        if !state.orders.contains_key(&order) {
            return Err(StoreError(anyhow::anyhow!("no order {order} to write notices for")));
        }
        let mut added = 0;
        for recipient in kind.recipients() {
            let written = state.rows.values().any(|row| row.order == order && row.kind == kind && row.recipient == *recipient);
            if !written {
                state.next_id += 1;
                let id = OutboxId(state.next_id);
                let row = OutboxRow {
                    id,
                    order,
                    kind,
                    recipient: *recipient,
                    due_at: Utc::now(),
                    attempts: 0,
                    last_error: None,
                    sent_at: None,
                    dropped_at: None,
                };
                state.rows.insert(id, row);
                added += 1;
            }
        }
        Ok(added)
    }

    async fn take_due(&self, now: DateTime<Utc>, lease: Duration, limit: i64) -> Result<Vec<QueuedNotice>, StoreError> {
        let lease = chrono::Duration::from_std(lease).map_err(|e| StoreError(e.into()))?;
        let mut guard = self.lock();
        let state = &mut *guard;
        let mut due: Vec<OutboxRow> =
            state.rows.values().filter(|r| r.sent_at.is_none() && r.dropped_at.is_none() && r.due_at <= now).cloned().collect();
        due.sort_by_key(|r| (r.due_at, r.id));
        due.truncate(usize::try_from(limit).unwrap_or(0));
        let mut taken = Vec::new();
        for row in due {
            let known = state.orders.get(&row.order).ok_or_else(|| StoreError(anyhow::anyhow!("order {} vanished", row.order)))?;
            let to = match row.recipient {
                NoticeRecipient::Buyer => known.buyer.clone(),
                NoticeRecipient::Seller => known.seller.clone(),
            };
            let order = known.order.clone();
            let Some(stored) = state.rows.get_mut(&row.id) else { continue };
            if state.closed.contains(&to.email) {
                stored.dropped_at = Some(now);
                stored.last_error = Some("the recipient's account is closed".to_owned());
                continue;
            }
            stored.due_at = now + lease;
            taken.push(QueuedNotice { id: row.id, kind: row.kind, recipient: row.recipient, failed_attempts: row.attempts, order, to });
        }
        Ok(taken)
    }

    async fn mark_sent(&self, id: OutboxId, at: DateTime<Utc>) -> Result<(), StoreError> {
        if let Some(row) = self.lock().rows.get_mut(&id) {
            row.sent_at = row.sent_at.or(Some(at));
            row.dropped_at = None;
        }
        Ok(())
    }

    async fn mark_failed(&self, id: OutboxId, retry_at: DateTime<Utc>, error: &str) -> Result<(), StoreError> {
        if let Some(row) = self.lock().rows.get_mut(&id).filter(|r| r.sent_at.is_none() && r.dropped_at.is_none()) {
            row.attempts += 1;
            row.due_at = retry_at;
            row.last_error = Some(error.to_owned());
        }
        Ok(())
    }

    async fn give_up(&self, id: OutboxId, at: DateTime<Utc>, error: &str) -> Result<(), StoreError> {
        if let Some(row) = self.lock().rows.get_mut(&id).filter(|r| r.sent_at.is_none() && r.dropped_at.is_none()) {
            row.attempts += 1;
            row.dropped_at = Some(at);
            row.last_error = Some(error.to_owned());
        }
        Ok(())
    }
}

/// How a [`RecordingSender`] answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SendOutcome {
    Accept,
    /// A relay that says "try again later".
    FailTransiently,
    /// A relay that refuses the message for good.
    Refuse,
}

/// A mail sender that keeps every message it accepts, in order. It can be told to fail, and to take its time (so that
/// concurrent workers overlap).
pub struct RecordingSender {
    sent: Mutex<Vec<Mail>>,
    outcome: Mutex<SendOutcome>,
    delay: Duration,
}

impl Default for RecordingSender {
    fn default() -> Self {
        Self::answering(SendOutcome::Accept)
    }
}

impl RecordingSender {
    pub fn answering(outcome: SendOutcome) -> Self {
        Self { sent: Mutex::default(), outcome: Mutex::new(outcome), delay: Duration::ZERO }
    }

    /// Each send takes `delay` before it answers.
    pub fn slow(delay: Duration) -> Self {
        Self { delay, ..Self::default() }
    }

    pub fn answer(&self, outcome: SendOutcome) {
        *self.outcome.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = outcome;
    }

    /// The messages accepted so far.
    pub fn sent(&self) -> Vec<Mail> {
        self.sent.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }
}

#[async_trait]
impl MailSender for RecordingSender {
    async fn send(&self, mail: &Mail) -> Result<(), MailError> {
        if !self.delay.is_zero() {
            tokio::time::sleep(self.delay).await;
        }
        let outcome = *self.outcome.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match outcome {
            SendOutcome::Accept => {
                self.sent.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(mail.clone());
                Ok(())
            }
            SendOutcome::FailTransiently => Err(MailError::Transient(anyhow::anyhow!("421 the relay is busy, try again later"))),
            SendOutcome::Refuse => Err(MailError::Permanent(anyhow::anyhow!("550 no such mailbox: {}", mail.to_address))),
        }
    }
}
