//! Public catalogue reads kept in memory: a [`CatalogueReader`] that answers from copies of the wrapped reader's
//! answers while a change feed vouches that they are fresh, and asks the wrapped reader otherwise.
//!
//! Freshness. Every copy is stored under the generation it was read under; [`CatalogueChanges::changed`] moves the
//! generation on, so every older copy stops being found at once (and its memory goes with the next eviction pass). The
//! generation is taken *before* the wrapped reader runs: a read that started before a change and finishes after it
//! is stored under the old generation and never served. Copies are served only until `as_of + window` of the feed's
//! last [`CatalogueChanges::caught_up`]; a feed that stops hearing from the database (a lost or stalled connection)
//! stops vouching, and reads go to the wrapped reader until the feed has reconnected, announced a change and caught
//! up again. With a window under one second, no answer is older than one second after a committed change.
//!
//! Memory. The cache is bounded by an estimate of the bytes its copies take, slots and the allocator's rounding
//! included; the least useful copies go first (quick_cache's S3-FIFO). Book and category pages, the copies there are
//! many of, are kept as compact bytes.
//!
//! Book pages and the lists (category pages, shelves, the home page's lists) are kept in two caches, each with its
//! own share of the budget. In one shared cache, visitors moving from book pages to category pages made category
//! pages (several KB each) push out book pages (a few hundred bytes each) one by one, in no particular order: the
//! allocator can give memory back only when every book page in a block of them has gone, so it kept nearly all the
//! books' blocks while taking new memory for the category pages, and the process held about twice the budget (at a
//! million books: 130 MiB for a 64 MiB budget). Apart, a copy makes way only for copies of its own size, whose
//! memory the allocator reuses.

use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use puronoboi_domain::{BookCard, BookDetail, BookId, Category, CategoryId, CategorySummary, Page, PageRequest};
use puronoboi_ports::{
    CatalogueChanges, CatalogueReader, CategoryGroup, CategoryPageError, CategoryShelf, ShelfMark, StoreError, allocated_bytes,
};

/// What a copy answers.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Key {
    Categories(u32),
    Grouped { per_category: u32, max_categories: u32 },
    CategoryPage { id: CategoryId, page: u32, per_page: u32 },
    Shelf(CategoryId),
    Book(BookId),
    Advertised(u32),
    Category(CategoryId),
}

/// A copy of one answer. The answers there are many of (book pages, category pages) are kept as compact bytes
/// (see [`compact`]); the few others as shared structs.
#[derive(Clone)]
enum Value {
    Categories(Arc<Vec<CategorySummary>>),
    Grouped(Arc<Vec<CategoryGroup>>),
    CategoryPage(Arc<CompactCategoryPage>),
    Shelf(Arc<CategoryShelf>),
    /// `None`: no such book.
    Book(Option<Arc<[u8]>>),
    Advertised(Arc<Vec<BookCard>>),
    Category(Arc<Option<Category>>),
}

struct CompactCategoryPage {
    category: Category,
    request: PageRequest,
    total: i64,
    cards: Box<[u8]>,
}

/// A key as stored: the generation it was read under comes first, so a copy from before a change is never found.
type Stored = (u64, Key);

/// Counter of public catalogue reads by `answer`: `copy` (served from memory), `database` (not held yet: read from
/// the wrapped reader and kept) or `unvouched` (the feed does not vouch right now: read from the wrapped reader).
/// A no-op until the process installs a metrics recorder.
pub const CATALOGUE_READS: &str = "catalogue_reads_total";

/// Gauge of the bytes the copies take (every generation's, until evicted), by the same estimate that bounds them.
pub const CATALOGUE_CACHE_BYTES: &str = "catalogue_cache_bytes";

/// How long after the feed last caught up its copies may still be served, when not configured otherwise. The feed
/// checks in several times within it, so a healthy feed never lets it lapse.
pub const DEFAULT_WINDOW: Duration = Duration::from_millis(800);

/// The generation and the feed's vouching, shared by the reader and the feed's handle.
struct Freshness {
    generation: AtomicU64,
    /// Milliseconds since `epoch` until which copies may be served; 0 while the feed does not vouch.
    vouched_until_ms: AtomicU64,
    epoch: Instant,
    window: Duration,
}

