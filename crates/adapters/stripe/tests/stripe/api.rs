//! The exact requests the gateway sends, against a mock standing in for api.stripe.com, and how it reads Stripe's
//! answers and errors. The bodies are shaped like the examples in Stripe's API reference
//! (<https://docs.stripe.com/api/payment_intents/object>, <https://docs.stripe.com/api/errors>).

use std::collections::BTreeMap;
use std::time::Duration;

use puronoboi_domain::{OrderId, Taka};
use puronoboi_ports::{CardRefusal, GatewayError, PaymentGateway, ProviderPayment, ProviderPaymentStatus, Refund, RefundStatus};
use puronoboi_stripe::{API_VERSION, StripeConfig, StripeGateway};
use serde_json::{Value, json};
use wiremock::matchers::{self, method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

const SECRET_KEY: &str = "sk_test_51PuronoboiSecretKey0123456789abcdefghijklmnopqrstuvwxyz";
const WEBHOOK_SECRET: &str = "whsec_PuronoboiWebhookSecret0123456789";
const PI: &str = "pi_3MtwBwLkdIwHu7ix28a3tqPa";
const CLIENT_SECRET: &str = "pi_3MtwBwLkdIwHu7ix28a3tqPa_secret_YrKJUKribcBjcG8HVhfZluoGH";
const TOKEN: &str = "tok_1Q0PsHJvEtkwdCNY4ukxJDwG";
const PM: &str = "pm_1Q0PsIJvEtkwdCNYMSaVuRz6";

fn gateway(server: &MockServer) -> StripeGateway {
    let config = StripeConfig { secret_key: SECRET_KEY.to_owned(), webhook_secret: WEBHOOK_SECRET.to_owned(), api_base: server.uri() };
    StripeGateway::new(config, reqwest::Client::new())
}

fn order() -> OrderId {
    "6f1c7c4e-0c1e-4f7e-9a55-3f6f2f6d9b10".parse().expect("an order id")
}

fn taka(amount: i64) -> Taka {
    Taka::new(amount).expect("a price")
}

/// A PaymentIntent as Stripe answers it (the reference's example, for 350 taka and our order).
fn intent(status: &str) -> Value {
    json!({
        "id": PI,
        "object": "payment_intent",
        "amount": 35000,
        "amount_capturable": 0,
        "amount_details": { "tip": {} },
        "amount_received": if status == "succeeded" { 35000 } else { 0 },
        "application": null,
        "application_fee_amount": null,
        "automatic_payment_methods": null,
        "canceled_at": null,
        "cancellation_reason": null,
        "capture_method": "automatic_async",
        "client_secret": CLIENT_SECRET,
        "confirmation_method": "automatic",
        "created": 1_726_673_581,
        "currency": "bdt",
        "customer": null,
        "description": null,
        "last_payment_error": null,
        "latest_charge": if status == "succeeded" { json!("ch_3Q0PtDJvEtkwdCNY0ltwDKbo") } else { Value::Null },
        "livemode": false,
        "metadata": { "order_id": order().to_string() },
        "next_action": null,
        "on_behalf_of": null,
        "payment_method": if status == "requires_payment_method" { Value::Null } else { json!(PM) },
        "payment_method_configuration_details": null,
        "payment_method_options": {
            "card": { "installments": null, "mandate_options": null, "network": null, "request_three_d_secure": "automatic" }
        },
        "payment_method_types": ["card"],
        "processing": null,
        "receipt_email": null,
        "review": null,
        "setup_future_usage": null,
        "shipping": null,
        "source": null,
        "statement_descriptor": null,
        "statement_descriptor_suffix": null,
        "status": status,
        "transfer_data": null,
        "transfer_group": null
    })
}

/// The PaymentMethod Stripe makes from a card token.
fn payment_method() -> Value {
    json!({
        "id": PM,
        "object": "payment_method",
        "allow_redisplay": "unspecified",
        "billing_details": {
            "address": { "city": null, "country": null, "line1": null, "line2": null, "postal_code": null, "state": null },
            "email": null, "name": null, "phone": null
        },
        "card": {
            "brand": "visa",
            "checks": { "address_line1_check": null, "address_postal_code_check": null, "cvc_check": "pass" },
            "country": "US",
            "display_brand": "visa",
            "exp_month": 8,
            "exp_year": 2030,
            "fingerprint": "AOB934RVNwzk6xtn",
            "funding": "credit",
            "generated_from": null,
            "last4": "4242",
            "networks": { "available": ["visa"], "preferred": null },
            "three_d_secure_usage": { "supported": true },
            "wallet": null
        },
        "created": 1_726_673_582,
        "customer": null,
        "livemode": false,
        "metadata": {},
        "type": "card"
    })
}

fn refund_object(id: &str) -> Value {
    json!({
        "id": id,
        "object": "refund",
        "amount": 35000,
        "balance_transaction": "txn_3Q0PtDJvEtkwdCNY0Fh4aZsd",
        "charge": "ch_3Q0PtDJvEtkwdCNY0ltwDKbo",
        "created": 1_726_673_700,
        "currency": "bdt",
        "destination_details": { "card": { "reference_status": "pending", "reference_type": "acquirer_reference_number", "type": "refund" }, "type": "card" },
        "metadata": {},
        "payment_intent": PI,
        "reason": null,
        "receipt_number": null,
        "source_transfer_reversal": null,
        "status": "succeeded",
        "transfer_reversal": null
    })
}

fn stripe_error(status: u16, error: Value) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_json(json!({ "error": error }))
}

