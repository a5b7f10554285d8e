//! Orders, the wish list and card payments, as the buyer's pages and the seller's listings see them.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use uuid::Uuid;

use super::BookStatusDto;

/// `POST /api/orders`: the buy form. Name, e-mail, title, author, picture and price are never read from the
/// request: the server takes them from the account and the book.
#[derive(Debug, Clone, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct PlaceOrderDto {
    #[schema(format = Uuid)]
    pub book_id: String,
    /// A Bangladesh mobile number: `01XXXXXXXXX`, `+8801XXXXXXXXX` or `8801XXXXXXXXX`, spaces and dashes allowed,
    /// in Latin or Bengali digits (`০১৭১২-৩৪৫৬৭৮`); stored and answered as `01XXX-XXXXXX` in Latin digits.
    #[schema(pattern = r"^[\s+0-9০-৯-]+$")]
    pub phone: String,
    pub location: String,
    /// How the buyer means to pay: `cash` at the meeting (the default), or `card`, held until the handover (only
    /// where the order can be paid by card; otherwise the order is cash). Changeable while the order is pending.
    #[serde(default)]
    #[ts(optional)]
    pub payment_method: Option<PaymentMethodDto>,
}

/// `PATCH /api/orders/{id}`: what the buyer may change on a pending order.
#[derive(Debug, Clone, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ChangeOrderDto {
    pub payment_method: PaymentMethodDto,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum OrderStatusDto {
    /// Holds the book for the buyer until the handover, a card payment, a cancellation or the end of the hold period.
    Pending,
    /// Paid by card up front (orders paid before card payments were held until the handover); the book is sold.
    Paid,
    /// A card holds the price until the handover ("Paid, held until handover"); nothing is taken before it.
    Held,
    /// Handed over: the seller entered the buyer's handover code; the book is sold (and a held payment taken).
    Completed,
    Cancelled,
    /// Not handed over in time (the hold period, or a held order's handover deadline); the book went back on sale
    /// and a card hold was released.
    Expired,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum CancelReasonDto {
    ByBuyer,
    /// An admin closed the buyer's account.
    BuyerAccountClosed,
    /// An admin closed the seller's account; the book left the shop.
    SellerAccountClosed,
}

/// One order, as its buyer sees it (My Orders, the payment page).
#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OrderDto {
    pub id: Uuid,
    pub book_id: Uuid,
    pub title: String,
    pub author: String,
    pub picture: String,
    /// Whole taka, copied from the book when the order was placed.
    pub price: i32,
    pub status: OrderStatusDto,
    /// The buyer's name and e-mail, from their account.
    pub name: String,
    pub email: String,
    /// 01XXX-XXXXXX.
    pub phone: String,
    pub location: String,
    /// RFC 3339.
    pub created_at: String,
    /// RFC 3339, once paid.
    pub paid_at: Option<String>,
    /// The card payment's id at the provider, once paid.
    pub transaction_id: Option<String>,
    /// Why a cancelled order was cancelled.
    pub cancel_reason: Option<CancelReasonDto>,
    /// A payment that arrived after the order closed was returned to the card.
    pub refunded: bool,
    /// Whether this order can be paid by card here (card payments are configured and the price is at least the
    /// card minimum).
    pub payable_by_card: bool,
    /// How it is paid: `cash` at the meeting unless a card paid for it.
    pub payment_method: PaymentMethodDto,
    /// RFC 3339, once the seller entered the buyer's handover code.
    pub completed_at: Option<String>,
    /// The 6 digits the buyer shows the seller at the meeting (the seller enters them to complete the sale): only in
    /// the buyer's own `GET /api/orders/{id}` (never in a list), and only while the order is pending or held.
    pub handover_code: Option<String>,
    /// RFC 3339: when the handover must have happened, while it still may (pending: the end of the hold period;
    /// held: the handover deadline, after which the hold is released).
    pub handover_deadline: Option<String>,
    /// A card hold was released when the order closed: nothing was taken.
    pub hold_released: bool,
    /// The buyer's review of this order, once written (in the buyer's own order answers and My Orders).
    pub review: Option<super::ReviewDto>,
    /// Whether the buyer may review it now: completed, not reviewed, within 14 days of the handover, and the buyer's
    /// phone on it is none of the seller's listing phones.
    pub can_review: bool,
}

