//! A buyer's orders and wish list, and the sweep that frees books nobody paid for.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use puronoboi_domain::{
    Account, AccountId, BookId, CAPTURE_CLAIM_TIMEOUT, DEFAULT_HANDOVER_DAYS, FieldError, FieldErrors, HandoverCode,
    MAX_PENDING_ORDERS_PER_BUYER, Order, OrderContactForm, OrderId, OrderStatus, Page, PageRequest, PaymentMethod, WrongCode,
};
use puronoboi_ports::{
    AddWishError, Handover, HandoverError, OrderChangeError, OrderStore, PlaceOrderError, Placed, ProviderPaymentStatus, StoreError,
    WishListItem, WishListStore,
};

use crate::handover_codes::HandoverCodes;
use crate::payments::{PayError, Payments};

/// The most books one wish list keeps: enough for anyone, and a bound on what one page reads.
pub const WISH_LIST_LIMIT: i64 = 100;

/// Counter: orders placed (a book newly reserved for a buyer; asking again for the same pending order is not one).
pub const ORDERS_PLACED: &str = "orders_placed_total";
/// Counter: orders handed over (the seller entered the buyer's code).
pub const ORDERS_HANDED_OVER: &str = "orders_handed_over_total";

/// How long before an order's deadline its buyer and seller are reminded of it.
pub const REMINDER_LEAD: Duration = Duration::from_secs(24 * 3600);

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
    /// The right code for a held order, but its money could not be taken (the provider is out of reach, or the hold
    /// has ended); the order stays held and the code may be entered again.
    #[error(transparent)]
    Payment(#[from] PayError),
}

/// What a handover code entered by the seller did.
#[derive(Debug, Clone, PartialEq)]
pub enum HandedOver {
    /// The right code: the order is completed (a held card payment taken) and its book sold.
    Completed(Box<Order>),
    /// A wrong code; what it earned (more tries, or the lock).
    WrongCode(WrongCode),
}

#[derive(Debug, thiserror::Error)]
pub enum ChoosePaymentError {
    /// Card payments are not configured here (`NotConfigured`), or the order's price is below the provider's minimum
    /// (`BelowMinimum`).
    #[error(transparent)]
    CardUnavailable(PayError),
    #[error(transparent)]
    Store(#[from] OrderChangeError),
}

/// How long orders wait: a pending order's hold period (it expires then), and the days a held order has for its
/// handover once a card holds its price (below the 7 days a card authorisation lasts).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderPeriods {
    pub hold: Duration,
    pub handover: Duration,
}

impl Default for OrderPeriods {
    fn default() -> Self {
        Self { hold: OrderExpiry::DEFAULT_HOLD, handover: Duration::from_secs(u64::from(DEFAULT_HANDOVER_DAYS) * 24 * 3600) }
    }
}

#[derive(Clone)]
pub struct Orders {
    orders: Arc<dyn OrderStore>,
    wish_lists: Arc<dyn WishListStore>,
    /// `None` without sign-in, where nobody can place an order.
    codes: Option<HandoverCodes>,
    /// Takes held card payments at the handover and releases the holds of cancelled orders; `None`: no card payments.
    payments: Option<Payments>,
    periods: OrderPeriods,
}

impl Orders {
    pub fn new(orders: Arc<dyn OrderStore>, wish_lists: Arc<dyn WishListStore>, codes: Option<HandoverCodes>) -> Self {
        Self { orders, wish_lists, codes, payments: None, periods: OrderPeriods::default() }
    }

    /// Card payments: held ones are taken at the handover, and released when their order is cancelled.
    #[must_use]
    pub fn with_payments(mut self, payments: Payments) -> Self {
        self.payments = Some(payments);
        self
    }

    #[must_use]
    pub fn with_periods(mut self, periods: OrderPeriods) -> Self {
        self.periods = periods;
        self
    }

    /// When the handover of `order` must have happened, while it still may.
    pub fn handover_deadline(&self, order: &Order) -> Option<DateTime<Utc>> {
        order.handover_deadline(self.periods.hold, self.periods.handover)
    }

