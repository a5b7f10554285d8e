//! The in-memory shop as a catalogue (what buyers browse, how sellers grow it), and the contract cases every catalogue
//! must pass: the same cases run against this fake and against PostgreSQL.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::Utc;
use puronoboi_domain::{
    AccountId, AccountRole, Book, BookCard, BookDetail, BookId, BookStatus, Category, CategoryId, CategoryName, CategorySummary, Email,
    ListingForm, NewBook, Page, PageRequest, SellerBlock,
};
use puronoboi_ports::{
    AccountStore, AddCategoryError, CatalogueReader, CatalogueWriter, CategoryGroup, CategoryPageError, CategoryShelf, ListBookError,
    ShelfMark, StoreError,
};

use crate::accounts::new_account;
use crate::shop::{InMemoryShop, ShopState, StoredBook, StoredCategory};

/// Both halves of a catalogue, so that one argument carries a store that reads and writes it.
pub trait Catalogue: CatalogueReader + CatalogueWriter {}

impl<T: CatalogueReader + CatalogueWriter> Catalogue for T {}

impl ShopState {
    fn available_in(&self, category: CategoryId) -> impl DoubleEndedIterator<Item = &StoredBook> {
        self.books.iter().filter(move |b| b.book.category.id == category && b.book.status.is_for_sale())
    }

    /// A category's available books in the order its pages show them: newest first, the greater id first among
    /// books listed at the same moment.
    fn newest_first_in(&self, category: CategoryId) -> Vec<&StoredBook> {
        let mut books: Vec<&StoredBook> = self.available_in(category).collect();
        books.sort_by_key(|b| std::cmp::Reverse((b.book.created_at, b.book.id.as_uuid())));
        books
    }

    fn category_named(&self, name: &CategoryName) -> Option<Category> {
        let wanted = name.as_str().to_lowercase();
        self.categories.iter().find(|c| c.category.name.to_lowercase() == wanted).map(|c| c.category.clone())
    }

    fn created_today_by(&self, seller: AccountId) -> usize {
        let day_ago = Utc::now() - chrono::Duration::days(1);
        self.categories.iter().filter(|c| c.created_by == Some(seller) && c.created_at > day_ago).count()
    }

    fn add(&mut self, name: &CategoryName, created_by: Option<AccountId>) -> Category {
        let now = Utc::now();
        let category = Category { id: CategoryId::new(), name: name.as_str().to_owned() };
        self.categories.push(StoredCategory { category: category.clone(), created_by, created_at: now, last_used_at: now });
        category
    }
}

/// Names sort as PostgreSQL sorts them here (the test clusters' C.UTF-8 collation compares code points), then by id.
fn by_name(a: &Category, b: &Category) -> std::cmp::Ordering {
    a.name.cmp(&b.name).then(a.id.as_uuid().cmp(&b.id.as_uuid()))
}

#[async_trait]
impl CatalogueReader for InMemoryShop {
    async fn categories(&self, limit: u32) -> Result<Vec<CategorySummary>, StoreError> {
        let state = self.lock();
        let recent = Utc::now() - chrono::Duration::days(i64::from(CategoryName::UNUSED_AFTER_DAYS));
        let mut shown: Vec<CategorySummary> = state
            .categories
            .iter()
            .map(|c| CategorySummary {
                id: c.category.id,
                name: c.category.name.clone(),
                available_books: i64::try_from(state.available_in(c.category.id).count()).unwrap_or(i64::MAX),
            })
            .zip(state.categories.iter())
            .filter(|(summary, stored)| summary.available_books > 0 || stored.last_used_at > recent)
            .map(|(summary, _)| summary)
            .collect();
        let key = |s: &CategorySummary| Category { id: s.id, name: s.name.clone() };
        // Categories with books first, so that empty ones never push one with books out of the limit.
        shown.sort_by(|a, b| (a.available_books == 0).cmp(&(b.available_books == 0)).then(by_name(&key(a), &key(b))));
        shown.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
        shown.sort_by(|a, b| by_name(&key(a), &key(b)));
        Ok(shown)
    }

