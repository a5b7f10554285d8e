//! Admission for picture uploads, before a byte of the picture is read: the account's upload rate, then a slot.
//!
//! An upload costs memory twice: its body (up to 5 MiB) and its decode (up to
//! [`MAX_DECODE_ALLOC`](crate::images::MAX_DECODE_ALLOC)). The gate bounds both at once, because an upload reads its
//! body only once it holds a slot:
//!
//! 0. One upload at a time per account, on this instance: a second one while the first is still being read,
//!    checked or stored is refused at once ([`UploadRefused::InProgress`]). Nobody needs two at once (the forms
//!    send one picture), and without this one account could hold every slot and the whole queue by itself.
//! 1. The account's allowance ([`UploadQuota`], counted in the database so every server instance shares it) is
//!    taken first. An account over its rate is refused at once and never takes a place in the queue.
//! 2. Then a slot: [`UploadGate::SLOTS`] uploads read their body and decode at once; up to [`UploadGate::QUEUE`]
//!    more wait, in arrival order, holding nothing but their connection. When the queue is full, or a slot does not
//!    free up within [`UploadGate::MAX_WAIT`], the upload is refused as busy: a refusal the client may retry, never
//!    a server error.
//! 3. The handler reads the body with the [`UploadSlot`] held, by the slot's [`UploadSlot::read_by`] deadline so a
//!    slow sender cannot sit on a slot, and hands the slot to `Photos`, whose every method that decodes asks for
//!    one: nothing decodes without a slot.
//!
//! So at most `SLOTS` bodies and `SLOTS` decodes are in memory, whatever the number of requests.

use std::collections::HashSet;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use puronoboi_domain::AccountId;
use puronoboi_ports::{TakeUploadError, UploadQuota};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

#[derive(Debug, thiserror::Error)]
pub enum UploadRefused {
    /// Another upload from the same account is still in progress on this instance.
    #[error("another upload from the account is in progress")]
    InProgress,
    /// The account already uploaded its allowance in the current minute.
    #[error("the account uploaded too many pictures in the last minute")]
    TooMany,
    /// Every slot is taken and the queue is full, or no slot freed up in time.
    #[error("every upload slot is taken")]
    Busy,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Proof that an upload holds one of the gate's slots; the slot frees when this is dropped. Only
/// [`UploadGate::enter`] makes one.
#[derive(Debug)]
pub struct UploadSlot {
    read_by: Instant,
    _slot: OwnedSemaphorePermit,
    _admitted: OwnedSemaphorePermit,
    /// The account's one upload, when admitted through [`Uploads::admit`].
    _uploading: Option<Uploading>,
}

/// An account's upload in progress; the account may upload again once this is dropped.
#[derive(Debug)]
struct Uploading {
    account: AccountId,
    uploading: Arc<Mutex<HashSet<AccountId>>>,
}

impl Uploading {
    /// `None` when the account already has an upload in progress.
    fn start(uploading: &Arc<Mutex<HashSet<AccountId>>>, account: AccountId) -> Option<Self> {
        let started = uploading.lock().unwrap_or_else(PoisonError::into_inner).insert(account);
        started.then(|| Self { account, uploading: Arc::clone(uploading) })
    }
}

impl Drop for Uploading {
    fn drop(&mut self) {
        self.uploading.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.account);
    }
}

impl UploadSlot {
    /// When the upload's body must have arrived; past it the caller gives the slot up.
    pub fn read_by(&self) -> Instant {
        self.read_by
    }
}

/// A fixed number of slots and a bounded queue for them. Cheap to clone: clones share the slots.
#[derive(Debug, Clone)]
pub struct UploadGate {
    /// Held while an upload reads its body, decodes and stores it.
    slots: Arc<Semaphore>,
    /// Every upload holding or waiting for a slot holds one of these: slots + queue of them, never waited for.
    admitted: Arc<Semaphore>,
    max_wait: Duration,
    read_within: Duration,
}

