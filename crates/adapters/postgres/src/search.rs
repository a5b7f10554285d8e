//! Search on PostgreSQL: works keyed in Rust, matched through GIN indexes on their keys.
//!
//! A listing points at its work (`search_works`: one row per title and author, however typed). A search with words
//! finds works in three tiers, each bounded by [`WORKS_PER_TIER`]:
//! 1. exact: every query word is one of the work's words (a GIN lookup on `terms`, or, for a word in thousands of
//!    works, a walk down `listed_at` that stops at the bound: the planner picks by the word's frequency);
//! 2. prefix: every query word starts one of the work's words (one- and two-character queries stop here);
//! 3. near spellings: pg_trgm word similarity on the folded keys (GIN trigram indexes).
//!
//! Each tier is looked at only when the tiers before it found fewer than [`NEXT_TIER_BELOW`] works: a word found as
//! typed needs no guesses, and a common word's prefixes and trigram candidates are what would cost tens of
//! milliseconds.
//!
//! The works' available listings are then filtered, ordered and paged in the same statement. Keys come from
//! [`puronoboi_domain::work_keys`] and [`puronoboi_domain::query_keys`]; the SQL only compares them.

use std::collections::HashMap;
use std::sync::LazyLock;

use anyhow::Context as _;
use async_trait::async_trait;
use diesel::QueryableByName;
use diesel::sql_types::{Array, BigInt, Bool, Int4, Int8, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use puronoboi_domain::{
    BookCard, Page, PageRequest, QueryKeys, SEARCH_KEY_VERSION, SearchAliases, SearchQuery, SearchSort, WorkKeys, query_keys, work_keys,
};
use puronoboi_ports::{SearchIndex, StoreError};
use uuid::Uuid;

use crate::PgStore;
use crate::rows::CardRow;

/// The most works each tier contributes. A search is for finding a book: past this many works, a buyer narrows the
/// words or the filters. It bounds the work a common word costs (its matches are read newest first and the read
/// stops here), and so the count of matches too.
const WORKS_PER_TIER: i64 = 200;
/// A tier is looked at only when the tiers before it found fewer works than this: prefixes only when few works
/// have the words as typed, near spellings only when few have them as typed or as prefixes. Otherwise a common word
/// would cost a walk through every work for prefixes and trigram candidates nobody pages down to.
const NEXT_TIER_BELOW: i64 = 50;
/// Queries with fewer letters and digits than this match whole words and prefixes only: one or two letters have no
/// trigram worth comparing.
const FUZZY_FROM_CHARS: usize = 3;
/// How alike (pg_trgm word similarity, 0 to 1) a near spelling must be. Set on every connection (see
/// `Connections::create`): at the default 0.6, a one-letter slip in a short word ("Panchli") is missed.
pub(crate) const WORD_SIMILARITY_THRESHOLD: &str = "0.5";

/// The aliases keys are made with: well-known short names and exonyms (Tagore, Bangabandhu, ...).
static ALIASES: LazyLock<SearchAliases> = LazyLock::new(SearchAliases::builtin);
/// What stored keys must have been made with; rows with another value are keyed again by `catch_up`.
static KEYS_VERSION: LazyLock<String> = LazyLock::new(|| format!("{SEARCH_KEY_VERSION}-{}", ALIASES.fingerprint()));

/// The keys of one work, as the database stores them.
pub(crate) fn keys_for(title: &str, author: &str) -> WorkKeys {
    work_keys(title, author, &ALIASES)
}

/// The work a listing belongs to, created when it is the first listing of its title and author; either way the
/// work counts as listed now. Run inside the listing's own transaction, so a new book is searchable the moment it
/// exists.
pub(crate) async fn work_for_listing(conn: &mut AsyncPgConnection, title: &str, author: &str) -> diesel::QueryResult<i64> {
    #[derive(QueryableByName)]
    struct WorkId {
        #[diesel(sql_type = Int8)]
        id: i64,
    }
    let keys = keys_for(title, author);
    let row: WorkId = diesel::sql_query(UPSERT_WORK_SQL)
        .bind::<Text, _>(&keys.identity)
        .bind::<Text, _>(title)
        .bind::<Text, _>(author)
        .bind::<Text, _>(&keys.native)
        .bind::<Text, _>(&keys.roman)
        .bind::<Text, _>(keys.words.join(" "))
        .bind::<Text, _>(KEYS_VERSION.as_str())
        .get_result(conn)
        .await?;
    Ok(row.id)
}

const UPSERT_WORK_SQL: &str = "
INSERT INTO search_works (identity, title, author, native, roman, terms, keys_version)
VALUES ($1, $2, $3, $4, $5, array_to_tsvector(string_to_array($6, ' ')), $7)
ON CONFLICT (identity) DO UPDATE SET listed_at = now()
RETURNING id";

/// Quotes one folded word as a tsquery lexeme. Keys hold letters and digits only, but the quoting is the rule that
/// makes any text safe here, so it does not depend on that.
fn lexeme(word: &str, prefix: bool, out: &mut String) {
    out.push('\'');
    for c in word.chars() {
        if c == '\'' || c == '\\' {
            out.push(c);
        }
        out.push(c);
    }
    out.push('\'');
    if prefix {
        out.push_str(":*");
    }
}

/// A romanized form shorter than this is no prefix: "pa" folds to "p", which starts a good part of every word.
const SHORTEST_ROMAN_PREFIX: usize = 3;

/// `('a' | 'b') & ('c' | 'd')`: every query word, each by any of its forms (the word as typed, folded, first; then
/// its romanized fold); with `prefix`, each form as a prefix, a romanized one only from
/// [`SHORTEST_ROMAN_PREFIX`] letters.
fn tsquery(words: &[Vec<String>], prefix: bool) -> String {
    let mut out = String::new();
    for (i, forms) in words.iter().enumerate() {
        if i > 0 {
            out.push_str(" & ");
        }
        out.push('(');
        let usable = forms.iter().enumerate().filter(|(j, form)| !prefix || *j == 0 || form.chars().count() >= SHORTEST_ROMAN_PREFIX);
        for (j, (_, form)) in usable.enumerate() {
            if j > 0 {
                out.push_str(" | ");
            }
            lexeme(form, prefix, &mut out);
        }
        out.push(')');
    }
    out
}

/// ORDER BY of the matches (`m.` columns) for each way of sorting; every one ends in newer first, then the id.
fn order_by(sort: SearchSort, relation: &str) -> String {
    let first = match sort {
        SearchSort::Relevance => format!("{relation}.rank, "),
        SearchSort::Newest => String::new(),
        SearchSort::PriceAscending => format!("{relation}.resale_price, "),
        SearchSort::PriceDescending => format!("{relation}.resale_price DESC, "),
    };
    format!("{first}{relation}.created_at DESC, {relation}.id DESC")
}

const SORTS: [SearchSort; 4] = [SearchSort::Relevance, SearchSort::Newest, SearchSort::PriceAscending, SearchSort::PriceDescending];

fn sort_index(sort: SearchSort) -> usize {
    SORTS.iter().position(|s| *s == sort).unwrap_or(0)
}

/// The page of matches as cards, each row with the number of matches (up to the bound).
fn page_sql(matched: &str, sort: SearchSort, limit: &str, offset: &str) -> String {
    let order = order_by(sort, "m");
    let page_order = order_by(sort, "page");
    format!(
        "WITH {matched}
SELECT b.id, b.category_id, b.title, b.author, b.picture_url, b.ratings, b.reviews, b.original_price, b.resale_price,
       b.location, b.status, a.verified AS seller_verified, (SELECT count(*) FROM matched) AS total
FROM (SELECT * FROM matched AS m ORDER BY {order} LIMIT {limit} OFFSET {offset}) AS page
JOIN books AS b ON b.id = page.id
JOIN accounts AS a ON a.id = b.seller_id
ORDER BY {page_order}"
    )
}

/// Words given: works by tier, then their available listings. Parameters: $1 exact tsquery, $2 prefix tsquery,
/// $3 near spellings allowed, $4 works per tier, $5 native key, $6 roman key, $7 a tier only when the ones before
/// found fewer works than this, $8 lowest price, $9 highest price, $10 page size, $11 offset[, $12 category].
fn words_sql(sort: SearchSort, by_category: bool) -> String {
    let category = if by_category { " AND b.category_id = $12" } else { "" };
    let matched = format!(
        "exact AS (
    SELECT id, listed_at FROM search_works WHERE terms @@ $1::tsquery ORDER BY listed_at DESC, id DESC LIMIT $4
), prefix AS (
    SELECT id, listed_at FROM search_works
    WHERE (SELECT count(*) FROM exact) < $7 AND terms @@ $2::tsquery AND NOT terms @@ $1::tsquery
    ORDER BY listed_at DESC, id DESC LIMIT $4
), fuzzy AS (
    SELECT id, listed_at, greatest(word_similarity($5, native), word_similarity($6, roman)) AS similarity
    FROM search_works
    WHERE $3 AND (SELECT count(*) FROM exact) + (SELECT count(*) FROM prefix) < $7
      AND ($5 <% native OR $6 <% roman) AND NOT terms @@ $2::tsquery
    ORDER BY similarity DESC, listed_at DESC, id DESC LIMIT $4
), works AS (
    SELECT id, row_number() OVER (ORDER BY tier, similarity DESC, listed_at DESC, id DESC) AS rank
    FROM (
        SELECT id, 0 AS tier, 1.0::real AS similarity, listed_at FROM exact
        UNION ALL SELECT id, 1, 1.0::real, listed_at FROM prefix
        UNION ALL SELECT id, 2, similarity, listed_at FROM fuzzy
    ) AS tiers
), matched AS (
    SELECT b.id, b.created_at, b.resale_price, w.rank
    FROM works AS w
    JOIN books AS b ON b.work_id = w.id AND b.status = 'available'
    WHERE b.resale_price BETWEEN $8 AND $9{category}
)"
    );
    page_sql(&matched, sort, "$10", "$11")
}

