//! A buyer's orders and wish list, and the sweep that frees books nobody paid for.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use puronoboi_domain::{
    Account, AccountId, BookId, FieldError, FieldErrors, HandoverCode, MAX_PENDING_ORDERS_PER_BUYER, Order, OrderContactForm, OrderId,
    Page, PageRequest,
};
use puronoboi_ports::{
    AddWishError, Handover, HandoverError, OrderChangeError, OrderStore, PlaceOrderError, Placed, ProviderPaymentStatus, StoreError,
    WishListItem, WishListStore,
};

use crate::handover_codes::HandoverCodes;
use crate::payments::Payments;

/// The most books one wish list keeps: enough for anyone, and a bound on what one page reads.
pub const WISH_LIST_LIMIT: i64 = 100;

/// Counter: orders placed (a book newly reserved for a buyer; asking again for the same pending order is not one).
pub const ORDERS_PLACED: &str = "orders_placed_total";
/// Counter: orders handed over (the seller entered the buyer's code).
pub const ORDERS_HANDED_OVER: &str = "orders_handed_over_total";

#[derive(Debug, thiserror::Error)]
pub enum PlaceError {
    /// The buy form's phone or location breaks its rule; nothing was stored.
    #[error("the order is invalid")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] PlaceOrderError),
}

#[derive(Debug, thiserror::Error)]
pub enum HandOverError {
    /// The typed code is not six digits; nothing was counted.
    #[error("a handover code is six digits")]
    Invalid(FieldErrors),
    /// Orders cannot be handed over on a server without sign-in (there are none).
    #[error("no such order")]
    NotFound,
    #[error(transparent)]
    Store(#[from] HandoverError),
}

#[derive(Clone)]
pub struct Orders {
    orders: Arc<dyn OrderStore>,
    wish_lists: Arc<dyn WishListStore>,
    /// `None` without sign-in, where nobody can place an order.
    codes: Option<HandoverCodes>,
}

impl Orders {
    pub fn new(orders: Arc<dyn OrderStore>, wish_lists: Arc<dyn WishListStore>, codes: Option<HandoverCodes>) -> Self {
        Self { orders, wish_lists, codes }
    }

    /// The code the buyer of `order` shows the seller at the meeting, while the order awaits its handover; for the
    /// buyer's eyes only.
    pub fn handover_code(&self, order: &Order) -> Option<HandoverCode> {
        self.codes.as_ref().filter(|_| order.status.awaits_handover()).map(|codes| codes.code(order.id))
    }

