//! The admin's routes: only admins reach them, every action is recorded, and a deleted account is gone for good
//! (refused on its next call and its next sign-in, its books off the shop) while its history stays.

use puronoboi_demo::catalogue::{BOOKS, DemoStatus, SELLERS};
use puronoboi_test_support::{Identity, TestApp, expect_json, unique};
use serde_json::{Value, json};

const ADMIN: &str = "boss@puronoboi.test";

async fn app() -> (TestApp, String) {
    let app = TestApp::builder().identity(Identity::Emulator).admin_emails(&[ADMIN]).seeded().spawn().await;
    let admin = app.signed_in_verified(ADMIN, "buyer").await;
    (app, admin)
}

async fn call(app: &TestApp, method: reqwest::Method, path: &str, token: Option<&str>) -> reqwest::Response {
    app.call(method, path, token, None).await
}

fn seller_row<'a>(page: &'a Value, email: &str) -> &'a Value {
    page["items"].as_array().expect("items").iter().find(|s| s["email"] == email).unwrap_or_else(|| panic!("{email} not in {page}"))
}

#[tokio::test]
async fn the_admin_lists_sellers_with_their_listings_and_buyers_newest_first() {
    let (app, admin) = app().await;
    let buyer = unique("reader");
    app.signed_in(&buyer, "buyer").await;
    let sellers = expect_json(call(&app, reqwest::Method::GET, "/api/admin/sellers?perPage=100", Some(&admin)).await, 200, "sellers").await;
    assert_eq!(sellers["total"].as_u64(), Some(SELLERS.len() as u64));
    for seller in SELLERS {
        let row = seller_row(&sellers, seller.email);
        let listed = BOOKS.iter().filter(|b| b.seller == seller.key).count() as i64;
        assert_eq!(
            (row["name"].as_str(), row["verified"].as_bool(), row["listings"].as_i64()),
            (Some(seller.name), Some(seller.verified), Some(listed))
        );
        assert!(row["joinedAt"].as_str().is_some_and(|t| chrono::DateTime::parse_from_rfc3339(t).is_ok()));
    }
    let buyers = expect_json(call(&app, reqwest::Method::GET, "/api/admin/buyers", Some(&admin)).await, 200, "buyers").await;
    assert_eq!(
        (buyers["total"].as_i64(), buyers["items"][0]["email"].as_str(), buyers["items"][0]["orders"].as_i64()),
        (Some(1 + puronoboi_demo::ORDER_BUYERS.len() as i64), Some(buyer.as_str()), Some(0))
    );
    assert!(!buyers["items"].as_array().expect("items").iter().any(|b| b["email"] == ADMIN), "admins are in neither table");
}

/// The admin sees whose address is proven: deleting an account whose address is unproven does not lock the
/// address's owner out, deleting a proven one does.
#[tokio::test]
async fn the_admin_tables_show_whether_each_address_is_proven() {
    let (app, admin) = app().await;
    let unproven = unique("typed");
    let proven = unique("proven");
    app.signed_in(&unproven, "buyer").await;
    app.signed_in_verified(&proven, "buyer").await;
    let claimed = SELLERS[1];
    app.signed_in_verified(claimed.email, "seller").await;

    let buyers = expect_json(call(&app, reqwest::Method::GET, "/api/admin/buyers?perPage=100", Some(&admin)).await, 200, "buyers").await;
    let proven_of = |page: &Value, email: &str| seller_row(page, email)["emailProven"].as_bool();
    assert_eq!((proven_of(&buyers, &unproven), proven_of(&buyers, &proven)), (Some(false), Some(true)), "{buyers}");
    let sellers = expect_json(call(&app, reqwest::Method::GET, "/api/admin/sellers?perPage=100", Some(&admin)).await, 200, "sellers").await;
    assert_eq!(proven_of(&sellers, claimed.email), Some(true), "claimed by its proven owner");
    let waiting = SELLERS.iter().find(|s| s.email != claimed.email).expect("another demo seller");
    assert_eq!(proven_of(&sellers, waiting.email), Some(false), "a seeded account nobody has proved yet");
}

