//! Card payments through the real router against localstripe (a stateful Stripe stand-in): a card holds an order's
//! stored price in taka until the handover (nothing is taken before it), an order is held or paid only once however
//! the confirmations arrive (the browser's, the webhook's, in any order and any number of times), and a webhook
//! without a valid, fresh signature changes nothing. Payments taken in full up front (as before holds existed)
//! still settle their orders, through the webhook.

use futures_util::future::join_all;
use puronoboi_domain::BookId;
use puronoboi_http::limits::RateLimits;
use puronoboi_stripe::sign_payload;
use puronoboi_test_support::cards::{DECLINED, THREE_D_SECURE, VISA};
use puronoboi_test_support::{
    Identity, TEST_STRIPE_PUBLISHABLE_KEY, TEST_STRIPE_SECRET_KEY, TEST_WEBHOOK_SECRET, TestApp, builders, expect_json, unique,
};
use reqwest::Method;
use serde_json::{Value, json};

async fn app() -> TestApp {
    TestApp::builder().identity(Identity::Emulator).card_payments().spawn().await
}

async fn book(app: &TestApp, price: i64) -> BookId {
    let seller = builders::seller(&app.store, &unique("seller"), true).await;
    let category = builders::category(&app.store, &format!("Stories {}", uuid::Uuid::new_v4().simple())).await;
    let mut form = builders::form("Shesher Kobita");
    form.resale_price = Some(price);
    builders::list(&app.store, builders::book_from(seller, &category, form)).await
}

async fn call(app: &TestApp, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> reqwest::Response {
    app.call(method, path, token, body.as_ref()).await
}

/// A buyer with a pending order for a fresh book at `price`; answers (buyer token, order id, book id).
async fn ordered(app: &TestApp, price: i64) -> (String, String, BookId) {
    let book = book(app, price).await;
    let buyer = app.signed_in(&unique("payer"), "buyer").await;
    let body = json!({ "bookId": book.to_string(), "phone": "01812345678", "location": "Nilkhet" });
    let order = expect_json(call(app, Method::POST, "/api/orders", Some(&buyer), Some(body)).await, 201, "order").await;
    (buyer, order["id"].as_str().expect("id").to_owned(), book)
}

fn localstripe(app: &TestApp) -> &str {
    app.localstripe.as_deref().expect("card payments are on")
}

/// Tokenises a card the way Stripe.js does in the browser: with the publishable key.
async fn card_token(app: &TestApp, number: &str) -> String {
    let form = [
        ("key", TEST_STRIPE_PUBLISHABLE_KEY),
        ("card[number]", number),
        ("card[exp_month]", "12"),
        ("card[exp_year]", "2034"),
        ("card[cvc]", "123"),
    ];
    let response = app.client.post(format!("{}/v1/tokens", localstripe(app))).form(&form).send().await.expect("tokenised");
    expect_json(response, 200, "POST /v1/tokens").await["id"].as_str().expect("a token").to_owned()
}

async fn pay(app: &TestApp, buyer: &str, order: &str, number: &str) -> Value {
    let token = card_token(app, number).await;
    let response = call(app, Method::POST, &format!("/api/orders/{order}/payment"), Some(buyer), Some(json!({"cardToken": token}))).await;
    expect_json(response, 200, "POST payment").await
}

/// Reads a PaymentIntent straight from localstripe, as our server's secret key sees it.
async fn intent(app: &TestApp, id: &str) -> Value {
    let response = app
        .client
        .get(format!("{}/v1/payment_intents/{id}", localstripe(app)))
        .bearer_auth(TEST_STRIPE_SECRET_KEY)
        .send()
        .await
        .expect("read");
    expect_json(response, 200, "GET payment intent").await
}

/// The order's status and how many payment records it has.
async fn order_status(app: &TestApp, order: &str) -> (String, i64) {
    let n = app.count(&format!("SELECT count(*) AS n FROM payments WHERE order_id = '{order}'")).await;
    for candidate in ["pending", "held", "paid", "completed", "cancelled", "expired"] {
        if app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{order}' AND status = '{candidate}'")).await == 1 {
            return (candidate.to_owned(), n);
        }
    }
    panic!("order {order} not found")
}

async fn book_status(app: &TestApp, book: BookId) -> String {
    app.get_json(&format!("/api/books/{book}"), 200).await["status"].as_str().expect("a status").to_owned()
}

