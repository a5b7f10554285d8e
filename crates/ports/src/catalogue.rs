//! Reading and growing the catalogue of books.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{
    AccountId, BookCard, BookDetail, BookId, Category, CategoryId, CategoryName, CategorySummary, NewBook, Page, PageRequest,
};

/// The store could not answer: a lost connection, a timeout, a bug. Callers show a generic failure.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct StoreError(#[from] pub anyhow::Error);

/// In a store failure's cause chain: the database could not be reached (no connection within the store's deadline:
/// refused, shutting down or silent). Unlike a bug, this passes once the database is back, so callers answer "try
/// again shortly" rather than "something went wrong".
#[derive(Debug, thiserror::Error)]
#[error("the database is out of reach")]
pub struct StoreUnreachable(#[source] pub anyhow::Error);

#[derive(Debug, thiserror::Error)]
pub enum CategoryPageError {
    #[error("no such category")]
    NotFound,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// A place in a category's newest-first order of available books: the listing time and id of a book there. A mark
/// stays a valid place after its book has left (sold or withdrawn): reading "from a mark" reads the books that sort
/// at or after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShelfMark {
    pub listed_at: DateTime<Utc>,
    pub id: BookId,
}

/// Where a category's pages start, so that a page deep in a large category is read from a nearby mark instead of
/// by skipping every book before it: the category, its count of available books and the mark of every
/// [`CategoryShelf::MARK_EVERY`]th of its newest [`PageRequest::MAX_ROWS`] available books (the first mark is the
/// newest book).
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryShelf {
    pub category: Category,
    pub available_books: i64,
    pub marks: Vec<ShelfMark>,
}

impl CategoryShelf {
    /// Every how many books a mark is kept: a page starts at most this many books minus one after its mark.
    pub const MARK_EVERY: u32 = 8;

    /// Where the books `offset` places down the category start: the mark to read from (`None`: from the newest book)
    /// and how many books after it to skip.
    pub fn start_of(&self, offset: u64) -> (Option<ShelfMark>, u64) {
        let every = u64::from(Self::MARK_EVERY);
        let Some(last) = self.marks.len().checked_sub(1) else { return (None, offset) };
        // Offsets past the marks read on from the last one.
        let index = usize::try_from(offset / every).unwrap_or(usize::MAX).min(last);
        (Some(self.marks[index]), offset - index as u64 * every)
    }
}

/// A category and the first books a buyer can order in it.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryGroup {
    pub category: Category,
    pub books: Vec<BookCard>,
    /// Every available book in the category, of which `books` are the newest few.
    pub available_books: i64,
}

/// The bytes the allocator hands out for a request of `n`, by which copies of public reads are weighed against
/// their budget: jemalloc's size classes (the server's allocator), multiples of 16 up to 128, then four classes to
/// each doubling (160, 192, 224, 256, 320, ...). A 400-byte book page takes 448 and a 2,168-byte compressed category
/// page 2,560: counting the request alone would undercount every copy by a tenth or more.
pub fn allocated_bytes(n: usize) -> usize {
    if n <= 128 {
        return n.div_ceil(16) * 16;
    }
    let spacing = n.next_power_of_two() / 8;
    n.div_ceil(spacing) * spacing
}

/// What buyers browse. Listings show only books that are still for sale.
#[async_trait]
pub trait CatalogueReader: Send + Sync {
    /// The categories a seller picks from, by name, with their counts of available books: every category with
    /// available books, and the empty ones created or used (a book listed in them) within the last
    /// [`CategoryName::UNUSED_AFTER_DAYS`] days. At most `limit`, categories with books first: empty categories never
    /// push one with books out.
    async fn categories(&self, limit: u32) -> Result<Vec<CategorySummary>, StoreError>;

    /// Categories that have available books, each with its newest `per_category` available books. At most
    /// `max_categories` of them, taken among the categories with available books only (empty ones take no place).
    async fn newest_by_category(&self, per_category: u32, max_categories: u32) -> Result<Vec<CategoryGroup>, StoreError>;

    /// One page of a category's available books, newest first.
    /// Errors: `NotFound` when the category does not exist.
    async fn category_page(&self, id: CategoryId, page: PageRequest) -> Result<(Category, Page<BookCard>), CategoryPageError>;

    /// The category's shelf: its count of available books and the marks its pages start from (see
    /// [`CategoryShelf`]). Errors: `NotFound` when the category does not exist.
    async fn category_shelf(&self, id: CategoryId) -> Result<CategoryShelf, CategoryPageError>;

    /// Up to `limit` of a category's available books, newest first, starting `skip` books after the place `from`
    /// (`from` itself included; `None`: the newest book). Together with a [`CategoryShelf`] this reads any page of
    /// [`CatalogueReader::category_page`] at the cost of a few books, however deep the page is.
    async fn category_books_from(
        &self,
        id: CategoryId,
        from: Option<ShelfMark>,
        skip: u64,
        limit: u32,
    ) -> Result<Vec<BookCard>, StoreError>;

    /// A book's own page, whatever its status (callers decide what a withdrawn book shows). `None` when no such
    /// book exists.
    async fn book_detail(&self, id: BookId) -> Result<Option<BookDetail>, StoreError>;

    /// Advertised books that are still available, newest first, at most `limit`.
    async fn advertised(&self, limit: u32) -> Result<Vec<BookCard>, StoreError>;