    async fn newest_by_category(&self, per_category: u32, max_categories: u32) -> Result<Vec<CategoryGroup>, StoreError> {
        let state = self.lock();
        let mut with_books: Vec<&StoredCategory> =
            state.categories.iter().filter(|c| state.available_in(c.category.id).next().is_some()).collect();
        with_books.sort_by(|a, b| by_name(&a.category, &b.category));
        with_books.truncate(usize::try_from(max_categories).unwrap_or(usize::MAX));
        Ok(with_books
            .into_iter()
            .map(|c| CategoryGroup {
                category: c.category.clone(),
                books: state
                    .available_in(c.category.id)
                    .rev()
                    .take(usize::try_from(per_category).unwrap_or(usize::MAX))
                    .map(|b| self.card(b))
                    .collect(),
                available_books: i64::try_from(state.available_in(c.category.id).count()).unwrap_or(i64::MAX),
            })
            .collect())
    }

    async fn category_page(&self, id: CategoryId, page: PageRequest) -> Result<(Category, Page<BookCard>), CategoryPageError> {
        let state = self.lock();
        let category = state.categories.iter().find(|c| c.category.id == id).ok_or(CategoryPageError::NotFound)?.category.clone();
        let newest = state.newest_first_in(id);
        let total = i64::try_from(newest.len()).unwrap_or(i64::MAX);
        let items = newest
            .into_iter()
            .skip(usize::try_from(page.offset()).unwrap_or(usize::MAX))
            .take(usize::try_from(page.per_page()).unwrap_or(usize::MAX))
            .map(|b| self.card(b))
            .collect();
        Ok((category, Page { items, request: page, total }))
    }

    async fn category_shelf(&self, id: CategoryId) -> Result<CategoryShelf, CategoryPageError> {
        let state = self.lock();
        let category = state.categories.iter().find(|c| c.category.id == id).ok_or(CategoryPageError::NotFound)?.category.clone();
        let newest = state.newest_first_in(id);
        let marks = newest
            .iter()
            .take(usize::try_from(PageRequest::MAX_ROWS).unwrap_or(usize::MAX))
            .step_by(usize::try_from(CategoryShelf::MARK_EVERY).unwrap_or(1))
            .map(|b| ShelfMark { listed_at: b.book.created_at, id: b.book.id })
            .collect();
        Ok(CategoryShelf { category, available_books: i64::try_from(newest.len()).unwrap_or(i64::MAX), marks })
    }

    async fn category_books_from(
        &self,
        id: CategoryId,
        from: Option<ShelfMark>,
        skip: u64,
        limit: u32,
    ) -> Result<Vec<BookCard>, StoreError> {
        let state = self.lock();
        Ok(state
            .newest_first_in(id)
            .into_iter()
            // A place compares as (listing time, id), newest first, as a mark of a book that has left still does.
            .filter(|b| from.is_none_or(|mark| (b.book.created_at, b.book.id.as_uuid()) <= (mark.listed_at, mark.id.as_uuid())))
            .skip(usize::try_from(skip).unwrap_or(usize::MAX))
            .take(usize::try_from(limit).unwrap_or(usize::MAX))
            .map(|b| self.card(b))
            .collect())
    }

    async fn book_detail(&self, id: BookId) -> Result<Option<BookDetail>, StoreError> {
        Ok(self.lock().books.iter().find(|b| b.book.id == id).map(|b| self.detail(b)))
    }

    async fn advertised(&self, limit: u32) -> Result<Vec<BookCard>, StoreError> {
        let state = self.lock();
        Ok(state
            .books
            .iter()
            .rev()
            .filter(|b| b.book.advertised && b.book.status.is_for_sale())
            .take(usize::try_from(limit).unwrap_or(usize::MAX))
            .map(|b| self.card(b))
            .collect())
    }

    async fn category(&self, id: CategoryId) -> Result<Option<Category>, StoreError> {
        Ok(self.lock().categories.iter().find(|c| c.category.id == id).map(|c| c.category.clone()))
    }

    async fn is_empty(&self) -> Result<bool, StoreError> {
        Ok(self.lock().categories.is_empty())
    }
}

#[async_trait]
impl CatalogueWriter for InMemoryShop {
    async fn add_category(&self, name: &CategoryName) -> Result<Category, AddCategoryError> {
        let mut state = self.lock();
        if let Some(existing) = state.category_named(name) {
            return Err(AddCategoryError::AlreadyExists(existing));
        }
        Ok(state.add(name, None))
    }

