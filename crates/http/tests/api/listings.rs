//! Sellers' listings through the real router: listing a book with its picture, the seller's own list, and the
//! owner-only changes. Every refusal is checked against the database too: nothing changed.

use puronoboi_ports::CatalogueWriter as _;
use puronoboi_test_support::pictures::{dimensions_of, png_of, sized_rgb, wide_rgb};
use puronoboi_test_support::{Identity, TestApp, builders, expect_json, unique};
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

async fn app() -> TestApp {
    TestApp::builder().identity(Identity::Emulator).seeded().uploads_per_minute(100).spawn().await
}

/// A complete, valid add-book form in the category named `category` of the seeded catalogue.
async fn valid_fields(app: &TestApp, title: &str) -> Vec<(&'static str, String)> {
    let categories = app.get_json("/api/categories", 200).await;
    let poetry = categories.as_array().expect("array").iter().find(|c| c["name"] == "Poetry").expect("Poetry")["id"]
        .as_str()
        .expect("id")
        .to_owned();
    vec![
        ("title", title.to_owned()),
        ("author", "Jibanananda Das".to_owned()),
        ("categoryId", poetry),
        ("sellerName", "Rahim Uddin".to_owned()),
        ("location", "Nilkhet, Dhaka".to_owned()),
        ("phone", "+880 1715-384926".to_owned()),
        ("originalPrice", "400".to_owned()),
        ("resalePrice", "250".to_owned()),
        ("publishYear", "1999".to_owned()),
        ("description", "  Clean copy.  ".to_owned()),
        ("ratings", "4.5".to_owned()),
        ("reviews", "12".to_owned()),
        ("condition", "very_good".to_owned()),
        ("language", "bn".to_owned()),
    ]
}

async fn post_book(app: &TestApp, token: &str, fields: &[(&str, String)], picture: Option<Vec<u8>>) -> reqwest::Response {
    let mut form = Form::new();
    for (name, value) in fields {
        form = form.text(name.to_string(), value.clone());
    }
    if let Some(bytes) = picture {
        form = form.part("image", Part::bytes(bytes).file_name("cover.png").mime_str("image/png").expect("mime"));
    }
    app.client.post(app.url("/api/books")).bearer_auth(token).multipart(form).send().await.expect("answered")
}

async fn list_book(app: &TestApp, token: &str, title: &str) -> Value {
    let fields = valid_fields(app, title).await;
    expect_json(post_book(app, token, &fields, Some(png_of(&wide_rgb()))).await, 201, "POST /api/books").await
}

async fn call(app: &TestApp, method: reqwest::Method, path: &str, token: &str) -> reqwest::Response {
    app.call(method, path, Some(token), None).await
}

/// The book's row as the database holds it: (status, advertised, resale price).
async fn stored(app: &TestApp, id: &str) -> (String, bool, i32) {
    use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        status: String,
        #[diesel(sql_type = diesel::sql_types::Bool)]
        advertised: bool,
        #[diesel(sql_type = diesel::sql_types::Integer)]
        resale_price: i32,
    }
    let mut conn = diesel_async::AsyncPgConnection::establish(&app.db.url).await.expect("connect");
    let rows: Vec<Row> = diesel::sql_query(format!("SELECT status, advertised, resale_price FROM books WHERE id = '{id}'"))
        .load(&mut conn)
        .await
        .expect("query");
    let row = rows.into_iter().next().expect("the book exists");
    (row.status, row.advertised, row.resale_price)
}

#[tokio::test]
async fn a_seller_lists_a_book_with_its_picture_and_it_is_on_the_storefront_at_once() {
    let app = app().await;
    let email = unique("seller");
    let token = app.signed_in(&email, "seller").await;
    let book = list_book(&app, &token, "Rupashi Bangla").await;
    assert_eq!(book["title"], "Rupashi Bangla");
    assert_eq!((book["status"].as_str(), book["advertised"].as_bool()), (Some("available"), Some(false)));
    assert_eq!((book["resalePrice"].as_i64(), book["originalPrice"].as_i64()), (Some(250), Some(400)));
    assert_eq!((book["phone"].as_str(), book["description"].as_str()), (Some("01715-384926"), Some("Clean copy.")));
    assert_eq!((book["publishYear"].as_i64(), book["ratings"].as_f64(), book["reviews"].as_i64()), (Some(1999), Some(4.5), Some(12)));
    let picture = book["picture"].as_str().expect("a picture");
    let served = app.get(picture).await;
    assert_eq!((served.status().as_u16(), served.headers()["content-type"].to_str().expect("ascii")), (200, "image/png"));

    let id = book["id"].as_str().expect("an id");
    let page = app.get_json(&format!("/api/books/{id}"), 200).await;
    assert_eq!((page["title"].as_str(), page["category"]["name"].as_str()), (Some("Rupashi Bangla"), Some("Poetry")));
    let response = app.client.get(app.url(&format!("/api/books/{id}"))).bearer_auth(&token).send().await.expect("answered");
    assert_eq!(expect_json(response, 200, "book").await["seller"]["email"], email.as_str(), "the e-mail comes from the account");
    let category = page["category"]["id"].as_str().expect("a category");
    let listed = app.get_json(&format!("/api/categories/{category}/books?perPage=100"), 200).await;
    assert!(listed["books"].as_array().expect("books").iter().any(|b| b["id"] == id), "on its category page at once");
}

