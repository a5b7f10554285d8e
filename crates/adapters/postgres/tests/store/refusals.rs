//! `place_order`'s refusals: each is raised with an SQLSTATE of its own (seen here by a plain PostgreSQL client, not
//! through the adapter), and each reaches the order port as its own error.
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

use puronoboi_domain::{BookId, BookMove, BookStatus, OrderStatus};
use puronoboi_ports::{CatalogueReader as _, OrderStore as _, PlaceOrderError};
use puronoboi_postgres::{PLACE_ORDER_REFUSALS, PgStore, PlaceOrderRefusal};
use puronoboi_test_support::TestDb;
use puronoboi_test_support::builders::{self, book, category, list, seller};

/// Calls `place_order` as any client would, with the statuses the adapter passes; answers the SQLSTATE it refused
/// with and the hint it carried, or `None` when it placed an order.
async fn refusal_code(client: &tokio_postgres::Client, book: BookId, buyer: &str, max_pending: i64) -> Option<(String, Option<String>)> {
    let for_sale: Vec<&str> = BookMove::Reserve.from().iter().map(|s| s.as_str()).collect();
    let answered = client
        .query(
            "SELECT id FROM place_order($1::text::uuid, gen_random_uuid(), $2::text::uuid, '+8801712345678', 'Dhanmondi', $3, $4, $5, $6, $7)",
            &[
                &book.to_string(),
                &buyer,
                &max_pending,
                &for_sale,
                &BookMove::Reserve.to().as_str(),
                &OrderStatus::PLACED.as_str(),
                &BookStatus::Withdrawn.as_str(),
            ],
        )
        .await;
    match answered {
        Ok(_) => None,
        Err(e) => {
            let db = e.as_db_error().expect("the database refused");
            Some((db.code().code().to_owned(), db.hint().map(str::to_owned)))
        }
    }
}

#[tokio::test]
async fn each_refusal_has_its_own_sqlstate_and_reaches_the_port_as_its_own_error() {
    let db = TestDb::new().await;
    let store = PgStore::connect(&db.url, 4).expect("a pool");
    let (client, connection) = tokio_postgres::connect(&db.url, tokio_postgres::NoTls).await.expect("connect");
    tokio::spawn(connection);
    let seller_id = seller(&store, "seller@example.com", true).await;
    let poetry = category(&store, "Poetry").await;
    let for_sale = list(&store, book(seller_id, &poetry, "For sale")).await;
    let sold = list(&store, book(seller_id, &poetry, "Sold")).await;
    builders::sell(&store, sold).await;
    let buyer = builders::buyer(&store).await;
    let contact = builders::contact();

    let code = |refusal: PlaceOrderRefusal| {
        PLACE_ORDER_REFUSALS.iter().find(|(_, r)| *r == refusal).map(|(code, _)| (*code).to_owned()).expect("a code for every refusal")
    };
    let cases: [(PlaceOrderRefusal, BookId, String, i64); 4] = [
        (PlaceOrderRefusal::BuyerClosed, for_sale, uuid::Uuid::new_v4().to_string(), 5),
        (PlaceOrderRefusal::TooManyPending, for_sale, buyer.id.to_string(), 0),
        (PlaceOrderRefusal::BookNotFound, BookId::new(), buyer.id.to_string(), 5),
        (PlaceOrderRefusal::BookUnavailable, sold, buyer.id.to_string(), 5),
    ];
    let mut codes = Vec::new();
    for (refusal, book, buyer, max_pending) in &cases {
        let (sqlstate, hint) = refusal_code(&client, *book, buyer, *max_pending).await.unwrap_or_else(|| panic!("{refusal:?}: placed"));
        assert_eq!(sqlstate, code(*refusal), "{refusal:?}");
        assert!(sqlstate.starts_with("PB"), "our own class: {sqlstate}");
        assert_eq!(hint.as_deref(), Some(sqlstate.as_str()), "{refusal:?}: the hint carries the code for diesel");
        codes.push(sqlstate);
    }
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), PLACE_ORDER_REFUSALS.len(), "one code per refusal");

    // Through the port: each code becomes its own error.
    let port = |result: Result<puronoboi_ports::Placed, PlaceOrderError>| match result {
        Err(e) => e,
        Ok(placed) => panic!("expected a refusal, got {placed:?}"),
    };
    assert!(matches!(port(store.place_order(&buyer, for_sale, &contact, 0).await), PlaceOrderError::TooManyPending));
    assert!(matches!(port(store.place_order(&buyer, BookId::new(), &contact, 5).await), PlaceOrderError::BookNotFound));
    assert!(matches!(port(store.place_order(&buyer, sold, &contact, 5).await), PlaceOrderError::BookUnavailable));
    client
        .execute(
            "UPDATE accounts SET deleted_at = now(), closed_reason = 'deleted_by_admin' WHERE id = $1::text::uuid",
            &[&buyer.id.to_string()],
        )
        .await
        .expect("closed");
    assert!(matches!(port(store.place_order(&buyer, for_sale, &contact, 5).await), PlaceOrderError::BuyerClosed));
    assert_eq!(
        store.book_detail(for_sale).await.expect("lookup").expect("found").book.status,
        BookStatus::Available,
        "no refusal reserved the book"
    );
}
