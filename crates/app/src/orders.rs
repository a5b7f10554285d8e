//! A buyer's orders and wish list, and the sweep that frees books nobody paid for.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use puronoboi_domain::{
    Account, AccountId, BookId, FieldErrors, MAX_PENDING_ORDERS_PER_BUYER, Order, OrderContactForm, OrderId, Page, PageRequest,
};
use puronoboi_ports::{
    AddWishError, OrderChangeError, OrderStore, PlaceOrderError, Placed, ProviderPaymentStatus, StoreError, WishListItem, WishListStore,
};

use crate::payments::Payments;

/// The most books one wish list keeps: enough for anyone, and a bound on what one page reads.
pub const WISH_LIST_LIMIT: i64 = 100;

/// Counter: orders placed (a book newly reserved for a buyer; asking again for the same pending order is not one).
pub const ORDERS_PLACED: &str = "orders_placed_total";

#[derive(Debug, thiserror::Error)]
pub enum PlaceError {
    /// The buy form's phone or location breaks its rule; nothing was stored.
    #[error("the order is invalid")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] PlaceOrderError),
}

#[derive(Clone)]
pub struct Orders {
    orders: Arc<dyn OrderStore>,
    wish_lists: Arc<dyn WishListStore>,
}

impl Orders {
    pub fn new(orders: Arc<dyn OrderStore>, wish_lists: Arc<dyn WishListStore>) -> Self {
        Self { orders, wish_lists }
    }

    /// Orders a book for the buyer: the form gives only how to reach them; everything else comes from the
    /// account and the book.
    pub async fn place(&self, buyer: &Account, book: BookId, form: OrderContactForm) -> Result<Placed, PlaceError> {
        let contact = form.parse().map_err(PlaceError::Invalid)?;
        let placed = self.orders.place_order(buyer, book, &contact, MAX_PENDING_ORDERS_PER_BUYER).await?;
        if matches!(placed, Placed::New(_)) {
            metrics::counter!(ORDERS_PLACED).increment(1);
        }
        Ok(placed)
    }

    pub async fn of_buyer(&self, buyer: AccountId, page: PageRequest) -> Result<Page<Order>, StoreError> {
        self.orders.buyer_orders(buyer, page).await
    }

    /// One of the buyer's orders; someone else's is `None`, like one that does not exist.
    pub async fn one(&self, buyer: AccountId, id: OrderId) -> Result<Option<Order>, StoreError> {
        self.orders.buyer_order(buyer, id).await
    }

    pub async fn cancel(&self, buyer: AccountId, id: OrderId) -> Result<Order, OrderChangeError> {
        self.orders.cancel_order(buyer, id).await
    }

    pub async fn wish(&self, buyer: AccountId, book: BookId) -> Result<(WishListItem, bool), AddWishError> {
        self.wish_lists.add_to_wish_list(buyer, book, WISH_LIST_LIMIT).await
    }

    pub async fn wish_list(&self, buyer: AccountId) -> Result<Vec<WishListItem>, StoreError> {
        self.wish_lists.wish_list(buyer, WISH_LIST_LIMIT).await
    }

    pub async fn unwish(&self, buyer: AccountId, book: BookId) -> Result<bool, StoreError> {
        self.wish_lists.remove_from_wish_list(buyer, book).await
    }
}

/// Expires unpaid orders after the hold period so that their books go back on sale, and tries again the refunds
/// still owed to buyers.
///
/// An overdue order is spared only while its payment, read from the provider, awaits the buyer (3-D Secure) or is
/// being processed, and never past the hold plus [`OrderExpiry::PAYMENT_GRACE`]: a card declined every few minutes
/// keeps no book off the market.
#[derive(Clone)]
pub struct OrderExpiry {
    orders: Arc<dyn OrderStore>,
    payments: Payments,
    hold: Duration,
}

impl OrderExpiry {
    /// The longest an overdue order is spared while its payment is under way: time enough to finish 3-D Secure or
    /// for the provider to decide.
    pub const PAYMENT_GRACE: Duration = Duration::from_secs(3600);
    /// The default hold: two days to pay.
    pub const DEFAULT_HOLD: Duration = Duration::from_secs(48 * 3600);
    /// Orders expired per statement, so that one sweep never holds many row locks at once.
    const BATCH: i64 = 500;
    /// Overdue orders whose payment one sweep reads from the provider: the provider is asked at most this often per
    /// sweep and instance, and the rest wait for the next sweep (the grace's end expires them in any case).
    const MAX_PAYMENT_READS: usize = 200;
    /// Payments read from the provider at once.
    const READS_AT_ONCE: usize = 8;

