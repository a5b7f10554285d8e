//! A scriptable in-memory payment provider that keeps the provider's rules (one payment per order, single-use card
//! tokens, a paid payment confirms no more, a declined card leaves the payment open for another), records every call
//! made to it, and can be told to misbehave: be out of reach, fail refunds, or report a payment for another amount,
//! currency or order. With it the contract cases every `PaymentGateway` must pass, run against this fake and against
//! the Stripe adapter on localstripe.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{OrderId, TAKA_CURRENCY, Taka};
use puronoboi_ports::{
    CardRefusal, GatewayError, PaymentEvent, PaymentGateway, ProviderPayment, ProviderPaymentStatus, Refund, RefundStatus, WebhookError,
};

/// What the message of a declined card says, as Stripe words it.
pub const DECLINED_MESSAGE: &str = "Your card was declined.";
/// The signature header the fake's webhook deliveries carry; anything else is refused as a bad signature.
pub const FAKE_SIGNATURE: &str = "fake-signature";

/// Test cards, as a buyer would type them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestCard {
    /// Authorised at once: the price is held on it.
    Pays,
    /// Declined when charged.
    Declined,
    /// Asks for 3-D Secure; pays once the buyer authenticates.
    ThreeDSecure,
}

/// What a contract case needs from the provider's other side: cards tokenised as the browser tokenises them, and the
/// buyer's 3-D Secure step.
#[async_trait]
pub trait CardHolder: Send + Sync {
    /// A single-use card token for the card.
    async fn card_token(&self, card: TestCard) -> String;

    /// Completes (or fails) 3-D Secure for a payment awaiting the buyer, as the browser does.
    async fn authenticate(&self, payment: &ProviderPayment, success: bool);
}

/// One call the fake received, for tests that check what the provider was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GatewayCall {
    Open { order: OrderId, amount: Taka },
    Confirm { payment_id: String, card_token: String },
    Read { payment_id: String },
    Refund { payment_id: String, attempt: u32 },
    Capture { payment_id: String, amount: Taka },
    Release { payment_id: String },
}

/// How the fake answers refunds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RefundScript {
    #[default]
    Succeed,
    /// Accepted, the bank has not confirmed yet.
    Pending,
    /// The provider reports the refund failed.
    Fail,
    /// The provider cannot be reached for refunds.
    Unreachable,
}

/// What the fake reports about a payment instead of the truth: a payment that is not what its order costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tamper {
    AmountMinor(i64),
    Currency(String),
    OrderId(Option<String>),
}

#[derive(Default)]
struct GatewayState {
    payments: Vec<ProviderPayment>,
    /// Token -> its card, while unused.
    tokens: HashMap<String, TestCard>,
    used_tokens: Vec<String>,
    refunds: Vec<(String, u32, Refund)>,
    calls: Vec<GatewayCall>,
    unreachable: bool,
    refund_script: RefundScript,
    tampered: HashMap<String, Vec<Tamper>>,
    next: u64,
}

impl GatewayState {
    fn next_id(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}_fake{:08}", self.next)
    }

    fn payment_mut(&mut self, id: &str) -> Result<&mut ProviderPayment, GatewayError> {
        self.payments
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or_else(|| GatewayError::Refused { message: format!("No such payment_intent: '{id}'") })
    }

    /// The payment as the provider reports it, tampered as scripted.
    fn reported(&self, payment: &ProviderPayment) -> ProviderPayment {
        let mut reported = payment.clone();
        for tamper in self.tampered.get(&payment.id).into_iter().flatten() {
            match tamper {
                Tamper::AmountMinor(amount) => reported.amount_minor = *amount,
                Tamper::Currency(currency) => reported.currency.clone_from(currency),
                Tamper::OrderId(order) => reported.order_id.clone_from(order),
            }
        }
        reported
    }
}

/// The fake provider. Cards come from [`CardHolder::card_token`]; 3-D Secure completes through
/// [`CardHolder::authenticate`] or [`FakePaymentGateway::set_status`].
#[derive(Default)]
pub struct FakePaymentGateway {
    state: Mutex<GatewayState>,
}

impl FakePaymentGateway {
    fn lock(&self) -> MutexGuard<'_, GatewayState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Every call received so far, oldest first.
    pub fn calls(&self) -> Vec<GatewayCall> {
        self.lock().calls.clone()
    }

