//! The PostgreSQL stores against a real database: the catalogue, accounts and orders, a fresh database per test.
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

use std::sync::Arc;

use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use puronoboi_domain::{BookId, BookStatus, CancelReason, CategoryId, CategoryName, OrderStatus, PageRequest};
use puronoboi_ports::{AddCategoryError, CatalogueReader, CatalogueWriter, CategoryPageError, ListBookError, OrderStore as _};
use puronoboi_postgres::{PgStore, SeedAccountError, SeededAccount};
use puronoboi_test_support::TestDb;
use puronoboi_test_support::builders::{self, book, category, list, seller};

async fn store() -> (TestDb, PgStore) {
    let db = TestDb::new().await;
    let store = PgStore::connect(&db.url, 16).expect("a pool");
    (db, store)
}

async fn sql(db: &TestDb, statement: &str) {
    let mut conn = AsyncPgConnection::establish(&db.url).await.expect("connect");
    diesel::sql_query(statement).execute(&mut conn).await.expect("statement runs");
}

#[tokio::test]
async fn category_names_are_unique_whatever_their_case() {
    let (_db, store) = store().await;
    let poetry = category(&store, "Poetry").await;
    match store.add_category(&CategoryName::parse("  POETRY ").expect("valid")).await {
        Err(AddCategoryError::AlreadyExists(existing)) => assert_eq!(existing, poetry),
        other => panic!("expected AlreadyExists, got {other:?}"),
    }
}

#[tokio::test]
async fn one_live_account_per_email_whatever_its_case() {
    let (db, store) = store().await;
    seller(&store, "rahim@example.com", true).await;
    let again = store
        .open_seeded_account(SeededAccount {
            name: puronoboi_domain::PersonName::parse("Someone else").expect("a name"),
            email: puronoboi_domain::Email::parse("Rahim@Example.COM").expect("an e-mail"),
            role: puronoboi_domain::AccountRole::Buyer,
            verified: false,
        })
        .await;
    assert!(matches!(again, Err(SeedAccountError::EmailTaken)), "got {again:?}");

    // A deleted account frees its address.
    sql(&db, "UPDATE accounts SET deleted_at = now(), closed_reason = 'deleted_by_admin'").await;
    seller(&store, "RAHIM@example.com", false).await;
}

/// The same contract cases the in-memory fake passes in `app`'s tests.
#[tokio::test]
async fn the_account_store_keeps_the_account_store_contract() {
    let (_db, store) = store().await;
    puronoboi_fakes::accounts::account_store_contract(&store).await;
}

#[tokio::test]
async fn closing_a_sellers_account_withdraws_their_unsold_books_and_cancels_the_orders_holding_them() {
    let (_db, store) = store().await;
    let seller_id = seller(&store, "closing@example.com", true).await;
    let other_seller = seller(&store, "staying@example.com", true).await;
    let poetry = category(&store, "Poetry").await;
    let available = list(&store, book(seller_id, &poetry, "Available")).await;
    let held = list(&store, book(seller_id, &poetry, "Held")).await;
    let sold = list(&store, book(seller_id, &poetry, "Sold")).await;
    let someone_elses = list(&store, book(other_seller, &poetry, "Someone else's")).await;
    let holding = builders::hold(&store, held).await;
    let bought = builders::sell(&store, sold).await;

    use puronoboi_ports::AccountStore as _;
    let closed = store.close_account(seller_id, puronoboi_domain::ClosedReason::DeletedByAdmin).await.expect("ok").expect("was live");
    assert!(closed.is_deleted_by_admin());

    for (id, status) in [
        (available, BookStatus::Withdrawn),
        (held, BookStatus::Withdrawn),
        (sold, BookStatus::Sold),
        (someone_elses, BookStatus::Available),
    ] {
        assert_eq!(store.book_detail(id).await.expect("lookup").expect("kept").book.status, status);
    }
    let cancelled = store.order(holding.id).await.expect("lookup").expect("kept");
    assert_eq!((cancelled.status, cancelled.cancel_reason), (OrderStatus::Cancelled, Some(CancelReason::SellerAccountClosed)));
    assert_eq!(store.order(bought.id).await.expect("lookup").expect("kept").status, OrderStatus::Paid, "a sale is history");
    let late_buyer = builders::buyer(&store).await;
    assert!(
        matches!(
            store.place_order(&late_buyer, available, &builders::contact(), 5).await,
            Err(puronoboi_ports::PlaceOrderError::BookNotFound)
        ),
        "withdrawn is final"
    );
}

