//! Reports and moderation over HTTP: three reports from different accounts take a listing off every list until the
//! admin decides; the admin's queue, dismissals, hiding and restoring; and the reports nobody may file.

use puronoboi_domain::{AccountId, REPORTS_PER_DAY};
use puronoboi_http::limits::RateLimits;
use puronoboi_test_support::{Identity, TestApp, builders, expect_json, unique};
use reqwest::Method;
use serde_json::{Value, json};

const ADMIN: &str = "moderator@puronoboi.test";

async fn app_with(limits: RateLimits) -> (TestApp, String) {
    let app = TestApp::builder().identity(Identity::Emulator).admin_emails(&[ADMIN]).rate_limits(limits).spawn().await;
    let admin = app.signed_in_verified(ADMIN, "buyer").await;
    (app, admin)
}

async fn call(app: &TestApp, method: Method, path: &str, token: &str, body: Option<Value>) -> reqwest::Response {
    app.call(method, path, Some(token), body.as_ref()).await
}

async fn report(app: &TestApp, token: &str, kind: &str, id: &str, reason: &str) -> reqwest::Response {
    call(app, Method::POST, "/api/reports", token, Some(json!({ "targetType": kind, "targetId": id, "reason": reason }))).await
}

/// A seller (their token and account id) with one listed book.
async fn seller_with_book(app: &TestApp, title: &str) -> (String, AccountId, String) {
    let token = app.signed_in(&unique("seller"), "seller").await;
    let seller = AccountId::from_uuid(app.account_id(&token).await.parse().expect("a uuid"));
    let category = builders::category(&app.store, &unique("Shelf")).await;
    let book = builders::list(&app.store, builders::book(seller, &category, title)).await.to_string();
    (token, seller, book)
}

async fn status_of(app: &TestApp, book: &str) -> String {
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        status: String,
    }
    use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
    let mut conn = diesel_async::AsyncPgConnection::establish(&app.db.url).await.expect("connect");
    let rows: Vec<Row> = diesel::sql_query(format!("SELECT status FROM books WHERE id = '{book}'")).load(&mut conn).await.expect("query");
    rows.into_iter().next().expect("the book").status
}

#[tokio::test]
async fn three_reports_hide_a_listing_from_every_list_until_the_admin_restores_it() {
    let (app, admin) = app_with(RateLimits::default()).await;
    let (seller, _, book) = seller_with_book(&app, "Shonkhonil Karagar").await;
    let category = app.get_json(&format!("/api/books/{book}"), 200).await["category"]["id"].as_str().expect("id").to_owned();
    let mut reporters = Vec::new();
    for _ in 0..3 {
        reporters.push(app.signed_in(&unique("reader"), "buyer").await);
    }

    let first = expect_json(report(&app, &reporters[0], "book", &book, "counterfeit").await, 201, "first report").await;
    assert_eq!((first["status"].as_str(), first["reason"].as_str()), (Some("open"), Some("counterfeit")));
    let again = expect_json(report(&app, &reporters[0], "book", &book, "scam").await, 200, "the same report again").await;
    assert_eq!((again["id"].clone(), again["reason"].as_str()), (first["id"].clone(), Some("counterfeit")), "harmless: the first report");
    expect_json(report(&app, &reporters[1], "book", &book, "counterfeit").await, 201, "second report").await;
    assert_eq!(status_of(&app, &book).await, "available", "one reporter twice and a second one are two reports");

    expect_json(report(&app, &reporters[2], "book", &book, "scam").await, 201, "third report").await;
    assert_eq!(status_of(&app, &book).await, "hidden");
    assert_eq!(app.get(&format!("/api/books/{book}")).await.status().as_u16(), 404, "its page is gone for buyers");
    let shelf = app.get_json(&format!("/api/categories/{category}/books?perPage=100"), 200).await;
    assert!(shelf["books"].as_array().expect("books").iter().all(|b| b["id"] != book.as_str()), "off its shelf");
    let found = app.get_json("/api/search?q=shonkhonil", 200).await;
    assert_eq!(found["total"], 0, "and out of search");

    let mine = expect_json(call(&app, Method::GET, "/api/me/books", &seller, None).await, 200, "my books").await;
    let listing = mine["items"].as_array().expect("items").iter().find(|b| b["id"] == book.as_str()).expect("still the seller's").clone();
    assert_eq!(
        (listing["status"].as_str(), listing["hiddenReason"].as_str()),
        (Some("hidden"), Some("counterfeit")),
        "the seller sees why"
    );
    let edit = call(&app, Method::PATCH, &format!("/api/books/{book}"), &seller, Some(json!({ "resalePrice": 10 }))).await;
    assert_eq!(edit.status().as_u16(), 409, "a hidden listing is not the seller's to change");

    let queue = expect_json(call(&app, Method::GET, "/api/admin/reports", &admin, None).await, 200, "the queue").await;
    assert_eq!(queue["total"], 1, "{queue}");
    let group = &queue["items"][0];
    assert_eq!((group["target"]["targetId"].as_str(), group["target"]["bookStatus"].as_str()), (Some(book.as_str()), Some("hidden")));
    assert_eq!(group["target"]["hiddenByReports"], true);
    assert_eq!(group["reports"].as_array().expect("reports").len(), 3, "one report per reporter");

    let restored = call(&app, Method::POST, &format!("/api/admin/books/{book}/restore"), &admin, None).await;
    assert_eq!(restored.status().as_u16(), 204);
    assert_eq!(status_of(&app, &book).await, "available");
    app.get_json(&format!("/api/books/{book}"), 200).await;
    let open = expect_json(call(&app, Method::GET, "/api/admin/reports", &admin, None).await, 200, "the queue").await;
    assert_eq!(open["total"], 0, "the reports are decided");
    let dismissed = expect_json(call(&app, Method::GET, "/api/admin/reports?status=dismissed", &admin, None).await, 200, "history").await;
    assert_eq!(dismissed["items"][0]["reports"].as_array().expect("reports").len(), 3);
    assert_eq!(app.count("SELECT count(*) AS n FROM admin_actions WHERE action = 'restore_book'").await, 1, "recorded");
    let again = call(&app, Method::POST, &format!("/api/admin/books/{book}/restore"), &admin, None).await;
    assert_eq!(again.status().as_u16(), 409, "only a hidden listing is restored");
}

