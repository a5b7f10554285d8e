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
//! Memory. The cache is bounded by an estimate of the bytes its copies hold; the least useful copies go first.

use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use puronoboi_domain::{BookCard, BookDetail, BookId, Category, CategoryId, CategorySummary, Page, PageRequest};
use puronoboi_ports::{CatalogueChanges, CatalogueReader, CategoryGroup, CategoryPageError, StoreError};

/// What a copy answers.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Key {
    Categories(u32),
    Grouped { per_category: u32, max_categories: u32 },
    CategoryPage { id: CategoryId, page: u32, per_page: u32 },
    Book(BookId),
    Advertised(u32),
    Category(CategoryId),
}

/// A copy of one answer, shared by every request that reads it.
#[derive(Clone)]
enum Value {
    Categories(Arc<Vec<CategorySummary>>),
    Grouped(Arc<Vec<CategoryGroup>>),
    CategoryPage(Arc<(Category, Page<BookCard>)>),
    Book(Arc<Option<BookDetail>>),
    Advertised(Arc<Vec<BookCard>>),
    Category(Arc<Option<Category>>),
}

/// A key as stored: the generation it was read under comes first, so a copy from before a change is never found.
type Stored = (u64, Key);

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

/// The handle a change feed drives (see [`CatalogueChanges`]).
#[derive(Clone)]
pub struct Invalidation {
    freshness: Arc<Freshness>,
    cache: moka::future::Cache<Stored, Value, FastHash>,
}

impl CatalogueChanges for Invalidation {
    fn changed(&self) {
        self.freshness.generation.fetch_add(1, Ordering::SeqCst);
        // Older generations are never served; this only frees their memory sooner.
        self.cache.invalidate_all();
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
}

impl CachedCatalogue {
    /// Keeps at most about `max_bytes` of copies, served for at most `window` after the feed last caught up.
    pub fn new(inner: Arc<dyn CatalogueReader>, max_bytes: u64, window: Duration) -> Self {
        let cache = moka::future::Cache::builder()
            .max_capacity(max_bytes)
            .weigher(|key: &Stored, value: &Value| u32::try_from(weight(&key.1, value)).unwrap_or(u32::MAX))
            .build_with_hasher(FastHash);
        let freshness = Freshness { generation: AtomicU64::new(0), vouched_until_ms: AtomicU64::new(0), epoch: Instant::now(), window };
        Self { inner, invalidation: Invalidation { freshness: Arc::new(freshness), cache } }
    }

    /// What the change feed drives.
    pub fn invalidation(&self) -> Invalidation {
        self.invalidation.clone()
    }

    /// Whether reads are answered from copies right now (the feed vouches for them).
    pub fn is_serving_copies(&self) -> bool {
        self.invalidation.freshness.serving().is_some()
    }

    /// The copy under `key` when one is vouched for, else the wrapped reader's answer (stored for next time).
    /// Concurrent misses on one key wait for a single read of the wrapped reader instead of each running it.
    async fn read<T: Clone, E, F: Future<Output = Result<T, E>>>(
        &self,
        key: Key,
        wrap: fn(Arc<T>) -> Value,
        unwrap: fn(Value) -> Option<Arc<T>>,
        load: impl Fn() -> F,
    ) -> Result<T, E> {
        let Some(generation) = self.invalidation.freshness.serving() else {
            return load().await;
        };
        let mut failure = None;
        let copy = self
            .invalidation
            .cache
            .optionally_get_with((generation, key), async {
                match load().await {
                    Ok(answer) => Some(wrap(Arc::new(answer))),
                    Err(e) => {
                        failure = Some(e);
                        None
                    }
                }
            })
            .await;
        match (copy.and_then(unwrap), failure) {
            (Some(copy), _) => Ok(T::clone(&copy)),
            (None, Some(e)) => Err(e),
            // Another request's read failed while this one waited for it: try once more, on its own.
            (None, None) => load().await,
        }
    }
}

#[async_trait]
impl CatalogueReader for CachedCatalogue {
    async fn categories(&self, limit: u32) -> Result<Vec<CategorySummary>, StoreError> {
        let unwrap = |v| if let Value::Categories(c) = v { Some(c) } else { None };
        self.read(Key::Categories(limit), Value::Categories, unwrap, || self.inner.categories(limit)).await
    }

