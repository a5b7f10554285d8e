//! Paying for an order by card. The browser only tokenises the card; the server opens one provider payment per
//! order for the order's stored price in taka, confirms it, and records a payment only after reading it back from
//! the provider and checking its status, amount, currency and order. The browser's confirmation and the
//! provider's webhook may both arrive, in either order and any number of times: the store settles an order once, and
//! only with the payment opened for it.
//!
//! Card attempts are counted in the order store before the provider is asked, so that nobody can test card numbers
//! through our checkout. A payment for an order that closed and whose book has gone is owed back: refunded at once,
//! and while the provider reports the refund failed, kept owed and tried again by the expiry sweep.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use puronoboi_domain::{AccountId, Order, OrderId, OrderStatus, ReportedPayment, Taka};
use puronoboi_ports::{
    CardAttemptError, CardAttemptLimits, CardAttemptOutcome, CardRefusal, GatewayError, OrderChangeError, OrderStore, OwedRefund,
    PaymentEvent, PaymentGateway, ProviderPayment, ProviderPaymentStatus, Refund, RefundStatus, ReturnKind, Secured, SettleError,
    Settlement, StoreError, WebhookError,
};

/// Where a card payment stands after a call, as the payment page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentOutcome {
    /// Paid; the transaction id is the provider's payment id.
    Succeeded { transaction_id: String },
    /// The buyer must complete 3-D Secure in the browser.
    RequiresAction { client_secret: String },
    /// Declined or failed authentication: why, and the provider's message (English). The order stays pending for
    /// another card.
    Failed { message: String, reason: PaymentFailure },
    /// The provider has not decided yet; the webhook will settle the order.
    Processing,
}

/// Why a card payment did not go through, named so that the buyer can be told in their own language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentFailure {
    /// The card was refused, for this reason.
    Card(CardRefusal),
    /// Asked how a payment stands before any card was tried for the order.
    NoCardTried,
    /// The provider cancelled the payment.
    Cancelled,
    /// The provider refused the request itself (a card token sent twice, a payment that can no longer be
    /// confirmed): typing the card again makes a new request.
    Refused,
    /// The payment arrived after the order closed and its book had gone: it was refunded.
    Refunded,
    /// The card hold arrived after the order closed: it was released, nothing was taken.
    HoldReleased,
    /// The same, while the refund has not gone through yet: it will be.
    RefundOwed,
}

