//! Search on PostgreSQL: what it finds, in which order, with which filters, and how listings written around it
//! (a bulk load, rules that changed) are brought into it.
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use puronoboi_domain::{
    AccountId, BookId, BookStatus, Category, CategoryId, CopyFilter, PageRequest, PriceRange, SearchQuery, SearchSort, SearchText,
};
use puronoboi_ports::SearchIndex as _;
use puronoboi_postgres::PgStore;
use puronoboi_test_support::TestDb;
use puronoboi_test_support::builders::{book_from, category, form, list, sell, seller, test_only_force_book_status};

async fn store() -> (TestDb, PgStore) {
    let db = TestDb::new().await;
    let store = PgStore::connect(&db.url, 8).expect("a pool");
    (db, store)
}

async fn sql(db: &TestDb, statement: &str) -> usize {
    let mut conn = AsyncPgConnection::establish(&db.url).await.expect("connect");
    diesel::sql_query(statement).execute(&mut conn).await.expect("statement runs")
}

struct Shelf {
    seller: AccountId,
    novels: Category,
    poetry: Category,
}

async fn shelf(store: &PgStore) -> Shelf {
    Shelf {
        seller: seller(store, "rahim@example.com", true).await,
        novels: category(store, "Novels").await,
        poetry: category(store, "Poetry").await,
    }
}

async fn listed(store: &PgStore, shelf: &Shelf, in_category: &Category, title: &str, author: &str, price: i64) -> BookId {
    let mut typed = form(title);
    typed.author = author.to_owned();
    typed.resale_price = Some(price);
    typed.original_price = Some(price + 100);
    list(store, book_from(shelf.seller, in_category, typed)).await
}

/// Writes `copies` listings in SQL for each listing there is, as a bulk load or a restore does (without a work, so
/// unsearchable until caught up): copy `n` (1, 2, ...) with the title and author the SQL expressions over `n` and the
/// copied row give, listed `n` minutes ago. Answers how many were written.
async fn bulk_load(db: &TestDb, copies: i64, title: &str, author: &str) -> usize {
    sql(
        db,
        &format!(
            "INSERT INTO books (id, seller_id, category_id, title, author, picture_url, seller_name, location, phone, seller_email,
                                original_price, resale_price, status, created_at)
             SELECT gen_random_uuid(), seller_id, category_id, {title}, {author}, picture_url, seller_name, location, phone,
                    seller_email, original_price, resale_price, 'available', now() - n * interval '1 minute'
             FROM books, generate_series(1, {copies}) AS n"
        ),
    )
    .await
}

fn query(text: &str) -> SearchQuery {
    let text = SearchText::parse(text).expect("a valid search");
    SearchQuery {
        sort: SearchQuery::sort_for(text.as_ref(), None),
        text,
        category: None,
        price: PriceRange::default(),
        copy: CopyFilter::ANY,
        page: PageRequest::new(1, 24).expect("a page"),
    }
}

/// `query(text)` with `per_page` cards on its first page.
fn first_page_of(text: &str, per_page: u32) -> SearchQuery {
    SearchQuery { page: PageRequest::new(1, per_page).expect("a page"), ..query(text) }
}

/// Runs the store's catch-up until every listing written around it is keyed.
async fn caught_up(store: &PgStore) {
    while store.catch_up(500).await.expect("catches up") > 0 {}
}

async fn found(store: &PgStore, q: &SearchQuery) -> Vec<BookId> {
    store.search(q).await.expect("a search answers").items.into_iter().map(|card| card.id).collect()
}

