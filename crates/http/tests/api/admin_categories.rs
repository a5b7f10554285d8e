//! The admin's categories: the table with its book counts, rename, merge and delete, each recorded, each shown at
//! once by the public lists, and each refused with its own error when it cannot be done.

use puronoboi_domain::CategoryId;
use puronoboi_ports::SellerListings as _;
use puronoboi_test_support::{Identity, TestApp, builders, expect_json};
use reqwest::Method;
use serde_json::{Value, json};

const ADMIN: &str = "categories-boss@puronoboi.test";

async fn app() -> (TestApp, String) {
    let app = TestApp::builder().identity(Identity::Emulator).admin_emails(&[ADMIN]).spawn().await;
    let admin = app.signed_in_verified(ADMIN, "buyer").await;
    (app, admin)
}

async fn call(app: &TestApp, method: Method, path: &str, token: &str, body: Option<Value>) -> reqwest::Response {
    app.call(method, path, Some(token), body.as_ref()).await
}

/// Books in a category, one per status: (available, pending, sold, withdrawn).
async fn shelf(app: &TestApp, name: &str) -> CategoryId {
    let seller = builders::seller(&app.store, &format!("{}@example.com", uuid::Uuid::new_v4().simple()), true).await;
    let category = builders::category(&app.store, name).await;
    let book = |n: usize| builders::book(seller, &category, &format!("{name} book {n}"));
    builders::list(&app.store, book(0)).await;
    builders::hold(&app.store, builders::list(&app.store, book(1)).await).await;
    builders::sell(&app.store, builders::list(&app.store, book(2)).await).await;
    app.store.withdraw(seller, builders::list(&app.store, book(3)).await).await.expect("withdrawn");
    category.id
}

async fn actions(app: &TestApp, action: &str, category: CategoryId, detail_like: &str) -> i64 {
    app.count(&format!(
        "SELECT count(*) AS n FROM admin_actions a JOIN accounts ad ON ad.id = a.admin_id
         WHERE ad.email = '{ADMIN}' AND a.action = '{action}' AND a.category_id = '{category}' AND a.target_id IS NULL
           AND a.detail LIKE '{detail_like}' AND a.at > now() - interval '1 minute'"
    ))
    .await
}

fn names(list: &Value) -> Vec<String> {
    list.as_array().expect("an array").iter().map(|c| c["name"].as_str().expect("a name").to_owned()).collect()
}

#[tokio::test]
async fn the_table_lists_every_category_by_name_with_all_its_books_and_those_for_sale() {
    let (app, admin) = app().await;
    let novels = shelf(&app, "Novels").await;
    let empty = builders::category(&app.store, "Atlases").await;
    let page = expect_json(call(&app, Method::GET, "/api/admin/categories", &admin, None).await, 200, "the table").await;
    assert_eq!((page["total"].as_i64(), page["perPage"].as_i64()), (Some(2), Some(50)));
    let items = page["items"].as_array().expect("items");
    assert_eq!(names(&page["items"]), ["Atlases", "Novels"]);
    assert_eq!(
        (items[0]["id"].as_str(), items[0]["books"].as_i64(), items[0]["availableBooks"].as_i64()),
        (Some(empty.id.to_string().as_str()), Some(0), Some(0))
    );
    assert_eq!(
        (items[1]["id"].as_str(), items[1]["books"].as_i64(), items[1]["availableBooks"].as_i64()),
        (Some(novels.to_string().as_str()), Some(4), Some(1))
    );
    for field in ["createdAt", "lastUsedAt"] {
        assert!(items[1][field].as_str().is_some_and(|t| chrono::DateTime::parse_from_rfc3339(t).is_ok()), "{field}: {page}");
    }
}

