//! The public catalogue.

use puronoboi_demo::catalogue::{BOOKS, DemoBook, DemoStatus, SELLERS};
use puronoboi_domain::{AccountId, ClosedReason, Phone};
use puronoboi_ports::AccountStore as _;
use puronoboi_test_support::{Identity, TestApp, expect_json};
use serde_json::Value;

fn demo_book(title: &str) -> &'static DemoBook {
    BOOKS.iter().find(|b| b.title == title).unwrap_or_else(|| panic!("{title:?} is not a demo book"))
}

/// A card as the API shows it matches the seeded book field by field.
fn assert_card_matches_demo(card: &Value) {
    let demo = demo_book(card["title"].as_str().expect("a title"));
    assert_eq!(card["author"], demo.author, "{card}");
    assert_eq!(card["ratings"].as_f64(), Some(demo.ratings), "{card}");
    assert_eq!(card["reviews"].as_i64(), Some(i64::from(demo.reviews)), "{card}");
    assert_eq!(card["resalePrice"].as_i64(), Some(i64::from(demo.resale_price)), "{card}");
    assert_eq!(card["originalPrice"].as_i64(), Some(i64::from(demo.original_price)), "{card}");
    assert_eq!(card["location"], demo.location, "{card}");
    let seller = SELLERS.iter().find(|s| s.key == demo.seller).expect("the demo seller");
    assert_eq!(card["sellerVerified"].as_bool(), Some(seller.verified), "{card}");
    assert!(card["picture"].as_str().is_some_and(|p| p.starts_with("/images/") && p.ends_with(".svg")), "{card}");
    assert!(card["id"].as_str().is_some_and(|id| id.parse::<uuid::Uuid>().is_ok()), "{card}");
}

fn error_code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or_else(|| panic!("not an error body: {body}"))
}

fn available_demo_books() -> usize {
    BOOKS.iter().filter(|b| b.status == DemoStatus::Available).count()
}

#[tokio::test]
async fn health_says_ok() {
    let app = TestApp::spawn().await;
    assert_eq!(app.get_json("/api/health", 200).await, serde_json::json!({"status": "ok"}));
}

#[tokio::test]
async fn ready_follows_the_database() {
    let app = TestApp::spawn().await;
    assert_eq!(app.get_json("/api/ready", 200).await["status"], "ok");

    let admin_url = format!("{}/postgres", puronoboi_test_support::TestDb::cluster_url().await);
    let mut admin = <diesel_async::AsyncPgConnection as diesel_async::AsyncConnection>::establish(&admin_url).await.expect("connect");
    diesel_async::RunQueryDsl::execute(diesel::sql_query(format!("DROP DATABASE {} WITH (FORCE)", app.db.name)), &mut admin)
        .await
        .expect("drop the app's database");

    let body = app.get_json("/api/ready", 503).await;
    assert_eq!(error_code(&body), "unavailable");
}

#[tokio::test]
async fn config_tells_the_browser_what_is_configured() {
    let app = TestApp::spawn().await;
    let config = app.get_json("/api/config", 200).await;
    assert_eq!(config["auth"]["mode"], "none");
    assert_eq!(config["payments"]["provider"], "none");
}

#[tokio::test]
async fn the_demo_seeds_real_orders_but_e_mails_nobody_about_them() {
    let app = TestApp::spawn_seeded().await;
    let orders = app.count("SELECT count(*) AS n FROM orders").await;
    assert!(orders > 0, "held and sold demo books have real orders");
    assert!(app.count("SELECT count(*) AS n FROM mail_outbox").await > 0, "their statements wrote notices, as every order change does");
    let due = app.count("SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND dropped_at IS NULL").await;
    assert_eq!(due, 0, "a seeded past is nobody's news");
}

#[tokio::test]
async fn categories_count_only_books_still_for_sale() {
    let app = TestApp::spawn_seeded().await;
    let categories = app.get_json("/api/categories", 200).await;
    let categories = categories.as_array().expect("an array");
    assert!(categories.len() >= 8);
    let total: u64 = categories.iter().map(|c| c["bookCount"].as_u64().expect("a count")).sum();
    assert_eq!(total as usize, available_demo_books());
    let names: Vec<&str> = categories.iter().map(|c| c["name"].as_str().expect("a name")).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted, "categories come in name order");
}

#[tokio::test]
async fn grouped_books_are_bounded_per_category_and_all_for_sale() {
    let app = TestApp::spawn_seeded().await;
    let groups = app.get_json("/api/books/grouped?perCategory=2", 200).await;
    let groups = groups.as_array().expect("an array");
    assert!(groups.len() >= 8);
    for group in groups {
        let books = group["books"].as_array().expect("books");
        assert!((1..=2).contains(&books.len()), "{group}");
        assert!(group["bookCount"].as_u64().expect("a count") >= books.len() as u64, "{group}");
        for card in books {
            assert_eq!(card["status"], "available");
            assert_card_matches_demo(card);
            assert_eq!(demo_book(card["title"].as_str().expect("a title")).category, group["category"]["name"], "{card}");
        }
    }
    let shop = app.get_json("/api/books/grouped?perCategory=24", 200).await;
    let listed: usize = shop.as_array().expect("groups").iter().map(|g| g["books"].as_array().expect("books").len()).sum();
    assert_eq!(listed, available_demo_books(), "the shop lists every available book");
}