/// An order as the seller of its book sees it once handed over (`POST /api/orders/{id}/handover`): what was sold, for
/// how much, how it was paid. Never the buyer's e-mail, nor the handover code.
#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SoldOrderDto {
    pub id: Uuid,
    pub book_id: Uuid,
    pub title: String,
    /// Whole taka.
    pub price: i32,
    pub status: OrderStatusDto,
    pub payment_method: PaymentMethodDto,
    /// RFC 3339.
    pub completed_at: Option<String>,
}

impl From<puronoboi_domain::Order> for SoldOrderDto {
    fn from(o: puronoboi_domain::Order) -> Self {
        Self {
            id: o.id.as_uuid(),
            book_id: o.book_id.as_uuid(),
            title: o.title,
            price: o.price.amount(),
            status: o.status.into(),
            payment_method: o.payment_method.into(),
            completed_at: o.completed_at.map(|t| t.to_rfc3339()),
        }
    }
}

/// How an order is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum PaymentMethodDto {
    /// Cash, handed over at the meeting.
    Cash,
    Card,
}

impl From<PaymentMethodDto> for puronoboi_domain::PaymentMethod {
    fn from(method: PaymentMethodDto) -> Self {
        match method {
            PaymentMethodDto::Cash => Self::Cash,
            PaymentMethodDto::Card => Self::Card,
        }
    }
}

impl From<puronoboi_domain::PaymentMethod> for PaymentMethodDto {
    fn from(method: puronoboi_domain::PaymentMethod) -> Self {
        match method {
            puronoboi_domain::PaymentMethod::Cash => Self::Cash,
            puronoboi_domain::PaymentMethod::Card => Self::Card,
        }
    }
}

/// `POST /api/orders/{id}/handover`: the code the buyer shows, as the seller types it (Bengali digits, spaces and
/// hyphens allowed).
#[derive(Debug, Clone, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct HandOverDto {
    pub code: String,
}

/// `POST /api/wishlist`.
#[derive(Debug, Clone, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct AddToWishListDto {
    #[schema(format = Uuid)]
    pub book_id: String,
}

/// One book on a buyer's wish list, read from the book as it is now.
#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WishListItemDto {
    pub book_id: Uuid,
    pub title: String,
    pub author: String,
    pub picture: String,
    /// Whole taka: the book's resale price now.
    pub price: i32,
    /// `withdrawn`: the seller took the book off the shop.
    pub status: BookStatusDto,
    /// RFC 3339.
    pub added_at: String,
}

/// `GET /api/me/wishlist`: newest first, at most the wish list's limit.
#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WishListDto {
    pub items: Vec<WishListItemDto>,
}

/// `POST /api/orders/{id}/payment`: the card the browser tokenised with Stripe.js.
#[derive(Debug, Clone, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct PayOrderDto {
    pub card_token: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum PaymentOutcomeDto {
    /// Paid: `transactionId` is set.
    Succeeded,
    /// The card needs 3-D Secure: complete it in the browser with `clientSecret`, then call `.../payment/sync`.
    RequiresAction,
    /// The card was declined or failed authentication: `message` is the provider's; another card may be tried.
    Failed,
    /// The provider is still working on it; the order is paid when it reports success.
    Processing,
}

/// What `POST /api/orders/{id}/payment` and `POST /api/orders/{id}/payment/sync` answer.
#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaymentResultDto {
    pub status: PaymentOutcomeDto,
    pub client_secret: Option<String>,
    pub transaction_id: Option<String>,
    /// When `failed`: what went wrong, in English (the provider's words when it gave some).
    pub message: Option<String>,
    /// When `failed`: why, for words in the reader's language.
    pub failure_reason: Option<PaymentFailureDto>,
}