/// No words: every available book the filters allow, counted up to the bound. Parameters: $1 lowest price,
/// $2 highest price, $3 the bound, $4 page size, $5 offset[, $6 category].
fn filters_sql(sort: SearchSort, by_category: bool) -> String {
    let category = if by_category { " AND category_id = $6" } else { "" };
    let order = order_by(sort, "books");
    let matched = format!(
        "matched AS (
    SELECT id, created_at, resale_price, 0 AS rank FROM books
    WHERE status = 'available' AND resale_price BETWEEN $1 AND $2{category}
    ORDER BY {order} LIMIT $3
)"
    );
    page_sql(&matched, sort, "$4", "$5")
}

/// Every statement, by [with words][sort][by category]: fixed text, so each variant gets a plan of its own.
static STATEMENTS: LazyLock<[[[String; 2]; 4]; 2]> = LazyLock::new(|| {
    let variants = |make: fn(SearchSort, bool) -> String| SORTS.map(|sort| [make(sort, false), make(sort, true)]);
    [variants(filters_sql), variants(words_sql)]
});

#[derive(QueryableByName)]
struct MatchRow {
    #[diesel(embed)]
    card: CardRow,
    #[diesel(sql_type = Bool)]
    seller_verified: bool,
    #[diesel(sql_type = BigInt)]
    total: i64,
}

