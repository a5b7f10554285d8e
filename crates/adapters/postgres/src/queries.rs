//! The listing queries, each built in one place: the store's methods run them, and [`crate::PgStore::query_plans`]
//! asks PostgreSQL how it would run the very same statements, so a test can prove an index is behind each one.

use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{BigInt, Integer, Text};
use diesel_async::AsyncPgConnection;
use diesel_async::methods::LoadQuery;
use puronoboi_domain::{AccountSearch, PageRequest};
use puronoboi_ports::CategoryShelf;
use std::sync::LazyLock;
use uuid::Uuid;

use crate::catalogue::lower;
use crate::rows::{
    AccountRow, AdminCategoryRow, BookRow, CardRow, CategoryCountRow, CategoryRow, GroupedCardRow, OrderRow, ShelfMarkRow, VerifiedCardRow,
    WishListRow,
};
use crate::schema::{accounts, books, categories, orders, wish_list_items};
use crate::statement::statement;

pub(crate) const AVAILABLE: &str = "available";
const WITHDRAWN: &str = "withdrawn";

/// A query the store loads rows of `Row` with, and whose plan can be asked for.
pub(crate) trait Listing<Row>: LoadQuery<'static, AsyncPgConnection, Row> + QueryFragment<Pg> + QueryId + Send + 'static {}
impl<Row, Q> Listing<Row> for Q where Q: LoadQuery<'static, AsyncPgConnection, Row> + QueryFragment<Pg> + QueryId + Send + 'static {}

/// The add-book list and the public category list: every category with available books, then the empty ones
/// created or used (a book listed in them) in the last 30 days, by name, at most `$1`. Categories with books come
/// first under the bound, so no number of empty categories, whatever their names, pushes one of them out.
///
/// The counts come from one pass over `books_available_by_category_idx` (an index-only scan once the table is
/// vacuumed), never from the table's rows; the categories with books are fetched by primary key, and the recent
/// empty ones through `categories_last_used_idx`. Old empty categories are never read.
const CATEGORIES_WITH_COUNTS_SQL: &str = "
WITH counts AS (
    SELECT category_id, count(*) AS available_books FROM books WHERE status = 'available' GROUP BY category_id
), shown AS (
    SELECT c.id, c.name, n.available_books FROM counts AS n JOIN categories AS c ON c.id = n.category_id
    UNION ALL
    SELECT c.id, c.name, 0 FROM categories AS c
    WHERE c.last_used_at > now() - make_interval(days => $2)
      AND NOT EXISTS (SELECT 1 FROM counts AS n WHERE n.category_id = c.id)
)
SELECT id, name, available_books FROM (
    SELECT * FROM shown ORDER BY available_books = 0, name, id LIMIT $1
) AS kept
ORDER BY name, id";

pub(crate) fn categories_with_counts(limit: u32, unused_for_days: u32) -> impl Listing<CategoryCountRow> {
    statement(CATEGORIES_WITH_COUNTS_SQL)
        .bind::<BigInt, _>(i64::from(limit))
        .bind::<Integer, _>(i32::try_from(unused_for_days).unwrap_or(i32::MAX))
}

/// Newest available books per category in one round trip. Only categories with available books are read (one
/// pass over `books_available_by_category_idx` counts them), and the bound `$2` applies to those alone, so empty
/// categories cannot take a shelf; a LATERAL subquery per category then walks the same index and stops after `$1`
/// rows.
const NEWEST_BY_CATEGORY_SQL: &str = "
SELECT c.id AS category_id, c.name AS category_name, c.available_books,
       b.id, b.category_id, b.title, b.author, b.picture_url, b.ratings, b.reviews, b.original_price, b.resale_price,
       b.location, b.status, b.condition, a.verified AS seller_verified
FROM (
    SELECT c.id, c.name, n.available_books
    FROM (SELECT category_id, count(*) AS available_books FROM books WHERE status = 'available' GROUP BY category_id) AS n
    JOIN categories AS c ON c.id = n.category_id
    ORDER BY c.name, c.id
    LIMIT $2
) AS c
CROSS JOIN LATERAL (
    SELECT * FROM books
    WHERE books.category_id = c.id AND books.status = 'available'
    ORDER BY books.created_at DESC, books.id DESC
    LIMIT $1
) AS b
JOIN accounts AS a ON a.id = b.seller_id
ORDER BY c.name, c.id, b.created_at DESC, b.id DESC";