#[tokio::test]
async fn a_card_holds_the_stored_price_in_taka_until_the_handover_and_takes_nothing() {
    let app = app().await;
    let (buyer, order, book) = ordered(&app, 350).await;
    let paid = pay(&app, &buyer, &order, VISA).await;
    assert_eq!(paid["status"], "succeeded", "{paid}");
    let transaction = paid["transactionId"].as_str().expect("a transaction id");
    assert!(transaction.starts_with("pi_"), "{transaction}");

    let held = intent(&app, transaction).await;
    assert_eq!((held["amount"].as_i64(), held["currency"].as_str()), (Some(35_000), Some("bdt")), "350 taka in paisa");
    assert_eq!(held["metadata"]["order_id"], order.as_str());
    assert_eq!((held["status"].as_str(), held["capture_method"].as_str()), (Some("requires_capture"), Some("manual")), "{held}");

    assert_eq!(order_status(&app, &order).await, ("held".to_owned(), 0), "no payment record before the handover");
    assert_eq!(book_status(&app, book).await, "pending", "sold only at the handover");
    let shown = expect_json(call(&app, Method::GET, &format!("/api/orders/{order}"), Some(&buyer), None).await, 200, "order").await;
    assert_eq!((shown["status"].as_str(), shown["transactionId"].as_str()), (Some("held"), Some(transaction)));
    assert_eq!((shown["paymentMethod"].as_str(), shown["paidAt"].as_str()), (Some("card"), None));
    assert!(shown["handoverCode"].as_str().is_some_and(|code| code.len() == 6), "the code stays shown while held: {shown}");
    let deadline = chrono::DateTime::parse_from_rfc3339(shown["handoverDeadline"].as_str().expect("a deadline")).expect("RFC 3339");
    let days = (deadline.with_timezone(&chrono::Utc) - chrono::Utc::now()).num_hours();
    assert!((119..=120).contains(&days), "five days from the hold: {days} hours");

    // Paying again answers the same payment and holds nothing more.
    let again = pay(&app, &buyer, &order, VISA).await;
    assert_eq!((again["status"].as_str(), again["transactionId"].as_str()), (Some("succeeded"), Some(transaction)));
    assert_eq!(order_status(&app, &order).await, ("held".to_owned(), 0));
}

#[tokio::test]
async fn a_declined_card_leaves_the_order_pending_and_another_card_pays_the_same_payment() {
    let app = app().await;
    let (buyer, order, book) = ordered(&app, 420).await;
    let declined = pay(&app, &buyer, &order, DECLINED).await;
    assert_eq!(declined["status"], "failed", "{declined}");
    assert!(declined["message"].as_str().is_some_and(|m| m.to_lowercase().contains("declined")), "{declined}");
    assert_eq!(declined["failureReason"], "card_declined", "the reason, for words in the reader's language: {declined}");
    assert_eq!(order_status(&app, &order).await, ("pending".to_owned(), 0));
    assert_eq!(book_status(&app, book).await, "pending");
    let first_payment = app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{order}' AND payment_id IS NOT NULL")).await;
    assert_eq!(first_payment, 1, "the payment was opened once");

    let paid = pay(&app, &buyer, &order, VISA).await;
    assert_eq!(paid["status"], "succeeded", "{paid}");
    let transaction = paid["transactionId"].as_str().expect("id");
    assert_eq!(
        app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{order}' AND payment_id = '{transaction}'")).await,
        1,
        "the retry confirmed the same PaymentIntent"
    );
    assert_eq!(order_status(&app, &order).await, ("held".to_owned(), 0));
}

#[tokio::test]
async fn three_d_secure_completes_in_the_browser_and_sync_records_it() {
    let app = app().await;
    let (buyer, order, book) = ordered(&app, 500).await;
    let pending = pay(&app, &buyer, &order, THREE_D_SECURE).await;
    assert_eq!(pending["status"], "requires_action", "{pending}");
    let secret = pending["clientSecret"].as_str().expect("a client secret");
    let payment = secret.split("_secret_").next().expect("the intent id");
    assert_eq!(order_status(&app, &order).await, ("pending".to_owned(), 0));

    // What Stripe.js does in the browser when the buyer completes authentication.
    let authenticated = app
        .client
        .post(format!("{}/v1/payment_intents/{payment}/_authenticate", localstripe(&app)))
        .form(&[("key", TEST_STRIPE_PUBLISHABLE_KEY), ("client_secret", secret), ("success", "true")])
        .send()
        .await
        .expect("authenticated");
    assert!(authenticated.status().is_success(), "{}", authenticated.text().await.unwrap_or_default());

    let synced =
        expect_json(call(&app, Method::POST, &format!("/api/orders/{order}/payment/sync"), Some(&buyer), None).await, 200, "sync").await;
    assert_eq!((synced["status"].as_str(), synced["transactionId"].as_str()), (Some("succeeded"), Some(payment)));
    assert_eq!(order_status(&app, &order).await, ("held".to_owned(), 0));
    assert_eq!(book_status(&app, book).await, "pending");
}