#[derive(Debug, thiserror::Error)]
pub enum PayError {
    /// Card payments are not configured on this server.
    #[error("card payments are not configured")]
    NotConfigured,
    /// No such order, or it is someone else's.
    #[error("no such order")]
    NotFound,
    /// The order was cancelled or expired.
    #[error("the order is {0}")]
    Closed(OrderStatus),
    /// The provider refuses charges this small.
    #[error("card payments start at {minimum}")]
    BelowMinimum { minimum: Taka },
    /// Too many failed card attempts on this order within the hour; the provider was not asked. `retry_after`: until
    /// the next attempt is allowed.
    #[error("too many failed card attempts on this order")]
    TooManyOrderAttempts { retry_after: Duration },
    /// Too many card attempts by this account within the hour; the provider was not asked.
    #[error("too many card attempts by this account")]
    TooManyAccountAttempts { retry_after: Duration },
    /// The provider could not be reached or failed.
    #[error(transparent)]
    Unavailable(anyhow::Error),
    /// The provider reports a payment that is not exactly what the order costs (amount, currency, order): it is
    /// never recorded. Reading it again would not change it.
    #[error("payment {payment} does not match order {order}: {mismatch}")]
    Mismatch { payment: String, order: OrderId, mismatch: String },
    /// The card no longer holds the order's price (the bank let the authorisation go, or it was released): nothing
    /// can be taken. The buyer may pay another way.
    #[error("the card hold of order {0} has ended")]
    HoldEnded(OrderId),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

puronoboi_ports::unknown_from_store_error!(PayError);

impl From<OrderChangeError> for PayError {
    fn from(e: OrderChangeError) -> Self {
        match e {
            OrderChangeError::NotFound => Self::NotFound,
            OrderChangeError::Closed(status) => Self::Closed(status),
            OrderChangeError::Unknown(e) => Self::Unknown(e),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum WebhookHandlingError {
    #[error("card payments are not configured")]
    NotConfigured,
    /// The delivery is not signed by the provider (or too old): nothing was done.
    #[error(transparent)]
    Untrusted(#[from] WebhookError),
    /// Recording failed; the provider retries the delivery.
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Counter: card payments recorded against their order (each order once, however often the news arrives).
pub const PAYMENTS_RECORDED: &str = "payments_recorded_total";
/// Counter: held card payments taken at the handover.
pub const HOLDS_CAPTURED: &str = "card_holds_captured_total";
/// Counter: card holds released (their orders closed without a handover).
pub const HOLDS_RELEASED: &str = "card_holds_released_total";
/// Counter: card payments sent back because their order could not take them.
pub const REFUNDS: &str = "refunds_total";
/// Counter: attempts to send a payment back that the provider reported as failed or that could not be made. The
/// payment stays owed and is tried again, at most [`MAX_REFUND_ATTEMPTS`] times.
pub const REFUNDS_FAILED: &str = "refunds_failed_total";
/// Counter: owed payments given up on after [`MAX_REFUND_ATTEMPTS`] failed refunds: a person must return them.
pub const REFUNDS_ABANDONED: &str = "refunds_abandoned_total";

/// What a buyer sees when a card hold arrives for an order that closed meanwhile.
pub const HOLD_RELEASED_MESSAGE: &str =
    "This order was closed before your card was confirmed, so the hold on your card was released. Nothing was charged.";
/// The same, while the release has not gone through yet.
pub const HOLD_RELEASE_OWED_MESSAGE: &str =
    "This order was closed before your card was confirmed. The hold on your card will be released; nothing will be charged.";

/// What a buyer sees when a payment arrives for an order that closed and whose book has gone.
pub const REFUNDED_MESSAGE: &str =
    "This order was closed before your payment arrived and the book is no longer available, so the payment was refunded.";
/// The same, while the refund has not gone through yet.
pub const REFUND_OWED_MESSAGE: &str =
    "This order was closed before your payment arrived and the book is no longer available. Your payment will be returned to your card.";

/// Card attempts allowed within an hour: 5 failed ones per order (a buyer mistyping is done well before that; someone
/// testing stolen card numbers is not), and 20 of any outcome per account. Counted in the order store, so that every
/// server instance sees the same counts.
pub const CARD_ATTEMPT_LIMITS: CardAttemptLimits =
    CardAttemptLimits { failed_per_order: 5, per_account: 20, window: Duration::from_secs(3600) };

/// What the buyer is told when the order's limit is reached.
pub const TOO_MANY_ORDER_ATTEMPTS: &str = "Too many attempts with this order. Please wait an hour or try another card later.";
/// What the buyer is told when their account's limit is reached.
pub const TOO_MANY_ACCOUNT_ATTEMPTS: &str =
    "Too many card payment attempts from your account in the last hour. Please wait an hour and try again.";

/// How many times an owed payment is refunded before it is left to a person. Spaced by [`REFUND_RETRY_FIRST`],
/// doubling: 5 minutes, 10, 20, ... about ten hours in all, long enough for a provider's outage to end.
pub const MAX_REFUND_ATTEMPTS: u32 = 8;
/// The wait after the first failed refund; each later one waits twice as long as the one before.
pub const REFUND_RETRY_FIRST: Duration = Duration::from_secs(5 * 60);
/// How long a sweep holds the owed refunds it took before another instance may take them.
const REFUND_LEASE: Duration = Duration::from_secs(10 * 60);
/// Owed refunds one sweep tries, so that a long backlog is worked through over several sweeps.
const REFUNDS_PER_SWEEP: i64 = 50;

#[derive(Clone)]
pub struct Payments {
    gateway: Option<Arc<dyn PaymentGateway>>,
    orders: Arc<dyn OrderStore>,
    card_minimum: Taka,
}

impl Payments {
    /// `gateway` is `None` when card payments are not configured.
    pub fn new(gateway: Option<Arc<dyn PaymentGateway>>, orders: Arc<dyn OrderStore>, card_minimum: Taka) -> Self {
        Self { gateway, orders, card_minimum }
    }

    pub fn card_minimum(&self) -> Taka {
        self.card_minimum
    }

    /// Whether an order at this price can be paid by card here.
    pub fn payable_by_card(&self, price: Taka) -> bool {
        self.gateway.is_some() && price >= self.card_minimum
    }

    fn gateway(&self) -> Result<&Arc<dyn PaymentGateway>, PayError> {
        self.gateway.as_ref().ok_or(PayError::NotConfigured)
    }

    async fn buyers_order(&self, buyer: AccountId, id: OrderId) -> Result<Order, PayError> {
        self.orders.buyer_order(buyer, id).await?.ok_or(PayError::NotFound)
    }

    /// Pays the buyer's pending order with a card the browser tokenised.
    pub async fn pay_with_card(&self, buyer: AccountId, id: OrderId, card_token: &str) -> Result<PaymentOutcome, PayError> {
        let order = self.buyers_order(buyer, id).await?;
        if let Some(transaction_id) = paid_by_card(&order) {
            return Ok(PaymentOutcome::Succeeded { transaction_id });
        }
        if order.status != OrderStatus::Pending {
            return Err(PayError::Closed(order.status));
        }
        if order.price < self.card_minimum {
            return Err(PayError::BelowMinimum { minimum: self.card_minimum });
        }
        let gateway = self.gateway()?;
        // Counted before the provider hears of it: an attempt over the limit never reaches the provider.
        let attempt = self.orders.start_card_attempt(buyer, order.id, CARD_ATTEMPT_LIMITS).await.map_err(|e| {
            let wait = |retry_at: DateTime<Utc>| (retry_at - Utc::now()).to_std().unwrap_or_default().max(Duration::from_secs(1));
            match e {
                CardAttemptError::OrderLimit { retry_at } => {
                    tracing::warn!(order = %order.id, %buyer, "too many failed card attempts on one order");
                    PayError::TooManyOrderAttempts { retry_after: wait(retry_at) }
                }
                CardAttemptError::AccountLimit { retry_at } => {
                    tracing::warn!(%buyer, "too many card attempts by one account");
                    PayError::TooManyAccountAttempts { retry_after: wait(retry_at) }
                }
                CardAttemptError::Unknown(e) => PayError::Unknown(e),
            }
        })?;
        let result = self.try_card(gateway, &order, card_token).await;
        let outcome = match &result {
            Ok(PaymentOutcome::Failed { .. }) => CardAttemptOutcome::Failed,
            Ok(_) => CardAttemptOutcome::Accepted,
            Err(PayError::Unavailable(_)) => CardAttemptOutcome::Unanswered,
            Err(_) => CardAttemptOutcome::Failed,
        };
        if let Err(e) = self.orders.finish_card_attempt(attempt, outcome).await {
            // The attempt then counts as failed: the limit errs on the safe side; the buyer's answer stands.
            tracing::warn!(error = %e.0, order = %order.id, "could not record how a card attempt ended");
        }
        result
    }

    async fn try_card(&self, gateway: &Arc<dyn PaymentGateway>, order: &Order, card_token: &str) -> Result<PaymentOutcome, PayError> {
        let payment_id = match &order.payment_id {
            Some(id) => id.clone(),
            None => {
                let opened = gateway.open_payment(order.id, order.price).await.map_err(unavailable)?;
                // Two tabs may open at once; the provider's idempotency key makes them the same payment, and the
                // store keeps the first id either way.
                self.orders.attach_payment(order.id, &opened.id).await?
            }
        };
        match gateway.confirm_with_card(&payment_id, card_token).await {
            Ok(payment) => self.outcome(order, payment).await,
            Err(GatewayError::Declined { message, reason }) => Ok(PaymentOutcome::Failed { message, reason: PaymentFailure::Card(reason) }),
            Err(GatewayError::Refused { message }) => {
                // Refused can mean the card already holds the price (a double click, another tab): read it back.
                let payment = gateway.payment(&payment_id).await.map_err(unavailable)?;
                if matches!(payment.status, ProviderPaymentStatus::Succeeded | ProviderPaymentStatus::Authorised) {
                    self.outcome(order, payment).await
                } else {
                    Ok(PaymentOutcome::Failed { message, reason: PaymentFailure::Refused })
                }
            }
            Err(GatewayError::Unavailable(e)) => Err(PayError::Unavailable(e)),
        }
    }

    /// Reads the order's payment back from the provider (after 3-D Secure in the browser) and records it if it
    /// succeeded.
    pub async fn sync(&self, buyer: AccountId, id: OrderId) -> Result<PaymentOutcome, PayError> {
        let order = self.buyers_order(buyer, id).await?;
        if let Some(transaction_id) = paid_by_card(&order) {
            return Ok(PaymentOutcome::Succeeded { transaction_id });
        }
        let Some(payment_id) = order.payment_id.clone() else {
            return match order.status {
                OrderStatus::Pending => Ok(PaymentOutcome::Failed {
                    message: "No card has been tried for this order yet.".to_owned(),
                    reason: PaymentFailure::NoCardTried,
                }),
                status => Err(PayError::Closed(status)),
            };
        };
        let payment = self.gateway()?.payment(&payment_id).await.map_err(unavailable)?;
        if order.status != OrderStatus::Pending && !secures_money(&payment.status) {
            return Err(PayError::Closed(order.status));
        }
        self.outcome(&order, payment).await
    }

    /// Handles one webhook delivery: only a verified `payment_intent.succeeded` changes anything, and only after
    /// the payment is read back from the provider. (Card holds send no event: the browser's confirmation and the
    /// expiry sweep read them back.)
    pub async fn handle_webhook(&self, payload: &[u8], signature: Option<&str>, now: DateTime<Utc>) -> Result<(), WebhookHandlingError> {
        let gateway = self.gateway.as_ref().ok_or(WebhookHandlingError::NotConfigured)?;
        let PaymentEvent::PaymentSucceeded { payment_id } = gateway.verify_event(payload, signature, now)? else {
            return Ok(());
        };
        let payment = gateway.payment(&payment_id).await.map_err(|e| anyhow::anyhow!("reading back payment {payment_id}: {e}"))?;
        let Some(order_id) = payment.order_id.as_deref().and_then(|id| id.parse::<OrderId>().ok()) else {
            tracing::warn!(%payment_id, "a payment without one of our order ids succeeded; ignored");
            return Ok(());
        };
        let Some(order) = self.orders.order(order_id).await.map_err(|e| e.0)? else {
            tracing::warn!(%payment_id, %order_id, "a payment for an unknown order succeeded; ignored");
            return Ok(());
        };
        // Only the payment this server opened for the order may settle it: one made elsewhere with the order's id
        // in its metadata (someone holding an API key, say) is not ours to record.
        if order.payment_id.as_deref() != Some(payment_id.as_str()) {
            tracing::warn!(
                %payment_id,
                %order_id,
                order_payment = order.payment_id.as_deref().unwrap_or("none"),
                "a payment succeeded that is not the one opened for its order; acknowledged, not recorded"
            );
            return Ok(());
        }
        match self.settle(&order, &payment).await {
            Ok(_) => Ok(()),
            Err(PayError::Unavailable(e) | PayError::Unknown(e)) => Err(WebhookHandlingError::Unknown(e)),
            // Nothing a redelivery could change: acknowledged, and logged where it happened.
            Err(_) => Ok(()),
        }
    }

    async fn outcome(&self, order: &Order, payment: ProviderPayment) -> Result<PaymentOutcome, PayError> {
        match payment.status {
            ProviderPaymentStatus::Succeeded | ProviderPaymentStatus::Authorised => self.settle(order, &payment).await,
            ProviderPaymentStatus::AwaitingBuyer => match payment.client_secret {
                Some(client_secret) => Ok(PaymentOutcome::RequiresAction { client_secret }),
                None => Err(PayError::Unknown(anyhow::anyhow!("payment {} needs action but has no client secret", payment.id))),
            },
            ProviderPaymentStatus::NeedsCard => Ok(PaymentOutcome::Failed {
                message: payment.failure_message.unwrap_or_else(|| "The card could not be charged. Try another card.".to_owned()),
                reason: PaymentFailure::Card(payment.failure_reason.unwrap_or(CardRefusal::Declined)),
            }),
            ProviderPaymentStatus::Cancelled => {
                Ok(PaymentOutcome::Failed { message: "The payment was cancelled.".to_owned(), reason: PaymentFailure::Cancelled })
            }
            ProviderPaymentStatus::InProgress | ProviderPaymentStatus::NotConfirmed | ProviderPaymentStatus::Other(_) => {
                Ok(PaymentOutcome::Processing)
            }
        }
    }

    /// Records a payment that holds or took the order's price against its order, after checking it is exactly what
    /// the order costs.
    pub(crate) async fn settle(&self, order: &Order, payment: &ProviderPayment) -> Result<PaymentOutcome, PayError> {
        let reported = ReportedPayment {
            succeeded: secures_money(&payment.status),
            amount_minor: payment.amount_minor,
            currency: &payment.currency,
            order_id: payment.order_id.as_deref(),
        };
        if let Err(mismatch) = order.check_payment(&reported) {
            tracing::error!(order = %order.id, payment = %payment.id, %mismatch, "a payment does not match its order; not recorded");
            return Err(PayError::Mismatch { payment: payment.id.clone(), order: order.id, mismatch: mismatch.to_string() });
        }
        let secured = if payment.status == ProviderPaymentStatus::Authorised { Secured::Held } else { Secured::Taken };
        match self.orders.settle_payment(order.id, &payment.id, secured).await {
            Ok(Settlement::Paid(paid)) => {
                metrics::counter!(PAYMENTS_RECORDED).increment(1);
                tracing::info!(order = %paid.id, payment = %payment.id, status = %paid.status, "card payment recorded");
                Ok(PaymentOutcome::Succeeded { transaction_id: payment.id.clone() })
            }
            Ok(Settlement::AlreadyPaid(_)) => Ok(PaymentOutcome::Succeeded { transaction_id: payment.id.clone() }),
            Ok(Settlement::MustRefund(closed)) if secured == Secured::Held => {
                // Nothing was taken: the hold is let go.
                let owed = self.orders.owe_return(closed.id, &payment.id, ReturnKind::Release).await?;
                let released = match owed {
                    None => true,
                    Some(owed) => self.refund_owed(&owed, Utc::now()).await?,
                };
                let (message, reason) = if released {
                    (HOLD_RELEASED_MESSAGE, PaymentFailure::HoldReleased)
                } else {
                    (HOLD_RELEASE_OWED_MESSAGE, PaymentFailure::HoldReleased)
                };
                Ok(PaymentOutcome::Failed { message: message.to_owned(), reason })
            }
            Ok(Settlement::MustRefund(closed)) => {
                let owed = if closed.refunded { None } else { self.orders.owe_return(closed.id, &payment.id, ReturnKind::Refund).await? };
                let refunded = match owed {
                    None => true,
                    Some(owed) => self.refund_owed(&owed, Utc::now()).await?,
                };
                let (message, reason) =
                    if refunded { (REFUNDED_MESSAGE, PaymentFailure::Refunded) } else { (REFUND_OWED_MESSAGE, PaymentFailure::RefundOwed) };
                Ok(PaymentOutcome::Failed { message: message.to_owned(), reason })
            }
            Err(SettleError::NotFound) => Err(PayError::NotFound),
            Err(SettleError::PaidByAnother(paid)) => {
                // Cannot happen with one payment per order; if it ever does, the second charge goes back.
                tracing::error!(order = %paid.id, payment = %payment.id, "a second payment succeeded for a paid order; refunding it");
                // Not kept as owed (the order owes nothing): a refund that fails is an error, so the provider
                // delivers the news again and this is tried again.
                let refund = self.gateway()?.refund(&payment.id, 0).await;
                match refund {
                    Ok(Refund { id, status: RefundStatus::Succeeded | RefundStatus::Pending }) => {
                        metrics::counter!(REFUNDS).increment(1);
                        tracing::warn!(order = %paid.id, refund = %id, "refunded a second payment");
                        Ok(PaymentOutcome::Succeeded { transaction_id: paid.transaction_id.unwrap_or_default() })
                    }
                    Ok(Refund { id, status: RefundStatus::Failed }) => {
                        metrics::counter!(REFUNDS_FAILED).increment(1);
                        Err(PayError::Unavailable(anyhow::anyhow!("refund {id} of a second payment {} failed", payment.id)))
                    }
                    Err(e) => {
                        metrics::counter!(REFUNDS_FAILED).increment(1);
                        Err(unavailable(e))
                    }
                }
            }
            Err(SettleError::Unknown(e)) => Err(PayError::Unknown(e)),
        }
    }

    /// Tries to send an owed payment back. Answers whether it went (succeeded, or accepted and under way). When the
    /// provider reports the refund failed, or cannot be asked, the payment stays owed: the failure is logged and
    /// counted, and [`Payments::retry_owed_refunds`] tries again later, at most [`MAX_REFUND_ATTEMPTS`] times in all.
    async fn refund_owed(&self, owed: &OwedRefund, now: DateTime<Utc>) -> Result<bool, PayError> {
        let why = match owed.kind {
            ReturnKind::Release => match self.release_hold(owed).await? {
                Ok(()) => return Ok(true),
                Err(why) => why,
            },
            ReturnKind::Refund => match self.refund_taken(owed).await? {
                Ok(()) => return Ok(true),
                Err(why) => why,
            },
        };
        let failed = owed.failed_attempts + 1;
        metrics::counter!(REFUNDS_FAILED).increment(1);
        let wait = REFUND_RETRY_FIRST.saturating_mul(2u32.saturating_pow(failed.saturating_sub(1)));
        let retry_at = now + chrono::Duration::from_std(wait).unwrap_or(chrono::Duration::MAX);
        if failed >= MAX_REFUND_ATTEMPTS {
            metrics::counter!(REFUNDS_ABANDONED).increment(1);
            tracing::error!(
                order = %owed.order,
                payment = %owed.payment_id,
                kind = owed.kind.as_str(),
                failed,
                %why,
                "money owed to a buyer could not be returned; no more attempts: a person must return it"
            );
        } else {
            tracing::warn!(order = %owed.order, payment = %owed.payment_id, kind = owed.kind.as_str(), failed, %why, %retry_at, "returning money failed; it will be tried again");
        }
        self.orders.refund_failed(owed.order, retry_at).await?;
        Ok(false)
    }

    /// Lets an owed card hold go. `Ok(Err(why))`: not released now (tried again later).
    async fn release_hold(&self, owed: &OwedRefund) -> Result<Result<(), String>, PayError> {
        let gateway = self.gateway()?;
        let released = match gateway.release(&owed.payment_id).await {
            Ok(payment) => payment,
            // Not held any more: read it back to tell whether it was let go already or taken.
            Err(GatewayError::Refused { message }) => match gateway.payment(&owed.payment_id).await {
                Ok(payment) => payment,
                Err(e) => return Ok(Err(format!("the release was refused ({message}) and the payment could not be read: {e}"))),
            },
            Err(e) => return Ok(Err(format!("the hold could not be released: {e}"))),
        };
        match released.status {
            ProviderPaymentStatus::Cancelled => {
                self.orders.record_release(owed.order).await?;
                metrics::counter!(HOLDS_RELEASED).increment(1);
                tracing::info!(order = %owed.order, payment = %owed.payment_id, "a card hold was released");
                Ok(Ok(()))
            }
            // Taken after all (a handover raced a close in a way the store's locks should make impossible): the money
            // goes back as a refund.
            ProviderPaymentStatus::Succeeded => {
                tracing::error!(order = %owed.order, payment = %owed.payment_id, "a hold owed back was taken; refunding it");
                self.refund_taken(owed).await
            }
            other => Ok(Err(format!("the payment is {other:?} after its release"))),
        }
    }

    /// Refunds owed money that was taken. `Ok(Err(why))`: not refunded now (tried again later).
    async fn refund_taken(&self, owed: &OwedRefund) -> Result<Result<(), String>, PayError> {
        let why = match self.gateway()?.refund(&owed.payment_id, owed.failed_attempts).await {
            Ok(Refund { id, status: RefundStatus::Succeeded | RefundStatus::Pending }) => {
                self.orders.record_refund(owed.order, &id).await?;
                metrics::counter!(REFUNDS).increment(1);
                tracing::warn!(order = %owed.order, payment = %owed.payment_id, refund = %id, "a payment for a closed order was refunded");
                return Ok(Ok(()));
            }
            Ok(Refund { id, status: RefundStatus::Failed }) => format!("the provider reports refund {id} failed"),
            Err(e) => format!("the refund could not be made: {e}"),
        };
        Ok(Err(why))
    }

    /// Returns at once what a closed order owes its buyer (the hold of a held order the buyer just cancelled), instead
    /// of waiting for the sweep; a failure leaves it owed for the sweep. Answers whether it went back now.
    pub async fn return_owed_now(&self, order: &Order) -> Result<bool, PayError> {
        let (Some(payment), true) = (&order.transaction_id, order.held_at.is_some()) else { return Ok(false) };
        if self.gateway.is_none() {
            return Ok(false);
        }
        match self.orders.owe_return(order.id, payment, ReturnKind::Release).await? {
            None => Ok(true),
            Some(owed) => self.refund_owed(&owed, Utc::now()).await,
        }
    }

    /// Takes the money a held order's card holds, after the seller entered the buyer's code (the order is claimed for
    /// it: [`puronoboi_ports::Handover::CaptureDue`]), and records the order completed. The provider is asked once per
    /// order (its idempotency key makes a repeat answer the same capture). When the money cannot be taken now, the
    /// claim is given up so that the seller may try again, and the deadline applies again.
    pub async fn take_held(&self, order: &Order, now: DateTime<Utc>) -> Result<Order, PayError> {
        let result = self.capture(order).await;
        match result {
            Ok(()) => {
                let completed = self.orders.complete_held(order.id, now).await?;
                metrics::counter!(HOLDS_CAPTURED).increment(1);
                tracing::info!(order = %order.id, "a held card payment was taken at the handover");
                Ok(completed)
            }
            Err(e) => {
                if let Err(dropped) = self.orders.drop_capture_claim(order.id).await {
                    tracing::warn!(order = %order.id, error = %dropped.0, "could not give up a capture claim; it lapses on its own");
                }
                Err(e)
            }
        }
    }

    async fn capture(&self, order: &Order) -> Result<(), PayError> {
        let gateway = self.gateway()?;
        let payment_id = order.transaction_id.as_deref().ok_or_else(|| anyhow::anyhow!("held order {} has no payment", order.id))?;
        let payment = match gateway.capture(payment_id, order.price).await {
            Ok(payment) => payment,
            // Refused: taken already (asked twice) or not held any more; the payment read back tells.
            Err(GatewayError::Refused { .. } | GatewayError::Declined { .. }) => gateway.payment(payment_id).await.map_err(unavailable)?,
            Err(GatewayError::Unavailable(e)) => return Err(PayError::Unavailable(e)),
        };
        if payment.status != ProviderPaymentStatus::Succeeded {
            tracing::error!(order = %order.id, payment = %payment_id, status = ?payment.status, "a held payment could not be taken: the hold has ended");
            return Err(PayError::HoldEnded(order.id));
        }
        let reported = ReportedPayment {
            succeeded: true,
            amount_minor: payment.amount_minor,
            currency: &payment.currency,
            order_id: payment.order_id.as_deref(),
        };
        order.check_payment(&reported).map_err(|mismatch| {
            tracing::error!(order = %order.id, payment = %payment.id, %mismatch, "a taken payment does not match its order");
            PayError::Mismatch { payment: payment.id.clone(), order: order.id, mismatch: mismatch.to_string() }
        })
    }

    /// Tries again the owed refunds that are due at `now` (a bounded number per call); answers how many went. Several
    /// server instances may call it at once: each takes different refunds.
    pub async fn retry_owed_refunds(&self, now: DateTime<Utc>) -> Result<u64, StoreError> {
        if self.gateway.is_none() {
            return Ok(0);
        }
        let due = self.orders.take_due_refunds(now, MAX_REFUND_ATTEMPTS, REFUND_LEASE, REFUNDS_PER_SWEEP).await?;
        let mut refunded = 0;
        for owed in due {
            match self.refund_owed(&owed, now).await {
                Ok(true) => refunded += 1,
                Ok(false) => {}
                Err(e) => tracing::warn!(order = %owed.order, error = %e, "retrying a refund failed"),
            }
        }
        Ok(refunded)
    }

    /// Whether a provider is configured whose payments can be read.
    pub fn reads_payments(&self) -> bool {
        self.gateway.is_some()
    }

    /// Reads an order's payment from the provider.
    pub(crate) async fn provider_payment(&self, payment_id: &str) -> Result<ProviderPayment, PayError> {
        self.gateway()?.payment(payment_id).await.map_err(unavailable)
    }
}

/// The card payment an order already has (held until the handover, taken up front, or taken at the handover), by its
/// transaction id.
fn paid_by_card(order: &Order) -> Option<String> {
    order.transaction_id.clone().filter(|_| order.status.has_card_payment(order.held_at.is_some()))
}

/// Whether the provider secured the money: holds it on the card, or took it.
fn secures_money(status: &ProviderPaymentStatus) -> bool {
    matches!(status, ProviderPaymentStatus::Succeeded | ProviderPaymentStatus::Authorised)
}

fn unavailable(e: GatewayError) -> PayError {
    match e {
        GatewayError::Unavailable(e) => PayError::Unavailable(e),
        other => PayError::Unknown(anyhow::anyhow!("the payment provider refused: {other}")),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use puronoboi_domain::{Account, BookId, BookStatus};
    use puronoboi_fakes::accounts::InMemoryAccounts;
    use puronoboi_fakes::catalogue::open_buyer;
    use puronoboi_fakes::orders::{book_for_sale, contact, placed_new};
    use puronoboi_fakes::payments::{CardHolder as _, DECLINED_MESSAGE, FakePaymentGateway, GatewayCall, RefundScript, Tamper, TestCard};
    use puronoboi_fakes::shop::InMemoryShop;
    use puronoboi_ports::{CatalogueReader as _, OrderStore as _};

    use super::*;

    /// A shop, a fake provider and the use case over them; every order costs 250 taka unless said otherwise.
    struct World {
        accounts: Arc<InMemoryAccounts>,
        shop: Arc<InMemoryShop>,
        gateway: Arc<FakePaymentGateway>,
        payments: Payments,
    }

    fn world() -> World {
        let accounts = Arc::new(InMemoryAccounts::default());
        let shop = Arc::new(InMemoryShop::new(accounts.clone()));
        let gateway = Arc::new(FakePaymentGateway::default());
        let payments = Payments::new(Some(gateway.clone()), shop.clone(), Taka::new(50).expect("a price"));
        World { accounts, shop, gateway, payments }
    }

    impl World {
        async fn order(&self, tag: &str, price: i64) -> (Account, Order) {
            let book = book_for_sale(self.accounts.as_ref(), self.shop.as_ref(), tag, price).await;
            let buyer = open_buyer(self.accounts.as_ref(), tag).await;
            let order = placed_new(self.shop.place_order(&buyer, book, &contact(), 5).await);
            (buyer, order)
        }

        async fn pay(&self, buyer: &Account, order: &Order, card: TestCard) -> Result<PaymentOutcome, PayError> {
            self.payments.pay_with_card(buyer.id, order.id, &self.gateway.card_token(card).await).await
        }

        /// An order whose payment waits for the buyer's 3-D Secure step; answers the payment's id.
        async fn awaiting_buyer(&self, buyer: &Account, order: &Order) -> String {
            let outcome = self.pay(buyer, order, TestCard::ThreeDSecure).await.expect("answered");
            assert!(matches!(outcome, PaymentOutcome::RequiresAction { .. }), "{outcome:?}");
            self.stored(order.id).await.payment_id.expect("a payment is attached")
        }

        async fn finish_3d_secure(&self, payment_id: &str) {
            let payment = self.gateway.payment(payment_id).await.expect("the payment");
            self.gateway.authenticate(&payment, true).await;
        }

        /// The payment took the money in full, as payments opened before holds existed did.
        fn taken_in_full(&self, payment_id: &str) {
            self.gateway.set_status(payment_id, ProviderPaymentStatus::Succeeded);
        }

        async fn stored(&self, id: OrderId) -> Order {
            self.shop.order(id).await.expect("read").expect("the order")
        }

        async fn book_status(&self, id: BookId) -> BookStatus {
            self.shop.book_detail(id).await.expect("read").expect("the book").book.status
        }

        fn confirms(&self) -> usize {
            self.gateway.calls().iter().filter(|c| matches!(c, GatewayCall::Confirm { .. })).count()
        }
    }

    #[tokio::test]
    async fn a_good_card_holds_the_price_and_the_book_stays_reserved_until_the_handover() {
        let w = world();
        let (buyer, order) = w.order("good", 250).await;
        let outcome = w.pay(&buyer, &order, TestCard::Pays).await.expect("paid");
        let held = w.stored(order.id).await;
        let payment_id = held.payment_id.clone().expect("attached");
        assert_eq!(outcome, PaymentOutcome::Succeeded { transaction_id: payment_id.clone() });
        assert_eq!((held.status, held.transaction_id.as_deref()), (OrderStatus::Held, Some(payment_id.as_str())));
        assert_eq!(w.book_status(order.book_id).await, BookStatus::Pending, "sold only at the handover");
        assert!(!w.gateway.calls().iter().any(|c| matches!(c, GatewayCall::Capture { .. })), "nothing taken before the handover");
        assert_eq!(w.gateway.calls()[0], GatewayCall::Open { order: order.id, amount: order.price }, "the order's own price");
        // Paying again answers the payment without asking the provider.
        let calls = w.gateway.calls().len();
        assert_eq!(w.pay(&buyer, &order, TestCard::Pays).await.expect("paid"), outcome);
        assert_eq!(w.gateway.calls().len(), calls);
    }

    #[tokio::test]
    async fn only_the_buyer_pays_a_pending_order_above_the_card_minimum() {
        let w = world();
        let (buyer, order) = w.order("whose", 250).await;
        let stranger = open_buyer(w.accounts.as_ref(), "whose-stranger").await;
        assert!(matches!(w.pay(&stranger, &order, TestCard::Pays).await, Err(PayError::NotFound)));
        let (cheap_buyer, cheap) = w.order("cheap", 20).await;
        assert!(matches!(w.pay(&cheap_buyer, &cheap, TestCard::Pays).await, Err(PayError::BelowMinimum { .. })));
        w.shop.cancel_order(buyer.id, order.id).await.expect("cancelled");
        assert!(matches!(w.pay(&buyer, &order, TestCard::Pays).await, Err(PayError::Closed(OrderStatus::Cancelled))));
        assert!(w.gateway.calls().is_empty(), "the provider heard of none of them");
    }

    #[tokio::test]
    async fn a_declined_card_leaves_the_order_open_until_the_order_has_failed_too_often() {
        let w = world();
        let (buyer, order) = w.order("declined", 250).await;
        for attempt in 1..=CARD_ATTEMPT_LIMITS.failed_per_order {
            let outcome = w.pay(&buyer, &order, TestCard::Declined).await.expect("answered");
            assert_eq!(
                outcome,
                PaymentOutcome::Failed { message: DECLINED_MESSAGE.to_owned(), reason: PaymentFailure::Card(CardRefusal::Declined) },
                "attempt {attempt}"
            );
        }
        assert_eq!(w.stored(order.id).await.status, OrderStatus::Pending);
        assert_eq!(w.book_status(order.book_id).await, BookStatus::Pending, "still held for the buyer");
        let confirms = w.confirms();
        let refused = w.pay(&buyer, &order, TestCard::Pays).await;
        assert!(
            matches!(refused, Err(PayError::TooManyOrderAttempts { retry_after }) if retry_after > Duration::from_secs(3000)),
            "{refused:?}"
        );
        assert_eq!(w.confirms(), confirms, "the provider was not asked");
    }

    #[tokio::test]
    async fn attempts_the_provider_never_answered_do_not_count_against_the_order() {
        let w = world();
        let (buyer, order) = w.order("unreachable", 250).await;
        w.gateway.set_unreachable(true);
        for _ in 0..=CARD_ATTEMPT_LIMITS.failed_per_order {
            assert!(matches!(w.pay(&buyer, &order, TestCard::Pays).await, Err(PayError::Unavailable(_))));
        }
        w.gateway.set_unreachable(false);
        let outcome = w.pay(&buyer, &order, TestCard::Pays).await.expect("the provider is back");
        assert!(matches!(outcome, PaymentOutcome::Succeeded { .. }), "{outcome:?}");
    }

    #[tokio::test]
    async fn a_3d_secure_payment_is_recorded_once_the_buyer_authenticates() {
        let w = world();
        let (buyer, order) = w.order("3ds", 250).await;
        let payment_id = w.awaiting_buyer(&buyer, &order).await;
        assert_eq!(
            w.payments.sync(buyer.id, order.id).await.expect("read"),
            PaymentOutcome::RequiresAction { client_secret: format!("{payment_id}_secret") }
        );
        w.finish_3d_secure(&payment_id).await;
        let outcome = w.payments.sync(buyer.id, order.id).await.expect("read");
        assert_eq!(outcome, PaymentOutcome::Succeeded { transaction_id: payment_id });
        assert_eq!(w.stored(order.id).await.status, OrderStatus::Held);
    }

    #[tokio::test]
    async fn a_payment_for_another_amount_currency_or_order_is_never_recorded() {
        for (tag, tamper) in [
            ("amount", Tamper::AmountMinor(25_000 - 1)),
            ("currency", Tamper::Currency("usd".to_owned())),
            ("order", Tamper::OrderId(Some(OrderId::new().to_string()))),
            ("no-order", Tamper::OrderId(None)),
        ] {
            let w = world();
            let (buyer, order) = w.order(tag, 250).await;
            let payment_id = w.awaiting_buyer(&buyer, &order).await;
            w.gateway.tamper(&payment_id, tamper);
            w.finish_3d_secure(&payment_id).await;

            let synced = w.payments.sync(buyer.id, order.id).await;
            assert!(
                matches!(&synced, Err(PayError::Mismatch { payment, order: o, .. }) if *payment == payment_id && *o == order.id),
                "{tag}: {synced:?}"
            );
            let (payload, signature) = FakePaymentGateway::succeeded_event(&payment_id);
            w.payments.handle_webhook(&payload, Some(signature), Utc::now()).await.expect("acknowledged, nothing to retry");
            let stored = w.stored(order.id).await;
            assert_eq!((stored.status, stored.transaction_id), (OrderStatus::Pending, None), "{tag}");
            assert_eq!(w.book_status(order.book_id).await, BookStatus::Pending, "{tag}");
        }
    }

    #[tokio::test]
    async fn a_webhook_records_only_the_payment_opened_for_its_order() {
        let w = world();
        let (buyer, order) = w.order("webhook", 250).await;
        let payment_id = w.awaiting_buyer(&buyer, &order).await;
        let elsewhere = w.gateway.payment_made_elsewhere(order.id, order.price);
        let (payload, signature) = FakePaymentGateway::succeeded_event(&elsewhere.id);
        w.payments.handle_webhook(&payload, Some(signature), Utc::now()).await.expect("acknowledged");
        assert_eq!(w.stored(order.id).await.status, OrderStatus::Pending, "not ours to record");

        let (payload, _) = FakePaymentGateway::succeeded_event(&payment_id);
        let forged = w.payments.handle_webhook(&payload, Some("forged"), Utc::now()).await;
        assert!(matches!(forged, Err(WebhookHandlingError::Untrusted(WebhookError::BadSignature))), "{forged:?}");

        w.finish_3d_secure(&payment_id).await;
        let (payload, signature) = FakePaymentGateway::succeeded_event(&payment_id);
        w.payments.handle_webhook(&payload, Some(signature), Utc::now()).await.expect("recorded");
        w.payments.handle_webhook(&payload, Some(signature), Utc::now()).await.expect("a redelivery changes nothing");
        let paid = w.stored(order.id).await;
        assert_eq!((paid.status, paid.transaction_id), (OrderStatus::Held, Some(payment_id)));
    }

    #[tokio::test]
    async fn a_second_payment_of_a_paid_order_goes_back_and_a_failed_refund_asks_for_redelivery() {
        let w = world();
        let (buyer, order) = w.order("second", 250).await;
        let payment_id = w.awaiting_buyer(&buyer, &order).await;
        // The order was paid by another payment meanwhile (it cannot happen with one payment per order: if it ever
        // does, the second charge must go back).
        w.shop.settle_payment(order.id, "pi_first", Secured::Taken).await.expect("paid");
        w.taken_in_full(&payment_id);

        w.gateway.script_refunds(RefundScript::Unreachable);
        let (payload, signature) = FakePaymentGateway::succeeded_event(&payment_id);
        let failed = w.payments.handle_webhook(&payload, Some(signature), Utc::now()).await;
        assert!(matches!(failed, Err(WebhookHandlingError::Unknown(_))), "the provider must deliver it again: {failed:?}");

        w.gateway.script_refunds(RefundScript::Succeed);
        w.payments.handle_webhook(&payload, Some(signature), Utc::now()).await.expect("refunded");
        let refunds = w.gateway.refunds();
        assert_eq!(refunds.last().map(|(p, _, r)| (p.as_str(), r.status)), Some((payment_id.as_str(), RefundStatus::Succeeded)));
        let paid = w.stored(order.id).await;
        assert_eq!((paid.status, paid.transaction_id.as_deref()), (OrderStatus::Paid, Some("pi_first")), "the first payment stands");
    }

    #[tokio::test]
    async fn a_hold_arriving_after_the_order_closed_is_released_and_nothing_taken() {
        let w = world();
        let (buyer, order) = w.order("late-hold", 250).await;
        let payment_id = w.awaiting_buyer(&buyer, &order).await;
        w.shop.cancel_order(buyer.id, order.id).await.expect("cancelled in another tab");
        w.finish_3d_secure(&payment_id).await;

        let outcome = w.payments.sync(buyer.id, order.id).await.expect("read");
        assert_eq!(outcome, PaymentOutcome::Failed { message: HOLD_RELEASED_MESSAGE.to_owned(), reason: PaymentFailure::HoldReleased });
        let closed = w.stored(order.id).await;
        assert_eq!((closed.status, closed.hold_released, closed.refunded), (OrderStatus::Cancelled, true, false));
        assert_eq!(w.book_status(order.book_id).await, BookStatus::Available);
        assert_eq!(w.gateway.payment(&payment_id).await.expect("read").status, ProviderPaymentStatus::Cancelled, "the hold let go");
        assert!(w.gateway.refunds().is_empty() && !w.gateway.calls().iter().any(|c| matches!(c, GatewayCall::Capture { .. })));
    }

    #[tokio::test]
    async fn a_late_payment_is_kept_when_the_book_is_still_for_sale() {
        let w = world();
        let (buyer, order) = w.order("late-kept", 250).await;
        let payment_id = w.awaiting_buyer(&buyer, &order).await;
        w.shop.cancel_order(buyer.id, order.id).await.expect("cancelled in another tab");
        w.taken_in_full(&payment_id);

        let outcome = w.payments.sync(buyer.id, order.id).await.expect("read");
        assert_eq!(outcome, PaymentOutcome::Succeeded { transaction_id: payment_id });
        assert_eq!(w.stored(order.id).await.status, OrderStatus::Paid);
        assert_eq!(w.book_status(order.book_id).await, BookStatus::Sold);
        assert!(w.gateway.refunds().is_empty());
    }

    #[tokio::test]
    async fn a_late_payment_is_refunded_when_the_book_has_gone() {
        let w = world();
        let (buyer, order) = w.order("late-gone", 250).await;
        let payment_id = w.awaiting_buyer(&buyer, &order).await;
        w.shop.cancel_order(buyer.id, order.id).await.expect("cancelled");
        let next = open_buyer(w.accounts.as_ref(), "late-gone-next").await;
        placed_new(w.shop.place_order(&next, order.book_id, &contact(), 5).await);
        w.taken_in_full(&payment_id);

        let outcome = w.payments.sync(buyer.id, order.id).await.expect("read");
        assert_eq!(outcome, PaymentOutcome::Failed { message: REFUNDED_MESSAGE.to_owned(), reason: PaymentFailure::Refunded });
        let closed = w.stored(order.id).await;
        assert_eq!((closed.status, closed.refunded), (OrderStatus::Cancelled, true));
        assert_eq!(w.book_status(order.book_id).await, BookStatus::Pending, "still the next buyer's");
        assert_eq!(w.gateway.refunds().iter().map(|(p, a, _)| (p.clone(), *a)).collect::<Vec<_>>(), vec![(payment_id, 0)]);
        let due =
            w.shop.take_due_refunds(Utc::now() + chrono::Duration::days(1), MAX_REFUND_ATTEMPTS, REFUND_LEASE, 10).await.expect("read");
        assert!(due.is_empty(), "nothing is owed: {due:?}");
    }

    #[tokio::test]
    async fn a_refund_that_fails_is_kept_owed_and_retried_later() {
        for script in [RefundScript::Fail, RefundScript::Unreachable] {
            let w = world();
            let (buyer, order) = w.order("owed", 250).await;
            let payment_id = w.awaiting_buyer(&buyer, &order).await;
            w.shop.cancel_order(buyer.id, order.id).await.expect("cancelled");
            let next = open_buyer(w.accounts.as_ref(), "owed-next").await;
            placed_new(w.shop.place_order(&next, order.book_id, &contact(), 5).await);
            w.taken_in_full(&payment_id);
            w.gateway.script_refunds(script);

            let outcome = w.payments.sync(buyer.id, order.id).await.expect("read");
            assert_eq!(
                outcome,
                PaymentOutcome::Failed { message: REFUND_OWED_MESSAGE.to_owned(), reason: PaymentFailure::RefundOwed },
                "{script:?}"
            );
            assert!(!w.stored(order.id).await.refunded, "{script:?}");
            assert_eq!(w.payments.retry_owed_refunds(Utc::now()).await.expect("ran"), 0, "not due before the wait: {script:?}");

            w.gateway.script_refunds(RefundScript::Succeed);
            let later = Utc::now() + chrono::Duration::from_std(REFUND_RETRY_FIRST).expect("a wait") + chrono::Duration::seconds(1);
            assert_eq!(w.payments.retry_owed_refunds(later).await.expect("ran"), 1, "{script:?}");
            assert!(w.stored(order.id).await.refunded, "{script:?}");
            let attempts: Vec<u32> = w.gateway.refunds().iter().filter(|(p, ..)| *p == payment_id).map(|(_, a, _)| *a).collect();
            assert_eq!(attempts.last(), Some(&1), "a new attempt, not the failed one again: {script:?}");
            assert_eq!(w.payments.retry_owed_refunds(later + chrono::Duration::days(1)).await.expect("ran"), 0, "nothing owed: {script:?}");
        }
    }
}