pub(crate) fn newest_by_category(per_category: u32, max_categories: u32) -> impl Listing<GroupedCardRow> {
    statement(NEWEST_BY_CATEGORY_SQL).bind::<BigInt, _>(i64::from(per_category)).bind::<BigInt, _>(i64::from(max_categories))
}

/// A page of the admin's category table, by name, each with its books in every status and its available ones. The
/// page's categories come from `categories_name_idx`; their books are counted in one pass over the books table
/// (an index on books by category, in every status, would cost every order one more index write, and this table is
/// the admin's alone).
const ADMIN_CATEGORIES_SQL: &str = "
WITH page AS (
    SELECT id, name, created_at, last_used_at FROM categories ORDER BY name, id LIMIT $1 OFFSET $2
)
SELECT page.id, page.name, page.created_at, page.last_used_at,
       coalesce(n.books, 0) AS books, coalesce(n.available_books, 0) AS available_books
FROM page
LEFT JOIN (
    SELECT category_id, count(*) AS books, count(*) FILTER (WHERE status = 'available') AS available_books
    FROM books WHERE category_id IN (SELECT id FROM page)
    GROUP BY category_id
) AS n ON n.category_id = page.id
ORDER BY page.name, page.id";

pub(crate) fn admin_categories(limit: i64, offset: i64) -> impl Listing<AdminCategoryRow> {
    statement(ADMIN_CATEGORIES_SQL).bind::<BigInt, _>(limit).bind::<BigInt, _>(offset)
}

pub(crate) fn category(id: Uuid) -> impl Listing<CategoryRow> {
    categories::table.find(id).select(CategoryRow::as_select())
}

pub(crate) fn category_count(id: Uuid) -> impl Listing<i64> {
    books::table.filter(books::category_id.eq(id).and(books::status.eq(AVAILABLE))).count()
}

/// One page of a category's available books, newest first. The rows before the page are skipped in
/// `books_available_by_category_idx` alone (only their ids are read, an index-only scan once the table is vacuumed);
/// the page's own rows are then fetched by primary key. A deep page costs index entries, not table rows.
const CATEGORY_PAGE_SQL: &str = "
SELECT b.id, b.category_id, b.title, b.author, b.picture_url, b.ratings, b.reviews, b.original_price, b.resale_price, b.location,
       b.status, b.condition, a.verified AS seller_verified
FROM (
    SELECT id, created_at FROM books
    WHERE category_id = $1 AND status = 'available'
    ORDER BY created_at DESC, id DESC
    LIMIT $2 OFFSET $3
) AS page
JOIN books AS b ON b.id = page.id
JOIN accounts AS a ON a.id = b.seller_id
ORDER BY page.created_at DESC, page.id DESC";

pub(crate) fn category_page(id: Uuid, limit: i64, offset: i64) -> impl Listing<VerifiedCardRow> {
    statement(CATEGORY_PAGE_SQL).bind::<diesel::sql_types::Uuid, _>(id).bind::<BigInt, _>(limit).bind::<BigInt, _>(offset)
}

/// The marks a category's pages start from: the place (listing time, id) of every `$3`th of its newest `$2`
/// available books, newest first, the newest book's first. Only index entries are read.
const CATEGORY_SHELF_MARKS_SQL: &str = "
SELECT listed_at, id FROM (
    SELECT created_at AS listed_at, id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS place
    FROM (
        SELECT created_at, id FROM books
        WHERE category_id = $1 AND status = 'available'
        ORDER BY created_at DESC, id DESC
        LIMIT $2
    ) AS newest
) AS numbered
WHERE (place - 1) % $3 = 0
ORDER BY place";

pub(crate) fn category_shelf_marks(id: Uuid, depth: i64, every: i32) -> impl Listing<ShelfMarkRow> {
    statement(CATEGORY_SHELF_MARKS_SQL).bind::<diesel::sql_types::Uuid, _>(id).bind::<BigInt, _>(depth).bind::<Integer, _>(every)
}