#[tokio::test]
async fn a_failed_3d_secure_is_named_so_the_buyer_reads_it_in_their_language() {
    let app = app().await;
    let (buyer, order, book) = ordered(&app, 500).await;
    let sync = format!("/api/orders/{order}/payment/sync");
    let untried = expect_json(call(&app, Method::POST, &sync, Some(&buyer), None).await, 200, "sync before any card").await;
    assert_eq!((untried["status"].as_str(), untried["failureReason"].as_str()), (Some("failed"), Some("no_card_tried")), "{untried}");

    let pending = pay(&app, &buyer, &order, THREE_D_SECURE).await;
    assert_eq!(pending["failureReason"], Value::Null, "{pending}");
    let secret = pending["clientSecret"].as_str().expect("a client secret");
    let payment = secret.split("_secret_").next().expect("the intent id");
    // What Stripe.js does in the browser when the buyer fails the bank's check.
    let failed = app
        .client
        .post(format!("{}/v1/payment_intents/{payment}/_authenticate", localstripe(&app)))
        .form(&[("key", TEST_STRIPE_PUBLISHABLE_KEY), ("client_secret", secret), ("success", "false")])
        .send()
        .await
        .expect("answered");
    assert!(failed.status().is_success(), "{}", failed.text().await.unwrap_or_default());

    let synced = expect_json(call(&app, Method::POST, &sync, Some(&buyer), None).await, 200, "sync").await;
    assert_eq!(synced["status"], "failed", "{synced}");
    assert_eq!(synced["failureReason"], "authentication_failed", "{synced}");
    assert!(synced["message"].as_str().is_some_and(|m| !m.is_empty()), "the provider's words stay for readers of English: {synced}");
    assert_eq!(order_status(&app, &order).await, ("pending".to_owned(), 0));
    assert_eq!(book_status(&app, book).await, "pending");
}

#[tokio::test]
async fn a_price_below_the_card_minimum_is_refused_before_the_provider_is_asked() {
    let app = TestApp::builder().identity(Identity::Emulator).card_payments().card_minimum(60).spawn().await;
    let (buyer, order, _) = ordered(&app, 59).await;
    let shown = expect_json(call(&app, Method::GET, &format!("/api/orders/{order}"), Some(&buyer), None).await, 200, "order").await;
    assert_eq!(shown["payableByCard"], false);
    let token = card_token(&app, VISA).await;
    let refused = call(&app, Method::POST, &format!("/api/orders/{order}/payment"), Some(&buyer), Some(json!({"cardToken": token}))).await;
    let body = expect_json(refused, 422, "below minimum").await;
    assert_eq!(body["error"]["code"], "below_card_minimum");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{order}' AND payment_id IS NULL")).await, 1);
}

#[tokio::test]
async fn without_card_payments_configured_paying_says_so() {
    let app = TestApp::builder().identity(Identity::Emulator).spawn().await;
    let (buyer, order, _) = ordered(&app, 300).await;
    let refused =
        call(&app, Method::POST, &format!("/api/orders/{order}/payment"), Some(&buyer), Some(json!({"cardToken": "tok_x"}))).await;
    assert_eq!(expect_json(refused, 503, "not configured").await["error"]["code"], "unavailable");
    // No card, or something that is none: the field's problem comes first, with its reason.
    for (token, reason) in
        [("  ".to_owned(), json!({ "code": "required" })), ("t".repeat(256), json!({ "code": "too_long", "limit": 255 }))]
    {
        let refused =
            call(&app, Method::POST, &format!("/api/orders/{order}/payment"), Some(&buyer), Some(json!({"cardToken": token}))).await;
        let body = expect_json(refused, 422, "no card").await;
        assert_eq!(body["error"]["fields"], json!({ "cardToken": "Enter your card details." }), "{body}");
        assert_eq!(body["error"]["reasons"], json!({ "cardToken": reason }), "{body}");
    }
    let config = app.get_json("/api/config", 200).await;
    assert_eq!(config["payments"]["provider"], "none");
}

#[tokio::test]
async fn a_closed_order_cannot_be_paid() {
    let app = app().await;
    let (buyer, order, _) = ordered(&app, 300).await;
    expect_json(call(&app, Method::POST, &format!("/api/orders/{order}/cancel"), Some(&buyer), None).await, 200, "cancel").await;
    let token = card_token(&app, VISA).await;
    let refused = call(&app, Method::POST, &format!("/api/orders/{order}/payment"), Some(&buyer), Some(json!({"cardToken": token}))).await;
    assert_eq!(expect_json(refused, 409, "closed").await["error"]["code"], "order_closed");
    assert_eq!(order_status(&app, &order).await, ("cancelled".to_owned(), 0));
}

/// A PaymentIntent for the order confirmed at the provider without our server hearing of it (the browser's
/// confirmation lost on the way): only the webhook will tell. Answers its id.
async fn paid_behind_our_back(app: &TestApp, order: &str, amount: i64, currency: &str) -> String {
    builders::intent_at_provider(app, order, amount, currency, true).await["id"].as_str().expect("id").to_owned()
}

fn succeeded_event(payment: &str) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "id": format!("evt_{}", uuid::Uuid::new_v4().simple()),
        "object": "event",
        "type": "payment_intent.succeeded",
        "data": { "object": { "id": payment, "object": "payment_intent" } }
    }))
    .expect("JSON")
}