/// A request as the mock received it, the parts Stripe cares about.
#[derive(Debug)]
struct Sent {
    method: String,
    path: String,
    query: Option<String>,
    form: BTreeMap<String, String>,
    authorization: Option<String>,
    idempotency_key: Option<String>,
    content_type: Option<String>,
    stripe_version: Option<String>,
}

fn header(request: &Request, name: &str) -> Option<String> {
    request.headers.get(name).and_then(|value| value.to_str().ok()).map(str::to_owned)
}

/// Decodes an `application/x-www-form-urlencoded` body; a parameter sent twice fails the test.
fn decode_form(body: &[u8]) -> BTreeMap<String, String> {
    let text = std::str::from_utf8(body).expect("a UTF-8 form");
    let url = reqwest::Url::parse(&format!("http://form.invalid/?{text}")).expect("a form");
    let pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
    let form: BTreeMap<String, String> = pairs.iter().cloned().collect();
    assert_eq!(form.len(), pairs.len(), "a parameter was sent twice: {pairs:?}");
    form
}

async fn sent(server: &MockServer) -> Vec<Sent> {
    let requests = server.received_requests().await.expect("recording on");
    requests
        .iter()
        .map(|request| Sent {
            method: request.method.to_string(),
            path: request.url.path().to_owned(),
            query: request.url.query().map(str::to_owned),
            form: if request.body.is_empty() { BTreeMap::new() } else { decode_form(&request.body) },
            authorization: header(request, "authorization"),
            idempotency_key: header(request, "idempotency-key"),
            content_type: header(request, "content-type"),
            stripe_version: header(request, "stripe-version"),
        })
        .collect()
}

fn form(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
}

fn assert_authenticated_post(sent: &Sent, path: &str, idempotency_key: &str, expected_form: &[(&str, &str)]) {
    assert_eq!(sent.method, "POST", "{sent:?}");
    assert_eq!(sent.path, path, "{sent:?}");
    assert_eq!(sent.query, None, "{sent:?}");
    assert_eq!(sent.authorization.as_deref(), Some(format!("Bearer {SECRET_KEY}").as_str()));
    assert_eq!(sent.content_type.as_deref(), Some("application/x-www-form-urlencoded"));
    assert_eq!(sent.idempotency_key.as_deref(), Some(idempotency_key));
    assert_eq!(sent.stripe_version.as_deref(), Some(API_VERSION));
    assert_eq!(sent.form, form(expected_form));
}