    pub fn periods(&self) -> OrderPeriods {
        self.periods
    }

    /// Whether the buyer may choose to pay `order` by card: payments are configured and the price is high enough.
    pub fn card_payable(&self, order: &Order) -> bool {
        self.payments.as_ref().is_some_and(|p| p.payable_by_card(order.price))
    }

    /// The buyer chooses how to pay their pending order.
    pub async fn choose_payment(&self, buyer: AccountId, id: OrderId, method: PaymentMethod) -> Result<Order, ChoosePaymentError> {
        if method == PaymentMethod::Card {
            let order =
                self.orders.buyer_order(buyer, id).await.map_err(|e| OrderChangeError::Unknown(e.0))?.ok_or(OrderChangeError::NotFound)?;
            if order.status == OrderStatus::Pending && !self.card_payable(&order) {
                let why = match &self.payments {
                    Some(payments) if payments.reads_payments() => PayError::BelowMinimum { minimum: payments.card_minimum() },
                    _ => PayError::NotConfigured,
                };
                return Err(ChoosePaymentError::CardUnavailable(why));
            }
        }
        Ok(self.orders.choose_payment_method(buyer, id, method).await?)
    }

    /// The code the buyer of `order` shows the seller at the meeting, while the order awaits its handover; for the
    /// buyer's eyes only.
    pub fn handover_code(&self, order: &Order) -> Option<HandoverCode> {
        self.codes.as_ref().filter(|_| order.status.awaits_handover()).map(|codes| codes.code(order.id))
    }

    /// The seller of the order's book typed the buyer's handover code at the meeting: the right one completes the
    /// order (cash paid there) and sells the book; a wrong one is counted towards the lock.
    pub async fn hand_over(&self, seller: &Account, id: OrderId, typed: &str, now: DateTime<Utc>) -> Result<HandedOver, HandOverError> {
        let codes = self.codes.as_ref().ok_or(HandOverError::NotFound)?;
        let code = HandoverCode::parse(typed).map_err(|error| HandOverError::Invalid([("code", FieldError::of(&error))].into()))?;
        let completed = match self.orders.hand_over(seller.id, id, codes.is_code_of(id, code), now).await? {
            Handover::Completed(order) => *order,
            Handover::CaptureDue(held) => {
                let payments = self.payments.as_ref().ok_or(PayError::NotConfigured)?;
                payments.take_held(&held, now).await?
            }
            Handover::WrongCode(earned) => {
                tracing::info!(order = %id, ?earned, "a wrong handover code");
                return Ok(HandedOver::WrongCode(earned));
            }
        };
        metrics::counter!(ORDERS_HANDED_OVER).increment(1);
        tracing::info!(order = %completed.id, method = completed.payment_method.as_str(), "order handed over");
        Ok(HandedOver::Completed(Box::new(completed)))
    }

    /// Orders a book for the buyer: the form gives only how to reach them and how they mean to pay (card only where
    /// the order can be paid by card; otherwise cash); everything else comes from the account and the book.
    pub async fn place(&self, buyer: &Account, book: BookId, form: OrderContactForm, method: PaymentMethod) -> Result<Placed, PlaceError> {
        let contact = form.parse().map_err(PlaceError::Invalid)?;
        let placed = self.orders.place_order(buyer, book, &contact, MAX_PENDING_ORDERS_PER_BUYER).await?;
        let placed = match placed {
            Placed::New(order) => {
                metrics::counter!(ORDERS_PLACED).increment(1);
                Placed::New(self.with_method(order, method).await?)
            }
            Placed::Existing(order) => Placed::Existing(self.with_method(order, method).await?),
        };
        Ok(placed)
    }