/// The query's words as the statement takes them; `None` when it has no letter or digit to search by.
struct WordsParameters {
    exact: String,
    prefix: String,
    fuzzy: bool,
    keys: QueryKeys,
}

impl WordsParameters {
    fn new(text: &str) -> Option<Self> {
        let keys = query_keys(text);
        if keys.words.is_empty() {
            return None;
        }
        Some(Self {
            exact: tsquery(&keys.words, false),
            prefix: tsquery(&keys.words, true),
            fuzzy: keys.significant_chars >= FUZZY_FROM_CHARS,
            keys,
        })
    }
}

impl PgStore {
    /// One page of matches with the count on every row; `None` when the words hold nothing to search by.
    async fn search_page(&self, query: &SearchQuery, page: PageRequest) -> anyhow::Result<Option<Vec<MatchRow>>> {
        let words = match &query.text {
            Some(text) => match WordsParameters::new(text.as_str()) {
                Some(words) => Some(words),
                // Only signs and spaces: nothing can match.
                None => return Ok(None),
            },
            None => None,
        };
        let limit = i64::from(page.per_page());
        let offset = i64::try_from(page.offset()).unwrap_or(i64::MAX);
        let by_category = query.category.is_some();
        let sql = STATEMENTS[usize::from(words.is_some())][sort_index(query.sort)][usize::from(by_category)].as_str();
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            // Parallel workers take milliseconds to start, more than any tier costs once bounded.
            diesel::sql_query("SET LOCAL max_parallel_workers_per_gather = 0").execute(conn).await?;
            self.search_statement(conn, sql, words.as_ref(), query, limit, offset).await
        })
        .await
        .context("searching the catalogue")
        .map(Some)
    }

    async fn search_statement(
        &self,
        conn: &mut AsyncPgConnection,
        sql: &str,
        words: Option<&WordsParameters>,
        query: &SearchQuery,
        limit: i64,
        offset: i64,
    ) -> diesel::QueryResult<Vec<MatchRow>> {
        let low = query.price.min().unwrap_or(0);
        let high = query.price.max().unwrap_or(i32::MAX);
        let category = query.category.map(|c| c.as_uuid());
        // diesel's sql_query is planned at every call: a search's best plan depends on its words (a rare word goes
        // through GIN, a common one down `listed_at`), which a cached generic plan would not know.
        match words {
            Some(w) => {
                let statement = diesel::sql_query(sql)
                    .bind::<Text, _>(&w.exact)
                    .bind::<Text, _>(&w.prefix)
                    .bind::<Bool, _>(w.fuzzy)
                    .bind::<BigInt, _>(WORKS_PER_TIER)
                    .bind::<Text, _>(&w.keys.native)
                    .bind::<Text, _>(&w.keys.roman)
                    .bind::<BigInt, _>(NEXT_TIER_BELOW)
                    .bind::<Int4, _>(low)
                    .bind::<Int4, _>(high)
                    .bind::<BigInt, _>(limit)
                    .bind::<BigInt, _>(offset);
                match category {
                    Some(c) => statement.bind::<SqlUuid, _>(c).load(conn).await,
                    None => statement.load(conn).await,
                }
            }
            None => {
                let statement = diesel::sql_query(sql)
                    .bind::<Int4, _>(low)
                    .bind::<Int4, _>(high)
                    .bind::<BigInt, _>(SearchQuery::MAX_TOTAL)
                    .bind::<BigInt, _>(limit)
                    .bind::<BigInt, _>(offset);
                match category {
                    Some(c) => statement.bind::<SqlUuid, _>(c).load(conn).await,
                    None => statement.load(conn).await,
                }
            }
        }
    }
}

