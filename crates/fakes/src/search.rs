//! The in-memory shop as a search index, and the contract cases every search index must pass: the same cases run
//! against this fake and against PostgreSQL.
//!
//! The fake matches whole words and prefixes through the domain's keys, as PostgreSQL's first two tiers do; near
//! spellings (pg_trgm similarity) are PostgreSQL's alone, so no contract case relies on them.

use std::cmp::Ordering;
use std::sync::LazyLock;

use async_trait::async_trait;
use puronoboi_domain::{
    BookCard, BookId, BookLanguage, CategoryId, Condition, CopyFilter, Page, PageRequest, PriceRange, SearchAliases, SearchQuery,
    SearchSort, SearchText, query_keys, work_keys,
};
use puronoboi_ports::{AccountStore, SearchIndex, StoreError};

use crate::catalogue::{Catalogue, add_category, list, new_book, open_seller};
use crate::shop::{InMemoryShop, StoredBook};

static ALIASES: LazyLock<SearchAliases> = LazyLock::new(SearchAliases::builtin);

/// A romanized form shorter than this is no prefix (as in PostgreSQL): "pa" folds to "p".
const SHORTEST_ROMAN_PREFIX: usize = 3;

/// 0 when every query word is one of the book's words, 1 when every one starts one, `None` otherwise.
fn tier(book: &StoredBook, words: &[Vec<String>]) -> Option<u8> {
    let keys = work_keys(book.book.title.as_str(), book.book.author.as_str(), &ALIASES);
    let exact = words.iter().all(|forms| forms.iter().any(|form| keys.words.contains(form)));
    if exact {
        return Some(0);
    }
    let prefix = words.iter().all(|forms| {
        forms.iter().enumerate().any(|(i, form)| {
            (i == 0 || form.chars().count() >= SHORTEST_ROMAN_PREFIX) && keys.words.iter().any(|word| word.starts_with(form.as_str()))
        })
    });
    prefix.then_some(1)
}

#[async_trait]
impl SearchIndex for InMemoryShop {
    async fn search(&self, query: &SearchQuery) -> Result<Page<BookCard>, StoreError> {
        let words = query.text.as_ref().map(|t| query_keys(t.as_str()).words);
        if words.as_ref().is_some_and(Vec::is_empty) {
            return Ok(Page { items: Vec::new(), request: query.page, total: 0 });
        }
        let state = self.lock();
        let mut matches: Vec<(u8, &StoredBook)> = state
            .books
            .iter()
            .filter(|b| b.book.status.is_for_sale())
            .filter(|b| query.category.is_none_or(|c| b.book.category.id == c))
            .filter(|b| query.price.contains(b.book.resale_price))
            .filter(|b| query.copy.admits(b.book.condition, b.book.language))
            .filter_map(|b| match &words {
                Some(words) => tier(b, words).map(|t| (t, b)),
                None => Some((0, b)),
            })
            .collect();
        let newer_first =
            |a: &StoredBook, b: &StoredBook| b.book.created_at.cmp(&a.book.created_at).then(b.book.id.as_uuid().cmp(&a.book.id.as_uuid()));
        matches.sort_by(|(ta, a), (tb, b)| {
            let first = match query.sort {
                SearchSort::Relevance => ta.cmp(tb),
                SearchSort::Newest => Ordering::Equal,
                SearchSort::PriceAscending => a.book.resale_price.cmp(&b.book.resale_price),
                SearchSort::PriceDescending => b.book.resale_price.cmp(&a.book.resale_price),
            };
            first.then_with(|| newer_first(a, b))
        });
        let total = i64::try_from(matches.len()).unwrap_or(i64::MAX).min(SearchQuery::MAX_TOTAL);
        let offset = usize::try_from(query.page.offset()).unwrap_or(usize::MAX);
        let per_page = usize::try_from(query.page.per_page()).unwrap_or(usize::MAX);
        let items = matches.iter().skip(offset).take(per_page).map(|(_, b)| self.card(b)).collect();
        Ok(Page { items, request: query.page, total })
    }

    /// Every listing is searchable the moment it is listed: nothing is ever behind.
    async fn catch_up(&self, _batch: u32) -> Result<u64, StoreError> {
        Ok(0)
    }
}

/// Both a catalogue (to list books) and a search index over it.
pub trait SearchableCatalogue: Catalogue + SearchIndex {}

impl<T: Catalogue + SearchIndex> SearchableCatalogue for T {}