    /// The refunds made so far: (payment, attempt, refund).
    pub fn refunds(&self) -> Vec<(String, u32, Refund)> {
        self.lock().refunds.clone()
    }

    /// From now on every call fails as if the provider were out of reach (or works again).
    pub fn set_unreachable(&self, unreachable: bool) {
        self.lock().unreachable = unreachable;
    }

    pub fn script_refunds(&self, script: RefundScript) {
        self.lock().refund_script = script;
    }

    /// Reports this payment other than it is, as a payment not made for its order would be.
    pub fn tamper(&self, payment_id: &str, tamper: Tamper) {
        self.lock().tampered.entry(payment_id.to_owned()).or_default().push(tamper);
    }

    /// Moves a payment as the provider would on its own (the buyer finished 3-D Secure elsewhere, the bank decided).
    pub fn set_status(&self, payment_id: &str, status: ProviderPaymentStatus) {
        if let Ok(payment) = self.lock().payment_mut(payment_id) {
            payment.status = status;
        }
    }

    /// A payment the provider holds, paid, for this order but not opened through this server (made elsewhere with
    /// the order's id in its metadata).
    pub fn payment_made_elsewhere(&self, order: OrderId, amount: Taka) -> ProviderPayment {
        let mut state = self.lock();
        let id = state.next_id("pi");
        let payment = ProviderPayment {
            client_secret: Some(format!("{id}_secret")),
            id,
            status: ProviderPaymentStatus::Succeeded,
            amount_minor: amount.paisa(),
            currency: TAKA_CURRENCY.to_owned(),
            order_id: Some(order.to_string()),
            failure_message: None,
            failure_reason: None,
        };
        state.payments.push(payment.clone());
        payment
    }

    /// A webhook delivery announcing that this payment succeeded, signed the fake's way.
    pub fn succeeded_event(payment_id: &str) -> (Vec<u8>, &'static str) {
        (format!("payment_intent.succeeded {payment_id}").into_bytes(), FAKE_SIGNATURE)
    }

    fn reachable(state: &GatewayState) -> Result<(), GatewayError> {
        if state.unreachable { Err(GatewayError::Unavailable(anyhow::anyhow!("the fake provider is out of reach"))) } else { Ok(()) }
    }
}

#[async_trait]
impl PaymentGateway for FakePaymentGateway {
    async fn open_payment(&self, order: OrderId, amount: Taka) -> Result<ProviderPayment, GatewayError> {
        let mut state = self.lock();
        state.calls.push(GatewayCall::Open { order, amount });
        Self::reachable(&state)?;
        let order_id = order.to_string();
        // Idempotent per order, as the adapter's idempotency key makes Stripe.
        if let Some(existing) = state.payments.iter().find(|p| p.order_id.as_deref() == Some(order_id.as_str())) {
            return Ok(state.reported(existing));
        }
        let id = state.next_id("pi");
        let payment = ProviderPayment {
            client_secret: Some(format!("{id}_secret")),
            id,
            status: ProviderPaymentStatus::NeedsCard,
            amount_minor: amount.paisa(),
            currency: TAKA_CURRENCY.to_owned(),
            order_id: Some(order_id),
            failure_message: None,
            failure_reason: None,
        };
        state.payments.push(payment.clone());
        Ok(state.reported(&payment))
    }

    async fn confirm_with_card(&self, payment_id: &str, card_token: &str) -> Result<ProviderPayment, GatewayError> {
        let mut state = self.lock();
        state.calls.push(GatewayCall::Confirm { payment_id: payment_id.to_owned(), card_token: card_token.to_owned() });
        Self::reachable(&state)?;
        let status = state.payment_mut(payment_id)?.status.clone();
        if matches!(status, ProviderPaymentStatus::Succeeded | ProviderPaymentStatus::Authorised | ProviderPaymentStatus::Cancelled) {
            return Err(GatewayError::Refused {
                message: format!("This PaymentIntent's status is {status:?}, which does not allow confirming it."),
            });
        }
        let Some(card) = state.tokens.remove(card_token) else {
            let message = if state.used_tokens.iter().any(|t| t == card_token) {
                format!("You cannot use a Stripe token more than once: {card_token}.")
            } else {
                format!("No such token: '{card_token}'")
            };
            return Err(GatewayError::Refused { message });
        };
        state.used_tokens.push(card_token.to_owned());
        let payment = state.payment_mut(payment_id)?;
        match card {
            TestCard::Pays => {
                payment.status = ProviderPaymentStatus::Authorised;
                payment.failure_message = None;
                payment.failure_reason = None;
            }
            TestCard::ThreeDSecure => payment.status = ProviderPaymentStatus::AwaitingBuyer,
            TestCard::Declined => {
                payment.status = ProviderPaymentStatus::NeedsCard;
                payment.failure_message = Some(DECLINED_MESSAGE.to_owned());
                payment.failure_reason = Some(CardRefusal::Declined);
                return Err(GatewayError::Declined { message: DECLINED_MESSAGE.to_owned(), reason: CardRefusal::Declined });
            }
        }
        let payment = payment.clone();
        Ok(state.reported(&payment))
    }