#[tokio::test]
async fn a_rename_shows_at_once_is_recorded_and_keeps_names_unique() {
    let (app, admin) = app().await;
    let novels = shelf(&app, "Novels").await;
    shelf(&app, "Poetry").await;
    app.get_json("/api/categories", 200).await; // a copy the public reads now hold

    let renamed =
        call(&app, Method::PATCH, &format!("/api/admin/categories/{novels}"), &admin, Some(json!({ "name": "  Bangla   novels " }))).await;
    let renamed = expect_json(renamed, 200, "rename").await;
    assert_eq!(renamed, json!({ "id": novels.to_string(), "name": "Bangla novels" }));
    assert_eq!(names(&app.get_json("/api/categories", 200).await), ["Bangla novels", "Poetry"], "the public list shows it at once");
    let shelves = app.get_json("/api/books/grouped", 200).await;
    assert_eq!(shelves[0]["category"]["name"], "Bangla novels");
    assert_eq!(actions(&app, "rename_category", novels, "renamed \"Novels\" to \"Bangla novels\"").await, 1);

    // Another letter case of its own name is a rename; another category's name is not.
    let recased =
        call(&app, Method::PATCH, &format!("/api/admin/categories/{novels}"), &admin, Some(json!({ "name": "Bangla Novels" }))).await;
    assert_eq!(expect_json(recased, 200, "recase").await["name"], "Bangla Novels");
    let before = builders::table_digests(&app).await;
    let taken = call(&app, Method::PATCH, &format!("/api/admin/categories/{novels}"), &admin, Some(json!({ "name": "POETRY" }))).await;
    let taken = expect_json(taken, 409, "a taken name").await;
    assert_eq!(taken["error"]["code"], "category_name_taken");
    assert!(taken["error"]["message"].as_str().is_some_and(|m| m.contains("\"Poetry\"")), "{taken}");
    let blank = call(&app, Method::PATCH, &format!("/api/admin/categories/{novels}"), &admin, Some(json!({ "name": "   " }))).await;
    let blank = expect_json(blank, 422, "a blank name").await;
    assert_eq!(
        (blank["error"]["code"].as_str(), blank["error"]["fields"]["name"].as_str()),
        (Some("validation_failed"), Some("this field is required"))
    );
    assert_eq!(blank["error"]["reasons"], json!({ "name": { "code": "required" } }), "{blank}");
    let long = call(&app, Method::PATCH, &format!("/api/admin/categories/{novels}"), &admin, Some(json!({ "name": "x".repeat(61) }))).await;
    let long = expect_json(long, 422, "a long name").await;
    assert_eq!(long["error"]["fields"]["name"], "at most 60 characters are allowed, got 61", "{long}");
    assert_eq!(long["error"]["reasons"], json!({ "name": { "code": "too_long", "limit": 60 } }), "{long}");
    let unknown =
        call(&app, Method::PATCH, &format!("/api/admin/categories/{}", CategoryId::new()), &admin, Some(json!({ "name": "Anything" })))
            .await;
    assert_eq!(expect_json(unknown, 404, "an unknown id").await["error"]["code"], "category_not_found");
    let junk = call(&app, Method::PATCH, &format!("/api/admin/categories/{novels}"), &admin, Some(json!({ "name": "A", "id": "x" }))).await;
    assert_eq!(expect_json(junk, 400, "an unknown field").await["error"]["code"], "invalid_input");
    assert!(builders::changed_tables(&before, &builders::table_digests(&app).await).is_empty(), "refusals change nothing");
}

#[tokio::test]
async fn a_merge_moves_every_book_whatever_its_status_removes_the_category_and_is_recorded() {
    let (app, admin) = app().await;
    let novels = shelf(&app, "Novels").await;
    let fiction = shelf(&app, "Fiction").await;
    app.get_json("/api/books/grouped", 200).await;

    let merged =
        call(&app, Method::POST, &format!("/api/admin/categories/{novels}/merge"), &admin, Some(json!({ "into": fiction.to_string() })))
            .await;
    let merged = expect_json(merged, 200, "merge").await;
    assert_eq!(merged, json!({ "into": { "id": fiction.to_string(), "name": "Fiction" }, "movedBooks": 4 }));
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM books WHERE category_id = '{fiction}'")).await, 8);
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM categories WHERE id = '{novels}'")).await, 0);
    assert_eq!(
        app.count(&format!("SELECT count(DISTINCT status) AS n FROM books WHERE category_id = '{fiction}' AND title LIKE 'Novels book %'"))
            .await,
        4,
        "books of every status moved, each keeping its status"
    );
    assert_eq!(
        actions(&app, "merge_category", novels, &format!("merged \"Novels\" into \"Fiction\" ({fiction}), 4 book(s) moved")).await,
        1
    );
    let shelves = app.get_json("/api/books/grouped", 200).await;
    assert_eq!(
        (
            names(&Value::Array(shelves.as_array().expect("array").iter().map(|g| g["category"].clone()).collect())),
            shelves[0]["bookCount"].as_i64()
        ),
        (vec!["Fiction".to_owned()], Some(2)),
        "shown at once: {shelves}"
    );
    assert_eq!(
        expect_json(app.get(&format!("/api/categories/{novels}/books")).await, 404, "the merged category's page").await["error"]["code"],
        "category_not_found"
    );

    let before = builders::table_digests(&app).await;
    let itself =
        call(&app, Method::POST, &format!("/api/admin/categories/{fiction}/merge"), &admin, Some(json!({ "into": fiction.to_string() })))
            .await;
    let itself = expect_json(itself, 422, "into itself").await;
    assert!(itself["error"]["fields"]["into"].as_str().is_some_and(|m| m.contains("itself")), "{itself}");
    assert_eq!(itself["error"]["reasons"], json!({ "into": { "code": "same_category" } }), "{itself}");
    let nowhere = call(
        &app,
        Method::POST,
        &format!("/api/admin/categories/{fiction}/merge"),
        &admin,
        Some(json!({ "into": CategoryId::new().to_string() })),
    )
    .await;
    let nowhere = expect_json(nowhere, 422, "into nothing").await;
    assert_eq!(nowhere["error"]["fields"], json!({ "into": "choose a category from the list" }), "{nowhere}");
    assert_eq!(nowhere["error"]["reasons"], json!({ "into": { "code": "unknown_category" } }), "{nowhere}");
    let gone =
        call(&app, Method::POST, &format!("/api/admin/categories/{novels}/merge"), &admin, Some(json!({ "into": fiction.to_string() })))
            .await;
    assert_eq!(expect_json(gone, 404, "the merged one again").await["error"]["code"], "category_not_found");
    assert!(builders::changed_tables(&before, &builders::table_digests(&app).await).is_empty(), "refusals change nothing");
}