#[tokio::test]
async fn every_rule_is_a_field_error_and_nothing_is_stored() {
    let app = app().await;
    let token = app.signed_in(&unique("seller"), "seller").await;
    let fields = vec![
        ("title", "   ".to_owned()),
        ("author", "a".repeat(121)),
        ("sellerName", String::new()),
        ("location", "Dhaka".to_owned()),
        ("phone", "12345".to_owned()),
        ("originalPrice", "0".to_owned()),
        ("resalePrice", "500001".to_owned()),
        ("publishYear", "1449".to_owned()),
        ("ratings", "5.5".to_owned()),
        ("reviews", "-1".to_owned()),
        ("language", "bangla".to_owned()),
        ("isbn", "978-0-306-40615-8".to_owned()),
    ];
    let body = expect_json(post_book(&app, &token, &fields, None).await, 422, "POST /api/books").await;
    assert_eq!(body["error"]["code"], "validation_failed");
    let errors = &body["error"]["fields"];
    for (field, message) in [
        ("title", "this field is required"),
        ("author", "at most 120 characters are allowed, got 121"),
        ("sellerName", "this field is required"),
        ("phone", "enter a Bangladesh mobile number, e.g. 01712-345678"),
        ("originalPrice", "a price must be at least 1 taka, got 0"),
        ("resalePrice", "a price must be at most 500000 taka, got 500001"),
        ("ratings", "ratings must be between 0 and 5"),
        ("reviews", "reviews must be a whole number, 0 or more"),
        ("categoryId", "this field is required"),
        ("image", "this field is required"),
        ("condition", "this field is required"),
        ("language", "choose one of: bn, en, other"),
        ("isbn", "this ISBN's check digit does not match: a digit is mistyped"),
    ] {
        assert_eq!(errors[field], message, "{field}: {body}");
    }
    assert!(errors["publishYear"].as_str().is_some_and(|m| m.starts_with("the publish year must be between 1450 and ")), "{body}");
    let reasons = &body["error"]["reasons"];
    let this_year = i64::from(chrono::Datelike::year(&chrono::Utc::now()));
    assert_eq!(
        *reasons,
        json!({
            "title": { "code": "required" },
            "author": { "code": "too_long", "limit": 120 },
            "sellerName": { "code": "required" },
            "phone": { "code": "invalid_phone" },
            "originalPrice": { "code": "out_of_range", "min": 1, "max": 500_000 },
            "resalePrice": { "code": "out_of_range", "min": 1, "max": 500_000 },
            "publishYear": { "code": "out_of_range", "min": 1450, "max": this_year },
            "ratings": { "code": "out_of_range", "min": 0, "max": 5 },
            "reviews": { "code": "out_of_range", "min": 0, "max": 2_147_483_647 },
            "categoryId": { "code": "required" },
            "image": { "code": "required" },
            "condition": { "code": "required" },
            "language": { "code": "not_a_choice" },
            "isbn": { "code": "isbn_check_digit" },
        }),
        "{body}"
    );

    let mut unreadable = valid_fields(&app, "Banalata Sen").await;
    unreadable.retain(|(name, _)| *name != "originalPrice");
    unreadable.push(("originalPrice", "two hundred".to_owned()));
    unreadable.push(("newCategory", "Also this".to_owned()));
    let body = expect_json(post_book(&app, &token, &unreadable, Some(png_of(&wide_rgb()))).await, 422, "POST /api/books").await;
    assert_eq!(body["error"]["fields"]["originalPrice"], "must be a whole number");
    assert!(body["error"]["fields"]["categoryId"].as_str().is_some_and(|m| m.contains("not both")), "{body}");
    assert_eq!(
        body["error"]["reasons"],
        json!({ "originalPrice": { "code": "not_a_number" }, "categoryId": { "code": "not_both" } }),
        "{body}"
    );

    let mut with_email = valid_fields(&app, "Banalata Sen").await;
    with_email.push(("email", "someone-else@puronoboi.test".to_owned()));
    let body = expect_json(post_book(&app, &token, &with_email, Some(png_of(&wide_rgb()))).await, 400, "POST /api/books").await;
    assert_eq!(body["error"]["code"], "invalid_input", "the e-mail comes from the account, never from the form");

    let text =
        expect_json(post_book(&app, &token, &valid_fields(&app, "Banalata Sen").await, Some(b"not a picture".to_vec())).await, 415, "POST")
            .await;
    assert_eq!(text["error"]["code"], "unsupported_image");

    let mine = expect_json(call(&app, reqwest::Method::GET, "/api/me/books", &token).await, 200, "GET /api/me/books").await;
    assert_eq!(mine["total"], 0, "nothing was listed");
}

#[tokio::test]
async fn others_creates_a_category_once_whatever_its_letter_case() {
    let app = app().await;
    let first = app.signed_in(&unique("first"), "seller").await;
    let second = app.signed_in(&unique("second"), "seller").await;
    let with_new_category = |fields: Vec<(&'static str, String)>, name: &str| {
        let mut fields: Vec<_> = fields.into_iter().filter(|(n, _)| *n != "categoryId").collect();
        fields.push(("newCategory", name.to_owned()));
        fields
    };
    let a = with_new_category(valid_fields(&app, "Book A").await, " Travel  Writing ");
    let b = with_new_category(valid_fields(&app, "Book B").await, "travel writing");
    let one = expect_json(post_book(&app, &first, &a, Some(png_of(&wide_rgb()))).await, 201, "POST").await;
    let two = expect_json(post_book(&app, &second, &b, Some(png_of(&wide_rgb()))).await, 201, "POST").await;
    assert_eq!(one["category"], two["category"], "one category for both");
    assert_eq!(one["category"]["name"], "Travel Writing", "the first spelling, tidied");
    let existing = with_new_category(valid_fields(&app, "Book C").await, "POETRY");
    let three = expect_json(post_book(&app, &first, &existing, Some(png_of(&wide_rgb()))).await, 201, "POST").await;
    assert_eq!(three["category"]["name"], "Poetry", "an existing category is matched, not duplicated");
    let categories = app.get_json("/api/categories", 200).await;
    let names: Vec<&str> = categories.as_array().expect("array").iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(names.iter().filter(|n| n.eq_ignore_ascii_case("travel writing")).count(), 1);
    assert_eq!(names.iter().filter(|n| n.eq_ignore_ascii_case("poetry")).count(), 1);
}