#[tokio::test]
async fn a_new_listing_is_found_at_once_by_its_words_in_either_script_and_leaves_when_sold() {
    let (db, store) = store().await;
    let s = shelf(&store).await;
    let bengali = listed(&store, &s, &s.novels, "পথের পাঁচালী", "বিভূতিভূষণ বন্দ্যোপাধ্যায়", 250).await;
    let english = listed(&store, &s, &s.novels, "Pride and Prejudice", "Jane Austen", 300).await;

    assert_eq!(found(&store, &query("পথের পাঁচালী")).await, vec![bengali]);
    assert_eq!(found(&store, &query("pride prejudice")).await, vec![english]);
    assert_eq!(found(&store, &query("austen")).await, vec![english], "the author counts too");
    assert_eq!(found(&store, &query("PRIDE")).await, vec![english], "letter case does not matter");

    // Sold: gone from every search; the card shows its category.
    let card = store.search(&query("austen")).await.expect("answers").items.remove(0);
    assert_eq!(card.category_id, s.novels.id);
    sell(&store, english).await;
    assert!(found(&store, &query("austen")).await.is_empty());
    test_only_force_book_status(&db.url, bengali, BookStatus::Withdrawn).await;
    assert!(found(&store, &query("পথের")).await.is_empty());
}

#[tokio::test]
async fn exact_words_come_before_prefixes_and_prefixes_before_near_spellings_then_newer_first() {
    let (_db, store) = store().await;
    let s = shelf(&store).await;
    let near = listed(&store, &s, &s.novels, "Lalsalo", "Someone", 100).await;
    let prefix = listed(&store, &s, &s.novels, "Lalsalupur Stories", "Someone Else", 100).await;
    let older_exact = listed(&store, &s, &s.novels, "Lalsalu", "Syed Waliullah", 100).await;
    let newer_exact = listed(&store, &s, &s.novels, "Lalsalu", "Syed Waliullah", 120).await;

    let order = found(&store, &query("lalsalu")).await;
    assert_eq!(order[..2], [newer_exact, older_exact], "exact matches first, the newer listing first: {order:?}");
    assert_eq!(order[2], prefix, "then a word starting with the query");
    assert!(order.contains(&near), "a near spelling is still found: {order:?}");
}

#[tokio::test]
async fn one_and_two_letter_queries_match_whole_words_and_prefixes_only() {
    let (_db, store) = store().await;
    let s = shelf(&store).await;
    let word = listed(&store, &s, &s.poetry, "Ek Din", "Poet One", 100).await;
    let start = listed(&store, &s, &s.poetry, "Ekattor", "Poet Two", 100).await;
    listed(&store, &s, &s.poetry, "Dek", "Poet Three", 100).await;

    let hits = found(&store, &query("ek")).await;
    assert!(hits.contains(&word) && hits.contains(&start), "{hits:?}");
    assert_eq!(hits.len(), 2, "\"Dek\" only contains the letters, which is no match for a two-letter query");
    assert!(found(&store, &query("!!! ... ")).await.is_empty(), "no letters, nothing found");
}

#[tokio::test]
async fn filters_sort_and_pages_work_with_and_without_words() {
    let (_db, store) = store().await;
    let s = shelf(&store).await;
    let mut prices = Vec::new();
    for (i, price) in [300, 100, 500, 200, 400].into_iter().enumerate() {
        let shelf_of = if i % 2 == 0 { &s.novels } else { &s.poetry };
        prices.push((listed(&store, &s, shelf_of, &format!("Nodi Kotha {i}"), "Anisul Hoque", price).await, price));
    }

    let mut cheap_first = query("nodi");
    cheap_first.sort = SearchSort::PriceAscending;
    let by_price: Vec<i64> = {
        let ids = found(&store, &cheap_first).await;
        ids.iter().map(|id| prices.iter().find(|(b, _)| b == id).expect("a listed book").1).collect()
    };
    assert_eq!(by_price, [100, 200, 300, 400, 500]);

    let mut everything = query("");
    everything.sort = SearchSort::PriceDescending;
    everything.price = PriceRange::new(Some(200), Some(400)).expect("a range");
    everything.category = Some(s.novels.id);
    let page = store.search(&everything).await.expect("answers");
    let ids: Vec<BookId> = page.items.iter().map(|c| c.id).collect();
    assert_eq!(ids, [prices[4].0, prices[0].0], "novels from 200 to 400, dearest first");
    assert_eq!(page.total, 2);

    let mut second = query("anisul");
    second.page = PageRequest::new(2, 2).expect("a page");
    let page = store.search(&second).await.expect("answers");
    assert_eq!((page.items.len(), page.total), (2, 5));
    second.page = PageRequest::new(9, 2).expect("a page");
    let beyond = store.search(&second).await.expect("answers");
    assert_eq!((beyond.items.len(), beyond.total), (0, 5), "a page past the end still tells how many there are");

    let mut unknown_category = query("anisul");
    unknown_category.category = Some(CategoryId::new());
    assert!(found(&store, &unknown_category).await.is_empty());
}