/// A category's available books from a place in its newest-first order (that place included), newest first:
/// entries of `books_available_category_cards_idx`, which holds every column a card shows, and the seller's
/// verified flag from `accounts_verified_by_id_idx`. Skipped and limited by [`CATEGORY_BOOKS_NEAR_MARK_SQL`] or
/// [`CATEGORY_BOOKS_FROM_SQL`].
const FROM_MARK_SQL: &str = "
SELECT b.id, b.category_id, b.title, b.author, b.picture_url, b.ratings, b.reviews, b.original_price, b.resale_price, b.location,
       b.status, b.condition, a.verified AS seller_verified, b.created_at
FROM books AS b
JOIN accounts AS a ON a.id = b.seller_id
WHERE b.category_id = $1 AND b.status = 'available' AND (b.created_at, b.id) <= ($2, $3)
ORDER BY b.created_at DESC, b.id DESC";

/// The most rows a read near a shelf mark passes and answers: the marks' spacing less one, then the largest page.
const NEAR_MARK_ROWS: i64 = CategoryShelf::MARK_EVERY as i64 - 1 + PageRequest::MAX_PER_PAGE as i64;

/// [`FROM_MARK_SQL`] skipping `$4` and limited to `$5`, for a page that starts within [`NEAR_MARK_ROWS`] of its mark
/// (every page of the newest [`PageRequest::MAX_ROWS`] books): the rows are first bounded by that constant and only
/// then skipped and limited by the parameters. PostgreSQL estimates a `LIMIT $n` it cannot see as a tenth of the rows
/// under it (hundreds in a large category, against a page's 24), so a plan made once for every call looked dearer
/// than planning each call with its numbers, and it planned every call: at a million listings, 0.39 ms of planning
/// for 0.19 ms of reading, half of one core of the two at full load. Under the constant bound, the plan made once
/// costs the same and is kept after the fifth call.
pub(crate) static CATEGORY_BOOKS_NEAR_MARK_SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT * FROM ({FROM_MARK_SQL}
LIMIT {NEAR_MARK_ROWS}
) AS near_mark
ORDER BY created_at DESC, id DESC
OFFSET $4 LIMIT $5"
    )
});

/// [`FROM_MARK_SQL`] skipping `$4` and limited to `$5`, for a page further from its mark than
/// [`NEAR_MARK_ROWS`] (only past the last mark).
static CATEGORY_BOOKS_FROM_SQL: LazyLock<String> = LazyLock::new(|| format!("{FROM_MARK_SQL}\nOFFSET $4 LIMIT $5"));

/// The same from the newest book.
const CATEGORY_BOOKS_FROM_NEWEST_SQL: &str = "
SELECT b.id, b.category_id, b.title, b.author, b.picture_url, b.ratings, b.reviews, b.original_price, b.resale_price, b.location,
       b.status, b.condition, a.verified AS seller_verified
FROM books AS b
JOIN accounts AS a ON a.id = b.seller_id
WHERE b.category_id = $1 AND b.status = 'available'
ORDER BY b.created_at DESC, b.id DESC
OFFSET $2 LIMIT $3";

/// The `limit` books of a category `skip` places after the mark `from` (included), through the statement for that
/// distance ([`CATEGORY_BOOKS_NEAR_MARK_SQL`], [`CATEGORY_BOOKS_FROM_SQL`]).
pub(crate) fn category_books_from(
    id: Uuid,
    from: (chrono::DateTime<chrono::Utc>, Uuid),
    skip: i64,
    limit: i64,
) -> impl Listing<VerifiedCardRow> {
    let sql =
        if skip.saturating_add(limit) <= NEAR_MARK_ROWS { CATEGORY_BOOKS_NEAR_MARK_SQL.as_str() } else { CATEGORY_BOOKS_FROM_SQL.as_str() };
    statement(sql)
        .bind::<diesel::sql_types::Uuid, _>(id)
        .bind::<diesel::sql_types::Timestamptz, _>(from.0)
        .bind::<diesel::sql_types::Uuid, _>(from.1)
        .bind::<BigInt, _>(skip)
        .bind::<BigInt, _>(limit)
}

pub(crate) fn category_books_from_newest(id: Uuid, skip: i64, limit: i64) -> impl Listing<VerifiedCardRow> {
    statement(CATEGORY_BOOKS_FROM_NEWEST_SQL).bind::<diesel::sql_types::Uuid, _>(id).bind::<BigInt, _>(skip).bind::<BigInt, _>(limit)
}