#[tokio::test]
async fn my_books_are_mine_only_newest_first_in_every_status_but_deleted() {
    let app = app().await;
    let token = app.signed_in(&unique("mine"), "seller").await;
    let other = app.signed_in(&unique("other"), "seller").await;
    let older = list_book(&app, &token, "Older").await;
    let newer = list_book(&app, &token, "Newer").await;
    let gone = list_book(&app, &token, "Gone").await;
    list_book(&app, &other, "Someone else's").await;
    let held: puronoboi_domain::BookId = newer["id"].as_str().expect("id").parse().expect("uuid");
    builders::hold(&app.store, held).await;
    let response = call(&app, reqwest::Method::DELETE, &format!("/api/books/{}", gone["id"].as_str().expect("id")), &token).await;
    assert_eq!(response.status(), 204);

    let mine = expect_json(call(&app, reqwest::Method::GET, "/api/me/books?perPage=1", &token).await, 200, "mine").await;
    assert_eq!((mine["total"].as_i64(), mine["page"].as_i64(), mine["perPage"].as_i64()), (Some(2), Some(1), Some(1)));
    assert_eq!((mine["items"][0]["title"].as_str(), mine["items"][0]["status"].as_str()), (Some("Newer"), Some("pending")));
    let second = expect_json(call(&app, reqwest::Method::GET, "/api/me/books?perPage=1&page=2", &token).await, 200, "mine").await;
    assert_eq!(second["items"][0]["id"], older["id"]);
    let deep = expect_json(call(&app, reqwest::Method::GET, "/api/me/books?perPage=100&page=101", &token).await, 400, "deep").await;
    assert_eq!(deep["error"]["code"], "page_too_deep");
}

#[tokio::test]
async fn only_the_owner_changes_a_book_and_only_while_it_is_available() {
    let app = app().await;
    let owner = app.signed_in(&unique("owner"), "seller").await;
    let intruder = app.signed_in(&unique("intruder"), "seller").await;
    let buyer = app.signed_in(&unique("buyer"), "buyer").await;
    let book = list_book(&app, &owner, "Sonar Tori").await;
    let id = book["id"].as_str().expect("id").to_owned();
    let before = stored(&app, &id).await;

    for token in [&intruder] {
        for (method, path) in [
            (reqwest::Method::POST, format!("/api/books/{id}/advertise")),
            (reqwest::Method::DELETE, format!("/api/books/{id}/advertise")),
            (reqwest::Method::DELETE, format!("/api/books/{id}")),
        ] {
            let body = expect_json(call(&app, method.clone(), &path, token).await, 404, &format!("{method} {path}")).await;
            assert_eq!(body["error"]["code"], "book_not_found", "another seller's book looks like no book");
        }
        let response = app
            .client
            .patch(app.url(&format!("/api/books/{id}")))
            .bearer_auth(token)
            .json(&json!({ "resalePrice": 1 }))
            .send()
            .await
            .expect("answered");
        assert_eq!(expect_json(response, 404, "PATCH").await["error"]["code"], "book_not_found");
    }
    let body = expect_json(call(&app, reqwest::Method::POST, &format!("/api/books/{id}/advertise"), &buyer).await, 403, "buyer").await;
    assert_eq!(body["error"]["code"], "wrong_role");
    let fields = valid_fields(&app, "A buyer's book").await;
    let body = expect_json(post_book(&app, &buyer, &fields, Some(png_of(&wide_rgb()))).await, 403, "a buyer lists").await;
    assert_eq!(body["error"]["code"], "wrong_role", "only sellers list books");
    let body = expect_json(call(&app, reqwest::Method::GET, "/api/me/books", &buyer).await, 403, "a buyer's books").await;
    assert_eq!(body["error"]["code"], "wrong_role");
    assert_eq!(app.count("SELECT count(*) AS n FROM books WHERE title = 'A buyer''s book'").await, 0);
    let body = expect_json(app.client.delete(app.url(&format!("/api/books/{id}"))).send().await.expect("answered"), 401, "anonymous").await;
    assert_eq!(body["error"]["code"], "unauthenticated");
    assert_eq!(stored(&app, &id).await, before, "nothing changed");

    // The owner advertises (twice is harmless), edits, and stops advertising.
    for _ in 0..2 {
        let advertised =
            expect_json(call(&app, reqwest::Method::POST, &format!("/api/books/{id}/advertise"), &owner).await, 200, "advertise").await;
        assert_eq!(advertised["advertised"], true);
    }
    let ads = app.get_json("/api/advertised", 200).await;
    assert!(ads.as_array().expect("array").iter().any(|b| b["id"] == id.as_str()), "on the advertised list at once");
    let response = app
        .client
        .patch(app.url(&format!("/api/books/{id}")))
        .bearer_auth(&owner)
        .json(&json!({ "resalePrice": 199, "phone": "01819462073" }))
        .send()
        .await
        .expect("answered");
    let edited = expect_json(response, 200, "PATCH").await;
    assert_eq!(
        (edited["resalePrice"].as_i64(), edited["phone"].as_str(), edited["originalPrice"].as_i64()),
        (Some(199), Some("01819-462073"), Some(400))
    );
    let response = app
        .client
        .patch(app.url(&format!("/api/books/{id}")))
        .bearer_auth(&owner)
        .json(&json!({ "resalePrice": 0, "title": "New" }))
        .send()
        .await
        .expect("answered");
    assert_eq!(expect_json(response, 400, "PATCH a field that cannot change").await["error"]["code"], "invalid_input");
    let response = app
        .client
        .patch(app.url(&format!("/api/books/{id}")))
        .bearer_auth(&owner)
        .json(&json!({ "resalePrice": 0, "location": " " }))
        .send()
        .await
        .expect("answered");
    let body = expect_json(response, 422, "PATCH").await;
    assert_eq!(
        (body["error"]["fields"]["resalePrice"].as_str(), body["error"]["fields"]["location"].as_str()),
        (Some("a price must be at least 1 taka, got 0"), Some("this field is required"))
    );
    let stopped = expect_json(call(&app, reqwest::Method::DELETE, &format!("/api/books/{id}/advertise"), &owner).await, 200, "stop").await;
    assert_eq!(stopped["advertised"], false);
    assert_eq!(stored(&app, &id).await, ("available".to_owned(), false, 199));

    // Held by a buyer: nothing can change, so no order ever loses its book.
    let held: puronoboi_domain::BookId = id.parse().expect("uuid");
    builders::hold(&app.store, held).await;
    for (method, path) in
        [(reqwest::Method::POST, format!("/api/books/{id}/advertise")), (reqwest::Method::DELETE, format!("/api/books/{id}"))]
    {
        let body = expect_json(call(&app, method, &path, &owner).await, 409, "held").await;
        assert_eq!(body["error"]["code"], "book_unavailable");
    }
    let response = app
        .client
        .patch(app.url(&format!("/api/books/{id}")))
        .bearer_auth(&owner)
        .json(&json!({ "resalePrice": 100 }))
        .send()
        .await
        .expect("answered");
    assert_eq!(expect_json(response, 409, "PATCH held").await["error"]["code"], "book_unavailable");
    assert_eq!(stored(&app, &id).await, ("pending".to_owned(), false, 199));
}

