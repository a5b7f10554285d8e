//! Reviews over HTTP, against a real database and the Auth emulator: only the buyer of a handed-over order reviews it,
//! once, within 14 days; the seller answers once; the seller's page and the book page carry the score.

use futures_util::future::join_all;
use puronoboi_app::handover_codes::HandoverCodes;
use puronoboi_domain::{AccountId, BookId};
use puronoboi_test_support::{Identity, TestApp, builders, expect_json, test_session_secret, unique};
use reqwest::Method;
use serde_json::{Value, json};

async fn app() -> TestApp {
    TestApp::builder().identity(Identity::Emulator).spawn().await
}

struct Sale {
    seller: String,
    seller_id: String,
    buyer: String,
    book: BookId,
    order: String,
}

/// A seller's book ordered by a buyer (with `phone`); not handed over yet.
async fn sale(app: &TestApp, phone: &str) -> Sale {
    let seller = app.signed_in(&unique("review-seller"), "seller").await;
    let seller_id = app.account_id(&seller).await;
    let account: AccountId = seller_id.parse().expect("an account id");
    let category = builders::category(&app.store, &format!("Reviews {}", uuid::Uuid::new_v4().simple())).await;
    let book = builders::list(&app.store, builders::book(account, &category, "Pather Panchali")).await;
    let buyer = app.signed_in(&unique("review-buyer"), "buyer").await;
    let body = json!({ "bookId": book.to_string(), "phone": phone, "location": "TSC, Dhaka University" });
    let placed = expect_json(app.call(Method::POST, "/api/orders", Some(&buyer), Some(&body)).await, 201, "an order").await;
    Sale { seller, seller_id, buyer, book, order: placed["id"].as_str().expect("an id").to_owned() }
}

/// The seller enters the buyer's handover code at the meeting.
async fn hand_over(app: &TestApp, sale: &Sale) {
    let code = HandoverCodes::new(&test_session_secret()).code(sale.order.parse().expect("an order id")).to_string();
    let path = format!("/api/orders/{}/handover", sale.order);
    expect_json(app.call(Method::POST, &path, Some(&sale.seller), Some(&json!({ "code": code }))).await, 200, "handed over").await;
}

async fn completed(app: &TestApp) -> Sale {
    let sale = sale(app, "01812-345678").await;
    hand_over(app, &sale).await;
    sale
}

/// A signed-in GET that must answer 200.
async fn get_as(app: &TestApp, path: &str, token: &str) -> Value {
    expect_json(app.call(Method::GET, path, Some(token), None).await, 200, path).await
}

fn stars(as_described: i64, communication: i64, on_time: i64) -> Value {
    json!({ "asDescribed": as_described, "communication": communication, "onTime": on_time })
}

async fn review(app: &TestApp, token: &str, order: &str, body: &Value) -> reqwest::Response {
    app.call(Method::POST, &format!("/api/orders/{order}/review"), Some(token), Some(body)).await
}

async fn error_code(response: reqwest::Response, status: u16, what: &str) -> String {
    expect_json(response, status, what).await["error"]["code"].as_str().expect("a code").to_owned()
}