async fn deliver(app: &TestApp, payload: &[u8], signature: Option<String>) -> reqwest::Response {
    let mut request =
        app.client.post(app.url("/api/payments/stripe/webhook")).header("content-type", "application/json").body(payload.to_vec());
    if let Some(signature) = signature {
        request = request.header("Stripe-Signature", signature);
    }
    request.send().await.expect("delivered")
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

#[tokio::test]
async fn the_same_webhook_delivered_twenty_times_at_once_pays_the_order_once() {
    let app = app().await;
    let (_, order, book) = ordered(&app, 300).await;
    let payment = paid_behind_our_back(&app, &order, 30_000, "bdt").await;
    let event = succeeded_event(&payment);
    let deliveries = join_all((0..20).map(|_| deliver(&app, &event, Some(sign_payload(TEST_WEBHOOK_SECRET, now(), &event))))).await;
    for delivery in deliveries {
        assert_eq!(delivery.status().as_u16(), 200);
    }
    assert_eq!(order_status(&app, &order).await, ("paid".to_owned(), 1));
    assert_eq!(book_status(&app, book).await, "sold");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{order}' AND transaction_id = '{payment}'")).await, 1);
}

#[tokio::test]
async fn the_browser_and_the_webhook_in_either_order_make_one_payment() {
    let app = app().await;
    // Browser first, then the webhook.
    let (buyer, order, _) = ordered(&app, 300).await;
    let paid = pay(&app, &buyer, &order, VISA).await;
    let payment = paid["transactionId"].as_str().expect("id").to_owned();
    let event = succeeded_event(&payment);
    assert_eq!(deliver(&app, &event, Some(sign_payload(TEST_WEBHOOK_SECRET, now(), &event))).await.status().as_u16(), 200);
    assert_eq!(order_status(&app, &order).await, ("held".to_owned(), 0));

    // The webhook first, then the browser's sync.
    let (buyer, order, _) = ordered(&app, 300).await;
    let pending = pay(&app, &buyer, &order, THREE_D_SECURE).await;
    let secret = pending["clientSecret"].as_str().expect("a client secret").to_owned();
    let payment = secret.split("_secret_").next().expect("id").to_owned();
    app.client
        .post(format!("{}/v1/payment_intents/{payment}/_authenticate", localstripe(&app)))
        .form(&[("key", TEST_STRIPE_PUBLISHABLE_KEY), ("client_secret", secret.as_str()), ("success", "true")])
        .send()
        .await
        .expect("authenticated");
    let event = succeeded_event(&payment);
    assert_eq!(deliver(&app, &event, Some(sign_payload(TEST_WEBHOOK_SECRET, now(), &event))).await.status().as_u16(), 200);
    assert_eq!(order_status(&app, &order).await, ("held".to_owned(), 0));
    let synced =
        expect_json(call(&app, Method::POST, &format!("/api/orders/{order}/payment/sync"), Some(&buyer), None).await, 200, "sync").await;
    assert_eq!((synced["status"].as_str(), synced["transactionId"].as_str()), (Some("succeeded"), Some(payment.as_str())));
    assert_eq!(order_status(&app, &order).await, ("held".to_owned(), 0));
    assert_eq!(app.count("SELECT count(*) AS n FROM payments").await, 0, "nothing taken before a handover");
}

#[tokio::test]
async fn a_webhook_without_a_valid_fresh_signature_changes_nothing() {
    let app = app().await;
    let (_, order, book) = ordered(&app, 300).await;
    let payment = paid_behind_our_back(&app, &order, 30_000, "bdt").await;
    let event = succeeded_event(&payment);
    let mut tampered = event.clone();
    let at = tampered.len() - 3;
    tampered[at] = b' ';
    let cases = [
        ("unsigned", event.clone(), None),
        ("wrong secret", event.clone(), Some(sign_payload("whsec_someone_else", now(), &event))),
        ("stale", event.clone(), Some(sign_payload(TEST_WEBHOOK_SECRET, now() - 301, &event))),
        ("tampered", tampered.clone(), Some(sign_payload(TEST_WEBHOOK_SECRET, now(), &event))),
        ("garbage header", event.clone(), Some("t=abc,v1=zz".to_owned())),
    ];
    for (what, payload, signature) in cases {
        let refused = deliver(&app, &payload, signature).await;
        assert_eq!(expect_json(refused, 400, what).await["error"]["code"], "invalid_signature", "{what}");
    }
    assert_eq!(order_status(&app, &order).await, ("pending".to_owned(), 0));
    assert_eq!(book_status(&app, book).await, "pending");
}

#[tokio::test]
async fn a_payment_for_the_wrong_amount_or_currency_is_never_recorded() {
    let app = app().await;
    let (_, order, _) = ordered(&app, 300).await;
    for (amount, currency) in [(300, "bdt"), (30_000, "usd")] {
        let payment = paid_behind_our_back(&app, &order, amount, currency).await;
        let event = succeeded_event(&payment);
        deliver(&app, &event, Some(sign_payload(TEST_WEBHOOK_SECRET, now(), &event))).await;
    }
    assert_eq!(order_status(&app, &order).await, ("pending".to_owned(), 0));
}

#[tokio::test]
async fn money_that_arrives_after_an_order_closed_pays_it_if_the_book_is_free_and_is_refunded_if_not() {
    let app = app().await;
    // The order was cancelled, the book is still for sale: paid after all.
    let (buyer, order, book) = ordered(&app, 300).await;
    expect_json(call(&app, Method::POST, &format!("/api/orders/{order}/cancel"), Some(&buyer), None).await, 200, "cancel").await;
    let payment = paid_behind_our_back(&app, &order, 30_000, "bdt").await;
    let event = succeeded_event(&payment);
    deliver(&app, &event, Some(sign_payload(TEST_WEBHOOK_SECRET, now(), &event))).await;
    assert_eq!(order_status(&app, &order).await, ("paid".to_owned(), 1));
    assert_eq!(book_status(&app, book).await, "sold");

    // The order was cancelled and someone else holds the book now: the money goes back.
    let (buyer, order, book) = ordered(&app, 300).await;
    expect_json(call(&app, Method::POST, &format!("/api/orders/{order}/cancel"), Some(&buyer), None).await, 200, "cancel").await;
    let rival = app.signed_in(&unique("rival"), "buyer").await;
    let body = json!({ "bookId": book.to_string(), "phone": "01912345678", "location": "Mirpur" });
    expect_json(call(&app, Method::POST, "/api/orders", Some(&rival), Some(body)).await, 201, "rival order").await;
    let payment = paid_behind_our_back(&app, &order, 30_000, "bdt").await;
    let event = succeeded_event(&payment);
    assert_eq!(deliver(&app, &event, Some(sign_payload(TEST_WEBHOOK_SECRET, now(), &event))).await.status().as_u16(), 200);
    assert_eq!(order_status(&app, &order).await, ("cancelled".to_owned(), 0));
    let shown = expect_json(call(&app, Method::GET, &format!("/api/orders/{order}"), Some(&buyer), None).await, 200, "order").await;
    assert_eq!(shown["refunded"], true);
    let refunds: Value = app
        .client
        .get(format!("{}/v1/refunds?payment_intent={payment}", localstripe(&app)))
        .bearer_auth(TEST_STRIPE_SECRET_KEY)
        .send()
        .await
        .expect("refunds")
        .json()
        .await
        .expect("JSON");
    assert_eq!(refunds["data"].as_array().map(Vec::len), Some(1), "{refunds}");
    assert_eq!(book_status(&app, book).await, "pending", "the rival still holds it");
}

#[tokio::test]
async fn a_provider_that_is_down_gets_a_clear_answer_and_paying_later_works() {
    // Nothing listens on port 9 of this machine: every call to the provider fails to connect.
    let down = TestApp::builder().identity(Identity::Emulator).card_payments_at("http://127.0.0.1:9").spawn().await;
    let (buyer, order, book) = ordered(&down, 300).await;
    let refused =
        call(&down, Method::POST, &format!("/api/orders/{order}/payment"), Some(&buyer), Some(json!({"cardToken": "tok_unused"}))).await;
    let body = expect_json(refused, 503, "provider down").await;
    assert_eq!(body["error"]["code"], "unavailable");
    assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains("not charged")), "{body}");
    assert_eq!(order_status(&down, &order).await, ("pending".to_owned(), 0));
    assert_eq!(book_status(&down, book).await, "pending");
    let unanswered = format!("SELECT count(*) AS n FROM card_attempts WHERE order_id = '{order}' AND outcome = 'unanswered'");
    assert_eq!(down.count(&unanswered).await, 1, "an attempt the provider never answered is no failed card");

    // The provider is back (the same data, served with a provider that answers): the same order pays.
    let up = TestApp::builder().identity(Identity::Emulator).card_payments().sharing_database_with(&down).spawn().await;
    let paid = pay(&up, &buyer, &order, VISA).await;
    assert_eq!(paid["status"], "succeeded", "{paid}");
    assert_eq!(order_status(&up, &order).await, ("held".to_owned(), 0));
}