fn assert_no_secrets(error: &GatewayError) {
    let everything = match error {
        GatewayError::Unavailable(cause) => format!("{error} {error:?} {cause:#} {cause:?}"),
        _ => format!("{error} {error:?}"),
    };
    for secret in [SECRET_KEY, WEBHOOK_SECRET, CLIENT_SECRET] {
        assert!(!everything.contains(secret), "{everything}");
    }
}

#[tokio::test]
async fn opening_a_payment_creates_a_payment_intent_for_the_order_in_paisa() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_intents"))
        .respond_with(ResponseTemplate::new(200).set_body_json(intent("requires_payment_method")))
        .expect(1)
        .mount(&server)
        .await;

    let payment = gateway(&server).open_payment(order(), taka(350)).await.expect("opened");

    let sent = sent(&server).await;
    assert_eq!(sent.len(), 1);
    let order = order().to_string();
    assert_authenticated_post(
        &sent[0],
        "/v1/payment_intents",
        &format!("puronoboi-order-{order}-hold"),
        &[
            ("amount", "35000"),
            ("currency", "bdt"),
            ("payment_method_types[0]", "card"),
            ("capture_method", "manual"),
            ("metadata[order_id]", &order),
        ],
    );
    assert_eq!(
        payment,
        ProviderPayment {
            id: PI.to_owned(),
            status: ProviderPaymentStatus::NeedsCard,
            amount_minor: 35000,
            currency: "bdt".to_owned(),
            order_id: Some(order),
            client_secret: Some(CLIENT_SECRET.to_owned()),
            failure_message: None,
            failure_reason: None,
        }
    );
}

#[tokio::test]
async fn opening_the_same_order_twice_sends_the_same_idempotency_key() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_intents"))
        .respond_with(ResponseTemplate::new(200).set_body_json(intent("requires_payment_method")))
        .expect(3)
        .mount(&server)
        .await;
    let gateway = gateway(&server);

    let first = gateway.open_payment(order(), taka(350)).await.expect("opened");
    let second = gateway.open_payment(order(), taka(350)).await.expect("opened again");
    gateway.open_payment(OrderId::new(), taka(350)).await.expect("another order");

    assert_eq!(first.id, second.id);
    let keys: Vec<_> = sent(&server).await.into_iter().map(|sent| sent.idempotency_key).collect();
    assert_eq!(keys[0], keys[1]);
    assert_ne!(keys[0], keys[2], "another order, another key");
}

#[tokio::test]
async fn a_reused_key_with_other_parameters_is_refused() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_intents"))
        .respond_with(stripe_error(400, json!({
            "message": "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'puronoboi-order-6f1c7c4e-0c1e-4f7e-9a55-3f6f2f6d9b10-payment' if you meant to execute a different request.",
            "type": "idempotency_error"
        })))
        .mount(&server)
        .await;

    let error = gateway(&server).open_payment(order(), taka(400)).await.expect_err("refused");

    assert!(matches!(&error, GatewayError::Refused { message } if message.starts_with("Keys for idempotent requests")), "{error:?}");
}

#[tokio::test]
async fn confirming_turns_the_token_into_a_payment_method_and_confirms_the_intent_with_it() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_methods"))
        .respond_with(ResponseTemplate::new(200).set_body_json(payment_method()))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(format!("/v1/payment_intents/{PI}/confirm")))
        .respond_with(ResponseTemplate::new(200).set_body_json(intent("succeeded")))
        .expect(1)
        .mount(&server)
        .await;

    let payment = gateway(&server).confirm_with_card(PI, TOKEN).await.expect("confirmed");

    let sent = sent(&server).await;
    assert_eq!(sent.len(), 2, "{sent:?}");
    assert_authenticated_post(
        &sent[0],
        "/v1/payment_methods",
        &format!("puronoboi-card-{TOKEN}"),
        &[("type", "card"), ("card[token]", TOKEN)],
    );
    assert_authenticated_post(
        &sent[1],
        &format!("/v1/payment_intents/{PI}/confirm"),
        &format!("puronoboi-confirm-{PI}-{TOKEN}"),
        &[("payment_method", PM)],
    );
    assert_eq!(payment.status, ProviderPaymentStatus::Succeeded);
    assert_eq!(payment.amount_minor, 35000);
    assert_eq!(payment.order_id, Some(order().to_string()));
}

