//! Orders and wish lists through the real router over a real database: a book is reserved for exactly one buyer
//! however many race for it, every price comes from the database, only a buyer reaches these routes and only
//! their own orders and list, and cancelled, expired and account-closed orders free their books. Every refusal is
//! checked against the database too: nothing changed.

use std::time::Duration;

use futures_util::future::join_all;
use puronoboi_domain::BookId;
use puronoboi_test_support::builders;
use puronoboi_test_support::{Identity, TestApp, expect_json, unique};
use reqwest::Method;
use serde_json::{Value, json};

const ADMIN: &str = "orders-admin@puronoboi.test";

async fn app() -> TestApp {
    TestApp::builder().identity(Identity::Emulator).admin_emails(&[ADMIN]).spawn().await
}

/// A seller with `count` available books at `price` taka; answers the seller's id and the books' ids.
async fn shelf(app: &TestApp, count: usize, price: i64) -> (puronoboi_domain::AccountId, Vec<BookId>) {
    let seller = builders::seller(&app.store, &unique("seller"), true).await;
    let category = builders::category(&app.store, &format!("Novels {}", uuid::Uuid::new_v4().simple())).await;
    let mut books = Vec::new();
    for n in 0..count {
        let mut form = builders::form(&format!("Book {n}"));
        form.resale_price = Some(price);
        books.push(builders::list(&app.store, builders::book_from(seller, &category, form)).await);
    }
    (seller, books)
}

