//! Builders for catalogue rows and the states books reach, through the same ports the product writes with: a held
//! book has a real order behind it, a sold book a real payment. Accounts nobody signed in to are opened through the
//! PostgreSQL adapter, as the demo seed opens them.

use puronoboi_domain::{
    Account, AccountId, AccountRole, BookId, BookStatus, Category, CategoryName, Email, ListingForm, NewBook, Order, OrderContact,
    OrderContactForm, PersonName,
};
use puronoboi_ports::{AccountStore as _, CatalogueWriter, OrderStore as _, Placed, Settlement};
use puronoboi_postgres::{PgStore, SeededAccount};

/// An account nobody signed in to, opened straight in the store (as the demo seed opens its accounts).
pub async fn account(store: &PgStore, name: &str, email: &str, role: AccountRole, verified: bool) -> AccountId {
    store
        .open_seeded_account(SeededAccount {
            name: PersonName::parse(name).expect("a valid name"),
            email: Email::parse(email).expect("a valid e-mail"),
            role,
            verified,
        })
        .await
        .expect("open an account")
}

pub async fn seller(store: &PgStore, email: &str, verified: bool) -> AccountId {
    account(store, &format!("Seller {email}"), email, AccountRole::Seller, verified).await
}

/// A buyer account nobody signed in to, with a unique address.
pub async fn buyer(store: &PgStore) -> Account {
    let email = format!("buyer-{}@example.com", uuid::Uuid::new_v4().simple());
    let id = account(store, "Farhana Akter", &email, AccountRole::Buyer, false).await;
    store.account_by_id(id).await.expect("read the buyer").expect("the buyer")
}

/// What a buyer types in the buy form.
pub fn contact() -> OrderContact {
    OrderContactForm { phone: "01712345678".to_owned(), location: "Dhanmondi 27".to_owned() }.parse().expect("a valid contact")
}

/// Holds an available book for a new buyer, by placing a real order (the book becomes pending); answers the order.
pub async fn hold(store: &PgStore, book: BookId) -> Order {
    let buyer = buyer(store).await;
    match store.place_order(&buyer, book, &contact(), 5).await.expect("an order is placed") {
        Placed::New(order) => order,
        Placed::Existing(order) => panic!("a new buyer had an order already: {order:?}"),
    }
}

/// Sells an available book to a new buyer through a real order and its settled payment (the book becomes sold).
pub async fn sell(store: &PgStore, book: BookId) -> Order {
    let order = hold(store, book).await;
    match store
        .settle_payment(order.id, &format!("pi_test_{}", uuid::Uuid::new_v4().simple()), puronoboi_ports::Secured::Taken)
        .await
        .expect("settled")
    {
        Settlement::Paid(paid) => paid,
        other => panic!("expected the order paid, got {other:?}"),
    }
}

/// TEST ONLY: writes a book's status straight into the test database, past every rule, for a test that needs a
/// bare status and no order behind it (a sold book with no payment, say). Prefer [`hold`] and [`sell`].
pub async fn test_only_force_book_status(database_url: &str, book: BookId, status: BookStatus) {
    use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
    let mut conn = diesel_async::AsyncPgConnection::establish(database_url).await.expect("connect");
    let changed = diesel::sql_query("UPDATE books SET status = $1 WHERE id = $2")
        .bind::<diesel::sql_types::Text, _>(status.as_str())
        .bind::<diesel::sql_types::Uuid, _>(book.as_uuid())
        .execute(&mut conn)
        .await
        .expect("the status is written");
    assert_eq!(changed, 1, "no book {book}");
}

pub async fn category(store: &dyn CatalogueWriter, name: &str) -> Category {
    store.add_category(&CategoryName::parse(name).expect("a valid name")).await.expect("add a category")
}

/// The add-book form as a seller would fill it in; adjust fields before [`book_from`].
pub fn form(title: &str) -> ListingForm {
    ListingForm {
        title: title.to_owned(),
        author: "Humayun Ahmed".to_owned(),
        description: Some("Clean copy, no markings.".to_owned()),
        publish_year: Some(1995),
        ratings: Some(4.5),
        reviews: Some(12),
        seller_name: "Rahim Uddin".to_owned(),
        location: "Dhanmondi, Dhaka".to_owned(),
        phone: "01715384926".to_owned(),
        original_price: Some(500),
        resale_price: Some(250),
        condition: Some("good".to_owned()),
        language: None,
        isbn: None,
    }
}

pub fn book_from(seller_id: AccountId, category: &Category, form: ListingForm) -> NewBook {
    NewBook {
        seller_id,
        category_id: category.id,
        picture_url: "/images/test.svg".to_owned(),
        more_photos: Vec::new(),
        seller_email: Email::parse("rahim@example.com").expect("a valid e-mail"),
        listing: form.parse(2026).expect("a valid listing"),
        advertised: false,
    }
}