impl Freshness {
    fn now_ms(&self) -> u64 {
        millis(self.epoch.elapsed())
    }

    /// The generation copies may be served (and stored) under right now, or `None` when no copy is vouched for.
    fn serving(&self) -> Option<u64> {
        // The generation is read first: a change announced between the two loads only makes this read stricter.
        let generation = self.generation.load(Ordering::SeqCst);
        (self.now_ms() < self.vouched_until_ms.load(Ordering::SeqCst)).then_some(generation)
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

type Copies = quick_cache::sync::Cache<Stored, Value, Weight, FastHash, KeepShelves>;

/// Keeps every shelf of the current generation, whatever else comes in: a shelf (a category's count and marks) costs
/// a count over the whole category to read again, about 0.4 s of the database's time at a million books, where a
/// page read from its mark costs well under a millisecond. Left to eviction like the pages, a burst of pages read
/// from the database pushed the shelves out, and each page after that read its shelf again. One shelf a category,
/// with a mark every 8 books down to the deepest row a page reaches (10,000): pinned, they take at most about 30 KB
/// a category and, all categories together, about 3 bytes a listed book (3 MB at a million), well inside the lists'
/// share. A shelf of an older generation is never found again and is evicted as anything else.
#[derive(Clone)]
struct KeepShelves(Arc<Freshness>);

impl quick_cache::Lifecycle<Stored, Value> for KeepShelves {
    type RequestState = ();

    fn is_pinned(&self, key: &Stored, value: &Value) -> bool {
        matches!(value, Value::Shelf(_)) && key.0 == self.0.generation.load(Ordering::Acquire)
    }
}

/// The handle a change feed drives (see [`CatalogueChanges`]).
#[derive(Clone)]
pub struct Invalidation {
    freshness: Arc<Freshness>,
}

impl CatalogueChanges for Invalidation {
    fn changed(&self) {
        // Copies of older generations are never found again. They are not dropped here: the cache is bounded, so they
        // make way for new copies as those arrive, and a change costs one increment however much is held.
        self.freshness.generation.fetch_add(1, Ordering::SeqCst);
    }

    fn caught_up(&self, as_of: Instant) {
        let until = millis(as_of.saturating_duration_since(self.freshness.epoch) + self.freshness.window);
        self.freshness.vouched_until_ms.fetch_max(until, Ordering::SeqCst);
    }

    fn lost(&self) {
        self.freshness.vouched_until_ms.store(0, Ordering::SeqCst);
        self.changed();
    }
}

/// The caching reader. Until a feed vouches for it (see [`CachedCatalogue::invalidation`]), every read goes to the
/// wrapped reader.
pub struct CachedCatalogue {
    inner: Arc<dyn CatalogueReader>,
    invalidation: Invalidation,
    /// Copies of book pages.
    book_pages: Copies,
    /// Copies of everything else: category pages and shelves, the categories, the grouped and advertised lists.
    lists: Copies,
}

/// The share of the budget book pages get; the lists get the rest. A book page missed costs the database little (one
/// row, read together with the other pages asked for at that moment); a category page missed costs a range of 24
/// cards, several times more, and each of its copies serves far more visits per byte. Measured at a million books on
/// 2 cores with 64 MiB (random book pages, then random category pages): with a quarter for book pages, 64% of
/// category page reads came from copies, against 69% when they could take the whole budget; random book pages came
/// from copies 6% of the time even with the whole budget.
const BOOK_PAGES_SHARE: (u64, u64) = (1, 4);

/// About what one copy weighs in memory, for sizing each cache's item table up front: a book page, a category page.
const TYPICAL_BOOK_PAGE_BYTES: u64 = 520;
const TYPICAL_LIST_BYTES: u64 = 5000;

impl CachedCatalogue {
    /// Keeps at most about `max_bytes` of copies, served for at most `window` after the feed last caught up.
    pub fn new(inner: Arc<dyn CatalogueReader>, max_bytes: u64, window: Duration) -> Self {
        let for_book_pages = max_bytes / BOOK_PAGES_SHARE.1 * BOOK_PAGES_SHARE.0;
        let freshness =
            Arc::new(Freshness { generation: AtomicU64::new(0), vouched_until_ms: AtomicU64::new(0), epoch: Instant::now(), window });
        let copies = |bytes: u64, typical: u64| {
            let items = usize::try_from(bytes / typical).unwrap_or(usize::MAX).max(16);
            Copies::with(items, bytes.max(1), Weight, FastHash, KeepShelves(Arc::clone(&freshness)))
        };
        Self {
            inner,
            invalidation: Invalidation { freshness: Arc::clone(&freshness) },
            book_pages: copies(for_book_pages, TYPICAL_BOOK_PAGE_BYTES),
            lists: copies(max_bytes - for_book_pages, TYPICAL_LIST_BYTES),
        }
    }

    fn copies(&self, key: &Key) -> &Copies {
        if matches!(key, Key::Book(_)) { &self.book_pages } else { &self.lists }
    }

    /// What the change feed drives.
    pub fn invalidation(&self) -> Invalidation {
        self.invalidation.clone()
    }

    /// Whether reads are answered from copies right now (the feed vouches for them).
    pub fn is_serving_copies(&self) -> bool {
        self.invalidation.freshness.serving().is_some()
    }

    /// About how many bytes the copies held right now take (every generation's, until evicted).
    pub fn held_bytes(&self) -> u64 {
        self.book_pages.weight() + self.lists.weight()
    }

    /// The copy under `key` when one is vouched for, else the wrapped reader's answer (kept for next time).
    /// Concurrent misses on one key wait for a single read of the wrapped reader instead of each running it.
    async fn read<T, E, F: Future<Output = Result<T, E>>>(
        &self,
        key: Key,
        keep: fn(&T) -> Value,
        restore: fn(&Value) -> Option<T>,
        load: impl Fn() -> F,
    ) -> Result<T, E> {
        let Some(generation) = self.invalidation.freshness.serving() else {
            metrics::counter!(CATALOGUE_READS, "answer" => "unvouched").increment(1);
            return load().await;
        };
        let copies = self.copies(&key);
        let guard = match copies.get_value_or_guard_async(&(generation, key)).await {
            Ok(copy) => {
                if let Some(answer) = restore(&copy) {
                    metrics::counter!(CATALOGUE_READS, "answer" => "copy").increment(1);
                    return Ok(answer);
                }
                // Only a bug could make a copy unreadable; the store still answers.
                return load().await;
            }
            Err(guard) => guard,
        };
        // A failed read drops its guard unfilled and the next request waiting on the key takes it over; had each
        // waiter then read in turn, a database that froze would have kept the last waiting for every read before
        // it. When copies are no longer vouched for (as a frozen database soon makes them), each reads on its own.
        if self.invalidation.freshness.serving() != Some(generation) {
            drop(guard);
            metrics::counter!(CATALOGUE_READS, "answer" => "unvouched").increment(1);
            return load().await;
        }
        metrics::counter!(CATALOGUE_READS, "answer" => "database").increment(1);
        let answer = load().await?;
        let _ = guard.insert(keep(&answer));
        metrics::gauge!(CATALOGUE_CACHE_BYTES).set(self.held_bytes() as f64);
        Ok(answer)
    }

    /// The category's shelf as held (shared, not copied: every page of the category reads it).
    async fn shelf(&self, id: CategoryId) -> Result<Arc<CategoryShelf>, CategoryPageError> {
        let keep = |s: &Arc<CategoryShelf>| Value::Shelf(Arc::clone(s));
        let restore = |v: &Value| if let Value::Shelf(s) = v { Some(Arc::clone(s)) } else { None };
        self.read(Key::Shelf(id), keep, restore, || async { self.inner.category_shelf(id).await.map(Arc::new) }).await
    }

    /// A category page not held yet: read from the mark before it on the category's shelf (held too), so that a
    /// page deep in a large category costs a few books rather than a walk past every book before it. While no copy
    /// is vouched for, a shelf would be read for every page, so the wrapped reader reads the page on its own.
    async fn category_page_from_shelf(&self, id: CategoryId, page: PageRequest) -> Result<(Category, Page<BookCard>), CategoryPageError> {
        if !self.is_serving_copies() {
            return self.inner.category_page(id, page).await;
        }
        let shelf = self.shelf(id).await?;
        let total = shelf.available_books;
        // Past the last book there is nothing to read.
        let items = if i64::try_from(page.offset()).unwrap_or(i64::MAX) >= total {
            Vec::new()
        } else {
            let (from, skip) = shelf.start_of(page.offset());
            self.inner.category_books_from(id, from, skip, page.per_page()).await.map_err(|e| CategoryPageError::Unknown(e.0))?
        };
        Ok((shelf.category.clone(), Page { items, request: page, total }))
    }
}

#[async_trait]
impl CatalogueReader for CachedCatalogue {
    async fn categories(&self, limit: u32) -> Result<Vec<CategorySummary>, StoreError> {
        let keep = |c: &Vec<CategorySummary>| Value::Categories(Arc::new(c.clone()));
        let restore = |v: &Value| if let Value::Categories(c) = v { Some(Vec::clone(c)) } else { None };
        self.read(Key::Categories(limit), keep, restore, || self.inner.categories(limit)).await
    }

    async fn newest_by_category(&self, per_category: u32, max_categories: u32) -> Result<Vec<CategoryGroup>, StoreError> {
        let keep = |g: &Vec<CategoryGroup>| Value::Grouped(Arc::new(g.clone()));
        let restore = |v: &Value| if let Value::Grouped(g) = v { Some(Vec::clone(g)) } else { None };
        let key = Key::Grouped { per_category, max_categories };
        self.read(key, keep, restore, || self.inner.newest_by_category(per_category, max_categories)).await
    }

    async fn category_page(&self, id: CategoryId, page: PageRequest) -> Result<(Category, Page<BookCard>), CategoryPageError> {
        let keep = |(category, page): &(Category, Page<BookCard>)| {
            let cards = compact::encode_cards(&page.items, category.id);
            Value::CategoryPage(Arc::new(CompactCategoryPage {
                category: category.clone(),
                request: page.request,
                total: page.total,
                cards,
            }))
        };
        let restore = |v: &Value| {
            let Value::CategoryPage(p) = v else { return None };
            let items = compact::decode_cards(&p.cards, p.category.id)?;
            Some((p.category.clone(), Page { items, request: p.request, total: p.total }))
        };
        let key = Key::CategoryPage { id, page: page.page(), per_page: page.per_page() };
        self.read(key, keep, restore, || self.category_page_from_shelf(id, page)).await
    }

    async fn category_shelf(&self, id: CategoryId) -> Result<CategoryShelf, CategoryPageError> {
        Ok(CategoryShelf::clone(&*self.shelf(id).await?))
    }

    async fn category_books_from(
        &self,
        id: CategoryId,
        from: Option<ShelfMark>,
        skip: u64,
        limit: u32,
    ) -> Result<Vec<BookCard>, StoreError> {
        self.inner.category_books_from(id, from, skip, limit).await
    }

    async fn book_detail(&self, id: BookId) -> Result<Option<BookDetail>, StoreError> {
        let keep = |d: &Option<BookDetail>| Value::Book(d.as_ref().map(|d| Arc::from(compact::encode_detail(d))));
        let restore = |v: &Value| match v {
            Value::Book(None) => Some(None),
            Value::Book(Some(bytes)) => compact::decode_detail(bytes).map(Some),
            _ => None,
        };
        self.read(Key::Book(id), keep, restore, || self.inner.book_detail(id)).await
    }

    async fn advertised(&self, limit: u32) -> Result<Vec<BookCard>, StoreError> {
        let keep = |a: &Vec<BookCard>| Value::Advertised(Arc::new(a.clone()));
        let restore = |v: &Value| if let Value::Advertised(a) = v { Some(Vec::clone(a)) } else { None };
        self.read(Key::Advertised(limit), keep, restore, || self.inner.advertised(limit)).await
    }

    async fn category(&self, id: CategoryId) -> Result<Option<Category>, StoreError> {
        let keep = |c: &Option<Category>| Value::Category(Arc::new(c.clone()));
        let restore = |v: &Value| if let Value::Category(c) = v { Some(Option::clone(c)) } else { None };
        self.read(Key::Category(id), keep, restore, || self.inner.category(id)).await
    }

    async fn is_empty(&self) -> Result<bool, StoreError> {
        // Asked once at start-up; not worth a copy.
        self.inner.is_empty().await
    }

    /// The generation copies are served under, while the feed vouches for them.
    fn version(&self) -> Option<u64> {
        self.invalidation.freshness.serving()
    }
}

/// Ids are random UUIDs and the other keys small integers: a multiply-and-fold hash spreads them well enough, and
/// SipHash's resistance to chosen keys buys nothing when every key the cache sees is one the store answered for.
#[derive(Clone, Default)]
struct FastHash;

impl BuildHasher for FastHash {
    type Hasher = Fold;
    fn build_hasher(&self) -> Fold {
        Fold(0)
    }
}

struct Fold(u64);

impl Hasher for Fold {
    fn finish(&self) -> u64 {
        // A final mix so that the cache's sharding and its tables both see every input bit.
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }
}

/// What one copy costs in memory, about: the cache's own slot (key, value and bookkeeping) plus what the value
/// holds on the heap, each allocation as the allocator rounds it. Bounding this sum bounds the memory the cache takes.
#[derive(Clone)]
struct Weight;

/// A shared (`Arc`) allocation's two counters, ahead of its value.
const COUNTS: usize = 16;

/// A vector's buffer of `len` items of `T`.
fn buffer<T>(len: usize) -> usize {
    allocated_bytes(len * std::mem::size_of::<T>())
}

/// A shared value of type `T`.
fn shared<T>() -> usize {
    allocated_bytes(COUNTS + std::mem::size_of::<T>())
}

impl quick_cache::Weighter<Stored, Value> for Weight {
    fn weight(&self, _key: &Stored, value: &Value) -> u64 {
        // The slot: key and value inline, the item's links and state, and its share of the index.
        const SLOT: usize = std::mem::size_of::<Stored>() + std::mem::size_of::<Value>() + 32;
        let held = match value {
            Value::Categories(list) => {
                shared::<Vec<CategorySummary>>() + buffer::<CategorySummary>(list.len()) + list.iter().map(|c| text(&c.name)).sum::<usize>()
            }
            Value::Grouped(groups) => {
                shared::<Vec<CategoryGroup>>()
                    + buffer::<CategoryGroup>(groups.len())
                    + groups
                        .iter()
                        .map(|g| text(&g.category.name) + buffer::<BookCard>(g.books.len()) + g.books.iter().map(card_heap).sum::<usize>())
                        .sum::<usize>()
            }
            Value::CategoryPage(page) => shared::<CompactCategoryPage>() + text(&page.category.name) + allocated_bytes(page.cards.len()),
            Value::Shelf(shelf) => shared::<CategoryShelf>() + text(&shelf.category.name) + buffer::<ShelfMark>(shelf.marks.len()),
            Value::Book(bytes) => bytes.as_ref().map_or(0, |b| allocated_bytes(COUNTS + b.len())),
            Value::Advertised(cards) => {
                shared::<Vec<BookCard>>() + buffer::<BookCard>(cards.len()) + cards.iter().map(card_heap).sum::<usize>()
            }
            Value::Category(category) => shared::<Option<Category>>() + category.as_ref().as_ref().map_or(0, |c| text(&c.name)),
        };
        u64::try_from(SLOT + held).unwrap_or(u64::MAX)
    }
}

/// A heap string's allocation.
fn text(s: &str) -> usize {
    allocated_bytes(s.len())
}

/// What a card holds on the heap besides itself.
fn card_heap(card: &BookCard) -> usize {
    text(card.title.as_str()) + text(card.author.as_str()) + text(&card.picture_url) + text(card.location.as_str())
}

mod compact;

#[cfg(test)]
mod tests;
