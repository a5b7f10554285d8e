//! Orders: a buyer's hold on one book, from the moment they order it until it is paid, cancelled or expires,
//! and the checks a card payment must pass before it may mark an order paid.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Utc};

use crate::book::Location;
use crate::field::{FieldError, FieldErrors};
use crate::handover::PaymentMethod;
use crate::ids::{AccountId, BookId, OrderId};
use crate::money::{TAKA_CURRENCY, Taka};
use crate::notice::NoticeKind;
use crate::phone::{Phone, PhoneError};
use crate::text::RequiredTextError;

/// The most unpaid orders one buyer may hold at once, so that nobody can take a shelf off the market.
pub const MAX_PENDING_ORDERS_PER_BUYER: i64 = 5;

/// Where an order stands. `pending` holds the book for its buyer until the handover, where the seller enters the
/// buyer's code (`completed`: cash paid at the meeting, the book sold), or until a card authorisation holds the price
/// (`held`: the money is reserved on the buyer's card, never taken before the handover). A held order ends at the
/// handover too (`completed`: the held money is taken then), or closes by its handover deadline (`expired`, the hold
/// released) or when the buyer cancels it (the hold released). `paid` is an order a card paid in full up front, as
/// orders were paid before money was held until the handover; those keep meaning paid. Every other status is final,
/// except that a payment taken in full after an order was closed may still settle it ([`OrderMove::SettleLate`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderStatus {
    Pending,
    /// Paid by card up front; the book is sold.
    Paid,
    /// A card authorisation holds the price until the handover; the book stays reserved for the buyer.
    Held,
    /// Handed over: the seller entered the buyer's handover code; the book is sold (and a held payment taken).
    Completed,
    /// The buyer cancelled it, or an account it depends on was closed.
    Cancelled,
    /// Nobody paid, nor met, within the hold period; or a held order was not handed over by its deadline.
    Expired,
}

/// The moves an order's status may make: the whole state machine, one row per move. The store's guards are read
/// from this table, never written out separately.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderMove {
    /// The card payment provider reported the money taken in full (a payment made before holds existed).
    Pay,
    /// The card payment provider reported the price held on the buyer's card, to be taken at the handover.
    Hold,
    /// The seller entered the buyer's handover code at the meeting: the cash payment is recorded (or the held card
    /// payment taken) and the book sold.
    Complete,
    /// The buyer cancelled it, or the buyer's or the seller's account was closed. A held payment is released.
    Cancel,
    /// Nobody paid, nor met, within the hold period.
    Expire,
    /// A held order was not handed over by its deadline: the hold is released (never taken), the book back on sale.
    Lapse,
    /// A payment succeeded after the order was cancelled or expired (the buyer paid in one tab and cancelled in
    /// another, or the hold ran out during 3-D Secure). Money was taken, so the order is paid after all, provided
    /// its book can still be had; otherwise the payment is refunded and the order stays closed.
    SettleLate,
}

impl OrderMove {
    pub const ALL: [Self; 7] = [Self::Pay, Self::Hold, Self::Complete, Self::Cancel, Self::Expire, Self::Lapse, Self::SettleLate];

