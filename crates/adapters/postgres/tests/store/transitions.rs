//! Every status the adapter writes is a move the domain allows. Triggers installed in the test's own database record
//! each change of a book's or an order's status; the test drives every statement of the adapter's registry
//! (`STATUS_WRITES`) through the ports and checks each recorded change against the domain's transition tables and
//! against the moves that statement declares. A scan of the adapter's source fails when a status-writing statement
//! is missing from the registry.
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

use std::collections::HashSet;

use chrono::{Duration, Utc};
use puronoboi_domain::{BookMove, BookStatus, ClosedReason, OrderMove, OrderStatus, ReportContent, ReportReason, ReportTarget};
use puronoboi_ports::{AccountStore as _, Handover, OrderStore as _, ReportStore as _, Secured, SellerListings as _, Settlement};
use puronoboi_postgres::{PgStore, STATUS_WRITES, StatusWrite};
use puronoboi_test_support::TestDb;
use puronoboi_test_support::builders::{self, book, category, list, seller};

/// Records every status a row of `books` or `orders` is inserted with or changed to, in order.
const RECORD_STATUS_CHANGES: &str = "
CREATE TABLE status_changes (n bigserial PRIMARY KEY, tbl text NOT NULL, old_status text, new_status text NOT NULL);
CREATE FUNCTION record_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO status_changes (tbl, old_status, new_status) VALUES (TG_TABLE_NAME, NULL, NEW.status);
    ELSIF OLD.status IS DISTINCT FROM NEW.status THEN
        INSERT INTO status_changes (tbl, old_status, new_status) VALUES (TG_TABLE_NAME, OLD.status, NEW.status);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER books_status_changes AFTER INSERT OR UPDATE ON books FOR EACH ROW EXECUTE FUNCTION record_status_change();
CREATE TRIGGER orders_status_changes AFTER INSERT OR UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION record_status_change();
";

/// One recorded change, as the domain names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Change {
    BookListed,
    OrderPlaced,
    Book(BookMove),
    Order(OrderMove),
}

/// What an entry of the registry may record.
fn declared(write: &StatusWrite) -> HashSet<Change> {
    let mut changes: HashSet<Change> = write.books.iter().map(|m| Change::Book(*m)).collect();
    changes.extend(write.orders.iter().map(|m| Change::Order(*m)));
    if write.lists_book {
        changes.insert(Change::BookListed);
    }
    if write.places_order {
        changes.insert(Change::OrderPlaced);
    }
    changes
}

/// The domain's name for one recorded row, or a failure naming the illegal pair.
fn legal_change(table: &str, old: Option<&str>, new: &str) -> Change {
    match (table, old) {
        ("books", None) => {
            assert_eq!(new.parse::<BookStatus>(), Ok(BookStatus::LISTED), "a book was inserted as {new}");
            Change::BookListed
        }
        ("orders", None) => {
            assert_eq!(new.parse::<OrderStatus>(), Ok(OrderStatus::PLACED), "an order was inserted as {new}");
            Change::OrderPlaced
        }
        ("books", Some(old)) => {
            let (from, to) = (old.parse().expect("a book status"), new.parse().expect("a book status"));
            Change::Book(BookMove::between(from, to).unwrap_or_else(|| panic!("a book moved {old} -> {new}: not a domain move")))
        }
        ("orders", Some(old)) => {
            let (from, to) = (old.parse().expect("an order status"), new.parse().expect("an order status"));
            Change::Order(OrderMove::between(from, to).unwrap_or_else(|| panic!("an order moved {old} -> {new}: not a domain move")))
        }
        (other, _) => panic!("a change recorded on {other}"),
    }
}

struct Recorder {
    client: tokio_postgres::Client,
    seen: i64,
    exercised: HashSet<&'static str>,
    made: HashSet<Change>,
}

impl Recorder {
    async fn new(db: &TestDb) -> Self {
        let (client, connection) = tokio_postgres::connect(&db.url, tokio_postgres::NoTls).await.expect("connect");
        tokio::spawn(connection);
        client.batch_execute(RECORD_STATUS_CHANGES).await.expect("the triggers are installed");
        Self { client, seen: 0, exercised: HashSet::new(), made: HashSet::new() }
    }

