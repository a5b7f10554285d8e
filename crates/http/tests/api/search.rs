//! `GET /api/search` from outside: its parameters, its refusals, and what it finds in the demo catalogue.

use puronoboi_demo::catalogue::{BOOKS, DemoStatus};
use puronoboi_test_support::TestApp;
use serde_json::Value;

fn path(params: &[(&str, &str)]) -> String {
    let url = reqwest::Url::parse_with_params("http://x/api/search", params).expect("a URL");
    format!("/api/search?{}", url.query().unwrap_or_default())
}

#[tokio::test]
async fn bad_parameters_are_refused_with_the_error_body() {
    let app = TestApp::spawn().await;
    let too_long = "ক".repeat(201);
    let cases: &[&[(&str, &str)]] = &[
        &[("q", &too_long)],
        &[("categoryId", "not-a-uuid")],
        &[("minPrice", "-1")],
        &[("maxPrice", "500001")],
        &[("minPrice", "300"), ("maxPrice", "200")],
        &[("minPrice", "ten")],
        &[("sort", "cheapest")],
        &[("page", "0")],
        &[("perPage", "49")],
        &[("perPage", "0")],
        &[("page", "10000"), ("perPage", "48")],
        &[("color", "red")],
    ];
    for params in cases {
        let body = app.get_json(&path(params), 400).await;
        let code = body["error"]["code"].as_str().unwrap_or_else(|| panic!("{params:?}: not an error body: {body}"));
        assert!(["invalid_query", "page_too_deep"].contains(&code), "{params:?}: {body}");
    }
    // 200 characters once trimmed are fine, however many spaces surround them.
    let longest = format!("   {}   ", "ক".repeat(200));
    app.get_json(&path(&[("q", &longest)]), 200).await;
}

#[tokio::test]
async fn strange_queries_answer_an_empty_or_a_real_page_never_an_error() {
    let app = TestApp::spawn_seeded().await;
    for q in ["' OR 1=1 --", "\u{0}\u{1}\u{7f}", "\u{9cd}\u{9bc}", "📚🔥", "%_\\", "a:* & !b", "((((", "ক্ষ", "   "] {
        let body = app.get_json(&path(&[("q", q)]), 200).await;
        assert!(body["items"].is_array() && body["total"].is_i64(), "{q:?}: {body}");
    }
}

#[tokio::test]
async fn the_demo_catalogue_is_found_by_title_author_filters_and_pages() {
    let app = TestApp::spawn_seeded().await;
    let available = BOOKS.iter().filter(|b| b.status == DemoStatus::Available).count();

    let everything = app.get_json(&path(&[("perPage", "48")]), 200).await;
    assert_eq!(everything["total"].as_u64(), u64::try_from(available).ok(), "without words: every available book");
    assert_eq!((everything["page"].as_u64(), everything["perPage"].as_u64()), (Some(1), Some(48)));
    let items = everything["items"].as_array().expect("items");
    let newest_first = items.iter().all(|card| card["status"] == "available" && card["categoryId"].is_string());
    assert!(newest_first, "{everything}");

    // George Orwell has two demo books; one is sold, and sold books are never found.
    let orwell = app.get_json(&path(&[("q", "orwell")]), 200).await;
    let titles: Vec<&str> = orwell["items"].as_array().expect("items").iter().filter_map(|c| c["title"].as_str()).collect();
    assert_eq!(titles, ["Animal Farm"]);

    // A category and a price range narrow it; the cheapest first.
    let category = orwell["items"][0]["categoryId"].as_str().expect("a category").to_owned();
    let narrowed = app.get_json(&path(&[("categoryId", &category), ("maxPrice", "100000"), ("sort", "price_asc")]), 200).await;
    let prices: Vec<i64> = narrowed["items"].as_array().expect("items").iter().filter_map(|c| c["resalePrice"].as_i64()).collect();
    assert!(!prices.is_empty() && prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
    assert!(narrowed["items"].as_array().expect("items").iter().all(|c| c["categoryId"] == category.as_str()));

    let nothing: Value = app.get_json(&path(&[("q", "zzzzqqqq xxyyzz")]), 200).await;
    assert_eq!((nothing["total"].as_i64(), nothing["items"].as_array().map(Vec::len)), (Some(0), Some(0)));
}

/// The price filter and the page may be typed in Bengali digits, as readers type them: the same search, the same
/// answer; Bengali digits break the rules the same way Latin ones do.
#[tokio::test]
async fn bengali_digits_in_the_parameters_are_the_same_numbers() {
    let app = TestApp::spawn_seeded().await;
    let latin = app
        .get_json(&path(&[("minPrice", "100"), ("maxPrice", "100000"), ("sort", "price_asc"), ("page", "1"), ("perPage", "5")]), 200)
        .await;
    let bengali = app
        .get_json(&path(&[("minPrice", "১০০"), ("maxPrice", "১০০০০০"), ("sort", "price_asc"), ("page", "১"), ("perPage", "৫")]), 200)
        .await;
    assert!(latin["total"].as_i64().is_some_and(|n| n > 0), "{latin}");
    assert_eq!(bengali, latin);
    assert_eq!((bengali["page"].as_u64(), bengali["perPage"].as_u64()), (Some(1), Some(5)));
    let second = app.get_json(&path(&[("minPrice", "১০০"), ("sort", "price_asc"), ("page", "২"), ("perPage", "৫")]), 200).await;
    assert_eq!(second["page"].as_u64(), Some(2));

    for params in [
        &[("minPrice", "৩০০"), ("maxPrice", "২০০")][..],
        &[("maxPrice", "৫০০০০১")],
        &[("perPage", "৪৯")],
        &[("page", "০")],
        &[("minPrice", "১০.৫")],
        &[("page", "১২৩৪৫৬৭৮৯০১২৩")],
    ] {
        let body = app.get_json(&path(params), 400).await;
        assert_eq!(body["error"]["code"], "invalid_query", "{params:?}: {body}");
    }
}