    /// The order with the payment method chosen at checkout, where it may be chosen.
    async fn with_method(&self, order: Order, method: PaymentMethod) -> Result<Order, PlaceOrderError> {
        let allowed = method == PaymentMethod::Cash || self.card_payable(&order);
        if order.payment_method == method || order.status != OrderStatus::Pending || !allowed {
            return Ok(order);
        }
        match self.orders.choose_payment_method(order.buyer_id, order.id, method).await {
            Ok(chosen) => Ok(chosen),
            // Closed or changed meanwhile: the order as it is.
            Err(OrderChangeError::NotFound | OrderChangeError::Closed(_)) => Ok(order),
            Err(OrderChangeError::Unknown(e)) => Err(PlaceOrderError::Unknown(e)),
        }
    }

    pub async fn of_buyer(&self, buyer: AccountId, page: PageRequest) -> Result<Page<Order>, StoreError> {
        self.orders.buyer_orders(buyer, page).await
    }

    /// One of the buyer's orders; someone else's is `None`, like one that does not exist.
    pub async fn one(&self, buyer: AccountId, id: OrderId) -> Result<Option<Order>, StoreError> {
        self.orders.buyer_order(buyer, id).await
    }

    /// The buyer cancels an order awaiting its handover; a card hold is released at once (or by the sweep, if the
    /// provider cannot be reached now).
    pub async fn cancel(&self, buyer: AccountId, id: OrderId) -> Result<Order, OrderChangeError> {
        let cancelled = self.orders.cancel_order(buyer, id).await?;
        if let Some(payments) = &self.payments
            && cancelled.held_at.is_some()
        {
            match payments.return_owed_now(&cancelled).await {
                Ok(true) => return Ok(self.orders.buyer_order(buyer, id).await.ok().flatten().unwrap_or(cancelled)),
                Ok(false) => {}
                Err(e) => tracing::warn!(order = %id, error = %e, "releasing a cancelled order's hold failed; the sweep retries"),
            }
        }
        Ok(cancelled)
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
    /// The days a held order has for its handover.
    handover: Duration,
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
        Self { orders, payments, hold, handover: OrderPeriods::default().handover }
    }

