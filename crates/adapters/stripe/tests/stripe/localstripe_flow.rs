//! The whole payment flow against a running localstripe (scripts/localstripe.sh, with serve.py's two additions), the
//! way the product drives it: open one payment per order, tokenise a card the way the browser's Stripe.js does,
//! confirm, retry a declined payment with another card, finish 3-D Secure the way localstripe's Stripe.js stand-in
//! does, refund, and receive the signed webhook.
//!
//! localstripe ignores `Idempotency-Key`, so nothing here relies on it (`api` checks the header is sent).

use std::time::{Duration, Instant};

use chrono::Utc;
use puronoboi_domain::{OrderId, Taka};
use puronoboi_fakes::payments::{CardHolder, TestCard, payment_gateway_contract};
use puronoboi_ports::{CardRefusal, GatewayError, PaymentEvent, PaymentGateway, ProviderPayment, ProviderPaymentStatus, RefundStatus};
use puronoboi_stripe::{StripeConfig, StripeGateway};
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::cards::{DECLINED, THREE_D_SECURE, VISA};
use crate::localstripe;

const SECRET_KEY: &str = "sk_test_puronoboi_localstripe";
const PUBLISHABLE_KEY: &str = "pk_test_puronoboi_localstripe";
const WEBHOOK_SECRET: &str = "whsec_puronoboi_localstripe_test";

async fn gateway() -> (StripeGateway, String) {
    let base = localstripe::localstripe_url().await;
    let config = StripeConfig { secret_key: SECRET_KEY.to_owned(), webhook_secret: WEBHOOK_SECRET.to_owned(), api_base: base.clone() };
    (StripeGateway::new(config, reqwest::Client::new()), base)
}

async fn card_token(base: &str, number: &str) -> String {
    localstripe::card_token(base, PUBLISHABLE_KEY, number).await
}

/// Finishes (or fails) 3-D Secure the way localstripe's Stripe.js stand-in does in the browser.
async fn authenticate(base: &str, payment: &ProviderPayment, success: bool) {
    let client_secret = payment.client_secret.as_deref().expect("a client secret");
    let form = [("key", PUBLISHABLE_KEY), ("client_secret", client_secret), ("success", if success { "true" } else { "false" })];
    reqwest::Client::new()
        .post(format!("{base}/v1/payment_intents/{}/_authenticate", payment.id))
        .form(&form)
        .send()
        .await
        .expect("localstripe answers")
        .error_for_status()
        .expect("authenticated");
}

fn taka(amount: i64) -> Taka {
    Taka::new(amount).expect("a price")
}

#[tokio::test]
async fn a_good_card_pays_the_order() {
    let (gateway, base) = gateway().await;
    let order = OrderId::new();

    let opened = gateway.open_payment(order, taka(350)).await.expect("opened");
    assert!(opened.id.starts_with("pi_"), "{opened:?}");
    assert_eq!(opened.status, ProviderPaymentStatus::NeedsCard);
    assert_eq!(opened.amount_minor, 35000);
    assert_eq!(opened.currency, "bdt");
    assert_eq!(opened.order_id, Some(order.to_string()));
    assert!(opened.client_secret.as_deref().is_some_and(|secret| secret.starts_with(&opened.id)));

    let confirmed = gateway.confirm_with_card(&opened.id, &card_token(&base, VISA).await).await.expect("confirmed");
    assert_eq!(confirmed.id, opened.id);
    assert_eq!(confirmed.status, ProviderPaymentStatus::Authorised, "held on the card, not taken");

    let read = gateway.payment(&opened.id).await.expect("read back");
    assert_eq!(read.status, ProviderPaymentStatus::Authorised);
    assert_eq!((read.amount_minor, read.currency.as_str(), read.order_id), (35000, "bdt", Some(order.to_string())));
    assert_eq!((read.failure_message, read.failure_reason), (None, None));
}