#[tokio::test]
async fn reports_filed_at_once_hide_the_listing_once() {
    let (app, _admin) = app_with(RateLimits::OFF).await;
    let (_, _, book) = seller_with_book(&app, "Nandito Narake").await;
    let mut reporters = Vec::new();
    for _ in 0..6 {
        reporters.push(app.signed_in(&unique("reader"), "buyer").await);
    }
    // Two at a time reach the third report together: each counts the others only once its lock on the book is free.
    let filed = futures_util::future::join_all(reporters.iter().map(|token| report(&app, token, "book", &book, "offensive"))).await;
    assert!(filed.iter().all(|r| r.status().as_u16() == 201), "{:?}", filed.iter().map(|r| r.status()).collect::<Vec<_>>());
    assert_eq!(status_of(&app, &book).await, "hidden");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM reports WHERE target_id = '{book}'")).await, 6);
}

#[tokio::test]
async fn dismissing_puts_a_listing_the_reports_hid_back_and_is_done_once() {
    let (app, admin) = app_with(RateLimits::OFF).await;
    let (_, _, book) = seller_with_book(&app, "Deyal").await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let reader = app.signed_in(&unique("reader"), "buyer").await;
        ids.push(expect_json(report(&app, &reader, "book", &book, "wrong_condition").await, 201, "report").await["id"].clone());
    }
    assert_eq!(status_of(&app, &book).await, "hidden");
    let id = ids[1].as_str().expect("an id");
    let thing =
        expect_json(call(&app, Method::POST, &format!("/api/admin/reports/{id}/dismiss"), &admin, None).await, 200, "dismiss").await;
    assert_eq!((thing["bookStatus"].as_str(), thing["hiddenByReports"].as_bool()), (Some("available"), Some(false)), "{thing}");
    assert_eq!(status_of(&app, &book).await, "available");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM reports WHERE target_id = '{book}' AND state = 'dismissed'")).await, 3);
    let twice = expect_json(call(&app, Method::POST, &format!("/api/admin/reports/{id}/dismiss"), &admin, None).await, 409, "again").await;
    assert_eq!(twice["error"]["code"], "report_decided");
    let unknown = uuid::Uuid::new_v4();
    let missing =
        expect_json(call(&app, Method::POST, &format!("/api/admin/reports/{unknown}/dismiss"), &admin, None).await, 404, "").await;
    assert_eq!(missing["error"]["code"], "report_not_found");

    // The admin's own hiding stays until the admin restores it, whatever is dismissed.
    let reader = app.signed_in(&unique("reader"), "buyer").await;
    let late = expect_json(report(&app, &reader, "book", &book, "prohibited").await, 201, "a later report").await;
    let hide = call(&app, Method::POST, &format!("/api/admin/books/{book}/hide"), &admin, Some(json!({ "reason": "prohibited" }))).await;
    assert_eq!(hide.status().as_u16(), 204);
    assert_eq!(
        app.count(&format!("SELECT count(*) AS n FROM reports WHERE id = '{}' AND state = 'actioned'", late["id"].as_str().expect("id")))
            .await,
        1
    );
    let hidden_twice = call(&app, Method::POST, &format!("/api/admin/books/{book}/hide"), &admin, Some(json!({ "reason": "scam" }))).await;
    assert_eq!(hidden_twice.status().as_u16(), 409, "a listing the admin hid is not hidden again");

    // A listing the reports hid, the admin keeps hidden with their own reason; dismissing later does not bring it back.
    let (_, _, second) = seller_with_book(&app, "Kobi").await;
    let mut last = Value::Null;
    for _ in 0..3 {
        let reader = app.signed_in(&unique("reader"), "buyer").await;
        last = expect_json(report(&app, &reader, "book", &second, "offensive").await, 201, "report").await;
    }
    assert_eq!(status_of(&app, &second).await, "hidden");
    let kept = call(&app, Method::POST, &format!("/api/admin/books/{second}/hide"), &admin, Some(json!({ "reason": "prohibited" }))).await;
    assert_eq!(kept.status().as_u16(), 204, "the admin keeps what the reports hid");
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) AS n FROM books WHERE id = '{second}' AND hidden_by = 'admin' AND hidden_reason = 'prohibited'"
        ))
        .await,
        1
    );
    let decided = call(&app, Method::POST, &format!("/api/admin/reports/{}/dismiss", last["id"].as_str().expect("id")), &admin, None).await;
    assert_eq!(decided.status().as_u16(), 409, "its reports were actioned");
    assert_eq!(status_of(&app, &second).await, "hidden");
}