/// Moves an order's placement `minutes` into the past (its card attempts stay when they were).
async fn placed_minutes_ago(app: &TestApp, order: &str, minutes: i64) {
    let moved = app.execute(&format!("UPDATE orders SET created_at = now() - interval '{minutes} minutes' WHERE id = '{order}'")).await;
    assert_eq!(moved, 1);
}

const HOLD: std::time::Duration = std::time::Duration::from_secs(48 * 3600);
const HOLD_MINUTES: i64 = 48 * 60;

#[tokio::test]
async fn an_order_whose_card_failed_expires_on_time_like_one_nobody_tried_to_pay() {
    let app = app().await;
    let (buyer, tried, tried_book) = ordered(&app, 300).await;
    let declined = pay(&app, &buyer, &tried, DECLINED).await;
    assert_eq!(declined["status"], "failed", "{declined}");
    let (_, untried, untried_book) = ordered(&app, 300).await;
    let (_, fresh, _) = ordered(&app, 300).await;
    // Ten days old, the card tried a moment ago: the old sweep spared it for as long as a card was tried every
    // half hour.
    placed_minutes_ago(&app, &tried, 10 * 24 * 60).await;
    placed_minutes_ago(&app, &untried, 10 * 24 * 60).await;

    let expired = app.order_expiry(HOLD).sweep(chrono::Utc::now()).await.expect("a sweep");

    assert_eq!(expired, 2);
    assert_eq!(order_status(&app, &tried).await, ("expired".to_owned(), 0), "a declined card holds nothing");
    assert_eq!(book_status(&app, tried_book).await, "available");
    assert_eq!(order_status(&app, &untried).await, ("expired".to_owned(), 0), "the control");
    assert_eq!(book_status(&app, untried_book).await, "available");
    assert_eq!(order_status(&app, &fresh).await, ("pending".to_owned(), 0), "within the hold");
}

