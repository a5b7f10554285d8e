//! Paying for an order by card. The browser only tokenises the card; the server opens one provider payment per
//! order for the order's stored price in taka, confirms it, and records a payment only after reading it back from
//! the provider and checking its status, amount, currency and order. The browser's confirmation and the
//! provider's webhook may both arrive, in either order and any number of times: the store settles an order once.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use puronoboi_domain::{AccountId, Order, OrderId, OrderStatus, ReportedPayment, Taka};
use puronoboi_ports::{
    GatewayError, OrderChangeError, OrderStore, PaymentEvent, PaymentGateway, ProviderPayment, ProviderPaymentStatus, SettleError,
    Settlement, StoreError, WebhookError,
};

/// Where a card payment stands after a call, as the payment page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentOutcome {
    /// Paid; the transaction id is the provider's payment id.
    Succeeded { transaction_id: String },
    /// The buyer must complete 3-D Secure in the browser.
    RequiresAction { client_secret: String },
    /// Declined or failed authentication; the provider's message. The order stays pending for another card.
    Failed { message: String },
    /// The provider has not decided yet; the webhook will settle the order.
    Processing,
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
    /// The provider could not be reached or failed.
    #[error(transparent)]
    Unavailable(anyhow::Error),
    /// The provider reports a payment that is not exactly what the order costs (amount, currency, order): it is
    /// never recorded. Reading it again would not change it.
    #[error("payment {payment} does not match order {order}: {mismatch}")]
    Mismatch { payment: String, order: OrderId, mismatch: String },
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

impl From<StoreError> for PayError {
    fn from(e: StoreError) -> Self {
        Self::Unknown(e.0)
    }
}

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
/// Counter: card payments sent back because their order could not take them.
pub const REFUNDS: &str = "refunds_total";