#[tokio::test]
async fn a_card_that_needs_3d_secure_answers_requires_action_with_the_client_secret() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_methods"))
        .respond_with(ResponseTemplate::new(200).set_body_json(payment_method()))
        .mount(&server)
        .await;
    let mut answer = intent("requires_action");
    answer["next_action"] = json!({
        "type": "use_stripe_sdk",
        "use_stripe_sdk": { "type": "three_d_secure_redirect", "stripe_js": "https://hooks.stripe.com/redirect/authenticate/src_1Q0Pt?client_secret=src_client_secret_x", "source": "src_1Q0Pt" }
    });
    Mock::given(method("POST"))
        .and(path(format!("/v1/payment_intents/{PI}/confirm")))
        .respond_with(ResponseTemplate::new(200).set_body_json(answer))
        .mount(&server)
        .await;

    let payment = gateway(&server).confirm_with_card(PI, TOKEN).await.expect("confirmed");

    assert_eq!(payment.status, ProviderPaymentStatus::AwaitingBuyer);
    assert_eq!(payment.client_secret.as_deref(), Some(CLIENT_SECRET));
}

/// Stripe's answer to a declined confirmation: 402, a card_error, the PaymentIntent back in requires_payment_method.
fn declined(code: &str, decline_code: &str, message: &str) -> ResponseTemplate {
    let mut payment_intent = intent("requires_payment_method");
    payment_intent["last_payment_error"] = json!({
        "charge": "ch_3Q0PtDJvEtkwdCNY0ltwDKbo",
        "code": code,
        "decline_code": decline_code,
        "doc_url": format!("https://stripe.com/docs/error-codes/{}", code.replace('_', "-")),
        "message": message,
        "payment_method": payment_method(),
        "type": "card_error"
    });
    stripe_error(
        402,
        json!({
            "charge": "ch_3Q0PtDJvEtkwdCNY0ltwDKbo",
            "code": code,
            "decline_code": decline_code,
            "doc_url": format!("https://stripe.com/docs/error-codes/{}", code.replace('_', "-")),
            "message": message,
            "payment_intent": payment_intent,
            "payment_method": payment_method(),
            "request_log_url": "https://dashboard.stripe.com/test/logs/req_kDIxwDnxSoEr1a?t=1726673583",
            "type": "card_error"
        }),
    )
}

#[tokio::test]
async fn a_declined_card_is_declined_with_stripes_message() {
    for (code, decline_code, message, reason) in [
        ("card_declined", "generic_decline", "Your card was declined.", CardRefusal::Declined),
        ("card_declined", "insufficient_funds", "Your card has insufficient funds.", CardRefusal::InsufficientFunds),
        ("expired_card", "expired_card", "Your card has expired.", CardRefusal::ExpiredCard),
    ] {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/payment_methods"))
            .respond_with(ResponseTemplate::new(200).set_body_json(payment_method()))
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(path(format!("/v1/payment_intents/{PI}/confirm")))
            .respond_with(declined(code, decline_code, message))
            .mount(&server)
            .await;

        let error = gateway(&server).confirm_with_card(PI, TOKEN).await.expect_err("declined");

        assert!(
            matches!(&error, GatewayError::Declined { message: m, reason: r } if m == message && *r == reason),
            "{decline_code}: {error:?}"
        );
        assert_no_secrets(&error);
    }
}

