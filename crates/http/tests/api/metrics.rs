//! Prometheus metrics through the real router: requests are counted and timed by route template, method and status
//! (never by raw path, so callers cannot grow the number of series), the pool's connections are reported, and
//! orders placed and payments recorded are counted where they happen. The recorder is process-wide and other tests
//! run alongside, so counts are checked as "went up by at least", never as exact totals.

use std::sync::Arc;

use puronoboi_http::metrics::{self, PoolUsage};
use puronoboi_test_support::cards::VISA;
use puronoboi_test_support::{Identity, TestApp, builders, expect_json};
use reqwest::Method;
use serde_json::json;

/// The app, and the address of a scrape endpoint reading the app's own pool.
async fn app_with_exporter() -> (TestApp, String) {
    let handle = metrics::install().expect("the recorder installs");
    let app = TestApp::builder().identity(Identity::Emulator).card_payments().spawn().await;
    let store = app.store.clone();
    let pool = Arc::new(move || {
        let status = store.pool_status();
        PoolUsage { in_use: status.size - status.available, idle: status.available, waiting: status.waiting }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port for metrics");
    let address = format!("http://{}", listener.local_addr().expect("an address"));
    tokio::spawn(async move { axum::serve(listener, metrics::exporter(handle, pool)).await });
    (app, address)
}

async fn scrape(app: &TestApp, exporter: &str) -> String {
    let response = app.client.get(format!("{exporter}/metrics")).send().await.expect("the exporter answers");
    assert_eq!(response.status(), 200);
    let content_type = response.headers()[reqwest::header::CONTENT_TYPE].to_str().expect("a content type").to_owned();
    assert!(content_type.starts_with("text/plain; version=0.0.4"), "{content_type}");
    response.text().await.expect("a body")
}

/// The value of the sample `name` whose labels include every one of `labels`; 0 when there is none yet.
fn sample(text: &str, name: &str, labels: &[(&str, &str)]) -> f64 {
    let wanted: Vec<String> = labels.iter().map(|(k, v)| format!("{k}=\"{v}\"")).collect();
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            let (metric, label_text) = series.split_once('{').map_or((series, ""), |(m, l)| (m, l.trim_end_matches('}')));
            let present: Vec<&str> = label_text.split(',').collect();
            (metric == name && wanted.iter().all(|w| present.contains(&w.as_str()))).then(|| value.parse::<f64>().ok()).flatten()
        })
        .sum()
}

