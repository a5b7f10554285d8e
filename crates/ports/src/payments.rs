//! Card payments through a payment provider (Stripe in production, localstripe locally and in tests).
//!
//! One provider payment (a Stripe PaymentIntent) per order, opened once; every attempt confirms that same payment
//! with the card the browser just tokenised, so a declined card can be retried and an order is never charged twice.
//! A confirmed payment only holds the price on the card (an authorisation): the money is taken (captured) at the
//! handover, or the hold released when the order closes without one, as money paid in advance must be held until
//! delivery is confirmed. Nothing here decides that an order is held or paid: callers read the payment back and check
//! it before recording it.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{OrderId, Taka};

/// Where a provider payment stands, as the provider reports it, named for what it means here (the adapter maps the
/// provider's own status names onto these).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProviderPaymentStatus {
    /// No card yet, or the last card was declined or failed authentication: a new card may be tried.
    NeedsCard,
    /// A card is attached but the payment was not confirmed yet.
    NotConfirmed,
    /// Waiting for the buyer to authenticate (3-D Secure in the browser, with the payment's client secret).
    AwaitingBuyer,
    /// The provider is still working on it; the outcome arrives later (a webhook).
    InProgress,
    /// The money is held on the card but not taken yet.
    Authorised,
    /// The money arrived.
    Succeeded,
    /// The payment was called off; no card can pay it any more.
    Cancelled,
    /// A status this code does not know; treated as "not paid".
    Other(String),
}

impl ProviderPaymentStatus {
    /// Whether the payment may still succeed without the buyer trying another card: they are authenticating, or the
    /// provider is deciding. Only such a payment keeps an overdue order from expiring.
    pub fn is_under_way(&self) -> bool {
        matches!(self, Self::AwaitingBuyer | Self::InProgress)
    }
}

/// A provider payment read from the provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderPayment {
    /// The provider's id (a Stripe PaymentIntent id, `pi_...`): the transaction id buyers see.
    pub id: String,
    pub status: ProviderPaymentStatus,
    /// In the currency's smallest unit (paisa for taka).
    pub amount_minor: i64,
    /// ISO 4217, lower-case ("bdt").
    pub currency: String,
    /// The order this payment was opened for, from the payment's metadata.
    pub order_id: Option<String>,
    /// What the browser needs to complete 3-D Secure. Never logged.
    pub client_secret: Option<String>,
    /// The provider's message about the last failed attempt ("Your card was declined."), for the buyer.
    pub failure_message: Option<String>,
    /// Why the last attempt failed, when it did.
    pub failure_reason: Option<CardRefusal>,
}

/// Why a card was not charged, in the terms every card provider shares, so that the buyer can be told in their own
/// language (the provider's message is English).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardRefusal {
    /// The bank said no without a more precise reason the buyer can act on (or one this code does not know).
    Declined,
    InsufficientFunds,
    ExpiredCard,
    IncorrectCvc,
    IncorrectNumber,
    /// The provider or the bank failed while processing the card; the same card may work in a while.
    ProcessingError,
    /// The buyer did not pass the bank's check (3-D Secure).
    AuthenticationFailed,
}

/// A refund as the provider reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    /// The provider's refund id (`re_...`).
    pub id: String,
    pub status: RefundStatus,
}

/// Where a refund stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundStatus {
    /// The money is on its way back to the card.
    Succeeded,
    /// Accepted; the card's bank has not confirmed it yet. Almost all refunds end succeeded.
    Pending,
    /// The money did not go back (the card was closed, the provider refused, or a status this code does not know):
    /// the payment is still owed to the buyer.
    Failed,
}

#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    /// The card was declined or could not be used; `message` is the provider's, shown to readers of English as is.
    #[error("the card was declined ({reason:?}): {message}")]
    Declined { message: String, reason: CardRefusal },
    /// The provider refused the request itself (a used or unknown card token, a payment in a state that cannot be
    /// confirmed). `message` is the provider's.
    #[error("the payment provider refused the request: {message}")]
    Refused { message: String },
    /// The provider could not be reached, timed out or failed; retrying later may work.
    #[error(transparent)]
    Unavailable(#[from] anyhow::Error),
}

/// A webhook delivery that could not be trusted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WebhookError {
    #[error("the delivery carries no signature")]
    Unsigned,
    #[error("the signature does not match the payload")]
    BadSignature,
    #[error("the signature is older than the tolerance")]
    Stale,
    #[error("the payload is not an event: {0}")]
    Malformed(String),
}

/// What a verified webhook delivery says happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentEvent {
    /// A payment succeeded: callers read it back (`payment`) before they record anything.
    PaymentSucceeded { payment_id: String },
    /// Any other event type; acknowledged and ignored.
    Other { kind: String },
}

#[async_trait]
pub trait PaymentGateway: Send + Sync {
    /// Opens the provider payment for `amount` (in taka) for `order`, with the order id in its metadata. A card that
    /// confirms it only holds the amount ([`ProviderPaymentStatus::Authorised`]) until [`PaymentGateway::capture`] or
    /// [`PaymentGateway::release`]. Idempotent per order: calling it again for the same order answers the same payment.
    /// Errors: `Refused`, `Unavailable`.
    async fn open_payment(&self, order: OrderId, amount: Taka) -> Result<ProviderPayment, GatewayError>;

    /// Takes `amount` (the whole price; never more than is held) from an authorised payment. Idempotent per payment:
    /// asking twice takes the money once. Answers the payment as it stands afterwards (succeeded).
    /// Errors: `Refused` (not held: released, lapsed, or taken already; read it back to tell), `Unavailable`.
    async fn capture(&self, payment_id: &str, amount: Taka) -> Result<ProviderPayment, GatewayError>;

    /// Lets an authorised payment go without taking anything: the hold on the buyer's card ends. Idempotent per payment.
    /// Answers the payment as it stands afterwards (cancelled).
    /// Errors: `Refused` (not held any more: read it back to tell), `Unavailable`.
    async fn release(&self, payment_id: &str) -> Result<ProviderPayment, GatewayError>;

    /// Confirms the payment with a card the browser tokenised (a single-use card token, `tok_...`). Answers the
    /// payment as it stands afterwards: succeeded, requires action (3-D Secure), or processing.
    /// Errors: `Declined` with the provider's message (the payment stays open for another card); `Refused`;
    /// `Unavailable`.
    async fn confirm_with_card(&self, payment_id: &str, card_token: &str) -> Result<ProviderPayment, GatewayError>;

    /// Reads a payment back from the provider. Errors: `Refused` (no such payment), `Unavailable`.
    async fn payment(&self, payment_id: &str) -> Result<ProviderPayment, GatewayError>;

    /// Refunds a succeeded payment in full. Idempotent per payment and `attempt`: repeating a call with the same
    /// attempt answers the same refund; a higher attempt asks again, for after a refund that failed (the provider
    /// never returns more than was paid). Answers the refund as the provider reports it.
    /// Errors: `Refused`, `Unavailable`.
    async fn refund(&self, payment_id: &str, attempt: u32) -> Result<Refund, GatewayError>;

    /// Checks a webhook delivery (the raw body and its signature header) against the webhook secret and reads
    /// the event. `now` decides whether the signature is stale.
    fn verify_event(&self, payload: &[u8], signature_header: Option<&str>, now: DateTime<Utc>) -> Result<PaymentEvent, WebhookError>;
}