#[async_trait]
impl SearchIndex for PgStore {
    async fn search(&self, query: &SearchQuery) -> Result<Page<BookCard>, StoreError> {
        let Some(rows) = self.search_page(query, query.page).await? else {
            return Ok(Page { items: Vec::new(), request: query.page, total: 0 });
        };
        let total = match rows.as_slice().first() {
            Some(row) => row.total,
            // A page past the last match carries no row to read the count from: count on the first page.
            None if query.page.page() > 1 => {
                let first = PageRequest::new(1, 1).map_err(anyhow::Error::new)?;
                self.search_page(query, first).await?.and_then(|rows| rows.as_slice().first().map(|r| r.total)).unwrap_or(0)
            }
            None => 0,
        };
        let items = rows.into_iter().map(|row| row.card.into_card(row.seller_verified)).collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Page { items, request: query.page, total: total.min(SearchQuery::MAX_TOTAL) })
    }

    async fn catch_up(&self, batch: u32) -> Result<u64, StoreError> {
        let listings = self.index_unindexed_listings(batch).await?;
        let works = self.rekey_stale_works(batch).await?;
        Ok(listings + works)
    }
}

#[derive(QueryableByName)]
struct UnindexedListing {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    title: String,
    #[diesel(sql_type = Text)]
    author: String,
    #[diesel(sql_type = Timestamptz)]
    created_at: chrono::DateTime<chrono::Utc>,
}

#[derive(QueryableByName)]
struct KeyedWork {
    #[diesel(sql_type = Int8)]
    id: i64,
    #[diesel(sql_type = Text)]
    identity: String,
}

#[derive(QueryableByName)]
struct StoredWork {
    #[diesel(sql_type = Int8)]
    id: i64,
    #[diesel(sql_type = Text)]
    title: String,
    #[diesel(sql_type = Text)]
    author: String,
}

/// Columns of many works at once, for `unnest`.
#[derive(Default)]
struct WorkColumns {
    identity: Vec<String>,
    title: Vec<String>,
    author: Vec<String>,
    native: Vec<String>,
    roman: Vec<String>,
    words: Vec<String>,
    listed_at: Vec<chrono::DateTime<chrono::Utc>>,
}

impl WorkColumns {
    fn push(&mut self, keys: WorkKeys, title: &str, author: &str, listed_at: chrono::DateTime<chrono::Utc>) {
        self.identity.push(keys.identity);
        self.title.push(title.to_owned());
        self.author.push(author.to_owned());
        self.native.push(keys.native);
        self.roman.push(keys.roman);
        self.words.push(keys.words.join(" "));
        self.listed_at.push(listed_at);
    }
}