/// Every contract case, each on its own words and categories, so one store (one database) serves them all.
pub async fn search_contract(accounts: &dyn AccountStore, shop: &dyn SearchableCatalogue) {
    a_book_is_found_by_title_or_author_in_either_script(accounts, shop).await;
    whole_words_come_before_prefixes_then_newer_books(accounts, shop).await;
    filters_orders_and_pages_hold_with_and_without_words(accounts, shop).await;
    the_copy_filter_keeps_the_grade_and_language_asked_for(accounts, shop).await;
    a_query_without_letters_finds_nothing(shop).await;
}

fn query(text: &str, per_page: u32) -> SearchQuery {
    let text = SearchText::parse(text).expect("a valid search");
    SearchQuery {
        sort: SearchQuery::sort_for(text.as_ref(), None),
        text,
        category: None,
        price: PriceRange::default(),
        copy: CopyFilter::ANY,
        page: PageRequest::new(1, per_page).expect("a page"),
    }
}

async fn ids(shop: &dyn SearchableCatalogue, q: &SearchQuery) -> Vec<BookId> {
    shop.search(q).await.expect("a search answers").items.into_iter().map(|c| c.id).collect()
}

async fn a_book_is_found_by_title_or_author_in_either_script(accounts: &dyn AccountStore, shop: &dyn SearchableCatalogue) {
    let seller = open_seller(accounts, "search-scripts").await;
    let category = add_category(shop, "Search Scripts").await;
    let mut bengali = new_book(seller, category.id, "পথের পাঁচালী", 250);
    bengali.listing.author = puronoboi_domain::Author::parse("বিভূতিভূষণ বন্দ্যোপাধ্যায়").expect("an author");
    let bengali = list(shop, bengali).await;
    let english = list(shop, new_book(seller, category.id, "Quixotic Marmalade", 300)).await;

    for banglish in ["pather panchali", "pother pachali", "PATHER PANCHALI"] {
        assert_eq!(ids(shop, &query(banglish, 10)).await, [bengali], "{banglish:?} finds the Bengali-script title");
    }
    assert_eq!(ids(shop, &query("বিভূতিভূষণ", 10)).await, [bengali], "the author counts");
    assert_eq!(ids(shop, &query("quixotic", 10)).await, [english]);
    let card = shop.search(&query("marmalade", 10)).await.expect("answers").items.remove(0);
    assert_eq!((card.category_id, card.title.as_str(), card.resale_price.amount()), (category.id, "Quixotic Marmalade", 300));
}

async fn whole_words_come_before_prefixes_then_newer_books(accounts: &dyn AccountStore, shop: &dyn SearchableCatalogue) {
    let seller = open_seller(accounts, "search-tiers").await;
    let category = add_category(shop, "Search Tiers").await;
    let prefix = list(shop, new_book(seller, category.id, "Zorbatonic Tales", 100)).await;
    let older = list(shop, new_book(seller, category.id, "Zorbaton", 100)).await;
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let newer = list(shop, new_book(seller, category.id, "Zorbaton", 120)).await;
    assert_eq!(ids(shop, &query("zorbaton", 10)).await, [newer, older, prefix]);
    assert_eq!(ids(shop, &query("zorbato", 10)).await.len(), 3, "a prefix of every word matches all three");
    assert!(ids(shop, &query("xylophone", 10)).await.is_empty(), "a word none of them has finds none of them");
}

async fn filters_orders_and_pages_hold_with_and_without_words(accounts: &dyn AccountStore, shop: &dyn SearchableCatalogue) {
    let seller = open_seller(accounts, "search-filters").await;
    let shelf = add_category(shop, "Search Filters").await;
    let other = add_category(shop, "Search Filters Elsewhere").await;
    let mut listed = Vec::new();
    for (i, price) in [300, 100, 500, 200, 400].into_iter().enumerate() {
        listed.push((list(shop, new_book(seller, shelf.id, &format!("Quillfeather {i}"), price)).await, price));
    }
    list(shop, new_book(seller, other.id, "Quillfeather Elsewhere", 250)).await;
    let price_of = |id: &BookId| listed.iter().find(|(b, _)| b == id).map_or(0, |(_, p)| *p);

    let mut cheap_first = query("quillfeather", 10);
    cheap_first.category = Some(shelf.id);
    cheap_first.sort = SearchSort::PriceAscending;
    let prices: Vec<i64> = ids(shop, &cheap_first).await.iter().map(price_of).collect();
    assert_eq!(prices, [100, 200, 300, 400, 500]);

    let mut no_words = query("", 10);
    no_words.category = Some(shelf.id);
    no_words.price = PriceRange::new(Some(200), Some(400)).expect("a range");
    no_words.sort = SearchSort::PriceDescending;
    let page = shop.search(&no_words).await.expect("answers");
    assert_eq!(page.items.iter().map(|c| i64::from(c.resale_price.amount())).collect::<Vec<_>>(), [400, 300, 200]);
    assert_eq!(page.total, 3);

    let mut second = query("quillfeather", 2);
    second.page = PageRequest::new(2, 2).expect("a page");
    let page = shop.search(&second).await.expect("answers");
    assert_eq!((page.items.len(), page.total), (2, 6), "six books match; the second page holds two");
    second.page = PageRequest::new(5, 2).expect("a page");
    let beyond = shop.search(&second).await.expect("answers");
    assert_eq!((beyond.items.len(), beyond.total), (0, 6), "past the last page: nothing, and still the count");
}

