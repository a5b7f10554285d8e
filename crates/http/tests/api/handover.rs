//! The handover over HTTP, against a real database and the Auth emulator: the buyer's order page shows a code nobody
//! else sees, the seller of the book enters it at the meeting, and only then is the book sold (cash paid there), once,
//! however many taps and instances the code arrives at. Wrong codes are counted and lock the code.

use futures_util::future::join_all;
use puronoboi_domain::{AccountId, BookId};
use puronoboi_http::limits::RateLimits;
use puronoboi_test_support::{Identity, TestApp, builders, expect_json, unique};
use reqwest::Method;
use serde_json::{Value, json};

async fn app() -> TestApp {
    TestApp::builder().identity(Identity::Emulator).spawn().await
}

/// A signed-in seller with one available book, a signed-in buyer, and the buyer's pending order for it.
struct Sale {
    seller: String,
    buyer: String,
    book: BookId,
    order: String,
}

async fn sale(app: &TestApp) -> Sale {
    let seller = app.signed_in(&unique("handover-seller"), "seller").await;
    let seller_id: AccountId = app.account_id(&seller).await.parse().expect("an account id");
    let category = builders::category(&app.store, &format!("Handover {}", uuid::Uuid::new_v4().simple())).await;
    let book = builders::list(&app.store, builders::book(seller_id, &category, "Pather Panchali")).await;
    let buyer = app.signed_in(&unique("handover-buyer"), "buyer").await;
    let body = json!({ "bookId": book.to_string(), "phone": "01712-345678", "location": "TSC, Dhaka University" });
    let placed = expect_json(app.call(Method::POST, "/api/orders", Some(&buyer), Some(&body)).await, 201, "an order").await;
    Sale { seller, buyer, book, order: placed["id"].as_str().expect("an id").to_owned() }
}

async fn order_page(app: &TestApp, sale: &Sale) -> Value {
    expect_json(app.call(Method::GET, &format!("/api/orders/{}", sale.order), Some(&sale.buyer), None).await, 200, "the order").await
}

async fn hand_over(app: &TestApp, sale: &Sale, code: &str) -> reqwest::Response {
    app.call(Method::POST, &format!("/api/orders/{}/handover", sale.order), Some(&sale.seller), Some(&json!({ "code": code }))).await
}

async fn state(app: &TestApp, sale: &Sale) -> (String, String, i64) {
    let order = app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{}' AND status = 'completed'", sale.order)).await;
    let wrong = app.count(&format!("SELECT handover_wrong_codes::bigint AS n FROM orders WHERE id = '{}'", sale.order)).await;
    let status = if order == 1 { "completed" } else { "open" };
    let book = app.get_json(&format!("/api/books/{}", sale.book), 200).await["status"].as_str().expect("a status").to_owned();
    (status.to_owned(), book, wrong)
}

/// A code other than `right`, six digits.
fn other_than(right: &str) -> String {
    format!("{:06}", (right.parse::<u32>().expect("digits") + 1) % 1_000_000)
}

fn bengali(digits: &str) -> String {
    digits.chars().map(|c| char::from_u32(0x09E6 + c.to_digit(10).expect("a digit")).expect("a Bengali digit")).collect()
}

#[tokio::test]
async fn the_buyer_sees_the_code_on_the_order_page_only_and_the_seller_completes_the_sale_with_it() {
    let app = app().await;
    let sale = sale(&app).await;

    let page = order_page(&app, &sale).await;
    let code = page["handoverCode"].as_str().expect("a code on the buyer's order page").to_owned();
    assert!(code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()), "{code}");
    assert_eq!((page["paymentMethod"].as_str(), &page["completedAt"]), (Some("cash"), &Value::Null));
    let list = expect_json(app.call(Method::GET, "/api/me/orders", Some(&sale.buyer), None).await, 200, "My Orders").await;
    assert_eq!(list["items"][0]["id"], sale.order);
    assert_eq!(list["items"][0]["handoverCode"], Value::Null, "never in a list");
    let seller_view = expect_json(app.call(Method::GET, "/api/me/books", Some(&sale.seller), None).await, 200, "My Products").await;
    assert!(!seller_view.to_string().contains(&code), "the seller never sees it: {seller_view}");

    // A wrong code: refused, counted, nothing sold.
    let wrong = expect_json(hand_over(&app, &sale, &other_than(&code)).await, 422, "a wrong code").await;
    assert_eq!((wrong["error"]["code"].as_str(), wrong["error"]["attemptsLeft"].as_u64()), (Some("wrong_handover_code"), Some(4)));
    assert_eq!(state(&app, &sale).await, ("open".to_owned(), "pending".to_owned(), 1));

    // The right code, as typed on a phone set to Bangla: completed, cash, the book sold.
    let typed = format!("{} {}", bengali(&code[..3]), bengali(&code[3..]));
    let done = expect_json(hand_over(&app, &sale, &typed).await, 200, "the right code").await;
    assert_eq!((done["id"].as_str(), done["status"].as_str()), (Some(sale.order.as_str()), Some("completed")));
    assert_eq!(done["paymentMethod"], "cash");
    assert!(done["completedAt"].is_string(), "{done}");
    assert!(done.get("handoverCode").is_none() && done.get("email").is_none(), "the seller's view: {done}");
    assert_eq!(state(&app, &sale).await, ("completed".to_owned(), "sold".to_owned(), 0));

    let page = order_page(&app, &sale).await;
    assert_eq!((page["status"].as_str(), &page["handoverCode"]), (Some("completed"), &Value::Null), "the code dies with the order");
    assert!(page["completedAt"].is_string());
    let again = expect_json(hand_over(&app, &sale, &code).await, 409, "handed over already").await;
    assert_eq!(again["error"]["code"], "order_closed");
    let cancel = app.call(Method::POST, &format!("/api/orders/{}/cancel", sale.order), Some(&sale.buyer), None).await;
    assert_eq!(cancel.status(), 409, "a sold book stays sold");
}