/// Why a card payment did not go through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum PaymentFailureDto {
    /// The bank declined the card (no more precise reason).
    CardDeclined,
    InsufficientFunds,
    ExpiredCard,
    IncorrectCvc,
    IncorrectNumber,
    /// The card could not be processed just now; the same card may work in a while.
    ProcessingError,
    /// The buyer did not pass the bank's check (3-D Secure).
    AuthenticationFailed,
    /// No card has been tried for this order yet.
    NoCardTried,
    /// The provider cancelled the payment.
    Cancelled,
    /// The provider refused the request (a card token sent twice); typing the card again makes a new one.
    Refused,
    /// The payment arrived after the order closed and its book had gone: it was refunded.
    Refunded,
    /// The same, and the refund is on its way.
    RefundOwed,
    /// The card hold arrived after the order closed: it was released and nothing was taken.
    HoldReleased,
}

impl From<puronoboi_app::payments::PaymentFailure> for PaymentFailureDto {
    fn from(failure: puronoboi_app::payments::PaymentFailure) -> Self {
        use puronoboi_app::payments::PaymentFailure;
        use puronoboi_ports::CardRefusal;
        match failure {
            PaymentFailure::Card(CardRefusal::Declined) => Self::CardDeclined,
            PaymentFailure::Card(CardRefusal::InsufficientFunds) => Self::InsufficientFunds,
            PaymentFailure::Card(CardRefusal::ExpiredCard) => Self::ExpiredCard,
            PaymentFailure::Card(CardRefusal::IncorrectCvc) => Self::IncorrectCvc,
            PaymentFailure::Card(CardRefusal::IncorrectNumber) => Self::IncorrectNumber,
            PaymentFailure::Card(CardRefusal::ProcessingError) => Self::ProcessingError,
            PaymentFailure::Card(CardRefusal::AuthenticationFailed) => Self::AuthenticationFailed,
            PaymentFailure::NoCardTried => Self::NoCardTried,
            PaymentFailure::Cancelled => Self::Cancelled,
            PaymentFailure::Refused => Self::Refused,
            PaymentFailure::Refunded => Self::Refunded,
            PaymentFailure::RefundOwed => Self::RefundOwed,
            PaymentFailure::HoldReleased => Self::HoldReleased,
        }
    }
}

/// Who is buying a seller's book, for the seller's listings: so that they can meet. Only on pending and sold books.
#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BuyerContactDto {
    /// The order: the seller hands the book over against it (`POST /api/orders/{id}/handover`).
    pub order_id: Uuid,
    pub name: String,
    /// 01XXX-XXXXXX.
    pub phone: String,
    pub location: String,
    pub order_status: OrderStatusDto,
    pub payment_method: PaymentMethodDto,
    /// RFC 3339: when the handover must have happened (see the buyer's order); `None` once the order is closed.
    pub handover_deadline: Option<String>,
}

impl From<puronoboi_domain::OrderStatus> for OrderStatusDto {
    fn from(s: puronoboi_domain::OrderStatus) -> Self {
        use puronoboi_domain::OrderStatus;
        match s {
            OrderStatus::Pending => Self::Pending,
            OrderStatus::Paid => Self::Paid,
            OrderStatus::Held => Self::Held,
            OrderStatus::Completed => Self::Completed,
            OrderStatus::Cancelled => Self::Cancelled,
            OrderStatus::Expired => Self::Expired,
        }
    }
}

impl From<puronoboi_domain::CancelReason> for CancelReasonDto {
    fn from(r: puronoboi_domain::CancelReason) -> Self {
        use puronoboi_domain::CancelReason;
        match r {
            CancelReason::ByBuyer => Self::ByBuyer,
            CancelReason::BuyerAccountClosed => Self::BuyerAccountClosed,
            CancelReason::SellerAccountClosed => Self::SellerAccountClosed,
        }
    }
}