/// A valid listing with sensible defaults; adjust fields before `list`.
pub fn book(seller_id: AccountId, category: &Category, title: &str) -> NewBook {
    book_from(seller_id, category, form(title))
}

pub async fn list(store: &dyn CatalogueWriter, book: NewBook) -> BookId {
    store.list_book(book).await.expect("list a book")
}

/// The tables a request could write to. [`table_digests`] covers each of them.
pub const WRITABLE_TABLES: [&str; 14] = [
    "accounts",
    "categories",
    "books",
    "search_works",
    "search_words",
    "search_word_variants",
    "orders",
    "payments",
    "wish_list_items",
    "admin_actions",
    "upload_quotas",
    "card_attempts",
    "owed_refunds",
    "mail_outbox",
];

/// One digest per table in [`WRITABLE_TABLES`], over every row and column: two equal maps taken before and after a
/// request prove it changed nothing in the database. Rows are ordered by their text, so the digest depends on the
/// content alone, not on the order PostgreSQL happens to return them in.
pub async fn table_digests(app: &crate::TestApp) -> std::collections::BTreeMap<String, String> {
    use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
    #[derive(diesel::QueryableByName)]
    struct Digest {
        #[diesel(sql_type = diesel::sql_types::Text)]
        name: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        digest: String,
    }
    let sql = WRITABLE_TABLES
        .iter()
        .map(|table| {
            format!("SELECT '{table}' AS name, md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS digest FROM {table} t")
        })
        .collect::<Vec<_>>()
        .join(" UNION ALL ");
    let mut conn = diesel_async::AsyncPgConnection::establish(&app.db.url).await.expect("connect");
    let rows: Vec<Digest> = diesel::sql_query(sql).load(&mut conn).await.expect("the digest query");
    rows.into_iter().map(|row| (row.name, row.digest)).collect()
}

/// The tables whose digests differ between two [`table_digests`] maps.
pub fn changed_tables(
    before: &std::collections::BTreeMap<String, String>,
    after: &std::collections::BTreeMap<String, String>,
) -> Vec<String> {
    WRITABLE_TABLES.iter().filter(|t| before.get(**t) != after.get(**t)).map(|t| (*t).to_owned()).collect()
}

/// Tokenises a card on the app's localstripe the way Stripe.js does in the browser (with the publishable key);
/// answers the card token a buyer sends to `POST /api/orders/{id}/payment`.
pub async fn card_token(app: &crate::TestApp, number: &str) -> String {
    let base = app.localstripe.as_deref().expect("the app was built with card payments");
    crate::localstripe::card_token(base, crate::TEST_STRIPE_PUBLISHABLE_KEY, number).await
}

/// A PaymentIntent created straight at localstripe for `order` (in `metadata[order_id]`) and recorded as the order's
/// payment, as our server opens it and a buyer's browser and Stripe would leave it: `confirmed` pays it with a Visa
/// test card at once, behind our server's back, so only a webhook or a sync will tell. Answers the intent as
/// localstripe returned it.
pub async fn intent_at_provider(
    app: &crate::TestApp,
    order: &str,
    amount_paisa: i64,
    currency: &str,
    confirmed: bool,
) -> serde_json::Value {
    let intent = intent_made_elsewhere(app, order, amount_paisa, currency, confirmed).await;
    let id = intent["id"].as_str().expect("an intent id");
    assert_eq!(app.execute(&format!("UPDATE orders SET payment_id = '{id}' WHERE id = '{order}'")).await, 1, "the order {order}");
    intent
}

/// A PaymentIntent created at localstripe with `order` in its metadata but never recorded as the order's payment: one
/// made by someone else holding an API key, not by our server.
pub async fn intent_made_elsewhere(
    app: &crate::TestApp,
    order: &str,
    amount_paisa: i64,
    currency: &str,
    confirmed: bool,
) -> serde_json::Value {
    let base = app.localstripe.as_deref().expect("the app was built with card payments");
    let token = card_token(app, crate::cards::VISA).await;
    let response =
        app.client.get(format!("{base}/v1/tokens/{token}")).bearer_auth(crate::TEST_STRIPE_SECRET_KEY).send().await.expect("token");
    let card = crate::expect_json(response, 200, "GET /v1/tokens").await["card"]["id"].as_str().expect("a card id").to_owned();
    let amount = amount_paisa.to_string();
    let mut form = vec![("amount", amount.as_str()), ("currency", currency), ("metadata[order_id]", order)];
    if confirmed {
        form.extend([("payment_method", card.as_str()), ("confirm", "true")]);
    }
    let response = app
        .client
        .post(format!("{base}/v1/payment_intents"))
        .bearer_auth(crate::TEST_STRIPE_SECRET_KEY)
        .form(&form)
        .send()
        .await
        .expect("created");
    let intent = crate::expect_json(response, 200, "POST /v1/payment_intents").await;
    if confirmed {
        assert_eq!(intent["status"], "succeeded", "{intent}");
    }
    intent
}
