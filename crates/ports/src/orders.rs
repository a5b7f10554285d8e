//! Orders and wish lists: what buyers hold, what they keep an eye on, and how a payment settles an order.

use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{
    Account, AccountId, BookId, BookStatus, HandoverLocked, Order, OrderContact, OrderId, OrderStatus, Page, PageRequest, PaymentMethod,
    Taka, WrongCode,
};

use crate::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum PlaceOrderError {
    /// No such book, or it was withdrawn.
    #[error("no such book")]
    BookNotFound,
    /// Someone else holds or bought it.
    #[error("the book is not available")]
    BookUnavailable,
    /// The buyer already holds the most unpaid orders allowed.
    #[error("too many pending orders")]
    TooManyPending,
    /// The buyer's account was closed meanwhile.
    #[error("the buyer's account is closed")]
    BuyerClosed,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// What placing an order did.
#[derive(Debug, Clone, PartialEq)]
pub enum Placed {
    /// A new order now holds the book.
    New(Order),
    /// The buyer already held a pending order for this book: that one, unchanged.
    Existing(Order),
}

#[derive(Debug, thiserror::Error)]
pub enum OrderChangeError {
    /// No such order, or it is someone else's.
    #[error("no such order")]
    NotFound,
    /// The order is no longer pending.
    #[error("the order is {0}")]
    Closed(OrderStatus),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// What a handover code entered by the order's seller did.
#[derive(Debug, Clone, PartialEq)]
pub enum Handover {
    /// The right code: the order is completed and its book sold.
    Completed(Box<Order>),
    /// The right code for a held order: the order is claimed for taking its held money, which the caller now does at
    /// the provider, then records with [`OrderStore::complete_held`] (or gives up with
    /// [`OrderStore::drop_capture_claim`]). Until then nothing else may close the order.
    CaptureDue(Box<Order>),
    /// A wrong code; what it earned (more tries, or the lock).
    WrongCode(WrongCode),
}

#[derive(Debug, thiserror::Error)]
pub enum HandoverError {
    /// No such order, or its book is not the caller's.
    #[error("no such order")]
    NotFound,
    /// The order no longer awaits its handover.
    #[error("the order is {0}")]
    Closed(OrderStatus),
    /// Too many wrong codes: none is checked until the lock ends.
    #[error(transparent)]
    Locked(#[from] HandoverLocked),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// What the provider secured for an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Secured {
    /// The price is held on the buyer's card until the handover.
    Held,
    /// The price was taken in full (a payment opened before holds existed).
    Taken,
}

/// What recording a succeeded payment did. Exactly one call per order ever answers `Paid`.
#[derive(Debug, Clone, PartialEq)]
pub enum Settlement {
    /// This call marked the order held (a hold) or paid and its book sold, storing the payment record (money taken).
    Paid(Order),
    /// The order was already held or paid by this payment (or completed with it); nothing changed.
    AlreadyPaid(Order),
    /// The order had been cancelled or expired and its book is gone (or the buyer's account is closed): the
    /// payment must be returned. Nothing changed.
    MustRefund(Order),
}

#[derive(Debug, thiserror::Error)]
pub enum SettleError {
    #[error("no such order")]
    NotFound,
    /// The order is paid by another payment; this one must not be recorded.
    #[error("the order was paid by another payment")]
    PaidByAnother(Box<Order>),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Buyers' orders. Every change is atomic with respect to every other buyer, tab and server instance.
#[async_trait]
pub trait OrderStore: Send + Sync {
    /// In one transaction: moves the book available -> pending and creates the order, pending, with the book's
    /// title, author, picture and resale price and the buyer's name and e-mail. Of any number of concurrent
    /// buyers exactly one succeeds. When the buyer already holds a pending order for the book, answers it.
    /// Errors: `BookNotFound`, `BookUnavailable`, `TooManyPending` (the buyer holds `max_pending` already),
    /// `BuyerClosed`.
    async fn place_order(&self, buyer: &Account, book: BookId, contact: &OrderContact, max_pending: i64)
    -> Result<Placed, PlaceOrderError>;

    /// The buyer's orders, newest first.
    async fn buyer_orders(&self, buyer: AccountId, page: PageRequest) -> Result<Page<Order>, StoreError>;

    /// One of the buyer's orders; `None` when there is no such order or it is someone else's.
    async fn buyer_order(&self, buyer: AccountId, id: OrderId) -> Result<Option<Order>, StoreError>;

    /// Any order (for payment notifications, which carry no caller).
    async fn order(&self, id: OrderId) -> Result<Option<Order>, StoreError>;

    /// The seller of the order's book entered a handover code at the meeting, which the caller found right or wrong
    /// (`code_is_right`; codes are never stored). In one transaction under the order's row lock, so that of any
    /// number of concurrent calls at most one completes it: while the order's code is locked, nothing; a wrong code
    /// is counted (five in a row lock the code for 15 minutes, from `now`); the right one completes the order (cash
    /// paid at the meeting) and sells its book. Errors: `NotFound` (no such order, or not the caller's book),
    /// `Closed` (no longer pending), `Locked`.
    async fn hand_over(&self, seller: AccountId, id: OrderId, code_is_right: bool, now: DateTime<Utc>) -> Result<Handover, HandoverError>;

    /// Records that the held money of an order claimed by [`Handover::CaptureDue`] was taken (`transaction_id` is the
    /// provider's payment): the order completed, its book sold, one payment record. Idempotent: an order completed
    /// already answers as it is. Errors: `NotFound`, `Closed` (not held, nor completed).
    async fn complete_held(&self, id: OrderId, now: DateTime<Utc>) -> Result<Order, OrderChangeError>;

    /// Gives up a claim [`Handover::CaptureDue`] made (the provider could not take the money now), so that the seller
    /// may enter the code again, and the deadline applies again.
    async fn drop_capture_claim(&self, id: OrderId) -> Result<(), StoreError>;

    /// Held orders claimed for taking their money before `claimed_before` and still held: a server stopped between
    /// taking the money and recording it. At most `limit`.
    async fn stale_capture_claims(&self, claimed_before: DateTime<Utc>, limit: i64) -> Result<Vec<Order>, StoreError>;

    /// The buyer chooses how to pay a pending order. Errors: `NotFound`, `Closed` (no longer pending).
    async fn choose_payment_method(&self, buyer: AccountId, id: OrderId, method: PaymentMethod) -> Result<Order, OrderChangeError>;

    /// The buyer cancels an order awaiting its handover; its book is available again. A held order's hold is owed back
    /// (released), in the same transaction: [`OrderStore::take_due_refunds`] hands it out. Errors: `NotFound`,
    /// `Closed`.
    async fn cancel_order(&self, buyer: AccountId, id: OrderId) -> Result<Order, OrderChangeError>;

    /// Closes held orders whose hold began before `held_before` (the handover deadline passed), unless the right code
    /// was entered and their money is being taken, and puts their books back on sale; each one's hold is owed back
    /// (released), in the same statement. Safe to run from several instances, and against a handover: an order ends
    /// either completed or expired. Answers how many this call closed (at most `limit`).
    async fn lapse_overdue_holds(&self, held_before: DateTime<Utc>, limit: i64) -> Result<u64, StoreError>;

    /// Writes the "a day before the deadline" notice of pending orders placed before `pending_placed_before` and of
    /// held orders held since before `held_before`, those not reminded yet (at most `limit` of each). Answers how many
    /// orders it found to remind; any number of instances may run it at once, and an order is reminded once.
    async fn remind_of_deadlines(
        &self,
        pending_placed_before: DateTime<Utc>,
        held_before: DateTime<Utc>,
        limit: i64,
    ) -> Result<u64, StoreError>;

    /// Expires pending orders placed before `placed_before` and puts their books back on sale, except orders with a
    /// provider payment placed at or after `paying_placed_from`: whether those expire depends on how their payment
    /// stands (see [`OrderStore::overdue_paying`]). Safe to run from several server instances at once: each order
    /// expires once. Answers how many orders this call expired (at most `limit`).
    async fn expire_overdue(&self, placed_before: DateTime<Utc>, paying_placed_from: DateTime<Utc>, limit: i64) -> Result<u64, StoreError>;

    /// Pending orders placed in `[placed_from, placed_before)` that have a provider payment, by id, starting after
    /// `after`, at most `limit`: the overdue orders whose payment must be read before they may expire.
    async fn overdue_paying(
        &self,
        placed_before: DateTime<Utc>,
        placed_from: DateTime<Utc>,
        after: Option<OrderId>,
        limit: i64,
    ) -> Result<Vec<Order>, StoreError>;

    /// Expires those of `ids` that are still pending, were placed before `placed_before`, and saw no card attempt
    /// since `quiet_since` (a card tried after the caller read the payment may have changed how it stands), and puts
    /// their books back on sale. Safe to run from several instances at once. Answers how many this call expired.
    async fn expire_orders(&self, ids: &[OrderId], placed_before: DateTime<Utc>, quiet_since: DateTime<Utc>) -> Result<u64, StoreError>;

    /// Remembers the provider payment opened for an order, unless one is remembered already. Answers the one
    /// the order keeps (this one, or the one stored first). Errors: `NotFound`.
    async fn attach_payment(&self, id: OrderId, payment_id: &str) -> Result<String, OrderChangeError>;

    /// Starts a card attempt on the buyer's order, counted in the store so that the limits hold across instances:
    /// refuses when the order already had `limits.failed_per_order` failed or unfinished attempts within
    /// `limits.window`, or the buyer `limits.per_account` attempts of any outcome. Attempts of one buyer are
    /// serialised, so two racing attempts cannot both take the last one allowed. Notes on the order that a card is
    /// being tried now. Errors: `OrderLimit`, `AccountLimit` (each with when the next attempt is allowed).
    async fn start_card_attempt(
        &self,
        buyer: AccountId,
        order: OrderId,
        limits: CardAttemptLimits,
    ) -> Result<CardAttemptId, CardAttemptError>;

    /// Records how a started card attempt ended. An attempt never finished (the server stopped) counts as failed.
    async fn finish_card_attempt(&self, attempt: CardAttemptId, outcome: CardAttemptOutcome) -> Result<(), StoreError>;

    /// Records a payment the provider confirmed (the caller has checked its amount, currency and order). A hold: the
    /// order held, its book still reserved for the buyer. Money taken in full: the order paid, its book sold, one
    /// payment record; a cancelled or expired order is paid after all when its book is still available and its
    /// buyer's account is open. A hold for a closed order answers `MustRefund` (the caller releases it).
    /// Idempotent; see [`Settlement`]. Errors: `NotFound`, `PaidByAnother`.
    async fn settle_payment(&self, id: OrderId, transaction_id: &str, secured: Secured) -> Result<Settlement, SettleError>;

    /// Remembers that `payment_id` (money taken, or a hold when `kind` is `Release`) must go back to the buyer of this
    /// closed order, unless a refund is recorded or something is owed already. Answers what is still owed (this, or
    /// the one remembered first), or `None` when the order's payment was refunded already.
    async fn owe_return(&self, id: OrderId, payment_id: &str, kind: ReturnKind) -> Result<Option<OwedRefund>, StoreError>;

    /// Remembers that the owed payment of this order was refunded (the provider's refund id); nothing is owed then.
    async fn record_refund(&self, id: OrderId, refund_id: &str) -> Result<(), StoreError>;

    /// Remembers that the owed hold of this order was released; nothing is owed then.
    async fn record_release(&self, id: OrderId) -> Result<(), StoreError>;

    /// Remembers that an attempt to refund the owed payment failed: the payment is still owed and is tried again
    /// from `retry_at`.
    async fn refund_failed(&self, id: OrderId, retry_at: DateTime<Utc>) -> Result<(), StoreError>;

    /// Takes up to `limit` owed refunds due at `now` that failed fewer than `max_attempts` times, and moves each one's
    /// next try to `now + lease`, so that another instance sweeping at the same moment takes other ones.
    async fn take_due_refunds(
        &self,
        now: DateTime<Utc>,
        max_attempts: u32,
        lease: Duration,
        limit: i64,
    ) -> Result<Vec<OwedRefund>, StoreError>;
}

/// How money goes back to a buyer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReturnKind {
    /// The money was taken: refunded.
    Refund,
    /// The money is only held on the card: the hold is released.
    Release,
}

impl ReturnKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Refund => "refund",
            Self::Release => "release",
        }
    }
}