#[tokio::test]
async fn a_used_token_is_refused_and_nothing_is_confirmed() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_methods"))
        .respond_with(stripe_error(
            400,
            json!({
                "code": "token_already_used",
                "doc_url": "https://stripe.com/docs/error-codes/token-already-used",
                "message": format!("You cannot use a Stripe token more than once: {TOKEN}."),
                "request_log_url": "https://dashboard.stripe.com/test/logs/req_mfVn2Hx1TTgoYQ?t=1726673590",
                "type": "invalid_request_error"
            }),
        ))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(format!("/v1/payment_intents/{PI}/confirm")))
        .respond_with(ResponseTemplate::new(500))
        .expect(0)
        .mount(&server)
        .await;

    let error = gateway(&server).confirm_with_card(PI, TOKEN).await.expect_err("refused");

    assert!(
        matches!(&error, GatewayError::Refused { message } if message == &format!("You cannot use a Stripe token more than once: {TOKEN}.")),
        "{error:?}"
    );
}

#[tokio::test]
async fn confirming_a_payment_that_already_succeeded_is_refused() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_methods"))
        .respond_with(ResponseTemplate::new(200).set_body_json(payment_method()))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(format!("/v1/payment_intents/{PI}/confirm")))
        .respond_with(stripe_error(
            400,
            json!({
                "code": "payment_intent_unexpected_state",
                "doc_url": "https://stripe.com/docs/error-codes/payment-intent-unexpected-state",
                "message": "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.",
                "payment_intent": intent("succeeded"),
                "request_log_url": "https://dashboard.stripe.com/test/logs/req_1?t=1726673600",
                "type": "invalid_request_error"
            }),
        ))
        .mount(&server)
        .await;

    let error = gateway(&server).confirm_with_card(PI, TOKEN).await.expect_err("refused");

    assert!(matches!(&error, GatewayError::Refused { message } if message.contains("already succeeded")), "{error:?}");
    assert_no_secrets(&error);
}

#[tokio::test]
async fn rate_limits_conflicts_and_server_errors_are_unavailable() {
    let answers = [
        stripe_error(
            429,
            json!({
                "code": "rate_limit",
                "doc_url": "https://stripe.com/docs/error-codes/rate-limit",
                "message": "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.",
                "type": "invalid_request_error"
            }),
        ),
        stripe_error(
            409,
            json!({
                "code": "idempotency_key_in_use",
                "message": "There is currently another in-progress request using this idempotent key (that probably means you submitted twice, and the other request is still going through). Please try again later.",
                "type": "invalid_request_error"
            }),
        ),
        stripe_error(500, json!({ "message": "An unknown error occurred", "type": "api_error" })),
        stripe_error(503, json!({ "message": "Stripe is temporarily unavailable.", "type": "api_error" })),
        ResponseTemplate::new(502).set_body_string("<html><body>502 Bad Gateway</body></html>"),
    ];
    for answer in answers {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(answer).mount(&server).await;

        let error = gateway(&server).open_payment(order(), taka(350)).await.expect_err("failed");

        assert!(matches!(error, GatewayError::Unavailable(_)), "{error:?}");
        assert_no_secrets(&error);
    }
}

#[tokio::test]
async fn a_bad_api_key_is_unavailable_and_stays_out_of_the_error() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(stripe_error(
            401,
            json!({
                // Stripe masks the key; an echo of the whole key would be redacted all the same.
                "message": format!("Invalid API Key provided: {SECRET_KEY}"),
                "type": "invalid_request_error"
            }),
        ))
        .mount(&server)
        .await;

    let error = gateway(&server).payment(PI).await.expect_err("failed");

    assert!(matches!(error, GatewayError::Unavailable(_)), "{error:?}");
    assert_no_secrets(&error);
}

#[tokio::test]
async fn reading_a_payment_gets_it_by_id() {
    let server = MockServer::start().await;
    let mut answer = intent("requires_payment_method");
    answer["last_payment_error"] = json!({
        "code": "card_declined", "decline_code": "generic_decline", "message": "Your card was declined.", "type": "card_error"
    });
    Mock::given(method("GET"))
        .and(path(format!("/v1/payment_intents/{PI}")))
        .respond_with(ResponseTemplate::new(200).set_body_json(answer))
        .expect(1)
        .mount(&server)
        .await;

    let payment = gateway(&server).payment(PI).await.expect("read");

    let sent = sent(&server).await;
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].method, "GET");
    assert_eq!(sent[0].query, None);
    assert!(sent[0].form.is_empty());
    assert_eq!(sent[0].authorization.as_deref(), Some(format!("Bearer {SECRET_KEY}").as_str()));
    assert_eq!(sent[0].idempotency_key, None, "reads need no key");
    assert_eq!(sent[0].stripe_version.as_deref(), Some(API_VERSION));
    assert_eq!(payment.status, ProviderPaymentStatus::NeedsCard);
    assert_eq!(payment.failure_message.as_deref(), Some("Your card was declined."));
    assert_eq!(payment.failure_reason, Some(CardRefusal::Declined));
}