/// Starts 3-D Secure on a fresh order; answers (order, book, the payment's client secret).
async fn awaiting_3ds(app: &TestApp) -> (String, BookId, String) {
    let (buyer, order, book) = ordered(app, 300).await;
    let pending = pay(app, &buyer, &order, THREE_D_SECURE).await;
    assert_eq!(pending["status"], "requires_action", "{pending}");
    (order, book, pending["clientSecret"].as_str().expect("a client secret").to_owned())
}

#[tokio::test]
async fn an_overdue_order_is_spared_while_3ds_awaits_the_buyer_but_not_past_the_hold_and_an_hour() {
    let app = app().await;
    let (waiting, waiting_book, _) = awaiting_3ds(&app).await;
    let (too_long, too_long_book, _) = awaiting_3ds(&app).await;
    let (gave_up, _, secret) = awaiting_3ds(&app).await;
    // The buyer failed the 3-D Secure step: the payment needs another card, nothing is under way.
    let payment = secret.split("_secret_").next().expect("the intent id");
    let failed = app
        .client
        .post(format!("{}/v1/payment_intents/{payment}/_authenticate", localstripe(&app)))
        .form(&[("key", TEST_STRIPE_PUBLISHABLE_KEY), ("client_secret", secret.as_str()), ("success", "false")])
        .send()
        .await
        .expect("authentication failed");
    assert!(failed.status().is_success());
    assert_eq!(intent(&app, payment).await["status"], "requires_payment_method");
    placed_minutes_ago(&app, &waiting, HOLD_MINUTES + 30).await;
    placed_minutes_ago(&app, &too_long, HOLD_MINUTES + 61).await;
    placed_minutes_ago(&app, &gave_up, HOLD_MINUTES + 30).await;

    let sweeper = app.order_expiry(HOLD);
    let expired = sweeper.sweep(chrono::Utc::now()).await.expect("a sweep");

    assert_eq!(expired, 2);
    assert_eq!(order_status(&app, &waiting).await, ("pending".to_owned(), 0), "3-D Secure under way");
    assert_eq!(book_status(&app, waiting_book).await, "pending");
    assert_eq!(order_status(&app, &too_long).await, ("expired".to_owned(), 0), "past the hold and an hour");
    assert_eq!(book_status(&app, too_long_book).await, "available");
    assert_eq!(order_status(&app, &gave_up).await, ("expired".to_owned(), 0), "authentication failed");
    // Half an hour on, the waiting one is past the hold and an hour too.
    let later = chrono::Utc::now() + chrono::Duration::minutes(31);
    assert_eq!(sweeper.sweep(later).await.expect("a sweep"), 1);
    assert_eq!(order_status(&app, &waiting).await, ("expired".to_owned(), 0));
}

#[tokio::test]
async fn an_overdue_order_whose_payment_succeeded_unheard_is_recorded_not_expired() {
    let app = app().await;
    let (_, order, book) = ordered(&app, 300).await;
    paid_behind_our_back(&app, &order, 30_000, "bdt").await;
    placed_minutes_ago(&app, &order, HOLD_MINUTES + 10).await;

    assert_eq!(app.order_expiry(HOLD).sweep(chrono::Utc::now()).await.expect("a sweep"), 0);

    assert_eq!(order_status(&app, &order).await, ("paid".to_owned(), 1));
    assert_eq!(book_status(&app, book).await, "sold");
}

async fn pay_answer(app: &TestApp, buyer: &str, order: &str, token: &str) -> reqwest::Response {
    call(app, Method::POST, &format!("/api/orders/{order}/payment"), Some(buyer), Some(json!({"cardToken": token}))).await
}

/// Whether localstripe still takes a card token, i.e. nobody used it yet (a token is single-use).
async fn token_unused(app: &TestApp, token: &str) -> bool {
    let response = app
        .client
        .post(format!("{}/v1/payment_methods", localstripe(app)))
        .bearer_auth(TEST_STRIPE_SECRET_KEY)
        .form(&[("type", "card"), ("card[token]", token)])
        .send()
        .await
        .expect("answered");
    response.status().is_success()
}

/// A pending order by `buyer` for a fresh book at 300 taka.
async fn order_for(app: &TestApp, buyer: &str) -> String {
    let book = book(app, 300).await;
    let body = json!({ "bookId": book.to_string(), "phone": "01812345678", "location": "Nilkhet" });
    let placed = expect_json(call(app, Method::POST, "/api/orders", Some(buyer), Some(body)).await, 201, "order").await;
    placed["id"].as_str().expect("id").to_owned()
}

fn retry_after(response: &reqwest::Response) -> u64 {
    response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("a Retry-After in seconds")
}