#[tokio::test]
async fn only_an_empty_category_is_deleted_and_the_deletion_is_recorded() {
    let (app, admin) = app().await;
    let novels = shelf(&app, "Novels").await;
    let empty = builders::category(&app.store, "Atlases").await;
    // Holding only a withdrawn book is not empty: the book still names its category.
    let seller = builders::seller(&app.store, "withdrawn@example.com", true).await;
    let junk = builders::category(&app.store, "Junk").await;
    let book = builders::list(&app.store, builders::book(seller, &junk, "Gone")).await;
    app.store.withdraw(seller, book).await.expect("withdrawn");
    app.get_json("/api/categories", 200).await;

    let before = builders::table_digests(&app).await;
    for (id, books) in [(novels, 4), (junk.id, 1)] {
        let refused =
            expect_json(call(&app, Method::DELETE, &format!("/api/admin/categories/{id}"), &admin, None).await, 409, "not empty").await;
        assert_eq!(refused["error"]["code"], "category_not_empty");
        let message = refused["error"]["message"].as_str().expect("a message");
        assert!(message.contains(&format!("{books} book")) && message.contains("Merge"), "{refused}");
    }
    let unknown = call(&app, Method::DELETE, &format!("/api/admin/categories/{}", CategoryId::new()), &admin, None).await;
    assert_eq!(expect_json(unknown, 404, "unknown").await["error"]["code"], "category_not_found");
    let malformed = call(&app, Method::DELETE, "/api/admin/categories/not-an-id", &admin, None).await;
    assert_eq!(expect_json(malformed, 404, "malformed").await["error"]["code"], "category_not_found");
    assert!(builders::changed_tables(&before, &builders::table_digests(&app).await).is_empty(), "refusals change nothing");

    let deleted = call(&app, Method::DELETE, &format!("/api/admin/categories/{}", empty.id), &admin, None).await;
    assert_eq!(deleted.status(), 204);
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM categories WHERE id = '{}'", empty.id)).await, 0);
    assert_eq!(actions(&app, "delete_category", empty.id, "deleted \"Atlases\"").await, 1);
    assert!(!names(&app.get_json("/api/categories", 200).await).contains(&"Atlases".to_owned()), "gone from the public list at once");
}

#[tokio::test]
async fn nobody_but_the_admin_manages_categories() {
    let (app, _admin) = app().await;
    let novels = shelf(&app, "Novels").await;
    let seller = app.signed_in(&format!("{}@puronoboi.test", uuid::Uuid::new_v4().simple()), "seller").await;
    let before = builders::table_digests(&app).await;
    for (method, path, body) in [
        (Method::GET, "/api/admin/categories".to_owned(), None),
        (Method::PATCH, format!("/api/admin/categories/{novels}"), Some(json!({ "name": "Mine" }))),
        (Method::POST, format!("/api/admin/categories/{novels}/merge"), Some(json!({ "into": novels.to_string() }))),
        (Method::DELETE, format!("/api/admin/categories/{novels}"), None),
        // An unknown id tells a non-admin nothing either.
        (Method::DELETE, format!("/api/admin/categories/{}", CategoryId::new()), None),
    ] {
        let refused = expect_json(call(&app, method.clone(), &path, &seller, body).await, 403, &format!("{method} {path}")).await;
        assert_eq!(refused["error"]["code"], "wrong_role");
        let anonymous = app.client.request(method.clone(), app.url(&path)).send().await.expect("answered");
        assert_eq!(anonymous.status(), 401, "{method} {path}");
    }
    assert!(builders::changed_tables(&before, &builders::table_digests(&app).await).is_empty());
}
