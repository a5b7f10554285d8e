//! Mass assignment: a request body cannot set what only the server decides. Every route that reads a JSON or
//! multipart body gets its valid body plus one field it does not have (a status, a price, a role, a seller or buyer,
//! a verified flag, an e-mail, an advertised flag, in camelCase and snake_case), one at a time. Each must be refused
//! with 400 and change nothing, or be ignored; either way the database is read afterwards to prove the account, the
//! book, the order and the payment are what the server's own rules make them. Routes that take no body get one
//! anyway, and must ignore it.

use puronoboi_domain::{AccountId, BookId};
use puronoboi_http::limits::RateLimits;
use puronoboi_stripe::sign_payload;
use puronoboi_test_support::cards::VISA;
use puronoboi_test_support::pictures::{png_of, wide_rgb};
use puronoboi_test_support::{Identity, TEST_WEBHOOK_SECRET, TestApp, builders, expect_json, unique};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

/// The fields a client must never set, with values an attacker would like; `someone` is another account's id.
fn extras(someone: &str) -> Vec<(&'static str, Value)> {
    vec![
        ("status", json!("paid")),
        ("price", json!(1)),
        ("role", json!("admin")),
        ("sellerId", json!(someone)),
        ("seller_id", json!(someone)),
        ("buyerId", json!(someone)),
        ("buyer_id", json!(someone)),
        ("verified", json!(true)),
        ("email", json!("intruder@example.com")),
        ("advertise", json!(true)),
        ("advertised", json!(true)),
        ("id", json!(uuid::Uuid::new_v4().to_string())),
    ]
}

fn with(body: &Value, field: &str, value: &Value) -> Value {
    let mut body = body.clone();
    body[field] = value.clone();
    body
}

fn text(value: &Value) -> String {
    value.as_str().map_or_else(|| value.to_string(), str::to_owned)
}

async fn app() -> (TestApp, String) {
    let admin = unique("admin");
    let app = TestApp::builder()
        .identity(Identity::Emulator)
        .admin_emails(&[admin.as_str()])
        .card_payments()
        .uploads_per_minute(100)
        // Each test sends one account's call with every forged field in turn, dozens a minute: no rate limits.
        .rate_limits(RateLimits::OFF)
        .spawn()
        .await;
    let token = app.signed_in_verified(&admin, "buyer").await;
    (app, token)
}

async fn call(app: &TestApp, method: Method, path: &str, token: &str, body: Option<&Value>) -> reqwest::Response {
    app.call(method, path, Some(token), body).await
}

async fn refused(response: reqwest::Response, what: &str) {
    let body = expect_json(response, 400, what).await;
    assert_eq!(body["error"]["code"], "invalid_input", "{what}: {body}");
}

/// A seller's available book at 250 taka; answers (seller id, book id).
async fn book(app: &TestApp) -> (AccountId, BookId) {
    let seller = builders::seller(&app.store, &unique("seller"), true).await;
    let category = builders::category(&app.store, &format!("Novels {}", uuid::Uuid::new_v4().simple())).await;
    (seller, builders::list(&app.store, builders::book(seller, &category, "Padma Nadir Majhi")).await)
}

/// One column of one row, as text.
async fn value(app: &TestApp, sql: &str) -> String {
    use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        v: String,
    }
    let mut conn = diesel_async::AsyncPgConnection::establish(&app.db.url).await.expect("connect");
    let rows: Vec<Row> = diesel::sql_query(sql).load(&mut conn).await.expect("a query");
    rows.into_iter().next().map(|row| row.v).unwrap_or_else(|| panic!("no row: {sql}"))
}

async fn account_row(app: &TestApp, id: &str) -> String {
    value(
        app,
        &format!(
            "SELECT concat_ws('|', role, verified::text, email, name, (deleted_at IS NULL)::text) AS v FROM accounts WHERE id = '{id}'"
        ),
    )
    .await
}