    async fn newest_by_category(&self, per_category: u32, max_categories: u32) -> Result<Vec<CategoryGroup>, StoreError> {
        let unwrap = |v| if let Value::Grouped(g) = v { Some(g) } else { None };
        let key = Key::Grouped { per_category, max_categories };
        self.read(key, Value::Grouped, unwrap, || self.inner.newest_by_category(per_category, max_categories)).await
    }

    async fn category_page(&self, id: CategoryId, page: PageRequest) -> Result<(Category, Page<BookCard>), CategoryPageError> {
        let unwrap = |v| if let Value::CategoryPage(p) = v { Some(p) } else { None };
        let key = Key::CategoryPage { id, page: page.page(), per_page: page.per_page() };
        self.read(key, Value::CategoryPage, unwrap, || self.inner.category_page(id, page)).await
    }

    async fn book_detail(&self, id: BookId) -> Result<Option<BookDetail>, StoreError> {
        let unwrap = |v| if let Value::Book(b) = v { Some(b) } else { None };
        self.read(Key::Book(id), Value::Book, unwrap, || self.inner.book_detail(id)).await
    }

    async fn advertised(&self, limit: u32) -> Result<Vec<BookCard>, StoreError> {
        let unwrap = |v| if let Value::Advertised(a) = v { Some(a) } else { None };
        self.read(Key::Advertised(limit), Value::Advertised, unwrap, || self.inner.advertised(limit)).await
    }

    async fn category(&self, id: CategoryId) -> Result<Option<Category>, StoreError> {
        let unwrap = |v| if let Value::Category(c) = v { Some(c) } else { None };
        self.read(Key::Category(id), Value::Category, unwrap, || self.inner.category(id)).await
    }

    async fn is_empty(&self) -> Result<bool, StoreError> {
        // Asked once at start-up; not worth a copy.
        self.inner.is_empty().await
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
        // A final mix so that moka's sharding (high bits) and table (low bits) both see every input bit.
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

/// What one copy holds, about: its strings' bytes plus the fixed part of each value and the cache's own bookkeeping.
fn weight(key: &Key, value: &Value) -> usize {
    const ENTRY: usize = 160;
    let key_bytes = std::mem::size_of_val(key);
    let value_bytes = match value {
        Value::Categories(list) => list.iter().map(|c| std::mem::size_of::<CategorySummary>() + c.name.len()).sum(),
        Value::Grouped(groups) => groups
            .iter()
            .map(|g| std::mem::size_of::<CategoryGroup>() + g.category.name.len() + g.books.iter().map(card_bytes).sum::<usize>())
            .sum(),
        Value::CategoryPage(page) => page.0.name.len() + page.1.items.iter().map(card_bytes).sum::<usize>(),
        Value::Book(detail) => detail.as_ref().as_ref().map_or(0, detail_bytes),
        Value::Advertised(cards) => cards.iter().map(card_bytes).sum(),
        Value::Category(category) => category.as_ref().as_ref().map_or(0, |c| c.name.len()),
    };
    ENTRY + key_bytes + value_bytes
}

/// A heap string costs its bytes plus the allocator's header and rounding, about 16 bytes.
fn text(s: &str) -> usize {
    s.len() + 16
}

fn card_bytes(card: &BookCard) -> usize {
    std::mem::size_of::<BookCard>()
        + text(card.title.as_str())
        + text(card.author.as_str())
        + text(&card.picture_url)
        + text(card.location.as_str())
}

fn detail_bytes(detail: &BookDetail) -> usize {
    let book = &detail.book;
    let seller = &detail.seller;
    std::mem::size_of::<BookDetail>()
        + [
            book.title.as_str(),
            book.author.as_str(),
            &book.category.name,
            book.description.as_str(),
            &book.picture_url,
            seller.name.as_str(),
            seller.email.as_str(),
            seller.location.as_str(),
        ]
        .iter()
        .map(|s| text(s))
        .sum::<usize>()
        + text(&seller.phone.e164())
}

#[cfg(test)]
mod tests;