/// The book pages of `ids` (those that exist), in no order: read together (see `book_pages`).
pub(crate) fn book_details(ids: Vec<Uuid>) -> impl Listing<(BookRow, CategoryRow, bool)> {
    books::table.inner_join(categories::table).inner_join(accounts::table).filter(books::id.eq_any(ids)).select((
        BookRow::as_select(),
        CategoryRow::as_select(),
        accounts::verified,
    ))
}

pub(crate) fn advertised(limit: u32) -> impl Listing<(CardRow, bool)> {
    books::table
        .inner_join(accounts::table)
        .filter(books::advertised.eq(true).and(books::status.eq(AVAILABLE)))
        .order((books::created_at.desc(), books::id.desc()))
        .limit(i64::from(limit))
        .select((CardRow::as_select(), accounts::verified))
}

/// The buyer of a book's live order, as the seller sees it: the order's id, name, phone, meeting place, the order's
/// status, how it is paid, when it was placed and when a card began holding its price.
pub(crate) type OrderBuyerColumns = (Uuid, String, String, String, String, String, DateTime<Utc>, Option<DateTime<Utc>>);

/// A seller's listings in every status but withdrawn, newest first, each with the buyer of its live order, of which
/// there is at most one (`orders_live_book_key`).
pub(crate) fn seller_books(
    seller: Uuid,
    limit: i64,
    offset: i64,
) -> impl Listing<(BookRow, CategoryRow, bool, Option<String>, Option<OrderBuyerColumns>)> {
    books::table
        .inner_join(categories::table)
        .inner_join(accounts::table)
        .left_join(orders::table.on(orders::book_id.eq(books::id).and(orders::status.eq_any(LIVE_ORDER_STATUSES))))
        .filter(books::seller_id.eq(seller).and(books::status.ne(WITHDRAWN)))
        .order((books::created_at.desc(), books::id.desc()))
        .limit(limit)
        .offset(offset)
        .select((
            BookRow::as_select(),
            CategoryRow::as_select(),
            accounts::verified,
            books::hidden_reason,
            (
                orders::id,
                orders::buyer_name,
                orders::phone,
                orders::location,
                orders::status,
                orders::payment_method,
                orders::created_at,
                orders::held_at,
            )
                .nullable(),
        ))
}

/// The order statuses that hold a book for a buyer (or sold it to them): the domain's live statuses, which the unique
/// index `orders_live_book_key` covers (a test holds all three the same).
pub(crate) const LIVE_ORDER_STATUSES: [&str; 4] = ["pending", "paid", "held", "completed"];

pub(crate) fn seller_book_count(seller: Uuid) -> impl Listing<i64> {
    books::table.filter(books::seller_id.eq(seller).and(books::status.ne(WITHDRAWN))).count()
}

/// What an account has done, as the admin's tables count it: listings still in the shop or a sale for a seller
/// (read through `books_seller_idx`); every order placed for a buyer (through `orders_buyer_idx`).
const ACCOUNT_ACTIVITY_SQL: &str = "CASE \
    WHEN accounts.role = 'seller' \
    THEN (SELECT count(*) FROM books AS b WHERE b.seller_id = accounts.id AND b.status <> 'withdrawn') \
    WHEN accounts.role = 'buyer' THEN (SELECT count(*) FROM orders AS o WHERE o.buyer_id = accounts.id) \
    ELSE 0 END";

/// Live accounts of one role that pass the admin's filters. A boxed query is never a cached prepared statement, so
/// PostgreSQL plans each call with the filters actually set and the text actually typed: a text of three characters
/// or more through the trigram indexes on `lower(name)` and `lower(email)`, a flag through its role index, nothing
/// but the role through `accounts_live_role_idx`.
fn live_accounts_matching(role: &str, search: &AccountSearch) -> accounts::BoxedQuery<'static, Pg> {
    let mut query = accounts::table.filter(accounts::role.eq(role.to_owned()).and(accounts::deleted_at.is_null())).into_boxed();
    if let Some(text) = &search.text {
        // The same lower() as the indexes, on the column; the pattern is already lower case.
        let pattern = text.like_pattern();
        query = query.filter(lower(accounts::name).like(pattern.clone()).or(lower(accounts::email).like(pattern)));
    }
    if let Some(verified) = search.verified {
        query = query.filter(accounts::verified.eq(verified));
    }
    if let Some(proven) = search.email_proven {
        query = query.filter(accounts::email_verified.eq(proven));
    }
    query
}