#[tokio::test]
async fn opening_a_session_takes_the_account_type_and_name_and_nothing_else() {
    let (app, _) = app().await;
    let email = unique("newcomer");
    let (_, id_token) = app.sign_up(&email, Some("Newcomer")).await;
    let someone = AccountId::new().to_string();
    let valid = json!({ "accountType": "seller", "name": "Newcomer" });
    let accounts = app.count("SELECT count(*) AS n FROM accounts").await;
    let mut all = extras(&someone);
    all.extend([("account_type", json!("seller")), ("isAdmin", json!(true)), ("photoUrl", json!("https://evil.example/x.png"))]);
    for (field, extra) in &all {
        let (status, body) = app.open_session(&id_token, with(&valid, field, extra)).await;
        assert_eq!((status, body["error"]["code"].as_str()), (400, Some("invalid_input")), "{field}: {body}");
    }
    // Only buyer and seller can be asked for.
    let (status, body) = app.open_session(&id_token, json!({ "accountType": "admin" })).await;
    assert_eq!((status, body["error"]["code"].as_str()), (400, Some("invalid_input")), "{body}");
    assert_eq!(app.count("SELECT count(*) AS n FROM accounts").await, accounts, "no account was opened");

    let (status, body) = app.open_session(&id_token, valid.clone()).await;
    assert_eq!(status, 200, "{body}");
    let id = body["user"]["id"].as_str().expect("id").to_owned();
    assert_eq!(account_row(&app, &id).await, format!("seller|false|{email}|Newcomer|true"));
    // Signed in again, the account is still what the server made it.
    for (field, extra) in &all {
        let (status, _) = app.open_session(&id_token, with(&valid, field, extra)).await;
        assert_eq!(status, 400, "{field}");
    }
    assert_eq!(account_row(&app, &id).await, format!("seller|false|{email}|Newcomer|true"));
}

fn listing_fields(category: &str) -> Vec<(&'static str, String)> {
    vec![
        ("title", "Pather Panchali".to_owned()),
        ("author", "Bibhutibhushan Bandyopadhyay".to_owned()),
        ("categoryId", category.to_owned()),
        ("sellerName", "Rahim Uddin".to_owned()),
        ("location", "Nilkhet, Dhaka".to_owned()),
        ("phone", "01715384926".to_owned()),
        ("originalPrice", "400".to_owned()),
        ("resalePrice", "250".to_owned()),
        ("condition", "very_good".to_owned()),
    ]
}

async fn post_listing(app: &TestApp, token: &str, fields: &[(&str, String)]) -> reqwest::Response {
    let form = fields.iter().fold(Form::new(), |form, (name, value)| form.text(name.to_string(), value.clone()));
    let form = form.part("image", Part::bytes(png_of(&wide_rgb())).file_name("cover.png"));
    app.client.post(app.url("/api/books")).bearer_auth(token).multipart(form).send().await.expect("answered")
}

#[tokio::test]
async fn listing_a_book_refuses_every_field_the_form_does_not_have() {
    let (app, _) = app().await;
    let email = unique("lister");
    let token = app.signed_in(&email, "seller").await;
    let me = app.account_id(&token).await;
    let (other_seller, _) = book(&app).await;
    let category = builders::category(&app.store, "Classics").await.id.to_string();
    let before = builders::table_digests(&app).await;
    let mut all = extras(&other_seller.to_string());
    all.extend([
        ("sellerEmail", json!("intruder@example.com")),
        ("seller_email", json!("intruder@example.com")),
        ("createdAt", json!("2001-01-01T00:00:00Z")),
        // A new category is recorded as the caller's, whoever the form names.
        ("createdBy", json!(other_seller.to_string())),
        ("created_by", json!(other_seller.to_string())),
    ]);
    for (field, extra) in &all {
        let mut fields = listing_fields(&category);
        fields.push((field, text(extra)));
        refused(post_listing(&app, &token, &fields).await, &format!("POST /api/books with {field}")).await;
    }
    // A refused form still counts against the caller's upload rate (the rate is taken before the form is read).
    let changed = builders::changed_tables(&before, &builders::table_digests(&app).await);
    assert!(changed.iter().all(|t| t == "upload_quotas"), "nothing was stored: {changed:?} changed");

    let listed = expect_json(post_listing(&app, &token, &listing_fields(&category)).await, 201, "the valid form").await;
    let id = listed["id"].as_str().expect("id");
    assert_eq!(
        value(
            &app,
            &format!(
                "SELECT concat_ws('|', seller_id, seller_email, status, advertised::text, resale_price) AS v FROM books WHERE id = '{id}'"
            )
        )
        .await,
        format!("{me}|{email}|available|false|250"),
        "the seller is the caller, with the account's e-mail; on sale, not advertised"
    );
}