    async fn payment(&self, payment_id: &str) -> Result<ProviderPayment, GatewayError> {
        let mut state = self.lock();
        state.calls.push(GatewayCall::Read { payment_id: payment_id.to_owned() });
        Self::reachable(&state)?;
        let payment = state.payment_mut(payment_id)?.clone();
        Ok(state.reported(&payment))
    }

    async fn capture(&self, payment_id: &str, amount: Taka) -> Result<ProviderPayment, GatewayError> {
        let mut state = self.lock();
        state.calls.push(GatewayCall::Capture { payment_id: payment_id.to_owned(), amount });
        Self::reachable(&state)?;
        let payment = state.payment_mut(payment_id)?;
        match payment.status {
            ProviderPaymentStatus::Authorised if amount.paisa() <= payment.amount_minor => {
                payment.status = ProviderPaymentStatus::Succeeded
            }
            ProviderPaymentStatus::Authorised => {
                return Err(GatewayError::Refused { message: "The amount to capture is more than the amount capturable.".to_owned() });
            }
            // The idempotency key: asking again answers the capture made.
            ProviderPaymentStatus::Succeeded => {}
            ref other => {
                return Err(GatewayError::Refused {
                    message: format!("This PaymentIntent could not be captured because it has a status of {other:?}."),
                });
            }
        }
        let payment = payment.clone();
        Ok(state.reported(&payment))
    }

    async fn release(&self, payment_id: &str) -> Result<ProviderPayment, GatewayError> {
        let mut state = self.lock();
        state.calls.push(GatewayCall::Release { payment_id: payment_id.to_owned() });
        Self::reachable(&state)?;
        let payment = state.payment_mut(payment_id)?;
        match payment.status {
            ProviderPaymentStatus::Succeeded => {
                return Err(GatewayError::Refused {
                    message: "You cannot cancel this PaymentIntent because it has a status of succeeded.".to_owned(),
                });
            }
            _ => payment.status = ProviderPaymentStatus::Cancelled,
        }
        let payment = payment.clone();
        Ok(state.reported(&payment))
    }

    async fn refund(&self, payment_id: &str, attempt: u32) -> Result<Refund, GatewayError> {
        let mut state = self.lock();
        state.calls.push(GatewayCall::Refund { payment_id: payment_id.to_owned(), attempt });
        Self::reachable(&state)?;
        if state.refund_script == RefundScript::Unreachable {
            return Err(GatewayError::Unavailable(anyhow::anyhow!("the fake provider's refunds are out of reach")));
        }
        if state.payment_mut(payment_id)?.status != ProviderPaymentStatus::Succeeded {
            return Err(GatewayError::Refused { message: format!("payment {payment_id} has not succeeded; nothing to refund") });
        }
        if let Some((_, _, refund)) = state.refunds.iter().find(|(p, a, _)| p == payment_id && *a == attempt) {
            return Ok(refund.clone());
        }
        let status = match state.refund_script {
            RefundScript::Succeed | RefundScript::Unreachable => RefundStatus::Succeeded,
            RefundScript::Pending => RefundStatus::Pending,
            RefundScript::Fail => RefundStatus::Failed,
        };
        let refund = Refund { id: state.next_id("re"), status };
        state.refunds.push((payment_id.to_owned(), attempt, refund.clone()));
        Ok(refund)
    }

    fn verify_event(&self, payload: &[u8], signature_header: Option<&str>, _now: DateTime<Utc>) -> Result<PaymentEvent, WebhookError> {
        match signature_header {
            None => return Err(WebhookError::Unsigned),
            Some(FAKE_SIGNATURE) => {}
            Some(_) => return Err(WebhookError::BadSignature),
        }
        let text = std::str::from_utf8(payload).map_err(|e| WebhookError::Malformed(e.to_string()))?;
        Ok(match text.split_once(' ') {
            Some(("payment_intent.succeeded", payment_id)) => PaymentEvent::PaymentSucceeded { payment_id: payment_id.to_owned() },
            Some((kind, _)) => PaymentEvent::Other { kind: kind.to_owned() },
            None => return Err(WebhookError::Malformed(text.to_owned())),
        })
    }
}