#[tokio::test]
async fn an_unknown_payment_is_refused() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(stripe_error(
            404,
            json!({
                "code": "resource_missing",
                "doc_url": "https://stripe.com/docs/error-codes/resource-missing",
                "message": "No such payment_intent: 'pi_3Nope'",
                "param": "intent",
                "request_log_url": "https://dashboard.stripe.com/test/logs/req_2?t=1726673610",
                "type": "invalid_request_error"
            }),
        ))
        .mount(&server)
        .await;

    let error = gateway(&server).payment("pi_3Nope").await.expect_err("refused");

    assert!(matches!(&error, GatewayError::Refused { message } if message == "No such payment_intent: 'pi_3Nope'"), "{error:?}");
}

#[tokio::test]
async fn refunding_refunds_the_whole_payment_once() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .respond_with(ResponseTemplate::new(200).set_body_json(refund_object("re_3Q0PtDJvEtkwdCNY0xyzAbCd")))
        .expect(1)
        .mount(&server)
        .await;

    let refund = gateway(&server).refund(PI, 0).await.expect("refunded");

    assert_eq!(refund, Refund { id: "re_3Q0PtDJvEtkwdCNY0xyzAbCd".to_owned(), status: RefundStatus::Succeeded });
    let sent = sent(&server).await;
    assert_authenticated_post(&sent[0], "/v1/refunds", &format!("puronoboi-refund-{PI}"), &[("payment_intent", PI)]);
}

#[tokio::test]
async fn a_refund_stripe_reports_failed_is_answered_as_failed_and_a_later_attempt_asks_again() {
    let server = MockServer::start().await;
    let mut failed = refund_object("re_3Q0PtDJvEtkwdCNY0failed");
    failed["status"] = json!("failed");
    failed["failure_reason"] = json!("expired_or_canceled_card");
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .and(matchers::header("Idempotency-Key", format!("puronoboi-refund-{PI}").as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_json(failed))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .and(matchers::header("Idempotency-Key", format!("puronoboi-refund-{PI}-retry-1").as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_json(refund_object("re_3Q0PtDJvEtkwdCNY0second")))
        .mount(&server)
        .await;
    let gateway = gateway(&server);

    let first = gateway.refund(PI, 0).await.expect("answered");
    assert_eq!(first, Refund { id: "re_3Q0PtDJvEtkwdCNY0failed".to_owned(), status: RefundStatus::Failed });
    let second = gateway.refund(PI, 1).await.expect("answered");
    assert_eq!(second, Refund { id: "re_3Q0PtDJvEtkwdCNY0second".to_owned(), status: RefundStatus::Succeeded });
    let sent = sent(&server).await;
    assert_authenticated_post(&sent[1], "/v1/refunds", &format!("puronoboi-refund-{PI}-retry-1"), &[("payment_intent", PI)]);
}

#[tokio::test]
async fn a_payment_refunded_long_ago_answers_that_refund() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .respond_with(stripe_error(
            400,
            json!({
                "code": "charge_already_refunded",
                "doc_url": "https://stripe.com/docs/error-codes/charge-already-refunded",
                "message": "Charge ch_3Q0PtDJvEtkwdCNY0ltwDKbo has already been refunded.",
                "request_log_url": "https://dashboard.stripe.com/test/logs/req_3?t=1726760000",
                "type": "invalid_request_error"
            }),
        ))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/refunds"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "object": "list",
            "data": [refund_object("re_3Q0PtDJvEtkwdCNY0earlier")],
            "has_more": false,
            "url": "/v1/refunds"
        })))
        .expect(1)
        .mount(&server)
        .await;

    let refund = gateway(&server).refund(PI, 1).await.expect("refunded before");

    assert_eq!(refund, Refund { id: "re_3Q0PtDJvEtkwdCNY0earlier".to_owned(), status: RefundStatus::Succeeded });
    let sent = sent(&server).await;
    assert_eq!(sent[1].method, "GET");
    assert_eq!(sent[1].query.as_deref(), Some(format!("payment_intent={PI}&limit=1").as_str()));
}