#[tokio::test]
async fn a_buyer_reviews_a_completed_order_the_seller_answers_and_the_score_shows_everywhere() {
    let app = app().await;
    let sale = completed(&app).await;

    let order = get_as(&app, &format!("/api/orders/{}", sale.order), &sale.buyer).await;
    assert_eq!((order["canReview"].as_bool(), &order["review"]), (Some(true), &Value::Null));
    let before = app.get_json(&format!("/api/sellers/{}", sale.seller_id), 200).await;
    assert_eq!(before["score"]["reviewCount"], 0);
    assert_eq!(before["score"]["reviewAverage"], Value::Null);
    assert_eq!(before["score"]["completionRate"], 100, "one order ended, completed");
    assert_eq!(before["score"]["newSeller"], true, "one completed order");

    let mut body = stars(5, 4, 4);
    body["comment"] = json!("  Exactly as described; on time at Nilkhet.  ");
    let written = expect_json(review(&app, &sale.buyer, &sale.order, &body).await, 201, "the review").await;
    assert_eq!(
        (written["asDescribed"].as_u64(), written["communication"].as_u64(), written["onTime"].as_u64()),
        (Some(5), Some(4), Some(4))
    );
    assert_eq!(written["comment"], "Exactly as described; on time at Nilkhet.", "trimmed");
    assert_eq!(written["orderId"], sale.order.as_str());

    let order = get_as(&app, &format!("/api/orders/{}", sale.order), &sale.buyer).await;
    assert_eq!((order["canReview"].as_bool(), order["review"]["id"].clone()), (Some(false), written["id"].clone()));
    let mine = get_as(&app, "/api/me/orders", &sale.buyer).await;
    assert_eq!(mine["items"][0]["review"]["id"], written["id"]);

    // Twice: 409.
    assert_eq!(error_code(review(&app, &sale.buyer, &sale.order, &stars(1, 1, 1)).await, 409, "a second review").await, "already_reviewed");

    // The score, at once, on the seller's page and the book's.
    let seller = app.get_json(&format!("/api/sellers/{}", sale.seller_id), 200).await;
    assert_eq!(seller["score"]["reviewCount"], 1);
    assert_eq!(seller["score"]["reviewAverage"], 4.3, "(5 + 4 + 4) / 3, one decimal");
    assert_eq!(seller["verified"], false);
    let book = app.get_json(&format!("/api/books/{}", sale.book), 200).await;
    assert_eq!(book["seller"]["id"], sale.seller_id.as_str());
    assert_eq!(book["seller"]["score"], seller["score"]);

    let reviews = app.get_json(&format!("/api/sellers/{}/reviews", sale.seller_id), 200).await;
    assert_eq!(reviews["total"], 1);
    let published = &reviews["items"][0];
    assert_eq!((published["bookTitle"].as_str(), published["buyerFirstName"].as_str()), (Some("Pather Panchali"), Some("Test")));
    assert!(published.get("orderId").is_none() && !reviews.to_string().contains(&sale.order), "no order id in public: {reviews}");

    // The seller answers once; another seller's answer is a 404.
    let review_id = written["id"].as_str().expect("an id");
    let answer_path = format!("/api/reviews/{review_id}/answer");
    let other_seller = app.signed_in(&unique("review-other-seller"), "seller").await;
    let thanks = json!({ "text": "Thank you!" });
    assert_eq!(
        error_code(app.call(Method::POST, &answer_path, Some(&other_seller), Some(&thanks)).await, 404, "another seller").await,
        "review_not_found"
    );
    assert_eq!(
        error_code(app.call(Method::POST, &answer_path, Some(&sale.buyer), Some(&thanks)).await, 403, "the buyer").await,
        "wrong_role"
    );
    let blank = app.call(Method::POST, &answer_path, Some(&sale.seller), Some(&json!({ "text": "  " }))).await;
    assert_eq!(expect_json(blank, 422, "a blank answer").await["error"]["reasons"]["text"]["code"], "required");
    let answered = expect_json(app.call(Method::POST, &answer_path, Some(&sale.seller), Some(&thanks)).await, 201, "the answer").await;
    assert_eq!(answered["answer"]["text"], "Thank you!");
    let again = app.call(Method::POST, &answer_path, Some(&sale.seller), Some(&json!({ "text": "Again" }))).await;
    assert_eq!(error_code(again, 409, "a second answer").await, "already_answered");
    let reviews = app.get_json(&format!("/api/sellers/{}/reviews", sale.seller_id), 200).await;
    assert_eq!(reviews["items"][0]["answer"]["text"], "Thank you!");

    // The sold book is not among the seller's books on sale.
    let books = app.get_json(&format!("/api/sellers/{}/books", sale.seller_id), 200).await;
    assert_eq!((books["total"].as_i64(), books["page"].as_i64()), (Some(0), Some(1)));
}