    /// The statuses this move leaves from.
    pub const fn from(self) -> &'static [OrderStatus] {
        match self {
            Self::Pay | Self::Hold | Self::Expire => &[OrderStatus::Pending],
            Self::Complete | Self::Cancel => &[OrderStatus::Pending, OrderStatus::Held],
            Self::Lapse => &[OrderStatus::Held],
            Self::SettleLate => &[OrderStatus::Cancelled, OrderStatus::Expired],
        }
    }

    /// The status this move reaches.
    pub const fn to(self) -> OrderStatus {
        match self {
            Self::Pay | Self::SettleLate => OrderStatus::Paid,
            Self::Hold => OrderStatus::Held,
            Self::Complete => OrderStatus::Completed,
            Self::Cancel => OrderStatus::Cancelled,
            Self::Expire | Self::Lapse => OrderStatus::Expired,
        }
    }

    /// What the order's buyer and seller are e-mailed when this move is made (who of them: [`NoticeKind::recipients`]).
    /// A payment taken in full up front tells nobody: the handover, where the sale ends, does.
    pub const fn notice(self) -> Option<NoticeKind> {
        match self {
            Self::Hold => Some(NoticeKind::CardHeld),
            Self::Complete => Some(NoticeKind::Completed),
            Self::Cancel => Some(NoticeKind::Cancelled),
            Self::Expire | Self::Lapse => Some(NoticeKind::Expired),
            Self::Pay | Self::SettleLate => None,
        }
    }

    /// Whether this move may start at `status`.
    pub fn leaves(self, status: OrderStatus) -> bool {
        self.from().contains(&status)
    }

    /// The moves that take an order from `from` to `to` (expiry has two: the hold period for a pending order, the
    /// handover deadline for a held one; they leave from different statuses, so a pair has at most one).
    pub fn between(from: OrderStatus, to: OrderStatus) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.leaves(from) && m.to() == to)
    }

    /// Makes this move from `status`, or says why it cannot be made.
    pub fn apply(self, status: OrderStatus) -> Result<OrderStatus, IllegalOrderChange> {
        if self.leaves(status) { Ok(self.to()) } else { Err(IllegalOrderChange { from: status, to: self.to() }) }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("an order cannot go from {from} to {to}")]
pub struct IllegalOrderChange {
    pub from: OrderStatus,
    pub to: OrderStatus,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown order status {0:?}")]
pub struct ParseOrderStatusError(pub String);

impl OrderStatus {
    pub const ALL: [Self; 6] = [Self::Pending, Self::Paid, Self::Held, Self::Completed, Self::Cancelled, Self::Expired];

    /// The status a newly placed order starts in.
    pub const PLACED: Self = Self::Pending;

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Paid => "paid",
            Self::Held => "held",
            Self::Completed => "completed",
            Self::Cancelled => "cancelled",
            Self::Expired => "expired",
        }
    }

    /// The card payment provider reported the money arrived ([`OrderMove::Pay`]).
    pub fn pay(self) -> Result<Self, IllegalOrderChange> {
        OrderMove::Pay.apply(self)
    }

    /// A card authorisation holds the price ([`OrderMove::Hold`]).
    pub fn hold(self) -> Result<Self, IllegalOrderChange> {
        OrderMove::Hold.apply(self)
    }

    /// The handover deadline passed ([`OrderMove::Lapse`]).
    pub fn lapse(self) -> Result<Self, IllegalOrderChange> {
        OrderMove::Lapse.apply(self)
    }

    /// The handover ([`OrderMove::Complete`]).
    pub fn complete(self) -> Result<Self, IllegalOrderChange> {
        OrderMove::Complete.apply(self)
    }

    pub fn cancel(self) -> Result<Self, IllegalOrderChange> {
        OrderMove::Cancel.apply(self)
    }

    pub fn expire(self) -> Result<Self, IllegalOrderChange> {
        OrderMove::Expire.apply(self)
    }

    /// A payment succeeded after the order was cancelled or expired ([`OrderMove::SettleLate`]).
    pub fn settle_late(self) -> Result<Self, IllegalOrderChange> {
        OrderMove::SettleLate.apply(self)
    }

    /// Moves to `to` by whichever move of the table joins the two statuses.
    pub fn move_to(self, to: Self) -> Result<Self, IllegalOrderChange> {
        OrderMove::between(self, to).map(OrderMove::to).ok_or(IllegalOrderChange { from: self, to })
    }

    /// Whether the order still holds its book for its buyer (or has sold it to them).
    pub const fn is_live(self) -> bool {
        matches!(self, Self::Pending | Self::Paid | Self::Held | Self::Completed)
    }

    /// Whether the handover may still happen: the buyer's code is shown and may be entered.
    pub const fn awaits_handover(self) -> bool {
        matches!(self, Self::Pending | Self::Held)
    }

    /// Whether a card payment secured the price: held until the handover, or taken.
    pub const fn is_secured_by_card(self) -> bool {
        matches!(self, Self::Paid | Self::Held)
    }

    /// Whether an order in this status, which a card held (`was_held`) or not, has its card payment: held, taken up
    /// front, or taken at the handover. News of that payment (the browser's, the webhook's) changes nothing more.
    pub const fn has_card_payment(self, was_held: bool) -> bool {
        self.is_secured_by_card() || (matches!(self, Self::Completed) && was_held)
    }
}