    /// The seller of the order's book typed the buyer's handover code at the meeting: the right one completes the
    /// order (cash paid there) and sells the book; a wrong one is counted towards the lock.
    pub async fn hand_over(&self, seller: &Account, id: OrderId, typed: &str, now: DateTime<Utc>) -> Result<Handover, HandOverError> {
        let codes = self.codes.as_ref().ok_or(HandOverError::NotFound)?;
        let code = HandoverCode::parse(typed).map_err(|error| HandOverError::Invalid([("code", FieldError::of(&error))].into()))?;
        let handover = self.orders.hand_over(seller.id, id, codes.is_code_of(id, code), now).await?;
        match &handover {
            Handover::Completed(order) => {
                metrics::counter!(ORDERS_HANDED_OVER).increment(1);
                tracing::info!(order = %order.id, "order handed over");
            }
            Handover::WrongCode(earned) => tracing::info!(order = %id, ?earned, "a wrong handover code"),
        }
        Ok(handover)
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

#[cfg(test)]
mod tests {
    use puronoboi_domain::{BookStatus, OrderStatus, Taka};
    use puronoboi_fakes::accounts::InMemoryAccounts;
    use puronoboi_fakes::catalogue::open_buyer;
    use puronoboi_fakes::orders::book_for_sale;
    use puronoboi_fakes::payments::{CardHolder as _, FakePaymentGateway, TestCard};
    use puronoboi_fakes::shop::InMemoryShop;
    use puronoboi_ports::{CatalogueReader as _, PaymentGateway as _};

    use super::*;

    const HOLD: Duration = OrderExpiry::DEFAULT_HOLD;

    struct World {
        accounts: Arc<InMemoryAccounts>,
        shop: Arc<InMemoryShop>,
        gateway: Arc<FakePaymentGateway>,
        orders: Orders,
        payments: Payments,
        expiry: OrderExpiry,
    }

    fn world() -> World {
        let accounts = Arc::new(InMemoryAccounts::default());
        let shop = Arc::new(InMemoryShop::new(accounts.clone()));
        let gateway = Arc::new(FakePaymentGateway::default());
        let payments = Payments::new(Some(gateway.clone()), shop.clone(), Taka::new(50).expect("a price"));
        let orders = Orders::new(shop.clone(), shop.clone(), None);
        let expiry = OrderExpiry::new(shop.clone(), payments.clone(), HOLD);
        World { accounts, shop, gateway, orders, payments, expiry }
    }

    fn form() -> OrderContactForm {
        OrderContactForm { phone: "01811223344".to_owned(), location: "Mirpur 10".to_owned() }
    }

    /// When a sweep finds orders placed now overdue, but within the grace a payment under way may have.
    fn within_grace() -> DateTime<Utc> {
        Utc::now() + chrono::Duration::from_std(HOLD).expect("a hold") + chrono::Duration::minutes(30)
    }

    /// When a sweep finds orders placed now past the grace too.
    fn past_grace() -> DateTime<Utc> {
        within_grace() + chrono::Duration::from_std(OrderExpiry::PAYMENT_GRACE).expect("a grace")
    }

    impl World {
        async fn book(&self, tag: &str) -> BookId {
            book_for_sale(self.accounts.as_ref(), self.shop.as_ref(), tag, 250).await
        }

        async fn order(&self, buyer: &Account, tag: &str) -> Order {
            match self.orders.place(buyer, self.book(tag).await, form()).await {
                Ok(Placed::New(order)) => order,
                other => panic!("expected a new order, got {other:?}"),
            }
        }

        /// An order whose payment was tried with `card`; answers it as stored.
        async fn paying(&self, buyer: &Account, tag: &str, card: TestCard) -> Order {
            let order = self.order(buyer, tag).await;
            let token = self.gateway.card_token(card).await;
            self.payments.pay_with_card(buyer.id, order.id, &token).await.expect("answered");
            self.stored(order.id).await
        }

        async fn stored(&self, id: OrderId) -> Order {
            self.shop.order(id).await.expect("read").expect("the order")
        }

        async fn book_status(&self, id: BookId) -> BookStatus {
            self.shop.book_detail(id).await.expect("read").expect("the book").book.status
        }
    }

    #[tokio::test]
    async fn a_buyer_holds_at_most_the_pending_limit() {
        let w = world();
        let buyer = open_buyer(w.accounts.as_ref(), "limit").await;
        for n in 0..MAX_PENDING_ORDERS_PER_BUYER {
            w.order(&buyer, &format!("limit-{n}")).await;
        }
        let book = w.book("limit-over").await;
        let over = w.orders.place(&buyer, book, form()).await;
        assert!(matches!(over, Err(PlaceError::Store(PlaceOrderError::TooManyPending))), "{over:?}");
        assert_eq!(w.book_status(book).await, BookStatus::Available);
    }

    #[tokio::test]
    async fn a_bad_contact_form_stores_nothing() {
        let w = world();
        let buyer = open_buyer(w.accounts.as_ref(), "form").await;
        let book = w.book("form").await;
        let bad = w.orders.place(&buyer, book, OrderContactForm { phone: "12".to_owned(), location: " ".to_owned() }).await;
        let Err(PlaceError::Invalid(errors)) = bad else { panic!("expected Invalid, got {bad:?}") };
        assert_eq!(errors.keys().copied().collect::<Vec<_>>(), vec!["location", "phone"]);
        assert_eq!(w.book_status(book).await, BookStatus::Available);
        assert_eq!(w.orders.of_buyer(buyer.id, PageRequest::new(1, 10).expect("a page")).await.expect("read").total, 0);
    }

    #[tokio::test]
    async fn a_buyer_cancels_their_own_pending_order_and_nothing_else() {
        let w = world();
        let (buyer, stranger) = (open_buyer(w.accounts.as_ref(), "own").await, open_buyer(w.accounts.as_ref(), "stranger").await);
        let order = w.order(&buyer, "own").await;
        assert!(matches!(w.orders.cancel(stranger.id, order.id).await, Err(OrderChangeError::NotFound)));
        assert_eq!(w.orders.one(stranger.id, order.id).await.expect("read"), None, "someone else's order is not shown");
        let cancelled = w.orders.cancel(buyer.id, order.id).await.expect("cancelled");
        assert_eq!(cancelled.status, OrderStatus::Cancelled);
        assert_eq!(w.book_status(order.book_id).await, BookStatus::Available, "back on sale");
        assert!(matches!(w.orders.cancel(buyer.id, order.id).await, Err(OrderChangeError::Closed(OrderStatus::Cancelled))));
    }

    #[tokio::test]
    async fn overdue_orders_are_spared_only_while_the_provider_says_a_payment_is_under_way() {
        let w = world();
        let buyer = open_buyer(w.accounts.as_ref(), "sweep").await;
        let unpaid = w.order(&buyer, "unpaid").await;
        let awaiting = w.paying(&buyer, "awaiting", TestCard::ThreeDSecure).await;
        let in_progress = w.paying(&buyer, "in-progress", TestCard::ThreeDSecure).await;
        w.gateway.set_status(in_progress.payment_id.as_deref().expect("a payment"), ProviderPaymentStatus::InProgress);
        let declined = w.paying(&buyer, "declined", TestCard::Declined).await;
        let succeeded = w.paying(&buyer, "succeeded", TestCard::ThreeDSecure).await;
        // The buyer finished 3-D Secure, but the news never reached the server.
        let payment = w.gateway.payment(succeeded.payment_id.as_deref().expect("a payment")).await.expect("read");
        w.gateway.authenticate(&payment, true).await;

        let before_hold = w.expiry.sweep(Utc::now()).await.expect("swept");
        assert_eq!(before_hold, 0, "nothing is overdue yet");

        w.expiry.sweep(within_grace()).await.expect("swept");
        assert_eq!(w.stored(unpaid.id).await.status, OrderStatus::Expired);
        assert_eq!(w.book_status(unpaid.book_id).await, BookStatus::Available);
        assert_eq!(w.stored(awaiting.id).await.status, OrderStatus::Pending, "the buyer is authenticating");
        assert_eq!(w.stored(in_progress.id).await.status, OrderStatus::Pending, "the provider is deciding");
        assert_eq!(w.stored(declined.id).await.status, OrderStatus::Expired, "a declined card spares nothing");
        assert_eq!(w.book_status(declined.book_id).await, BookStatus::Available);
        let found = w.stored(succeeded.id).await;
        assert_eq!((found.status, found.transaction_id), (OrderStatus::Paid, found.payment_id.clone()), "recorded, not expired");

        w.expiry.sweep(past_grace()).await.expect("swept");
        assert_eq!(w.stored(awaiting.id).await.status, OrderStatus::Expired, "never past the grace");
        assert_eq!(w.stored(in_progress.id).await.status, OrderStatus::Expired);
        assert_eq!(w.book_status(awaiting.book_id).await, BookStatus::Available);
        assert_eq!(w.stored(succeeded.id).await.status, OrderStatus::Paid);
    }

    #[tokio::test]
    async fn an_order_whose_payment_cannot_be_read_is_spared_until_the_grace_ends() {
        let w = world();
        let buyer = open_buyer(w.accounts.as_ref(), "unread").await;
        let declined = w.paying(&buyer, "unread", TestCard::Declined).await;
        w.gateway.set_unreachable(true);
        w.expiry.sweep(within_grace()).await.expect("a provider out of reach fails no sweep");
        assert_eq!(w.stored(declined.id).await.status, OrderStatus::Pending, "the provider may only be down");
        w.expiry.sweep(past_grace()).await.expect("swept");
        assert_eq!(w.stored(declined.id).await.status, OrderStatus::Expired);
    }

    #[tokio::test]
    async fn without_a_provider_no_overdue_order_is_spared() {
        let w = world();
        let buyer = open_buyer(w.accounts.as_ref(), "no-provider").await;
        let awaiting = w.paying(&buyer, "no-provider", TestCard::ThreeDSecure).await;
        let expiry = OrderExpiry::new(w.shop.clone(), Payments::new(None, w.shop.clone(), Taka::new(50).expect("a price")), HOLD);
        assert_eq!(expiry.sweep(within_grace()).await.expect("swept"), 1);
        assert_eq!(w.stored(awaiting.id).await.status, OrderStatus::Expired);
    }
}