/// A payment that must go back to the buyer of a closed order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwedRefund {
    pub order: OrderId,
    /// The provider payment to refund or release.
    pub payment_id: String,
    pub kind: ReturnKind,
    /// How many attempts to refund it failed so far.
    pub failed_attempts: u32,
}

/// How many card attempts are allowed within a sliding window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardAttemptLimits {
    /// Failed (or unfinished) attempts on one order.
    pub failed_per_order: u32,
    /// Attempts of any outcome by one buyer, across their orders.
    pub per_account: u32,
    pub window: Duration,
}

/// One started card attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardAttemptId(pub i64);

/// How a card attempt ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardAttemptOutcome {
    /// Declined, refused, or the authentication failed: counts towards the order's limit.
    Failed,
    /// Paid, or waiting for the buyer to authenticate, or the provider is deciding.
    Accepted,
    /// The provider could not be reached: nothing was decided about the card.
    Unanswered,
}

#[derive(Debug, thiserror::Error)]
pub enum CardAttemptError {
    /// Too many failed attempts on this order within the window.
    #[error("too many failed card attempts on this order")]
    OrderLimit { retry_at: DateTime<Utc> },
    /// Too many attempts by this buyer within the window.
    #[error("too many card attempts by this account")]
    AccountLimit { retry_at: DateTime<Utc> },
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// One book on a wish list, as the book is now.
#[derive(Debug, Clone, PartialEq)]
pub struct WishListItem {
    pub book_id: BookId,
    pub title: String,
    pub author: String,
    pub picture_url: String,
    pub price: Taka,
    pub status: BookStatus,
    pub added_at: DateTime<Utc>,
}

#[derive(Debug, thiserror::Error)]
pub enum AddWishError {
    /// No such book, or it was withdrawn.
    #[error("no such book")]
    BookNotFound,
    /// The list holds the most books allowed.
    #[error("the wish list is full")]
    Full,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Buyers' wish lists. Only the owner's id ever reaches these methods.
#[async_trait]
pub trait WishListStore: Send + Sync {
    /// Adds a book (pending and sold books too). Adding it again changes nothing. Answers the item and whether it
    /// was added now. Errors: `BookNotFound`, `Full` (the list holds `limit` books).
    async fn add_to_wish_list(&self, buyer: AccountId, book: BookId, limit: i64) -> Result<(WishListItem, bool), AddWishError>;

    /// The buyer's list, newest first, at most `limit` items.
    async fn wish_list(&self, buyer: AccountId, limit: i64) -> Result<Vec<WishListItem>, StoreError>;

    /// Removes a book; answers whether it was on the list.
    async fn remove_from_wish_list(&self, buyer: AccountId, book: BookId) -> Result<bool, StoreError>;
}