    /// `payments` reads the overdue orders' payments from the provider (none are spared when it has no provider)
    /// and retries owed refunds.
    pub fn new(orders: Arc<dyn OrderStore>, payments: Payments, hold: Duration) -> Self {
        Self { orders, payments, hold }
    }

    /// Expires every order that is due at `now`, and retries the refunds due; answers how many orders this call
    /// expired. Several instances may run it at the same moment: each order expires once.
    pub async fn sweep(&self, now: DateTime<Utc>) -> Result<u64, StoreError> {
        let placed_before = now - chrono::Duration::from_std(self.hold).map_err(|e| StoreError(e.into()))?;
        // Without a provider no payment can be read, so no order is spared.
        let paying_placed_from = if self.payments.reads_payments() {
            placed_before - chrono::Duration::from_std(Self::PAYMENT_GRACE).map_err(|e| StoreError(e.into()))?
        } else {
            placed_before
        };
        let mut total = 0;
        loop {
            let expired = self.orders.expire_overdue(placed_before, paying_placed_from, Self::BATCH).await?;
            total += expired;
            if expired < Self::BATCH.unsigned_abs() {
                break;
            }
        }
        if self.payments.reads_payments() {
            total += self.expire_unless_paying(placed_before, paying_placed_from).await?;
        }
        if let Err(e) = self.payments.retry_owed_refunds(now).await {
            tracing::warn!(error = %e.0, "retrying owed refunds failed");
        }
        Ok(total)
    }

    /// The overdue orders within the grace that have a payment: each one's payment is read from the provider, and
    /// the order expires unless the payment awaits the buyer or is in progress. A payment that succeeded (its news
    /// lost on the way) is recorded instead.
    async fn expire_unless_paying(&self, placed_before: DateTime<Utc>, placed_from: DateTime<Utc>) -> Result<u64, StoreError> {
        // A card tried after this moment may have changed how a payment stands after it was read: such an order is
        // left for the next sweep.
        let quiet_since = Utc::now();
        let mut after = None;
        let mut read = 0;
        let mut total = 0;
        while read < Self::MAX_PAYMENT_READS {
            let page = self.orders.overdue_paying(placed_before, placed_from, after, Self::READS_AT_ONCE as i64).await?;
            let Some(last) = page.last() else { break };
            after = Some(last.id);
            read += page.len();
            let reads = page.iter().map(|order| async move {
                let payment_id = order.payment_id.as_deref().unwrap_or_default();
                (order, self.payments.provider_payment(payment_id).await)
            });
            let mut due = Vec::new();
            for (order, payment) in futures_util::future::join_all(reads).await {
                match payment {
                    Ok(payment) if payment.status.is_under_way() => {}
                    Ok(payment) if payment.status == ProviderPaymentStatus::Succeeded => {
                        if let Err(e) = self.payments.settle(order, &payment).await {
                            tracing::warn!(order = %order.id, error = %e, "recording a payment found by the expiry sweep failed");
                        }
                    }
                    Ok(_) => due.push(order.id),
                    // Spared for now: the provider may be down. The grace's end expires it regardless.
                    Err(e) => tracing::warn!(order = %order.id, error = %e, "the expiry sweep could not read an order's payment"),
                }
            }
            total += self.orders.expire_orders(&due, placed_before, quiet_since).await?;
            if page.len() < Self::READS_AT_ONCE {
                break;
            }
        }
        Ok(total)
    }

    /// Sweeps every `every` until the process ends. Failures are logged and retried at the next tick.
    pub fn spawn(self, every: Duration) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                match self.sweep(Utc::now()).await {
                    Ok(0) => {}
                    Ok(expired) => tracing::info!(expired, "expired unpaid orders"),
                    Err(e) => tracing::warn!(error = %e.0, "the order expiry sweep failed"),
                }
            }
        })
    }
}