    /// The category with this id, if there is one.
    async fn category(&self, id: CategoryId) -> Result<Option<Category>, StoreError>;

    /// Whether the catalogue holds no category at all (a fresh database).
    async fn is_empty(&self) -> Result<bool, StoreError>;

    /// A number that moves on whenever any answer above may have changed, or `None` when this reader cannot
    /// promise that (it reads the database every time, or its change feed is not vouching right now). Taken
    /// *before* a read, it lets a caller keep something made from the answers (a rendered response) under it:
    /// whatever is kept under a version is never stale while that version is current.
    fn version(&self) -> Option<u64> {
        None
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AddCategoryError {
    /// Names are unique regardless of case; the existing category is returned so callers can reuse it.
    #[error("category {0:?} already exists")]
    AlreadyExists(Category),
    /// The seller already created the most new categories allowed in the last 24 hours; nothing was added.
    #[error("the seller created the most new categories allowed today")]
    DailyLimit,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum ListBookError {
    #[error("no such seller")]
    UnknownSeller,
    #[error("no such category")]
    UnknownCategory,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Growing the catalogue: categories and listings.
#[async_trait]
pub trait CatalogueWriter: Send + Sync {
    /// Errors: `AlreadyExists` with the existing category when the name is taken in any letter case.
    async fn add_category(&self, name: &CategoryName) -> Result<Category, AddCategoryError>;

    /// A category a seller named: the existing one when a category already has this name in any letter case (which
    /// counts against nothing), else a new one recorded as the seller's, unless the seller already created
    /// `per_day` categories in the last 24 hours. Concurrent calls of one seller are counted one after the other.
    /// Errors: `DailyLimit` (nothing added).
    async fn add_seller_category(&self, seller: AccountId, name: &CategoryName, per_day: u32) -> Result<Category, AddCategoryError>;

    /// What [`CatalogueWriter::add_seller_category`] would do now, without doing it: `Some` existing category, or
    /// `None` when it would add one. Errors: `DailyLimit`.
    async fn check_seller_category(
        &self,
        seller: AccountId,
        name: &CategoryName,
        per_day: u32,
    ) -> Result<Option<Category>, AddCategoryError>;

    /// Lists a book as available, and marks its category used now. Errors: `UnknownSeller`, `UnknownCategory`.
    async fn list_book(&self, book: NewBook) -> Result<BookId, ListBookError>;
}

/// Where announcements of committed catalogue changes arrive: whoever keeps copies of public reads listens here, and
/// a source that watches the database (one per server instance) drives it.
///
/// A copy may be served only while the source vouches for it: `caught_up(t)` says every change committed before `t`
/// has been announced, so a copy is at most as old as the time since the last `t`. After `lost`, nothing is vouched
/// for until the source has reconnected, announced `changed` (changes may have been missed meanwhile) and caught up.
pub trait CatalogueChanges: Send + Sync {
    /// Something public reads show has changed (or may have, while nobody was listening): every copy is stale.
    fn changed(&self);

    /// Every change committed before `as_of` has been announced through [`CatalogueChanges::changed`].
    fn caught_up(&self, as_of: std::time::Instant);

    /// The source stopped hearing about changes (its connection dropped): from now on no copy is vouched for.
    fn lost(&self);
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn a_copy_is_weighed_as_the_allocator_rounds_it() {
        let classes =
            [(1, 16), (16, 16), (17, 32), (128, 128), (129, 160), (400, 448), (513, 640), (2168, 2560), (4097, 5120), (8193, 10240)];
        for (asked, given) in classes {
            assert_eq!(allocated_bytes(asked), given, "{asked} bytes");
        }
        assert_eq!(allocated_bytes(0), 0);
    }

    fn shelf(marks: usize) -> CategoryShelf {
        let marks = (0..marks)
            .map(|n| ShelfMark {
                listed_at: Utc.timestamp_opt(1_800_000_000 - i64::try_from(n).unwrap(), 0).unwrap(),
                id: BookId::from_uuid(uuid::Uuid::from_u128(n as u128)),
            })
            .collect();
        CategoryShelf {
            category: Category { id: CategoryId::from_uuid(uuid::Uuid::nil()), name: "Novels".into() },
            available_books: 0,
            marks,
        }
    }

    #[test]
    fn a_page_starts_at_the_mark_before_it_and_skips_the_rest() {
        let shelf = shelf(3);
        let every = u64::from(CategoryShelf::MARK_EVERY);
        assert_eq!(shelf.start_of(0), (Some(shelf.marks[0]), 0));
        assert_eq!(shelf.start_of(every - 1), (Some(shelf.marks[0]), every - 1));
        assert_eq!(shelf.start_of(every), (Some(shelf.marks[1]), 0));
        assert_eq!(shelf.start_of(2 * every + 5), (Some(shelf.marks[2]), 5));
    }

    #[test]
    fn past_the_last_mark_a_page_reads_on_from_it() {
        let shelf = shelf(3);
        let every = u64::from(CategoryShelf::MARK_EVERY);
        assert_eq!(shelf.start_of(10 * every + 1), (Some(shelf.marks[2]), 8 * every + 1));
    }

    #[test]
    fn an_empty_shelf_reads_from_the_newest_book() {
        assert_eq!(shelf(0).start_of(48), (None, 48));
    }
}