#[async_trait]
impl CardHolder for FakePaymentGateway {
    async fn card_token(&self, card: TestCard) -> String {
        let mut state = self.lock();
        let token = state.next_id("tok");
        state.tokens.insert(token.clone(), card);
        token
    }

    async fn authenticate(&self, payment: &ProviderPayment, success: bool) {
        let mut state = self.lock();
        if let Ok(stored) = state.payment_mut(&payment.id)
            && stored.status == ProviderPaymentStatus::AwaitingBuyer
        {
            if success {
                stored.status = ProviderPaymentStatus::Authorised;
            } else {
                stored.status = ProviderPaymentStatus::NeedsCard;
                stored.failure_message = Some("The buyer could not be authenticated.".to_owned());
                stored.failure_reason = Some(CardRefusal::AuthenticationFailed);
            }
        }
    }
}

fn taka(amount: i64) -> Taka {
    Taka::new(amount).expect("a price")
}

/// Every contract case, each on payments of its own, so one provider serves them all.
pub async fn payment_gateway_contract(gateway: &dyn PaymentGateway, cards: &dyn CardHolder) {
    an_opened_payment_charges_the_orders_price_in_taka_for_that_order(gateway).await;
    a_good_card_pays_and_the_payment_reads_back_paid(gateway, cards).await;
    a_declined_card_leaves_the_payment_open_for_another_card(gateway, cards).await;
    a_card_that_needs_3d_secure_pays_once_the_buyer_authenticates(gateway, cards).await;
    a_failed_3d_secure_leaves_the_payment_open(gateway, cards).await;
    a_paid_payment_confirms_no_more_and_is_refunded(gateway, cards).await;
    a_held_payment_is_taken_once_at_the_handover(gateway, cards).await;
    a_released_hold_is_never_taken(gateway, cards).await;
    a_card_token_is_used_once_and_unknown_ones_are_refused(gateway, cards).await;
}

async fn an_opened_payment_charges_the_orders_price_in_taka_for_that_order(gateway: &dyn PaymentGateway) {
    let order = OrderId::new();
    let opened = gateway.open_payment(order, taka(350)).await.expect("opened");
    assert!(opened.id.starts_with("pi_"), "{opened:?}");
    assert_eq!(opened.status, ProviderPaymentStatus::NeedsCard);
    assert_eq!((opened.amount_minor, opened.currency.as_str(), opened.order_id.clone()), (35000, "bdt", Some(order.to_string())));
    assert!(opened.client_secret.as_deref().is_some_and(|secret| secret.starts_with(&opened.id)), "{opened:?}");
    assert_eq!(opened.failure_message, None);
    assert_eq!(gateway.payment(&opened.id).await.expect("read back"), opened);
}

async fn a_good_card_pays_and_the_payment_reads_back_paid(gateway: &dyn PaymentGateway, cards: &dyn CardHolder) {
    let order = OrderId::new();
    let opened = gateway.open_payment(order, taka(350)).await.expect("opened");
    let paid = gateway.confirm_with_card(&opened.id, &cards.card_token(TestCard::Pays).await).await.expect("confirmed");
    assert_eq!((paid.id.as_str(), &paid.status), (opened.id.as_str(), &ProviderPaymentStatus::Authorised), "held, not taken");
    let read = gateway.payment(&opened.id).await.expect("read back");
    assert_eq!(read.status, ProviderPaymentStatus::Authorised);
    assert_eq!((read.amount_minor, read.currency.as_str(), read.order_id), (35000, "bdt", Some(order.to_string())));
    assert_eq!((read.failure_message, read.failure_reason), (None, None));
}