#[tokio::test]
async fn only_the_buyer_reviews_only_a_completed_order_with_valid_ratings() {
    let app = app().await;
    let pending = sale(&app, "01812-345678").await;
    assert_eq!(
        error_code(review(&app, &pending.buyer, &pending.order, &stars(5, 5, 5)).await, 409, "pending").await,
        "order_not_completed"
    );
    hand_over(&app, &pending).await;
    let sale = pending;

    let stranger = app.signed_in(&unique("review-stranger"), "buyer").await;
    assert_eq!(error_code(review(&app, &stranger, &sale.order, &stars(5, 5, 5)).await, 404, "someone else's").await, "order_not_found");
    let unknown = uuid::Uuid::new_v4().to_string();
    assert_eq!(error_code(review(&app, &sale.buyer, &unknown, &stars(5, 5, 5)).await, 404, "no such order").await, "order_not_found");
    assert_eq!(error_code(review(&app, &sale.seller, &sale.order, &stars(5, 5, 5)).await, 403, "the seller").await, "wrong_role");
    let anonymous = app.call(Method::POST, &format!("/api/orders/{}/review", sale.order), None, Some(&stars(5, 5, 5))).await;
    assert_eq!(error_code(anonymous, 401, "no token").await, "unauthenticated");

    let mut bad = stars(0, 6, 3);
    bad["comment"] = json!("x".repeat(1001));
    let refused = expect_json(review(&app, &sale.buyer, &sale.order, &bad).await, 422, "bad ratings").await;
    let reasons = &refused["error"]["reasons"];
    assert_eq!(
        (reasons["asDescribed"]["code"].as_str(), reasons["asDescribed"]["min"].as_i64(), reasons["asDescribed"]["max"].as_i64()),
        (Some("out_of_range"), Some(1), Some(5))
    );
    assert_eq!(reasons["communication"]["code"], "out_of_range");
    assert_eq!((reasons["comment"]["code"].as_str(), reasons["comment"]["limit"].as_i64()), (Some("too_long"), Some(1000)));
    assert!(reasons.get("onTime").is_none());
    let shape = review(&app, &sale.buyer, &sale.order, &json!({ "asDescribed": 5 })).await;
    assert_eq!(error_code(shape, 400, "a missing rating").await, "invalid_input");
    assert_eq!(app.count("SELECT count(*) AS n FROM reviews").await, 0, "nothing stored by any refusal");
}

#[tokio::test]
async fn two_reviews_racing_for_one_order_store_one() {
    let app = app().await;
    let sale = completed(&app).await;
    let bodies: Vec<Value> = (1..=5).map(|given| stars(given, 3, 3)).collect();
    let statuses: Vec<u16> =
        join_all(bodies.iter().map(|body| async { review(&app, &sale.buyer, &sale.order, body).await.status().as_u16() })).await;
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| [201, 409].contains(s)), "{statuses:?}");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM reviews WHERE order_id = '{}'", sale.order)).await, 1);
}

#[tokio::test]
async fn the_window_closes_after_fourteen_days_and_a_shared_phone_cannot_review() {
    let app = app().await;
    let late = completed(&app).await;
    app.execute(&format!("UPDATE orders SET completed_at = now() - interval '15 days' WHERE id = '{}'", late.order)).await;
    let order = get_as(&app, &format!("/api/orders/{}", late.order), &late.buyer).await;
    assert_eq!(order["canReview"], false);
    assert_eq!(error_code(review(&app, &late.buyer, &late.order, &stars(5, 5, 5)).await, 409, "too late").await, "review_window_closed");

    // The buyer gives the phone on the seller's listing (the builders' listing phone), written another way.
    let shared = sale(&app, "+880 1715-384926").await;
    hand_over(&app, &shared).await;
    let order = get_as(&app, &format!("/api/orders/{}", shared.order), &shared.buyer).await;
    assert_eq!(order["canReview"], false);
    assert_eq!(error_code(review(&app, &shared.buyer, &shared.order, &stars(5, 5, 5)).await, 409, "shared phone").await, "shared_phone");
    assert_eq!(app.count("SELECT count(*) AS n FROM reviews").await, 0);
}

#[tokio::test]
async fn seller_pages_are_for_open_seller_accounts_only() {
    let app = app().await;
    let sale = sale(&app, "01812-345678").await;
    let buyer_id = app.account_id(&sale.buyer).await;
    for id in [buyer_id.as_str(), "not-an-id", &uuid::Uuid::new_v4().to_string()] {
        for path in [format!("/api/sellers/{id}"), format!("/api/sellers/{id}/reviews"), format!("/api/sellers/{id}/books")] {
            let body = app.get_json(&path, 404).await;
            assert_eq!(body["error"]["code"], "seller_not_found", "{path}");
        }
    }
    // The held book is not on sale; a new seller with nothing ended has no rate yet.
    let page = app.get_json(&format!("/api/sellers/{}", sale.seller_id), 200).await;
    assert_eq!((page["score"]["completionRate"].clone(), page["score"]["newSeller"].clone()), (Value::Null, json!(true)));
    assert_eq!(app.get_json(&format!("/api/sellers/{}/books", sale.seller_id), 200).await["total"], 0);
    let reviews = app.get_json(&format!("/api/sellers/{}/reviews?page=2", sale.seller_id), 200).await;
    assert_eq!((reviews["items"].as_array().map(Vec::len), reviews["total"].as_i64()), (Some(0), Some(0)));
}