impl UploadGate {
    /// A large photo's decode takes most of a core and up to [`MAX_DECODE_ALLOC`](crate::images::MAX_DECODE_ALLOC):
    /// two at once keep the server's memory for uploads under 512 MiB with room for everything else.
    pub const SLOTS: usize = 2;
    /// Enough to absorb a burst of uploads; beyond it a client is better off told to retry than kept waiting.
    pub const QUEUE: usize = 8;
    /// The longest an upload waits for a slot. With [`Self::READ_WITHIN`] it stays well under the server's
    /// 30-second request timeout, which would otherwise answer with a server error, and leaves the upload at least
    /// 5 seconds to decode and store.
    pub const MAX_WAIT: Duration = Duration::from_secs(10);
    /// How long an upload holding a slot may take to send its body: 5 MiB in 15 s is under 3 Mbit/s.
    pub const READ_WITHIN: Duration = Duration::from_secs(15);

    pub fn new(slots: usize, queue: usize, max_wait: Duration, read_within: Duration) -> Self {
        Self { slots: Arc::new(Semaphore::new(slots)), admitted: Arc::new(Semaphore::new(slots + queue)), max_wait, read_within }
    }

    /// Waits for a slot, first come first served. `None` at once when the queue is full, or after `max_wait`
    /// without a slot.
    pub async fn enter(&self) -> Option<UploadSlot> {
        let admitted = Arc::clone(&self.admitted).try_acquire_owned().ok()?;
        // Neither semaphore is ever closed, so an acquire error cannot happen; refusing is the safe answer anyway.
        let slot = tokio::time::timeout(self.max_wait, Arc::clone(&self.slots).acquire_owned()).await.ok()?.ok()?;
        Some(UploadSlot { read_by: Instant::now() + self.read_within, _slot: slot, _admitted: admitted, _uploading: None })
    }
}

impl Default for UploadGate {
    fn default() -> Self {
        Self::new(Self::SLOTS, Self::QUEUE, Self::MAX_WAIT, Self::READ_WITHIN)
    }
}

/// Who may upload now: the per-account rate and the shared gate, in that order.
#[derive(Clone)]
pub struct Uploads {
    quota: Arc<dyn UploadQuota>,
    per_minute: NonZeroU32,
    gate: UploadGate,
    /// The accounts with an upload in progress on this instance.
    uploading: Arc<Mutex<HashSet<AccountId>>>,
}

impl Uploads {
    /// The rate is per minute.
    pub const RATE_WINDOW: Duration = Duration::from_secs(60);
    pub const DEFAULT_PER_MINUTE: u32 = 20;

    pub fn new(quota: Arc<dyn UploadQuota>, per_minute: NonZeroU32, gate: UploadGate) -> Self {
        Self { quota, per_minute, gate, uploading: Arc::default() }
    }

    /// Refuses a second upload from an account while its first is in progress (without counting it), then takes
    /// one upload from the account's allowance, then waits for a slot. Every upload admitted this far counts,
    /// whether or not its picture is then accepted; so does one refused as busy, because the allowance is taken
    /// first so that an account over its rate never waits in the queue, and at 20 a minute a few retries do not
    /// matter.
    /// Errors: `InProgress` (the account's other upload), `TooMany` (the account's rate), `Busy` (the gate).
    pub async fn admit(&self, account: AccountId) -> Result<UploadSlot, UploadRefused> {
        let uploading = Uploading::start(&self.uploading, account).ok_or(UploadRefused::InProgress)?;
        self.quota.take_upload(account, self.per_minute, Self::RATE_WINDOW).await.map_err(|e| match e {
            TakeUploadError::Exhausted => UploadRefused::TooMany,
            TakeUploadError::Unknown(cause) => UploadRefused::Unknown(cause),
        })?;
        let slot = self.gate.enter().await.ok_or(UploadRefused::Busy)?;
        Ok(UploadSlot { _uploading: Some(uploading), ..slot })
    }
}

#[cfg(test)]
mod tests {
    use puronoboi_fakes::uploads::{InMemoryUploadQuota, upload_quota_contract};

    use super::*;

    const MINUTE: Duration = Duration::from_secs(60);

    fn quota() -> Arc<InMemoryUploadQuota> {
        Arc::new(InMemoryUploadQuota::default())
    }

    #[tokio::test]
    async fn the_in_memory_quota_keeps_the_upload_quota_contract() {
        upload_quota_contract(&puronoboi_fakes::accounts::InMemoryAccounts::default(), &InMemoryUploadQuota::default()).await;
    }