#[tokio::test]
async fn phones_are_stored_in_one_form_however_they_were_typed() {
    let (db, store) = store().await;
    let seller_id = seller(&store, "s@example.com", true).await;
    let poetry = category(&store, "Poetry").await;
    let mut form = puronoboi_test_support::builders::form("Sonar Tori");
    form.phone = "+880 1819-462073".into();
    let id = list(&store, puronoboi_test_support::builders::book_from(seller_id, &poetry, form)).await;
    let detail = store.book_detail(id).await.expect("lookup").expect("found");
    assert_eq!((detail.seller.phone.e164(), detail.seller.phone.display()), ("+8801819462073".to_owned(), "01819-462073".to_owned()));

    // The database refuses anything else, whoever writes it.
    let mut conn = AsyncPgConnection::establish(&db.url).await.expect("connect");
    let refused = diesel::sql_query(format!("UPDATE books SET phone = '01819462073' WHERE id = '{id}'")).execute(&mut conn).await;
    assert!(refused.is_err(), "only +8801XXXXXXXXX is stored");
}

#[tokio::test]
async fn a_listing_needs_a_real_seller_and_category() {
    let (_db, store) = store().await;
    let seller_id = seller(&store, "s@example.com", true).await;
    let poetry = category(&store, "Poetry").await;

    let mut orphan = book(seller_id, &poetry, "Gitanjali");
    orphan.seller_id = puronoboi_domain::AccountId::new();
    assert!(matches!(store.list_book(orphan).await, Err(ListBookError::UnknownSeller)));

    let mut uncategorised = book(seller_id, &poetry, "Gitanjali");
    uncategorised.category_id = CategoryId::new();
    assert!(matches!(store.list_book(uncategorised).await, Err(ListBookError::UnknownCategory)));
}

#[tokio::test]
async fn public_listings_show_available_books_only_but_a_book_page_opens_in_every_status() {
    let (_db, store) = store().await;
    let seller_id = seller(&store, "s@example.com", true).await;
    let poetry = category(&store, "Poetry").await;
    let advertised = |title: &str| {
        let mut b = book(seller_id, &poetry, title);
        b.advertised = true;
        b
    };
    let available = list(&store, advertised("Sonar Tori")).await;
    let pending = list(&store, advertised("Gitanjali")).await;
    let sold = list(&store, advertised("Banalata Sen")).await;
    builders::hold(&store, pending).await;
    builders::sell(&store, sold).await;

    let counts = store.categories(100).await.expect("categories");
    assert_eq!(counts.len(), 1);
    assert_eq!(counts[0].available_books, 1, "only the available book counts");

    let groups = store.newest_by_category(10, 100).await.expect("grouped");
    assert_eq!(groups.iter().flat_map(|g| &g.books).map(|b| b.id).collect::<Vec<_>>(), vec![available]);

    let (_, page) = store.category_page(poetry.id, PageRequest::new(1, 10).expect("page")).await.expect("page");
    assert_eq!((page.total, page.items.iter().map(|b| b.id).collect::<Vec<_>>()), (1, vec![available]));

    let ads = store.advertised(10).await.expect("advertised");
    assert_eq!(ads.iter().map(|b| b.id).collect::<Vec<_>>(), vec![available], "held and sold adverts are hidden");

    for (id, status) in [(available, BookStatus::Available), (pending, BookStatus::Pending), (sold, BookStatus::Sold)] {
        let detail = store.book_detail(id).await.expect("lookup").expect("the page opens");
        assert_eq!(detail.book.status, status);
    }
    assert_eq!(store.book_detail(BookId::new()).await.expect("lookup"), None);
}

