//! A buyer's orders and wish list, and the sweep that frees books nobody paid for.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use puronoboi_domain::{
    Account, AccountId, BookId, FieldErrors, MAX_PENDING_ORDERS_PER_BUYER, Order, OrderContactForm, OrderId, Page, PageRequest,
};
use puronoboi_ports::{AddWishError, OrderChangeError, OrderStore, PlaceOrderError, Placed, StoreError, WishListItem, WishListStore};

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

/// Expires unpaid orders after the hold period so that their books go back on sale.
#[derive(Clone)]
pub struct OrderExpiry {
    orders: Arc<dyn OrderStore>,
    hold: Duration,
}

impl OrderExpiry {
    /// How long after a card attempt an order is safe from expiry: a payment waiting for 3-D Secure or still
    /// processing gets this long to finish.
    pub const PAYMENT_GRACE: Duration = Duration::from_secs(30 * 60);
    /// The default hold: two days to pay.
    pub const DEFAULT_HOLD: Duration = Duration::from_secs(48 * 3600);
    /// Orders expired per statement, so that one sweep never holds many row locks at once.
    const BATCH: i64 = 500;

    pub fn new(orders: Arc<dyn OrderStore>, hold: Duration) -> Self {
        Self { orders, hold }
    }

    /// Expires every order that is due at `now`; answers how many this call expired. Several instances may run
    /// it at the same moment: each order expires once.
    pub async fn sweep(&self, now: DateTime<Utc>) -> Result<u64, StoreError> {
        let placed_before = now - chrono::Duration::from_std(self.hold).map_err(|e| StoreError(e.into()))?;
        let attempted_before = now - chrono::Duration::from_std(Self::PAYMENT_GRACE).map_err(|e| StoreError(e.into()))?;
        let mut total = 0;
        loop {
            let expired = self.orders.expire_overdue(placed_before, attempted_before, Self::BATCH).await?;
            total += expired;
            if expired < Self::BATCH.unsigned_abs() {
                return Ok(total);
            }
        }
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