async fn a_declined_card_leaves_the_payment_open_for_another_card(gateway: &dyn PaymentGateway, cards: &dyn CardHolder) {
    let opened = gateway.open_payment(OrderId::new(), taka(350)).await.expect("opened");
    let declined = gateway.confirm_with_card(&opened.id, &cards.card_token(TestCard::Declined).await).await;
    assert!(
        matches!(&declined, Err(GatewayError::Declined { message, reason: CardRefusal::Declined }) if message == DECLINED_MESSAGE),
        "{declined:?}"
    );
    let after = gateway.payment(&opened.id).await.expect("read back");
    assert_eq!((after.status, after.failure_message.as_deref()), (ProviderPaymentStatus::NeedsCard, Some(DECLINED_MESSAGE)));
    assert_eq!(after.failure_reason, Some(CardRefusal::Declined));
    let paid = gateway.confirm_with_card(&opened.id, &cards.card_token(TestCard::Pays).await).await.expect("another card pays");
    assert_eq!((paid.id, paid.status), (opened.id, ProviderPaymentStatus::Authorised));
}

async fn a_card_that_needs_3d_secure_pays_once_the_buyer_authenticates(gateway: &dyn PaymentGateway, cards: &dyn CardHolder) {
    let opened = gateway.open_payment(OrderId::new(), taka(350)).await.expect("opened");
    let waiting = gateway.confirm_with_card(&opened.id, &cards.card_token(TestCard::ThreeDSecure).await).await.expect("confirmed");
    assert_eq!(waiting.status, ProviderPaymentStatus::AwaitingBuyer);
    assert!(waiting.status.is_under_way());
    assert_eq!(waiting.client_secret, opened.client_secret, "the browser authenticates with the payment's secret");
    assert_eq!(gateway.payment(&opened.id).await.expect("read back").status, ProviderPaymentStatus::AwaitingBuyer);
    cards.authenticate(&waiting, true).await;
    assert_eq!(gateway.payment(&opened.id).await.expect("read back").status, ProviderPaymentStatus::Authorised);
}

async fn a_failed_3d_secure_leaves_the_payment_open(gateway: &dyn PaymentGateway, cards: &dyn CardHolder) {
    let opened = gateway.open_payment(OrderId::new(), taka(120)).await.expect("opened");
    let waiting = gateway.confirm_with_card(&opened.id, &cards.card_token(TestCard::ThreeDSecure).await).await.expect("confirmed");
    cards.authenticate(&waiting, false).await;
    let failed = gateway.payment(&opened.id).await.expect("read back");
    assert_eq!(failed.status, ProviderPaymentStatus::NeedsCard);
    assert!(failed.failure_message.is_some(), "{failed:?}");
    assert_eq!(failed.failure_reason, Some(CardRefusal::AuthenticationFailed));
    let paid = gateway.confirm_with_card(&opened.id, &cards.card_token(TestCard::Pays).await).await.expect("another card");
    assert_eq!(paid.status, ProviderPaymentStatus::Authorised);
}

async fn a_paid_payment_confirms_no_more_and_is_refunded(gateway: &dyn PaymentGateway, cards: &dyn CardHolder) {
    let opened = gateway.open_payment(OrderId::new(), taka(350)).await.expect("opened");
    gateway.confirm_with_card(&opened.id, &cards.card_token(TestCard::Pays).await).await.expect("held");
    let again = gateway.confirm_with_card(&opened.id, &cards.card_token(TestCard::Pays).await).await;
    assert!(matches!(again, Err(GatewayError::Refused { .. })), "a held payment confirms no more: {again:?}");
    gateway.capture(&opened.id, taka(350)).await.expect("taken");
    let again = gateway.confirm_with_card(&opened.id, &cards.card_token(TestCard::Pays).await).await;
    assert!(matches!(again, Err(GatewayError::Refused { .. })), "{again:?}");
    let refund = gateway.refund(&opened.id, 0).await.expect("refunded");
    assert!(refund.id.starts_with("re_"), "{refund:?}");
    assert_ne!(refund.status, RefundStatus::Failed, "{refund:?}");
}

async fn a_held_payment_is_taken_once_at_the_handover(gateway: &dyn PaymentGateway, cards: &dyn CardHolder) {
    let opened = gateway.open_payment(OrderId::new(), taka(420)).await.expect("opened");
    // Refused by Stripe; localstripe fails with a 500 instead. Either way nothing is taken.
    let not_held = gateway.capture(&opened.id, taka(420)).await;
    assert!(not_held.is_err(), "nothing held yet: {not_held:?}");
    gateway.confirm_with_card(&opened.id, &cards.card_token(TestCard::Pays).await).await.expect("held");
    let taken = gateway.capture(&opened.id, taka(420)).await.expect("taken");
    assert_eq!((taken.id.as_str(), &taken.status, taken.amount_minor), (opened.id.as_str(), &ProviderPaymentStatus::Succeeded, 42_000));
    let again = gateway.capture(&opened.id, taka(420)).await.expect("asking again answers the capture made");
    assert_eq!(again.status, ProviderPaymentStatus::Succeeded);
    assert_eq!(gateway.payment(&opened.id).await.expect("read back").status, ProviderPaymentStatus::Succeeded);
    let release = gateway.release(&opened.id).await;
    assert!(matches!(release, Err(GatewayError::Refused { .. })), "taken money is refunded, not released: {release:?}");
}