#[tokio::test]
async fn a_deleted_listing_leaves_the_storefront_and_cannot_be_deleted_twice() {
    let app = app().await;
    let owner = app.signed_in(&unique("owner"), "seller").await;
    let book = list_book(&app, &owner, "Agnibeena").await;
    let id = book["id"].as_str().expect("id").to_owned();
    expect_json(call(&app, reqwest::Method::POST, &format!("/api/books/{id}/advertise"), &owner).await, 200, "advertise").await;

    // Two tabs delete at once: one wins, the other learns the book is gone.
    let path = format!("/api/books/{id}");
    let (a, b) = tokio::join!(call(&app, reqwest::Method::DELETE, &path, &owner), call(&app, reqwest::Method::DELETE, &path, &owner));
    let mut statuses = [a.status().as_u16(), b.status().as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [204, 404]);
    assert_eq!(app.get_json(&format!("/api/books/{id}"), 404).await["error"]["code"], "book_not_found");
    let ads = app.get_json("/api/advertised", 200).await;
    assert!(!ads.as_array().expect("array").iter().any(|b| b["id"] == id.as_str()));
    assert_eq!(stored(&app, &id).await.0, "withdrawn", "kept, never erased");
}

/// PostgreSQL text cannot hold U+0000: a field carrying one is a 422 naming the field, never a failed insert (500).
/// Each refused field carries a reason beside its English message, with the same keys: what the web app words in
/// Bangla. The messages are the ones the form always had.
#[tokio::test]
async fn a_refused_listing_names_a_reason_beside_each_unchanged_message() {
    let app = app().await;
    let seller = app.signed_in(&unique("seller"), "seller").await;
    let mut fields = valid_fields(&app, &"ক".repeat(201)).await;
    fields.retain(|(name, _)| !matches!(*name, "author" | "resalePrice" | "reviews" | "originalPrice"));
    fields.extend([
        ("resalePrice", "600000".to_owned()),
        ("originalPrice", "২৫০.৫".to_owned()),
        ("reviews", "many".to_owned()),
        ("author", "   ".to_owned()),
    ]);
    let body = expect_json(post_book(&app, &seller, &fields, Some(png_of(&wide_rgb()))).await, 422, "POST /api/books").await;
    assert_eq!(body["error"]["code"], "validation_failed");
    assert_eq!(
        body["error"]["fields"],
        json!({
            "title": "at most 200 characters are allowed, got 201",
            "author": "this field is required",
            "resalePrice": "a price must be at most 500000 taka, got 600000",
            "originalPrice": "must be a whole number",
            "reviews": "must be a whole number",
        }),
        "{body}"
    );
    assert_eq!(
        body["error"]["reasons"],
        json!({
            "title": { "code": "too_long", "limit": 200 },
            "author": { "code": "required" },
            "resalePrice": { "code": "out_of_range", "min": 1, "max": 500_000 },
            "originalPrice": { "code": "not_whole_number" },
            "reviews": { "code": "not_a_number" },
        }),
        "{body}"
    );

    // An edit is checked by the same rules, with the same reasons.
    let book = list_book(&app, &seller, "Banalata Sen").await;
    let id = book["id"].as_str().expect("an id");
    let edit = json!({ "resalePrice": 0, "phone": "০১২৩৪", "location": "  ", "description": "d".repeat(4001) });
    let response = app.client.patch(app.url(&format!("/api/books/{id}"))).bearer_auth(&seller).json(&edit).send().await.expect("answered");
    let body = expect_json(response, 422, "PATCH").await;
    assert_eq!(
        body["error"]["reasons"],
        json!({
            "resalePrice": { "code": "out_of_range", "min": 1, "max": 500_000 },
            "phone": { "code": "invalid_phone" },
            "location": { "code": "required" },
            "description": { "code": "too_long", "limit": 4000 },
        }),
        "{body}"
    );
    assert_eq!(body["error"]["fields"]["phone"], "enter a Bangladesh mobile number, e.g. 01712-345678");

    // Under "Others" with a name nobody could read: the category name's own rules, on `newCategory`.
    let fields = with_new_category(valid_fields(&app, "Agnibeena").await, &"x".repeat(61));
    let body = expect_json(post_book(&app, &seller, &fields, Some(png_of(&wide_rgb()))).await, 422, "POST a long new category").await;
    assert_eq!(body["error"]["reasons"], json!({ "newCategory": { "code": "too_long", "limit": 60 } }), "{body}");
    // A category id that names no category.
    let mut fields = valid_fields(&app, "Agnibeena").await;
    fields.retain(|(name, _)| *name != "categoryId");
    fields.push(("categoryId", uuid::Uuid::new_v4().to_string()));
    let body = expect_json(post_book(&app, &seller, &fields, Some(png_of(&wide_rgb()))).await, 422, "POST an unknown category").await;
    assert_eq!(body["error"]["fields"], json!({ "categoryId": "choose a category from the list" }), "{body}");
    assert_eq!(body["error"]["reasons"], json!({ "categoryId": { "code": "unknown_category" } }), "{body}");
}

/// Sellers type prices, years, counts and their phone in Bengali digits as often as in Latin ones: the same numbers,
/// stored and answered in Latin digits.
#[tokio::test]
async fn a_listing_typed_in_bengali_digits_is_the_same_listing() {
    let app = app().await;
    let seller = app.signed_in(&unique("seller"), "seller").await;
    let mut fields = valid_fields(&app, "Rupashi Bangla").await;
    for (name, value) in fields.iter_mut() {
        *value = match *name {
            "phone" => "+৮৮০ ১৭১৫-৩৮৪৯২৬".to_owned(),
            "originalPrice" => "৪০০".to_owned(),
            "resalePrice" => " ২৫০ ".to_owned(),
            "publishYear" => "১৯৯৯".to_owned(),
            "ratings" => "৪.৫".to_owned(),
            "reviews" => "১২".to_owned(),
            _ => value.clone(),
        };
    }
    let book = expect_json(post_book(&app, &seller, &fields, Some(png_of(&wide_rgb()))).await, 201, "POST /api/books").await;
    assert_eq!((book["originalPrice"].as_i64(), book["resalePrice"].as_i64()), (Some(400), Some(250)));
    assert_eq!((book["publishYear"].as_i64(), book["ratings"].as_f64(), book["reviews"].as_i64()), (Some(1999), Some(4.5), Some(12)));
    assert_eq!(book["phone"], "01715-384926");
    let id = book["id"].as_str().expect("an id");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM books WHERE id = '{id}' AND phone = '+8801715384926'")).await, 1);

    // An edit's phone too.
    let edit = json!({ "phone": "০১৮১৯-৪৬২০৭৩" });
    let response = app.client.patch(app.url(&format!("/api/books/{id}"))).bearer_auth(&seller).json(&edit).send().await.expect("answered");
    assert_eq!(expect_json(response, 200, "PATCH").await["phone"], "01819-462073");
}