#[tokio::test]
async fn bad_grouping_sizes_are_clear_errors() {
    let app = TestApp::spawn().await;
    for query in ["perCategory=0", "perCategory=25", "perCategory=abc", "perCategory=-1", "percategory=3"] {
        let body = app.get_json(&format!("/api/books/grouped?{query}"), 400).await;
        assert_eq!(error_code(&body), "invalid_query", "{query}");
        assert!(!body["error"]["message"].as_str().expect("a message").is_empty());
    }
}

#[tokio::test]
async fn a_category_pages_through_its_available_books() {
    let app = TestApp::spawn_seeded().await;
    let categories = app.get_json("/api/categories", 200).await;
    let category = &categories[0];
    let id = category["id"].as_str().expect("an id");
    let count = category["bookCount"].as_u64().expect("a count");

    let mut seen = std::collections::HashSet::new();
    let mut page = 1;
    loop {
        let body = app.get_json(&format!("/api/categories/{id}/books?page={page}&perPage=2"), 200).await;
        assert_eq!(body["category"]["name"], category["name"]);
        assert_eq!(body["total"].as_u64(), Some(count));
        assert_eq!((body["page"].as_u64(), body["perPage"].as_u64()), (Some(page), Some(2)));
        let books = body["books"].as_array().expect("books");
        if books.is_empty() {
            break;
        }
        for b in books {
            assert!(seen.insert(b["id"].as_str().expect("an id").to_owned()), "a book appeared twice");
        }
        page += 1;
    }
    assert_eq!(seen.len() as u64, count);
}

#[tokio::test]
async fn huge_or_malformed_page_requests_are_refused_not_crashed_on() {
    let app = TestApp::spawn_seeded().await;
    let categories = app.get_json("/api/categories", 200).await;
    let id = categories[0]["id"].as_str().expect("an id");
    for query in ["perPage=101", "perPage=0", "perPage=99999999999", "page=0", "page=abc"] {
        let body = app.get_json(&format!("/api/categories/{id}/books?{query}"), 400).await;
        assert_eq!(error_code(&body), "invalid_query", "{query}");
    }
    let body = app.get_json(&format!("/api/categories/{id}/books?perPage=101"), 400).await;
    assert_eq!(body["error"]["message"], "perPage must be between 1 and 100");
}

/// Page numbers and sizes typed in Bengali digits are the same numbers.
#[tokio::test]
async fn bengali_digits_page_a_category_and_size_the_shop() {
    let app = TestApp::spawn_seeded().await;
    let categories = app.get_json("/api/categories", 200).await;
    let id = categories[0]["id"].as_str().expect("an id");
    let latin = app.get_json(&format!("/api/categories/{id}/books?page=2&perPage=2"), 200).await;
    let bengali = app.get_json(&format!("/api/categories/{id}/books?page=%E0%A7%A8&perPage=%E0%A7%A8"), 200).await;
    assert_eq!(bengali, latin, "page=২&perPage=২");
    assert_eq!((bengali["page"].as_u64(), bengali["perPage"].as_u64()), (Some(2), Some(2)));
    let shop = app.get_json("/api/books/grouped?perCategory=%E0%A7%A7", 200).await;
    assert!(shop.as_array().expect("groups").iter().all(|g| g["books"].as_array().is_some_and(|b| b.len() == 1)), "perCategory=১: {shop}");
    let body = app.get_json(&format!("/api/categories/{id}/books?perPage=%E0%A7%A7%E0%A7%A6%E0%A7%A8"), 400).await;
    assert_eq!(body["error"]["message"], "perPage must be between 1 and 100", "perPage=১০২");
}

#[tokio::test]
async fn pages_past_the_first_ten_thousand_rows_are_refused() {
    let app = TestApp::spawn_seeded().await;
    let categories = app.get_json("/api/categories", 200).await;
    let id = categories[0]["id"].as_str().expect("an id");
    let count = categories[0]["bookCount"].as_i64().expect("a count");
    // Rows 9,991 to 10,000: allowed, empty here, and the total stays exact.
    let last = app.get_json(&format!("/api/categories/{id}/books?page=1000&perPage=10"), 200).await;
    assert_eq!((last["books"].as_array().map(Vec::len), last["total"].as_i64()), (Some(0), Some(count)));
    for query in ["page=1001&perPage=10", "page=101&perPage=100", "page=1000001", "page=4294967295&perPage=100"] {
        let body = app.get_json(&format!("/api/categories/{id}/books?{query}"), 400).await;
        assert_eq!(error_code(&body), "page_too_deep", "{query}");
        assert_eq!(body["error"]["message"], "only the first 10000 rows of a list can be paged through; narrow the list instead");
    }
}

#[tokio::test]
async fn unknown_and_malformed_ids_are_404s_with_the_error_body() {
    let app = TestApp::spawn_seeded().await;
    let long = "x".repeat(5000);
    for (path, code) in [
        ("/api/books/not-a-uuid".to_owned(), "book_not_found"),
        ("/api/books/00000000-0000-0000-0000-000000000000".to_owned(), "book_not_found"),
        ("/api/books/%27%20OR%201%3D1--".to_owned(), "book_not_found"),
        (format!("/api/books/{long}"), "book_not_found"),
        ("/api/categories/42/books".to_owned(), "category_not_found"),
        ("/api/categories/00000000-0000-0000-0000-000000000000/books".to_owned(), "category_not_found"),
        ("/api/no-such-endpoint".to_owned(), "not_found"),
    ] {
        let body = app.get_json(&path, 404).await;
        assert_eq!(error_code(&body), code, "{path}");
    }
}

