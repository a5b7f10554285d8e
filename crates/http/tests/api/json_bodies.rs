//! Every way a JSON body can be refused answers our error body, on a real route (placing an order): sent without
//! the JSON content type, not JSON, not the shape the route reads, or larger than the route takes. Nothing is
//! ordered by any of them.

use puronoboi_test_support::{Identity, TestApp, builders, expect_json, unique};
use serde_json::Value;

/// A buyer's token, and a valid order body for an available book.
async fn buyer_and_order(app: &TestApp) -> (String, String) {
    let seller = builders::seller(&app.store, &unique("seller"), true).await;
    let category = builders::category(&app.store, "Novels").await;
    let book = builders::list(&app.store, builders::book(seller, &category, "Padma Nadir Majhi")).await;
    let buyer = app.signed_in(&unique("buyer"), "buyer").await;
    (buyer, format!(r#"{{"bookId": "{book}", "phone": "01712345678", "location": "Nilkhet"}}"#))
}

async fn place(app: &TestApp, token: &str, content_type: Option<&str>, body: impl Into<reqwest::Body>) -> reqwest::Response {
    let mut request = app.client.post(app.url("/api/orders")).bearer_auth(token).body(body);
    if let Some(content_type) = content_type {
        request = request.header("content-type", content_type);
    }
    request.send().await.expect("answered")
}

async fn refused(response: reqwest::Response, status: u16, what: &str) -> String {
    let body: Value = expect_json(response, status, what).await;
    assert_eq!(body["error"]["code"], "invalid_input", "{what}: {body}");
    body["error"]["message"].as_str().unwrap_or_else(|| panic!("{what}: a message in {body}")).to_owned()
}

#[tokio::test]
async fn each_refused_json_body_answers_the_error_body_and_orders_nothing() {
    let app = TestApp::builder().identity(Identity::Emulator).spawn().await;
    let (buyer, order) = buyer_and_order(&app).await;

    for content_type in [None, Some("text/plain"), Some("application/x-www-form-urlencoded")] {
        let message = refused(place(&app, &buyer, content_type, order.clone()).await, 400, &format!("{content_type:?}")).await;
        assert!(message.contains("Content-Type: application/json"), "{message}");
    }
    let json = Some("application/json");
    let message = refused(place(&app, &buyer, json, order[..order.len() - 1].to_owned()).await, 400, "cut short").await;
    assert!(message.contains("not valid JSON"), "{message}");
    let wrong_shape = order.replace("\"phone\"", "\"price\": 1, \"phone\"");
    let message = refused(place(&app, &buyer, json, wrong_shape).await, 400, "an unknown field").await;
    assert!(message.contains("not what this call reads") && message.contains("price"), "{message}");
    let message = refused(place(&app, &buyer, json, r#"{"bookId": 7}"#).await, 400, "a wrong type").await;
    assert!(message.contains("not what this call reads"), "{message}");
    // Beyond axum's default limit of 2 MB for a route that sets none.
    let huge = format!(r#"{{"bookId": "{}"}}"#, "x".repeat(3 * 1024 * 1024));
    let message = refused(place(&app, &buyer, json, huge).await, 413, "3 MB").await;
    assert!(message.contains("larger than this call accepts"), "{message}");

    assert_eq!(app.count("SELECT count(*) AS n FROM orders").await, 0, "no refused body ordered anything");
    let placed = place(&app, &buyer, Some("application/json; charset=utf-8"), order).await;
    assert_eq!(placed.status(), 201, "the same order, sent as JSON, is placed");
}