impl fmt::Display for OrderStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for OrderStatus {
    type Err = ParseOrderStatusError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "pending" => Ok(Self::Pending),
            "paid" => Ok(Self::Paid),
            "held" => Ok(Self::Held),
            "completed" => Ok(Self::Completed),
            "cancelled" => Ok(Self::Cancelled),
            "expired" => Ok(Self::Expired),
            other => Err(ParseOrderStatusError(other.to_owned())),
        }
    }
}

/// Why an order was cancelled, so that its buyer sees why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CancelReason {
    /// The buyer cancelled it.
    ByBuyer,
    /// An admin closed the buyer's account.
    BuyerAccountClosed,
    /// An admin closed the seller's account; the book left the shop with it.
    SellerAccountClosed,
}

impl CancelReason {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::ByBuyer => "by_buyer",
            Self::BuyerAccountClosed => "buyer_account_closed",
            Self::SellerAccountClosed => "seller_account_closed",
        }
    }
}

impl FromStr for CancelReason {
    type Err = ParseOrderStatusError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "by_buyer" => Ok(Self::ByBuyer),
            "buyer_account_closed" => Ok(Self::BuyerAccountClosed),
            "seller_account_closed" => Ok(Self::SellerAccountClosed),
            other => Err(ParseOrderStatusError(other.to_owned())),
        }
    }
}

/// How the seller reaches the buyer: what the buy form asks for. Everything else on an order (the book's title,
/// author, picture and price; the buyer's name and e-mail) is taken by the server, never from the request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderContact {
    pub phone: Phone,
    pub location: Location,
}

/// The buy form's fields as they arrived.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrderContactForm {
    pub phone: String,
    pub location: String,
}

impl OrderContactForm {
    /// Checks both fields, reporting every problem at once under the form's field names.
    pub fn parse(self) -> Result<OrderContact, FieldErrors> {
        let mut errors = FieldErrors::new();
        let phone = Phone::parse(&self.phone).map_err(|e| match e {
            PhoneError::Blank => FieldError::of(&e).worded("Phone no is required"),
            other => FieldError::of(&other),
        });
        let location = Location::parse(&self.location).map_err(|e| match e {
            RequiredTextError::Blank => FieldError::of(&e).worded("Location is required"),
            other => FieldError::of(&other),
        });
        if let Err(message) = &phone {
            errors.insert("phone", message.clone());
        }
        if let Err(message) = &location {
            errors.insert("location", message.clone());
        }
        match (phone, location) {
            (Ok(phone), Ok(location)) => Ok(OrderContact { phone, location }),
            _ => Err(errors),
        }
    }
}

/// An order as stored: what was bought, by whom, for how much, and where it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct Order {
    pub id: OrderId,
    pub book_id: BookId,
    pub buyer_id: AccountId,
    /// Copied from the book when the order was placed.
    pub title: String,
    pub author: String,
    pub picture_url: String,
    pub price: Taka,
    pub status: OrderStatus,
    /// The buyer's name and e-mail, from their account.
    pub buyer_name: String,
    pub buyer_email: String,
    pub contact: OrderContact,
    pub created_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    /// The card payment provider's payment opened for this order, once a card was first tried.
    pub payment_id: Option<String>,
    /// The card payment provider's id for the payment that paid it (a Stripe PaymentIntent id).
    pub transaction_id: Option<String>,
    pub cancel_reason: Option<CancelReason>,
    /// A payment that arrived after the order closed, and was returned because the book had gone.
    pub refunded: bool,
    /// How it is paid: cash at the meeting unless a card paid for it.
    pub payment_method: PaymentMethod,
    /// When the seller entered the buyer's handover code.
    pub completed_at: Option<DateTime<Utc>>,
    /// When a card authorisation started holding the price (the order became held); the handover deadline runs from
    /// here.
    pub held_at: Option<DateTime<Utc>>,
    /// A held payment that was released (never taken) when the order closed.
    pub hold_released: bool,
}