/// Live accounts of one role that pass the admin's filters, newest first, each with its activity.
pub(crate) fn accounts_with_role(role: &str, search: &AccountSearch, limit: i64, offset: i64) -> impl Listing<(AccountRow, i64)> {
    live_accounts_matching(role, search)
        .order((accounts::created_at.desc(), accounts::id.desc()))
        .limit(limit)
        .offset(offset)
        .select((AccountRow::as_select(), diesel::dsl::sql::<BigInt>(ACCOUNT_ACTIVITY_SQL)))
}

pub(crate) fn live_account_count(role: &str, search: &AccountSearch) -> impl Listing<i64> {
    live_accounts_matching(role, search).count()
}

/// One live account of one role, with its activity: the head of the admin's page of a seller's books or a buyer's
/// orders.
pub(crate) fn live_account_with_role(role: &str, id: Uuid) -> impl Listing<(AccountRow, i64)> {
    live_accounts_matching(role, &AccountSearch::default())
        .filter(accounts::id.eq(id))
        .select((AccountRow::as_select(), diesel::dsl::sql::<BigInt>(ACCOUNT_ACTIVITY_SQL)))
}

/// Every listing a seller ever made, withdrawn ones too, newest first (the admin's view; the seller's own list
/// leaves withdrawn ones out).
pub(crate) fn every_seller_book(seller: Uuid, limit: i64, offset: i64) -> impl Listing<(BookRow, CategoryRow)> {
    books::table
        .inner_join(categories::table)
        .filter(books::seller_id.eq(seller))
        .order((books::created_at.desc(), books::id.desc()))
        .limit(limit)
        .offset(offset)
        .select((BookRow::as_select(), CategoryRow::as_select()))
}

pub(crate) fn every_seller_book_count(seller: Uuid) -> impl Listing<i64> {
    books::table.filter(books::seller_id.eq(seller)).count()
}

/// Every account ever opened with an address (already normalised to lower case), newest first.
pub(crate) fn accounts_by_email(email: &str) -> impl Listing<AccountRow> {
    accounts::table
        .filter(lower(accounts::email).eq(email.to_owned()))
        .order(accounts::created_at.desc())
        // Closed accounts accumulate only as fast as the same person is removed; a bound keeps it honest.
        .limit(50)
        .select(AccountRow::as_select())
}

pub(crate) fn account_by_firebase_uid(uid: &str) -> impl Listing<AccountRow> {
    accounts::table.filter(accounts::firebase_uid.eq(uid.to_owned())).select(AccountRow::as_select())
}

/// `EXPLAIN <query>`, with the query's own bind parameters.
pub(crate) struct Explain<Q>(pub Q);

impl<Q: QueryFragment<Pg>> QueryFragment<Pg> for Explain<Q> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("EXPLAIN ");
        self.0.walk_ast(out.reborrow())
    }
}

impl<Q> QueryId for Explain<Q> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q> Query for Explain<Q> {
    type SqlType = Text;
}

/// A buyer's orders, newest first.
pub(crate) fn buyer_orders(buyer: Uuid, limit: i64, offset: i64) -> impl Listing<OrderRow> {
    orders::table
        .filter(orders::buyer_id.eq(buyer))
        .order((orders::created_at.desc(), orders::id.desc()))
        .limit(limit)
        .offset(offset)
        .select(OrderRow::as_select())
}

pub(crate) fn buyer_order_count(buyer: Uuid) -> impl Listing<i64> {
    orders::table.filter(orders::buyer_id.eq(buyer)).count()
}

/// A buyer's wish list, newest first, read with each book as it is now.
pub(crate) fn wish_list(buyer: Uuid, limit: i64) -> impl Listing<WishListRow> {
    wish_list_items::table
        .inner_join(books::table)
        .filter(wish_list_items::buyer_id.eq(buyer))
        .order((wish_list_items::added_at.desc(), wish_list_items::book_id.desc()))
        .limit(limit)
        .select(WishListRow::as_select())
}