#[tokio::test]
async fn only_admins_reach_the_admin_routes_and_nothing_changes_for_anyone_else() {
    let (app, _admin) = app().await;
    let seller = app.signed_in(&unique("seller"), "seller").await;
    let buyer = app.signed_in(&unique("buyer"), "buyer").await;
    let tanvir = SELLERS.iter().find(|s| !s.verified).expect("an unverified demo seller");
    let sellers_before = app.count("SELECT count(*) AS n FROM accounts WHERE verified").await;
    let target = app.store.accounts_by_email(&puronoboi_domain::Email::parse(tanvir.email).expect("e-mail")).await.expect("lookup")[0].id;
    use puronoboi_ports::AccountStore as _;
    let buyer_id = app.account_id(&buyer).await;
    let routes = [
        (reqwest::Method::GET, "/api/admin/sellers".to_owned()),
        (reqwest::Method::GET, "/api/admin/sellers?q=tanvir&verified=false&emailProven=false".to_owned()),
        (reqwest::Method::GET, "/api/admin/buyers".to_owned()),
        (reqwest::Method::GET, "/api/admin/buyers?q=a&emailProven=true".to_owned()),
        (reqwest::Method::GET, format!("/api/admin/sellers/{target}/books")),
        (reqwest::Method::GET, format!("/api/admin/buyers/{buyer_id}/orders")),
        (reqwest::Method::POST, format!("/api/admin/sellers/{target}/verify")),
        (reqwest::Method::DELETE, format!("/api/admin/accounts/{target}")),
    ];
    for (method, path) in &routes {
        for token in [&seller, &buyer] {
            let body = expect_json(call(&app, method.clone(), path, Some(token)).await, 403, &format!("{method} {path}")).await;
            assert_eq!(body["error"]["code"], "wrong_role", "{method} {path}");
        }
        let body = expect_json(call(&app, method.clone(), path, None).await, 401, &format!("{method} {path}")).await;
        assert_eq!(body["error"]["code"], "unauthenticated");
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM accounts WHERE verified").await, sellers_before);
    assert_eq!(app.count("SELECT count(*) AS n FROM accounts WHERE deleted_at IS NOT NULL").await, 0);
    assert_eq!(app.count("SELECT count(*) AS n FROM admin_actions").await, 0);
}

#[tokio::test]
async fn verifying_a_seller_shows_the_badge_on_their_books_and_is_recorded() {
    let (app, admin) = app().await;
    let tanvir = SELLERS.iter().find(|s| !s.verified).expect("an unverified demo seller");
    let sellers = expect_json(call(&app, reqwest::Method::GET, "/api/admin/sellers", Some(&admin)).await, 200, "sellers").await;
    let id = seller_row(&sellers, tanvir.email)["id"].as_str().expect("id").to_owned();
    let verified =
        expect_json(call(&app, reqwest::Method::POST, &format!("/api/admin/sellers/{id}/verify"), Some(&admin)).await, 200, "verify").await;
    assert_eq!((verified["email"].as_str(), verified["verified"].as_bool()), (Some(tanvir.email), Some(true)));

    let groups = app.get_json("/api/books/grouped?perCategory=24", 200).await;
    let theirs: Vec<&Value> = groups
        .as_array()
        .expect("groups")
        .iter()
        .flat_map(|g| g["books"].as_array().expect("books"))
        .filter(|b| BOOKS.iter().any(|d| d.title == b["title"] && d.seller == tanvir.key))
        .collect();
    assert!(!theirs.is_empty() && theirs.iter().all(|b| b["sellerVerified"] == true), "every card of theirs carries the badge");
    let page = app.get_json(&format!("/api/books/{}", theirs[0]["id"].as_str().expect("id")), 200).await;
    assert_eq!(page["seller"]["verified"], true);
    assert_eq!(
        app.count(&format!("SELECT count(*) AS n FROM admin_actions WHERE action = 'verify_seller' AND target_id = '{id}'")).await,
        1
    );

    // Only a live seller can be verified.
    let buyer = app.signed_in(&unique("buyer"), "buyer").await;
    let buyer_id = app.account_id(&buyer).await;
    for target in [buyer_id.as_str(), "00000000-0000-0000-0000-000000000000", "not-an-id"] {
        let body = expect_json(
            call(&app, reqwest::Method::POST, &format!("/api/admin/sellers/{target}/verify"), Some(&admin)).await,
            404,
            "verify",
        )
        .await;
        assert_eq!(body["error"]["code"], "account_not_found", "{target}");
    }
}

#[tokio::test]
async fn a_deleted_seller_is_refused_everywhere_and_their_books_leave_the_shop() {
    let (app, admin) = app().await;
    let seller = SELLERS[0];
    let token = app.signed_in_verified(seller.email, "seller").await;
    let sellers = expect_json(call(&app, reqwest::Method::GET, "/api/admin/sellers", Some(&admin)).await, 200, "sellers").await;
    let id = seller_row(&sellers, seller.email)["id"].as_str().expect("id").to_owned();
    let of_status = |status: DemoStatus| BOOKS.iter().filter(|b| b.seller == seller.key && b.status == status).count() as i64;
    let (available, held, sold) = (of_status(DemoStatus::Available), of_status(DemoStatus::Pending), of_status(DemoStatus::Sold));

    let response = call(&app, reqwest::Method::DELETE, &format!("/api/admin/accounts/{id}"), Some(&admin)).await;
    assert_eq!(response.status(), 204);
    assert_eq!(response.text().await.expect("body"), "");

    let body = expect_json(call(&app, reqwest::Method::GET, "/api/me", Some(&token)).await, 403, "me").await;
    assert_eq!((body["error"]["code"].as_str(), body["error"]["message"].as_str()), (Some("account_deleted"), Some("Forbidden Access")));
    let id_token = app.emulator().sign_in_with_password(seller.email, "correct horse battery").await.expect("Firebase still signs them in");
    let (status, body) = app.open_session(&id_token, json!({})).await;
    assert_eq!((status, body["error"]["code"].as_str()), (403, Some("account_deleted")), "no fresh account: {body}");

    let shop = app.get_json("/api/books/grouped?perCategory=24", 200).await;
    let listed: Vec<&str> = shop
        .as_array()
        .expect("groups")
        .iter()
        .flat_map(|g| g["books"].as_array().expect("books"))
        .filter_map(|b| b["title"].as_str())
        .collect();
    assert!(BOOKS.iter().filter(|b| b.seller == seller.key).all(|b| !listed.contains(&b.title)), "none of their books on the shop");
    // Available and held books leave with the seller (the held ones' orders cancelled, their buyers told why);
    // sold books and their paid orders stay.
    assert_eq!(
        app.count(&format!("SELECT count(*) AS n FROM books WHERE seller_id = '{id}' AND status = 'withdrawn'")).await,
        available + held
    );
    assert_eq!(
        app.count(&format!("SELECT count(*) AS n FROM books WHERE seller_id = '{id}' AND status = 'sold'")).await,
        sold,
        "history stays"
    );
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) AS n FROM orders o JOIN books b ON b.id = o.book_id WHERE b.seller_id = '{id}' AND o.cancel_reason = 'seller_account_closed'"
        ))
        .await,
        held
    );
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) AS n FROM orders o JOIN books b ON b.id = o.book_id WHERE b.seller_id = '{id}' AND o.status = 'paid'"
        ))
        .await,
        sold
    );
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM accounts WHERE id = '{id}'")).await, 1, "marked deleted, never erased");
    assert_eq!(
        app.count(&format!("SELECT count(*) AS n FROM admin_actions WHERE action = 'delete_account' AND target_id = '{id}'")).await,
        1
    );

    let again =
        expect_json(call(&app, reqwest::Method::DELETE, &format!("/api/admin/accounts/{id}"), Some(&admin)).await, 404, "again").await;
    assert_eq!(again["error"]["code"], "account_not_found");
    let sellers = expect_json(call(&app, reqwest::Method::GET, "/api/admin/sellers", Some(&admin)).await, 200, "sellers").await;
    assert!(!sellers["items"].as_array().expect("items").iter().any(|s| s["id"] == id.as_str()), "off the seller table");
}