#[tokio::test]
async fn nobody_reports_their_own_listing_nothing_or_as_the_admin_and_bad_reports_are_field_errors() {
    let (app, admin) = app_with(RateLimits::OFF).await;
    let (seller, seller_id, book) = seller_with_book(&app, "Hajar Bochor Dhore").await;
    let own = expect_json(report(&app, &seller, "book", &book, "scam").await, 409, "own listing").await;
    assert_eq!(own["error"]["code"], "own_report_target");
    let myself = expect_json(report(&app, &seller, "seller", &seller_id.to_string(), "scam").await, 409, "oneself").await;
    assert_eq!(myself["error"]["code"], "own_report_target");
    let reader = app.signed_in(&unique("reader"), "buyer").await;
    let nothing = report(&app, &reader, "book", &uuid::Uuid::new_v4().to_string(), "scam").await;
    assert_eq!(nothing.status().as_u16(), 404);
    let buyer_as_seller = report(&app, &reader, "seller", &app.account_id(&reader).await, "scam").await;
    assert_eq!(buyer_as_seller.status().as_u16(), 404, "a buyer is no seller to report");
    let as_admin = expect_json(report(&app, &admin, "book", &book, "scam").await, 403, "the admin").await;
    assert_eq!(as_admin["error"]["code"], "wrong_role");
    let bad = call(
        &app,
        Method::POST,
        "/api/reports",
        &reader,
        Some(json!({ "targetType": "book", "targetId": book, "reason": "ugly", "note": "n".repeat(1001) })),
    )
    .await;
    let bad = expect_json(bad, 422, "bad report").await;
    assert_eq!(
        bad["error"]["reasons"],
        json!({ "reason": { "code": "not_a_choice" }, "note": { "code": "too_long", "limit": 1000 } }),
        "{bad}"
    );
    let seller_report = expect_json(report(&app, &reader, "seller", &seller_id.to_string(), "scam").await, 201, "a seller").await;
    assert_eq!(seller_report["targetType"], "seller");
    assert_eq!(app.count("SELECT count(*) AS n FROM reports").await, 1, "only the last report was filed");
    assert_eq!(status_of(&app, &book).await, "available");

    // Closing the seller acts on what was reported about them.
    let closed = call(&app, Method::DELETE, &format!("/api/admin/accounts/{seller_id}"), &admin, None).await;
    assert_eq!(closed.status().as_u16(), 204);
    assert_eq!(app.count("SELECT count(*) AS n FROM reports WHERE state = 'actioned'").await, 1);
}

#[tokio::test]
async fn one_account_files_at_most_the_daily_number_of_reports() {
    let (app, _admin) = app_with(RateLimits::OFF).await;
    let reader = app.signed_in(&unique("reader"), "buyer").await;
    let seller = builders::seller(&app.store, &unique("prolific"), true).await;
    let category = builders::category(&app.store, "Many").await;
    let limit = usize::try_from(REPORTS_PER_DAY).expect("small");
    for n in 0..=limit {
        let book = builders::list(&app.store, builders::book(seller, &category, &format!("Book {n}"))).await.to_string();
        let filed = report(&app, &reader, "book", &book, "other").await;
        if n < limit {
            assert_eq!(filed.status().as_u16(), 201, "report {n}");
        } else {
            let retry: u64 = filed.headers()["retry-after"].to_str().expect("ascii").parse().expect("seconds");
            assert!((23 * 3600..=24 * 3600).contains(&retry), "when the first of the day's reports leaves the day: {retry}");
            let refused = expect_json(filed, 429, "one report too many").await;
            assert_eq!(refused["error"]["code"], "rate_limited");
        }
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM reports").await, REPORTS_PER_DAY);
}