#[tokio::test]
async fn a_declined_card_leaves_the_same_payment_open_for_another_card() {
    let (gateway, base) = gateway().await;
    let opened = gateway.open_payment(OrderId::new(), taka(350)).await.expect("opened");

    let declined = gateway.confirm_with_card(&opened.id, &card_token(&base, DECLINED).await).await.expect_err("declined");
    assert!(
        matches!(&declined, GatewayError::Declined { message, reason: CardRefusal::Declined } if message == "Your card was declined."),
        "{declined:?}"
    );
    let after_decline = gateway.payment(&opened.id).await.expect("read back");
    assert_eq!(after_decline.status, ProviderPaymentStatus::NeedsCard);
    assert_eq!(after_decline.failure_message.as_deref(), Some("Your card was declined."));
    assert_eq!(after_decline.failure_reason, Some(CardRefusal::Declined));

    let paid = gateway.confirm_with_card(&opened.id, &card_token(&base, VISA).await).await.expect("the second card pays");
    assert_eq!(paid.id, opened.id);
    assert_eq!(paid.status, ProviderPaymentStatus::Authorised);
    assert_eq!(gateway.payment(&opened.id).await.expect("read back").status, ProviderPaymentStatus::Authorised);
}

#[tokio::test]
async fn a_card_that_needs_3d_secure_is_paid_once_the_buyer_authenticates() {
    let (gateway, base) = gateway().await;
    let opened = gateway.open_payment(OrderId::new(), taka(350)).await.expect("opened");

    let pending = gateway.confirm_with_card(&opened.id, &card_token(&base, THREE_D_SECURE).await).await.expect("confirmed");
    assert_eq!(pending.status, ProviderPaymentStatus::AwaitingBuyer);
    assert_eq!(pending.client_secret, opened.client_secret);

    authenticate(&base, &pending, true).await;
    assert_eq!(gateway.payment(&opened.id).await.expect("read back").status, ProviderPaymentStatus::Authorised);
}

#[tokio::test]
async fn a_failed_3d_secure_leaves_the_payment_open_for_another_card() {
    let (gateway, base) = gateway().await;
    let opened = gateway.open_payment(OrderId::new(), taka(120)).await.expect("opened");

    let pending = gateway.confirm_with_card(&opened.id, &card_token(&base, THREE_D_SECURE).await).await.expect("confirmed");
    authenticate(&base, &pending, false).await;
    let failed = gateway.payment(&opened.id).await.expect("read back");
    assert_eq!(failed.status, ProviderPaymentStatus::NeedsCard);
    assert!(failed.failure_message.is_some(), "{failed:?}");
    assert_eq!(failed.failure_reason, Some(CardRefusal::AuthenticationFailed));

    let paid = gateway.confirm_with_card(&opened.id, &card_token(&base, VISA).await).await.expect("another card");
    assert_eq!(paid.status, ProviderPaymentStatus::Authorised);
}

#[tokio::test]
async fn abandoning_3d_secure_for_another_card_pays_with_that_card() {
    let (gateway, base) = gateway().await;
    let opened = gateway.open_payment(OrderId::new(), taka(120)).await.expect("opened");

    let pending = gateway.confirm_with_card(&opened.id, &card_token(&base, THREE_D_SECURE).await).await.expect("confirmed");
    assert_eq!(pending.status, ProviderPaymentStatus::AwaitingBuyer);

    let paid = gateway.confirm_with_card(&opened.id, &card_token(&base, VISA).await).await.expect("another card");
    assert_eq!(paid.status, ProviderPaymentStatus::Authorised);
}

#[tokio::test]
async fn a_paid_payment_is_refunded() {
    let (gateway, base) = gateway().await;
    let opened = gateway.open_payment(OrderId::new(), taka(350)).await.expect("opened");
    gateway.confirm_with_card(&opened.id, &card_token(&base, VISA).await).await.expect("held");
    gateway.capture(&opened.id, taka(350)).await.expect("taken");

    let refund = gateway.refund(&opened.id, 0).await.expect("refunded");

    assert!(refund.id.starts_with("re_"), "{refund:?}");
    assert_ne!(refund.status, RefundStatus::Failed, "{refund:?}");
}

#[tokio::test]
async fn a_paid_payment_cannot_be_confirmed_again() {
    let (gateway, base) = gateway().await;
    let opened = gateway.open_payment(OrderId::new(), taka(350)).await.expect("opened");
    gateway.confirm_with_card(&opened.id, &card_token(&base, VISA).await).await.expect("paid");

    let again = gateway.confirm_with_card(&opened.id, &card_token(&base, VISA).await).await.expect_err("already paid");

    assert!(matches!(again, GatewayError::Refused { .. }), "{again:?}");
}