    /// Closes held orders this long after their card hold began (their handover deadline), releasing the hold.
    #[must_use]
    pub fn with_handover(mut self, handover: Duration) -> Self {
        self.handover = handover;
        self
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
        // Held orders past their handover deadline close, and their holds are owed back (released just below).
        let held_before = now - chrono::Duration::from_std(self.handover).map_err(|e| StoreError(e.into()))?;
        loop {
            let lapsed = self.orders.lapse_overdue_holds(held_before, Self::BATCH).await?;
            total += lapsed;
            if lapsed < Self::BATCH.unsigned_abs() {
                break;
            }
        }
        self.finish_stale_captures(now).await;
        self.remind_of_deadlines(now).await;
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
                    Ok(payment) if matches!(payment.status, ProviderPaymentStatus::Succeeded | ProviderPaymentStatus::Authorised) => {
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

    /// Writes the "a day before the deadline" e-mails of open orders: a day before a pending order's hold period ends,
    /// and a day before a held order's handover deadline (or halfway, for periods shorter than two days).
    async fn remind_of_deadlines(&self, now: DateTime<Utc>) {
        let before = |period: Duration| {
            let lead = REMINDER_LEAD.min(period / 2);
            chrono::Duration::from_std(period.saturating_sub(lead)).ok().and_then(|wait| now.checked_sub_signed(wait))
        };
        let (Some(pending_placed_before), Some(held_before)) = (before(self.hold), before(self.handover)) else { return };
        match self.orders.remind_of_deadlines(pending_placed_before, held_before, Self::BATCH).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(orders = n, "reminded buyers and sellers of handover deadlines"),
            Err(e) => tracing::warn!(error = %e.0, "reminding of handover deadlines failed"),
        }
    }

    /// Finishes the handovers a stopped server left half done: the right code was entered for a held order, and its
    /// money may or may not have been taken. Taking it again is harmless (the provider takes it once).
    async fn finish_stale_captures(&self, now: DateTime<Utc>) {
        let Ok(timeout) = chrono::Duration::from_std(CAPTURE_CLAIM_TIMEOUT) else { return };
        let stale = match self.orders.stale_capture_claims(now - timeout, Self::READS_AT_ONCE as i64).await {
            Ok(stale) => stale,
            Err(e) => return tracing::warn!(error = %e.0, "listing half-done handovers failed"),
        };
        for order in stale {
            match self.payments.take_held(&order, now).await {
                Ok(_) => tracing::warn!(order = %order.id, "finished a handover a stopped server left half done"),
                Err(e) => tracing::warn!(order = %order.id, error = %e, "a half-done handover could not be finished"),
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

#[cfg(test)]
mod tests {
    use puronoboi_domain::{BookStatus, OrderStatus, Taka};
    use puronoboi_fakes::accounts::InMemoryAccounts;
    use puronoboi_fakes::catalogue::open_buyer;
    use puronoboi_fakes::orders::book_for_sale;
    use puronoboi_fakes::payments::{CardHolder as _, FakePaymentGateway, GatewayCall, TestCard};
    use puronoboi_fakes::shop::InMemoryShop;
    use puronoboi_ports::{AccountStore as _, CatalogueReader as _, PaymentGateway as _};

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
        let secret = crate::tokens::SessionSecret::parse(&"0f1e2d3c4b5a6978".repeat(4)).expect("a secret");
        let orders = Orders::new(shop.clone(), shop.clone(), Some(HandoverCodes::new(&secret))).with_payments(payments.clone());
        let expiry = OrderExpiry::new(shop.clone(), payments.clone(), HOLD).with_handover(HANDOVER);
        World { accounts, shop, gateway, orders, payments, expiry }
    }

    const HANDOVER: Duration = Duration::from_secs(5 * 24 * 3600);

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
            match self.orders.place(buyer, self.book(tag).await, form(), PaymentMethod::Cash).await {
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

    impl World {
        /// A held order: the card holds its price. Answers it with its seller.
        async fn held(&self, buyer: &Account, tag: &str) -> (Order, Account) {
            let order = self.paying(buyer, tag, TestCard::Pays).await;
            assert_eq!(order.status, OrderStatus::Held);
            let seller_id = self.shop.book_detail(order.book_id).await.expect("read").expect("the book").book.seller_id;
            let seller = self.accounts.account_by_id(seller_id).await.expect("read").expect("the seller");
            (order, seller)
        }

        fn code(&self, order: &Order) -> String {
            self.orders.handover_code(order).expect("a code while held").to_string()
        }

        fn captures(&self) -> usize {
            self.gateway.calls().iter().filter(|c| matches!(c, GatewayCall::Capture { .. })).count()
        }
    }

    #[tokio::test]
    async fn the_buyers_code_takes_the_held_money_once_and_completes_the_order() {
        let w = world();
        let buyer = open_buyer(w.accounts.as_ref(), "take").await;
        let (order, seller) = w.held(&buyer, "take").await;
        let code = w.code(&order);
        let wrong = if code == "000000" { "111111" } else { "000000" };
        let counted = w.orders.hand_over(&seller, order.id, wrong, Utc::now()).await.expect("answered");
        assert!(matches!(counted, HandedOver::WrongCode(_)), "{counted:?}");
        assert_eq!(w.captures(), 0, "a wrong code takes nothing");

        let HandedOver::Completed(done) = w.orders.hand_over(&seller, order.id, &code, Utc::now()).await.expect("handed over") else {
            panic!("expected the order completed")
        };
        assert_eq!((done.status, done.payment_method), (OrderStatus::Completed, PaymentMethod::Card));
        assert_eq!(w.book_status(order.book_id).await, BookStatus::Sold);
        assert_eq!(w.captures(), 1);
        let payment = w.gateway.payment(order.transaction_id.as_deref().expect("a payment")).await.expect("read");
        assert_eq!((payment.status, payment.amount_minor), (ProviderPaymentStatus::Succeeded, 25_000), "the order's price, taken");
        let again = w.orders.hand_over(&seller, order.id, &code, Utc::now()).await;
        assert!(matches!(again, Err(HandOverError::Store(HandoverError::Closed(OrderStatus::Completed)))), "{again:?}");
        assert_eq!(w.captures(), 1, "taken once");
        assert_eq!(w.shop.payments_recorded().iter().filter(|(id, _)| *id == order.id).count(), 1);
    }

    #[tokio::test]
    async fn money_that_cannot_be_taken_now_leaves_the_order_held_for_another_try() {
        let w = world();
        let buyer = open_buyer(w.accounts.as_ref(), "retry-take").await;
        let (order, seller) = w.held(&buyer, "retry-take").await;
        let code = w.code(&order);
        w.gateway.set_unreachable(true);
        let failed = w.orders.hand_over(&seller, order.id, &code, Utc::now()).await;
        assert!(matches!(failed, Err(HandOverError::Payment(PayError::Unavailable(_)))), "{failed:?}");
        assert_eq!(w.stored(order.id).await.status, OrderStatus::Held);
        assert_eq!(w.book_status(order.book_id).await, BookStatus::Pending);
        w.gateway.set_unreachable(false);
        let done = w.orders.hand_over(&seller, order.id, &code, Utc::now()).await.expect("the claim was given up: a new try works");
        assert!(matches!(done, HandedOver::Completed(ref o) if o.status == OrderStatus::Completed), "{done:?}");
    }

    #[tokio::test]
    async fn a_held_order_past_its_deadline_closes_and_its_hold_is_released_never_taken() {
        let w = world();
        let buyer = open_buyer(w.accounts.as_ref(), "lapse").await;
        let (order, seller) = w.held(&buyer, "lapse").await;
        let deadline = w.orders.handover_deadline(&order).expect("a deadline");
        assert_eq!(deadline, order.held_at.expect("held") + chrono::Duration::days(5));
        w.expiry.sweep(deadline - chrono::Duration::minutes(1)).await.expect("swept");
        assert_eq!(w.stored(order.id).await.status, OrderStatus::Held, "not yet");
        w.expiry.sweep(deadline + chrono::Duration::seconds(1)).await.expect("swept");
        let lapsed = w.stored(order.id).await;
        assert_eq!((lapsed.status, lapsed.hold_released), (OrderStatus::Expired, true));
        assert_eq!(w.book_status(order.book_id).await, BookStatus::Available);
        let payment = w.gateway.payment(order.transaction_id.as_deref().expect("a payment")).await.expect("read");
        assert_eq!(payment.status, ProviderPaymentStatus::Cancelled, "released at the provider");
        let late = w.orders.hand_over(&seller, order.id, &w.code(&order), Utc::now()).await;
        assert!(matches!(late, Err(HandOverError::Store(HandoverError::Closed(OrderStatus::Expired)))), "{late:?}");
        assert_eq!(w.captures(), 0, "a released hold is never taken");
    }

    #[tokio::test]
    async fn buyers_and_sellers_are_reminded_a_day_before_the_deadline_once() {
        let w = world();
        let buyer = open_buyer(w.accounts.as_ref(), "remind").await;
        let pending = w.order(&buyer, "remind-pending").await;
        let (held, _) = w.held(&buyer, "remind-held").await;
        let reminded = || w.shop.deadline_reminded_orders();
        w.expiry.sweep(Utc::now() + chrono::Duration::hours(23)).await.expect("swept");
        assert!(reminded().is_empty(), "more than a day left for both");
        w.expiry.sweep(Utc::now() + chrono::Duration::hours(25)).await.expect("swept");
        assert_eq!(reminded(), [pending.id].into(), "the pending order's 48 hours end in less than a day");
        let near_deadline = held.held_at.expect("held") + chrono::Duration::days(4) + chrono::Duration::hours(1);
        w.expiry.sweep(near_deadline).await.expect("swept");
        assert!(reminded().contains(&held.id), "four days into five");
    }

    #[tokio::test]
    async fn a_buyer_who_cancels_a_held_order_gets_the_hold_released_at_once() {
        let w = world();
        let buyer = open_buyer(w.accounts.as_ref(), "cancel-held").await;
        let (order, _) = w.held(&buyer, "cancel-held").await;
        let cancelled = w.orders.cancel(buyer.id, order.id).await.expect("cancelled");
        assert_eq!((cancelled.status, cancelled.hold_released), (OrderStatus::Cancelled, true));
        assert!(w.gateway.calls().iter().any(|c| matches!(c, GatewayCall::Release { .. })));
        assert_eq!(w.book_status(order.book_id).await, BookStatus::Available);

        // The provider out of reach: the release stays owed, and the sweep makes it later.
        let (other, _) = w.held(&buyer, "cancel-held-later").await;
        w.gateway.set_unreachable(true);
        let cancelled = w.orders.cancel(buyer.id, other.id).await.expect("cancelled all the same");
        assert_eq!((cancelled.status, cancelled.hold_released), (OrderStatus::Cancelled, false));
        w.gateway.set_unreachable(false);
        let later =
            Utc::now() + chrono::Duration::from_std(crate::payments::REFUND_RETRY_FIRST).expect("a wait") + chrono::Duration::seconds(1);
        w.expiry.sweep(later).await.expect("swept");
        assert!(w.stored(other.id).await.hold_released);
    }

    #[tokio::test]
    async fn card_is_chosen_only_where_the_order_can_be_paid_by_card() {
        let w = world();
        let buyer = open_buyer(w.accounts.as_ref(), "choose").await;
        let order = w.order(&buyer, "choose").await;
        assert_eq!(order.payment_method, PaymentMethod::Cash);
        let card = w.orders.choose_payment(buyer.id, order.id, PaymentMethod::Card).await.expect("chosen");
        assert_eq!(card.payment_method, PaymentMethod::Card);
        let cheap_book = book_for_sale(w.accounts.as_ref(), w.shop.as_ref(), "choose-cheap", 20).await;
        let Ok(Placed::New(cheap)) = w.orders.place(&buyer, cheap_book, form(), PaymentMethod::Card).await else { panic!("placed") };
        assert_eq!(cheap.payment_method, PaymentMethod::Cash, "below the card minimum: cash");
        let refused = w.orders.choose_payment(buyer.id, cheap.id, PaymentMethod::Card).await;
        assert!(matches!(refused, Err(ChoosePaymentError::CardUnavailable(PayError::BelowMinimum { .. }))), "{refused:?}");
    }

    #[tokio::test]
    async fn a_buyer_holds_at_most_the_pending_limit() {
        let w = world();
        let buyer = open_buyer(w.accounts.as_ref(), "limit").await;
        for n in 0..MAX_PENDING_ORDERS_PER_BUYER {
            w.order(&buyer, &format!("limit-{n}")).await;
        }
        let book = w.book("limit-over").await;
        let over = w.orders.place(&buyer, book, form(), PaymentMethod::Cash).await;
        assert!(matches!(over, Err(PlaceError::Store(PlaceOrderError::TooManyPending))), "{over:?}");
        assert_eq!(w.book_status(book).await, BookStatus::Available);
    }

    #[tokio::test]
    async fn a_bad_contact_form_stores_nothing() {
        let w = world();
        let buyer = open_buyer(w.accounts.as_ref(), "form").await;
        let book = w.book("form").await;
        let bad =
            w.orders.place(&buyer, book, OrderContactForm { phone: "12".to_owned(), location: " ".to_owned() }, PaymentMethod::Cash).await;
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
        assert_eq!((found.status, found.transaction_id), (OrderStatus::Held, found.payment_id.clone()), "recorded, not expired");

        w.expiry.sweep(past_grace()).await.expect("swept");
        assert_eq!(w.stored(awaiting.id).await.status, OrderStatus::Expired, "never past the grace");
        assert_eq!(w.stored(in_progress.id).await.status, OrderStatus::Expired);
        assert_eq!(w.book_status(awaiting.book_id).await, BookStatus::Available);
        assert_eq!(w.stored(succeeded.id).await.status, OrderStatus::Held, "held until its handover deadline");
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
