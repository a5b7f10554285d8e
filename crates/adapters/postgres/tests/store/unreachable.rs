//! A database that is gone or silent: the store fails within the pool's deadlines, never hangs, and marks the
//! failure `StoreUnreachable` so the HTTP layer answers 503. No PostgreSQL needed.
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

use std::time::{Duration, Instant};

use puronoboi_ports::{CatalogueReader as _, ReadinessProbe as _, StoreError, StoreUnreachable};
use puronoboi_postgres::PgStore;

/// Every answer within this, whatever the database does; the server promises 503 within 2 s.
const LIMIT: Duration = Duration::from_secs(2);

fn says_unreachable(error: &StoreError) -> bool {
    error.0.chain().any(|cause| cause.is::<StoreUnreachable>())
}

/// A port nothing listens on: connecting is refused at once.
async fn closed_port() -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    listener.local_addr().expect("an address").port()
}

/// A port that accepts connections and never says a word, like a database host that froze: only the pool's
/// deadline ends the wait.
async fn silent_port() -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let port = listener.local_addr().expect("an address").port();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            held.push(socket);
        }
    });
    port
}

fn store_at(port: u16) -> PgStore {
    PgStore::connect(&format!("postgres://postgres@127.0.0.1:{port}/gone"), 4).expect("a pool")
}

#[tokio::test]
async fn a_database_that_refuses_connections_fails_fast_as_unreachable() {
    let store = store_at(closed_port().await);
    let started = Instant::now();
    let error = store.categories(10).await.expect_err("no database");
    assert!(started.elapsed() < LIMIT, "took {:?}", started.elapsed());
    assert!(says_unreachable(&error), "{:#}", error.0);
}

#[tokio::test]
async fn a_database_that_never_answers_fails_within_the_pool_deadline() {
    let store = store_at(silent_port().await);
    let started = Instant::now();
    let error = store.categories(10).await.expect_err("a silent database");
    let took = started.elapsed();
    assert!(took < LIMIT, "took {took:?}");
    // It was the deadline that ended the wait, not a refusal.
    assert!(took >= Duration::from_secs(1), "failed after {took:?}: {:#}", error.0);
    assert!(says_unreachable(&error), "{:#}", error.0);

    let started = Instant::now();
    store.check().await.expect_err("not ready");
    assert!(started.elapsed() < LIMIT, "the readiness probe took {:?}", started.elapsed());
}

#[tokio::test]
async fn many_callers_at_once_all_fail_within_the_deadline() {
    // More callers than connections: those waiting for a free one give up in time as well.
    let store = store_at(silent_port().await);
    let started = Instant::now();
    let calls: Vec<_> = (0..12)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.categories(10).await })
        })
        .collect();
    for call in calls {
        let error = call.await.expect("the call ran").expect_err("a silent database");
        assert!(says_unreachable(&error), "{:#}", error.0);
    }
    assert!(started.elapsed() < LIMIT, "took {:?}", started.elapsed());
}

#[tokio::test]
async fn book_pages_read_together_all_fail_as_unreachable_within_the_deadline() {
    // Book pages go through one queue and shared statements: every read of a failed batch is told why.
    // More reads than two batches take, so that most wait in the queue behind batches waiting for a connection.
    let store = store_at(silent_port().await);
    let started = Instant::now();
    let reads: Vec<_> = (0..400)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.book_detail(puronoboi_domain::BookId::new()).await })
        })
        .collect();
    for read in reads {
        let error = read.await.expect("the read ran").expect_err("a silent database");
        assert!(says_unreachable(&error), "{:#}", error.0);
    }
    assert!(started.elapsed() < LIMIT, "took {:?}", started.elapsed());
}
