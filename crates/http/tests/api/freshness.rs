//! Public reads are answered from each instance's memory, yet no instance serves data older than one second after a
//! change: two instances on one database, a change through one, and the other's pages follow within a second; and
//! an instance that lost its change listener serves straight from the database until the listener is back.

use std::time::{Duration, Instant};

use puronoboi_domain::{AccountRole, BookId};
use puronoboi_postgres::{LISTENER_APPLICATION_NAME, ListenerSettings};
use puronoboi_test_support::{Identity, TestApp, builders};
use serde_json::{Value, json};

/// How long the other instance may keep showing the old data.
const FRESH_WITHIN: Duration = Duration::from_secs(1);

async fn serving_copies(app: &TestApp) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !app.catalogue_cache.is_serving_copies() {
        assert!(Instant::now() < deadline, "the cache never started serving copies: its listener did not catch up");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// What the public reads (and a search for the book's title) show, read through `app`.
#[derive(Debug, PartialEq)]
struct Shown {
    book_status: String,
    category_total: i64,
    category_count: i64,
    grouped_count: i64,
    found_by_search: bool,
}

async fn shown(app: &TestApp, book: &str, category: &str) -> Shown {
    let title = app.get_json(&format!("/api/books/{book}"), 200).await["title"].as_str().expect("a title").to_owned();
    let search = app.get_json(&format!("/api/search?q={}&perPage=48", urlencoding(&title)), 200).await;
    let page = app.get_json(&format!("/api/categories/{category}/books?perPage=24"), 200).await;
    let categories = app.get_json("/api/categories", 200).await;
    let grouped = app.get_json("/api/books/grouped?perCategory=4", 200).await;
    let count_in = |list: &Value, field: &str| {
        list.as_array()
            .expect("a list")
            .iter()
            .find(|c| c["id"] == category || c["category"]["id"] == category)
            .map_or(0, |c| c[field].as_i64().expect("a count"))
    };
    Shown {
        book_status: app.get_json(&format!("/api/books/{book}"), 200).await["status"].as_str().expect("a status").to_owned(),
        category_total: page["total"].as_i64().expect("a total"),
        category_count: count_in(&categories, "bookCount"),
        grouped_count: count_in(&grouped, "bookCount"),
        found_by_search: search["items"].as_array().expect("results").iter().any(|card| card["id"] == book),
    }
}

fn urlencoding(text: &str) -> String {
    let url = reqwest::Url::parse_with_params("http://x/", [("q", text)]).expect("a URL");
    url.query().unwrap_or_default().trim_start_matches("q=").to_owned()
}

/// Polls `app` until it shows `expected`; answers how long that took. Fails once it has shown old data for longer
/// than [`FRESH_WITHIN`] after the change.
async fn seen_within(app: &TestApp, book: &str, category: &str, changed_at: Instant, expected: &Shown) -> Duration {
    loop {
        let now = shown(app, book, category).await;
        if &now == expected {
            return changed_at.elapsed();
        }
        assert!(
            changed_at.elapsed() < FRESH_WITHIN,
            "still showing {now:?} {:?} after the change, expected {expected:?}",
            changed_at.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

async fn a_buyer_token(app: &TestApp) -> String {
    let email = format!("fresh-{}@puronoboi.test", uuid::Uuid::new_v4().simple());
    let id = builders::account(&app.store, "Fresh Reader", &email, AccountRole::Buyer, false).await;
    app.access_tokens().issue(id, 0).expect("a token").token
}

/// An available book of the seeded catalogue and its category.
async fn available_book(app: &TestApp) -> (String, String) {
    let grouped = app.get_json("/api/books/grouped?perCategory=1", 200).await;
    let group = &grouped.as_array().expect("groups")[0];
    (group["books"][0]["id"].as_str().expect("a book").to_owned(), group["category"]["id"].as_str().expect("a category").to_owned())
}

#[tokio::test]
async fn an_order_through_one_instance_shows_on_the_other_within_a_second() {
    let a = TestApp::builder().identity(Identity::Emulator).seeded().spawn().await;
    let b = TestApp::builder().identity(Identity::Emulator).sharing_database_with(&a).spawn().await;
    serving_copies(&a).await;
    serving_copies(&b).await;
    let (book, category) = available_book(&b).await;

    // B reads every page twice: the second time from its memory.
    let before = shown(&b, &book, &category).await;
    assert_eq!(before, shown(&b, &book, &category).await);
    assert_eq!(before.book_status, "available");
    assert!(before.found_by_search, "an available book is found by its title");

    let token = a_buyer_token(&a).await;
    let response = a
        .client
        .post(a.url("/api/orders"))
        .bearer_auth(&token)
        .json(&json!({ "bookId": book, "phone": "01712-345678", "location": "TSC, Dhaka University" }))
        .send()
        .await
        .expect("answered");
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap_or_default());
    let changed_at = Instant::now();

    let expected = Shown {
        book_status: "pending".into(),
        category_total: before.category_total - 1,
        category_count: before.category_count - 1,
        grouped_count: before.grouped_count - 1,
        found_by_search: false,
    };
    let took = seen_within(&b, &book, &category, changed_at, &expected).await;
    eprintln!("instance B showed the order after {took:?}");
    assert_eq!(shown(&a, &book, &category).await, expected, "and instance A too");
}

#[tokio::test]
async fn a_change_made_while_the_listener_is_down_is_never_hidden_by_a_copy() {
    // The listener waits 3 s before reconnecting, so the change below lands while this instance hears nothing.
    let settings = ListenerSettings { reconnect_after: Duration::from_secs(3), ..ListenerSettings::default() };
    let app = TestApp::builder().seeded().catalogue_listener(settings).spawn().await;
    serving_copies(&app).await;
    let (book, category) = available_book(&app).await;
    let before = shown(&app, &book, &category).await;
    assert_eq!(before, shown(&app, &book, &category).await, "read twice: the second time from memory");

    let killed = scalar(&app, "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()").await;
    assert_eq!(killed, 1, "one listener per instance");
    let down = Instant::now();
    while listeners(&app).await > 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }

    // Nobody hears this change: only the lost connection tells the cache its copies may be stale.
    builders::hold(&app.store, book.parse::<BookId>().expect("an id")).await;
    let changed_at = Instant::now();
    let expected = Shown {
        book_status: "pending".into(),
        category_total: before.category_total - 1,
        category_count: before.category_count - 1,
        grouped_count: before.grouped_count - 1,
        found_by_search: false,
    };
    seen_within(&app, &book, &category, changed_at, &expected).await;
    assert_eq!(listeners(&app).await, 0, "the fresh answer came while the listener was still down");
    assert!(!app.catalogue_cache.is_serving_copies(), "no copy is served while nobody listens");
    for _ in 0..5 {
        assert_eq!(shown(&app, &book, &category).await, expected);
    }

    // Back: the listener reconnects, forgets every copy, and the cache serves again, fresh.
    serving_copies(&app).await;
    assert!(down.elapsed() >= Duration::from_secs(3), "it reconnected only after its pause");
    assert_eq!(shown(&app, &book, &category).await, expected);
    assert_eq!(shown(&app, &book, &category).await, expected);
}

async fn listeners(app: &TestApp) -> i64 {
    scalar(app, "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()").await
}

/// A count over the sessions named like the listener, straight from the database.
async fn scalar(app: &TestApp, sql: &str) -> i64 {
    use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut conn = diesel_async::AsyncPgConnection::establish(&app.db.url).await.expect("connect");
    let row: Row =
        diesel::sql_query(sql).bind::<diesel::sql_types::Text, _>(LISTENER_APPLICATION_NAME).get_result(&mut conn).await.expect("a count");
    row.n
}