#[tokio::test]
async fn editing_a_book_refuses_every_field_the_edit_form_does_not_have() {
    let (app, _) = app().await;
    let token = app.signed_in(&unique("editor"), "seller").await;
    let category = builders::category(&app.store, "Classics").await.id.to_string();
    let listed = expect_json(post_listing(&app, &token, &listing_fields(&category)).await, 201, "listed").await;
    let id = listed["id"].as_str().expect("id").to_owned();
    let (other_seller, _) = book(&app).await;
    let valid = json!({ "resalePrice": 199 });
    let before = builders::table_digests(&app).await;
    let mut all = extras(&other_seller.to_string());
    all.extend([("title", json!("Renamed")), ("categoryId", json!(category)), ("sellerEmail", json!("intruder@example.com"))]);
    for (field, extra) in &all {
        let answer = call(&app, Method::PATCH, &format!("/api/books/{id}"), &token, Some(&with(&valid, field, extra))).await;
        refused(answer, &format!("PATCH with {field}")).await;
    }
    assert!(builders::changed_tables(&before, &builders::table_digests(&app).await).is_empty(), "nothing changed");
    expect_json(call(&app, Method::PATCH, &format!("/api/books/{id}"), &token, Some(&valid)).await, 200, "the valid edit").await;
    assert_eq!(
        value(&app, &format!("SELECT concat_ws('|', (seller_id = (SELECT id FROM accounts WHERE role = 'seller' AND email LIKE 'editor-%'))::text, status, advertised::text, resale_price) AS v FROM books WHERE id = '{id}'")).await,
        "true|available|false|199"
    );
}

/// A book for sale, a buyer, and another buyer whose id the first one will try to act as; answers (book, the
/// buyer's token, the buyer's id, the other buyer's id).
async fn buyer_and_book(app: &TestApp) -> (BookId, String, String, String) {
    let (_, wanted) = book(app).await;
    let buyer = app.signed_in(&unique("buyer"), "buyer").await;
    let other_buyer = app.signed_in(&unique("other"), "buyer").await;
    let (me, other) = (app.account_id(&buyer).await, app.account_id(&other_buyer).await);
    (wanted, buyer, me, other)
}

fn order_body(book: BookId) -> Value {
    json!({ "bookId": book.to_string(), "phone": "01712345678", "location": "Nilkhet" })
}