#[tokio::test]
async fn the_sixth_failed_card_on_one_order_within_an_hour_is_refused_before_the_provider_sees_it() {
    let app = app().await;
    let (buyer, order, book) = ordered(&app, 300).await;
    for n in 0..5 {
        let declined = pay(&app, &buyer, &order, DECLINED).await;
        assert_eq!(declined["status"], "failed", "attempt {n}: {declined}");
    }
    for number in [DECLINED, VISA] {
        let token = card_token(&app, number).await;
        let refused = pay_answer(&app, &buyer, &order, &token).await;
        let wait = retry_after(&refused);
        assert!((3000..=3600).contains(&wait), "about an hour: {wait}");
        let body = expect_json(refused, 429, "the sixth attempt").await;
        assert_eq!(body["error"]["code"], "rate_limited");
        assert_eq!(body["error"]["message"], "Too many attempts with this order. Please wait an hour or try another card later.");
        assert!(token_unused(&app, &token).await, "the provider never saw the card");
    }
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM card_attempts WHERE order_id = '{order}'")).await, 5);
    assert_eq!(order_status(&app, &order).await, ("pending".to_owned(), 0));
    assert_eq!(book_status(&app, book).await, "pending");

    // The window slides: once the first failure is over an hour old, one more card may be tried.
    app.execute(&format!(
        "UPDATE card_attempts SET at = at - interval '61 minutes' WHERE id = (SELECT min(id) FROM card_attempts WHERE order_id = '{order}')"
    ))
    .await;
    assert_eq!(pay(&app, &buyer, &order, DECLINED).await["status"], "failed", "one more after an hour");
    let token = card_token(&app, DECLINED).await;
    assert_eq!(pay_answer(&app, &buyer, &order, &token).await.status().as_u16(), 429, "and no more");

    // The limit is the order's: the same buyer's other order pays.
    let other = order_for(&app, &buyer).await;
    assert_eq!(pay(&app, &buyer, &other, VISA).await["status"], "succeeded");
}

#[tokio::test]
async fn racing_attempts_on_one_order_cannot_pass_the_limit_together() {
    let app = app().await;
    let (buyer, order, _) = ordered(&app, 300).await;
    let mut tokens = Vec::new();
    for _ in 0..8 {
        tokens.push(card_token(&app, DECLINED).await);
    }
    let answers = join_all(tokens.iter().map(|token| pay_answer(&app, &buyer, &order, token))).await;
    let statuses: Vec<u16> = answers.iter().map(|a| a.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 3, "{statuses:?}");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM card_attempts WHERE order_id = '{order}'")).await, 5);
    let unused = join_all(tokens.iter().map(|token| token_unused(&app, token))).await;
    assert_eq!(unused.iter().filter(|u| **u).count(), 3, "three cards never reached the provider");
}

#[tokio::test]
async fn the_twenty_first_card_attempt_of_one_account_within_an_hour_is_refused() {
    // The per-minute request limits of this instance would answer first: this is the hourly count in PostgreSQL.
    let app = TestApp::builder().identity(Identity::Emulator).card_payments().rate_limits(RateLimits::OFF).spawn().await;
    let buyer = app.signed_in(&unique("tester"), "buyer").await;
    let mut orders = Vec::new();
    for _ in 0..5 {
        orders.push(order_for(&app, &buyer).await);
    }
    for order in &orders[..4] {
        for _ in 0..5 {
            assert_eq!(pay(&app, &buyer, order, DECLINED).await["status"], "failed");
        }
    }
    let token = card_token(&app, VISA).await;
    let refused = pay_answer(&app, &buyer, &orders[4], &token).await;
    assert!(retry_after(&refused) >= 3000);
    let body = expect_json(refused, 429, "the 21st attempt").await;
    assert_eq!(body["error"]["code"], "rate_limited");
    assert_eq!(
        body["error"]["message"],
        "Too many card payment attempts from your account in the last hour. Please wait an hour and try again."
    );
    assert!(token_unused(&app, &token).await, "the provider never saw the card");
    assert_eq!(order_status(&app, &orders[4]).await, ("pending".to_owned(), 0));
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{}' AND payment_id IS NULL", orders[4])).await, 1);

    // Another buyer is not held back by this one.
    let (other_buyer, other_order, _) = ordered(&app, 300).await;
    assert_eq!(pay(&app, &other_buyer, &other_order, VISA).await["status"], "succeeded");
}

#[tokio::test]
async fn a_webhook_for_another_payment_intent_than_the_orders_leaves_it_unpaid() {
    let app = app().await;
    // One order whose buyer tried a card (its PaymentIntent is stored), one nobody tried to pay.
    let (buyer, tried, tried_book) = ordered(&app, 300).await;
    assert_eq!(pay(&app, &buyer, &tried, DECLINED).await["status"], "failed");
    let (_, untried, _) = ordered(&app, 300).await;
    for order in [&tried, &untried] {
        let elsewhere = builders::intent_made_elsewhere(&app, order, 30_000, "bdt", true).await;
        let event = succeeded_event(elsewhere["id"].as_str().expect("id"));
        let answer = deliver(&app, &event, Some(sign_payload(TEST_WEBHOOK_SECRET, now(), &event))).await;
        assert_eq!(answer.status().as_u16(), 200, "acknowledged");
        assert_eq!(order_status(&app, order).await, ("pending".to_owned(), 0), "not settled");
    }
    assert_eq!(book_status(&app, tried_book).await, "pending");
    let stored = app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{tried}' AND payment_id LIKE 'pi_%'")).await;
    assert_eq!(stored, 1, "the order keeps its own payment");
}