    async fn add_seller_category(&self, seller: AccountId, name: &CategoryName, per_day: u32) -> Result<Category, AddCategoryError> {
        let mut state = self.lock();
        if let Some(existing) = state.category_named(name) {
            return Err(AddCategoryError::AlreadyExists(existing));
        }
        if state.created_today_by(seller) >= usize::try_from(per_day).unwrap_or(usize::MAX) {
            return Err(AddCategoryError::DailyLimit);
        }
        Ok(state.add(name, Some(seller)))
    }

    async fn check_seller_category(
        &self,
        seller: AccountId,
        name: &CategoryName,
        per_day: u32,
    ) -> Result<Option<Category>, AddCategoryError> {
        let state = self.lock();
        if let Some(existing) = state.category_named(name) {
            return Ok(Some(existing));
        }
        if state.created_today_by(seller) >= usize::try_from(per_day).unwrap_or(usize::MAX) {
            return Err(AddCategoryError::DailyLimit);
        }
        Ok(None)
    }

    async fn list_book(&self, book: NewBook) -> Result<BookId, ListBookError> {
        // The database's foreign key holds for any account row, closed or not.
        if self.accounts.stored(book.seller_id).is_none() {
            return Err(ListBookError::UnknownSeller);
        }
        let mut state = self.lock();
        let now = Utc::now();
        let stored = state.categories.iter_mut().find(|c| c.category.id == book.category_id).ok_or(ListBookError::UnknownCategory)?;
        stored.last_used_at = now;
        let category = stored.category.clone();
        let listing = book.listing;
        let id = BookId::new();
        state.books.push(StoredBook {
            book: Book {
                id,
                seller_id: book.seller_id,
                title: listing.title,
                author: listing.author,
                category,
                description: listing.description,
                photos: std::iter::once(book.picture_url.clone()).chain(book.more_photos).collect(),
                picture_url: book.picture_url,
                publish_year: listing.publish_year,
                ratings: listing.ratings,
                reviews: listing.reviews,
                original_price: listing.original_price,
                resale_price: listing.resale_price,
                status: BookStatus::Available,
                advertised: book.advertised,
                created_at: now,
                condition: listing.condition,
                language: listing.language,
                isbn: listing.isbn,
            },
            seller: SellerBlock {
                name: listing.seller_name,
                phone: listing.phone,
                email: book.seller_email,
                location: listing.location,
                verified: false,
            },
        });
        Ok(id)
    }
}

/// A seller opened through the account port, for contract cases; `tag` keeps its e-mail and identity unique.
pub async fn open_seller(accounts: &dyn AccountStore, tag: &str) -> AccountId {
    accounts
        .open_identity_account(new_account(&format!("seller-{tag}"), &format!("seller-{tag}@example.test"), true, AccountRole::Seller))
        .await
        .expect("a seller opens")
        .id
}

/// A buyer opened through the account port, for contract cases.
pub async fn open_buyer(accounts: &dyn AccountStore, tag: &str) -> puronoboi_domain::Account {
    accounts
        .open_identity_account(new_account(&format!("buyer-{tag}"), &format!("buyer-{tag}@example.test"), true, AccountRole::Buyer))
        .await
        .expect("a buyer opens")
}

/// The add-book form as a seller fills it in; adjust fields before [`new_book`].
pub fn listing_form(title: &str, resale_price: i64) -> ListingForm {
    ListingForm {
        title: title.to_owned(),
        author: "Humayun Ahmed".to_owned(),
        description: Some("Clean copy, no markings.".to_owned()),
        publish_year: Some(1995),
        ratings: Some(4.5),
        reviews: Some(12),
        seller_name: "Rahim Uddin".to_owned(),
        location: "Dhanmondi, Dhaka".to_owned(),
        phone: "01715384926".to_owned(),
        original_price: Some(resale_price * 2),
        resale_price: Some(resale_price),
        condition: Some("very_good".to_owned()),
        language: Some("en".to_owned()),
        isbn: None,
    }
}

pub fn new_book(seller: AccountId, category: CategoryId, title: &str, resale_price: i64) -> NewBook {
    NewBook {
        seller_id: seller,
        category_id: category,
        picture_url: format!("/images/{}.png", title.to_lowercase().replace(' ', "-")),
        more_photos: Vec::new(),
        seller_email: Email::parse("rahim@example.test").expect("an e-mail"),
        listing: listing_form(title, resale_price).parse(2026).expect("a valid listing"),
        advertised: false,
    }
}

