//! No book is sold twice across server instances: two instances on one database, every book raced by many buyers
//! spread over both, then every payment's webhook replayed in parallel across both. `just test` runs a short
//! version; `just race` runs the full one (1,000 books x 200 buyers, 50 replays) in release mode and prints its
//! figures. Sizes come from RACE_BOOKS, RACE_BUYERS and RACE_REPLAYS.

use std::time::{Duration, Instant};

use futures_util::future::join_all;
use puronoboi_domain::{AccountRole, OrderId};
use puronoboi_http::limits::RateLimits;
use puronoboi_stripe::sign_payload;
use puronoboi_test_support::{Identity, TEST_WEBHOOK_SECRET, TestApp, builders};
use serde_json::{Value, json};

fn size(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// `count` buyer accounts opened straight in the store, each with an access token signed as the app signs them.
async fn buyers(app: &TestApp, count: usize) -> Vec<String> {
    let tokens = app.access_tokens();
    let mut issued = Vec::with_capacity(count);
    for n in 0..count {
        let email = format!("racer{n}-{}@puronoboi.test", uuid::Uuid::new_v4().simple());
        let id = builders::account(&app.store, &format!("Racer {n}"), &email, AccountRole::Buyer, false).await;
        issued.push(tokens.issue(id, 0).expect("a token").token);
    }
    issued
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

/// A PaymentIntent for the order, confirmed at localstripe: what a buyer's card did while the webhook is on its way.
async fn paid_at_provider(app: &TestApp, order: &str, amount: i64) -> String {
    builders::intent_at_provider(app, order, amount, "bdt", true).await["id"].as_str().expect("id").to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_never_sell_a_book_twice() {
    let (books_wanted, buyers_per_book, replays) = (size("RACE_BOOKS", 12), size("RACE_BUYERS", 24), size("RACE_REPLAYS", 10));
    // Every racer sends from 127.0.0.1 and orders every book: the rate limits would refuse most of the race, so
    // they are off here.
    let first = TestApp::builder().identity(Identity::Emulator).card_payments().rate_limits(RateLimits::OFF).spawn().await;
    let second = TestApp::builder()
        .identity(Identity::Emulator)
        .card_payments()
        .rate_limits(RateLimits::OFF)
        .sharing_database_with(&first)
        .spawn()
        .await;
    let instances = [&first, &second];

    let seller = builders::seller(&first.store, "race-seller@puronoboi.test", true).await;
    let category = builders::category(&first.store, "Race").await;
    let mut books = Vec::with_capacity(books_wanted);
    for n in 0..books_wanted {
        books.push(builders::list(&first.store, builders::book(seller, &category, &format!("Race {n}"))).await);
    }
    let racers = buyers(&first, buyers_per_book).await;

    // Books go in rounds of five: every winner pays as soon as their round is over, and a buyer can win at most
    // five books in a round, so nobody ever reaches the limit of five unpaid orders.
    let mut race_time = Duration::ZERO;
    let mut replay_time = Duration::ZERO;
    let mut deliveries_sent = 0;
    let mut loser_latency = Vec::new();
    let mut oversold = 0;
    let mut unsold = 0;
    for round in books.chunks(usize::try_from(puronoboi_domain::MAX_PENDING_ORDERS_PER_BUYER).expect("a small number")) {
        let started = Instant::now();
        let mut winners = Vec::new();
        for book in round {
            let body = json!({ "bookId": book.to_string(), "phone": "01712345678", "location": "Nilkhet" });
            let answers = join_all(racers.iter().enumerate().map(|(n, token)| {
                let app = instances[n % 2];
                let body = body.clone();
                async move {
                    let sent = Instant::now();
                    let response = app.client.post(app.url("/api/orders")).bearer_auth(token).json(&body).send().await.expect("answered");
                    let status = response.status().as_u16();
                    let body: Value = response.json().await.expect("JSON");
                    (status, body, sent.elapsed())
                }
            }))
            .await;
            let mut won = Vec::new();
            for (status, body, took) in answers {
                match status {
                    201 => won.push(body),
                    409 => {
                        assert_eq!(body["error"]["code"], "book_unavailable", "{body}");
                        loser_latency.push(took);
                    }
                    other => panic!("unexpected {other}: {body}"),
                }
            }
            oversold += won.len().saturating_sub(1);
            let Some(order) = won.into_iter().next() else {
                unsold += 1;
                continue;
            };
            winners.push(order["id"].as_str().expect("id").parse::<OrderId>().expect("an order id"));
        }
        race_time += started.elapsed();

        // Each winner's card is charged at the provider; then every payment's webhook is replayed in parallel
        // across both instances, and each must settle its order exactly once.
        let mut events = Vec::new();
        for order in &winners {
            let payment = paid_at_provider(&first, &order.to_string(), 25_000).await;
            events.push(
                serde_json::to_vec(&json!({
                    "id": format!("evt_{payment}"),
                    "type": "payment_intent.succeeded",
                    "data": { "object": { "id": payment, "object": "payment_intent" } }
                }))
                .expect("JSON"),
            );
        }
        let started = Instant::now();
        let answers = join_all(events.iter().flat_map(|event| (0..replays).map(move |n| (n, event))).map(|(n, event)| {
            let app = instances[n % 2];
            async move {
                let signature = sign_payload(TEST_WEBHOOK_SECRET, chrono::Utc::now().timestamp(), event);
                app.client
                    .post(app.url("/api/payments/stripe/webhook"))
                    .header("Stripe-Signature", signature)
                    .body(event.clone())
                    .send()
                    .await
                    .expect("delivered")
                    .status()
                    .as_u16()
            }
        }))
        .await;
        replay_time += started.elapsed();
        deliveries_sent += answers.len();
        assert!(answers.iter().all(|s| *s == 200), "{answers:?}");
    }

    assert_eq!((oversold, unsold), (0, 0), "every book has exactly one order");
    let books_n = books.len() as i64;
    assert_eq!(first.count("SELECT count(*) AS n FROM orders").await, books_n, "one order per book");
    assert_eq!(first.count("SELECT count(*) AS n FROM orders WHERE status = 'paid'").await, books_n);
    assert_eq!(first.count("SELECT count(*) AS n FROM payments").await, books_n, "one payment record per order");
    assert_eq!(first.count("SELECT count(*) AS n FROM books WHERE status = 'sold'").await, books_n);
    loser_latency.sort();
    println!(
        "race: {} books x {} buyers over 2 instances in {:.1} s: {} orders, {oversold} oversold, {} losers answered 409 (p50 {} ms, p99 {} ms, max {} ms)",
        books.len(),
        buyers_per_book,
        race_time.as_secs_f64(),
        books.len(),
        loser_latency.len(),
        percentile(&loser_latency, 0.5).as_millis(),
        percentile(&loser_latency, 0.99).as_millis(),
        loser_latency.last().copied().unwrap_or_default().as_millis(),
    );
    println!(
        "replays: {} webhook deliveries ({replays} per payment, both instances) in {:.1} s: {} payment records for {} orders",
        deliveries_sent,
        replay_time.as_secs_f64(),
        books_n,
        books_n
    );
}