impl PgStore {
    /// Listings with no work (written by a bulk load, a restore, or before search existed): keys their works and
    /// links them, newest first. Rows another instance is keying are skipped.
    ///
    /// A work's row changes only when a listing newer than the one it knows arrives: every other write of it would
    /// be a new row version with an entry in each of its GIN indexes, which made a million-book load several times
    /// slower. Newest first, that is almost never.
    async fn index_unindexed_listings(&self, batch: u32) -> anyhow::Result<u64> {
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let listings: Vec<UnindexedListing> = diesel::sql_query(
                "SELECT id, title, author, created_at FROM books WHERE work_id IS NULL
                 ORDER BY created_at DESC, id DESC LIMIT $1 FOR UPDATE SKIP LOCKED",
            )
            .bind::<BigInt, _>(i64::from(batch))
            .load(conn)
            .await?;
            if listings.is_empty() {
                return Ok(0);
            }
            // One row per identity: an upsert may not touch the same row twice in one statement.
            let mut works = WorkColumns::default();
            let mut identities = Vec::with_capacity(listings.len());
            let mut seen: HashMap<String, usize> = HashMap::new();
            for listing in &listings {
                let keys = keys_for(&listing.title, &listing.author);
                identities.push(keys.identity.clone());
                match seen.get(&keys.identity) {
                    Some(&i) => works.listed_at[i] = works.listed_at[i].max(listing.created_at),
                    None => {
                        seen.insert(keys.identity.clone(), works.identity.len());
                        works.push(keys, &listing.title, &listing.author, listing.created_at);
                    }
                }
            }
            let keyed: Vec<KeyedWork> = diesel::sql_query(UPSERT_WORKS_SQL)
                .bind::<Array<Text>, _>(&works.identity)
                .bind::<Array<Text>, _>(&works.title)
                .bind::<Array<Text>, _>(&works.author)
                .bind::<Array<Text>, _>(&works.native)
                .bind::<Array<Text>, _>(&works.roman)
                .bind::<Array<Text>, _>(&works.words)
                .bind::<Array<Timestamptz>, _>(&works.listed_at)
                .bind::<Text, _>(KEYS_VERSION.as_str())
                .load(conn)
                .await?;
            let mut work_of: HashMap<String, i64> = keyed.into_iter().map(|w| (w.identity, w.id)).collect();
            // Works that existed and knew a newer listing were not written, so the upsert did not return them.
            let known: Vec<&String> = works.identity.iter().filter(|i| !work_of.contains_key(i.as_str())).collect();
            if !known.is_empty() {
                let found: Vec<KeyedWork> = diesel::sql_query("SELECT id, identity FROM search_works WHERE identity = ANY($1)")
                    .bind::<Array<Text>, _>(&known)
                    .load(conn)
                    .await?;
                work_of.extend(found.into_iter().map(|w| (w.identity, w.id)));
            }
            let ids: Vec<Uuid> = listings.iter().map(|l| l.id).collect();
            let work_ids: Vec<Option<i64>> = identities.iter().map(|i| work_of.get(i.as_str()).copied()).collect();
            // Counts only the listings linked: were a work ever missing, its listings would stay for the next round
            // instead of being counted as done, and a caller looping until 0 stops.
            let linked = diesel::sql_query(
                "UPDATE books SET work_id = linked.work_id
                 FROM unnest($1::uuid[], $2::int8[]) AS linked (id, work_id)
                 WHERE books.id = linked.id AND linked.work_id IS NOT NULL",
            )
            .bind::<Array<SqlUuid>, _>(&ids)
            .bind::<Array<Nullable<Int8>>, _>(&work_ids)
            .execute(conn)
            .await?;
            Ok::<_, diesel::result::Error>(u64::try_from(linked).unwrap_or(u64::MAX))
        })
        .await
        .context("indexing listings written without their work")
    }

    /// Works keyed by other rules than today's: keyed again from their stored title and author. The identity stays:
    /// listings keep their work.
    async fn rekey_stale_works(&self, batch: u32) -> anyhow::Result<u64> {
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            let stale: Vec<StoredWork> = diesel::sql_query(
                "SELECT id, title, author FROM search_works WHERE keys_version <> $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED",
            )
            .bind::<Text, _>(KEYS_VERSION.as_str())
            .bind::<BigInt, _>(i64::from(batch))
            .load(conn)
            .await?;
            if stale.is_empty() {
                return Ok(0);
            }
            let mut ids = Vec::with_capacity(stale.len());
            let (mut native, mut roman, mut words) = (Vec::new(), Vec::new(), Vec::new());
            for work in &stale {
                let keys = keys_for(&work.title, &work.author);
                ids.push(work.id);
                native.push(keys.native);
                roman.push(keys.roman);
                words.push(keys.words.join(" "));
            }
            diesel::sql_query(
                "UPDATE search_works SET native = k.native, roman = k.roman,
                        terms = array_to_tsvector(string_to_array(k.words, ' ')), keys_version = $5
                 FROM unnest($1::int8[], $2::text[], $3::text[], $4::text[]) AS k (id, native, roman, words)
                 WHERE search_works.id = k.id",
            )
            .bind::<Array<Int8>, _>(&ids)
            .bind::<Array<Text>, _>(&native)
            .bind::<Array<Text>, _>(&roman)
            .bind::<Array<Text>, _>(&words)
            .bind::<Text, _>(KEYS_VERSION.as_str())
            .execute(conn)
            .await?;
            Ok::<_, diesel::result::Error>(u64::try_from(stale.len()).unwrap_or(u64::MAX))
        })
        .await
        .context("keying works again under today's rules")
    }
}