#[tokio::test]
async fn requests_are_counted_and_timed_by_route_template_never_by_raw_path() {
    let (app, exporter) = app_with_exporter().await;
    let before = scrape(&app, &exporter).await;

    let missing_books: Vec<String> = (0..3).map(|_| uuid::Uuid::new_v4().to_string()).collect();
    for id in &missing_books {
        assert_eq!(app.get(&format!("/api/books/{id}")).await.status(), 404);
    }
    let unknown_path = format!("/api/no-such-thing/{}", uuid::Uuid::new_v4());
    assert_eq!(app.get(&unknown_path).await.status(), 404);
    let missing_picture = format!("/images/{}.jpg", uuid::Uuid::new_v4());
    assert_eq!(app.get(&missing_picture).await.status(), 404);
    assert_eq!(app.get("/api/health").await.status(), 200);
    let odd_method = Method::from_bytes(b"FROBNICATE").expect("a method");
    let odd = app.client.request(odd_method, app.url(&format!("/api/books/{}", missing_books[0]))).send().await.expect("answered");
    assert_eq!(odd.status(), 405);

    let after = scrape(&app, &exporter).await;
    let went_up = |name: &str, labels: &[(&str, &str)]| sample(&after, name, labels) - sample(&before, name, labels);
    let book = [("method", "GET"), ("route", "/api/books/{id}"), ("status", "404")];
    assert!(went_up("http_requests_total", &book) >= 3.0, "three missing books under one template:\n{after}");
    assert!(went_up("http_request_duration_seconds_count", &book) >= 3.0, "each one timed:\n{after}");
    assert!(
        sample(&after, "http_request_duration_seconds_bucket", &[("route", "/api/books/{id}"), ("le", "+Inf")]) >= 3.0,
        "the latency is a histogram with buckets:\n{after}"
    );
    assert!(went_up("http_requests_total", &[("method", "GET"), ("route", "/api/health"), ("status", "200")]) >= 1.0, "{after}");
    assert!(went_up("http_requests_total", &[("route", "unmatched"), ("status", "404")]) >= 1.0, "an unknown path:\n{after}");
    assert!(went_up("http_requests_total", &[("route", "/images/{file}"), ("status", "404")]) >= 1.0, "{after}");
    assert!(went_up("http_requests_total", &[("method", "other"), ("route", "/api/books/{id}"), ("status", "405")]) >= 1.0, "{after}");

    for raw in missing_books.iter().map(String::as_str).chain([unknown_path.as_str(), missing_picture.as_str(), "FROBNICATE"]) {
        assert!(!after.contains(raw), "{raw} became a label:\n{after}");
    }
    // Pool gauges are read from the pool at scrape time; this app's pool has opened connections by now.
    for state in ["in_use", "idle"] {
        assert!(after.contains(&format!("db_pool_connections{{state=\"{state}\"}}")), "{after}");
    }
    assert!(sample(&after, "db_pool_connections", &[]) >= 1.0, "{after}");
    assert!(after.lines().any(|l| l.starts_with("db_pool_waiting ")), "{after}");
    // Only /metrics is served there.
    assert_eq!(app.client.get(format!("{exporter}/")).send().await.expect("answered").status(), 404);
}

#[tokio::test]
async fn orders_placed_and_payments_recorded_are_counted_where_they_happen() {
    let (app, exporter) = app_with_exporter().await;
    let seller = builders::seller(&app.store, &format!("metrics-seller-{}@puronoboi.test", uuid::Uuid::new_v4().simple()), true).await;
    let category = builders::category(&app.store, &format!("Metrics {}", uuid::Uuid::new_v4().simple())).await;
    let mut form = builders::form("Gitanjali");
    form.resale_price = Some(400);
    let book = builders::list(&app.store, builders::book_from(seller, &category, form)).await;
    let buyer = app.signed_in(&format!("metrics-buyer-{}@puronoboi.test", uuid::Uuid::new_v4().simple()), "buyer").await;
    let before = scrape(&app, &exporter).await;

    let body = json!({ "bookId": book.to_string(), "phone": "01812345678", "location": "Nilkhet" });
    let order = app.client.post(app.url("/api/orders")).bearer_auth(&buyer).json(&body).send().await.expect("answered");
    let order = expect_json(order, 201, "POST /api/orders").await["id"].as_str().expect("an order id").to_owned();
    // Asking again answers the same pending order: not a second order placed.
    let again = app.client.post(app.url("/api/orders")).bearer_auth(&buyer).json(&body).send().await.expect("answered");
    assert!(again.status().is_success(), "{}", again.status());

    let token = builders::card_token(&app, VISA).await;
    let paid = app
        .client
        .post(app.url(&format!("/api/orders/{order}/payment")))
        .bearer_auth(&buyer)
        .json(&json!({ "cardToken": token }))
        .send()
        .await
        .expect("answered");
    assert_eq!(expect_json(paid, 200, "POST payment").await["status"], "succeeded");

    let after = scrape(&app, &exporter).await;
    let went_up = |name: &str| sample(&after, name, &[]) - sample(&before, name, &[]);
    assert!(went_up("orders_placed_total") >= 1.0, "{after}");
    assert!(went_up("payments_recorded_total") >= 1.0, "{after}");
    let posted = [("method", "POST"), ("route", "/api/orders/{id}/payment"), ("status", "200")];
    assert!(sample(&after, "http_requests_total", &posted) - sample(&before, "http_requests_total", &posted) >= 1.0, "{after}");
    assert!(!after.contains(&order), "the order id became a label:\n{after}");
}