impl Order {
    /// When the handover must have happened, while it still may; see [`handover_deadline`].
    pub fn handover_deadline(&self, hold: std::time::Duration, handover: std::time::Duration) -> Option<DateTime<Utc>> {
        handover_deadline(self.status, self.created_at, self.held_at, hold, handover)
    }
}

/// When the handover of an order in `status`, placed at `placed_at` (and held by a card since `held_at`), must have
/// happened, while it still may: a pending order's hold period ends `hold` after it was placed (it expires then); a
/// held order's deadline is `handover` after the card hold began (it closes then, the hold released).
pub fn handover_deadline(
    status: OrderStatus,
    placed_at: DateTime<Utc>,
    held_at: Option<DateTime<Utc>>,
    hold: std::time::Duration,
    handover: std::time::Duration,
) -> Option<DateTime<Utc>> {
    let after = |at: DateTime<Utc>, wait: std::time::Duration| chrono::Duration::from_std(wait).ok().and_then(|w| at.checked_add_signed(w));
    match status {
        OrderStatus::Pending => after(placed_at, hold),
        OrderStatus::Held => after(held_at.unwrap_or(placed_at), handover),
        _ => None,
    }
}

/// What the card payment provider reported about a payment, to be checked against the order it claims to pay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportedPayment<'a> {
    /// Whether the provider secured the money: held on the card (to be taken at the handover) or taken.
    pub succeeded: bool,
    pub amount_minor: i64,
    pub currency: &'a str,
    pub order_id: Option<&'a str>,
}

/// Why a reported payment cannot pay an order. Any of these means something is wrong (a bug, a tampered
/// request, a payment for another order): nothing is recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaymentMismatch {
    #[error("the payment has not succeeded")]
    NotSucceeded,
    #[error("the payment is for {got} minor units, the order costs {expected}")]
    Amount { expected: i64, got: i64 },
    #[error("the payment is in {got:?}, not taka")]
    Currency { got: String },
    #[error("the payment belongs to another order ({got:?})")]
    OtherOrder { got: Option<String> },
}