#[tokio::test]
async fn listings_written_around_the_index_and_works_keyed_by_old_rules_are_caught_up() {
    let (db, store) = store().await;
    let s = shelf(&store).await;
    let listed_normally = listed(&store, &s, &s.novels, "Devdas", "Sarat Chandra", 100).await;
    // A bulk load writes listings without a work, as a restore of old rows would.
    let loaded = bulk_load(&db, 5, "'Srikanta ' || n", "author").await;
    assert_eq!(loaded, 5);
    assert!(found(&store, &query("srikanta")).await.is_empty(), "not yet in the index");

    assert_eq!(store.catch_up(2).await.expect("catches up"), 2, "a batch at a time");
    let mut keyed = 2;
    loop {
        let n = store.catch_up(2).await.expect("catches up");
        if n == 0 {
            break;
        }
        keyed += n;
    }
    assert_eq!(keyed, 5);
    assert_eq!(found(&store, &query("srikanta")).await.len(), 5);

    // Rules changed: every work is keyed again, and still found.
    let stale = sql(&db, "UPDATE search_works SET keys_version = 'older', native = '', roman = '', terms = ''::tsvector").await;
    assert_eq!(stale, 6);
    assert!(found(&store, &query("devdas")).await.is_empty());
    assert!(store.catch_up(100).await.expect("catches up") >= 6);
    assert_eq!(found(&store, &query("devdas")).await, vec![listed_normally]);
    assert_eq!(store.catch_up(100).await.expect("catches up"), 0, "nothing left");
}

#[tokio::test]
async fn two_listings_of_one_work_share_it_however_they_were_typed() {
    let (db, store) = store().await;
    let s = shelf(&store).await;
    listed(&store, &s, &s.novels, "Lalsalu", "Syed Waliullah", 100).await;
    listed(&store, &s, &s.novels, "  LALSALU ", "syed  waliullah", 100).await;
    assert_eq!(sql(&db, "SELECT 1 FROM search_works").await, 1);
    assert_eq!(sql(&db, "SELECT 1 FROM books WHERE work_id IS NULL").await, 0);
}

#[tokio::test]
async fn the_test_databases_read_bengali_letters_as_letters() {
    let (_db, store) = store().await;
    assert!(store.bengali_letters_are_letters().await.expect("answers"), "the test cluster must have a UTF-8 LC_CTYPE");
}

#[tokio::test]
async fn each_word_may_be_a_slip_or_two_away_but_every_word_must_match() {
    let (_db, store) = store().await;
    let s = shelf(&store).await;
    let sapiens = listed(&store, &s, &s.novels, "Sapiens", "Yuval Noah Harari", 500).await;
    let majhi = listed(&store, &s, &s.novels, "পদ্মানদীর মাঝি", "মানিক বন্দ্যোপাধ্যায়", 200).await;
    let river_fire = listed(&store, &s, &s.novels, "নদী আগুন", "Someone", 100).await;
    let river_only = listed(&store, &s, &s.novels, "নদী মেঘ", "Someone Else", 100).await;
    let expectations = listed(&store, &s, &s.novels, "Great Expectations", "Charles Dickens", 300).await;

    assert_eq!(found(&store, &query("sapeins")).await, vec![sapiens], "two letters swapped");
    assert_eq!(found(&store, &query("padma nadir mahji")).await, vec![majhi], "written apart, and a slip");
    assert_eq!(found(&store, &query("পদ্মা নদীর মাঝি")).await, vec![majhi], "written apart in Bengali script");
    assert_eq!(found(&store, &query("gret expectatoins")).await, vec![expectations]);
    assert_eq!(found(&store, &query("prijudise")).await, Vec::<BookId>::new(), "nothing near enough is listed");
    let fire = found(&store, &query("নদী আগন")).await;
    assert_eq!(fire.as_slice().first(), Some(&river_fire), "every word matched comes first: {fire:?}");
    assert!(!fire[1..].contains(&river_fire));
    // Only some words matched: shown after, and only when the whole query is alike.
    assert!(fire.len() == 1 || fire[1..] == [river_only], "{fire:?}");
    assert!(!found(&store, &query("নদী বাতাস পাহাড় জঙ্গল")).await.contains(&river_only), "one word of four is not alike");
}