pub async fn add_category(catalogue: &dyn Catalogue, name: &str) -> Category {
    catalogue.add_category(&CategoryName::parse(name).expect("a category name")).await.expect("a new category")
}

pub async fn list(catalogue: &dyn Catalogue, book: NewBook) -> BookId {
    catalogue.list_book(book).await.expect("the book is listed")
}

pub fn first_page(per_page: u32) -> PageRequest {
    PageRequest::new(1, per_page).expect("a page")
}

/// Every contract case, each on its own seller and categories, so one store (one database) serves them all.
pub async fn catalogue_contract(accounts: &dyn AccountStore, catalogue: &dyn Catalogue) {
    a_listed_book_reads_back_whole_and_available(accounts, catalogue).await;
    a_listing_needs_a_known_seller_and_category(accounts, catalogue).await;
    a_category_page_shows_its_available_books_newest_first(accounts, catalogue).await;
    a_category_page_read_from_its_shelf_is_the_page_itself(accounts, catalogue).await;
    the_category_list_counts_available_books_and_keeps_recent_empty_ones(accounts, catalogue).await;
    the_front_page_groups_the_newest_books_by_category(accounts, catalogue).await;
    only_advertised_books_are_advertised(accounts, catalogue).await;
    category_names_are_unique_whatever_their_case(accounts, catalogue).await;
    a_seller_adds_a_few_new_categories_a_day(accounts, catalogue).await;
}

async fn a_listed_book_reads_back_whole_and_available(accounts: &dyn AccountStore, catalogue: &dyn Catalogue) {
    let seller = open_seller(accounts, "detail").await;
    let category = add_category(catalogue, "Detail Poetry").await;
    assert!(!catalogue.is_empty().await.expect("read"), "a catalogue with a category is not empty");
    let mut listed = new_book(seller, category.id, "Gitanjali", 250);
    listed.advertised = true;
    let id = list(catalogue, listed.clone()).await;

    let detail = catalogue.book_detail(id).await.expect("read").expect("the book is there");
    let book = &detail.book;
    assert_eq!((book.id, book.seller_id, &book.category), (id, seller, &category));
    assert_eq!(
        (book.title.as_str(), book.author.as_str(), book.picture_url.as_str()),
        ("Gitanjali", "Humayun Ahmed", "/images/gitanjali.png")
    );
    assert_eq!((book.resale_price.amount(), book.original_price.amount()), (250, 500));
    assert_eq!((book.status, book.advertised), (BookStatus::Available, true));
    assert_eq!(book.publish_year.map(|y| y.value()), Some(1995));
    assert_eq!(
        (detail.seller.name.as_str(), detail.seller.email.as_str(), detail.seller.location.as_str(), detail.seller.verified),
        ("Rahim Uddin", "rahim@example.test", "Dhanmondi, Dhaka", false),
        "the seller's contact is the listing's; verified is the account's"
    );
    assert_eq!(detail.seller.phone, listed.listing.phone);
    assert_eq!(catalogue.book_detail(BookId::new()).await.expect("read"), None);
    assert_eq!(catalogue.category(category.id).await.expect("read"), Some(category));
    assert_eq!(catalogue.category(CategoryId::new()).await.expect("read"), None);
}

async fn a_listing_needs_a_known_seller_and_category(accounts: &dyn AccountStore, catalogue: &dyn Catalogue) {
    let seller = open_seller(accounts, "unknown").await;
    let category = add_category(catalogue, "Known Category").await;
    let no_category = catalogue.list_book(new_book(seller, CategoryId::new(), "Lost", 100)).await;
    assert!(matches!(no_category, Err(ListBookError::UnknownCategory)), "{no_category:?}");
    let no_seller = catalogue.list_book(new_book(AccountId::new(), category.id, "Orphan", 100)).await;
    assert!(matches!(no_seller, Err(ListBookError::UnknownSeller)), "{no_seller:?}");
    let page = catalogue.category_page(category.id, first_page(10)).await.expect("the category");
    assert_eq!(page.1.total, 0, "nothing was listed");
}