#[tokio::test]
async fn the_verified_badge_follows_the_seller_account_not_a_copy() {
    let (db, store) = store().await;
    let seller_id = seller(&store, "s@example.com", false).await;
    let poetry = category(&store, "Poetry").await;
    let id = list(&store, book(seller_id, &poetry, "Agnibeena")).await;
    assert!(!store.book_detail(id).await.expect("lookup").expect("found").seller.verified);

    sql(&db, &format!("UPDATE accounts SET verified = true WHERE id = '{seller_id}'")).await;
    assert!(store.book_detail(id).await.expect("lookup").expect("found").seller.verified);
    assert!(store.newest_by_category(4, 10).await.expect("grouped")[0].books[0].seller_verified);
}

#[tokio::test]
async fn of_many_concurrent_orders_for_one_book_exactly_one_holds_it() {
    let (_db, store) = store().await;
    let seller_id = seller(&store, "s@example.com", true).await;
    let poetry = category(&store, "Poetry").await;
    let id = list(&store, book(seller_id, &poetry, "Shesher Kobita")).await;
    let mut buyers = Vec::new();
    for _ in 0..12 {
        buyers.push(builders::buyer(&store).await);
    }

    let store = Arc::new(store);
    let attempts: Vec<_> = buyers
        .into_iter()
        .map(|buyer| {
            let store = Arc::clone(&store);
            tokio::spawn(async move { store.place_order(&buyer, id, &builders::contact(), 5).await })
        })
        .collect();
    let mut won = 0;
    for attempt in attempts {
        match attempt.await.expect("task") {
            Ok(puronoboi_ports::Placed::New(_)) => won += 1,
            Err(puronoboi_ports::PlaceOrderError::BookUnavailable) => {}
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(won, 1);
    assert_eq!(store.book_detail(id).await.expect("lookup").expect("found").book.status, BookStatus::Pending);
}

#[tokio::test]
async fn of_many_concurrent_handovers_of_one_order_exactly_one_completes_it_and_wrong_codes_are_all_counted() {
    let (_db, store) = store().await;
    let seller_id = seller(&store, "s@example.com", true).await;
    let poetry = category(&store, "Poetry").await;
    let id = list(&store, book(seller_id, &poetry, "Gitanjali")).await;
    let order = builders::hold(&store, id).await;
    let store = Arc::new(store);
    let now = chrono::Utc::now();

    // Four wrong codes and twenty right ones at once (a seller tapping twice, two instances): the row lock lines them
    // up, so the wrong ones are counted exactly and the order completes exactly once, or the lock stops the rest.
    let calls: Vec<_> = (0..24)
        .map(|n| {
            let store = Arc::clone(&store);
            let right = n >= 4;
            tokio::spawn(async move { (right, store.hand_over(seller_id, order.id, right, now).await) })
        })
        .collect();
    let (mut completed, mut right_after, mut wrong_counted, mut wrong_after) = (0, 0, 0, 0);
    for call in calls {
        match call.await.expect("task") {
            (true, Ok(puronoboi_ports::Handover::Completed(_))) => completed += 1,
            (true, Err(puronoboi_ports::HandoverError::Closed(OrderStatus::Completed))) => right_after += 1,
            (false, Ok(puronoboi_ports::Handover::WrongCode(_))) => wrong_counted += 1,
            (false, Err(puronoboi_ports::HandoverError::Closed(OrderStatus::Completed))) => wrong_after += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!((completed, right_after), (1, 19), "completed once; every other right code finds it completed");
    assert_eq!(wrong_counted + wrong_after, 4, "a wrong code is counted, or finds the order completed");
    let stored = store.order(order.id).await.expect("read").expect("the order");
    assert_eq!(stored.status, OrderStatus::Completed);
    assert_eq!(store.book_detail(id).await.expect("lookup").expect("found").book.status, BookStatus::Sold);
}

#[tokio::test]
async fn grouped_listing_is_bounded_per_category_newest_first_and_skips_empty_categories() {
    let (_db, store) = store().await;
    let seller_id = seller(&store, "s@example.com", true).await;
    let poetry = category(&store, "Poetry").await;
    let _empty = category(&store, "Atlases").await;
    let mut ids = Vec::new();
    for n in 0..6 {
        ids.push(list(&store, book(seller_id, &poetry, &format!("Volume {n}"))).await);
    }
    let groups = store.newest_by_category(4, 100).await.expect("grouped");
    assert_eq!(groups.len(), 1, "a category with nothing for sale is not shown");
    let newest_four: Vec<_> = ids.iter().rev().take(4).copied().collect();
    assert_eq!(groups[0].books.iter().map(|b| b.id).collect::<Vec<_>>(), newest_four);
    assert_eq!(groups[0].available_books, 6, "the group knows the category's full count");
}

#[tokio::test]
async fn category_pages_walk_the_whole_category_without_overlap() {
    let (_db, store) = store().await;
    let seller_id = seller(&store, "s@example.com", true).await;
    let textbooks = category(&store, "Textbooks").await;
    for n in 0..25 {
        list(&store, book(seller_id, &textbooks, &format!("Physics part {n}"))).await;
    }
    let mut seen = std::collections::HashSet::new();
    for page in 1..=3 {
        let (cat, result) = store.category_page(textbooks.id, PageRequest::new(page, 10).expect("page")).await.expect("page");
        assert_eq!(cat, textbooks);
        assert_eq!(result.total, 25);
        assert_eq!(result.items.len(), if page < 3 { 10 } else { 5 });
        for card in result.items {
            assert!(seen.insert(card.id), "a book appeared on two pages");
        }
    }
    assert_eq!(seen.len(), 25);
    let missing = store.category_page(CategoryId::new(), PageRequest::new(1, 10).expect("page")).await;
    assert!(matches!(missing, Err(CategoryPageError::NotFound)));
}

/// A page read from a shelf mark is the page read by offset, wherever it starts after its mark and however long it is;
/// and in a large category PostgreSQL plans that read, and the read of book pages, once per connection, not once per
/// call (a plan for each call took two to three times as long as the read at a million listings).
#[tokio::test]
async fn pages_read_from_a_mark_match_pages_by_offset_and_keep_one_plan() {
    let (db, store) = store().await;
    let seller_id = seller(&store, "s@example.com", true).await;
    let novels = category(&store, "Novels").await;
    list(&store, book(seller_id, &novels, "Pather Panchali")).await;
    // 20,000 more copies, each a minute older than the last, and the statistics a live database would have.
    sql(
        &db,
        "INSERT INTO books (id, seller_id, category_id, title, author, picture_url, seller_name, location, phone, seller_email,
                            original_price, resale_price, status, created_at)
         SELECT gen_random_uuid(), seller_id, category_id, title || ' ' || n, author, picture_url, seller_name, location, phone,
                seller_email, original_price, resale_price, 'available', created_at - n * interval '1 minute'
         FROM books, generate_series(1, 20000) AS n",
    )
    .await;
    sql(&db, "ANALYZE books").await;
    let shelf = store.category_shelf(novels.id).await.expect("a shelf");
    for (page, per_page) in [(1, 24), (2, 24), (9, 24), (3, 100), (100, 100), (417, 24)] {
        let request = PageRequest::new(page, per_page).expect("a page");
        let (from, skip) = shelf.start_of(request.offset());
        let near_mark = store.category_books_from(novels.id, from, skip, per_page).await.expect("read from the mark");
        let (_, by_offset) = store.category_page(novels.id, request).await.expect("read by offset");
        let ids = |cards: &[puronoboi_domain::BookCard]| cards.iter().map(|c| c.id).collect::<Vec<_>>();
        assert_eq!(ids(&near_mark), ids(&by_offset.items), "page {page} of {per_page} ({skip} after its mark)");
        assert_eq!(near_mark.len(), per_page as usize);
    }
    // Further from a mark than a page ever starts (the store's other statement): the same books.
    let far = store.category_books_from(novels.id, Some(shelf.marks[0]), 200, 8).await.expect("read far from the mark");
    let (_, by_offset) = store.category_page(novels.id, PageRequest::new(26, 8).expect("a page")).await.expect("read by offset");
    assert_eq!(far.iter().map(|c| c.id).collect::<Vec<_>>(), by_offset.items.iter().map(|c| c.id).collect::<Vec<_>>());
    assert_eq!(far.len(), 8);
    for (read, kept) in store.calls_with_kept_plan(novels.id).await.expect("calls counted") {
        assert!(kept >= 1, "{read}: {kept} of 8 calls ran with a plan kept for the statement");
    }
}

#[tokio::test]
async fn migrations_revert_cleanly_and_reapply() {
    let (db, store) = store().await;
    puronoboi_postgres::revert_all_migrations(&db.url).await.expect("down migrations run");
    assert!(store.is_empty().await.is_err(), "the tables are gone after reverting");
    puronoboi_postgres::run_migrations(&db.url).await.expect("up migrations run again");
    assert!(store.is_empty().await.expect("tables are back"));
}

/// Every listing and lookup query the store sends can be answered from an index: the adapter EXPLAINs its own
/// statements (not copies written here) with sequential scans priced out, and each plan names the index the
/// migrations created for it and never falls back to scanning a whole table.
#[tokio::test]
async fn the_stores_own_queries_have_indexes_behind_them() {
    const BY_CATEGORY: &str = "books_available_by_category_idx or books_available_category_cards_idx";
    // The indexes over live accounts: by role (and a flag), and the trigram ones on lower(name) and lower(email).
    const LIVE_ACCOUNTS: &str = "accounts_live_role_idx or accounts_live_role_verified_idx or accounts_live_role_email_verified_idx \
                                 or accounts_live_name_trgm_idx or accounts_live_email_trgm_idx";
    const NEWEST_THEN_EVERY_WORK: &str =
        "search_works_newest_terms_idx and search_works_terms_idx or search_works_newest_idx and search_works_terms_idx";
    let (_db, store) = store().await;
    let plans: std::collections::HashMap<&str, String> = store.query_plans().await.expect("plans").into_iter().collect();
    let expected = [
        // Both indexes by category serve counts and ids; on a small table the planner may take either (on a large
        // one the slim index is cheaper to read).
        ("categories with counts", BY_CATEGORY),
        ("newest by category", BY_CATEGORY),
        ("category", "categories_pkey"),
        // PostgreSQL 18 may count an empty table's category by skipping through the grade index (category second);
        // any of the three is an index read, never a scan of the table.
        ("category count", "books_available_by_category_idx or books_available_category_cards_idx or books_available_by_condition_idx"),
        ("category page", BY_CATEGORY),
        ("category shelf marks", BY_CATEGORY),
        ("category books near a mark", "books_available_category_cards_idx"),
        ("category books far from a mark", "books_available_category_cards_idx"),
        ("category books from the newest", "books_available_category_cards_idx"),
        ("book details", "books_pkey"),
        ("advertised", "books_advertised_available_idx"),
        ("accounts by e-mail", "accounts_email_idx"),
        ("account by identity", "accounts_firebase_uid_key"),
        ("seller books", "books_seller_idx"),
        ("seller book count", "books_seller_idx"),
        ("accounts with role", "accounts_live_role_idx"),
        // Any index led by the role counts its live accounts; on a small table the planner may take a longer one.
        ("live account count", LIVE_ACCOUNTS),
        // A piece of a name or an address: with thousands of accounts the planner ORs the bitmaps of both trigram
        // indexes (measured on 200,000 accounts: 2 to 14 ms); on this empty table it may walk a role index instead.
        // Either way an index, never the whole table.
        ("accounts matching text", LIVE_ACCOUNTS),
        ("account count matching text", LIVE_ACCOUNTS),
        ("accounts not verified", LIVE_ACCOUNTS),
        ("accounts not proven", LIVE_ACCOUNTS),
        // By its id; on this empty table the planner may find the id through an index led by the role.
        ("account with role", "accounts_pkey or accounts_live_role_verified_idx or accounts_live_role_email_verified_idx"),
        ("every seller book", "books_seller_idx"),
        ("every seller book count", "books_seller_idx"),
        ("buyer orders", "orders_buyer_idx"),
        ("buyer order count", "orders_buyer_idx"),
        ("wish list", "wish_list_items_buyer_idx"),
        // Each tier is one statement: the newest works (walked, or through their GIN index; on this empty table the
        // planner may read every flagged work by age instead, while at a million listings 2,173 of 2,173 such reads
        // over 1,500 searches took the GIN index), then every work through GIN (or narrowed).
        ("search words, walked then through GIN", "search_works_listed_at_idx and search_works_terms_idx"),
        ("search words, walked then narrowed", "search_works_listed_at_idx and search_works_terms_idx"),
        ("search words, newest works then through GIN", NEWEST_THEN_EVERY_WORK),
        ("search words, newest works then narrowed", NEWEST_THEN_EVERY_WORK),
        ("search guesses, walked then through GIN", "search_works_listed_at_idx and search_works_terms_idx"),
        ("search guesses, walked then narrowed", "search_works_listed_at_idx and search_works_terms_idx"),
        ("search guesses, newest works then through GIN", NEWEST_THEN_EVERY_WORK),
        ("search guesses, newest works then narrowed", NEWEST_THEN_EVERY_WORK),
        ("search newest works' edge", "search_works_listed_at_idx"),
        ("search newest works' trim", "search_works_newest_idx"),
        ("search vocabulary", "search_word_variants_pkey"),
        ("search vocabulary by prefix", "search_words_by_prefix_idx"),
        ("search listings", "books_available_by_work_idx"),
        ("search without words, newest", "books_available_newest_idx"),
        // Across the shop a common grade is read walking the newest books (a quarter of them match), a rare one
        // through its own index; which is cheaper is the planner's call from the table's statistics.
        ("search without words, one grade", "books_available_by_condition_idx or books_available_newest_idx"),
        ("report queue", "reports_state_idx"),
        ("a book's open reports", "reports_target_idx"),
        ("a reporter's reports today", "reports_reporter_idx"),
        (
            "a category's books in one language",
            "books_available_by_language_idx or books_available_newest_idx or books_available_category_cards_idx",
        ),
    ];
    assert_eq!(plans.len(), expected.len(), "every query the store explains is checked here: {:?}", plans.keys());
    for read in ["search words, newest works then narrowed", "search guesses, walked then narrowed"] {
        // Of every work (search_works_terms_idx), GIN is asked for the rarer word only.
        let lines: Vec<&str> = plans[read].lines().collect();
        let asked: Vec<&str> = lines
            .windows(2)
            .filter(|pair| pair[0].contains("on search_works_terms_idx") && pair[1].contains("Index Cond"))
            .map(|pair| pair[1])
            .collect();
        assert!(
            !asked.is_empty() && asked.iter().all(|line| line.contains("akash") && !line.contains("nodi")),
            "{read} asks GIN for the rarer word only:\n{}",
            plans[read]
        );
    }
    for (query, plan) in plans.iter().filter(|(query, _)| query.contains(" then ")) {
        // The read of every work waits on the newest works' count, decided once before it starts.
        assert!(plan.contains("One-Time Filter"), "{query} reads every work only when the newest were not enough:\n{plan}");
    }
    for (query, index) in expected {
        let plan = plans.get(query).unwrap_or_else(|| panic!("no plan for {query}: {:?}", plans.keys()));
        let uses = |indexes: &str| indexes.split(" and ").all(|index| plan.contains(index));
        assert!(index.split(" or ").any(uses), "{query} does not use {index}:\n{plan}");
        for table in ["books", "accounts", "orders", "wish_list_items", "categories"] {
            assert!(!plan.contains(&format!("Seq Scan on {table}")), "{query} scans all of {table}:\n{plan}");
        }
    }
}

/// What the orders and books tables hold (ids and states), to prove a refusal changed neither.
async fn orders_and_books(db: &TestDb) -> String {
    #[derive(diesel::QueryableByName)]
    struct Digest {
        #[diesel(sql_type = diesel::sql_types::Text)]
        digest: String,
    }
    let mut conn = AsyncPgConnection::establish(&db.url).await.expect("connect");
    diesel::sql_query(
        "SELECT (SELECT coalesce(string_agg(id::text || ' ' || status, ',' ORDER BY id), '') FROM orders) || ' / ' ||
                (SELECT coalesce(string_agg(id::text || ' ' || status, ',' ORDER BY id), '') FROM books) AS digest",
    )
    .get_result::<Digest>(&mut conn)
    .await
    .expect("digest")
    .digest
}

/// Placing an order is one call to the database function `place_order`: each of its answers, and that a refusal
/// leaves the books and the orders as they were.
#[tokio::test]
async fn placing_an_order_answers_new_existing_or_why_not_and_a_refusal_changes_nothing() {
    use puronoboi_domain::OrderContactForm;
    use puronoboi_ports::{PlaceOrderError, Placed};

    let (db, store) = store().await;
    let seller_id = seller(&store, "rahim@example.com", true).await;
    let poetry = category(&store, "Poetry").await;
    let mut books = Vec::new();
    for title in ["Gitanjali", "Sonar Tori", "Chitra", "Balaka", "Kheya"] {
        books.push(list(&store, book(seller_id, &poetry, title)).await);
    }
    let buyer = builders::buyer(&store).await;
    let buyer_id = buyer.id;
    let contact = OrderContactForm { phone: "01712345678".to_owned(), location: "Dhanmondi 27".to_owned() }.parse().expect("valid");
    let refusal = |result: Result<Placed, PlaceOrderError>| match result {
        Err(e) => e,
        Ok(placed) => panic!("expected a refusal, got {placed:?}"),
    };

    // A new order: the book's title as it is now, the buyer's name from the account; the book is held.
    let Placed::New(first) = store.place_order(&buyer, books[0], &contact, 2).await.expect("placed") else {
        panic!("expected a new order")
    };
    assert_eq!((first.book_id, first.title.as_str(), first.buyer_name.as_str()), (books[0], "Gitanjali", "Farhana Akter"));
    assert!(orders_and_books(&db).await.contains(&format!("{} pending", books[0])));

    // The same book again: the same order, not a second one.
    match store.place_order(&buyer, books[0], &contact, 2).await {
        Ok(Placed::Existing(again)) => assert_eq!(again.id, first.id),
        other => panic!("expected the existing order, got {other:?}"),
    }

    // Refusals, each leaving every order and book as it was.
    store.place_order(&buyer, books[1], &contact, 2).await.expect("a second order");
    sql(&db, &format!("UPDATE books SET status = 'withdrawn' WHERE id = '{}'", books[3])).await;
    sql(&db, &format!("UPDATE books SET status = 'sold' WHERE id = '{}'", books[4])).await;
    let before = orders_and_books(&db).await;
    assert!(matches!(refusal(store.place_order(&buyer, books[2], &contact, 2).await), PlaceOrderError::TooManyPending));
    assert!(matches!(refusal(store.place_order(&buyer, BookId::new(), &contact, 5).await), PlaceOrderError::BookNotFound));
    assert!(matches!(refusal(store.place_order(&buyer, books[3], &contact, 5).await), PlaceOrderError::BookNotFound));
    assert!(matches!(refusal(store.place_order(&buyer, books[4], &contact, 5).await), PlaceOrderError::BookUnavailable));
    assert_eq!(orders_and_books(&db).await, before);

    // An account closed after the request was let in (between sign-in check and order) places nothing.
    sql(&db, &format!("UPDATE accounts SET deleted_at = now(), closed_reason = 'deleted_by_admin' WHERE id = '{buyer_id}'")).await;
    assert!(matches!(refusal(store.place_order(&buyer, books[2], &contact, 5).await), PlaceOrderError::BuyerClosed));
    assert_eq!(orders_and_books(&db).await, before);
}

#[tokio::test]
async fn book_pages_asked_for_at_once_are_each_answered_with_their_own_book() {
    let (_db, store) = store().await;
    let seller = seller(&store, "batch@example.com", true).await;
    let shelf = category(&store, "Batched").await;
    let mut ids = Vec::new();
    for n in 0..20 {
        ids.push(list(&store, book(seller, &shelf, &format!("Batched {n}"))).await);
    }
    // Many reads at once, each book asked for twice and some that do not exist: they gather into shared statements.
    let store = std::sync::Arc::new(store);
    let mut reads = Vec::new();
    for (n, id) in ids.iter().chain(ids.iter()).enumerate() {
        let (store, id) = (store.clone(), *id);
        reads.push(tokio::spawn(async move { (n % 20, store.book_detail(id).await) }));
    }
    for _ in 0..10 {
        let store = store.clone();
        reads.push(tokio::spawn(async move { (usize::MAX, store.book_detail(BookId::new()).await) }));
    }
    for read in reads {
        let (n, page) = read.await.expect("the read ran");
        let page = page.expect("answers");
        match n {
            usize::MAX => assert_eq!(page, None),
            n => assert_eq!(page.expect("found").book.title.as_str(), format!("Batched {n}")),
        }
    }
}