/// What a buyer sees when a payment arrives for an order that closed and whose book has gone.
pub const REFUNDED_MESSAGE: &str =
    "This order was closed before your payment arrived and the book is no longer available, so the payment was refunded.";

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
        match (order.status, &order.transaction_id) {
            (OrderStatus::Paid, Some(transaction_id)) => return Ok(PaymentOutcome::Succeeded { transaction_id: transaction_id.clone() }),
            (OrderStatus::Pending, _) => {}
            (status, _) => return Err(PayError::Closed(status)),
        }
        if order.price < self.card_minimum {
            return Err(PayError::BelowMinimum { minimum: self.card_minimum });
        }
        let gateway = self.gateway()?;
        let payment_id = match &order.payment_id {
            Some(id) => id.clone(),
            None => {
                let opened = gateway.open_payment(order.id, order.price).await.map_err(unavailable)?;
                // Two tabs may open at once; the provider's idempotency key makes them the same payment, and the
                // store keeps the first id either way.
                self.orders.attach_payment(order.id, &opened.id).await?
            }
        };
        self.orders.note_payment_attempt(order.id).await?;
        match gateway.confirm_with_card(&payment_id, card_token).await {
            Ok(payment) => self.outcome(&order, payment).await,
            Err(GatewayError::Declined { message }) => Ok(PaymentOutcome::Failed { message }),
            Err(GatewayError::Refused { message }) => {
                // Refused can mean the payment already succeeded (a double click, another tab): read it back.
                let payment = gateway.payment(&payment_id).await.map_err(unavailable)?;
                if payment.status == ProviderPaymentStatus::Succeeded {
                    self.outcome(&order, payment).await
                } else {
                    Ok(PaymentOutcome::Failed { message })
                }
            }
            Err(GatewayError::Unavailable(e)) => Err(PayError::Unavailable(e)),
        }
    }

    /// Reads the order's payment back from the provider (after 3-D Secure in the browser) and records it if it
    /// succeeded.
    pub async fn sync(&self, buyer: AccountId, id: OrderId) -> Result<PaymentOutcome, PayError> {
        let order = self.buyers_order(buyer, id).await?;
        if let (OrderStatus::Paid, Some(transaction_id)) = (order.status, &order.transaction_id) {
            return Ok(PaymentOutcome::Succeeded { transaction_id: transaction_id.clone() });
        }
        let Some(payment_id) = order.payment_id.clone() else {
            return match order.status {
                OrderStatus::Pending => Ok(PaymentOutcome::Failed { message: "No card has been tried for this order yet.".to_owned() }),
                status => Err(PayError::Closed(status)),
            };
        };
        let payment = self.gateway()?.payment(&payment_id).await.map_err(unavailable)?;
        if order.status != OrderStatus::Pending && payment.status != ProviderPaymentStatus::Succeeded {
            return Err(PayError::Closed(order.status));
        }
        self.outcome(&order, payment).await
    }

    /// Handles one webhook delivery: only a verified `payment_intent.succeeded` changes anything, and only after
    /// the payment is read back from the provider.
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
        match self.settle(&order, &payment).await {
            Ok(_) => Ok(()),
            Err(PayError::Unavailable(e) | PayError::Unknown(e)) => Err(WebhookHandlingError::Unknown(e)),
            // Nothing a redelivery could change: acknowledged, and logged where it happened.
            Err(_) => Ok(()),
        }
    }

    async fn outcome(&self, order: &Order, payment: ProviderPayment) -> Result<PaymentOutcome, PayError> {
        match payment.status {
            ProviderPaymentStatus::Succeeded => self.settle(order, &payment).await,
            ProviderPaymentStatus::RequiresAction => match payment.client_secret {
                Some(client_secret) => Ok(PaymentOutcome::RequiresAction { client_secret }),
                None => Err(PayError::Unknown(anyhow::anyhow!("payment {} needs action but has no client secret", payment.id))),
            },
            ProviderPaymentStatus::RequiresPaymentMethod => Ok(PaymentOutcome::Failed {
                message: payment.failure_message.unwrap_or_else(|| "The card could not be charged. Try another card.".to_owned()),
            }),
            ProviderPaymentStatus::Canceled => Ok(PaymentOutcome::Failed { message: "The payment was cancelled.".to_owned() }),
            ProviderPaymentStatus::Processing
            | ProviderPaymentStatus::RequiresConfirmation
            | ProviderPaymentStatus::RequiresCapture
            | ProviderPaymentStatus::Other(_) => Ok(PaymentOutcome::Processing),
        }
    }

    /// Records a succeeded payment against its order, after checking it is exactly what the order costs.
    async fn settle(&self, order: &Order, payment: &ProviderPayment) -> Result<PaymentOutcome, PayError> {
        let reported = ReportedPayment {
            succeeded: payment.status == ProviderPaymentStatus::Succeeded,
            amount_minor: payment.amount_minor,
            currency: &payment.currency,
            order_id: payment.order_id.as_deref(),
        };
        if let Err(mismatch) = order.check_payment(&reported) {
            tracing::error!(order = %order.id, payment = %payment.id, %mismatch, "a payment does not match its order; not recorded");
            return Err(PayError::Mismatch { payment: payment.id.clone(), order: order.id, mismatch: mismatch.to_string() });
        }
        match self.orders.settle_payment(order.id, &payment.id).await {
            Ok(Settlement::Paid(paid)) => {
                metrics::counter!(PAYMENTS_RECORDED).increment(1);
                tracing::info!(order = %paid.id, payment = %payment.id, "order paid");
                Ok(PaymentOutcome::Succeeded { transaction_id: payment.id.clone() })
            }
            Ok(Settlement::AlreadyPaid(_)) => Ok(PaymentOutcome::Succeeded { transaction_id: payment.id.clone() }),
            Ok(Settlement::MustRefund(closed)) => {
                if !closed.refunded {
                    let refund = self.gateway()?.refund(&payment.id).await.map_err(unavailable)?;
                    metrics::counter!(REFUNDS).increment(1);
                    self.orders.record_refund(closed.id, &refund).await?;
                    tracing::warn!(order = %closed.id, payment = %payment.id, %refund, "a payment for a closed order was refunded");
                }
                Ok(PaymentOutcome::Failed { message: REFUNDED_MESSAGE.to_owned() })
            }
            Err(SettleError::NotFound) => Err(PayError::NotFound),
            Err(SettleError::PaidByAnother(paid)) => {
                // Cannot happen with one payment per order; if it ever does, the second charge goes back.
                tracing::error!(order = %paid.id, payment = %payment.id, "a second payment succeeded for a paid order; refunding it");
                let refund = self.gateway()?.refund(&payment.id).await.map_err(unavailable)?;
                metrics::counter!(REFUNDS).increment(1);
                tracing::warn!(order = %paid.id, %refund, "refunded a second payment");
                Ok(PaymentOutcome::Succeeded { transaction_id: paid.transaction_id.unwrap_or_default() })
            }
            Err(SettleError::Unknown(e)) => Err(PayError::Unknown(e)),
        }
    }
}

fn unavailable(e: GatewayError) -> PayError {
    match e {
        GatewayError::Unavailable(e) => PayError::Unavailable(e),
        other => PayError::Unknown(anyhow::anyhow!("the payment provider refused: {other}")),
    }
}