#[tokio::test]
async fn a_bulk_load_and_a_change_of_rules_fill_the_vocabulary_that_corrects_slips() {
    let (db, store) = store().await;
    let s = shelf(&store).await;
    listed(&store, &s, &s.novels, "Devdas", "Sarat Chandra", 100).await;
    bulk_load(&db, 1, "'Wuthering Heights'", "'Emily Bronte'").await;
    caught_up(&store).await;
    assert_eq!(found(&store, &query("hieghts")).await.len(), 1);

    // The vocabulary lost (a restore of an older dump): keyed again with the works, it corrects slips again.
    sql(&db, "DELETE FROM search_word_variants").await;
    sql(&db, "DELETE FROM search_words").await;
    assert!(found(&store, &query("hieghts")).await.is_empty());
    sql(&db, "UPDATE search_works SET keys_version = 'older'").await;
    caught_up(&store).await;
    assert_eq!(found(&store, &query("hieghts")).await.len(), 1);
    assert_eq!(found(&store, &query("devdsa")).await.len(), 1);
}

#[tokio::test]
async fn listings_sharing_new_words_written_at_once_all_land_in_one_vocabulary() {
    let (db, store) = store().await;
    let s = shelf(&store).await;
    let store = std::sync::Arc::new(store);
    let mut writers = Vec::new();
    for n in 0..8 {
        let store = store.clone();
        let (seller, novels) = (s.seller, s.novels.clone());
        writers.push(tokio::spawn(async move {
            let mut typed = form(&format!("Kurukshetra Chronicles {n}"));
            typed.author = if n % 2 == 0 { "Anonymous Chronicler" } else { "Chronicler Anonymous" }.to_owned();
            list(store.as_ref(), book_from(seller, &novels, typed)).await
        }));
    }
    for writer in writers {
        writer.await.expect("every listing is written");
    }
    assert_eq!(sql(&db, "SELECT 1 FROM search_words WHERE word = 'chronicles'").await, 1);
    assert_eq!(found(&store, &query("kurukshetra chronciles")).await.len(), 8);
}

#[tokio::test]
async fn common_and_rare_words_are_read_newest_first_whichever_way_the_statistics_choose() {
    let (db, store) = store().await;
    let s = shelf(&store).await;
    listed(&store, &s, &s.novels, "Nodi Seed", "Someone", 100).await;
    // 1,200 works with one common word, a few of them with a rare one too; the statistics then say which is which.
    bulk_load(&db, 1200, "'Nodi ' || CASE WHEN n % 100 = 0 THEN 'Kolmilota ' ELSE '' END || n", "author").await;
    caught_up(&store).await;
    sql(&db, "ANALYZE search_works").await;

    let newest = first_page_of("nodi", 48);
    let common = store.search(&newest).await.expect("answers");
    assert_eq!(common.total, 100, "a common word: the newest works of the tier");
    let titles: Vec<String> = common.items.iter().map(|c| c.title.as_str().to_owned()).collect();
    assert_eq!(titles[0], "Nodi Seed", "newest first: {titles:?}");
    assert_eq!(titles[1], "Nodi 1");
    assert_eq!(titles[47], "Nodi 47");

    let rare = store.search(&query("nodi kolmilota")).await.expect("answers");
    let titles: Vec<String> = rare.items.iter().map(|c| c.title.as_str().to_owned()).collect();
    assert_eq!(rare.total, 12);
    assert_eq!(titles[..3], ["Nodi Kolmilota 100", "Nodi Kolmilota 200", "Nodi Kolmilota 300"]);

    let slip = store.search(&query("nodi kolmilata")).await.expect("answers");
    assert_eq!(slip.total, 12, "near spellings are read the same way");
}