#[tokio::test]
async fn admins_cannot_be_deleted_not_even_by_themselves() {
    let (app, admin) = app().await;
    let admin_id = app.account_id(&admin).await;
    let body =
        expect_json(call(&app, reqwest::Method::DELETE, &format!("/api/admin/accounts/{admin_id}"), Some(&admin)).await, 403, "self").await;
    assert_eq!(body["error"]["code"], "cannot_delete_admin");
    expect_json(call(&app, reqwest::Method::GET, "/api/me", Some(&admin)).await, 200, "still here").await;
    assert_eq!(app.count("SELECT count(*) AS n FROM admin_actions").await, 0);
}

/// The rows of a table page, as (name, e-mail), and its total.
fn rows_of(page: &Value) -> (Vec<(String, String)>, i64) {
    let rows = page["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|r| (r["name"].as_str().expect("name").to_owned(), r["email"].as_str().expect("email").to_owned()))
        .collect();
    (rows, page["total"].as_i64().expect("total"))
}

#[tokio::test]
async fn the_admin_narrows_the_tables_by_a_piece_of_name_or_address_and_by_flags() {
    use puronoboi_domain::AccountRole::{Buyer, Seller};
    use puronoboi_test_support::builders::account;
    let (app, admin) = app().await;
    // A piece of text no demo account has, so each search below finds exactly this test's accounts.
    let tag = format!("q{}", &uuid::Uuid::new_v4().simple().to_string()[..8]);
    account(&app.store, &format!("Nadia {tag}"), &format!("nadia@{tag}.example"), Seller, true).await;
    account(&app.store, &format!("Omar {tag}"), &format!("omar@{tag}.example"), Seller, false).await;
    account(&app.store, "Rupa Buyer", &format!("rupa.{tag}@example.com"), Buyer, false).await;
    let proven = format!("proven.{tag}@puronoboi.test");
    app.signed_in_verified(&proven, "seller").await;
    let table = async |path: String| rows_of(&expect_json(call(&app, reqwest::Method::GET, &path, Some(&admin)).await, 200, &path).await);
    let emails = |(rows, total): (Vec<(String, String)>, i64)| (rows.into_iter().map(|(_, e)| e).collect::<Vec<_>>(), total);
    let (nadia, omar, rupa) = (format!("nadia@{tag}.example"), format!("omar@{tag}.example"), format!("rupa.{tag}@example.com"));

    let upper = tag.to_uppercase();
    assert_eq!(emails(table(format!("/api/admin/sellers?q=%20{upper}%20")).await), (vec![proven.clone(), omar.clone(), nadia.clone()], 3));
    assert_eq!(emails(table(format!("/api/admin/sellers?q=nadia%20{tag}")).await), (vec![nadia.clone()], 1), "by name");
    assert_eq!(emails(table(format!("/api/admin/sellers?q=omar@{tag}")).await), (vec![omar.clone()], 1), "by address");
    assert_eq!(emails(table(format!("/api/admin/sellers?q={tag}&verified=true")).await), (vec![nadia.clone()], 1));
    assert_eq!(emails(table(format!("/api/admin/sellers?q={tag}&verified=false")).await), (vec![proven.clone(), omar.clone()], 2));
    assert_eq!(emails(table(format!("/api/admin/sellers?q={tag}&verified=false&emailProven=true")).await), (vec![proven.clone()], 1));
    assert_eq!(emails(table(format!("/api/admin/sellers?q={tag}&emailProven=false&perPage=1&page=2")).await), (vec![nadia.clone()], 2));
    assert_eq!(emails(table(format!("/api/admin/buyers?q={tag}")).await), (vec![rupa.clone()], 1), "buyers are their own table");
    assert_eq!(emails(table(format!("/api/admin/buyers?q={tag}&emailProven=true")).await), (vec![], 0));
    // `%` and `_` stand for themselves: as wildcards both would find all three sellers.
    assert_eq!(table(format!("/api/admin/sellers?q={tag}%25")).await.1, 0, "% is a plain character");
    assert_eq!(table(format!("/api/admin/sellers?q={}_", &tag[..tag.len() - 1])).await.1, 0, "_ is a plain character");
    let (_, everyone) = table("/api/admin/sellers".to_owned()).await;
    assert_eq!(everyone, SELLERS.len() as i64 + 3, "no text, no flags: every live seller");

    // Malformed filters are the usual 400, never an empty table.
    for path in [
        "/api/admin/sellers?verified=yes".to_owned(),
        "/api/admin/sellers?emailProven=1".to_owned(),
        format!("/api/admin/sellers?q={}", "a".repeat(101)),
        format!("/api/admin/buyers?q={}", "ক".repeat(101)),
        // Buyers are never verified: asking is a mistake, said so.
        "/api/admin/buyers?verified=false".to_owned(),
    ] {
        let body = expect_json(call(&app, reqwest::Method::GET, &path, Some(&admin)).await, 400, &path).await;
        assert_eq!(body["error"]["code"], "invalid_query", "{path}: {body}");
        assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{path}: {body}");
    }
    expect_json(call(&app, reqwest::Method::GET, &format!("/api/admin/buyers?q={}", "ক".repeat(100)), Some(&admin)).await, 200, "100")
        .await;
}

#[tokio::test]
async fn the_admin_opens_a_sellers_listings_and_a_buyers_orders_from_their_rows() {
    let (app, admin) = app().await;
    let seller = SELLERS[0];
    let sellers = expect_json(call(&app, reqwest::Method::GET, "/api/admin/sellers?perPage=100", Some(&admin)).await, 200, "sellers").await;
    let seller_id = seller_row(&sellers, seller.email)["id"].as_str().expect("id").to_owned();
    let books_path = format!("/api/admin/sellers/{seller_id}/books?perPage=100");
    let shown = expect_json(call(&app, reqwest::Method::GET, &books_path, Some(&admin)).await, 200, "books").await;
    let theirs = BOOKS.iter().filter(|b| b.seller == seller.key).count() as i64;
    assert_eq!((shown["seller"]["email"].as_str(), shown["books"]["total"].as_i64()), (Some(seller.email), Some(theirs)), "{shown}");
    let listed_at: Vec<&str> =
        shown["books"]["items"].as_array().expect("items").iter().map(|b| b["listedAt"].as_str().expect("t")).collect();
    assert!(listed_at.windows(2).all(|w| w[0] >= w[1]), "newest first: {listed_at:?}");

    // The seller deletes a listing: it stays on the admin's page, withdrawn, and leaves the row's count.
    let token = app.signed_in_verified(seller.email, "seller").await;
    let available = shown["books"]["items"].as_array().expect("items").iter().find(|b| b["status"] == "available").expect("one for sale");
    let book_id = available["id"].as_str().expect("id");
    assert_eq!(call(&app, reqwest::Method::DELETE, &format!("/api/books/{book_id}"), Some(&token)).await.status(), 204);
    let after = expect_json(call(&app, reqwest::Method::GET, &books_path, Some(&admin)).await, 200, "books").await;
    let withdrawn = after["books"]["items"].as_array().expect("items").iter().find(|b| b["id"] == book_id).expect("still shown");
    assert_eq!((withdrawn["status"].as_str(), after["books"]["total"].as_i64()), (Some("withdrawn"), Some(theirs)));
    assert_eq!(after["seller"]["listings"].as_i64(), shown["seller"]["listings"].as_i64().map(|n| n - 1));

    // A demo buyer with orders: every one of them, with what was bought, for how much, how it went and when.
    let buyers = expect_json(call(&app, reqwest::Method::GET, "/api/admin/buyers?perPage=100", Some(&admin)).await, 200, "buyers").await;
    let buyer = buyers["items"].as_array().expect("items").iter().find(|b| b["orders"].as_i64() > Some(0)).expect("a buyer with orders");
    let buyer_id = buyer["id"].as_str().expect("id");
    let placed =
        expect_json(call(&app, reqwest::Method::GET, &format!("/api/admin/buyers/{buyer_id}/orders"), Some(&admin)).await, 200, "orders")
            .await;
    assert_eq!((placed["buyer"]["id"].as_str(), placed["orders"]["total"].as_i64()), (Some(buyer_id), buyer["orders"].as_i64()));
    let first = &placed["orders"]["items"][0];
    assert!(first["title"].as_str().is_some_and(|t| BOOKS.iter().any(|b| b.title == t)), "{first}");
    assert!(first["price"].as_i64().is_some_and(|p| p > 0) && first["status"].is_string(), "{first}");
    assert!(first["placedAt"].as_str().is_some_and(|t| chrono::DateTime::parse_from_rfc3339(t).is_ok()), "{first}");
    assert!(first.get("id").is_none() && first.get("location").is_none(), "no order id or delivery address: {first}");

    // Each page is for an account of its kind, while it is live.
    for path in [
        format!("/api/admin/sellers/{buyer_id}/books"),
        format!("/api/admin/buyers/{seller_id}/orders"),
        "/api/admin/sellers/00000000-0000-0000-0000-000000000000/books".to_owned(),
        "/api/admin/buyers/not-an-id/orders".to_owned(),
    ] {
        let body = expect_json(call(&app, reqwest::Method::GET, &path, Some(&admin)).await, 404, &path).await;
        assert_eq!(body["error"]["code"], "account_not_found", "{path}");
    }
}