async fn call(app: &TestApp, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> reqwest::Response {
    app.call(method, path, token, body.as_ref()).await
}

fn order_body(book: BookId) -> Value {
    json!({ "bookId": book.to_string(), "phone": "01712-345678", "location": "TSC, Dhaka University" })
}

async fn order(app: &TestApp, token: &str, book: BookId) -> Value {
    expect_json(call(app, Method::POST, "/api/orders", Some(token), Some(order_body(book))).await, 201, "POST /api/orders").await
}

async fn book_status(app: &TestApp, book: BookId) -> String {
    app.get_json(&format!("/api/books/{book}"), 200).await["status"].as_str().expect("a status").to_owned()
}

async fn error_code(response: reqwest::Response, status: u16) -> String {
    let body = expect_json(response, status, "a refused call").await;
    body["error"]["code"].as_str().expect("a code").to_owned()
}

#[tokio::test]
async fn of_fifty_buyers_racing_for_one_book_exactly_one_gets_it() {
    let app = app().await;
    let (_, books) = shelf(&app, 1, 300).await;
    let buyers = join_all((0..50).map(|n| {
        let app = &app;
        async move { app.signed_in(&unique(&format!("racer{n}")), "buyer").await }
    }))
    .await;
    let answers =
        join_all(buyers.iter().map(|token| call(&app, Method::POST, "/api/orders", Some(token), Some(order_body(books[0]))))).await;
    let mut won = 0;
    let mut lost = 0;
    for answer in answers {
        let status = answer.status().as_u16();
        let body: Value = answer.json().await.expect("JSON");
        match status {
            201 => won += 1,
            409 => {
                assert_eq!(body["error"]["code"], "book_unavailable");
                assert_eq!(body["error"]["message"], "Someone else has just ordered this book.");
                lost += 1;
            }
            other => panic!("unexpected {other}: {body}"),
        }
    }
    assert_eq!((won, lost), (1, 49));
    assert_eq!(book_status(&app, books[0]).await, "pending");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM orders WHERE book_id = '{}'", books[0])).await, 1);
}

#[tokio::test]
async fn an_order_copies_the_book_and_the_account_and_takes_nothing_else_from_the_request() {
    let app = app().await;
    let (_, books) = shelf(&app, 1, 275).await;
    let email = unique("reader");
    let buyer = app.signed_in(&email, "buyer").await;

    // A browser that sends its own price, e-mail or status is refused outright, and nothing is reserved.
    for extra in [json!({"price": 1}), json!({"email": "someone-else@example.com"}), json!({"status": "paid"}), json!({"title": "x"})] {
        let mut body = order_body(books[0]);
        body.as_object_mut().expect("object").extend(extra.as_object().expect("object").clone());
        assert_eq!(error_code(call(&app, Method::POST, "/api/orders", Some(&buyer), Some(body)).await, 400).await, "invalid_input");
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM orders").await, 0);
    assert_eq!(book_status(&app, books[0]).await, "available");

    let placed = order(&app, &buyer, books[0]).await;
    assert_eq!(placed["price"], 275);
    assert_eq!(placed["email"], email.as_str());
    assert_eq!(placed["name"], "Test Person");
    assert_eq!(placed["title"], "Book 0");
    assert_eq!(placed["author"], "Humayun Ahmed");
    assert_eq!(placed["status"], "pending");
    assert_eq!(placed["phone"], "01712-345678");
    assert_eq!(placed["location"], "TSC, Dhaka University");
    assert!(placed["paidAt"].is_null() && placed["transactionId"].is_null());
    assert_eq!(book_status(&app, books[0]).await, "pending");

    // The seller changing the price afterwards cannot change what the order costs (and cannot: it is held).
    let stored = app.count(&format!("SELECT price::bigint AS n FROM orders WHERE id = '{}'", placed["id"].as_str().expect("id"))).await;
    assert_eq!(stored, 275);

    // Ordering the same book again answers the order the buyer already holds.
    let again = expect_json(call(&app, Method::POST, "/api/orders", Some(&buyer), Some(order_body(books[0]))).await, 200, "again").await;
    assert_eq!(again["id"], placed["id"]);
    assert_eq!(app.count("SELECT count(*) AS n FROM orders").await, 1);
}

#[tokio::test]
async fn the_buy_form_is_checked_with_the_products_messages() {
    let app = app().await;
    let (_, books) = shelf(&app, 1, 300).await;
    let buyer = app.signed_in(&unique("reader"), "buyer").await;
    let body = json!({ "bookId": books[0].to_string(), "phone": " ", "location": "" });
    let refused = expect_json(call(&app, Method::POST, "/api/orders", Some(&buyer), Some(body)).await, 422, "blank").await;
    assert_eq!(refused["error"]["fields"]["phone"], "Phone no is required");
    assert_eq!(refused["error"]["fields"]["location"], "Location is required");
    assert_eq!(refused["error"]["reasons"], json!({ "phone": { "code": "required" }, "location": { "code": "required" } }), "{refused}");
    let body = json!({ "bookId": books[0].to_string(), "phone": "12345", "location": "x".repeat(201) });
    let refused = expect_json(call(&app, Method::POST, "/api/orders", Some(&buyer), Some(body)).await, 422, "bad").await;
    assert!(refused["error"]["fields"]["phone"].as_str().is_some_and(|m| m.contains("Bangladesh mobile")), "{refused}");
    assert!(refused["error"]["fields"]["location"].as_str().is_some_and(|m| m.contains("200")), "{refused}");
    assert_eq!(
        refused["error"]["reasons"],
        json!({ "phone": { "code": "invalid_phone" }, "location": { "code": "too_long", "limit": 200 } }),
        "{refused}"
    );
    // A Bengali-digit number that is no mobile number is refused like its Latin twin: an operator digit of 2.
    let body = json!({ "bookId": books[0].to_string(), "phone": "০১২১২-৩৪৫৬৭৮", "location": "Dhaka" });
    let refused = expect_json(call(&app, Method::POST, "/api/orders", Some(&buyer), Some(body)).await, 422, "a Bengali landline").await;
    assert_eq!(refused["error"]["fields"], json!({ "phone": "enter a Bangladesh mobile number, e.g. 01712-345678" }), "{refused}");
    assert_eq!(refused["error"]["reasons"], json!({ "phone": { "code": "invalid_phone" } }), "{refused}");
    let body = json!({ "bookId": "not-a-book", "phone": "01712345678", "location": "Dhaka" });
    assert_eq!(error_code(call(&app, Method::POST, "/api/orders", Some(&buyer), Some(body)).await, 404).await, "book_not_found");
    let body = json!({ "bookId": BookId::new().to_string(), "phone": "01712345678", "location": "Dhaka" });
    assert_eq!(error_code(call(&app, Method::POST, "/api/orders", Some(&buyer), Some(body)).await, 404).await, "book_not_found");
    assert_eq!(app.count("SELECT count(*) AS n FROM orders").await, 0);
    assert_eq!(book_status(&app, books[0]).await, "available");
}

/// Buyers type their phone in Bengali digits as often as in Latin ones: "০১৭১২-৩৪৫৬৭৮" is the same number as
/// "01712-345678", stored as +8801712345678 and read back as 01712-345678 by the buyer and by the seller.
#[tokio::test]
async fn a_phone_in_bengali_digits_is_stored_and_answered_normalised() {
    let app = app().await;
    let (_, books) = shelf(&app, 1, 300).await;
    let buyer = app.signed_in(&unique("reader"), "buyer").await;
    let body = json!({ "bookId": books[0].to_string(), "phone": " ০১৭১২-৩৪৫৬৭৮ ", "location": "মিরপুর ১০, ঢাকা" });
    let placed = expect_json(call(&app, Method::POST, "/api/orders", Some(&buyer), Some(body)).await, 201, "POST /api/orders").await;
    assert_eq!(placed["phone"], "01712-345678", "{placed}");
    assert_eq!(placed["location"], "মিরপুর ১০, ঢাকা", "a place is text: its digits stay as typed");
    let id = placed["id"].as_str().expect("an id");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{id}' AND phone = '+8801712345678'")).await, 1);
    let read = expect_json(call(&app, Method::GET, &format!("/api/orders/{id}"), Some(&buyer), None).await, 200, "GET the order").await;
    assert_eq!(read["phone"], "01712-345678");
    let mine = expect_json(call(&app, Method::GET, "/api/me/orders", Some(&buyer), None).await, 200, "GET /api/me/orders").await;
    assert_eq!(mine["items"][0]["phone"], "01712-345678");
}

#[tokio::test]
async fn only_buyers_reach_the_buyer_routes_and_a_refusal_changes_nothing() {
    let app = app().await;
    let (_, books) = shelf(&app, 1, 300).await;
    let seller = app.signed_in(&unique("seller"), "seller").await;
    let admin = app.signed_in_verified(ADMIN, "buyer").await;
    let buyer = app.signed_in(&unique("reader"), "buyer").await;
    let placed = order(&app, &buyer, books[0]).await;
    let id = placed["id"].as_str().expect("id").to_owned();
    let book = books[0].to_string();
    let routes: Vec<(Method, String, Option<Value>)> = vec![
        (Method::POST, "/api/orders".into(), Some(order_body(books[0]))),
        (Method::GET, "/api/me/orders".into(), None),
        (Method::GET, format!("/api/orders/{id}"), None),
        (Method::POST, format!("/api/orders/{id}/cancel"), None),
        (Method::POST, format!("/api/orders/{id}/payment"), Some(json!({"cardToken": "tok_x"}))),
        (Method::POST, format!("/api/orders/{id}/payment/sync"), None),
        (Method::POST, "/api/wishlist".into(), Some(json!({"bookId": book}))),
        (Method::GET, "/api/me/wishlist".into(), None),
        (Method::DELETE, format!("/api/wishlist/{book}"), None),
    ];
    for (method, path, body) in &routes {
        for (who, token) in [("a seller", &seller), ("an admin", &admin)] {
            let answer = call(&app, method.clone(), path, Some(token), body.clone()).await;
            assert_eq!(error_code(answer, 403).await, "wrong_role", "{who}: {method} {path}");
        }
        let answer = call(&app, method.clone(), path, None, body.clone()).await;
        assert_eq!(error_code(answer, 401).await, "unauthenticated", "no token: {method} {path}");
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM orders").await, 1);
    assert_eq!(app.count("SELECT count(*) AS n FROM orders WHERE status = 'pending'").await, 1);
    assert_eq!(app.count("SELECT count(*) AS n FROM wish_list_items").await, 0);
    assert_eq!(book_status(&app, books[0]).await, "pending");
}

#[tokio::test]
async fn a_deleted_buyer_is_refused_on_every_buyer_route_and_nothing_changes() {
    let app = app().await;
    let admin = app.signed_in_verified(ADMIN, "buyer").await;
    let (_, books) = shelf(&app, 2, 300).await;
    let buyer = app.signed_in(&unique("gone"), "buyer").await;
    let buyer_id = app.account_id(&buyer).await;
    let placed = order(&app, &buyer, books[0]).await;
    let id = placed["id"].as_str().expect("id").to_owned();
    expect_json(call(&app, Method::POST, "/api/wishlist", Some(&buyer), Some(json!({"bookId": books[1].to_string()}))).await, 201, "wish")
        .await;
    let deleted = call(&app, Method::DELETE, &format!("/api/admin/accounts/{buyer_id}"), Some(&admin), None).await;
    assert!(deleted.status().is_success(), "{}", deleted.status());
    let orders_before = app.count("SELECT count(*) AS n FROM orders WHERE status = 'cancelled'").await;
    let book = books[1].to_string();
    for (method, path, body) in [
        (Method::POST, "/api/orders".to_owned(), Some(order_body(books[1]))),
        (Method::GET, "/api/me/orders".to_owned(), None),
        (Method::GET, format!("/api/orders/{id}"), None),
        (Method::POST, format!("/api/orders/{id}/cancel"), None),
        (Method::POST, format!("/api/orders/{id}/payment"), Some(json!({"cardToken": "tok_x"}))),
        (Method::POST, format!("/api/orders/{id}/payment/sync"), None),
        (Method::POST, "/api/wishlist".to_owned(), Some(json!({"bookId": book}))),
        (Method::GET, "/api/me/wishlist".to_owned(), None),
        (Method::DELETE, format!("/api/wishlist/{book}"), None),
    ] {
        assert_eq!(
            error_code(call(&app, method.clone(), &path, Some(&buyer), body).await, 403).await,
            "account_deleted",
            "{method} {path}"
        );
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM orders").await, 1);
    assert_eq!(app.count("SELECT count(*) AS n FROM orders WHERE status = 'cancelled'").await, orders_before);
    assert_eq!(app.count("SELECT count(*) AS n FROM wish_list_items").await, 1);
    assert_eq!(book_status(&app, books[1]).await, "available");
}

#[tokio::test]
async fn another_buyers_order_and_wish_list_are_not_there_for_anyone_else() {
    let app = app().await;
    let (_, books) = shelf(&app, 2, 300).await;
    let owner = app.signed_in(&unique("owner"), "buyer").await;
    let other = app.signed_in(&unique("other"), "buyer").await;
    let placed = order(&app, &owner, books[0]).await;
    let id = placed["id"].as_str().expect("id");
    expect_json(call(&app, Method::POST, "/api/wishlist", Some(&owner), Some(json!({"bookId": books[1].to_string()}))).await, 201, "wish")
        .await;

    for (method, path, body) in [
        (Method::GET, format!("/api/orders/{id}"), None),
        (Method::POST, format!("/api/orders/{id}/cancel"), None),
        (Method::POST, format!("/api/orders/{id}/payment"), Some(json!({"cardToken": "tok_x"}))),
        (Method::POST, format!("/api/orders/{id}/payment/sync"), None),
    ] {
        assert_eq!(
            error_code(call(&app, method.clone(), &path, Some(&other), body).await, 404).await,
            "order_not_found",
            "{method} {path}"
        );
    }
    assert_eq!(
        error_code(call(&app, Method::DELETE, &format!("/api/wishlist/{}", books[1]), Some(&other), None).await, 404).await,
        "book_not_found"
    );
    let theirs = expect_json(call(&app, Method::GET, "/api/me/orders", Some(&other), None).await, 200, "orders").await;
    assert_eq!(theirs["total"], 0);
    let theirs = expect_json(call(&app, Method::GET, "/api/me/wishlist", Some(&other), None).await, 200, "wish list").await;
    assert_eq!(theirs["items"], json!([]));

    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM orders WHERE id = '{id}' AND status = 'pending'")).await, 1);
    assert_eq!(app.count("SELECT count(*) AS n FROM wish_list_items").await, 1);
    let mine = expect_json(call(&app, Method::GET, &format!("/api/orders/{id}"), Some(&owner), None).await, 200, "own order").await;
    assert_eq!(mine["id"], id);
}

#[tokio::test]
async fn cancelling_frees_the_book_and_a_closed_order_stays_closed() {
    let app = app().await;
    let (_, books) = shelf(&app, 1, 300).await;
    let buyer = app.signed_in(&unique("reader"), "buyer").await;
    let placed = order(&app, &buyer, books[0]).await;
    let id = placed["id"].as_str().expect("id");
    let cancelled =
        expect_json(call(&app, Method::POST, &format!("/api/orders/{id}/cancel"), Some(&buyer), None).await, 200, "cancel").await;
    assert_eq!((cancelled["status"].as_str(), cancelled["cancelReason"].as_str()), (Some("cancelled"), Some("by_buyer")));
    assert_eq!(book_status(&app, books[0]).await, "available");
    assert_eq!(
        error_code(call(&app, Method::POST, &format!("/api/orders/{id}/cancel"), Some(&buyer), None).await, 409).await,
        "order_closed"
    );
    // Someone else may now order it.
    let next = app.signed_in(&unique("next"), "buyer").await;
    order(&app, &next, books[0]).await;
    let mine = expect_json(call(&app, Method::GET, "/api/me/orders", Some(&buyer), None).await, 200, "orders").await;
    assert_eq!((mine["total"].as_i64(), mine["items"][0]["status"].as_str()), (Some(1), Some("cancelled")));
}

#[tokio::test]
async fn a_buyer_holds_at_most_five_unpaid_orders_even_when_racing_themselves() {
    let app = app().await;
    let (_, books) = shelf(&app, 8, 300).await;
    let buyer = app.signed_in(&unique("hoarder"), "buyer").await;
    let answers = join_all(books.iter().map(|book| call(&app, Method::POST, "/api/orders", Some(&buyer), Some(order_body(*book))))).await;
    let mut statuses = Vec::new();
    for answer in answers {
        let status = answer.status().as_u16();
        let body: Value = answer.json().await.expect("JSON");
        if status == 409 {
            assert_eq!(body["error"]["code"], "too_many_pending_orders");
            assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains("5 unpaid orders")), "{body}");
        }
        statuses.push(status);
    }
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 3, "{statuses:?}");
    assert_eq!(app.count("SELECT count(*) AS n FROM books WHERE status = 'pending'").await, 5);
    // Cancelling one makes room for another.
    let mine = expect_json(call(&app, Method::GET, "/api/me/orders", Some(&buyer), None).await, 200, "orders").await;
    let first = mine["items"][0]["id"].as_str().expect("id");
    expect_json(call(&app, Method::POST, &format!("/api/orders/{first}/cancel"), Some(&buyer), None).await, 200, "cancel").await;
    let free = books.iter().find(|b| statuses[books.iter().position(|x| x == *b).expect("index")] == 409).expect("a refused book");
    order(&app, &buyer, *free).await;
}

#[tokio::test]
async fn ordering_a_book_again_answers_the_order_already_placed_even_at_the_limit() {
    let app = app().await;
    let (_, books) = shelf(&app, 6, 300).await;
    let buyer = app.signed_in(&unique("second-tab"), "buyer").await;
    let first = order(&app, &buyer, books[0]).await;
    // The same book from a second tab, twice at once: both answer the one order (200, not a second 201).
    let again = join_all((0..2).map(|_| call(&app, Method::POST, "/api/orders", Some(&buyer), Some(order_body(books[0]))))).await;
    for answer in again {
        assert_eq!(expect_json(answer, 200, "the same book again").await["id"], first["id"]);
    }
    for book in &books[1..5] {
        order(&app, &buyer, *book).await;
    }
    // Five unpaid orders: a sixth book is refused, but one of the five is still answered with its order.
    let refused = call(&app, Method::POST, "/api/orders", Some(&buyer), Some(order_body(books[5]))).await;
    assert_eq!(error_code(refused, 409).await, "too_many_pending_orders");
    let repeat = call(&app, Method::POST, "/api/orders", Some(&buyer), Some(order_body(books[4]))).await;
    assert_eq!(expect_json(repeat, 200, "a held book again").await["bookId"], books[4].to_string());
    assert_eq!(app.count("SELECT count(*) AS n FROM orders").await, 5);
    assert_eq!(book_status(&app, books[5]).await, "available");
}

/// Moves an order's placement (and its last card attempt) into the past.
async fn age(app: &TestApp, book: BookId, hours: i64, attempted_minutes_ago: Option<i64>) {
    use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
    let mut conn = diesel_async::AsyncPgConnection::establish(&app.db.url).await.expect("connect");
    let attempted = attempted_minutes_ago.map_or("NULL".to_owned(), |m| format!("now() - interval '{m} minutes'"));
    diesel::sql_query(format!(
        "UPDATE orders SET created_at = now() - interval '{hours} hours', payment_attempted_at = {attempted} WHERE book_id = '{book}'"
    ))
    .execute(&mut conn)
    .await
    .expect("aged");
}

#[tokio::test]
async fn unpaid_orders_expire_once_even_with_two_sweeps_at_the_same_moment() {
    let app = app().await;
    let (_, books) = shelf(&app, 24, 300).await;
    let mut buyers = Vec::new();
    for (n, chunk) in books.chunks(4).enumerate() {
        let buyer = app.signed_in(&unique(&format!("sleeper{n}")), "buyer").await;
        for book in chunk {
            order(&app, &buyer, *book).await;
        }
        buyers.push(buyer);
    }
    // 20 overdue; 1 overdue whose card was tried 10 minutes ago and 1 whose card was tried long ago (a card tried
    // spares nothing by itself: only a payment under way at the provider does, and this app has no provider); 2
    // within the hold.
    for book in &books[..20] {
        age(&app, *book, 49, None).await;
    }
    age(&app, books[20], 49, Some(10)).await;
    age(&app, books[21], 49, Some(45)).await;
    age(&app, books[22], 47, None).await;

    let sweeper = app.order_expiry(Duration::from_secs(48 * 3600));
    let now = chrono::Utc::now();
    let (a, b) = tokio::join!(sweeper.sweep(now), sweeper.sweep(now));
    let (a, b) = (a.expect("a sweep"), b.expect("a sweep"));
    assert_eq!(a + b, 22, "each overdue order expires once ({a} + {b})");
    assert_eq!(app.count("SELECT count(*) AS n FROM orders WHERE status = 'expired'").await, 22);
    assert_eq!(app.count("SELECT count(*) AS n FROM orders WHERE status = 'pending'").await, 2);
    assert_eq!(book_status(&app, books[0]).await, "available");
    assert_eq!(book_status(&app, books[20]).await, "available", "a recent card attempt alone holds nothing");
    assert_eq!(book_status(&app, books[21]).await, "available");
    assert_eq!(book_status(&app, books[22]).await, "pending");
    assert_eq!(sweeper.sweep(chrono::Utc::now()).await.expect("a sweep"), 0, "nothing is expired twice");
    let mine = expect_json(call(&app, Method::GET, "/api/me/orders", Some(&buyers[0]), None).await, 200, "orders").await;
    assert!(mine["items"].as_array().expect("items").iter().all(|o| o["status"] == "expired"), "{mine}");
}

#[tokio::test]
async fn a_wish_list_keeps_books_as_they_are_now_and_only_for_its_owner() {
    let app = app().await;
    let (seller, books) = shelf(&app, 3, 300).await;
    let buyer = app.signed_in(&unique("dreamer"), "buyer").await;
    let wish = |book: BookId| call(&app, Method::POST, "/api/wishlist", Some(&buyer), Some(json!({"bookId": book.to_string()})));
    let item = expect_json(wish(books[0]).await, 201, "add").await;
    assert_eq!((item["price"].as_i64(), item["status"].as_str(), item["title"].as_str()), (Some(300), Some("available"), Some("Book 0")));
    expect_json(wish(books[0]).await, 200, "add again").await;
    expect_json(wish(books[1]).await, 201, "add").await;
    assert_eq!(app.count("SELECT count(*) AS n FROM wish_list_items").await, 2);
    assert_eq!(error_code(wish(BookId::new()).await, 404).await, "book_not_found");

    // Read from the book now: someone orders one, and the seller edits nothing else.
    let other = app.signed_in(&unique("other"), "buyer").await;
    order(&app, &other, books[1]).await;
    let list = expect_json(call(&app, Method::GET, "/api/me/wishlist", Some(&buyer), None).await, 200, "list").await;
    let statuses: Vec<_> = list["items"].as_array().expect("items").iter().map(|i| (i["title"].clone(), i["status"].clone())).collect();
    assert_eq!(statuses, vec![(json!("Book 1"), json!("pending")), (json!("Book 0"), json!("available"))], "newest first");

    // A withdrawn book cannot be added.
    use puronoboi_ports::SellerListings as _;
    app.store.withdraw(seller, books[2]).await.expect("withdrawn");
    assert_eq!(error_code(wish(books[2]).await, 404).await, "book_not_found");

    let removed = call(&app, Method::DELETE, &format!("/api/wishlist/{}", books[0]), Some(&buyer), None).await;
    assert_eq!(removed.status().as_u16(), 204);
    assert_eq!(
        error_code(call(&app, Method::DELETE, &format!("/api/wishlist/{}", books[0]), Some(&buyer), None).await, 404).await,
        "book_not_found"
    );
    assert_eq!(app.count("SELECT count(*) AS n FROM wish_list_items").await, 1);
}

#[tokio::test]
async fn the_seller_sees_who_holds_their_book_and_nobody_else_does() {
    let app = app().await;
    let seller_email = unique("seller");
    let seller = app.signed_in(&seller_email, "seller").await;
    let seller_id = puronoboi_domain::AccountId::from_uuid(app.account_id(&seller).await.parse().expect("uuid"));
    let category = builders::category(&app.store, "Poetry").await;
    let book = builders::list(&app.store, builders::book(seller_id, &category, "Gitanjali")).await;
    let buyer = app.signed_in(&unique("reader"), "buyer").await;
    let placed = order(&app, &buyer, book).await;
    let mine = expect_json(call(&app, Method::GET, "/api/me/books", Some(&seller), None).await, 200, "my books").await;
    let listing = &mine["items"][0];
    assert_eq!(listing["status"], "pending");
    assert_eq!(
        listing["buyer"],
        json!({
            "orderId": placed["id"], "name": "Test Person", "phone": "01712-345678", "location": "TSC, Dhaka University",
            "orderStatus": "pending", "paymentMethod": "cash", "handoverDeadline": placed["handoverDeadline"]
        })
    );
    assert!(placed["handoverDeadline"].is_string(), "a pending order's deadline is the end of its hold: {placed}");
    // The public page shows no buyer.
    let public = app.get_json(&format!("/api/books/{book}"), 200).await;
    assert!(!public.to_string().contains("TSC, Dhaka University"), "{public}");
}

#[tokio::test]
async fn closing_accounts_settles_their_pending_orders_and_keeps_paid_history() {
    let app = app().await;
    let admin = app.signed_in_verified(ADMIN, "buyer").await;
    let (_, books) = shelf(&app, 2, 300).await;
    let leaving_buyer = app.signed_in(&unique("leaving"), "buyer").await;
    let leaving_id = app.account_id(&leaving_buyer).await;
    order(&app, &leaving_buyer, books[0]).await;
    let deleted = call(&app, Method::DELETE, &format!("/api/admin/accounts/{leaving_id}"), Some(&admin), None).await;
    assert!(deleted.status().is_success(), "{}", deleted.status());
    assert_eq!(book_status(&app, books[0]).await, "available", "the deleted buyer's book is back on sale");
    assert_eq!(app.count("SELECT count(*) AS n FROM orders WHERE cancel_reason = 'buyer_account_closed'").await, 1);

    // A seller's account closed while a buyer holds one book and another is paid.
    let seller_email = unique("closing-seller");
    let seller = app.signed_in(&seller_email, "seller").await;
    let seller_id = puronoboi_domain::AccountId::from_uuid(app.account_id(&seller).await.parse().expect("uuid"));
    let category = builders::category(&app.store, "Essays").await;
    let held = builders::list(&app.store, builders::book(seller_id, &category, "Held")).await;
    let paid = builders::list(&app.store, builders::book(seller_id, &category, "Paid")).await;
    let buyer = app.signed_in(&unique("holder"), "buyer").await;
    let held_order = order(&app, &buyer, held).await;
    let paid_order = order(&app, &buyer, paid).await;
    use puronoboi_ports::OrderStore as _;
    let paid_id: puronoboi_domain::OrderId = paid_order["id"].as_str().expect("id").parse().expect("an order id");
    app.store.settle_payment(paid_id, "pi_test_paid", puronoboi_ports::Secured::Taken).await.expect("settled");
    let deleted = call(&app, Method::DELETE, &format!("/api/admin/accounts/{seller_id}"), Some(&admin), None).await;
    assert!(deleted.status().is_success(), "{}", deleted.status());
    let mine = expect_json(call(&app, Method::GET, "/api/me/orders", Some(&buyer), None).await, 200, "orders").await;
    let by_id = |id: &Value| mine["items"].as_array().expect("items").iter().find(|o| o["id"] == *id).expect("listed").clone();
    let held_now = by_id(&held_order["id"]);
    assert_eq!((held_now["status"].as_str(), held_now["cancelReason"].as_str()), (Some("cancelled"), Some("seller_account_closed")));
    assert_eq!(by_id(&paid_order["id"])["status"], "paid", "paid history stays");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM books WHERE id = '{held}' AND status = 'withdrawn'")).await, 1);
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM books WHERE id = '{paid}' AND status = 'sold'")).await, 1);
    assert_eq!(app.count("SELECT count(*) AS n FROM payments").await, 1);
}

#[tokio::test]
async fn the_admins_buyer_table_counts_orders() {
    let app = app().await;
    let admin = app.signed_in_verified(ADMIN, "buyer").await;
    let (_, books) = shelf(&app, 2, 300).await;
    let email = unique("counted");
    let buyer = app.signed_in(&email, "buyer").await;
    order(&app, &buyer, books[0]).await;
    order(&app, &buyer, books[1]).await;
    let buyers = expect_json(call(&app, Method::GET, "/api/admin/buyers", Some(&admin), None).await, 200, "buyers").await;
    let row = buyers["items"].as_array().expect("items").iter().find(|b| b["email"] == email.as_str()).expect("listed");
    assert_eq!(row["orders"], 2);
}