#[tokio::test]
async fn five_wrong_codes_lock_the_order_even_for_the_right_one() {
    let app = app().await;
    let sale = sale(&app).await;
    let code = order_page(&app, &sale).await["handoverCode"].as_str().expect("a code").to_owned();
    for left in (1..=4).rev() {
        let wrong = expect_json(hand_over(&app, &sale, &other_than(&code)).await, 422, "a wrong code").await;
        assert_eq!(wrong["error"]["attemptsLeft"].as_u64(), Some(left));
    }
    let locking = hand_over(&app, &sale, &other_than(&code)).await;
    assert_eq!(locking.status(), 429);
    let retry: u64 = locking.headers()["retry-after"].to_str().expect("ascii").parse().expect("seconds");
    assert!((890..=900).contains(&retry), "about 15 minutes: {retry}");
    assert_eq!(locking.json::<Value>().await.expect("JSON")["error"]["code"], "handover_locked");

    let right = hand_over(&app, &sale, &code).await;
    assert_eq!(right.status(), 429, "no code is checked while locked");
    assert!(right.headers().contains_key("retry-after"));
    assert_eq!(state(&app, &sale).await.0, "open");
    assert_eq!(state(&app, &sale).await.1, "pending");
}

#[tokio::test]
async fn a_code_that_is_not_six_digits_is_refused_and_not_counted() {
    let app = app().await;
    let sale = sale(&app).await;
    for typed in ["12345", "1234567", "abcdef", "", "12 34 5x"] {
        let refused = expect_json(hand_over(&app, &sale, typed).await, 422, "not a code").await;
        assert_eq!(refused["error"]["code"], "validation_failed", "{typed:?}");
        assert_eq!(refused["error"]["reasons"]["code"]["code"], "invalid_handover_code", "{typed:?}");
    }
    assert_eq!(state(&app, &sale).await, ("open".to_owned(), "pending".to_owned(), 0), "nothing counted");
    let unreadable =
        app.call(Method::POST, &format!("/api/orders/{}/handover", sale.order), Some(&sale.seller), Some(&json!({ "code": 123456 }))).await;
    assert_eq!(unreadable.status(), 400);
}

#[tokio::test]
async fn twenty_confirmations_at_once_on_two_instances_complete_the_sale_once() {
    let first = TestApp::builder().identity(Identity::Emulator).rate_limits(RateLimits::OFF).spawn().await;
    let second = TestApp::builder().identity(Identity::Emulator).rate_limits(RateLimits::OFF).sharing_database_with(&first).spawn().await;
    let sale = sale(&first).await;
    let code = order_page(&second, &sale).await["handoverCode"].as_str().expect("a code").to_owned();
    let instances = [&first, &second];
    let answers = join_all((0..20).map(|n| hand_over(instances[n % 2], &sale, &code))).await;
    let statuses: Vec<u16> = answers.iter().map(|a| a.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 19, "{statuses:?}");
    assert_eq!(state(&first, &sale).await, ("completed".to_owned(), "sold".to_owned(), 0));
    let completions =
        first.count(&format!("SELECT count(*) AS n FROM orders WHERE book_id = '{}' AND status = 'completed'", sale.book)).await;
    assert_eq!(completions, 1);
}

/// The card side of a sale: an app with card payments (localstripe), the buyer's order held by a card.
async fn card_app(rate_limits: RateLimits) -> TestApp {
    TestApp::builder().identity(Identity::Emulator).card_payments().rate_limits(rate_limits).spawn().await
}