#[tokio::test]
async fn a_prefix_finds_every_word_it_starts_whether_it_starts_few_words_or_many() {
    let (db, store) = store().await;
    let s = shelf(&store).await;
    listed(&store, &s, &s.novels, "Seed", "Someone", 100).await;
    // 80 works, each with a word of its own: Shonaraa, Shonarab, ..., Shonardb.
    bulk_load(&db, 80, "'Shonar' || chr(97 + (n::int - 1) / 26) || chr(97 + (n::int - 1) % 26)", "'Poet'").await;
    caught_up(&store).await;

    let all = first_page_of("shonar", 100);
    let many = store.search(&all).await.expect("answers");
    assert_eq!(many.total, 80, "a prefix of more words than are asked for one by one is asked as a prefix");
    assert_eq!(many.items.len(), 80);
    let some = first_page_of("shonarb", 100);
    let few = store.search(&some).await.expect("answers");
    let titles: Vec<&str> = few.items.iter().map(|card| card.title.as_str()).collect();
    // Some other works come first or after (Shonarab folds as Shonarb does; Shonarca is a slip away from it).
    assert_eq!(titles.iter().filter(|t| t.starts_with("Shonarb")).count(), 26, "a prefix of a few words finds each: {titles:?}");
    let one = store.search(&query("shonardb")).await.expect("answers");
    assert_eq!(
        one.items.as_slice().first().map(|card| card.title.as_str()),
        Some("Shonardb"),
        "the word itself first, then near spellings"
    );
}

/// How many works carry the `newest` flag, and how many of the `count` newest do.
async fn flagged(db: &TestDb, count: i64) -> (usize, usize) {
    let all = sql(db, "SELECT 1 FROM search_works WHERE newest").await;
    let newest = sql(
        db,
        &format!("SELECT 1 FROM (SELECT newest FROM search_works ORDER BY listed_at DESC, id DESC LIMIT {count}) AS n WHERE newest"),
    )
    .await;
    (all, newest)
}

/// Works without the flag that are newer than a flagged one: a read of the flagged works would skip them.
async fn unflagged_among_the_newest(db: &TestDb) -> usize {
    sql(
        db,
        "SELECT 1 FROM search_works AS w
         WHERE NOT w.newest
           AND (w.listed_at, w.id) > (SELECT listed_at, id FROM search_works WHERE newest ORDER BY listed_at, id LIMIT 1)",
    )
    .await
}

#[tokio::test]
async fn a_search_reads_the_newest_works_first_and_finds_older_matches_past_them() {
    for window in [20_u32, 60] {
        let db = TestDb::new().await;
        let store = PgStore::connect(&db.url, 8).expect("a pool").with_newest_works(window);
        let s = shelf(&store).await;
        listed(&store, &s, &s.novels, "Nodi Seed", "Someone", 100).await;
        // 120 works sharing a word, listed a minute apart, four of them with a rare word too; keyed a few at a time,
        // newest first, as a bulk load is.
        bulk_load(&db, 120, "'Nodi ' || CASE WHEN n % 30 = 0 THEN 'Kolmilota ' ELSE '' END || n", "author").await;
        while store.catch_up(7).await.expect("catches up") > 0 {}
        let window = i64::from(window);
        assert_eq!(flagged(&db, window).await, (window as usize, window as usize), "exactly the newest {window} are flagged");

        let rare = store.search(&query("nodi kolmilota")).await.expect("answers");
        assert_eq!(rare.total, 4, "the older matches past the newest works are found: window {window}");
        let common = store.search(&first_page_of("nodi", 48)).await.expect("answers");
        let titles: Vec<&str> = common.items.iter().map(|c| c.title.as_str()).collect();
        assert_eq!(titles[..3], ["Nodi Seed", "Nodi 1", "Nodi 2"], "newest first: {titles:?}");
        // With 20 flagged the newest works hold too few (fewer than 50), so every work is read and the tier has its
        // full 100; with 60 they hold enough, and the tier is those 60, the newest there are.
        let expected = if window == 20 { 100 } else { 60 };
        assert_eq!(common.total, expected, "window {window}");
        assert_eq!(titles[47], "Nodi 47");

        // A new listing flags its work at once; the next catch-up takes the flag off the oldest.
        let new = listed(&store, &s, &s.poetry, "Nodir Kule", "Someone", 100).await;
        assert_eq!(flagged(&db, window + 1).await.1, window as usize + 1);
        assert_eq!(found(&store, &query("nodir kule")).await, vec![new]);
        store.catch_up(7).await.expect("catches up");
        assert_eq!(flagged(&db, window).await, (window as usize, window as usize));
        assert_eq!(unflagged_among_the_newest(&db).await, 0);
    }
}

