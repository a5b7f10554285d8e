//! The mail outbox on PostgreSQL, delivered by the real worker (`MailDelivery`): notices written once per recipient,
//! read with their order and their reader's language, leased so that two instances delivering at once send every
//! message exactly once, retried with backoff, given back when an instance dies, and never sent to a closed account.
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, SubsecRound as _, Utc};
use diesel::sql_types::{BigInt, Integer, Nullable, Text, Timestamptz};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use puronoboi_app::mail::{Delivered, MAIL_RETRY_FIRST, MailDelivery, MailSite};
use puronoboi_domain::{AccountId, AccountRole, Category, Language, NoticeKind, NoticeRecipient, Order, OrderId, PaymentMethod, Taka};
use puronoboi_fakes::mail::{RecordingSender, SendOutcome};
use puronoboi_ports::{AccountStore as _, AdminStore as _, MailOutbox as _};
use puronoboi_postgres::PgStore;
use puronoboi_test_support::TestDb;
use puronoboi_test_support::builders::{self, book, category, list, seller};

/// One outbox row as the database holds it.
#[derive(Debug, diesel::QueryableByName)]
struct Row {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    recipient: String,
    #[diesel(sql_type = Integer)]
    attempts: i32,
    #[diesel(sql_type = Timestamptz)]
    due_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Text>)]
    last_error: Option<String>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    sent_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    dropped_at: Option<DateTime<Utc>>,
}

struct Shop {
    db: TestDb,
    store: PgStore,
    seller: AccountId,
    category: Category,
}

async fn shop() -> Shop {
    let db = TestDb::new().await;
    let store = PgStore::connect(&db.url, 8).expect("a pool");
    let seller = seller(&store, "rahim@example.com", true).await;
    let category = category(&store, "Novels").await;
    Shop { db, store, seller, category }
}

fn site() -> MailSite {
    MailSite::new("http://localhost:8080", "puronoboi.localhost")
}

/// The test's `now`, at the database's precision, so that times written and read back compare equal.
fn now() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(6)
}

impl Shop {
    /// A new buyer's pending order for a new book of the shop's seller.
    async fn order(&self, title: &str) -> Order {
        let book = list(&self.store, book(self.seller, &self.category, title)).await;
        builders::hold(&self.store, book).await
    }

    /// Another instance of the server: a pool of its own on the same database.
    fn instance(&self) -> PgStore {
        PgStore::connect(&self.db.url, 4).expect("a pool")
    }

    fn delivery(&self, store: PgStore, sender: &Arc<RecordingSender>) -> MailDelivery {
        MailDelivery::new(Arc::new(store), sender.clone(), site())
    }

    async fn rows(&self, kind: NoticeKind) -> Vec<Row> {
        let mut conn = AsyncPgConnection::establish(&self.db.url).await.expect("connect");
        diesel::sql_query(
            "SELECT id, recipient, attempts, due_at, last_error, sent_at, dropped_at FROM mail_outbox WHERE kind = $1 ORDER BY id",
        )
        .bind::<Text, _>(kind.as_str())
        .load(&mut conn)
        .await
        .expect("the outbox")
    }

    /// Every notice still to deliver, whoever wrote it (order changes may write notices of their own).
    async fn undelivered(&self) -> BTreeSet<i64> {
        #[derive(diesel::QueryableByName)]
        struct Id {
            #[diesel(sql_type = BigInt)]
            id: i64,
        }
        let mut conn = AsyncPgConnection::establish(&self.db.url).await.expect("connect");
        let ids: Vec<Id> = diesel::sql_query("SELECT id FROM mail_outbox WHERE sent_at IS NULL AND dropped_at IS NULL")
            .load(&mut conn)
            .await
            .expect("the outbox");
        ids.into_iter().map(|row| row.id).collect()
    }
}

#[tokio::test]
async fn a_notice_is_written_once_for_each_recipient_of_its_kind() {
    let shop = shop().await;
    let order = shop.order("Written once").await;
    assert_eq!(shop.store.enqueue(order.id, NoticeKind::DeadlineSoon).await.expect("written"), 2);
    assert_eq!(shop.store.enqueue(order.id, NoticeKind::DeadlineSoon).await.expect("written again"), 0, "nothing twice");
    let recipients: BTreeSet<String> = shop.rows(NoticeKind::DeadlineSoon).await.into_iter().map(|r| r.recipient).collect();
    assert_eq!(recipients, BTreeSet::from(["buyer".to_owned(), "seller".to_owned()]));
    assert!(shop.store.enqueue(OrderId::new(), NoticeKind::Completed).await.is_err(), "no such order");
}