#[tokio::test]
async fn a_nul_character_in_a_text_field_is_refused_by_name() {
    let app = app().await;
    let seller = app.signed_in_verified("nul@example.test", "seller").await;
    let mut fields = valid_fields(&app, "Banalata Sen").await;
    for (name, value) in fields.iter_mut() {
        if matches!(*name, "location" | "description") {
            *value = "Nil\0khet".to_owned();
        }
    }
    let body = expect_json(post_book(&app, &seller, &fields, Some(png_of(&wide_rgb()))).await, 422, "POST /api/books").await;
    assert_eq!(body["error"]["code"], "validation_failed");
    assert_eq!(body["error"]["fields"]["location"], "must not contain a NUL character", "{body}");
    assert_eq!(body["error"]["fields"]["description"], "must not contain a NUL character", "{body}");
    assert_eq!(
        body["error"]["reasons"],
        json!({ "location": { "code": "invalid_character" }, "description": { "code": "invalid_character" } }),
        "{body}"
    );
}

fn with_new_category(fields: Vec<(&'static str, String)>, name: &str) -> Vec<(&'static str, String)> {
    let mut fields: Vec<_> = fields.into_iter().filter(|(n, _)| *n != "categoryId").collect();
    fields.push(("newCategory", name.to_owned()));
    fields
}

/// A seller names at most 3 new categories a day: the 4th is a field error on the new category's name, and neither
/// the listing, nor the category, nor its picture is stored. Naming an existing category costs nothing, and another
/// seller still may.
#[tokio::test]
async fn a_seller_creates_at_most_three_new_categories_a_day_and_a_refused_fourth_stores_nothing() {
    let app = app().await;
    let seller = app.signed_in(&unique("seller"), "seller").await;
    for n in 1..=3 {
        let fields = with_new_category(valid_fields(&app, &format!("Book {n}")).await, &format!("New shelf {n}"));
        let listed = expect_json(post_book(&app, &seller, &fields, Some(png_of(&wide_rgb()))).await, 201, "POST").await;
        assert_eq!(listed["category"]["name"], format!("New shelf {n}"));
    }
    let me = app.account_id(&seller).await;
    assert_eq!(
        app.count(&format!("SELECT count(*) AS n FROM categories WHERE created_by = '{me}' AND created_at > now() - interval '1 minute'"))
            .await,
        3,
        "each recorded as the seller's, with when"
    );

    let (books, categories) = (app.count("SELECT count(*) AS n FROM books").await, app.count("SELECT count(*) AS n FROM categories").await);
    let pictures = std::fs::read_dir(app.pictures.dir()).expect("the images dir").count();
    let fourth = with_new_category(valid_fields(&app, "Book 4").await, "New shelf 4");
    let body = expect_json(post_book(&app, &seller, &fourth, Some(png_of(&wide_rgb()))).await, 422, "POST the 4th").await;
    assert_eq!(body["error"]["code"], "validation_failed");
    let message = body["error"]["fields"]["newCategory"].as_str().unwrap_or_else(|| panic!("a newCategory field error: {body}"));
    assert!(message.contains("at most 3 new categories a day"), "{body}");
    assert_eq!(body["error"]["reasons"], json!({ "newCategory": { "code": "daily_limit_reached", "limit": 3 } }), "{body}");
    assert_eq!(app.count("SELECT count(*) AS n FROM books").await, books, "no listing");
    assert_eq!(app.count("SELECT count(*) AS n FROM categories").await, categories, "no category");
    assert_eq!(app.count("SELECT count(*) AS n FROM categories WHERE name = 'New shelf 4'").await, 0);
    assert_eq!(std::fs::read_dir(app.pictures.dir()).expect("the images dir").count(), pictures, "no picture left behind");

    // An existing category, typed under Others in another letter case, is still fine; so is another seller's new one.
    let existing = with_new_category(valid_fields(&app, "Book 5").await, "NEW SHELF 1");
    let listed = expect_json(post_book(&app, &seller, &existing, Some(png_of(&wide_rgb()))).await, 201, "POST existing").await;
    assert_eq!(listed["category"]["name"], "New shelf 1");
    let other = app.signed_in(&unique("other"), "seller").await;
    let theirs = with_new_category(valid_fields(&app, "Book 6").await, "New shelf 4");
    expect_json(post_book(&app, &other, &theirs, Some(png_of(&wide_rgb()))).await, 201, "another seller's new category").await;

    // A day later the seller may name new ones again.
    app.count(&format!(
        "WITH moved AS (UPDATE categories SET created_at = created_at - interval '25 hours' WHERE created_by = '{me}' RETURNING 1) SELECT count(*) AS n FROM moved"
    ))
    .await;
    let tomorrow = with_new_category(valid_fields(&app, "Book 7").await, "New shelf 7");
    expect_json(post_book(&app, &seller, &tomorrow, Some(png_of(&wide_rgb()))).await, 201, "a new category the next day").await;
}

/// Concurrent new categories of one seller are counted one after the other: 6 at once, 3 succeed. Each instance
/// takes one upload of an account at a time, so the six race through six instances on one database, as a seller's
/// tabs behind a load balancer would.
#[tokio::test]
async fn concurrent_new_categories_of_one_seller_stop_at_three() {
    let app = app().await;
    let mut instances = Vec::new();
    for _ in 0..5 {
        instances.push(TestApp::builder().identity(Identity::Emulator).uploads_per_minute(100).sharing_database_with(&app).spawn().await);
    }
    let seller = app.signed_in(&unique("seller"), "seller").await;
    let mut forms = Vec::new();
    for n in 0..6 {
        forms.push(with_new_category(valid_fields(&app, &format!("Racing {n}")).await, &format!("Racing shelf {n}")));
    }
    let racers: Vec<&TestApp> = std::iter::once(&app).chain(instances.iter()).collect();
    let answers = futures_util::future::join_all(
        forms.iter().zip(&racers).map(|(form, instance)| post_book(instance, &seller, form, Some(png_of(&wide_rgb())))),
    )
    .await;
    let statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 3, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 422).count(), 3, "{statuses:?}");
    assert_eq!(app.count("SELECT count(*) AS n FROM categories WHERE name LIKE 'Racing shelf %'").await, 3);
}