async fn the_copy_filter_keeps_the_grade_and_language_asked_for(accounts: &dyn AccountStore, shop: &dyn SearchableCatalogue) {
    let seller = open_seller(accounts, "search-copies").await;
    let shelf = add_category(shop, "Search Copies").await;
    let other = add_category(shop, "Search Copies Elsewhere").await;
    let copy = |title: &str, condition: Condition, language: Option<BookLanguage>, category: CategoryId| {
        let mut book = new_book(seller, category, title, 200);
        book.listing.condition = condition;
        book.listing.language = language;
        book
    };
    let like_new_bangla = list(shop, copy("Marigoldwick One", Condition::LikeNew, Some(BookLanguage::Bangla), shelf.id)).await;
    let good_bangla = list(shop, copy("Marigoldwick Two", Condition::Good, Some(BookLanguage::Bangla), shelf.id)).await;
    let like_new_english = list(shop, copy("Marigoldwick Three", Condition::LikeNew, Some(BookLanguage::English), shelf.id)).await;
    let like_new_unsaid = list(shop, copy("Marigoldwick Four", Condition::LikeNew, None, shelf.id)).await;
    let elsewhere = list(shop, copy("Marigoldwick Five", Condition::LikeNew, Some(BookLanguage::Bangla), other.id)).await;

    let sorted = |mut ids: Vec<BookId>| {
        ids.sort();
        ids
    };
    let with = |text: &str, category: Option<CategoryId>, condition: Option<Condition>, language: Option<BookLanguage>| {
        let mut q = query(text, 20);
        q.category = category;
        q.copy = CopyFilter { condition, language };
        q
    };
    // With words, across the shop and within a category.
    let like_new = with("marigoldwick", None, Some(Condition::LikeNew), None);
    assert_eq!(sorted(ids(shop, &like_new).await), sorted(vec![like_new_bangla, like_new_english, like_new_unsaid, elsewhere]));
    let bangla_here = with("marigoldwick", Some(shelf.id), None, Some(BookLanguage::Bangla));
    assert_eq!(sorted(ids(shop, &bangla_here).await), sorted(vec![like_new_bangla, good_bangla]), "a language nobody gave is left out");
    let both = with("marigoldwick", None, Some(Condition::LikeNew), Some(BookLanguage::Bangla));
    assert_eq!(sorted(ids(shop, &both).await), sorted(vec![like_new_bangla, elsewhere]));
    // Without words: the category's shelf, filtered, newest first, counted.
    let shelf_like_new = with("", Some(shelf.id), Some(Condition::LikeNew), None);
    let page = shop.search(&shelf_like_new).await.expect("answers");
    assert_eq!(page.items.iter().map(|c| c.id).collect::<Vec<_>>(), [like_new_unsaid, like_new_english, like_new_bangla]);
    assert_eq!(page.total, 3);
    assert!(page.items.iter().all(|c| c.condition == Condition::LikeNew), "each card shows its grade");
    let none = with("", Some(shelf.id), Some(Condition::Acceptable), Some(BookLanguage::Other));
    assert_eq!(shop.search(&none).await.expect("answers").total, 0);
}

async fn a_query_without_letters_finds_nothing(shop: &dyn SearchableCatalogue) {
    let page = shop.search(&query("!!! ... ???", 10)).await.expect("answers");
    assert_eq!((page.items.len(), page.total), (0, 0));
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::accounts::InMemoryAccounts;

    #[tokio::test]
    async fn the_in_memory_shop_keeps_the_search_contract() {
        let accounts = Arc::new(InMemoryAccounts::default());
        search_contract(accounts.as_ref(), &InMemoryShop::new(accounts.clone())).await;
    }
}