#[tokio::test]
async fn a_book_page_carries_the_seller_block_and_opens_whatever_the_status() {
    let app = TestApp::builder().identity(Identity::Emulator).seeded().spawn().await;
    let groups = app.get_json("/api/books/grouped?perCategory=1", 200).await;
    let id = groups[0]["books"][0]["id"].as_str().expect("an id");
    let book = app.get_json(&format!("/api/books/{id}"), 200).await;
    let demo = demo_book(book["title"].as_str().expect("a title"));
    let seller = SELLERS.iter().find(|s| s.key == demo.seller).expect("the demo seller");
    assert_eq!(book["author"], demo.author);
    assert_eq!(book["description"], demo.description);
    assert_eq!(book["publishYear"].as_i64(), demo.publish_year.map(i64::from));
    assert_eq!(
        (book["originalPrice"].as_i64(), book["resalePrice"].as_i64()),
        (Some(i64::from(demo.original_price)), Some(i64::from(demo.resale_price)))
    );
    assert_eq!(book["status"], "available");
    assert_eq!(book["category"]["name"], demo.category);
    assert_eq!(book["category"]["id"], groups[0]["category"]["id"]);
    assert!(book["createdAt"].as_str().is_some_and(|t| chrono::DateTime::parse_from_rfc3339(t).is_ok()), "{book}");

    // Anonymous visitors see who sells it and where, but not how to reach them.
    assert_eq!(book["seller"]["name"], seller.name);
    assert_eq!(book["seller"]["location"], demo.location);
    assert_eq!(book["seller"]["verified"].as_bool(), Some(seller.verified));
    assert_eq!((&book["seller"]["phone"], &book["seller"]["email"]), (&Value::Null, &Value::Null), "{book}");

    // A signed-in visitor sees the phone the way people write it, and the e-mail.
    let token = app.signed_in(&format!("reader-{}@puronoboi.test", uuid::Uuid::new_v4().simple()), "buyer").await;
    let response = app.client.get(app.url(&format!("/api/books/{id}"))).bearer_auth(&token).send().await.expect("answered");
    let signed_in = expect_json(response, 200, "GET the book signed in").await;
    let phone = Phone::parse(demo.phone).expect("a demo phone").display();
    assert_eq!((signed_in["seller"]["phone"].as_str(), signed_in["seller"]["email"].as_str()), (Some(phone.as_str()), Some(seller.email)));

    // A token that is not ours, or has expired, is ignored on a public page: the anonymous view, never an error.
    for bad in ["garbage", &format!("{token}x")] {
        let response = app.client.get(app.url(&format!("/api/books/{id}"))).bearer_auth(bad).send().await.expect("answered");
        let anonymous = expect_json(response, 200, "GET the book with a bad token").await;
        assert_eq!(anonymous["seller"]["phone"], Value::Null);
    }

    // Held and sold books leave the listings but keep their page.
    let sold: String = sold_book_id(&app).await;
    let page = app.get_json(&format!("/api/books/{sold}"), 200).await;
    assert_eq!(page["status"], "sold");
}

#[tokio::test]
async fn a_closed_sellers_books_leave_every_public_list_and_their_pages() {
    let app = TestApp::spawn_seeded().await;
    let seller = SELLERS[0];
    let account = app.store.accounts_by_email(&puronoboi_domain::Email::parse(seller.email).expect("e-mail")).await.expect("lookup");
    let seller_id: AccountId = account[0].id;
    let theirs: Vec<&DemoBook> = BOOKS.iter().filter(|b| b.seller == seller.key && b.status == DemoStatus::Available).collect();
    assert!(!theirs.is_empty());
    let first = titles_listed(&app).await;
    assert!(theirs.iter().all(|b| first.contains(&b.title.to_owned())), "listed before");
    let before_count: u64 =
        app.get_json("/api/categories", 200).await.as_array().expect("array").iter().map(|c| c["bookCount"].as_u64().expect("n")).sum();

    app.store.close_account(seller_id, ClosedReason::DeletedByAdmin).await.expect("closes").expect("was live");

    // The account was closed straight in the database, not through this instance: its copies follow within the
    // freshness window (the instance polls the catalogue's change marks every 100 ms), not at once.
    let count_after = theirs.len() as u64;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
    while std::time::Instant::now() < deadline {
        let counted: u64 =
            app.get_json("/api/categories", 200).await.as_array().expect("array").iter().map(|c| c["bookCount"].as_u64().expect("n")).sum();
        if counted == before_count - count_after {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let after = titles_listed(&app).await;
    for book in &theirs {
        assert!(!after.contains(&book.title.to_owned()), "{} is still listed", book.title);
    }
    let ads = app.get_json("/api/advertised", 200).await;
    assert!(ads.as_array().expect("array").iter().all(|b| !theirs.iter().any(|t| t.title == b["title"])), "no advert of theirs");
    let after_count: u64 =
        app.get_json("/api/categories", 200).await.as_array().expect("array").iter().map(|c| c["bookCount"].as_u64().expect("n")).sum();
    assert_eq!(after_count, before_count - theirs.len() as u64, "the counts follow");
    let withdrawn = book_id_by_title(&app, theirs[0].title).await;
    assert_eq!(error_code(&app.get_json(&format!("/api/books/{withdrawn}"), 404).await), "book_not_found");
}

async fn titles_listed(app: &TestApp) -> Vec<String> {
    let shop = app.get_json("/api/books/grouped?perCategory=24", 200).await;
    shop.as_array()
        .expect("groups")
        .iter()
        .flat_map(|g| g["books"].as_array().expect("books").iter().map(|b| b["title"].as_str().expect("title").to_owned()))
        .collect()
}

async fn book_id_by_title(app: &TestApp, title: &str) -> String {
    use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        id: String,
    }
    let mut conn = diesel_async::AsyncPgConnection::establish(&app.db.url).await.expect("connect");
    let rows: Vec<Row> = diesel::sql_query("SELECT id::text AS id FROM books WHERE title = $1 LIMIT 1")
        .bind::<diesel::sql_types::Text, _>(title)
        .load(&mut conn)
        .await
        .expect("query");
    rows.into_iter().next().expect("the book exists").id
}

async fn sold_book_id(app: &TestApp) -> String {
    use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        id: String,
    }
    let mut conn = diesel_async::AsyncPgConnection::establish(&app.db.url).await.expect("connect");
    let rows: Vec<Row> =
        diesel::sql_query("SELECT id::text AS id FROM books WHERE status = 'sold' LIMIT 1").load(&mut conn).await.expect("query");
    rows.into_iter().next().expect("the demo has sold books").id
}