impl Order {
    /// A payment pays this order only if it succeeded, for exactly the order's price in taka, and names this
    /// order: the server's own price, never an amount a browser sent.
    pub fn check_payment(&self, reported: &ReportedPayment<'_>) -> Result<(), PaymentMismatch> {
        if !reported.succeeded {
            return Err(PaymentMismatch::NotSucceeded);
        }
        if !reported.currency.eq_ignore_ascii_case(TAKA_CURRENCY) {
            return Err(PaymentMismatch::Currency { got: reported.currency.to_owned() });
        }
        let expected = self.price.paisa();
        if reported.amount_minor != expected {
            return Err(PaymentMismatch::Amount { expected, got: reported.amount_minor });
        }
        if reported.order_id != Some(self.id.to_string().as_str()) {
            return Err(PaymentMismatch::OtherOrder { got: reported.order_id.map(str::to_owned) });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::FieldReason;
    use proptest::prelude::*;

    const ALL: [OrderStatus; 6] =
        [OrderStatus::Pending, OrderStatus::Paid, OrderStatus::Held, OrderStatus::Completed, OrderStatus::Cancelled, OrderStatus::Expired];

    fn order_status() -> impl Strategy<Value = OrderStatus> {
        prop::sample::select(ALL.to_vec())
    }

    fn order_move() -> impl Strategy<Value = OrderMove> {
        prop::sample::select(OrderMove::ALL.to_vec())
    }

    #[test]
    fn each_pair_of_statuses_has_at_most_one_move() {
        for m in OrderMove::ALL {
            for &from in m.from() {
                assert_eq!(OrderMove::between(from, m.to()), Some(m), "{from} -> {}", m.to());
            }
        }
        assert_eq!(OrderStatus::ALL, ALL);
        assert_eq!(OrderStatus::PLACED, OrderStatus::Pending);
    }

    fn order(price: i64) -> Order {
        Order {
            id: OrderId::new(),
            book_id: BookId::new(),
            buyer_id: AccountId::new(),
            title: "Padma Nadir Majhi".into(),
            author: "Manik Bandopadhyay".into(),
            picture_url: "/images/a.svg".into(),
            price: Taka::new(price).expect("a price"),
            status: OrderStatus::Pending,
            buyer_name: "Rahim".into(),
            buyer_email: "rahim@example.com".into(),
            contact: OrderContact {
                phone: Phone::parse("01712345678").expect("a phone"),
                location: Location::parse("Dhanmondi").expect("a place"),
            },
            created_at: Utc::now(),
            paid_at: None,
            payment_id: None,
            transaction_id: None,
            cancel_reason: None,
            refunded: false,
            payment_method: PaymentMethod::Cash,
            completed_at: None,
            held_at: None,
            hold_released: false,
        }
    }

    #[test]
    fn only_a_pending_order_can_be_paid() {
        assert_eq!(OrderStatus::Pending.pay(), Ok(OrderStatus::Paid));
        for from in ALL.into_iter().filter(|&s| s != OrderStatus::Pending) {
            assert!(from.pay().is_err(), "{from} -> paid");
        }
    }

    #[test]
    fn an_order_awaiting_its_handover_completes_is_cancelled_or_expires_and_nothing_else_does() {
        for open in [OrderStatus::Pending, OrderStatus::Held] {
            assert!(open.awaits_handover());
            assert_eq!(open.complete(), Ok(OrderStatus::Completed), "{open}: handed over");
            assert_eq!(open.cancel(), Ok(OrderStatus::Cancelled), "{open}: the buyer cancels");
        }
        assert_eq!(OrderStatus::Pending.expire(), Ok(OrderStatus::Expired), "the hold period ended");
        assert!(OrderStatus::Held.expire().is_err(), "a held order is not bound by the hold period");
        assert_eq!(OrderStatus::Held.lapse(), Ok(OrderStatus::Expired), "the handover deadline passed");
        assert!(OrderStatus::Pending.lapse().is_err(), "only a held order has a handover deadline");
        for from in [OrderStatus::Paid, OrderStatus::Completed, OrderStatus::Cancelled, OrderStatus::Expired] {
            assert!(!from.awaits_handover());
            assert!(from.complete().is_err(), "{from} -> completed: handed over once");
            assert!(from.cancel().is_err() && from.expire().is_err() && from.lapse().is_err(), "{from} closed again");
        }
    }

    #[test]
    fn each_move_that_ends_or_secures_an_order_tells_both_sides() {
        assert_eq!(OrderMove::Hold.notice(), Some(NoticeKind::CardHeld));
        assert_eq!(OrderMove::Complete.notice(), Some(NoticeKind::Completed));
        assert_eq!(OrderMove::Cancel.notice(), Some(NoticeKind::Cancelled));
        assert_eq!((OrderMove::Expire.notice(), OrderMove::Lapse.notice()), (Some(NoticeKind::Expired), Some(NoticeKind::Expired)));
        for m in OrderMove::ALL.into_iter().filter_map(OrderMove::notice) {
            assert_eq!(m.recipients().len(), 2, "{m}: the buyer and the seller");
        }
    }

    #[test]
    fn only_a_pending_order_can_be_held_and_only_once() {
        assert_eq!(OrderStatus::Pending.hold(), Ok(OrderStatus::Held));
        for from in ALL.into_iter().filter(|&s| s != OrderStatus::Pending) {
            assert!(from.hold().is_err(), "{from} -> held");
        }
        assert!(OrderStatus::Held.is_live() && OrderStatus::Held.is_secured_by_card());
        assert!(!OrderStatus::Pending.is_secured_by_card());
    }

    #[test]
    fn the_deadline_is_the_hold_period_until_a_card_holds_the_price_then_the_handover_days() {
        let hour = std::time::Duration::from_secs(3600);
        let mut pending = order(250);
        let placed = pending.created_at;
        assert_eq!(pending.handover_deadline(48 * hour, 120 * hour), Some(placed + chrono::Duration::hours(48)));
        let held_at = placed + chrono::Duration::hours(3);
        let held = Order { status: OrderStatus::Held, held_at: Some(held_at), ..pending.clone() };
        assert_eq!(held.handover_deadline(48 * hour, 120 * hour), Some(held_at + chrono::Duration::hours(120)));
        for closed in [OrderStatus::Completed, OrderStatus::Cancelled, OrderStatus::Expired, OrderStatus::Paid] {
            pending.status = closed;
            assert_eq!(pending.handover_deadline(48 * hour, 120 * hour), None, "{closed}");
        }
    }

    #[test]
    fn a_late_payment_settles_only_a_closed_order() {
        assert_eq!(OrderStatus::Cancelled.settle_late(), Ok(OrderStatus::Paid));
        assert_eq!(OrderStatus::Expired.settle_late(), Ok(OrderStatus::Paid));
        for open in [OrderStatus::Pending, OrderStatus::Paid, OrderStatus::Held, OrderStatus::Completed] {
            assert!(open.settle_late().is_err(), "{open}: paid the usual way, or already sold");
        }
    }

    #[test]
    fn statuses_round_trip_through_their_names() {
        for status in ALL {
            assert_eq!(status.as_str().parse::<OrderStatus>(), Ok(status));
        }
        assert!("sold".parse::<OrderStatus>().is_err());
    }

    #[test]
    fn the_buy_form_words_its_messages_like_the_product() {
        let errors = OrderContactForm { phone: " ".into(), location: "".into() }.parse().expect_err("refused");
        assert_eq!(errors.get("phone").map(FieldError::message), Some("Phone no is required"));
        assert_eq!(errors.get("location").map(FieldError::message), Some("Location is required"));
        assert_eq!((errors["phone"].reason(), errors["location"].reason()), (FieldReason::Required, FieldReason::Required));
        let errors = OrderContactForm { phone: "12345".into(), location: "x".repeat(201) }.parse().expect_err("refused");
        assert!(errors["phone"].message().contains("Bangladesh mobile"), "{errors:?}");
        assert!(errors["location"].message().contains("at most 200"), "{errors:?}");
        assert_eq!(errors["phone"].reason(), FieldReason::InvalidPhone);
        assert_eq!(errors["location"].reason(), FieldReason::TooLong { limit: 200 });
    }

    #[test]
    fn the_buy_form_trims_and_normalises() {
        let contact = OrderContactForm { phone: " 01712-345678 ".into(), location: "  Dhanmondi 27 ".into() }.parse().expect("valid");
        assert_eq!(contact.phone.e164(), "+8801712345678");
        assert_eq!(contact.location.as_str(), "Dhanmondi 27");
        let bengali =
            OrderContactForm { phone: "০১৭১২-৩৪৫৬৭৮".into(), location: "ধানমন্ডি ২৭".into() }.parse().expect("valid");
        assert_eq!(bengali.phone, contact.phone, "the same phone, stored in Latin digits");
        assert_eq!(bengali.location.as_str(), "ধানমন্ডি ২৭", "a place is text: its digits stay as typed");
    }

    #[test]
    fn a_payment_must_match_the_order_exactly() {
        let order = order(350);
        let id = order.id.to_string();
        let good = ReportedPayment { succeeded: true, amount_minor: 35_000, currency: "bdt", order_id: Some(&id) };
        assert_eq!(order.check_payment(&good), Ok(()));
        assert_eq!(order.check_payment(&ReportedPayment { currency: "BDT", ..good.clone() }), Ok(()));
        assert_eq!(order.check_payment(&ReportedPayment { succeeded: false, ..good.clone() }), Err(PaymentMismatch::NotSucceeded));
        assert_eq!(
            order.check_payment(&ReportedPayment { amount_minor: 350, ..good.clone() }),
            Err(PaymentMismatch::Amount { expected: 35_000, got: 350 }),
            "taka charged as if they were paisa"
        );
        assert_eq!(
            order.check_payment(&ReportedPayment { currency: "usd", ..good.clone() }),
            Err(PaymentMismatch::Currency { got: "usd".into() }),
            "taka charged as dollars"
        );
        let other = OrderId::new().to_string();
        assert!(matches!(
            order.check_payment(&ReportedPayment { order_id: Some(&other), ..good.clone() }),
            Err(PaymentMismatch::OtherOrder { .. })
        ));
        assert!(matches!(order.check_payment(&ReportedPayment { order_id: None, ..good }), Err(PaymentMismatch::OtherOrder { .. })));
    }

    proptest! {
        #[test]
        fn only_the_exact_price_in_paisa_pays(price in 1i64..=i64::from(Taka::MAX), amount in 0i64..=60_000_000) {
            let order = order(price);
            let id = order.id.to_string();
            let reported = ReportedPayment { succeeded: true, amount_minor: amount, currency: "bdt", order_id: Some(&id) };
            prop_assert_eq!(order.check_payment(&reported).is_ok(), amount == price * 100);
        }

        /// Any two statuses: the move between them is legal exactly when the table has a move joining them.
        #[test]
        fn a_pair_of_statuses_is_a_legal_move_exactly_when_the_table_has_it(from in order_status(), to in order_status()) {
            let in_table = OrderMove::ALL.iter().any(|m| m.from().contains(&from) && m.to() == to);
            match from.move_to(to) {
                Ok(reached) => {
                    prop_assert!(in_table, "{} -> {} is not in the table", from, to);
                    prop_assert_eq!(reached, to);
                }
                Err(e) => {
                    prop_assert!(!in_table, "{} -> {} is in the table", from, to);
                    prop_assert_eq!(e, IllegalOrderChange { from, to });
                }
            }
        }

        /// Any named move from any status: it succeeds exactly from the statuses its row lists.
        #[test]
        fn a_named_move_succeeds_exactly_from_its_own_statuses(from in order_status(), m in order_move()) {
            let named = match m {
                OrderMove::Pay => from.pay(),
                OrderMove::Hold => from.hold(),
                OrderMove::Lapse => from.lapse(),
                OrderMove::Complete => from.complete(),
                OrderMove::Cancel => from.cancel(),
                OrderMove::Expire => from.expire(),
                OrderMove::SettleLate => from.settle_late(),
            };
            prop_assert_eq!(named, m.apply(from));
            prop_assert_eq!(named.is_ok(), m.from().contains(&from));
        }

        /// Any sequence of moves from a new order: a sold order (paid or completed) never moves again, a closed one
        /// moves only to paid (a late payment), nothing goes back to pending, a released hold never completes, and
        /// the handover completes an order at most once.
        #[test]
        fn every_status_path_ends_in_a_final_state(steps in proptest::collection::vec(order_move(), 0..8)) {
            let mut status = OrderStatus::PLACED;
            let mut completions = 0;
            let mut hold_released = false;
            for step in steps {
                if let Ok(next) = step.apply(status) {
                    prop_assert!(!matches!(status, OrderStatus::Paid | OrderStatus::Completed), "{} moved to {}", status, next);
                    prop_assert!(next != OrderStatus::Pending, "{} went back to pending", status);
                    prop_assert!(!(hold_released && next == OrderStatus::Completed), "a released hold was taken");
                    hold_released |= status == OrderStatus::Held && matches!(next, OrderStatus::Cancelled | OrderStatus::Expired);
                    if matches!(status, OrderStatus::Cancelled | OrderStatus::Expired) {
                        prop_assert_eq!(next, OrderStatus::Paid);
                    }
                    completions += usize::from(next == OrderStatus::Completed);
                    status = next;
                }
            }
            prop_assert!(completions <= 1);
        }
    }
}