#[tokio::test]
async fn ordering_and_paying_take_no_price_status_or_buyer_from_the_body() {
    let (app, _) = app().await;
    let (wanted, buyer, me, other) = buyer_and_book(&app).await;
    let before = builders::table_digests(&app).await;
    let mut all = extras(&other);
    all.extend([("amount", json!(1)), ("name", json!("Someone Else")), ("title", json!("Other"))]);
    for (field, extra) in &all {
        refused(call(&app, Method::POST, "/api/orders", &buyer, Some(&with(&order_body(wanted), field, extra))).await, field).await;
    }
    assert!(builders::changed_tables(&before, &builders::table_digests(&app).await).is_empty(), "no order, no held book");

    let order = expect_json(call(&app, Method::POST, "/api/orders", &buyer, Some(&order_body(wanted))).await, 201, "order").await;
    let order = order["id"].as_str().expect("id").to_owned();
    assert_eq!(
        value(&app, &format!("SELECT concat_ws('|', o.buyer_id, o.price, o.status, b.status) AS v FROM orders o JOIN books b ON b.id = o.book_id WHERE o.id = '{order}'")).await,
        format!("{me}|250|pending|pending"),
        "the caller's order at the book's price"
    );

    // Paying: the card token and nothing else; the provider is never asked while the body is refused.
    let card = builders::card_token(&app, VISA).await;
    let valid = json!({ "cardToken": card });
    let before = builders::table_digests(&app).await;
    all.extend([("currency", json!("usd")), ("orderId", json!(uuid::Uuid::new_v4().to_string())), ("transactionId", json!("pi_forged"))]);
    for (field, extra) in &all {
        let answer = call(&app, Method::POST, &format!("/api/orders/{order}/payment"), &buyer, Some(&with(&valid, field, extra))).await;
        refused(answer, &format!("payment with {field}")).await;
    }
    assert!(builders::changed_tables(&before, &builders::table_digests(&app).await).is_empty(), "not paid, no payment opened");
    assert_eq!(value(&app, &format!("SELECT coalesce(payment_id, 'none') AS v FROM orders WHERE id = '{order}'")).await, "none");
    let paid = expect_json(call(&app, Method::POST, &format!("/api/orders/{order}/payment"), &buyer, Some(&valid)).await, 200, "pay").await;
    assert_eq!(paid["status"], "succeeded", "{paid}");
    assert_eq!(
        value(&app, &format!("SELECT concat_ws('|', status, payment_method, price, buyer_id) AS v FROM orders WHERE id = '{order}'")).await,
        format!("held|card|250|{me}"),
        "the card holds the order's own price for the caller's order"
    );

    // Changing how to pay: the method and nothing else.
    let (_, another) = book(&app).await;
    let placed = expect_json(call(&app, Method::POST, "/api/orders", &buyer, Some(&order_body(another))).await, 201, "order").await;
    let path = format!("/api/orders/{}", placed["id"].as_str().expect("id"));
    let before = builders::table_digests(&app).await;
    for (field, extra) in [("status", json!("completed")), ("price", json!(1)), ("buyerId", json!(uuid::Uuid::new_v4().to_string()))] {
        let answer = call(&app, Method::PATCH, &path, &buyer, Some(&with(&json!({ "paymentMethod": "card" }), field, &extra))).await;
        refused(answer, &format!("a change with {field}")).await;
    }
    assert!(builders::changed_tables(&before, &builders::table_digests(&app).await).is_empty(), "nothing changed");
}