    /// Forgets what was recorded so far: the set-up of the next step is not what it checks.
    async fn skip(&mut self) {
        let row = self.client.query_one("SELECT coalesce(max(n), 0) FROM status_changes", &[]).await.expect("read");
        self.seen = row.get(0);
    }

    /// Checks what was recorded since the last check or skip: every change is a legal domain move declared by one of
    /// `entries`, and each of `entries` made at least one of its moves. Answers the changes, in order.
    async fn check(&mut self, step: &str, entries: &[&'static str]) -> Vec<Change> {
        let writes: Vec<&StatusWrite> = entries
            .iter()
            .map(|name| STATUS_WRITES.iter().find(|w| w.name == *name).unwrap_or_else(|| panic!("no registry entry {name:?}")))
            .collect();
        let rows = self
            .client
            .query("SELECT n, tbl, old_status, new_status FROM status_changes WHERE n > $1 ORDER BY n", &[&self.seen])
            .await
            .expect("read the changes");
        let mut changes = Vec::new();
        for row in rows {
            self.seen = row.get(0);
            let (table, old, new): (String, Option<String>, String) = (row.get(1), row.get(2), row.get(3));
            let change = legal_change(&table, old.as_deref(), &new);
            assert!(
                writes.iter().any(|w| declared(w).contains(&change)),
                "{step}: {table} {old:?} -> {new} is declared by none of {entries:?}"
            );
            changes.push(change);
        }
        for write in &writes {
            assert!(declared(write).iter().any(|d| changes.contains(d)), "{step}: {} made none of its moves: {changes:?}", write.name);
            self.exercised.insert(write.name);
        }
        self.made.extend(changes.iter().copied());
        changes
    }
}

#[tokio::test]
async fn every_status_the_adapter_writes_is_a_declared_domain_move_and_every_statement_is_driven() {
    let db = TestDb::new().await;
    let store = PgStore::connect(&db.url, 8).expect("a pool");
    let mut recorder = Recorder::new(&db).await;
    let seller_id = seller(&store, "seller@example.com", true).await;
    let poetry = category(&store, "Poetry").await;
    let later = Utc::now() + Duration::hours(1);

    list(&store, book(seller_id, &poetry, "Listed")).await;
    recorder.check("a book listed", &["catalogue.rs: list_book"]).await;

    let placed = list(&store, book(seller_id, &poetry, "Placed")).await;
    recorder.skip().await;
    builders::hold(&store, placed).await;
    let changes = recorder.check("an order placed", &["orders.rs: PLACE_ORDER_SQL (the function place_order)"]).await;
    assert_eq!(changes.len(), 2, "the book reserved and the order written: {changes:?}");

    let cancelled = list(&store, book(seller_id, &poetry, "Cancelled")).await;
    let order = builders::hold(&store, cancelled).await;
    recorder.skip().await;
    store.cancel_order(order.buyer_id, order.id).await.expect("cancelled");
    recorder.check("an order cancelled", &["orders.rs: cancel_order", "orders.rs: release_book"]).await;

    let overdue = list(&store, book(seller_id, &poetry, "Overdue")).await;
    builders::hold(&store, overdue).await;
    recorder.skip().await;
    assert!(store.expire_overdue(later, later, 100).await.expect("swept") >= 1);
    recorder.check("an overdue order expired", &["orders.rs: EXPIRE_OVERDUE_SQL"]).await;

    let checked = list(&store, book(seller_id, &poetry, "Checked")).await;
    let order = builders::hold(&store, checked).await;
    recorder.skip().await;
    assert_eq!(store.expire_orders(&[order.id], later, later).await.expect("expired"), 1);
    recorder.check("a checked order expired", &["orders.rs: EXPIRE_CHECKED_SQL"]).await;

    let paid = list(&store, book(seller_id, &poetry, "Paid")).await;
    let order = builders::hold(&store, paid).await;
    recorder.skip().await;
    assert!(matches!(store.settle_payment(order.id, "pi_paid", Secured::Taken).await, Ok(Settlement::Paid(_))));
    recorder
        .check("a pending order paid", &["orders.rs: settle_payment, the held book sold", "orders.rs: settle_payment, the order paid"])
        .await;

    let handed_over = list(&store, book(seller_id, &poetry, "Handed over")).await;
    let order = builders::hold(&store, handed_over).await;
    recorder.skip().await;
    assert!(matches!(store.hand_over(seller_id, order.id, false, Utc::now()).await, Ok(Handover::WrongCode(_))));
    assert_eq!(recorder.check("a wrong handover code", &[]).await, [], "a wrong code moves nothing");
    assert!(matches!(store.hand_over(seller_id, order.id, true, Utc::now()).await, Ok(Handover::Completed(_))));
    recorder
        .check("an order handed over", &["orders.rs: hand_over, the held book sold", "orders.rs: hand_over, the order completed"])
        .await;

    let held = list(&store, book(seller_id, &poetry, "Held, then handed over")).await;
    let order = builders::hold(&store, held).await;
    recorder.skip().await;
    assert!(matches!(store.settle_payment(order.id, "pi_held", Secured::Held).await, Ok(Settlement::Paid(_))));
    let changes = recorder.check("a card holds the price", &["orders.rs: settle_payment, the order held"]).await;
    assert_eq!(changes, [Change::Order(OrderMove::Hold)], "the book stays reserved");
    assert!(matches!(store.hand_over(seller_id, order.id, true, Utc::now()).await, Ok(Handover::CaptureDue(_))));
    assert_eq!(recorder.check("the right code for a held order", &[]).await, [], "claimed, not completed yet");
    store.complete_held(order.id, Utc::now()).await.expect("completed");
    recorder
        .check(
            "a held order handed over",
            &["orders.rs: complete_held, the held book sold", "orders.rs: complete_held, the order completed"],
        )
        .await;

    let lapsing = list(&store, book(seller_id, &poetry, "Held past its deadline")).await;
    let order = builders::hold(&store, lapsing).await;
    store.settle_payment(order.id, "pi_lapsing", Secured::Held).await.expect("held");
    recorder.skip().await;
    assert_eq!(store.lapse_overdue_holds(later, 100).await.expect("swept"), 1);
    recorder.check("a hold past its deadline", &["orders.rs: LAPSE_OVERDUE_HOLDS_SQL"]).await;

    let late = list(&store, book(seller_id, &poetry, "Paid late")).await;
    let order = builders::hold(&store, late).await;
    store.cancel_order(order.buyer_id, order.id).await.expect("cancelled");
    recorder.skip().await;
    assert!(matches!(store.settle_payment(order.id, "pi_late", Secured::Taken).await, Ok(Settlement::Paid(_))));
    let late_sale = ["orders.rs: settle_payment, the book sold to a late payment", "orders.rs: settle_payment, the order paid"];
    recorder.check("a cancelled order paid late, its book still for sale", &late_sale).await;

    let late_expired = list(&store, book(seller_id, &poetry, "Paid after expiry")).await;
    let order = builders::hold(&store, late_expired).await;
    store.expire_orders(&[order.id], later, later).await.expect("expired");
    recorder.skip().await;
    assert!(matches!(store.settle_payment(order.id, "pi_after_expiry", Secured::Taken).await, Ok(Settlement::Paid(_))));
    recorder.check("an expired order paid late, its book still for sale", &late_sale).await;

    let refunded = list(&store, book(seller_id, &poetry, "Refunded")).await;
    let order = builders::hold(&store, refunded).await;
    store.cancel_order(order.buyer_id, order.id).await.expect("cancelled");
    builders::hold(&store, refunded).await;
    recorder.skip().await;
    assert!(matches!(store.settle_payment(order.id, "pi_refunded", Secured::Taken).await, Ok(Settlement::MustRefund(_))));
    assert_eq!(recorder.check("a late payment for a book someone else holds", &[]).await, [], "a refunded payment moves nothing");

    let buyers_book = list(&store, book(seller_id, &poetry, "The closing buyer's")).await;
    let order = builders::hold(&store, buyers_book).await;
    recorder.skip().await;
    store.close_account(order.buyer_id, ClosedReason::DeletedByAdmin).await.expect("closed").expect("was open");
    recorder.check("a buyer's account closed", &["orders.rs: CANCEL_BUYERS_ORDERS_SQL"]).await;

    let leaving = seller(&store, "leaving@example.com", true).await;
    list(&store, book(leaving, &poetry, "Nobody buys it")).await;
    let held = list(&store, book(leaving, &poetry, "Somebody holds it")).await;
    builders::hold(&store, held).await;
    recorder.skip().await;
    store.close_account(leaving, ClosedReason::DeletedByAdmin).await.expect("closed").expect("was open");
    recorder.check("a seller's account closed", &["accounts.rs: close_in", "orders.rs: CANCEL_SELLERS_ORDERS_SQL"]).await;

    let withdrawn = list(&store, book(seller_id, &poetry, "Withdrawn")).await;
    recorder.skip().await;
    store.withdraw(seller_id, withdrawn).await.expect("withdrawn");
    recorder.check("a listing withdrawn", &["listings.rs: withdraw"]).await;

    // Three reports from different accounts hide a listing; the admin puts it back on sale.
    let reported = list(&store, book(seller_id, &poetry, "Reported three times")).await;
    let content = ReportContent { reason: ReportReason::Counterfeit, note: None };
    for _ in 0..2 {
        let reader = builders::buyer(&store).await;
        store.file_report(reader.id, ReportTarget::Book(reported), &content, 3, 20).await.expect("reported");
    }
    let third = builders::buyer(&store).await;
    recorder.skip().await;
    let filed = store.file_report(third.id, ReportTarget::Book(reported), &content, 3, 20).await.expect("reported");
    assert!(filed.hid_listing);
    recorder.check("the third report", &["reports.rs: hide_sql (by reports or by the admin)"]).await;
    let admin = builders::buyer(&store).await;
    store.restore_book(admin.id, reported).await.expect("restored");
    recorder.check("the admin restores it", &["reports.rs: restore_sql (a dismissal or the admin)"]).await;

    let missed: Vec<&str> = STATUS_WRITES.iter().map(|w| w.name).filter(|name| !recorder.exercised.contains(name)).collect();
    assert!(missed.is_empty(), "registry entries this test never drove: {missed:?}");
    // The other way round: every move of the domain's tables is one production makes.
    for m in BookMove::ALL {
        assert!(recorder.made.contains(&Change::Book(m)), "no statement made the book move {m:?}");
    }
    for m in OrderMove::ALL {
        assert!(recorder.made.contains(&Change::Order(m)), "no statement made the order move {m:?}");
    }
}

/// The adapter's source without its unit-test modules (their SQL is not run against the database).
fn adapter_source() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the adapter's src") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).expect("a name").to_owned();
        if name == "status_writes.rs" || name == "schema.rs" || path.extension().and_then(|e| e.to_str()) != Some("rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let code = text.split("#[cfg(test)]").next().unwrap_or_default().to_owned();
        files.push((name, code));
    }
    files
}