impl PgStore {
    /// Whether pg_trgm sees Bengali letters as letters here. It splits words by the database's LC_CTYPE: under `C`
    /// (`initdb --no-locale`, some managed databases) every Bengali letter is a word break, and near spellings in
    /// Bengali script silently match nothing (romanized matching, in ASCII, still works). A UTF-8 ctype such as
    /// `C.UTF-8` is what search expects; the server warns at start when the database has another.
    pub async fn bengali_letters_are_letters(&self) -> anyhow::Result<bool> {
        #[derive(QueryableByName)]
        struct Answer {
            #[diesel(sql_type = Bool)]
            split: bool,
        }
        let mut conn = self.conn().await?;
        let answer: Answer = diesel::sql_query("SELECT cardinality(show_trgm('কখগ')) > 0 AS split")
            .get_result(&mut conn)
            .await
            .context("asking pg_trgm how it reads Bengali")?;
        Ok(answer.split)
    }
}

const UPSERT_WORKS_SQL: &str = "
INSERT INTO search_works (identity, title, author, native, roman, terms, listed_at, keys_version)
SELECT w.identity, w.title, w.author, w.native, w.roman, array_to_tsvector(string_to_array(w.words, ' ')), w.listed_at, $8
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
     AS w (identity, title, author, native, roman, words, listed_at)
ON CONFLICT (identity) DO UPDATE SET listed_at = excluded.listed_at WHERE search_works.listed_at < excluded.listed_at
RETURNING id, identity";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsquery_quotes_every_form_and_joins_words_with_and() {
        let words = vec![vec!["pather".to_owned(), "patr".to_owned()], vec!["o'k\\".to_owned()]];
        assert_eq!(tsquery(&words, false), "('pather' | 'patr') & ('o''k\\\\')");
        assert_eq!(tsquery(&words, true), "('pather':* | 'patr':*) & ('o''k\\\\':*)");
        let short = vec![vec!["pa".to_owned(), "p".to_owned()]];
        assert_eq!(tsquery(&short, false), "('pa' | 'p')");
        assert_eq!(tsquery(&short, true), "('pa':*)", "a one-letter romanized prefix would match nearly everything");
    }

    #[test]
    fn every_statement_variant_differs_and_binds_its_category_last() {
        let all: Vec<&String> = STATEMENTS.iter().flatten().flatten().collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert!(STATEMENTS[1][0][1].contains("b.category_id = $12") && !STATEMENTS[1][0][0].contains("$12"));
        assert!(STATEMENTS[0][2][1].contains("category_id = $6") && !STATEMENTS[0][2][0].contains("$6"));
    }

    #[test]
    fn a_query_without_letters_or_digits_searches_nothing() {
        assert!(WordsParameters::new("!!! ... ???").is_none());
        let short = WordsParameters::new("ab").map(|w| w.fuzzy);
        assert_eq!(short, Some(false), "two letters match words and prefixes only");
    }
}