/// The add-book list (`GET /api/categories`) drops an empty category nobody has created or listed a book in for 30
/// days; a category with books, and one created or used within 30 days, stay.
#[tokio::test]
async fn an_empty_category_unused_for_thirty_days_leaves_the_add_book_list() {
    let app = app().await;
    let seller = app.signed_in(&unique("seller"), "seller").await;
    let names = |list: &Value| -> Vec<String> {
        list.as_array().expect("an array").iter().map(|c| c["name"].as_str().expect("a name").to_owned()).collect()
    };
    for name in ["Stale shelf", "Fresh shelf", "Lately used shelf", "Stocked old shelf"] {
        app.store.add_category(&puronoboi_domain::CategoryName::parse(name).expect("a name")).await.expect("added");
    }
    // Lately used: a book listed 10 days ago, since withdrawn. Stocked: an old book still for sale.
    let used = with_new_category(valid_fields(&app, "Used once").await, "Lately used shelf");
    let used = expect_json(post_book(&app, &seller, &used, Some(png_of(&wide_rgb()))).await, 201, "POST").await;
    let gone = call(&app, reqwest::Method::DELETE, &format!("/api/books/{}", used["id"].as_str().expect("id")), &seller).await;
    assert_eq!(gone.status(), 204);
    let stocked = with_new_category(valid_fields(&app, "Still for sale").await, "Stocked old shelf");
    expect_json(post_book(&app, &seller, &stocked, Some(png_of(&wide_rgb()))).await, 201, "POST").await;
    app.count(
        "WITH aged AS (UPDATE categories SET created_at = now() - interval '90 days', last_used_at = CASE
             WHEN name = 'Stale shelf' THEN now() - interval '31 days'
             WHEN name = 'Lately used shelf' THEN now() - interval '10 days'
             WHEN name = 'Stocked old shelf' THEN now() - interval '200 days'
             ELSE last_used_at END
         WHERE name IN ('Stale shelf', 'Lately used shelf', 'Stocked old shelf') RETURNING 1) SELECT count(*) AS n FROM aged",
    )
    .await;
    app.count("WITH aged AS (UPDATE categories SET created_at = now() - interval '29 days', last_used_at = now() - interval '29 days' WHERE name = 'Fresh shelf' RETURNING 1) SELECT count(*) AS n FROM aged").await;

    let listed = names(&app.get_json("/api/categories", 200).await);
    assert!(!listed.contains(&"Stale shelf".to_owned()), "{listed:?}");
    for kept in ["Fresh shelf", "Lately used shelf", "Stocked old shelf", "Poetry"] {
        assert!(listed.contains(&kept.to_owned()), "{kept} is missing from {listed:?}");
    }

    // A book listed in the stale category brings it back.
    let stale = app.count("SELECT count(*) AS n FROM categories WHERE name = 'Stale shelf'").await;
    assert_eq!(stale, 1, "the category itself stays; it only leaves the list");
    let revived = with_new_category(valid_fields(&app, "Revival").await, "stale SHELF");
    let revived = expect_json(post_book(&app, &seller, &revived, Some(png_of(&wide_rgb()))).await, 201, "POST").await;
    assert_eq!(revived["category"]["name"], "Stale shelf", "typing its name reuses it rather than adding another");
    let listed = names(&app.get_json("/api/categories", 200).await);
    assert!(listed.contains(&"Stale shelf".to_owned()), "{listed:?}");
}

/// A form with `pictures` photos, each a picture of its own size so that the stored copies can be told apart.
async fn post_with_photos(app: &TestApp, token: &str, fields: &[(&str, String)], pictures: usize) -> reqwest::Response {
    let mut form = Form::new();
    for (name, value) in fields {
        form = form.text(name.to_string(), value.clone());
    }
    for n in 0..pictures {
        let picture = png_of(&sized_rgb(40 + u32::try_from(n).expect("few"), 30));
        form = form.part("image", Part::bytes(picture).file_name(format!("photo-{n}.png")).mime_str("image/png").expect("mime"));
    }
    app.client.post(app.url("/api/books")).bearer_auth(token).multipart(form).send().await.expect("answered")
}