#[tokio::test]
async fn a_failed_payment_cannot_be_refunded() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .respond_with(stripe_error(
            400,
            json!({
                "code": "payment_intent_unexpected_state",
                "message": "This PaymentIntent does not have a successful charge to refund.",
                "type": "invalid_request_error"
            }),
        ))
        .mount(&server)
        .await;

    let error = gateway(&server).refund(PI, 0).await.expect_err("refused");

    assert!(matches!(&error, GatewayError::Refused { message } if message.contains("does not have a successful charge")), "{error:?}");
}

#[tokio::test]
async fn ids_that_are_not_stripe_ids_never_reach_stripe() {
    let server = MockServer::start().await;
    let gateway = gateway(&server);
    for bad in ["", "pi_1/../../v1/refunds", "pi_1?expand[]=customer", "pi_1#x", "pi 1", "pi_1%2Fx", "pi_1\r\nX-Evil: 1"] {
        assert!(matches!(gateway.payment(bad).await, Err(GatewayError::Refused { .. })), "{bad:?}");
        assert!(matches!(gateway.refund(bad, 0).await, Err(GatewayError::Refused { .. })), "{bad:?}");
        assert!(matches!(gateway.confirm_with_card(bad, TOKEN).await, Err(GatewayError::Refused { .. })), "{bad:?}");
        assert!(matches!(gateway.confirm_with_card(PI, bad).await, Err(GatewayError::Refused { .. })), "{bad:?}");
    }
    assert!(server.received_requests().await.expect("recording on").is_empty());
}

#[tokio::test]
async fn a_success_that_is_not_a_payment_intent_is_unavailable_and_quotes_nothing() {
    let server = MockServer::start().await;
    // The client secret where the amount belongs: the error must not quote it back.
    let mut answer = intent("succeeded");
    answer["amount"] = json!(CLIENT_SECRET);
    Mock::given(method("GET")).respond_with(ResponseTemplate::new(200).set_body_json(answer)).mount(&server).await;

    let error = gateway(&server).payment(PI).await.expect_err("unreadable");

    assert!(matches!(error, GatewayError::Unavailable(_)), "{error:?}");
    assert_no_secrets(&error);
}

#[tokio::test]
async fn a_stripe_slower_than_the_timeout_is_unavailable() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_json(intent("succeeded")).set_delay(Duration::from_secs(5)))
        .mount(&server)
        .await;
    let gateway = gateway(&server).with_timeout(Duration::from_millis(200));

    let started = std::time::Instant::now();
    let error = gateway.payment(PI).await.expect_err("timed out");

    assert!(started.elapsed() < Duration::from_secs(4), "gave up at the timeout");
    assert!(matches!(&error, GatewayError::Unavailable(e) if format!("{e:#}").contains("timed out")), "{error:?}");
    assert_no_secrets(&error);
}

#[tokio::test]
async fn an_unreachable_stripe_is_unavailable() {
    // Bind then drop a listener: nothing answers on that port.
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("free port").local_addr().expect("address").port();
    let config = StripeConfig {
        secret_key: SECRET_KEY.to_owned(),
        webhook_secret: WEBHOOK_SECRET.to_owned(),
        api_base: format!("http://127.0.0.1:{port}"),
    };
    let gateway = StripeGateway::new(config, reqwest::Client::new());

    let error = gateway.open_payment(order(), taka(350)).await.expect_err("unreachable");

    assert!(matches!(error, GatewayError::Unavailable(_)), "{error:?}");
    assert_no_secrets(&error);
}