    #[tokio::test]
    async fn slots_are_shared_out_in_order_and_a_full_queue_refuses_at_once() {
        let gate = UploadGate::new(2, 2, Duration::from_secs(5), MINUTE);
        let first = gate.enter().await.expect("a free slot");
        let _second = gate.enter().await.expect("a free slot");
        assert!(first.read_by() > Instant::now() + Duration::from_secs(59), "the body is due a minute after the slot was given");

        let (waiting_1, waiting_2) = (gate.clone(), gate.clone());
        let third = tokio::spawn(async move { waiting_1.enter().await });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let fourth = tokio::spawn(async move { waiting_2.enter().await });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!third.is_finished() && !fourth.is_finished(), "both wait for a slot");

        let started = Instant::now();
        assert!(gate.enter().await.is_none(), "two slots held and two waiting: the fifth is refused");
        assert!(started.elapsed() < Duration::from_millis(100), "without waiting");

        drop(first);
        let third = tokio::time::timeout(Duration::from_secs(1), third).await.expect("the first waiter gets the slot").expect("joins");
        assert!(third.is_some());
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!fourth.is_finished(), "one freed slot lets one waiter in");
        drop(third);
        assert!(tokio::time::timeout(Duration::from_secs(1), fourth).await.expect("in").expect("joins").is_some());
    }

    #[tokio::test]
    async fn a_waiter_gives_up_after_the_longest_wait() {
        let gate = UploadGate::new(1, 4, Duration::from_millis(100), MINUTE);
        let _held = gate.enter().await.expect("a free slot");
        let started = Instant::now();
        assert!(gate.enter().await.is_none(), "no slot freed in time");
        assert!(started.elapsed() >= Duration::from_millis(100));
        // Giving up also gave back its place in the queue: four can wait again.
        let waiting: Vec<_> = (0..4)
            .map(|_| {
                let gate = gate.clone();
                tokio::spawn(async move { gate.enter().await })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(waiting.iter().all(|w| !w.is_finished()), "four wait");
        assert!(gate.enter().await.is_none(), "the fifth is refused at once");
    }

    #[tokio::test]
    async fn an_account_over_its_rate_is_refused_without_taking_a_place_in_the_queue() {
        let uploads =
            Uploads::new(quota(), NonZeroU32::new(2).expect("not zero"), UploadGate::new(1, 0, Duration::from_millis(50), MINUTE));
        let (busy, other) = (AccountId::new(), AccountId::new());
        let held = uploads.admit(other).await.expect("another account's upload");
        assert!(matches!(uploads.admit(busy).await, Err(UploadRefused::Busy)), "the only slot is held and nobody may wait");
        assert!(matches!(uploads.admit(busy).await, Err(UploadRefused::Busy)));
        assert!(matches!(uploads.admit(busy).await, Err(UploadRefused::TooMany)), "the busy refusals counted");
        drop(held);
        // Over its rate, the account is refused for that even with the slot free: the quota is checked before the gate.
        assert!(matches!(uploads.admit(busy).await, Err(UploadRefused::TooMany)));
        let _held = uploads.admit(other).await.expect("another account has its own allowance");
    }

    #[tokio::test]
    async fn an_account_uploads_one_picture_at_a_time() {
        let uploads =
            Uploads::new(quota(), NonZeroU32::new(10).expect("not zero"), UploadGate::new(4, 4, Duration::from_millis(50), MINUTE));
        let (busy, other) = (AccountId::new(), AccountId::new());
        let first = uploads.admit(busy).await.expect("the first upload");
        assert!(matches!(uploads.admit(busy).await, Err(UploadRefused::InProgress)), "a second while the first is in progress");
        let _others = uploads.admit(other).await.expect("another account is not held up");
        drop(first);
        let _again = uploads.admit(busy).await.expect("once the first is done, the account uploads again");
        // A refusal for another reason ends the attempt too: nothing stays marked in progress.
        let tight = Uploads::new(quota(), NonZeroU32::new(1).expect("not zero"), UploadGate::new(1, 0, Duration::from_millis(50), MINUTE));
        drop(tight.admit(busy).await.expect("the allowance"));
        assert!(matches!(tight.admit(busy).await, Err(UploadRefused::TooMany)));
        assert!(matches!(tight.admit(busy).await, Err(UploadRefused::TooMany)), "not InProgress: the refused attempt let go");
    }
}