async fn a_released_hold_is_never_taken(gateway: &dyn PaymentGateway, cards: &dyn CardHolder) {
    let opened = gateway.open_payment(OrderId::new(), taka(300)).await.expect("opened");
    gateway.confirm_with_card(&opened.id, &cards.card_token(TestCard::Pays).await).await.expect("held");
    let released = gateway.release(&opened.id).await.expect("released");
    assert_eq!((released.id.as_str(), &released.status), (opened.id.as_str(), &ProviderPaymentStatus::Cancelled));
    assert_eq!(gateway.release(&opened.id).await.expect("releasing again changes nothing").status, ProviderPaymentStatus::Cancelled);
    let taken = gateway.capture(&opened.id, taka(300)).await;
    assert!(matches!(taken, Err(GatewayError::Refused { .. })), "{taken:?}");
    assert_eq!(gateway.payment(&opened.id).await.expect("read back").status, ProviderPaymentStatus::Cancelled);
}

async fn a_card_token_is_used_once_and_unknown_ones_are_refused(gateway: &dyn PaymentGateway, cards: &dyn CardHolder) {
    let token = cards.card_token(TestCard::Declined).await;
    let first = gateway.open_payment(OrderId::new(), taka(350)).await.expect("opened");
    let second = gateway.open_payment(OrderId::new(), taka(350)).await.expect("opened");
    assert!(matches!(gateway.confirm_with_card(&first.id, &token).await, Err(GatewayError::Declined { .. })));
    let reused = gateway.confirm_with_card(&second.id, &token).await;
    assert!(
        matches!(&reused, Err(GatewayError::Refused { message }) if message.starts_with("You cannot use a Stripe token more than once")),
        "{reused:?}"
    );
    assert!(matches!(gateway.confirm_with_card(&second.id, "tok_doesnotexist00").await, Err(GatewayError::Refused { .. })));
    assert!(matches!(gateway.payment("pi_doesnotexist00").await, Err(GatewayError::Refused { .. })));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_fake_provider_keeps_the_payment_gateway_contract() {
        let gateway = FakePaymentGateway::default();
        payment_gateway_contract(&gateway, &gateway).await;
    }

    #[tokio::test]
    async fn the_fake_provider_records_its_calls_and_plays_its_script() {
        let gateway = FakePaymentGateway::default();
        let order = OrderId::new();
        let opened = gateway.open_payment(order, taka(120)).await.expect("opened");
        assert_eq!(gateway.open_payment(order, taka(120)).await.expect("again").id, opened.id, "one payment per order");
        gateway.tamper(&opened.id, Tamper::AmountMinor(1));
        assert_eq!(gateway.payment(&opened.id).await.expect("read").amount_minor, 1);
        gateway.set_unreachable(true);
        assert!(matches!(gateway.payment(&opened.id).await, Err(GatewayError::Unavailable(_))));
        assert_eq!(
            gateway.calls(),
            vec![
                GatewayCall::Open { order, amount: taka(120) },
                GatewayCall::Open { order, amount: taka(120) },
                GatewayCall::Read { payment_id: opened.id.clone() },
                GatewayCall::Read { payment_id: opened.id.clone() },
            ]
        );
        gateway.set_unreachable(false);
        gateway.set_status(&opened.id, ProviderPaymentStatus::Succeeded);
        gateway.script_refunds(RefundScript::Fail);
        let failed = gateway.refund(&opened.id, 0).await.expect("answered");
        assert_eq!(failed.status, RefundStatus::Failed);
        assert_eq!(gateway.refund(&opened.id, 0).await.expect("answered"), failed, "the same attempt answers the same refund");
        gateway.script_refunds(RefundScript::Succeed);
        assert_eq!(gateway.refund(&opened.id, 1).await.expect("answered").status, RefundStatus::Succeeded, "a new attempt asks again");
    }
}