#[tokio::test]
async fn a_copy_is_listed_with_its_grade_language_isbn_and_photos_cover_first() {
    let app = app().await;
    let token = app.signed_in(&unique("seller"), "seller").await;
    let mut fields = valid_fields(&app, "Chander Pahar").await;
    fields.retain(|(name, _)| !matches!(*name, "condition" | "language"));
    fields.extend([
        ("condition", "like_new".to_owned()),
        ("language", "en".to_owned()),
        // An ISBN-10 in Bengali digits with hyphens: kept as its ISBN-13.
        ("isbn", "০-৩০৬-৪০৬১৫-২".to_owned()),
    ]);
    let book = expect_json(post_with_photos(&app, &token, &fields, 3).await, 201, "POST /api/books").await;
    assert_eq!((book["condition"].as_str(), book["language"].as_str()), (Some("like_new"), Some("en")), "{book}");
    assert_eq!(book["isbn"], "9780306406157");
    let pictures: Vec<&str> = book["pictures"].as_array().expect("pictures").iter().filter_map(Value::as_str).collect();
    assert_eq!(pictures.len(), 3, "{book}");
    assert_eq!(book["picture"].as_str(), Some(pictures[0]), "the first photo sent is the cover");
    let mut widths = Vec::new();
    for picture in &pictures {
        let served = app.get(picture).await;
        assert_eq!(served.status().as_u16(), 200, "{picture}");
        widths.push(dimensions_of(&served.bytes().await.expect("bytes")).0);
    }
    assert_eq!(widths, [40, 41, 42], "each photo stored, checked and re-encoded, in the order sent");

    let id = book["id"].as_str().expect("id");
    let page = app.get_json(&format!("/api/books/{id}"), 200).await;
    assert_eq!((page["condition"].as_str(), page["isbn"].as_str()), (Some("like_new"), Some("9780306406157")));
    assert_eq!(page["pictures"], book["pictures"], "the book page shows every photo");
    let category = page["category"]["id"].as_str().expect("a category");
    let shelf = app.get_json(&format!("/api/categories/{category}/books?perPage=100"), 200).await;
    let card = shelf["books"].as_array().expect("books").iter().find(|b| b["id"] == id).expect("on its shelf").clone();
    assert_eq!(card["condition"], "like_new", "the card shows the grade");

    let too_many = expect_json(post_with_photos(&app, &token, &fields, 6).await, 422, "six photos").await;
    assert_eq!(too_many["error"]["reasons"]["image"], json!({ "code": "too_many_photos", "limit": 5 }), "{too_many}");
    let far_too_many = expect_json(post_with_photos(&app, &token, &fields, 7).await, 400, "seven photos").await;
    assert_eq!(far_too_many["error"]["code"], "invalid_input", "the body is not read beyond one photo too many");
    assert_eq!(app.count("SELECT count(*) AS n FROM books WHERE title = 'Chander Pahar'").await, 1, "only the first was listed");
}

#[tokio::test]
async fn the_owner_regrades_a_copy_and_takes_its_language_and_isbn_away() {
    let app = app().await;
    let token = app.signed_in(&unique("seller"), "seller").await;
    let mut fields = valid_fields(&app, "Aranyak").await;
    fields.push(("isbn", "9780306406157".to_owned()));
    let book = expect_json(post_book(&app, &token, &fields, Some(png_of(&wide_rgb()))).await, 201, "POST /api/books").await;
    let id = book["id"].as_str().expect("id");
    let patch = |body: Value| {
        let app = &app;
        let token = token.clone();
        async move { app.client.patch(app.url(&format!("/api/books/{id}"))).bearer_auth(token).json(&body).send().await.expect("answered") }
    };
    let refused = expect_json(patch(json!({ "condition": "mint", "isbn": "12345" })).await, 422, "PATCH").await;
    assert_eq!(
        refused["error"]["reasons"],
        json!({ "condition": { "code": "not_a_choice" }, "isbn": { "code": "invalid_isbn" } }),
        "{refused}"
    );
    let unchanged = app.get_json(&format!("/api/books/{id}"), 200).await;
    assert_eq!((unchanged["condition"].as_str(), unchanged["isbn"].as_str()), (Some("very_good"), Some("9780306406157")));

    let edited = expect_json(patch(json!({ "condition": "acceptable", "language": "", "isbn": "" })).await, 200, "PATCH").await;
    assert_eq!(edited["condition"], "acceptable");
    assert_eq!((edited["language"].clone(), edited["isbn"].clone()), (Value::Null, Value::Null), "{edited}");
    let page = app.get_json(&format!("/api/books/{id}"), 200).await;
    assert_eq!((page["condition"].as_str(), page["language"].clone()), (Some("acceptable"), Value::Null), "the public page follows");
}

/// A photo of `width` pixels across, as one more photo of the book.
async fn add_photo(app: &TestApp, token: &str, id: &str, width: u32) -> reqwest::Response {
    let form =
        Form::new().part("image", Part::bytes(png_of(&sized_rgb(width, 30))).file_name("more.png").mime_str("image/png").expect("mime"));
    app.client.post(app.url(&format!("/api/books/{id}/pictures"))).bearer_auth(token).multipart(form).send().await.expect("answered")
}

fn pictures_of(book: &Value) -> Vec<String> {
    book["pictures"].as_array().expect("pictures").iter().filter_map(|p| p.as_str().map(str::to_owned)).collect()
}

async fn widths(app: &TestApp, pictures: &[String]) -> Vec<u32> {
    let mut widths = Vec::new();
    for picture in pictures {
        widths.push(dimensions_of(&app.get(picture).await.bytes().await.expect("bytes")).0);
    }
    widths
}