/// The value of an unlabelled counter in the recorder's text, 0 before it was first counted.
fn counter(rendered: &str, name: &str) -> f64 {
    rendered
        .lines()
        .find_map(|line| line.strip_prefix(name).and_then(|rest| rest.strip_prefix(' ')).and_then(|value| value.trim().parse().ok()))
        .unwrap_or(0.0)
}

/// A refund localstripe cannot fail, so the provider is a wiremock server here: it holds a succeeded PaymentIntent for
/// an order that was cancelled and whose book someone else holds now, answers the first refund as failed and the
/// second as succeeded.
#[tokio::test]
async fn a_refund_the_provider_reports_failed_is_not_recorded_is_counted_and_is_retried() {
    use wiremock::matchers::{header, method, path};
    use wiremock::{Mock, MockServer, ResponseTemplate};

    let metrics = puronoboi_http::metrics::install().expect("the recorder installs");
    let provider = MockServer::start().await;
    let app = TestApp::builder().identity(Identity::Emulator).card_payments_at(&provider.uri()).spawn().await;
    let (buyer, order, book) = ordered(&app, 300).await;
    expect_json(call(&app, Method::POST, &format!("/api/orders/{order}/cancel"), Some(&buyer), None).await, 200, "cancel").await;
    let rival = app.signed_in(&unique("rival"), "buyer").await;
    let body = json!({ "bookId": book.to_string(), "phone": "01912345678", "location": "Mirpur" });
    expect_json(call(&app, Method::POST, "/api/orders", Some(&rival), Some(body)).await, 201, "rival order").await;
    let payment = format!("pi_{}", uuid::Uuid::new_v4().simple());
    assert_eq!(app.execute(&format!("UPDATE orders SET payment_id = '{payment}' WHERE id = '{order}'")).await, 1);

    Mock::given(method("GET"))
        .and(path(format!("/v1/payment_intents/{payment}")))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": payment, "object": "payment_intent", "status": "succeeded", "amount": 30_000, "currency": "bdt",
            "metadata": { "order_id": order }, "client_secret": null, "last_payment_error": null
        })))
        .mount(&provider)
        .await;
    let refund = |id: &str, status: &str| json!({ "id": id, "object": "refund", "amount": 30_000, "currency": "bdt", "payment_intent": payment, "status": status });
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .and(header("Idempotency-Key", format!("puronoboi-refund-{payment}").as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_json(refund("re_failed", "failed")))
        .expect(1)
        .mount(&provider)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .and(header("Idempotency-Key", format!("puronoboi-refund-{payment}-retry-1").as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_json(refund("re_second", "pending")))
        .expect(1)
        .mount(&provider)
        .await;

    let failed_before = counter(&metrics.render(), "refunds_failed_total");
    let event = succeeded_event(&payment);
    let answer = deliver(&app, &event, Some(sign_payload(TEST_WEBHOOK_SECRET, now(), &event))).await;
    assert_eq!(answer.status().as_u16(), 200, "acknowledged: the refund is retried here, not by redelivery");

    let shown = expect_json(call(&app, Method::GET, &format!("/api/orders/{order}"), Some(&buyer), None).await, 200, "order").await;
    assert_eq!((shown["status"].as_str(), shown["refunded"].as_bool()), (Some("cancelled"), Some(false)), "{shown}");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{order}' AND refund_id IS NULL")).await, 1);
    let owed =
        format!("SELECT count(*) AS n FROM owed_refunds WHERE order_id = '{order}' AND payment_id = '{payment}' AND failed_attempts = 1");
    assert_eq!(app.count(&owed).await, 1, "still owed");
    assert!(counter(&metrics.render(), "refunds_failed_total") >= failed_before + 1.0, "counted");

    // A sweep before the retry is due leaves it; one after it refunds again, under a new idempotency key.
    let sweeper = app.order_expiry(HOLD);
    sweeper.sweep(chrono::Utc::now()).await.expect("a sweep");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{order}' AND refund_id IS NULL")).await, 1);
    sweeper.sweep(chrono::Utc::now() + chrono::Duration::minutes(6)).await.expect("a later sweep");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{order}' AND refund_id = 're_second'")).await, 1);
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM owed_refunds WHERE order_id = '{order}'")).await, 0, "nothing owed");
    let shown = expect_json(call(&app, Method::GET, &format!("/api/orders/{order}"), Some(&buyer), None).await, 200, "order").await;
    assert_eq!(shown["refunded"], true);
    provider.verify().await;
}
