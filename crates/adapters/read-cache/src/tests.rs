use std::sync::Mutex;
use std::sync::atomic::AtomicUsize;

use puronoboi_domain::{AccountId, CategorySummary};
use tokio::sync::Semaphore;

use super::*;

/// A reader whose answer is the number of times it was asked, optionally held until the test lets it finish.
#[derive(Default)]
struct Counting {
    asked: AtomicUsize,
    gate: Mutex<Option<Arc<Semaphore>>>,
    /// Every read fails (after the gate), like a database that stopped answering.
    failing: std::sync::atomic::AtomicBool,
}

impl Counting {
    fn asked(&self) -> usize {
        self.asked.load(Ordering::SeqCst)
    }
}

#[async_trait]
impl CatalogueReader for Counting {
    async fn categories(&self, _limit: u32) -> Result<Vec<CategorySummary>, StoreError> {
        let n = self.asked.fetch_add(1, Ordering::SeqCst) + 1;
        let gate = self.gate.lock().expect("the gate").clone();
        if let Some(gate) = gate {
            // Each read takes a permit for good: the test lets reads through one by one.
            gate.acquire().await.expect("the gate stays open").forget();
        }
        if self.failing.load(Ordering::SeqCst) {
            return Err(StoreError(anyhow::anyhow!("the database is not answering")));
        }
        Ok(vec![CategorySummary { id: CategoryId::from_uuid(uuid_of(1)), name: "Fiction".into(), available_books: n as i64 }])
    }
    async fn newest_by_category(&self, _: u32, _: u32) -> Result<Vec<CategoryGroup>, StoreError> {
        Ok(vec![])
    }
    async fn category_page(&self, _: CategoryId, _: PageRequest) -> Result<(Category, Page<BookCard>), CategoryPageError> {
        Err(CategoryPageError::NotFound)
    }
    async fn category_shelf(&self, _: CategoryId) -> Result<CategoryShelf, CategoryPageError> {
        Err(CategoryPageError::NotFound)
    }
    async fn category_books_from(&self, _: CategoryId, _: Option<ShelfMark>, _: u64, _: u32) -> Result<Vec<BookCard>, StoreError> {
        Ok(vec![])
    }
    async fn book_detail(&self, _: BookId) -> Result<Option<BookDetail>, StoreError> {
        Ok(None)
    }
    async fn advertised(&self, _: u32) -> Result<Vec<BookCard>, StoreError> {
        Ok(vec![])
    }
    async fn category(&self, _: CategoryId) -> Result<Option<Category>, StoreError> {
        Ok(None)
    }
    async fn is_empty(&self) -> Result<bool, StoreError> {
        Ok(false)
    }
}

fn uuid_of(n: u8) -> uuid::Uuid {
    uuid::Uuid::from_bytes([n; 16])
}

fn cached(window: Duration) -> (Arc<Counting>, CachedCatalogue) {
    let inner = Arc::new(Counting::default());
    let cache = CachedCatalogue::new(inner.clone(), 1024 * 1024, window);
    (inner, cache)
}

async fn count(cache: &CachedCatalogue) -> i64 {
    cache.categories(10).await.expect("categories")[0].available_books
}

#[tokio::test]
async fn nothing_is_served_from_memory_until_the_feed_vouches() {
    let (inner, cache) = cached(DEFAULT_WINDOW);
    assert_eq!(count(&cache).await, 1);
    assert_eq!(count(&cache).await, 2, "no feed has caught up: every read asks the store");
    assert!(!cache.is_serving_copies());

    cache.invalidation().caught_up(Instant::now());
    assert_eq!(count(&cache).await, 3);
    assert_eq!(count(&cache).await, 3, "the copy is served");
    assert_eq!(inner.asked(), 3);
}

#[tokio::test]
async fn a_change_drops_every_copy() {
    let (inner, cache) = cached(DEFAULT_WINDOW);
    let feed = cache.invalidation();
    feed.caught_up(Instant::now());
    assert_eq!(count(&cache).await, 1);
    assert_eq!(count(&cache).await, 1);

    feed.changed();
    assert_eq!(count(&cache).await, 2, "after a change the store is asked again");
    assert_eq!(count(&cache).await, 2);
    assert_eq!(inner.asked(), 2);
}