#[tokio::test]
async fn a_trailing_slash_on_the_api_base_is_ignored() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(format!("/v1/payment_intents/{PI}")))
        .respond_with(ResponseTemplate::new(200).set_body_json(intent("succeeded")))
        .expect(1)
        .mount(&server)
        .await;
    let config = StripeConfig {
        secret_key: SECRET_KEY.to_owned(),
        webhook_secret: WEBHOOK_SECRET.to_owned(),
        api_base: format!("{}/", server.uri()),
    };

    StripeGateway::new(config, reqwest::Client::new()).payment(PI).await.expect("read");
}

#[tokio::test]
async fn taking_a_held_payment_captures_the_whole_price_once() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(format!("/v1/payment_intents/{PI}/capture")))
        .respond_with(ResponseTemplate::new(200).set_body_json(intent("succeeded")))
        .expect(1)
        .mount(&server)
        .await;

    let taken = gateway(&server).capture(PI, taka(350)).await.expect("taken");

    assert_eq!((taken.id.as_str(), taken.status, taken.amount_minor), (PI, ProviderPaymentStatus::Succeeded, 35000));
    let sent = sent(&server).await;
    assert_authenticated_post(
        &sent[0],
        &format!("/v1/payment_intents/{PI}/capture"),
        &format!("puronoboi-capture-{PI}"),
        &[("amount_to_capture", "35000")],
    );
}

#[tokio::test]
async fn a_payment_that_is_not_held_cannot_be_taken() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(format!("/v1/payment_intents/{PI}/capture")))
        .respond_with(stripe_error(
            400,
            json!({
                "code": "payment_intent_unexpected_state",
                "message": "This PaymentIntent could not be captured because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.",
                "type": "invalid_request_error"
            }),
        ))
        .mount(&server)
        .await;

    Mock::given(method("GET"))
        .and(path(format!("/v1/payment_intents/{PI}")))
        .respond_with(ResponseTemplate::new(200).set_body_json(intent("canceled")))
        .expect(1)
        .mount(&server)
        .await;

    let refused = gateway(&server).capture(PI, taka(350)).await;

    assert!(matches!(&refused, Err(GatewayError::Refused { message }) if message.contains("status of canceled")), "{refused:?}");
}

#[tokio::test]
async fn a_payment_taken_before_answers_as_taken_when_stripe_refuses_to_take_it_again() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(format!("/v1/payment_intents/{PI}/capture")))
        .respond_with(stripe_error(
            400,
            json!({
                "code": "payment_intent_unexpected_state",
                "message": "This PaymentIntent could not be captured because it has a status of succeeded.",
                "type": "invalid_request_error"
            }),
        ))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path(format!("/v1/payment_intents/{PI}")))
        .respond_with(ResponseTemplate::new(200).set_body_json(intent("succeeded")))
        .mount(&server)
        .await;

    let taken = gateway(&server).capture(PI, taka(350)).await.expect("taken before");

    assert_eq!(taken.status, ProviderPaymentStatus::Succeeded);
    assert_eq!(sent(&server).await.iter().filter(|s| s.method == "POST").count(), 1, "asked once, then read back");
}

#[tokio::test]
async fn releasing_a_hold_cancels_the_payment_intent_and_takes_nothing() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(format!("/v1/payment_intents/{PI}/cancel")))
        .respond_with(ResponseTemplate::new(200).set_body_json(intent("canceled")))
        .expect(1)
        .mount(&server)
        .await;

    let released = gateway(&server).release(PI).await.expect("released");

    assert_eq!((released.id.as_str(), released.status), (PI, ProviderPaymentStatus::Cancelled));
    let sent = sent(&server).await;
    assert_authenticated_post(&sent[0], &format!("/v1/payment_intents/{PI}/cancel"), &format!("puronoboi-release-{PI}"), &[]);
    assert!(!sent.iter().any(|s| s.path.ends_with("/capture") || s.path == "/v1/refunds"), "nothing taken, nothing refunded");
}
