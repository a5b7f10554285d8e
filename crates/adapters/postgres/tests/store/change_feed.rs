//! The catalogue change feed against a real database: every committed change to what public reads show is announced
//! before the feed vouches for any moment after the commit, including a change whose transaction was open across
//! several polls; and nothing is announced when nothing public changed.
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use puronoboi_domain::CategoryName;
use puronoboi_ports::{CatalogueChanges, CatalogueWriter as _};
use puronoboi_postgres::{CatalogueListener, ListenerSettings, PgStore};
use puronoboi_test_support::TestDb;
use puronoboi_test_support::builders::{self, book, category, list, seller};

#[derive(Debug, Clone, Copy)]
enum Event {
    Changed { at: Instant },
    CaughtUp { as_of: Instant },
    Lost,
}

/// What the feed told, in order.
#[derive(Default)]
struct Recorder(Mutex<Vec<Event>>);

impl Recorder {
    fn events(&self) -> Vec<Event> {
        self.0.lock().expect("not poisoned").clone()
    }
    fn push(&self, event: Event) {
        self.0.lock().expect("not poisoned").push(event);
    }
}

impl CatalogueChanges for Recorder {
    fn changed(&self) {
        self.push(Event::Changed { at: Instant::now() });
    }
    fn caught_up(&self, as_of: Instant) {
        self.push(Event::CaughtUp { as_of });
    }
    fn lost(&self) {
        self.push(Event::Lost);
    }
}

struct Feed {
    db: TestDb,
    store: PgStore,
    recorder: Arc<Recorder>,
    _listener: CatalogueListener,
}

async fn feed() -> Feed {
    let db = TestDb::new().await;
    let store = PgStore::connect(&db.url, 4).expect("a pool");
    let recorder = Arc::new(Recorder::default());
    let listener = CatalogueListener::spawn(&db.url, recorder.clone(), ListenerSettings::default()).expect("a listener");
    let feed = Feed { db, store, recorder, _listener: listener };
    // Connected and vouching.
    vouched_after(&feed, Instant::now()).await;
    feed
}

/// Waits until the feed vouches for a moment after `moment`; answers the events up to and including that vouching.
async fn vouched_after(feed: &Feed, moment: Instant) -> Vec<Event> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let events = feed.recorder.events();
        if let Some(at) = events.iter().position(|e| matches!(e, Event::CaughtUp { as_of } if *as_of > moment)) {
            return events[..=at].to_vec();
        }
        assert!(Instant::now() < deadline, "the feed never vouched for a moment after the change: {events:?}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The change committed at `committed` was announced after it and before the feed vouched for a later moment.
async fn announced(feed: &Feed, committed: Instant, what: &str) {
    let events = vouched_after(feed, committed).await;
    assert!(
        events.iter().any(|e| matches!(e, Event::Changed { at } if *at >= committed)),
        "{what}: the feed vouched for a moment after the commit without announcing it: {events:?}"
    );
    assert!(!events.iter().any(|e| matches!(e, Event::Lost)), "{what}: the connection was lost: {events:?}");
}

async fn client(db: &TestDb) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(&db.url, tokio_postgres::NoTls).await.expect("connect");
    tokio::spawn(connection);
    client
}

#[tokio::test]
async fn every_kind_of_public_change_is_announced_before_the_feed_vouches_past_it() {
    let feed = feed().await;
    let seller_id = seller(&feed.store, "marks@example.com", false).await;
    let poetry = category(&feed.store, "Poetry").await;
    let committed = Instant::now();
    announced(&feed, committed, "a category and a seller added").await;

    let id = list(&feed.store, book(seller_id, &poetry, "Gitanjali")).await;
    announced(&feed, Instant::now(), "a book listed").await;

    builders::hold(&feed.store, id).await;
    announced(&feed, Instant::now(), "a book reserved").await;

    feed.store.add_category(&CategoryName::parse("Drama").expect("a name")).await.expect("added");
    announced(&feed, Instant::now(), "a category added").await;

    let sql = client(&feed.db).await;
    sql.execute("UPDATE accounts SET verified = true WHERE id = $1::text::uuid", &[&seller_id.to_string()]).await.expect("verified");
    announced(&feed, Instant::now(), "a seller verified").await;

    sql.execute("DELETE FROM orders WHERE book_id = $1::text::uuid", &[&id.to_string()]).await.expect("its order deleted");
    sql.execute("DELETE FROM books WHERE id = $1::text::uuid", &[&id.to_string()]).await.expect("deleted");
    announced(&feed, Instant::now(), "a book deleted").await;
}

/// The case a counter or a timestamp would get wrong: the transaction took its id before several polls ran and
/// committed after them. Its mark is invisible to those polls' snapshots, and found by the first one after the commit.
#[tokio::test]
async fn a_change_whose_transaction_was_open_across_polls_is_announced_when_it_commits() {
    let feed = feed().await;
    let seller_id = seller(&feed.store, "slow@example.com", true).await;
    let poetry = category(&feed.store, "Poetry").await;
    let id = list(&feed.store, book(seller_id, &poetry, "Slow")).await;
    vouched_after(&feed, Instant::now()).await;

    let slow = client(&feed.db).await;
    slow.batch_execute("BEGIN").await.expect("begun");
    slow.execute("UPDATE books SET title = 'Slow, renamed' WHERE id = $1::text::uuid", &[&id.to_string()]).await.expect("updated");
    let open_since = Instant::now();
    // Several polls pass while the change is not committed: nobody can see it yet, and nothing is announced.
    let polls_meanwhile = vouched_after(&feed, open_since + Duration::from_millis(400)).await;
    let before_commit: Vec<_> = polls_meanwhile.iter().filter(|e| matches!(e, Event::Changed { at } if *at > open_since)).collect();
    assert!(before_commit.is_empty(), "announced before anything was committed: {before_commit:?}");

    slow.batch_execute("COMMIT").await.expect("committed");
    announced(&feed, Instant::now(), "a change from a long transaction").await;
}

#[tokio::test]
async fn nothing_is_announced_when_nothing_public_changed() {
    let feed = feed().await;
    let seller_id = seller(&feed.store, "quiet@example.com", true).await;
    let since = Instant::now();
    vouched_after(&feed, since).await;
    let quiet_from = Instant::now();

    let sql = client(&feed.db).await;
    // An account's other columns (a sign-in, a new name) are not shown by public reads.
    sql.execute("UPDATE accounts SET name = 'Someone Quiet' WHERE id = $1::text::uuid", &[&seller_id.to_string()]).await.expect("renamed");
    // A change rolled back never happened.
    sql.batch_execute("BEGIN; INSERT INTO categories (id, name) VALUES (gen_random_uuid(), 'Never'); ROLLBACK").await.expect("rolled back");
    // An update that matches no book changes nothing public either, and statement-level triggers see no row.
    sql.execute("DELETE FROM books WHERE title = 'no such book'", &[]).await.expect("nothing deleted");

    let events = vouched_after(&feed, Instant::now() + Duration::from_millis(500)).await;
    let announced: Vec<_> = events.iter().filter(|e| matches!(e, Event::Changed { at } if *at > quiet_from)).collect();
    assert!(announced.is_empty(), "announced with nothing public changed: {announced:?}");
    let polls = events.iter().filter(|e| matches!(e, Event::CaughtUp { as_of } if *as_of > quiet_from)).count();
    assert!(polls >= 4, "it kept polling: {polls} polls in over half a second");
}