#[tokio::test]
async fn a_taken_notice_tells_its_order_in_its_readers_language_and_is_held_for_the_lease() {
    let shop = shop().await;
    shop.store.set_language(shop.seller, Language::English).await.expect("set").expect("the seller");
    let order = shop.order("Pather Panchali").await;
    shop.store.enqueue(order.id, NoticeKind::CardHeld).await.expect("written");
    let now = now();
    let lease = Duration::from_secs(600);

    let taken = shop.store.take_due(now, lease, 100).await.expect("taken");
    let held: Vec<_> = taken.iter().filter(|n| n.kind == NoticeKind::CardHeld).collect();
    assert_eq!(held.len(), 2, "{taken:?}");
    for notice in &held {
        let o = &notice.order;
        assert_eq!(
            (o.id, o.title.as_str(), o.author.as_str(), o.price),
            (order.id, "Pather Panchali", "Humayun Ahmed", Taka::new(250).expect("a price"))
        );
        assert_eq!(
            (o.buyer_name.as_str(), o.buyer_phone.display(), o.meeting_place.as_str()),
            ("Farhana Akter", "01712-345678".to_owned(), "Dhanmondi 27")
        );
        assert_eq!((o.payment_method, o.cancel_reason, notice.failed_attempts), (PaymentMethod::Cash, None, 0));
        match notice.recipient {
            NoticeRecipient::Seller => {
                assert_eq!((notice.to.email.as_str(), notice.to.language), ("rahim@example.com", Language::English));
            }
            NoticeRecipient::Buyer => {
                assert_eq!(notice.to.email, order.buyer_email);
                assert_eq!(notice.to.language, Language::Bangla, "an account that never chose reads Bangla");
            }
        }
    }
    assert!(shop.rows(NoticeKind::CardHeld).await.iter().all(|r| r.due_at == now + lease), "leased");
    assert!(shop.instance().take_due(now + chrono::Duration::minutes(9), lease, 100).await.expect("asked").is_empty(), "held");
    let after_lease = shop.instance().take_due(now + chrono::Duration::minutes(11), lease, 100).await.expect("taken again");
    assert_eq!(after_lease.len(), taken.len(), "the lease ended: the same notices come due again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_delivering_at_once_send_every_notice_exactly_once() {
    let shop = shop().await;
    for n in 0..15 {
        let order = shop.order(&format!("Raced {n}")).await;
        shop.store.enqueue(order.id, NoticeKind::Cancelled).await.expect("written");
    }
    let due = shop.undelivered().await;
    assert!(due.len() >= 30, "{} notices", due.len());
    // Each send takes a moment, so both workers are busy with their batches at the same time.
    let (first, second) =
        (Arc::new(RecordingSender::slow(Duration::from_millis(5))), Arc::new(RecordingSender::slow(Duration::from_millis(5))));
    let (a, b) = (shop.delivery(shop.instance(), &first), shop.delivery(shop.instance(), &second));
    let now = now();
    let (by_a, by_b) = tokio::join!(a.deliver_due(now), b.deliver_due(now));
    let (by_a, by_b) = (by_a.expect("delivered"), by_b.expect("delivered"));
    assert!(by_a.sent > 0 && by_b.sent > 0, "both instances took a share: {by_a:?}, {by_b:?}");

    let mut sent: Vec<i64> = first.sent().into_iter().chain(second.sent()).map(|m| m.outbox_id.0).collect();
    sent.sort_unstable();
    let once: Vec<i64> = due.iter().copied().collect();
    assert_eq!(sent, once, "every notice sent, none twice");
    assert!(shop.undelivered().await.is_empty());
    assert!(shop.rows(NoticeKind::Cancelled).await.iter().all(|r| r.sent_at.is_some() && r.attempts == 0));
}

#[tokio::test]
async fn notices_held_by_an_instance_that_died_go_out_when_its_lease_ends() {
    let shop = shop().await;
    let order = shop.order("Orphaned").await;
    shop.store.enqueue(order.id, NoticeKind::Expired).await.expect("written");
    let now = now();
    // An instance takes the notices and dies before sending them.
    let taken = shop.instance().take_due(now, Duration::from_secs(600), 100).await.expect("taken");
    assert!(!taken.is_empty());

    let sender = Arc::new(RecordingSender::default());
    let survivor = shop.delivery(shop.instance(), &sender);
    assert_eq!(survivor.deliver_due(now + chrono::Duration::minutes(5)).await.expect("asked"), Delivered::default(), "still held");
    let delivered = survivor.deliver_due(now + chrono::Duration::minutes(11)).await.expect("delivered");
    assert_eq!(delivered.sent as usize, taken.len());
    let mut ids: Vec<i64> = sender.sent().iter().map(|m| m.outbox_id.0).collect();
    ids.sort_unstable();
    assert_eq!(ids, taken.iter().map(|n| n.id.0).collect::<Vec<_>>());
    for mail in sender.sent() {
        assert!(mail.message_id.starts_with(&format!("<{}.", mail.outbox_id)), "the row's own id: {}", mail.message_id);
    }
}

#[tokio::test]
async fn a_failed_send_leaves_the_notice_due_later_with_one_more_attempt() {
    let shop = shop().await;
    let order = shop.order("Relay down").await;
    shop.store.enqueue(order.id, NoticeKind::DeadlineSoon).await.expect("written");
    let sender = Arc::new(RecordingSender::answering(SendOutcome::FailTransiently));
    let delivery = shop.delivery(shop.instance(), &sender);
    let now = now();
    let tried = delivery.deliver_due(now).await.expect("tried");
    assert!(tried.retrying >= 2 && tried.sent == 0, "{tried:?}");
    let retry_at = now + chrono::Duration::from_std(MAIL_RETRY_FIRST).expect("a wait");
    for row in shop.rows(NoticeKind::DeadlineSoon).await {
        assert_eq!((row.attempts, row.due_at, row.sent_at, row.dropped_at), (1, retry_at, None, None), "{row:?}");
        assert!(row.last_error.as_deref().is_some_and(|e| e.contains("421")), "{row:?}");
    }
    assert_eq!(delivery.deliver_due(retry_at - chrono::Duration::seconds(1)).await.expect("early"), Delivered::default());

    sender.answer(SendOutcome::Accept);
    assert!(delivery.deliver_due(retry_at).await.expect("delivered").sent >= 2);
    for row in shop.rows(NoticeKind::DeadlineSoon).await {
        assert_eq!((row.attempts, row.dropped_at), (1, None), "{row:?}");
        assert!(row.sent_at.is_some(), "{row:?}");
    }
}

#[tokio::test]
async fn a_message_refused_for_good_is_dropped_at_once() {
    let shop = shop().await;
    let order = shop.order("Bad mailbox").await;
    shop.store.enqueue(order.id, NoticeKind::Completed).await.expect("written");
    let sender = Arc::new(RecordingSender::answering(SendOutcome::Refuse));
    let now = now();
    shop.delivery(shop.instance(), &sender).deliver_due(now).await.expect("tried");
    for row in shop.rows(NoticeKind::Completed).await {
        assert_eq!((row.attempts, row.dropped_at, row.sent_at), (1, Some(now), None), "{row:?}");
        assert!(row.last_error.as_deref().is_some_and(|e| e.contains("550")), "{row:?}");
    }
    let undelivered = shop.undelivered().await;
    assert!(shop.rows(NoticeKind::Completed).await.iter().all(|r| !undelivered.contains(&r.id)), "never taken again");
    assert!(sender.sent().is_empty());
}

#[tokio::test]
async fn a_closed_account_gets_no_mail_and_the_other_side_still_does() {
    let shop = shop().await;
    let order = shop.order("Closed buyer").await;
    shop.store.enqueue(order.id, NoticeKind::DeadlineSoon).await.expect("written");
    let admin = builders::account(&shop.store, "Admin", "admin@example.com", AccountRole::Admin, true).await;
    shop.store.delete_account(admin, order.buyer_id).await.expect("the buyer's account is closed");

    let sender = Arc::new(RecordingSender::default());
    let now = now();
    shop.delivery(shop.instance(), &sender).deliver_due(now).await.expect("delivered");
    let sent = sender.sent();
    assert!(sent.iter().all(|m| m.to_address != order.buyer_email), "nothing to the closed account: {sent:?}");
    assert!(sent.iter().any(|m| m.kind == NoticeKind::DeadlineSoon && m.to_address == "rahim@example.com"), "the seller is told");
    let rows = shop.rows(NoticeKind::DeadlineSoon).await;
    let buyer = rows.iter().find(|r| r.recipient == "buyer").expect("the buyer's notice");
    assert_eq!((buyer.dropped_at, buyer.sent_at, buyer.attempts), (Some(now), None, 0), "dropped, never tried");
    assert_eq!(buyer.last_error.as_deref(), Some("the recipient's account is closed"));
    assert!(shop.undelivered().await.is_empty());
}

/// The notices of `order` written so far, as (kind, recipient), in order.
async fn notices_of(shop: &Shop, order: OrderId) -> Vec<(String, String)> {
    #[derive(diesel::QueryableByName)]
    struct Notice {
        #[diesel(sql_type = Text)]
        kind: String,
        #[diesel(sql_type = Text)]
        recipient: String,
    }
    let mut conn = AsyncPgConnection::establish(&shop.db.url).await.expect("connect");
    let rows: Vec<Notice> = diesel::sql_query("SELECT kind, recipient FROM mail_outbox WHERE order_id = $1 ORDER BY id")
        .bind::<diesel::sql_types::Uuid, _>(order.as_uuid())
        .load(&mut conn)
        .await
        .expect("read");
    rows.into_iter().map(|n| (n.kind, n.recipient)).collect()
}

fn both(kind: &str) -> [(String, String); 2] {
    [(kind.to_owned(), "seller".to_owned()), (kind.to_owned(), "buyer".to_owned())]
}

#[tokio::test]
async fn every_order_change_writes_its_notices_in_its_own_transaction() {
    use puronoboi_ports::{OrderStore as _, Secured};
    let shop = shop().await;
    let placed = |title: &'static str| {
        let shop = &shop;
        async move { builders::hold(&shop.store, list(&shop.store, book(shop.seller, &shop.category, title)).await).await }
    };
    let ordered = [("order_placed".to_owned(), "seller".to_owned())];

    // Ordered: the seller is told; asking again tells nobody twice.
    let cash = placed("Cash at the meeting").await;
    assert_eq!(notices_of(&shop, cash.id).await, ordered);
    shop.store.hand_over(shop.seller, cash.id, false, Utc::now()).await.expect("a wrong code");
    assert_eq!(notices_of(&shop, cash.id).await, ordered, "a wrong code tells nobody");
    shop.store.hand_over(shop.seller, cash.id, true, Utc::now()).await.expect("handed over");
    assert_eq!(notices_of(&shop, cash.id).await[1..], both("completed"));

    // Held by a card, then handed over.
    let card = placed("Held by a card").await;
    shop.store.settle_payment(card.id, "pi_notice_card", Secured::Held).await.expect("held");
    shop.store.settle_payment(card.id, "pi_notice_card", Secured::Held).await.expect("the same news again");
    assert_eq!(notices_of(&shop, card.id).await[1..], both("card_held"), "told once");
    shop.store.hand_over(shop.seller, card.id, true, Utc::now()).await.expect("claimed");
    assert_eq!(notices_of(&shop, card.id).await.len(), 3, "nothing until the money is taken");
    shop.store.complete_held(card.id, Utc::now()).await.expect("completed");
    assert_eq!(notices_of(&shop, card.id).await[3..], both("completed"));

    // Cancelled by the buyer; expired; lapsed; reminded of the deadline once.
    let cancelled = placed("Cancelled").await;
    shop.store.cancel_order(cancelled.buyer_id, cancelled.id).await.expect("cancelled");
    assert_eq!(notices_of(&shop, cancelled.id).await[1..], both("cancelled"));
    let reminded = placed("Reminded, then expired").await;
    let later = Utc::now() + chrono::Duration::days(1);
    assert!(shop.store.remind_of_deadlines(later, later, 100).await.expect("reminded") >= 1);
    shop.store.remind_of_deadlines(later, later, 100).await.expect("reminded again");
    assert_eq!(notices_of(&shop, reminded.id).await[1..], both("deadline_soon"), "reminded once");
    shop.store.expire_overdue(later, later, 100).await.expect("expired");
    assert_eq!(notices_of(&shop, reminded.id).await[3..], both("expired"));
    let lapsing = placed("Held past its deadline").await;
    shop.store.settle_payment(lapsing.id, "pi_notice_lapse", Secured::Held).await.expect("held");
    shop.store.lapse_overdue_holds(later, 100).await.expect("lapsed");
    assert_eq!(notices_of(&shop, lapsing.id).await[3..], both("expired"));

    // A closed buyer's orders are cancelled with their notices (the closed account's is dropped at delivery).
    let closing = placed("The closing buyer's").await;
    shop.store.close_account(closing.buyer_id, puronoboi_domain::ClosedReason::DeletedByAdmin).await.expect("closed");
    assert_eq!(notices_of(&shop, closing.id).await[1..], both("cancelled"));
}
