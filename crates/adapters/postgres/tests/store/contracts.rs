//! The contract cases the in-memory fakes pass, against PostgreSQL: what the use cases' unit tests assume of the
//! stores is what the database does. A fresh database per port.
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

use puronoboi_postgres::PgStore;
use puronoboi_test_support::TestDb;

async fn store() -> (TestDb, PgStore) {
    let db = TestDb::new().await;
    let store = PgStore::connect(&db.url, 16).expect("a pool");
    (db, store)
}

#[tokio::test]
async fn the_catalogue_keeps_the_catalogue_contract() {
    let (_db, store) = store().await;
    puronoboi_fakes::catalogue::catalogue_contract(&store, &store).await;
}

#[tokio::test]
async fn the_order_store_keeps_the_order_store_contract() {
    let (_db, store) = store().await;
    puronoboi_fakes::orders::order_store_contract(&store, &store, &store).await;
}

#[tokio::test]
async fn the_search_index_keeps_the_search_contract() {
    let (_db, store) = store().await;
    puronoboi_fakes::search::search_contract(&store, &store).await;
}

#[tokio::test]
async fn the_review_store_keeps_the_review_store_contract() {
    let (_db, store) = store().await;
    puronoboi_fakes::reviews::review_store_contract(&store, &store, &store, &store).await;
}

#[tokio::test]
async fn the_admin_store_keeps_the_admin_store_contract() {
    let (_db, store) = store().await;
    puronoboi_fakes::admin::admin_store_contract(&store, &store, &store, &store).await;
}