#[tokio::test]
async fn a_read_that_started_before_a_change_is_never_served_after_it() {
    let (inner, cache) = cached(DEFAULT_WINDOW);
    let cache = Arc::new(cache);
    let feed = cache.invalidation();
    feed.caught_up(Instant::now());
    let gate = Arc::new(Semaphore::new(0));
    *inner.gate.lock().expect("the gate") = Some(gate.clone());

    // The read is under way (it has asked the store, whose answer predates the change) when the change arrives.
    let slow = tokio::spawn({
        let cache = cache.clone();
        async move { count(&cache).await }
    });
    while inner.asked() == 0 {
        tokio::task::yield_now().await;
    }
    feed.changed();
    gate.add_permits(1);
    assert_eq!(slow.await.expect("the read"), 1, "the read itself answers what it read");

    *inner.gate.lock().expect("the gate") = None;
    assert_eq!(count(&cache).await, 2, "its copy, read before the change, is not served after it");
}

#[tokio::test]
async fn requests_waiting_on_a_read_that_failed_after_the_copies_lapsed_read_at_once_not_one_after_another() {
    let (inner, cache) = cached(Duration::from_millis(100));
    let cache = Arc::new(cache);
    cache.invalidation().caught_up(Instant::now());
    inner.failing.store(true, Ordering::SeqCst);
    let gate = Arc::new(Semaphore::new(0));
    *inner.gate.lock().expect("the gate") = Some(gate.clone());
    // Five requests for one answer: the first reads the store (which hangs), four wait for it.
    let readers: Vec<_> = (0..5)
        .map(|_| {
            let cache = cache.clone();
            tokio::spawn(async move { cache.categories(10).await.is_err() })
        })
        .collect();
    while inner.asked() == 0 {
        tokio::task::yield_now().await;
    }
    for _ in 0..20 {
        tokio::task::yield_now().await;
    }
    assert_eq!(inner.asked(), 1, "one read for the five");
    // The feed goes silent (the database froze): the copies lapse, then the first read fails.
    tokio::time::sleep(Duration::from_millis(150)).await;
    gate.add_permits(1);
    // The four waiting requests now all ask the store together; none waits for another's failure first.
    let started = Instant::now();
    while inner.asked() < 5 {
        assert!(started.elapsed() < Duration::from_secs(2), "only {} of 5 asked: the waiters queue behind each other", inner.asked());
        tokio::task::yield_now().await;
    }
    gate.add_permits(4);
    for reader in readers {
        assert!(reader.await.expect("a reader"), "every request is answered with the failure");
    }
}

#[tokio::test]
async fn a_lost_feed_sends_every_read_to_the_store_until_it_catches_up_again() {
    let (inner, cache) = cached(DEFAULT_WINDOW);
    let feed = cache.invalidation();
    feed.caught_up(Instant::now());
    assert_eq!(count(&cache).await, 1);
    assert_eq!(count(&cache).await, 1);

    feed.lost();
    assert!(!cache.is_serving_copies());
    assert_eq!(count(&cache).await, 2);
    assert_eq!(count(&cache).await, 3, "nothing is kept while the feed is lost");

    // Reconnected: the feed announces that anything may have changed, then vouches again.
    feed.changed();
    assert_eq!(count(&cache).await, 4, "not vouched for yet");
    feed.caught_up(Instant::now());
    assert_eq!(count(&cache).await, 5);
    assert_eq!(count(&cache).await, 5);
    assert_eq!(inner.asked(), 5);
}

#[tokio::test]
async fn copies_lapse_when_the_feed_stops_checking_in() {
    let (_inner, cache) = cached(Duration::from_millis(100));
    cache.invalidation().caught_up(Instant::now());
    assert_eq!(count(&cache).await, 1);
    assert_eq!(count(&cache).await, 1);

    tokio::time::sleep(Duration::from_millis(150)).await;
    assert!(!cache.is_serving_copies(), "a feed silent for longer than the window vouches for nothing");
    assert_eq!(count(&cache).await, 2);
    assert_eq!(count(&cache).await, 3);
}

#[tokio::test]
async fn a_late_check_in_for_an_old_instant_does_not_extend_the_window() {
    let (_inner, cache) = cached(Duration::from_millis(100));
    let feed = cache.invalidation();
    let long_ago = Instant::now();
    tokio::time::sleep(Duration::from_millis(150)).await;
    feed.caught_up(long_ago);
    assert!(!cache.is_serving_copies(), "caught up as of an instant more than a window ago");
}

#[test]
fn the_hash_spreads_ids_that_differ_in_one_byte() {
    let hashes: std::collections::HashSet<u64> = (0..=255u8)
        .map(|n| {
            let mut bytes = [7u8; 16];
            bytes[15] = n;
            FastHash.hash_one(Key::Book(BookId::from_uuid(uuid::Uuid::from_bytes(bytes))))
        })
        .collect();
    assert_eq!(hashes.len(), 256);
}