/// Pays the sale's order by card: the card holds the price. Answers the PaymentIntent's id.
async fn hold_by_card(app: &TestApp, sale: &Sale) -> String {
    let token = builders::card_token(app, puronoboi_test_support::cards::VISA).await;
    let path = format!("/api/orders/{}/payment", sale.order);
    let paid = expect_json(app.call(Method::POST, &path, Some(&sale.buyer), Some(&json!({ "cardToken": token }))).await, 200, "pay").await;
    assert_eq!(paid["status"], "succeeded", "{paid}");
    paid["transactionId"].as_str().expect("a payment").to_owned()
}

/// A PaymentIntent as localstripe holds it.
async fn intent(app: &TestApp, id: &str) -> Value {
    let base = app.localstripe.as_deref().expect("card payments");
    let response =
        app.client.get(format!("{base}/v1/payment_intents/{id}")).bearer_auth(puronoboi_test_support::TEST_STRIPE_SECRET_KEY).send().await;
    expect_json(response.expect("read"), 200, "the intent").await
}

#[tokio::test]
async fn a_held_card_is_taken_once_when_twenty_confirmations_arrive_at_two_instances() {
    let first = card_app(RateLimits::OFF).await;
    let second = TestApp::builder()
        .identity(Identity::Emulator)
        .card_payments()
        .rate_limits(RateLimits::OFF)
        .sharing_database_with(&first)
        .spawn()
        .await;
    let sale = sale(&first).await;
    let payment = hold_by_card(&first, &sale).await;
    let page = order_page(&second, &sale).await;
    assert_eq!((page["status"].as_str(), page["paymentMethod"].as_str()), (Some("held"), Some("card")));
    assert_eq!(intent(&first, &payment).await["status"], "requires_capture", "held, nothing taken yet");
    let code = page["handoverCode"].as_str().expect("the code, while held").to_owned();

    // A wrong code first: nothing taken.
    expect_json(hand_over(&first, &sale, &other_than(&code)).await, 422, "a wrong code").await;
    assert_eq!(intent(&first, &payment).await["status"], "requires_capture");

    let instances = [&first, &second];
    let answers = join_all((0..20).map(|n| hand_over(instances[n % 2], &sale, &code))).await;
    let statuses: Vec<u16> = answers.iter().map(|a| a.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 19, "{statuses:?}");
    let taken = intent(&first, &payment).await;
    assert_eq!(taken["status"], "succeeded", "taken at the handover: {taken}");
    let charges = taken["charges"]["data"].as_array().map(Vec::len).unwrap_or(0);
    assert!(charges <= 1, "one charge at most: {taken}");
    assert_eq!(state(&first, &sale).await, ("completed".to_owned(), "sold".to_owned(), 0));
    assert_eq!(
        first.count(&format!("SELECT count(*) AS n FROM payments WHERE order_id = '{}'", sale.order)).await,
        1,
        "one payment record"
    );
    let done = order_page(&first, &sale).await;
    assert_eq!(
        (done["status"].as_str(), done["paymentMethod"].as_str(), &done["handoverCode"]),
        (Some("completed"), Some("card"), &Value::Null)
    );
}

#[tokio::test]
async fn the_deadline_sweep_racing_handovers_ends_each_order_completed_or_expired_never_both() {
    let app = card_app(RateLimits::OFF).await;
    let mut sales = Vec::new();
    for _ in 0..6 {
        let sale = sale(&app).await;
        let payment = hold_by_card(&app, &sale).await;
        let code = order_page(&app, &sale).await["handoverCode"].as_str().expect("a code").to_owned();
        sales.push((sale, payment, code));
    }
    // Every hold is past its deadline: the sweep and the seller's code race for each order.
    app.execute("UPDATE orders SET held_at = now() - interval '6 days' WHERE status = 'held'").await;
    let sweeper = app.order_expiry(std::time::Duration::from_secs(48 * 3600));
    let handovers = join_all(sales.iter().map(|(sale, _, code)| hand_over(&app, sale, code)));
    let (answers, swept) = tokio::join!(handovers, sweeper.sweep(chrono::Utc::now()));
    swept.expect("the sweep ran");
    // A second sweep releases whatever the first left owed.
    sweeper.sweep(chrono::Utc::now()).await.expect("the sweep ran again");

    for ((sale, payment, _), answer) in sales.iter().zip(answers) {
        let answered = answer.status().as_u16();
        let status = app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{}' AND status = 'completed'", sale.order)).await;
        let expired = app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{}' AND status = 'expired'", sale.order)).await;
        assert_eq!(status + expired, 1, "exactly one of completed or expired: {}", sale.order);
        let at_provider = intent(&app, payment).await["status"].as_str().expect("a status").to_owned();
        if status == 1 {
            assert_eq!((answered, at_provider.as_str()), (200, "succeeded"), "completed: the money taken");
        } else {
            assert_eq!((answered, at_provider.as_str()), (409, "canceled"), "expired: the hold released, never taken");
            let released =
                app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{}' AND hold_released_at IS NOT NULL", sale.order)).await;
            assert_eq!(released, 1);
        }
    }
}

