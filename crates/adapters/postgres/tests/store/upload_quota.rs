//! The per-account upload allowance on a real database: the limit holds under concurrent takes, and a new window
//! allows again.
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use puronoboi_domain::{AccountId, AccountRole};
use puronoboi_ports::{AccountStore, TakeUploadError, UploadQuota};
use puronoboi_postgres::PgStore;
use puronoboi_test_support::TestDb;

const MINUTE: Duration = Duration::from_secs(60);

async fn store() -> (TestDb, PgStore) {
    let db = TestDb::new().await;
    let store = PgStore::connect(&db.url, 16).expect("a pool");
    (db, store)
}

async fn account(store: &PgStore, tag: &str) -> AccountId {
    let new = puronoboi_fakes::accounts::new_account(tag, &format!("{tag}@example.test"), false, AccountRole::Seller);
    store.open_identity_account(new).await.expect("opens").id
}

/// Takes `attempts` uploads at once, each on a task (and a connection) of its own; answers how many succeeded.
async fn concurrent_takes(store: &Arc<PgStore>, id: AccountId, limit: u32, attempts: usize) -> usize {
    let limit = NonZeroU32::new(limit).expect("not zero");
    let takes: Vec<_> = (0..attempts)
        .map(|_| {
            let store = Arc::clone(store);
            tokio::spawn(async move { store.take_upload(id, limit, MINUTE).await })
        })
        .collect();
    let mut taken = 0;
    for take in takes {
        match take.await.expect("the task ran") {
            Ok(()) => taken += 1,
            Err(TakeUploadError::Exhausted) => {}
            Err(e) => panic!("a take failed: {e:#}"),
        }
    }
    taken
}

#[tokio::test]
async fn the_postgres_quota_keeps_the_upload_quota_contract() {
    let (_db, store) = store().await;
    puronoboi_fakes::uploads::upload_quota_contract(&store, &store).await;
}

#[tokio::test]
async fn forty_concurrent_takes_with_a_limit_of_twenty_take_exactly_twenty() {
    let (db, store) = store().await;
    let store = Arc::new(store);
    let id = account(&store, "concurrent").await;

    // The first takes race to create the account's row, the rest to update it.
    assert_eq!(concurrent_takes(&store, id, 20, 40).await, 20);
    assert_eq!(concurrent_takes(&store, id, 20, 10).await, 0, "the window is used up");

    // A minute later (the window moved back rather than waited for), all twenty are there again, and no more.
    let mut conn = AsyncPgConnection::establish(&db.url).await.expect("connect");
    let moved = diesel::sql_query("UPDATE upload_quotas SET window_start = window_start - interval '61 seconds'")
        .execute(&mut conn)
        .await
        .expect("the window moves");
    assert_eq!(moved, 1, "one row for the account");
    assert_eq!(concurrent_takes(&store, id, 20, 40).await, 20);
}

#[tokio::test]
async fn a_window_younger_than_its_length_still_counts() {
    let (db, store) = store().await;
    let id = account(&store, "young").await;
    let two = NonZeroU32::new(2).expect("not zero");
    store.take_upload(id, two, MINUTE).await.expect("first");
    store.take_upload(id, two, MINUTE).await.expect("second");
    let mut conn = AsyncPgConnection::establish(&db.url).await.expect("connect");
    diesel::sql_query("UPDATE upload_quotas SET window_start = window_start - interval '59 seconds'")
        .execute(&mut conn)
        .await
        .expect("the window moves");
    assert!(matches!(store.take_upload(id, two, MINUTE).await, Err(TakeUploadError::Exhausted)), "59 s is still the same minute");
}