#[tokio::test]
async fn advertised_lists_only_adverts_still_for_sale() {
    let app = TestApp::spawn_seeded().await;
    let ads = app.get_json("/api/advertised", 200).await;
    let titles: Vec<&str> = ads.as_array().expect("an array").iter().map(|b| b["title"].as_str().expect("a title")).collect();
    let expected = BOOKS.iter().filter(|b| b.advertised && b.status == DemoStatus::Available).count();
    assert!(expected >= 6);
    assert_eq!(titles.len(), expected);
    for demo in BOOKS.iter().filter(|b| b.advertised && b.status != DemoStatus::Available) {
        assert!(!titles.contains(&demo.title), "{} is not for sale but is advertised", demo.title);
    }
}

#[tokio::test]
async fn seeded_covers_are_served_as_inert_images() {
    let app = TestApp::spawn_seeded().await;
    let ads = app.get_json("/api/advertised", 200).await;
    let picture = ads[0]["picture"].as_str().expect("a picture");
    assert!(picture.starts_with("/images/"), "pictures are served by the app, not an external host: {picture}");
    let response = app.get(picture).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/svg+xml");
    assert!(response.headers()["content-security-policy"].to_str().expect("ascii").contains("sandbox"));
    let body = response.text().await.expect("a body");
    assert!(body.contains("<svg") && body.contains("</svg>"));
}

#[tokio::test]
async fn seeding_twice_changes_nothing() {
    let app = TestApp::spawn_seeded().await;
    let before = app.get_json("/api/categories", 200).await;
    let again = puronoboi_demo::seed_if_empty(&app.store, &app.store, &app.store, &app.store, app.pictures.as_ref()).await.expect("seed");
    assert_eq!(again, None);
    assert_eq!(app.get_json("/api/categories", 200).await, before);
}