async fn a_category_page_shows_its_available_books_newest_first(accounts: &dyn AccountStore, catalogue: &dyn Catalogue) {
    let seller = open_seller(accounts, "page").await;
    let category = add_category(catalogue, "Paged Novels").await;
    let mut ids = Vec::new();
    for title in ["First", "Second", "Third"] {
        ids.push(list(catalogue, new_book(seller, category.id, title, 120)).await);
    }
    let (found, first) = catalogue.category_page(category.id, first_page(2)).await.expect("the category");
    assert_eq!(found, category);
    assert_eq!(first.total, 3);
    assert_eq!(first.items.iter().map(|c| c.id).collect::<Vec<_>>(), vec![ids[2], ids[1]], "newest first");
    let card = &first.items[0];
    assert_eq!(
        (card.title.as_str(), card.resale_price.amount(), card.location.as_str(), card.status),
        ("Third", 120, "Dhanmondi, Dhaka", BookStatus::Available)
    );
    let (_, second) = catalogue.category_page(category.id, PageRequest::new(2, 2).expect("a page")).await.expect("the category");
    assert_eq!(second.items.iter().map(|c| c.id).collect::<Vec<_>>(), vec![ids[0]]);
    let missing = catalogue.category_page(CategoryId::new(), first_page(2)).await;
    assert!(matches!(missing, Err(CategoryPageError::NotFound)), "{missing:?}");
}

async fn a_category_page_read_from_its_shelf_is_the_page_itself(accounts: &dyn AccountStore, catalogue: &dyn Catalogue) {
    let seller = open_seller(accounts, "shelf").await;
    let category = add_category(catalogue, "Shelved Novels").await;
    let elsewhere = add_category(catalogue, "Shelved Elsewhere").await;
    let books = 2 * CategoryShelf::MARK_EVERY + 3;
    for n in 0..books {
        list(catalogue, new_book(seller, category.id, &format!("Shelved {n}"), 100)).await;
    }
    // The widest listing the rules allow, in four-byte characters, is listed and shown like any other.
    let mut widest = listing_form("x", 100);
    widest.title = "𝔅".repeat(200);
    widest.author = "𝔄".repeat(120);
    widest.location = "𝔇".repeat(200);
    let mut wide = new_book(seller, category.id, "widest", 100);
    wide.listing = widest.parse(2026).expect("a valid listing at every limit");
    let wide = list(catalogue, wide).await;
    list(catalogue, new_book(seller, elsewhere.id, "Not on this shelf", 100)).await;

    let shelf = catalogue.category_shelf(category.id).await.expect("the shelf");
    assert_eq!((&shelf.category, shelf.available_books), (&category, i64::from(books) + 1));
    assert_eq!(shelf.marks.len(), 3, "a mark for every {}th book", CategoryShelf::MARK_EVERY);
    assert_eq!(shelf.marks[0].id, wide, "the first mark is the newest book");
    for per_page in [1, 5, 8, 24] {
        for page in 1.. {
            let request = PageRequest::new(page, per_page).expect("a page");
            let (_, expected) = catalogue.category_page(category.id, request).await.expect("the page");
            let (from, skip) = shelf.start_of(request.offset());
            let read = catalogue.category_books_from(category.id, from, skip, per_page).await.expect("the books");
            assert_eq!(read, expected.items, "page {page} of {per_page}");
            if read.is_empty() {
                break;
            }
        }
    }
    let missing = catalogue.category_shelf(CategoryId::new()).await;
    assert!(matches!(missing, Err(CategoryPageError::NotFound)), "{missing:?}");
}

async fn the_category_list_counts_available_books_and_keeps_recent_empty_ones(accounts: &dyn AccountStore, catalogue: &dyn Catalogue) {
    let seller = open_seller(accounts, "counts").await;
    let stocked = add_category(catalogue, "Counted Essays").await;
    let empty = add_category(catalogue, "Counted Empty").await;
    for title in ["One", "Two"] {
        list(catalogue, new_book(seller, stocked.id, title, 90)).await;
    }
    let counts: HashMap<CategoryId, i64> =
        catalogue.categories(1000).await.expect("read").into_iter().map(|c| (c.id, c.available_books)).collect();
    assert_eq!(counts.get(&stocked.id), Some(&2));
    assert_eq!(counts.get(&empty.id), Some(&0), "a category created today is offered though empty");
    let names: Vec<String> = catalogue.categories(1000).await.expect("read").into_iter().map(|c| c.name).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "by name");
}