/// The status-writing clauses in one file: SQL `SET status`, a diesel `.set(...)` holding `::status.eq(`, a row
/// built with a domain status, and a call of `place_order`.
fn status_writing_clauses(code: &str) -> usize {
    let sql_sets = code.matches("SET status").count();
    let rows = code.matches("status: BookStatus::").count() + code.matches("status: OrderStatus::").count();
    let calls = code.matches("FROM place_order(").count();
    let mut diesel_sets = 0;
    for (at, _) in code.match_indices(".set(") {
        let mut depth = 0usize;
        let mut end = at + ".set".len();
        for (i, c) in code[end..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end += i;
                        break;
                    }
                }
                _ => {}
            }
        }
        if code[at..end].contains("::status.eq(") {
            diesel_sets += 1;
        }
    }
    sql_sets + rows + calls + diesel_sets
}

#[test]
fn the_registry_lists_every_status_writing_statement_in_the_adapters_source() {
    let found: Vec<(String, usize)> =
        adapter_source().into_iter().map(|(name, code)| (name, status_writing_clauses(&code))).filter(|(_, n)| *n > 0).collect();
    let total: usize = found.iter().map(|(_, n)| n).sum();
    let registered: usize = STATUS_WRITES.iter().map(|w| w.sites).sum();
    assert_eq!(total, registered, "status-writing clauses by file: {found:?}; a new one needs a STATUS_WRITES entry and a drive above");
}

#[test]
fn the_scan_finds_each_kind_of_status_write() {
    assert_eq!(status_writing_clauses("UPDATE books SET status = 'x'"), 1);
    assert_eq!(status_writing_clauses(".set((books::status.eq(x), books::advertised.eq(false)))"), 1);
    assert_eq!(status_writing_clauses(".set(orders::payment_id.eq(x))"), 0);
    assert_eq!(status_writing_clauses("NewBookRow { status: BookStatus::LISTED.as_str() }"), 1);
    assert_eq!(status_writing_clauses("SELECT * FROM place_order($1)"), 1);
}