#[tokio::test]
async fn the_owner_adds_removes_and_reorders_photos_up_to_five_and_never_below_one() {
    let app = app().await;
    let token = app.signed_in(&unique("seller"), "seller").await;
    let fields = valid_fields(&app, "Padma Nadir Majhi").await;
    let book = expect_json(post_with_photos(&app, &token, &fields, 1).await, 201, "POST /api/books").await;
    let id = book["id"].as_str().expect("id").to_owned();

    for width in [41, 42, 43, 44] {
        expect_json(add_photo(&app, &token, &id, width).await, 201, "add a photo").await;
    }
    let full = app.get_json(&format!("/api/books/{id}"), 200).await;
    let pictures = pictures_of(&full);
    assert_eq!(widths(&app, &pictures).await, [40, 41, 42, 43, 44], "added after the others, in order");
    let sixth = expect_json(add_photo(&app, &token, &id, 45).await, 422, "a sixth photo").await;
    assert_eq!(sixth["error"]["reasons"]["image"], json!({ "code": "too_many_photos", "limit": 5 }));

    // The last photo becomes the cover.
    let mut order = pictures.clone();
    order.rotate_right(1);
    let put = |body: Value| {
        let (app, token, id) = (&app, token.clone(), id.clone());
        async move {
            app.client
                .put(app.url(&format!("/api/books/{id}/pictures/order")))
                .bearer_auth(token)
                .json(&body)
                .send()
                .await
                .expect("answered")
        }
    };
    let reordered = expect_json(put(json!({ "order": order })).await, 200, "reorder").await;
    assert_eq!(pictures_of(&reordered), order);
    assert_eq!(reordered["picture"].as_str(), Some(order[0].as_str()), "the first of the order is the cover");
    let card = app.get_json(&format!("/api/categories/{}/books?perPage=100", full["category"]["id"].as_str().expect("id")), 200).await;
    let card = card["books"].as_array().expect("books").iter().find(|b| b["id"] == id.as_str()).expect("on its shelf").clone();
    assert_eq!(card["picture"].as_str(), Some(order[0].as_str()), "the shelf shows the new cover at once");

    for wrong in [
        json!({ "order": order[..4] }),
        json!({ "order": [&order[0], &order[0], &order[1], &order[2], &order[3]] }),
        json!({ "order": [] }),
    ] {
        let refused = expect_json(put(wrong.clone()).await, 422, "a wrong order").await;
        assert_eq!(refused["error"]["reasons"]["order"]["code"], "not_the_photos", "{wrong}: {refused}");
    }

    // Removing the cover makes the next photo the cover; the removed picture is gone from the host.
    let removed = order[0].clone();
    let call_delete = |n: &str| {
        let (app, token, path) = (&app, token.clone(), format!("/api/books/{id}/pictures/{n}"));
        async move { app.client.delete(app.url(&path)).bearer_auth(token).send().await.expect("answered") }
    };
    let after = expect_json(call_delete("0").await, 200, "remove the cover").await;
    assert_eq!(pictures_of(&after), order[1..].to_vec());
    assert_eq!(app.get(&removed).await.status().as_u16(), 404, "the removed photo is deleted from the image host");
    let missing = expect_json(call_delete("4").await, 404, "no fifth photo now").await;
    assert_eq!(missing["error"]["code"], "photo_not_found");
    let not_a_position = expect_json(call_delete("cover").await, 404, "not a position").await;
    assert_eq!(not_a_position["error"]["code"], "photo_not_found");
    for _ in 0..3 {
        expect_json(call_delete("1").await, 200, "remove the second").await;
    }
    let last = expect_json(call_delete("0").await, 409, "the last photo").await;
    assert_eq!(last["error"]["code"], "last_photo");
    assert_eq!(pictures_of(&app.get_json(&format!("/api/books/{id}"), 200).await).len(), 1, "one photo stays");
}

#[tokio::test]
async fn nobody_but_the_owner_changes_the_photos_and_only_while_the_book_is_available() {
    let app = app().await;
    let owner = app.signed_in(&unique("owner"), "seller").await;
    let intruder = app.signed_in(&unique("intruder"), "seller").await;
    let book = expect_json(post_with_photos(&app, &owner, &valid_fields(&app, "Kapalkundala").await, 2).await, 201, "POST").await;
    let id = book["id"].as_str().expect("id").to_owned();
    let before = pictures_of(&book);

    let added = expect_json(add_photo(&app, &intruder, &id, 50).await, 404, "another seller adds").await;
    assert_eq!(added["error"]["code"], "book_not_found");
    let response =
        app.client.delete(app.url(&format!("/api/books/{id}/pictures/1"))).bearer_auth(&intruder).send().await.expect("answered");
    assert_eq!(response.status().as_u16(), 404, "another seller removes");
    let swapped = json!({ "order": [&before[1], &before[0]] });
    let url = app.url(&format!("/api/books/{id}/pictures/order"));
    let response = app.client.put(&url).bearer_auth(&intruder).json(&swapped).send().await.expect("answered");
    assert_eq!(response.status().as_u16(), 404, "another seller reorders");
    assert_eq!(pictures_of(&app.get_json(&format!("/api/books/{id}"), 200).await), before, "nothing changed");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM books WHERE id = '{id}' AND cardinality(more_photos) = 1")).await, 1);

    // Once a buyer holds it, the copy's photos are what the buyer ordered: they stay.
    let buyer = app.signed_in(&unique("buyer"), "buyer").await;
    let order = json!({ "bookId": id, "phone": "01712345678", "location": "Nilkhet" });
    let placed = app.client.post(app.url("/api/orders")).bearer_auth(&buyer).json(&order).send().await.expect("answered");
    assert_eq!(placed.status().as_u16(), 201);
    let held = expect_json(add_photo(&app, &owner, &id, 51).await, 409, "add to a held book").await;
    assert_eq!(held["error"]["code"], "book_unavailable");
    let response = app.client.put(&url).bearer_auth(&owner).json(&swapped).send().await.expect("answered");
    assert_eq!(response.status().as_u16(), 409, "reorder a held book");
    assert_eq!(pictures_of(&app.get_json(&format!("/api/books/{id}"), 200).await), before, "nothing changed");
}

#[tokio::test]
async fn photos_added_at_once_stop_at_five() {
    use puronoboi_ports::SellerListings as _;
    let app = app().await;
    let token = app.signed_in(&unique("seller"), "seller").await;
    let book = expect_json(post_with_photos(&app, &token, &valid_fields(&app, "Debdas").await, 3).await, 201, "POST").await;
    let id = book["id"].as_str().expect("id").to_owned();
    let book_id = puronoboi_domain::BookId::from_uuid(id.parse().expect("a uuid"));
    let seller = puronoboi_domain::AccountId::from_uuid(app.account_id(&token).await.parse().expect("a uuid"));
    // Two tabs over HTTP: the account uploads one picture at a time, so a second at once may be told to wait.
    let tabs = futures_util::future::join_all((0..2).map(|n| add_photo(&app, &token, &id, 60 + n))).await;
    assert!(tabs.iter().all(|r| matches!(r.status().as_u16(), 201 | 409)), "{:?}", tabs.iter().map(|r| r.status()).collect::<Vec<_>>());
    // The statement itself, raced by eight writers: the book never holds more than five.
    let before = pictures_of(&app.get_json(&format!("/api/books/{id}"), 200).await).len();
    let urls: Vec<String> = (0..8).map(|n| format!("/images/raced-{n}.png")).collect();
    let raced = futures_util::future::join_all(urls.iter().map(|url| app.store.add_photo(seller, book_id, url))).await;
    let added = raced.iter().filter(|r| r.is_ok()).count();
    assert_eq!(added, 5 - before, "exactly the room left is taken");
    assert!(raced.iter().filter_map(|r| r.as_ref().err()).all(|e| matches!(e, puronoboi_ports::PhotoChangeError::Full)), "{raced:?}");
    let five = format!("SELECT count(*) AS n FROM books WHERE id = '{id}' AND cardinality(more_photos) = 4");
    assert_eq!(app.count(&five).await, 1, "the cover and four more");
}