async fn the_front_page_groups_the_newest_books_by_category(accounts: &dyn AccountStore, catalogue: &dyn Catalogue) {
    let seller = open_seller(accounts, "groups").await;
    let category = add_category(catalogue, "Grouped Stories").await;
    let empty = add_category(catalogue, "Grouped Nothing").await;
    let mut ids = Vec::new();
    for title in ["Old", "Middle", "New"] {
        ids.push(list(catalogue, new_book(seller, category.id, title, 80)).await);
    }
    let groups = catalogue.newest_by_category(2, 1000).await.expect("read");
    let ours = groups.iter().find(|g| g.category == category).expect("the category with books is shown");
    assert_eq!(ours.books.iter().map(|c| c.id).collect::<Vec<_>>(), vec![ids[2], ids[1]], "the newest two");
    assert_eq!(ours.available_books, 3);
    assert!(groups.iter().all(|g| g.category != empty && !g.books.is_empty()), "empty categories take no place");
}

async fn only_advertised_books_are_advertised(accounts: &dyn AccountStore, catalogue: &dyn Catalogue) {
    let seller = open_seller(accounts, "adverts").await;
    let category = add_category(catalogue, "Advertised Atlases").await;
    let mut advertised = new_book(seller, category.id, "Shown", 300);
    advertised.advertised = true;
    let shown = list(catalogue, advertised).await;
    let plain = list(catalogue, new_book(seller, category.id, "Plain", 300)).await;
    let cards = catalogue.advertised(1000).await.expect("read");
    assert!(cards.iter().any(|c| c.id == shown), "{cards:?}");
    assert!(cards.iter().all(|c| c.id != plain), "{cards:?}");
    assert_eq!(catalogue.advertised(1).await.expect("read").first().map(|c| c.id), Some(shown), "newest first");
}

async fn category_names_are_unique_whatever_their_case(_accounts: &dyn AccountStore, catalogue: &dyn Catalogue) {
    let poetry = add_category(catalogue, "Unique Poetry").await;
    let again = catalogue.add_category(&CategoryName::parse("  UNIQUE poetry ").expect("a name")).await;
    match again {
        Err(AddCategoryError::AlreadyExists(existing)) => assert_eq!(existing, poetry),
        other => panic!("expected AlreadyExists, got {other:?}"),
    }
}

async fn a_seller_adds_a_few_new_categories_a_day(accounts: &dyn AccountStore, catalogue: &dyn Catalogue) {
    let seller = open_seller(accounts, "daily").await;
    let other = open_seller(accounts, "daily-other").await;
    let name = |n: &str| CategoryName::parse(n).expect("a name");
    assert_eq!(catalogue.check_seller_category(seller, &name("Daily One"), 2).await.expect("allowed"), None, "it would be added");
    let one = catalogue.add_seller_category(seller, &name("Daily One"), 2).await.expect("the first");
    catalogue.add_seller_category(seller, &name("Daily Two"), 2).await.expect("the second");
    let existing = catalogue.add_seller_category(seller, &name("daily ONE"), 2).await;
    assert!(
        matches!(&existing, Err(AddCategoryError::AlreadyExists(c)) if *c == one),
        "an existing name counts against nothing: {existing:?}"
    );
    assert_eq!(catalogue.check_seller_category(seller, &name("DAILY one"), 2).await.expect("existing"), Some(one));
    let third = catalogue.add_seller_category(seller, &name("Daily Three"), 2).await;
    assert!(matches!(third, Err(AddCategoryError::DailyLimit)), "{third:?}");
    let checked = catalogue.check_seller_category(seller, &name("Daily Three"), 2).await;
    assert!(matches!(checked, Err(AddCategoryError::DailyLimit)), "{checked:?}");
    let again = catalogue.check_seller_category(seller, &name("Daily Three"), 3).await.expect("a higher limit");
    assert_eq!(again, None);
    catalogue.add_seller_category(other, &name("Daily Three"), 2).await.expect("another seller has a limit of their own");
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::accounts::InMemoryAccounts;

    #[tokio::test]
    async fn the_in_memory_shop_keeps_the_catalogue_contract() {
        let accounts = Arc::new(InMemoryAccounts::default());
        catalogue_contract(accounts.as_ref(), &InMemoryShop::new(accounts.clone())).await;
    }
}