/// A reader that knows every book: each id's page is the same sample book under that id.
#[derive(Default)]
struct Books {
    asked: AtomicUsize,
}

#[async_trait]
impl CatalogueReader for Books {
    async fn categories(&self, _: u32) -> Result<Vec<CategorySummary>, StoreError> {
        Ok(vec![])
    }
    async fn newest_by_category(&self, _: u32, _: u32) -> Result<Vec<CategoryGroup>, StoreError> {
        Ok(vec![])
    }
    async fn category_page(&self, _: CategoryId, _: PageRequest) -> Result<(Category, Page<BookCard>), CategoryPageError> {
        Err(CategoryPageError::NotFound)
    }
    async fn category_shelf(&self, _: CategoryId) -> Result<CategoryShelf, CategoryPageError> {
        Err(CategoryPageError::NotFound)
    }
    async fn category_books_from(&self, _: CategoryId, _: Option<ShelfMark>, _: u64, _: u32) -> Result<Vec<BookCard>, StoreError> {
        Ok(vec![])
    }
    async fn book_detail(&self, id: BookId) -> Result<Option<BookDetail>, StoreError> {
        self.asked.fetch_add(1, Ordering::SeqCst);
        let mut detail = crate::compact::tests::detail("Read once; the spine is firm and no page is missing.", Some(1972));
        detail.book.id = id;
        Ok(Some(detail))
    }
    async fn advertised(&self, _: u32) -> Result<Vec<BookCard>, StoreError> {
        Ok(vec![])
    }
    async fn category(&self, _: CategoryId) -> Result<Option<Category>, StoreError> {
        Ok(None)
    }
    async fn is_empty(&self) -> Result<bool, StoreError> {
        Ok(false)
    }
}

fn book_id(n: u32) -> BookId {
    let mut bytes = [0u8; 16];
    bytes[..4].copy_from_slice(&n.to_le_bytes());
    BookId::from_uuid(uuid::Uuid::from_bytes(bytes))
}

#[tokio::test]
async fn a_book_page_served_from_memory_is_the_page_the_store_gave() {
    let inner = Arc::new(Books::default());
    let cache = CachedCatalogue::new(inner.clone(), 1024 * 1024, DEFAULT_WINDOW);
    cache.invalidation().caught_up(Instant::now());
    let first = cache.book_detail(book_id(1)).await.expect("read").expect("found");
    let again = cache.book_detail(book_id(1)).await.expect("read").expect("found");
    assert_eq!(inner.asked.load(Ordering::SeqCst), 1, "the second read is a copy");
    assert_eq!(again, first);
    assert_eq!(again.book.id, book_id(1));
}

#[tokio::test]
async fn the_copies_stay_within_their_memory_and_a_scan_does_not_push_out_the_pages_people_return_to() {
    // Book pages get a quarter of the budget: 256 KiB here.
    let budget = 1024 * 1024;
    let inner = Arc::new(Books::default());
    let cache = CachedCatalogue::new(inner.clone(), budget, DEFAULT_WINDOW);
    cache.invalidation().caught_up(Instant::now());
    let asked = || inner.asked.load(Ordering::SeqCst);
    // 200 pages read twice (about 100 KiB of the book pages' 256 KiB), then 5,000 others read once: many times that.
    for _ in 0..2 {
        for n in 0..200 {
            cache.book_detail(book_id(n)).await.expect("read");
        }
    }
    for n in 1_000..6_000 {
        cache.book_detail(book_id(n)).await.expect("read");
    }
    assert!(cache.book_pages.weight() <= budget / 4, "{} bytes held of {}", cache.book_pages.weight(), budget / 4);
    let before = asked();
    for n in 0..200 {
        cache.book_detail(book_id(n)).await.expect("read");
    }
    let misses = asked() - before;
    assert!(misses < 20, "the pages read again are still held ({misses} of 200 missed)");
}

#[tokio::test]
async fn concurrent_misses_on_one_key_read_the_store_once() {
    let (inner, cache) = cached(DEFAULT_WINDOW);
    let cache = Arc::new(cache);
    cache.invalidation().caught_up(Instant::now());
    let gate = Arc::new(Semaphore::new(0));
    *inner.gate.lock().expect("the gate") = Some(gate.clone());
    let readers: Vec<_> = (0..8)
        .map(|_| {
            let cache = cache.clone();
            tokio::spawn(async move { count(&cache).await })
        })
        .collect();
    while inner.asked() == 0 {
        tokio::task::yield_now().await;
    }
    for _ in 0..20 {
        tokio::task::yield_now().await;
    }
    gate.add_permits(8);
    for reader in readers {
        assert_eq!(reader.await.expect("a reader"), 1);
    }
    assert_eq!(inner.asked(), 1);
}