#[tokio::test]
async fn a_card_token_is_used_once() {
    let (gateway, base) = gateway().await;
    let token = card_token(&base, DECLINED).await;
    let first = gateway.open_payment(OrderId::new(), taka(350)).await.expect("opened");
    let second = gateway.open_payment(OrderId::new(), taka(350)).await.expect("opened");
    assert!(matches!(gateway.confirm_with_card(&first.id, &token).await, Err(GatewayError::Declined { .. })));

    let reused = gateway.confirm_with_card(&second.id, &token).await.expect_err("used already");

    assert!(
        matches!(&reused, GatewayError::Refused { message } if message.starts_with("You cannot use a Stripe token more than once")),
        "{reused:?}"
    );
}

#[tokio::test]
async fn unknown_payments_and_tokens_are_refused() {
    let (gateway, _) = gateway().await;
    assert!(matches!(gateway.payment("pi_doesnotexist00").await, Err(GatewayError::Refused { .. })));
    let opened = gateway.open_payment(OrderId::new(), taka(350)).await.expect("opened");
    assert!(matches!(gateway.confirm_with_card(&opened.id, "tok_doesnotexist00").await, Err(GatewayError::Refused { .. })));
}

#[tokio::test]
async fn a_payment_is_announced_by_a_signed_webhook() {
    let (gateway, base) = gateway().await;
    let receiver = MockServer::start().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(200)).mount(&receiver).await;
    // Every webhook registered on the shared localstripe gets every event: this test's has its own id, and looks for
    // its own payment among whatever arrives.
    let webhook_id = format!("stripe-adapter-test-{}", OrderId::new());
    localstripe::register_webhook(&base, &webhook_id, &format!("{}/api/payments/stripe/webhook", receiver.uri()), WEBHOOK_SECRET).await;

    let opened = gateway.open_payment(OrderId::new(), taka(350)).await.expect("opened");
    gateway.confirm_with_card(&opened.id, &card_token(&base, VISA).await).await.expect("held");
    // A hold sends no event; taking the money does.
    gateway.capture(&opened.id, taka(350)).await.expect("taken");

    // localstripe sends it about a second later.
    let deadline = Instant::now() + Duration::from_secs(15);
    let event = loop {
        let deliveries = receiver.received_requests().await.expect("recording on");
        let ours = deliveries.iter().find_map(|delivery| {
            let signature = delivery.headers.get("stripe-signature").and_then(|value| value.to_str().ok());
            let event = gateway.verify_event(&delivery.body, signature, Utc::now());
            match event {
                Ok(PaymentEvent::PaymentSucceeded { ref payment_id }) if payment_id == &opened.id => Some(event),
                _ => None,
            }
        });
        if let Some(event) = ours {
            break event;
        }
        assert!(Instant::now() < deadline, "no payment_intent.succeeded for {} within 15 s: {deliveries:?}", opened.id);
        tokio::time::sleep(Duration::from_millis(50)).await;
    };

    assert_eq!(event, Ok(PaymentEvent::PaymentSucceeded { payment_id: opened.id.clone() }));
    let delivery = receiver.received_requests().await.expect("recording on");
    let genuine = delivery.iter().find(|d| String::from_utf8_lossy(&d.body).contains(&opened.id)).expect("the delivery");
    let signature = genuine.headers.get("stripe-signature").and_then(|value| value.to_str().ok());
    assert_eq!(
        gateway.verify_event(&genuine.body, signature, Utc::now() + chrono::Duration::minutes(10)),
        Err(puronoboi_ports::WebhookError::Stale),
        "a replay ten minutes later is refused"
    );
}

/// The buyer's side of localstripe: cards tokenised as Stripe.js tokenises them, 3-D Secure as its stand-in finishes it.
struct LocalstripeCards {
    base: String,
}

#[async_trait::async_trait]
impl CardHolder for LocalstripeCards {
    async fn card_token(&self, card: TestCard) -> String {
        let number = match card {
            TestCard::Pays => VISA,
            TestCard::Declined => DECLINED,
            TestCard::ThreeDSecure => THREE_D_SECURE,
        };
        card_token(&self.base, number).await
    }

    async fn authenticate(&self, payment: &ProviderPayment, success: bool) {
        authenticate(&self.base, payment, success).await;
    }
}

/// The same contract cases the fake provider passes in the use cases' tests.
#[tokio::test]
async fn the_gateway_keeps_the_payment_gateway_contract() {
    let (gateway, base) = gateway().await;
    payment_gateway_contract(&gateway, &LocalstripeCards { base }).await;
}