#[tokio::test]
async fn the_web_app_is_served_for_client_routes_and_assets_are_cached_forever() {
    let dist = tempfile::tempdir().expect("a dir");
    std::fs::write(dist.path().join("index.html"), "<!doctype html><title>Puronoboi</title>").expect("write");
    std::fs::create_dir(dist.path().join("assets")).expect("mkdir");
    std::fs::write(dist.path().join("assets/app-1234.js"), "console.log(1)").expect("write");
    let app = TestApp::spawn_with_web(Some(dist.path().to_owned())).await;

    for route in ["/", "/shop", "/books/anything", "/some/unknown/page"] {
        let response = app.get(route).await;
        assert_eq!(response.status(), 200, "{route}");
        let csp = response.headers()["content-security-policy"].to_str().expect("ascii").to_owned();
        assert!(csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"), "{route}: {csp}");
        assert!(!csp.split("; ").any(|d| d.starts_with("script-src") && d.contains("unsafe-inline")), "{route}: {csp}");
        assert_eq!(response.headers()["x-content-type-options"], "nosniff");
        assert_eq!(response.headers()["referrer-policy"], "strict-origin-when-cross-origin");
        assert!(response.headers().get("strict-transport-security").is_none(), "HSTS only when HSTS=true");
        assert!(response.text().await.expect("body").contains("<title>Puronoboi</title>"), "{route}");
    }
    let asset = app.get("/assets/app-1234.js").await;
    assert_eq!(asset.status(), 200);
    assert!(asset.headers()["cache-control"].to_str().expect("ascii").contains("immutable"));
    assert!(asset.headers().get("content-encoding").is_none(), "no copies were built for this file");
    // Copies the build made beside an asset are sent to the browsers that accept them, still cached forever.
    std::fs::write(dist.path().join("assets/app-1234.js.br"), b"brotli bytes").expect("write");
    std::fs::write(dist.path().join("assets/app-1234.js.gz"), b"gzip bytes").expect("write");
    for (accepts, encoding, body) in
        [("br, gzip", Some("br"), "brotli bytes"), ("gzip", Some("gzip"), "gzip bytes"), ("identity", None, "console.log(1)")]
    {
        let asset = app.client.get(app.url("/assets/app-1234.js")).header("accept-encoding", accepts).send().await.expect("answered");
        assert_eq!(asset.headers().get("content-encoding").map(|v| v.to_str().expect("ascii")), encoding, "{accepts}");
        assert!(asset.headers()["cache-control"].to_str().expect("ascii").contains("immutable"), "{accepts}");
        assert_eq!(asset.text().await.expect("body"), body, "{accepts}");
    }
    // The API keeps its JSON 404s even with the web app mounted.
    assert_eq!(error_code(&app.get_json("/api/nope", 404).await), "not_found");
}

#[tokio::test]
async fn json_is_compressed_for_clients_that_accept_it() {
    let app = TestApp::spawn_seeded().await;
    let plain = app.get("/api/books/grouped?perCategory=8").await;
    assert!(plain.headers().get("content-encoding").is_none(), "a client that asks for nothing gets plain JSON");
    let plain = plain.bytes().await.expect("body").len();
    // Twice each: the list is rendered (and compressed) for the first request and kept for the second.
    for encoding in ["br", "gzip", "br", "gzip"] {
        let response =
            app.client.get(app.url("/api/books/grouped?perCategory=8")).header("accept-encoding", encoding).send().await.expect("answered");
        assert_eq!(response.headers()["content-encoding"], encoding);
        assert_eq!(response.headers()["vary"], "accept-encoding");
        let compressed = response.bytes().await.expect("body").len();
        assert!(compressed * 3 < plain, "{encoding}: {compressed} bytes of {plain}");
    }
    // A body under a kilobyte (a book's page) goes out as it is: compressing it would cost more than it saves.
    let books = app.get_json("/api/books/grouped?perCategory=1", 200).await;
    let book = &books[0]["books"][0]["id"].as_str().expect("a book id");
    let small =
        app.client.get(app.url(&format!("/api/books/{book}"))).header("accept-encoding", "br, gzip").send().await.expect("answered");
    assert!(small.headers().get("content-encoding").is_none());
    let small = small.bytes().await.expect("body");
    assert!(small.len() < usize::from(puronoboi_http::COMPRESS_FROM_BYTES), "{} bytes", small.len());
    assert!(serde_json::from_slice::<serde_json::Value>(&small).is_ok());
}

#[tokio::test]
async fn every_answer_carries_a_request_id_and_keeps_the_callers() {
    let app = TestApp::spawn().await;
    let first = app.get("/api/health").await.headers()["x-request-id"].to_str().expect("ascii").to_owned();
    let second = app.get("/api/nope").await.headers()["x-request-id"].to_str().expect("ascii").to_owned();
    assert!(uuid::Uuid::parse_str(&first).is_ok() && first != second, "{first} {second}");
    let kept = app.client.get(app.url("/api/health")).header("x-request-id", "support-ticket-42").send().await.expect("answered");
    assert_eq!(kept.headers()["x-request-id"], "support-ticket-42");
}

/// The JSON in a page's `page-answers` data block, if it has one.
fn page_answers(html: &str) -> Option<serde_json::Value> {
    let start = html.find(r#"<script type="application/json" id="page-answers">"#)?;
    let json_start = start + html[start..].find('>')? + 1;
    let json_end = json_start + html[json_start..].find("</script>")?;
    Some(serde_json::from_str(&html[json_start..json_end]).expect("the data block is JSON"))
}

#[tokio::test]
async fn pages_arrive_with_the_public_answers_they_open_with() {
    let dist = tempfile::tempdir().expect("a dir");
    let index = "<!doctype html><html><head><title>Puronoboi</title></head><body><div id=\"root\"></div></body></html>";
    std::fs::write(dist.path().join("index.html"), index).expect("write");
    let app = TestApp::builder().seeded().web_dist(dist.path().to_owned()).spawn().await;

    let config = app.get_json("/api/config", 200).await;
    let advertised = app.get_json("/api/advertised", 200).await;
    assert!(advertised.as_array().is_some_and(|ads| !ads.is_empty()), "the demo advertises books");
    let book = advertised[0]["id"].as_str().expect("an id").to_owned();
    let book_page = format!("/books/{book}");
    let book_answer = format!("/api/books/{book}");
    let missing_book = format!("/books/{}", uuid::Uuid::new_v4());
    let cases = [
        ("/", Some("/api/books/grouped?perCategory=4")),
        ("/home", Some("/api/books/grouped?perCategory=4")),
        ("/shop", Some("/api/books/grouped?perCategory=24")),
        // A book as a visitor sees it; a signed-in reader's app asks with its token instead.
        (book_page.as_str(), Some(book_answer.as_str())),
        (missing_book.as_str(), None),
        ("/books/anything", None),
        ("/dashboard/myOrders", None),
    ];
    for (route, list) in cases {
        let response = app.get(route).await;
        assert_eq!(response.status(), 200, "{route}");
        assert_eq!(response.headers()["content-type"], "text/html; charset=utf-8", "{route}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{route}: the answers are of this moment");
        let csp = response.headers()["content-security-policy"].to_str().expect("ascii").to_owned();
        // The data block is not script: the policy still runs no inline script.
        assert!(!csp.split("; ").any(|d| d.starts_with("script-src") && d.contains("unsafe-inline")), "{route}: {csp}");
        let html = response.text().await.expect("body");
        assert!(html.starts_with("<!doctype html><html><head><title>Puronoboi</title>"), "{route}");
        assert!(html.contains("</head><body><div id=\"root\"></div><script type=\"application/json\""), "{route}");
        assert!(html.ends_with("</script>\n</body></html>"), "{route}: the block sits at the end of the body");
        let answers = page_answers(&html).expect("a data block");
        let mut expected = serde_json::json!({ "/api/config": config, "/api/advertised": advertised });
        if let Some(list) = list {
            expected[list] = app.get_json(list, 200).await;
        }
        // The very answers the API gives (to the byte, as JSON): the app reads them instead of asking.
        assert_eq!(answers, expected, "{route}");
    }

    let html = app.get(&book_page).await.text().await.expect("body");
    let answered = &page_answers(&html).expect("a data block")[book_answer.as_str()];
    let seller = &answered["seller"];
    assert!(seller["phone"].is_null() && seller["email"].is_null(), "a visitor's view: {seller}");
    // Its cover, the largest thing on a phone's screen, is fetched with the page.
    let cover = answered["picture"].as_str().expect("a picture");
    let preload = format!(r#"<link rel="preload" as="image" fetchpriority="high" href="{cover}">"#);
    assert!(html.contains(&preload) && html.find(&preload) < html.find("</head>"), "{html}");

    // The shop's: the first two covers of its first shelf with books (a phone's first row), and no others.
    let html = app.get("/shop").await.text().await.expect("body");
    let shelves = &page_answers(&html).expect("a data block")["/api/books/grouped?perCategory=24"];
    let first_shelf = shelves.as_array().expect("shelves").iter().find(|shelf| shelf["books"][0].is_object()).expect("books");
    let head = &html[..html.find("</head>").expect("a head")];
    for book in first_shelf["books"].as_array().expect("books").iter().take(2) {
        let cover = book["picture"].as_str().expect("a picture");
        assert!(head.contains(&format!(r#"<link rel="preload" as="image" fetchpriority="high" href="{cover}">"#)), "{head}");
    }
    assert_eq!(head.matches(r#"rel="preload" as="image""#).count(), 2, "{head}");
    let home = app.get("/").await.text().await.expect("body");
    assert!(!home.contains(r#"as="image""#), "the home page opens with its hero, not covers");

    // Compressed for browsers, like the API's JSON.
    let compressed = app.client.get(app.url("/shop")).header("accept-encoding", "br").send().await.expect("answered");
    assert_eq!(compressed.headers()["content-encoding"], "br");
}

/// A build's first screens, small enough to read in a test: each names the language it is worded in and shows every
/// value the server fills in.
fn first_screens_json() -> String {
    let words = |language: &str| {
        serde_json::json!({
            "head": format!("<link rel=\"preload\" as=\"font\" href=\"/assets/{language}.woff2\">"),
            "home": format!("<main data-first-screen=\"{language}\">welcome</main>"),
            "shop": format!("<main data-first-screen=\"{language}\"><ul>{{{{chips}}}}</ul><h2>{{{{categoryName}}}}</h2><ul>{{{{cards}}}}</ul></main>"),
            "shopChip": "<li data-category=\"{{categoryId}}\">{{categoryName}}</li>",
            "shopCard": "<li data-book=\"{{bookId}}\"><img src=\"{{picture}}\" alt=\"{{title}}\" fetchpriority=\"{{fetchPriority}}\">{{author}}</li>",
            "book": format!("<main data-first-screen=\"{language}\"><a href=\"/category/{{{{categoryId}}}}\">{{{{categoryName}}}}</a><img src=\"{{{{picture}}}}\" alt=\"{{{{title}}}}\"><h1>{{{{title}}}}</h1><p>{{{{author}}}}</p></main>"),
        })
    };
    serde_json::json!({ "en": words("en"), "bn": words("bn") }).to_string()
}

/// The first screen in a page: its `<main>`, if it has one.
fn first_screen(html: &str) -> Option<&str> {
    let start = html.find("<main")?;
    Some(&html[start..start + html[start..].find("</main>")? + "</main>".len()])
}

#[tokio::test]
async fn the_home_page_the_shop_and_a_book_page_arrive_with_their_first_screen_drawn_in_the_readers_language() {
    let dist = tempfile::tempdir().expect("a dir");
    let index = "<!doctype html><html lang=\"en\"><head><title>Puronoboi</title></head><body><div id=\"root\"><header>bar</header>\
                 <!--first-screen--></div></body></html>";
    std::fs::write(dist.path().join("index.html"), index).expect("write");
    std::fs::write(dist.path().join("first-screens.json"), first_screens_json()).expect("write");
    let app = TestApp::builder().seeded().web_dist(dist.path().to_owned()).spawn().await;
    let page = |path: String, headers: &'static [(&'static str, &'static str)]| {
        let mut request = app.client.get(app.url(&path));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        async move {
            let response = request.send().await.expect("answered");
            assert_eq!(response.status(), 200, "{path}");
            assert_eq!(response.headers()["vary"], "accept-language, cookie", "{path}: worded for its reader");
            response.text().await.expect("body")
        }
    };

    // The home page: its welcome, in the browser's language on a first visit.
    let english = page("/".to_owned(), &[]).await;
    assert!(
        english.starts_with(
            "<!doctype html><html lang=\"en\"><head><title>Puronoboi</title><link rel=\"preload\" as=\"font\" href=\"/assets/en.woff2\">"
        ),
        "{english}"
    );
    assert!(english.contains("<header>bar</header><main data-first-screen=\"en\">welcome</main></div>"), "{english}");
    let bangla = page("/home".to_owned(), &[("accept-language", "bn-BD,bn;q=0.9,en-US;q=0.8")]).await;
    assert!(
        bangla.starts_with(
            "<!doctype html><html lang=\"bn\"><head><title>Puronoboi</title><link rel=\"preload\" as=\"font\" href=\"/assets/bn.woff2\">"
        ),
        "{bangla}"
    );
    assert_eq!(first_screen(&bangla), Some("<main data-first-screen=\"bn\">welcome</main>"));
    // Once the app has shown a language in this browser, that one.
    let chosen = page("/".to_owned(), &[("accept-language", "bn"), ("cookie", "puronoboi_language=en")]).await;
    assert_eq!(first_screen(&chosen), Some("<main data-first-screen=\"en\">welcome</main>"));

    // A book page: the book as its answer has it, every value escaped.
    let advertised = app.get_json("/api/advertised", 200).await;
    let id = advertised[0]["id"].as_str().expect("an id").to_owned();
    let book = app.get_json(&format!("/api/books/{id}"), 200).await;
    let html = page(format!("/books/{id}"), &[("accept-language", "bn")]).await;
    let escape = |text: &str| text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;");
    let title = escape(book["title"].as_str().expect("a title"));
    let expected = format!(
        "<main data-first-screen=\"bn\"><a href=\"/category/{}\">{}</a><img src=\"{}\" alt=\"{title}\"><h1>{title}</h1><p>{}</p></main>",
        book["category"]["id"].as_str().expect("a category"),
        escape(book["category"]["name"].as_str().expect("a name")),
        book["pictures"][0].as_str().expect("a cover"),
        escape(book["author"].as_str().expect("an author")),
    );
    assert_eq!(first_screen(&html), Some(expected.as_str()));

    // The shop: every category with books, and the first shelf's first six covers (the first two fetched first).
    let shelves = app.get_json("/api/books/grouped?perCategory=24", 200).await;
    let stocked: Vec<&serde_json::Value> = shelves
        .as_array()
        .expect("shelves")
        .iter()
        .filter(|shelf| shelf["books"].as_array().is_some_and(|books| !books.is_empty()))
        .collect();
    let html = page("/shop".to_owned(), &[]).await;
    let screen = first_screen(&html).expect("a first screen");
    assert_eq!(screen.matches("<li data-category=").count(), stocked.len(), "{screen}");
    for shelf in &stocked {
        assert!(screen.contains(&format!("<li data-category=\"{}\">", shelf["category"]["id"].as_str().expect("an id"))), "{screen}");
    }
    let first = stocked[0];
    assert!(screen.contains(&format!("<h2>{}</h2>", escape(first["category"]["name"].as_str().expect("a name")))), "{screen}");
    let books = first["books"].as_array().expect("books");
    assert_eq!(screen.matches("<li data-book=").count(), books.len().min(6), "{screen}");
    for (index, book) in books.iter().take(6).enumerate() {
        let card = format!(
            "<li data-book=\"{}\"><img src=\"{}\" alt=\"{}\" fetchpriority=\"{}\">{}</li>",
            book["id"].as_str().expect("an id"),
            book["picture"].as_str().expect("a cover"),
            escape(book["title"].as_str().expect("a title")),
            if index < 2 { "high" } else { "auto" },
            escape(book["author"].as_str().expect("an author")),
        );
        assert!(screen.contains(&card), "{card} in {screen}");
    }

    // Pages that open with nothing public to draw: the page as built, in the reader's language.
    for path in [format!("/books/{}", uuid::Uuid::new_v4()), "/dashboard/myOrders".to_owned(), "/blog".to_owned()] {
        let html = page(path.clone(), &[("accept-language", "bn")]).await;
        assert_eq!(first_screen(&html), None, "{path}");
        assert!(html.starts_with("<!doctype html><html lang=\"bn\">") && html.contains("<header>bar</header></div>"), "{path}: {html}");
    }
}

#[tokio::test]
async fn a_page_goes_out_without_the_answers_the_database_cannot_give() {
    let dist = tempfile::tempdir().expect("a dir");
    let index = "<!doctype html><html><head><title>Puronoboi</title></head><body><div id=\"root\"></div></body></html>";
    std::fs::write(dist.path().join("index.html"), index).expect("write");
    let app = TestApp::builder().seeded().web_dist(dist.path().to_owned()).spawn().await;

    let admin_url = format!("{}/postgres", puronoboi_test_support::TestDb::cluster_url().await);
    let mut admin = <diesel_async::AsyncPgConnection as diesel_async::AsyncConnection>::establish(&admin_url).await.expect("connect");
    diesel_async::RunQueryDsl::execute(diesel::sql_query(format!("DROP DATABASE {} WITH (FORCE)", app.db.name)), &mut admin)
        .await
        .expect("drop the app's database");

    let started = std::time::Instant::now();
    let response = app.get("/shop").await;
    let took = started.elapsed();
    assert_eq!(response.status(), 200, "the page itself needs no database");
    assert!(took < std::time::Duration::from_secs(2), "the page is not held up by its data: {took:?}");
    let html = response.text().await.expect("body");
    let answers = page_answers(&html).expect("a data block: the settings need no database");
    assert!(answers.get("/api/config").is_some(), "{answers}");
    // The lists were never read before the database went: the app asks for them, and shows what goes wrong.
    assert!(answers.get("/api/books/grouped?perCategory=24").is_none(), "{answers}");
    assert!(answers.get("/api/advertised").is_none(), "{answers}");
}

/// Names sorting before every real category: `0` comes before any letter.
fn empty_category_name(n: usize) -> String {
    format!("0 empty {n:03}")
}

/// Empty categories, however many and however their names sort, cannot push a category with books out of the
/// shop's shelves or out of the category list: both lists keep every category that has books, then apply their bound.
#[tokio::test]
async fn empty_categories_that_sort_first_push_no_category_with_books_out_of_the_lists() {
    use puronoboi_test_support::builders;
    let app = TestApp::spawn().await;
    let seller = builders::seller(&app.store, "shelves@example.com", true).await;
    let mut stocked = std::collections::BTreeSet::new();
    for n in 0..12 {
        let category = builders::category(&app.store, &format!("Shelf {n:02}")).await;
        builders::list(&app.store, builders::book(seller, &category, &format!("Book on shelf {n:02}"))).await;
        stocked.insert(category.name);
    }
    for n in 0..250 {
        builders::category(&app.store, &empty_category_name(n)).await;
    }

    let grouped = app.get_json("/api/books/grouped", 200).await;
    let shelves: std::collections::BTreeSet<String> =
        grouped.as_array().expect("an array").iter().map(|g| g["category"]["name"].as_str().expect("a name").to_owned()).collect();
    assert_eq!(shelves, stocked, "every category with books is on the shelves, and only those");
    assert!(grouped.as_array().expect("an array").iter().all(|g| g["bookCount"] == 1 && g["books"].as_array().map(Vec::len) == Some(1)));

    let categories = app.get_json("/api/categories", 200).await;
    let categories = categories.as_array().expect("an array");
    let with_books: std::collections::BTreeSet<String> =
        categories.iter().filter(|c| c["bookCount"].as_u64() > Some(0)).map(|c| c["name"].as_str().expect("a name").to_owned()).collect();
    assert_eq!(with_books, stocked, "every category with books is listed");
    assert_eq!(categories.len(), 200, "the list stays bounded; the rest are recent empty categories");
    let names: Vec<&str> = categories.iter().map(|c| c["name"].as_str().expect("a name")).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted, "still in name order");
}

/// Every card of a category, read page by page with `query` added.
async fn whole_shelf(app: &TestApp, category: &str, query: &str) -> Vec<Value> {
    let mut cards = Vec::new();
    for page in 1.. {
        let body = app.get_json(&format!("/api/categories/{category}/books?page={page}&perPage=100{query}"), 200).await;
        let items = body["books"].as_array().expect("books").clone();
        if items.is_empty() {
            break;
        }
        cards.extend(items);
    }
    cards
}

#[tokio::test]
async fn a_shelf_and_the_search_filter_by_grade_and_language_and_refuse_unknown_ones() {
    let app = TestApp::builder().seeded().spawn().await;
    let categories = app.get_json("/api/categories", 200).await;
    let fullest = categories.as_array().expect("categories").iter().max_by_key(|c| c["bookCount"].as_i64()).expect("a category").clone();
    let category = fullest["id"].as_str().expect("an id");
    let every = whole_shelf(&app, category, "").await;
    assert!(every.len() >= 4, "a shelf to filter: {}", every.len());

    for grade in ["like_new", "very_good", "good", "acceptable"] {
        let expected: Vec<&Value> = every.iter().filter(|c| c["condition"] == grade).map(|c| &c["id"]).collect();
        let filtered = whole_shelf(&app, category, &format!("&condition={grade}")).await;
        assert_eq!(filtered.iter().map(|c| &c["id"]).collect::<Vec<_>>(), expected, "{grade}: the shelf's own order, only that grade");
        let first = app.get_json(&format!("/api/categories/{category}/books?condition={grade}"), 200).await;
        assert_eq!(first["total"].as_u64(), Some(expected.len() as u64), "{grade}: the total counts the matching copies");
        let searched = app.get_json(&format!("/api/search?categoryId={category}&condition={grade}&perPage=48"), 200).await;
        assert_eq!(searched["total"].as_u64(), Some(expected.len() as u64), "{grade}: the search agrees");
    }

    // Each book page says its language; the filter keeps exactly the books in the one asked for.
    let mut bangla = Vec::new();
    for card in &every {
        let page = app.get_json(&format!("/api/books/{}", card["id"].as_str().expect("id")), 200).await;
        if page["language"] == "bn" {
            bangla.push(card["id"].clone());
        }
    }
    let filtered = whole_shelf(&app, category, "&language=bn").await;
    assert_eq!(filtered.iter().map(|c| c["id"].clone()).collect::<Vec<_>>(), bangla);
    let both = whole_shelf(&app, category, "&language=bn&condition=good").await;
    assert!(both.iter().all(|c| c["condition"] == "good" && bangla.contains(&c["id"])), "both filters hold at once");

    for bad in ["condition=mint", "language=bangla", "condition="] {
        let response = app.get(&format!("/api/categories/{category}/books?{bad}")).await;
        assert_eq!(response.status().as_u16(), 400, "{bad}");
        let response = app.get(&format!("/api/search?{bad}")).await;
        assert_eq!(response.status().as_u16(), 400, "{bad}");
    }
    let unknown = app.get(&format!("/api/categories/{}/books?condition=good", uuid::Uuid::new_v4())).await;
    assert_eq!(unknown.status().as_u16(), 404, "a filtered shelf of no category is still no category");
}

#[tokio::test]
async fn the_demo_sellers_have_completed_orders_and_reviews_to_show() {
    let app = TestApp::builder().seeded().spawn().await;
    let grouped = app.get_json("/api/books/grouped?perCategory=24", 200).await;
    let mut sellers = std::collections::BTreeSet::new();
    for group in grouped.as_array().expect("groups") {
        for card in group["books"].as_array().expect("books") {
            let page = app.get_json(&format!("/api/books/{}", card["id"].as_str().expect("id")), 200).await;
            sellers.insert(page["seller"]["id"].as_str().expect("the seller's id").to_owned());
        }
    }
    let mut reviewed = 0;
    for seller in &sellers {
        let profile = app.get_json(&format!("/api/sellers/{seller}"), 200).await;
        if profile["score"]["reviewCount"].as_i64().unwrap_or_default() > 0 {
            reviewed += 1;
            assert!(profile["score"]["reviewAverage"].as_f64().is_some_and(|a| (3.0..=5.0).contains(&a)), "{profile}");
        }
    }
    assert!(reviewed >= 2, "{reviewed} of {} demo sellers have reviews", sellers.len());
}