#[tokio::test]
async fn a_buyer_who_cancels_a_held_order_has_the_hold_released_and_the_seller_cannot_take_it() {
    let app = card_app(RateLimits::default()).await;
    let sale = sale(&app).await;
    let payment = hold_by_card(&app, &sale).await;
    let code = order_page(&app, &sale).await["handoverCode"].as_str().expect("a code").to_owned();
    let path = format!("/api/orders/{}/cancel", sale.order);
    let cancelled = expect_json(app.call(Method::POST, &path, Some(&sale.buyer), None).await, 200, "cancel").await;
    assert_eq!((cancelled["status"].as_str(), cancelled["holdReleased"].as_bool()), (Some("cancelled"), Some(true)));
    assert_eq!(intent(&app, &payment).await["status"], "canceled", "released at the provider");
    let late = expect_json(hand_over(&app, &sale, &code).await, 409, "too late").await;
    assert_eq!(late["error"]["code"], "order_closed");
    assert_eq!(intent(&app, &payment).await["status"], "canceled", "never taken");
    assert_eq!(app.get_json(&format!("/api/books/{}", sale.book), 200).await["status"], "available");
}

#[tokio::test]
async fn the_buyer_alone_chooses_cash_or_card_while_the_order_is_pending() {
    let app = TestApp::builder().identity(Identity::Emulator).card_payments().card_minimum(60).spawn().await;
    let sale = sale(&app).await;
    let path = format!("/api/orders/{}", sale.order);
    assert_eq!(order_page(&app, &sale).await["paymentMethod"], "cash", "cash unless chosen");
    let card =
        expect_json(app.call(Method::PATCH, &path, Some(&sale.buyer), Some(&json!({ "paymentMethod": "card" }))).await, 200, "card").await;
    assert_eq!(card["paymentMethod"], "card");
    assert!(card["handoverCode"].as_str().is_some(), "the buyer's own page: {card}");

    // Nobody else changes it: another buyer, the seller, no token, a bad value.
    let stranger = app.signed_in(&unique("stranger"), "buyer").await;
    let theirs = app.call(Method::PATCH, &path, Some(&stranger), Some(&json!({ "paymentMethod": "cash" }))).await;
    assert_eq!(expect_json(theirs, 404, "someone else's").await["error"]["code"], "order_not_found");
    assert_eq!(app.call(Method::PATCH, &path, Some(&sale.seller), Some(&json!({ "paymentMethod": "cash" }))).await.status(), 403);
    assert_eq!(app.call(Method::PATCH, &path, None, Some(&json!({ "paymentMethod": "cash" }))).await.status(), 401);
    assert_eq!(app.call(Method::PATCH, &path, Some(&sale.buyer), Some(&json!({ "paymentMethod": "bkash" }))).await.status(), 400);
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{}' AND payment_method = 'card'", sale.order)).await, 1);

    // A card only where the order can be paid by card.
    let seller_id: AccountId = app.account_id(&sale.seller).await.parse().expect("an id");
    let category = builders::category(&app.store, &format!("Cheap {}", uuid::Uuid::new_v4().simple())).await;
    let mut form = builders::form("Cheap copy");
    form.resale_price = Some(40);
    let cheap = builders::list(&app.store, builders::book_from(seller_id, &category, form)).await;
    let body = json!({ "bookId": cheap.to_string(), "phone": "01712-345678", "location": "Nilkhet", "paymentMethod": "card" });
    let placed = expect_json(app.call(Method::POST, "/api/orders", Some(&sale.buyer), Some(&body)).await, 201, "cheap").await;
    assert_eq!(placed["paymentMethod"], "cash", "below the card minimum: cash");
    let refused = app
        .call(
            Method::PATCH,
            &format!("/api/orders/{}", placed["id"].as_str().expect("id")),
            Some(&sale.buyer),
            Some(&json!({ "paymentMethod": "card" })),
        )
        .await;
    assert_eq!(expect_json(refused, 422, "too cheap").await["error"]["code"], "below_card_minimum");

    // Once a card holds the price, the choice is made.
    hold_by_card(&app, &sale).await;
    let closed = app.call(Method::PATCH, &path, Some(&sale.buyer), Some(&json!({ "paymentMethod": "cash" }))).await;
    assert_eq!(expect_json(closed, 409, "held").await["error"]["code"], "order_closed");
}