/// The in-memory shop, telling how often whole category pages and shelves were asked of it.
struct Tallied {
    shop: Arc<puronoboi_fakes::shop::InMemoryShop>,
    pages: AtomicUsize,
    shelves: AtomicUsize,
    books_from: AtomicUsize,
    book_pages: AtomicUsize,
}

impl Tallied {
    fn new(shop: Arc<puronoboi_fakes::shop::InMemoryShop>) -> Arc<Self> {
        let zero = || AtomicUsize::new(0);
        Arc::new(Self { shop, pages: zero(), shelves: zero(), books_from: zero(), book_pages: zero() })
    }
}

#[async_trait]
impl CatalogueReader for Tallied {
    async fn categories(&self, limit: u32) -> Result<Vec<CategorySummary>, StoreError> {
        self.shop.categories(limit).await
    }
    async fn newest_by_category(&self, per_category: u32, max_categories: u32) -> Result<Vec<CategoryGroup>, StoreError> {
        self.shop.newest_by_category(per_category, max_categories).await
    }
    async fn category_page(&self, id: CategoryId, page: PageRequest) -> Result<(Category, Page<BookCard>), CategoryPageError> {
        self.pages.fetch_add(1, Ordering::SeqCst);
        self.shop.category_page(id, page).await
    }
    async fn category_shelf(&self, id: CategoryId) -> Result<CategoryShelf, CategoryPageError> {
        self.shelves.fetch_add(1, Ordering::SeqCst);
        self.shop.category_shelf(id).await
    }
    async fn category_books_from(
        &self,
        id: CategoryId,
        from: Option<ShelfMark>,
        skip: u64,
        limit: u32,
    ) -> Result<Vec<BookCard>, StoreError> {
        self.books_from.fetch_add(1, Ordering::SeqCst);
        self.shop.category_books_from(id, from, skip, limit).await
    }
    async fn book_detail(&self, id: BookId) -> Result<Option<BookDetail>, StoreError> {
        self.book_pages.fetch_add(1, Ordering::SeqCst);
        self.shop.book_detail(id).await
    }
    async fn advertised(&self, limit: u32) -> Result<Vec<BookCard>, StoreError> {
        self.shop.advertised(limit).await
    }
    async fn category(&self, id: CategoryId) -> Result<Option<Category>, StoreError> {
        self.shop.category(id).await
    }
    async fn is_empty(&self) -> Result<bool, StoreError> {
        self.shop.is_empty().await
    }
}

/// An in-memory shop with one seller and one category of `books` books titled by `title`: the shop, the seller, the
/// category and the books' ids, oldest first.
async fn shop_of_one_category(
    name: &str,
    books: usize,
    title: impl Fn(usize) -> String,
) -> (Arc<puronoboi_fakes::shop::InMemoryShop>, AccountId, Category, Vec<BookId>) {
    use puronoboi_fakes::catalogue::{add_category, list, new_book, open_seller};

    let accounts = Arc::new(puronoboi_fakes::accounts::InMemoryAccounts::default());
    let shop = Arc::new(puronoboi_fakes::shop::InMemoryShop::new(accounts.clone()));
    let seller = open_seller(accounts.as_ref(), "seller").await;
    let category = add_category(shop.as_ref(), name).await;
    let mut ids = Vec::new();
    for n in 0..books {
        ids.push(list(shop.as_ref(), new_book(seller, category.id, &title(n), 100)).await);
    }
    (shop, seller, category, ids)
}