#[tokio::test]
async fn the_wish_list_takes_a_book_and_nothing_else() {
    let (app, _) = app().await;
    let (wanted, buyer, me, other) = buyer_and_book(&app).await;
    let valid = json!({ "bookId": wanted.to_string() });
    for (field, extra) in &extras(&other) {
        refused(call(&app, Method::POST, "/api/wishlist", &buyer, Some(&with(&valid, field, extra))).await, field).await;
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM wish_list_items").await, 0, "nobody's list changed");
    expect_json(call(&app, Method::POST, "/api/wishlist", &buyer, Some(&valid)).await, 201, "wish").await;
    assert_eq!(value(&app, "SELECT string_agg(buyer_id::text, ',') AS v FROM wish_list_items").await, me, "on the caller's list only");
}

#[tokio::test]
async fn a_profile_photo_upload_ignores_every_other_field() {
    let (app, _) = app().await;
    let email = unique("pictured");
    let token = app.signed_in(&email, "buyer").await;
    let me = app.account_id(&token).await;
    let mut form = Form::new().part("image", Part::bytes(png_of(&wide_rgb())).file_name("me.png"));
    for (field, extra) in extras(&AccountId::new().to_string())
        .into_iter()
        .chain([("name", json!("Renamed")), ("photoUrl", json!("https://evil.example/x.png"))])
    {
        form = form.text(field, text(&extra));
    }
    let answer = app.client.post(app.url("/api/me/photo")).bearer_auth(&token).multipart(form).send().await.expect("answered");
    let body = expect_json(answer, 200, "upload").await;
    assert_eq!(account_row(&app, &me).await, format!("buyer|false|{email}|Test Person|true"), "role, flag, e-mail and name unchanged");
    let photo = body["photoUrl"].as_str().expect("a photo").to_owned();
    assert!(photo.starts_with("/images/"), "the server's own store, not the body's URL: {photo}");
    assert_eq!(value(&app, &format!("SELECT photo_url AS v FROM accounts WHERE id = '{me}'")).await, photo);
}

#[tokio::test]
async fn routes_without_a_body_ignore_one() {
    let (app, admin) = app().await;
    let seller_token = app.signed_in(&unique("seller"), "seller").await;
    let seller = app.account_id(&seller_token).await;
    let junk =
        json!({ "role": "admin", "verified": false, "email": "intruder@example.com", "status": "paid", "price": 1, "advertised": true });

    // The admin verifies a seller: verified, and nothing else about the account changes.
    let before = account_row(&app, &seller).await;
    expect_json(call(&app, Method::POST, &format!("/api/admin/sellers/{seller}/verify"), &admin, Some(&junk)).await, 200, "verify").await;
    assert_eq!(account_row(&app, &seller).await, before.replacen("|false|", "|true|", 1));
    assert_eq!(account_row(&app, &app.account_id(&admin).await).await.split('|').next(), Some("admin"));

    // The seller advertises and stops: the body's price and status are nobody's business.
    let category = builders::category(&app.store, "Classics").await.id.to_string();
    let listed = expect_json(post_listing(&app, &seller_token, &listing_fields(&category)).await, 201, "listed").await;
    let id = listed["id"].as_str().expect("id").to_owned();
    expect_json(call(&app, Method::DELETE, &format!("/api/books/{id}/advertise"), &seller_token, Some(&junk)).await, 200, "stop").await;
    let row = format!("SELECT concat_ws('|', status, advertised::text, resale_price) AS v FROM books WHERE id = '{id}'");
    assert_eq!(value(&app, &row).await, "available|false|250");
    expect_json(
        call(&app, Method::POST, &format!("/api/books/{id}/advertise"), &seller_token, Some(&json!({"advertised": false, "price": 1})))
            .await,
        200,
        "ad",
    )
    .await;
    assert_eq!(value(&app, &row).await, "available|true|250");

    // A buyer cancels: cancelled by the buyer, whatever status the body names.
    let buyer = app.signed_in(&unique("buyer"), "buyer").await;
    let order =
        expect_json(call(&app, Method::POST, "/api/orders", &buyer, Some(&order_body(id.parse().expect("a book id")))).await, 201, "order")
            .await;
    let order = order["id"].as_str().expect("id").to_owned();
    expect_json(call(&app, Method::POST, &format!("/api/orders/{order}/cancel"), &buyer, Some(&junk)).await, 200, "cancel").await;
    assert_eq!(
        value(&app, &format!("SELECT concat_ws('|', status, cancel_reason, price) AS v FROM orders WHERE id = '{order}'")).await,
        "cancelled|by_buyer|250"
    );

    // The admin closes an account: closed, still a seller, with its e-mail.
    let response =
        call(&app, Method::DELETE, &format!("/api/admin/accounts/{seller}"), &admin, Some(&json!({"deleted": false, "role": "admin"})))
            .await;
    assert_eq!(response.status(), 204);
    let row = account_row(&app, &seller).await;
    assert!(row.starts_with("seller|true|") && row.ends_with("|false"), "closed, role kept: {row}");
}

/// The admin's category actions read a name or the category to merge into, and nothing else: every other field is
/// refused and changes nothing (not the category's creator, its books' seller or status, nor whose action it was).
#[tokio::test]
async fn the_admins_category_actions_take_a_name_or_a_target_and_nothing_else() {
    let (app, admin) = app().await;
    let seller_token = app.signed_in(&unique("seller"), "seller").await;
    let seller = app.account_id(&seller_token).await;
    let classics = builders::category(&app.store, "Classics").await.id.to_string();
    let atlases = builders::category(&app.store, "Atlases").await.id.to_string();
    let maps = builders::category(&app.store, "Maps").await.id.to_string();
    expect_json(post_listing(&app, &seller_token, &listing_fields(&classics)).await, 201, "listed").await;
    let extra_fields = [
        extras(&seller),
        vec![("createdBy", json!(seller)), ("created_by", json!(seller)), ("adminId", json!(seller)), ("books", json!(0))],
    ]
    .concat();
    let before = builders::table_digests(&app).await;
    for (field, value) in &extra_fields {
        for (method, path, body) in [
            (Method::PATCH, format!("/api/admin/categories/{classics}"), json!({ "name": "Old classics" })),
            (Method::POST, format!("/api/admin/categories/{classics}/merge"), json!({ "into": atlases })),
        ] {
            refused(call(&app, method, &path, &admin, Some(&with(&body, field, value))).await, &format!("{path} with {field}")).await;
        }
    }
    assert!(builders::changed_tables(&before, &builders::table_digests(&app).await).is_empty(), "nothing changed");

    // Deleting takes no body: one sent is ignored, and the admin deletes as themself.
    let junk = json!({ "id": classics, "force": true, "adminId": seller });
    assert_eq!(call(&app, Method::DELETE, &format!("/api/admin/categories/{maps}"), &admin, Some(&junk)).await.status(), 204);
    assert_eq!(value(&app, &format!("SELECT count(*)::text AS v FROM categories WHERE id IN ('{classics}', '{maps}')")).await, "1");
    let me = app.account_id(&admin).await;
    assert_eq!(value(&app, &format!("SELECT admin_id::text AS v FROM admin_actions WHERE category_id = '{maps}'")).await, me);
}

/// A PaymentIntent created at localstripe for `order`, confirmed (paid) or not.
async fn intent(app: &TestApp, order: &str, amount: i64, confirm: bool) -> String {
    builders::intent_at_provider(app, order, amount, "bdt", confirm).await["id"].as_str().expect("id").to_owned()
}

async fn deliver(app: &TestApp, event: &Value) -> u16 {
    let payload = serde_json::to_vec(event).expect("JSON");
    let signature = sign_payload(TEST_WEBHOOK_SECRET, chrono::Utc::now().timestamp(), &payload);
    let response = app
        .client
        .post(app.url("/api/payments/stripe/webhook"))
        .header("content-type", "application/json")
        .header("Stripe-Signature", signature)
        .body(payload)
        .send()
        .await
        .expect("delivered");
    response.status().as_u16()
}

/// Even a correctly signed event is only a hint: what it says about the payment (its order, amount, status) is
/// never believed; the server reads the payment back from the provider.
#[tokio::test]
async fn a_signed_webhook_event_cannot_claim_a_payment_its_provider_does_not_have() {
    let (app, _) = app().await;
    let mut orders = Vec::new();
    for _ in 0..2 {
        let (_, wanted) = book(&app).await;
        let buyer = app.signed_in(&unique("buyer"), "buyer").await;
        let order = expect_json(call(&app, Method::POST, "/api/orders", &buyer, Some(&order_body(wanted))).await, 201, "order").await;
        orders.push(order["id"].as_str().expect("id").to_owned());
    }
    let (x, y) = (&orders[0], &orders[1]);
    let event = |payment: &str, claimed_order: &str| {
        json!({
            "id": format!("evt_{}", uuid::Uuid::new_v4().simple()), "object": "event", "type": "payment_intent.succeeded",
            "status": "paid", "price": 1, "role": "admin", "verified": true, "email": "intruder@example.com",
            "data": { "object": {
                "id": payment, "object": "payment_intent", "status": "succeeded", "amount": 100, "amount_received": 100,
                "currency": "bdt", "metadata": { "order_id": claimed_order },
            } }
        })
    };

    // A payment that was never confirmed, described as succeeded: nothing is recorded.
    let unpaid = intent(&app, y, 25_000, false).await;
    let unpaid_answer = deliver(&app, &event(&unpaid, y)).await;
    // A real payment for X, described as one for Y: X is paid (the provider's word), Y is not.
    let paid = intent(&app, x, 25_000, true).await;
    let paid_answer = deliver(&app, &event(&paid, y)).await;
    let state = |order: &str| {
        format!(
            "SELECT concat_ws('|', status, coalesce(transaction_id, '-'), (SELECT count(*) FROM payments WHERE order_id = '{order}')) AS v FROM orders WHERE id = '{order}'"
        )
    };
    assert_eq!(value(&app, &state(x)).await, format!("paid|{paid}|1"));
    assert_eq!(value(&app, &state(y)).await, "pending|-|0");
    assert_eq!(value(&app, &format!("SELECT amount::text AS v FROM payments WHERE order_id = '{x}'")).await, "250");
    // Both are acknowledged: a redelivery could not change either, and an error would only make the provider
    // retry the same event for days.
    assert_eq!((unpaid_answer, paid_answer), (200, 200), "(the unconfirmed payment's event, the paid one's)");
}