impl OrderDto {
    /// `payable_by_card`: whether this server takes cards for this order's price; `handover_code`: the order's code,
    /// for its buyer's view only; `handover_deadline`: see the field.
    pub fn new(
        o: puronoboi_domain::Order,
        payable_by_card: bool,
        handover_code: Option<puronoboi_domain::HandoverCode>,
        handover_deadline: Option<chrono::DateTime<chrono::Utc>>,
    ) -> Self {
        Self {
            id: o.id.as_uuid(),
            book_id: o.book_id.as_uuid(),
            title: o.title,
            author: o.author,
            picture: o.picture_url,
            price: o.price.amount(),
            status: o.status.into(),
            name: o.buyer_name,
            email: o.buyer_email,
            phone: o.contact.phone.display(),
            location: o.contact.location.into_inner(),
            created_at: o.created_at.to_rfc3339(),
            paid_at: o.paid_at.map(|t| t.to_rfc3339()),
            transaction_id: o.transaction_id,
            cancel_reason: o.cancel_reason.map(Into::into),
            refunded: o.refunded,
            payable_by_card,
            payment_method: o.payment_method.into(),
            completed_at: o.completed_at.map(|t| t.to_rfc3339()),
            handover_code: handover_code.map(|code| code.to_string()),
            handover_deadline: handover_deadline.map(|t| t.to_rfc3339()),
            hold_released: o.hold_released,
            review: None,
            can_review: false,
        }
    }

    /// The same order with its review and whether it may be reviewed now.
    #[must_use]
    pub fn with_review(self, review: Option<puronoboi_app::reviews::OrderReview>) -> Self {
        match review {
            Some(r) => Self { review: r.review.map(Into::into), can_review: r.can_review, ..self },
            None => self,
        }
    }
}

impl From<puronoboi_ports::WishListItem> for WishListItemDto {
    fn from(i: puronoboi_ports::WishListItem) -> Self {
        Self {
            book_id: i.book_id.as_uuid(),
            title: i.title,
            author: i.author,
            picture: i.picture_url,
            price: i.price.amount(),
            status: i.status.into(),
            added_at: i.added_at.to_rfc3339(),
        }
    }
}

impl From<puronoboi_app::payments::PaymentOutcome> for PaymentResultDto {
    fn from(o: puronoboi_app::payments::PaymentOutcome) -> Self {
        use puronoboi_app::payments::PaymentOutcome;
        let none =
            Self { status: PaymentOutcomeDto::Processing, client_secret: None, transaction_id: None, message: None, failure_reason: None };
        match o {
            PaymentOutcome::Succeeded { transaction_id } => {
                Self { status: PaymentOutcomeDto::Succeeded, transaction_id: Some(transaction_id), ..none }
            }
            PaymentOutcome::RequiresAction { client_secret } => {
                Self { status: PaymentOutcomeDto::RequiresAction, client_secret: Some(client_secret), ..none }
            }
            PaymentOutcome::Failed { message, reason } => {
                Self { status: PaymentOutcomeDto::Failed, message: Some(message), failure_reason: Some(reason.into()), ..none }
            }
            PaymentOutcome::Processing => none,
        }
    }
}

impl BuyerContactDto {
    /// The buyer of an order on a seller's book; `periods`: how long orders wait, for the handover deadline.
    pub fn new(b: puronoboi_ports::OrderBuyer, periods: puronoboi_app::orders::OrderPeriods) -> Self {
        let deadline = puronoboi_domain::handover_deadline(b.status, b.placed_at, b.held_at, periods.hold, periods.handover);
        Self {
            order_id: b.order_id.as_uuid(),
            name: b.name,
            phone: b.phone.display(),
            location: b.location.into_inner(),
            order_status: b.status.into(),
            payment_method: b.payment_method.into(),
            handover_deadline: deadline.map(|t| t.to_rfc3339()),
        }
    }
}