#[tokio::test]
async fn category_pages_not_held_are_read_from_the_shelf_which_is_read_once_a_generation() {
    use puronoboi_fakes::catalogue::{list, new_book};

    let (shop, seller, category, _) = shop_of_one_category("Shelved Stories", 30, |n| format!("Story {n}")).await;
    let tallied = Tallied::new(shop.clone());
    let cache = CachedCatalogue::new(tallied.clone(), 1024 * 1024, DEFAULT_WINDOW);
    let feed = cache.invalidation();
    let page = |n: u32| PageRequest::new(n, 7).expect("a page");

    // Unvouched, a page is the store's own page read (a shelf per page would cost more).
    cache.category_page(category.id, page(2)).await.expect("the page");
    assert_eq!((tallied.pages.load(Ordering::SeqCst), tallied.shelves.load(Ordering::SeqCst)), (1, 0));

    feed.caught_up(Instant::now());
    for n in 1..=6 {
        let served = cache.category_page(category.id, page(n)).await.expect("the page");
        assert_eq!(served, shop.category_page(category.id, page(n)).await.expect("the page"), "page {n}");
    }
    assert_eq!(tallied.pages.load(Ordering::SeqCst), 1, "no whole page was asked of the store while vouched");
    assert_eq!(tallied.shelves.load(Ordering::SeqCst), 1, "one shelf served every page");
    assert_eq!(tallied.books_from.load(Ordering::SeqCst), 5, "pages 1-5 read books; page 6 is past the last book");

    // A new listing: the next generation reads a new shelf, and the pages show the book.
    let newest = list(shop.as_ref(), new_book(seller, category.id, "Story 30", 100)).await;
    feed.changed();
    feed.caught_up(Instant::now());
    let (_, first) = cache.category_page(category.id, page(1)).await.expect("the page");
    assert_eq!((first.items[0].id, first.total), (newest, 31));
    assert_eq!(tallied.shelves.load(Ordering::SeqCst), 2);
    let missing = cache.category_page(CategoryId::new(), page(1)).await;
    assert!(matches!(missing, Err(CategoryPageError::NotFound)), "{missing:?}");
}

#[tokio::test]
async fn category_pages_make_way_for_one_another_not_for_the_book_pages() {
    let (shop, _, category, books) = shop_of_one_category("Many Pages", 40, |n| format!("A title long enough to weigh {n}")).await;
    let tallied = Tallied::new(shop.clone());
    let budget = 128 * 1024;
    let cache = CachedCatalogue::new(tallied.clone(), budget, DEFAULT_WINDOW);
    cache.invalidation().caught_up(Instant::now());
    for id in &books {
        cache.book_detail(*id).await.expect("a book page");
    }
    assert_eq!(tallied.book_pages.load(Ordering::SeqCst), 40);
    let book_pages_weight = cache.book_pages.weight();

    // Visitors move on to the category pages: every page of every size, each read three times, several times what
    // the lists may hold.
    let mut listed = 0;
    for _ in 0..3 {
        for per_page in 1..=40 {
            for page in 1..=40u32.div_ceil(per_page) {
                let request = PageRequest::new(page, per_page).expect("a page");
                listed += cache.category_page(category.id, request).await.expect("the page").1.items.len();
            }
        }
    }
    assert_eq!(listed, 3 * 40 * 40);
    assert!(cache.lists.weight() > budget / 4, "the pages filled the lists' share ({} bytes)", cache.lists.weight());
    assert!(cache.held_bytes() <= budget, "{} bytes held of {budget}", cache.held_bytes());
    assert_eq!(cache.book_pages.weight(), book_pages_weight, "the category pages took none of the book pages' memory");

    for id in &books {
        cache.book_detail(*id).await.expect("a book page");
    }
    assert_eq!(tallied.book_pages.load(Ordering::SeqCst), 40, "every book page is still held");
}

#[tokio::test]
async fn pages_pushed_through_the_lists_never_push_out_the_shelf_they_are_read_from() {
    let (shop, _, category, _) = shop_of_one_category("Deep Shelf", 40, |n| format!("A title long enough to weigh {n}")).await;
    let tallied = Tallied::new(shop.clone());
    let cache = CachedCatalogue::new(tallied.clone(), 64 * 1024, DEFAULT_WINDOW);
    let feed = cache.invalidation();
    feed.caught_up(Instant::now());

    // Every page of every size, three times over: many times what the lists may hold, each page read from the shelf.
    for _ in 0..3 {
        for per_page in 1..=40 {
            for page in 1..=40u32.div_ceil(per_page) {
                cache.category_page(category.id, PageRequest::new(page, per_page).expect("a page")).await.expect("the page");
            }
        }
    }
    assert!(tallied.books_from.load(Ordering::SeqCst) > 200, "the pages were pushed out and read again");
    assert_eq!(tallied.shelves.load(Ordering::SeqCst), 1, "the shelf was read once");

    // After a change the old shelf is of no use: the next page reads a new one, and that one is kept in turn.
    feed.changed();
    feed.caught_up(Instant::now());
    for page in 1..=40 {
        cache.category_page(category.id, PageRequest::new(page, 1).expect("a page")).await.expect("the page");
    }
    assert_eq!(tallied.shelves.load(Ordering::SeqCst), 2);
}