/// Listings made while catch-ups take the flag off the oldest works keep theirs: the trim's condition is tested
/// again on the row a listing left, which is newer than the edge. So the newest works are flagged whatever the
/// interleaving; a listing whose transaction began before the edge moved past it may keep its flag below the edge
/// until the next trim, which only widens what a search reads.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn listings_made_while_the_newest_works_are_trimmed_keep_their_flag() {
    let db = TestDb::new().await;
    let store = std::sync::Arc::new(PgStore::connect(&db.url, 16).expect("a pool").with_newest_works(5));
    let s = shelf(&store).await;
    listed(&store, &s, &s.novels, "Seed", "Someone", 100).await;
    bulk_load(&db, 30, "'Old ' || n", "author").await;
    caught_up(&store).await;
    // Six works listed again and again, so that the edge of the five newest passes over them, while catch-ups trim.
    let mut tasks = Vec::new();
    for n in 0..36 {
        let lister = std::sync::Arc::clone(&store);
        let (seller, novels) = (s.seller, s.novels.clone());
        let title = format!("Hot {}", n % 6);
        tasks.push(tokio::spawn(async move {
            let mut typed = form(&title);
            typed.author = "author".to_owned();
            list(lister.as_ref(), book_from(seller, &novels, typed)).await;
        }));
        let trimmer = std::sync::Arc::clone(&store);
        tasks.push(tokio::spawn(async move {
            trimmer.catch_up(10).await.expect("catches up");
        }));
    }
    for task in tasks {
        task.await.expect("task");
    }
    assert_eq!(flagged(&db, 5).await.1, 5, "none of the newest works lost its flag");
    store.catch_up(10).await.expect("catches up");
    assert_eq!(flagged(&db, 5).await, (5, 5));
    assert_eq!(unflagged_among_the_newest(&db).await, 0);
}

/// A query's common group (here a one-letter prefix most works have a word for) is tested on each work its rarer
/// words find instead of being asked of GIN: the same works are found, in the same tiers.
#[tokio::test]
async fn a_common_prefix_beside_a_rare_word_finds_the_same_works_when_tested_work_by_work() {
    let db = TestDb::new().await;
    let store = PgStore::connect(&db.url, 8).expect("a pool").with_newest_works(5);
    let s = shelf(&store).await;
    listed(&store, &s, &s.novels, "Seed", "Someone", 100).await;
    bulk_load(&db, 2000, "'Amar Akash ' || n", "'Poet'").await;
    caught_up(&store).await;
    sql(&db, "ANALYZE search_works").await;
    let another = listed(&store, &s, &s.novels, "Towards Another Shore", "Poet", 100).await;
    let sea = listed(&store, &s, &s.novels, "Toward The Sea", "Poet", 100).await;

    // "toward" and a word starting with "a": only Towards Another Shore, though Toward The Sea is newer. Toward The
    // Sea comes after it, from the near spellings ("toward a" may be "towarda" with a slip).
    let towards = store.search(&first_page_of("toward a", 48)).await.expect("answers");
    let ids: Vec<BookId> = towards.items.iter().map(|card| card.id).collect();
    assert_eq!(ids, [another, sea]);
}
