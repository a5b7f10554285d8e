//! Search on PostgreSQL: works keyed in Rust, matched through the GIN index on their words.
//!
//! A listing points at its work (`search_works`: one row per title and author, however typed). A search with words
//! finds works in tiers, each bounded by [`WORKS_PER_TIER`] and each one small statement of its own:
//! 1. exact: every query word is one of the work's words;
//! 2. prefix: every query word starts one of the work's words (one- and two-character queries stop here); a prefix
//!    that starts few of the vocabulary's words is asked of GIN as those whole words ([`PrefixWords`]);
//! 3. near spellings: each query word may also be a word of the vocabulary a slip or two away from it
//!    (`search_words`, found through `search_word_variants`; see [`puronoboi_domain::search_text::spelling`]) or be
//!    written together with its neighbour; the works with every word so are ranked by pg_trgm word similarity;
//! 4. loose, only when no tier found anything: works with only some of the words so (a name spelt another way, a
//!    word with no near neighbour), shown only when the whole query is alike the work's key (pg_trgm word similarity
//!    of at least [`LOOSE_SIMILARITY`]).
//!
//! Each tier runs only when the tiers before it found fewer than [`NEXT_TIER_BELOW`] works: a word found as typed
//! needs no guesses. Each reads its works newest first, either down `listed_at` or through GIN, whichever the words'
//! statistics say is cheap ([`crate::search_stats`]); so no tier's cost grows with the number of works that merely
//! look alike. A last statement filters, orders and pages the works' available listings.
//!
//! Small statements rather than one: one statement with every tier took 3-4 ms to plan, more than most searches
//! take to run, and planned every tier whether it ran or not. Keys come from [`puronoboi_domain::work_keys`] and
//! [`puronoboi_domain::query_keys`]; the SQL only compares them.

use std::collections::HashMap;
use std::sync::LazyLock;

use anyhow::Context as _;
use async_trait::async_trait;
use diesel::sql_types::{Array, BigInt, Bool, Float4, Int4, Int8, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel::{OptionalExtension as _, QueryableByName};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use puronoboi_domain::search_text::spelling;
use puronoboi_domain::{
    BookCard, CopyFilter, Page, PageRequest, QueryKeys, SEARCH_KEY_VERSION, SearchAliases, SearchQuery, SearchSort, WorkKeys, query_keys,
    work_keys,
};
use puronoboi_ports::{SearchIndex, StoreError};
use uuid::Uuid;

use crate::PgStore;
use crate::rows::CardRow;
use crate::search_stats::{Lexeme, Shares, WALK_FROM_SHARE};
use crate::statement::statement;

/// The most works each tier contributes. A search is for finding a book: past this many works, a buyer narrows the
/// words or the filters. It bounds the work a common word costs (its matches are read newest first and the read
/// stops here), and so the count of matches too.
const WORKS_PER_TIER: i64 = 100;
/// A tier is looked at only when the tiers before it found fewer works than this: prefixes only when few works
/// have the words as typed, near spellings only when few have them as typed or as prefixes. Otherwise a common word
/// would cost a walk through every work for prefixes and trigram candidates nobody pages down to.
const NEXT_TIER_BELOW: i64 = 50;
/// Queries with fewer letters and digits than this match whole words and prefixes only: one or two letters are no
/// basis for a guess.
const FUZZY_FROM_CHARS: usize = 3;
/// Near spellings are ranked by how alike the whole query and the work are; only the newest this many works with
/// every word matched are ranked, so that a common word's corrections cannot make the ranking read thousands.
const FUZZY_CANDIDATES: i64 = 200;
/// How alike (pg_trgm word similarity of the whole query with a work's key, 0 to 1) a work must be to be shown when
/// only some of the query's words match it (a name spelt another way, a word the vocabulary has no neighbour of).
const LOOSE_SIMILARITY: f32 = 0.5;

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
    add_to_vocabulary(conn, keys.words.iter().map(String::as_str)).await?;
    Ok(row.id)
}

/// Adds the words the vocabulary lacks, each with its variants (the lookup keys near spellings are found by).
/// Words too short to be a correction are left out. Sorted, so that two transactions adding overlapping words take
/// their locks in one order and never wait on each other in a cycle.
async fn add_to_vocabulary<'a>(conn: &mut AsyncPgConnection, words: impl IntoIterator<Item = &'a str>) -> diesel::QueryResult<()> {
    #[derive(QueryableByName)]
    struct NewWord {
        #[diesel(sql_type = Text)]
        word: String,
    }
    let mut words: Vec<&str> = words.into_iter().filter(|w| !spelling::vocabulary_variants(w).is_empty()).collect();
    words.sort_unstable();
    words.dedup();
    if words.is_empty() {
        return Ok(());
    }
    let new: Vec<NewWord> =
        diesel::sql_query("INSERT INTO search_words (word) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING RETURNING word")
            .bind::<Array<Text>, _>(&words)
            .load(conn)
            .await?;
    if new.is_empty() {
        return Ok(());
    }
    let (mut variants, mut of_word) = (Vec::new(), Vec::new());
    for NewWord { word } in &new {
        for variant in spelling::vocabulary_variants(word) {
            variants.push(variant);
            of_word.push(word.as_str());
        }
    }
    diesel::sql_query(
        "INSERT INTO search_word_variants (variant, word) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING",
    )
    .bind::<Array<Text>, _>(&variants)
    .bind::<Array<Text>, _>(&of_word)
    .execute(conn)
    .await?;
    Ok(())
}

/// A listing makes its work the newest: listed now, and flagged as one of the newest works. `now()` is when the
/// listing's transaction began: a listing of the same work that began later and committed first stays the newer.
const UPSERT_WORK_SQL: &str = "
INSERT INTO search_works (identity, title, author, native, roman, terms, keys_version, newest)
VALUES ($1, $2, $3, $4, $5, array_to_tsvector(string_to_array($6, ' ')), $7, true)
ON CONFLICT (identity) DO UPDATE SET listed_at = greatest(search_works.listed_at, now()), newest = true
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

/// The page of matches as cards, each row with the number of matches (up to the bound). `matched` is a SELECT of the
/// matches' `id, created_at, resale_price, rank`. The count is a window over the matches rather than a second read
/// of them (a CTE counted apart): one plan node fewer to plan and run, a fifth of the statement's time.
fn page_sql(matched: &str, sort: SearchSort, limit: &str, offset: &str) -> String {
    let order = order_by(sort, "m");
    let page_order = order_by(sort, "page");
    format!(
        "SELECT b.id, b.category_id, b.title, b.author, b.picture_url, b.ratings, b.reviews, b.original_price, b.resale_price,
       b.location, b.status, b.condition, a.verified AS seller_verified, page.total
FROM (
    SELECT m.*, count(*) OVER () AS total FROM ({matched}) AS m
    ORDER BY {order} LIMIT {limit} OFFSET {offset}
) AS page
JOIN books AS b ON b.id = page.id
JOIN accounts AS a ON a.id = b.seller_id
ORDER BY {page_order}"
    )
}

/// The copy filter as SQL conditions on `relation`'s columns. The values are the closed sets' own stored names (never
/// text a caller typed), written into the statement so that the planner sees the constant and picks
/// `books_available_by_condition_idx` or `books_available_by_language_idx` for a rare one.
fn copy_sql(copy: CopyFilter, relation: &str) -> String {
    let mut sql = String::new();
    if let Some(condition) = copy.condition {
        sql.push_str(&format!(" AND {relation}.condition = '{}'", condition.as_str()));
    }
    if let Some(language) = copy.language {
        sql.push_str(&format!(" AND {relation}.language = '{}'", language.as_str()));
    }
    sql
}

/// The predicate of `books_available_by_work_idx`, written as constants. With it in the statement PostgreSQL can prove
/// from the text alone that the index serves it, so it plans the statement once per connection (a generic plan, the
/// same nested loop over the works) instead of for every search: 0.8 ms a page at a million listings where planning
/// it each time took 1.5. The price bounds, parameters, could not prove it.
const BY_WORK_INDEX_PREDICATE: &str = "b.status = 'available' AND b.resale_price >= 0";

/// The available listings of the works found, ranked. Parameters: $1 the works' ids, best first, $2 lowest price,
/// $3 highest price, $4 page size, $5 offset[, $6 category].
fn works_page_sql(sort: SearchSort, by_category: bool, copy: CopyFilter) -> String {
    let category = if by_category { " AND b.category_id = $6" } else { "" };
    let copy = copy_sql(copy, "b");
    let matched = format!(
        "SELECT b.id, b.created_at, b.resale_price, w.rank
    FROM unnest($1::int8[]) WITH ORDINALITY AS w (id, rank)
    JOIN books AS b ON b.work_id = w.id AND {BY_WORK_INDEX_PREDICATE}
    WHERE b.resale_price BETWEEN $2 AND $3{category}{copy}"
    );
    page_sql(&matched, sort, "$4", "$5")
}

/// No words: every available book the filters allow, counted up to the bound. Parameters: $1 lowest price,
/// $2 highest price, $3 the bound, $4 page size, $5 offset[, $6 category].
fn filters_sql(sort: SearchSort, by_category: bool, copy: CopyFilter) -> String {
    let category = if by_category { " AND category_id = $6" } else { "" };
    let copy = copy_sql(copy, "books");
    let order = order_by(sort, "books");
    let matched = format!(
        "SELECT id, created_at, resale_price, 0 AS rank FROM books
    WHERE status = 'available' AND resale_price BETWEEN $1 AND $2{category}{copy}
    ORDER BY {order} LIMIT $3"
    );
    page_sql(&matched, sort, "$4", "$5")
}

/// The final statements without a copy filter, by [with words][sort][by category]: fixed text, so each variant gets
/// a plan of its own. A copy filter's statements are written per search (see [`page_statement`]).
static PAGE_STATEMENTS: LazyLock<[[[String; 2]; 4]; 2]> = LazyLock::new(|| {
    let variants = |make: fn(SearchSort, bool, CopyFilter) -> String| {
        SORTS.map(|sort| [make(sort, false, CopyFilter::ANY), make(sort, true, CopyFilter::ANY)])
    };
    [variants(filters_sql), variants(works_page_sql)]
});

/// The statements with a copy filter, by (with words, sort, by category, filter): every combination written once
/// (a few hundred short texts), so that each is fixed text the connection prepares once.
static FILTERED_STATEMENTS: LazyLock<HashMap<(bool, usize, bool, CopyFilter), String>> = LazyLock::new(|| {
    let mut statements = HashMap::new();
    for copy in CopyFilter::every().filter(|c| *c != CopyFilter::ANY) {
        for (at, sort) in SORTS.into_iter().enumerate() {
            for by_category in [false, true] {
                statements.insert((false, at, by_category, copy), filters_sql(sort, by_category, copy));
                statements.insert((true, at, by_category, copy), works_page_sql(sort, by_category, copy));
            }
        }
    }
    statements
});

/// The page statement for a search.
fn page_statement(with_words: bool, sort: SearchSort, by_category: bool, copy: CopyFilter) -> &'static str {
    if copy == CopyFilter::ANY {
        PAGE_STATEMENTS[usize::from(with_words)][sort_index(sort)][usize::from(by_category)].as_str()
    } else {
        FILTERED_STATEMENTS.get(&(with_words, sort_index(sort), by_category, copy)).map_or("", String::as_str)
    }
}

/// How many of the newest works carry the `newest` flag (a read of them finds a query's newest matches), and how far
/// a walk reads. The flag's GIN index (`search_works_newest_terms_idx`) is an index of these works alone. At 200,000
/// works (a million listings) they hold a tier's [`NEXT_TIER_BELOW`] matches when about one work in 300 matches; a
/// rarer query's matches are few enough to fetch through the index of every work. Measured over 1,500 searches of
/// the bench there: 8,000 and 32,000 were a little slower than this.
pub(crate) const NEWEST_WORKS: i64 = 16_000;

/// How a tier's works are read, newest first. Each way is the slow one for some words, so the words' statistics
/// choose ([`crate::search_stats`]); the first two read only the newest [`NEWEST_WORKS`] and are followed by a read
/// of every work (the third or the fourth) when they did not find enough.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Read {
    /// Down `listed_at` through the newest works, testing each: cheap when a good part of them match (the read
    /// stops at the tier's limit).
    Walk,
    /// Through the GIN index of the newest works only, then sorted: cheap when a few hundred of them match. At a
    /// million listings, a word a thirtieth of the works have matched 7,000 works through the index of every work
    /// (13-19 ms to fetch and sort them for the newest 200) and about 560 here (1-2 ms).
    Newest,
    /// Through the GIN index of every work, then sorted: cheap when few works match at all.
    Everything,
    /// As [`Read::Everything`], but GIN is asked for the query's rarer words only and each work they find is tested
    /// for the rest (see [`narrowed`]).
    Narrowed,
}

/// Where a tier's works come from, newest first (see [`Read`]). The order through GIN is written as an expression
/// no index has, so that the planner cannot read it down `search_works_listed_at_idx` instead: that walk, unbounded,
/// is the one that read 92,000 works for two common words that seldom meet.
fn candidates_sql(read: Read, columns: &str, filter: &str, limit: &str) -> String {
    match read {
        Read::Walk => format!(
            "SELECT {columns} FROM (
    SELECT {columns}, terms FROM search_works ORDER BY listed_at DESC, id DESC LIMIT {NEWEST_WORKS}
) AS newest
WHERE {filter} ORDER BY listed_at DESC, id DESC LIMIT {limit}"
        ),
        Read::Newest => {
            format!(
                "SELECT {columns} FROM search_works WHERE newest AND {filter} ORDER BY listed_at + interval '0' DESC, id DESC LIMIT {limit}"
            )
        }
        Read::Everything | Read::Narrowed => {
            format!("SELECT {columns} FROM search_works WHERE {filter} ORDER BY listed_at + interval '0' DESC, id DESC LIMIT {limit}")
        }
    }
}

/// What a read matches $1 by: `terms @@ $1` (which GIN answers), or, for [`Read::Narrowed`], GIN asked for
/// `narrow` (a tsquery parameter with some of $1's groups) and each work it finds tested for the whole of $1 by
/// `ts_match_vq`, the function behind `@@`, which the planner does not hand to an index.
fn matching_sql(read: Read, narrow: &str) -> String {
    match read {
        Read::Narrowed => format!("terms @@ {narrow}::tsquery AND ts_match_vq(terms, $1::tsquery)"),
        _ => "terms @@ $1::tsquery".to_owned(),
    }
}

/// Tiers 1 and 2: works with every word as typed ($1), newest first, none of those matching $2 (a tsquery, or ''
/// for none); at most $3[; narrowed by $4].
fn words_tier_sql(read: Read) -> String {
    let matching = matching_sql(read, "$4");
    candidates_sql(
        read,
        "id, listed_at",
        &format!("{matching} AND ($2 = '' OR NOT terms @@ (CASE WHEN $2 = '' THEN $1 ELSE $2 END)::tsquery)"),
        "$3",
    )
}

/// Tiers 3 and 4: of the newest [`FUZZY_CANDIDATES`] works matching $1 and not $2, the $3 most alike the query
/// (pg_trgm word similarity of its native key $4 and roman key $5 with the work's), at least $6 alike; each row with
/// the number of candidates `seen`[; narrowed by $7].
fn guesses_tier_sql(read: Read) -> String {
    let matching = matching_sql(read, "$7");
    let candidates = candidates_sql(
        read,
        "id, listed_at, native, roman",
        &format!("{matching} AND NOT terms @@ $2::tsquery"),
        &FUZZY_CANDIDATES.to_string(),
    );
    format!(
        "SELECT id, listed_at, similarity, seen FROM (
    SELECT id, listed_at, greatest(word_similarity($4, native), word_similarity($5, roman)) AS similarity, count(*) OVER () AS seen
    FROM ({candidates}) AS candidates
) AS scored
WHERE similarity >= $6
ORDER BY similarity DESC, listed_at DESC, id DESC LIMIT $3"
    )
}

/// A tier in one statement: the newest works read `first` (a walk or their own index), and, only when that read was
/// not `enough`, every work read `then` instead, with the same parameters. The second read sits under a condition on
/// the first read's rows alone, which PostgreSQL decides once, before it starts that read: a search whose newest
/// works held enough never reads the rest. In two statements, nine searches in ten at a million listings paid a
/// second round trip (the newest works seldom hold 50 matches of a specific title).
///
/// The newest works are enough when they held [`NEXT_TIER_BELOW`] matches (for near spellings, candidates ranked,
/// alike enough or not): as many as spare the tiers after it, and the newest there are, as the tiers show them.
/// Asking GIN for the older matches a full tier would add fetches every match of the words and sorts them: for
/// "meg nai" at a million listings, 2,417 works and 15 ms after a walk that had found 89 in 10 ms.
fn tier_sql(first: &str, then: &str, enough: &str, columns: &str, order: &str) -> String {
    format!(
        "WITH first AS MATERIALIZED ({first})
SELECT {columns} FROM first WHERE ({enough})
UNION ALL
SELECT {columns} FROM ({then}) AS every WHERE NOT ({enough})
ORDER BY {order}"
    )
}

/// Tiers 1 and 2 in one statement (see [`tier_sql`]): enough when the newest works held [`NEXT_TIER_BELOW`] matches.
fn words_read_sql(first: Read, then: Read) -> String {
    let enough = format!("SELECT count(*) >= {NEXT_TIER_BELOW} FROM first");
    tier_sql(&words_tier_sql(first), &words_tier_sql(then), &enough, "id, listed_at", "listed_at DESC, id DESC")
}

/// Tiers 3 and 4 in one statement (see [`tier_sql`]): enough when the newest works held [`NEXT_TIER_BELOW`]
/// candidates, alike enough or not (every row carries the count; none when none was alike enough).
fn guesses_read_sql(first: Read, then: Read) -> String {
    let enough = format!("SELECT coalesce(max(seen), 0) >= {NEXT_TIER_BELOW} FROM first");
    tier_sql(
        &guesses_tier_sql(first),
        &guesses_tier_sql(then),
        &enough,
        "id, listed_at, similarity, seen",
        "similarity DESC, listed_at DESC, id DESC",
    )
}

/// The ways a tier is read in one statement: the newest works walked or through their index, then every work through
/// GIN or narrowed. By [`read_index`].
const READS: [(Read, Read); 4] =
    [(Read::Walk, Read::Everything), (Read::Walk, Read::Narrowed), (Read::Newest, Read::Everything), (Read::Newest, Read::Narrowed)];
static WORDS_READS: LazyLock<[String; 4]> = LazyLock::new(|| READS.map(|(first, then)| words_read_sql(first, then)));
static GUESSES_READS: LazyLock<[String; 4]> = LazyLock::new(|| READS.map(|(first, then)| guesses_read_sql(first, then)));

fn read_index(first: Read, then: Read) -> usize {
    READS.iter().position(|read| *read == (first, then)).unwrap_or(0)
}

#[derive(QueryableByName)]
struct MatchRow {
    #[diesel(embed)]
    card: CardRow,
    #[diesel(sql_type = Bool)]
    seller_verified: bool,
    #[diesel(sql_type = BigInt)]
    total: i64,
}

#[derive(QueryableByName)]
struct FoundWork {
    #[diesel(sql_type = Int8)]
    id: i64,
}

/// The query's words as the tiers take them.
struct WordsParameters {
    keys: QueryKeys,
    /// Each word by any of its forms, exactly: tier 1.
    exact: Vec<Vec<(String, bool)>>,
    /// Each word by any of its forms as a prefix: tier 2.
    prefix: Vec<Vec<(String, bool)>>,
}

impl WordsParameters {
    /// `None` when the text has no letter or digit to search by.
    fn new(text: &str) -> Option<Self> {
        let keys = query_keys(text);
        if keys.words.is_empty() {
            return None;
        }
        Some(Self { exact: lexeme_groups(&keys.words, false), prefix: lexeme_groups(&keys.words, true), keys })
    }

    /// Whether near spellings are looked for at all: one or two letters are no basis for a guess.
    fn guesses(&self) -> bool {
        self.keys.significant_chars >= FUZZY_FROM_CHARS
    }

    /// Every form a correction is looked up for.
    fn correctable_forms(&self) -> impl Iterator<Item = &String> {
        self.keys.words.iter().flatten().filter(|form| spelling::allowed_edits(form) > 0)
    }
}

/// One group per query word: its forms (the word as typed, folded, first; then its romanized fold); with `prefix`,
/// each form as a prefix, a romanized one only from [`SHORTEST_ROMAN_PREFIX`] letters.
fn lexeme_groups(words: &[Vec<String>], prefix: bool) -> Vec<Vec<(String, bool)>> {
    words
        .iter()
        .map(|forms| {
            forms
                .iter()
                .enumerate()
                .filter(|(j, form)| !prefix || *j == 0 || form.chars().count() >= SHORTEST_ROMAN_PREFIX)
                .map(|(_, form)| (form.clone(), prefix))
                .collect()
        })
        .collect()
}

/// `('a' | 'b') & ('c' | 'd')`: every group, each by any of its lexemes.
fn tsquery(groups: &[Vec<(String, bool)>]) -> String {
    render_groups(groups, " & ")
}

fn lexemes(groups: &[Vec<(String, bool)>]) -> Vec<Vec<Lexeme<'_>>> {
    groups.iter().map(|g| g.iter().map(|(word, prefix)| Lexeme { word, prefix: *prefix }).collect()).collect()
}

/// A tier's statement and what it is asked. `narrow`: the rarer part of `matching` GIN is asked for when every work
/// is read ([`narrowed`]).
enum Tier<'a> {
    /// Tiers 1 and 2: works with every word of `matching`, none of `not_matching` ('' for none).
    Words { matching: &'a str, narrow: Option<&'a str>, not_matching: &'a str },
    /// Tiers 3 and 4: works matching `matching` and not `not_matching`, at least `at_least` alike the query's keys.
    Guesses { matching: &'a str, narrow: Option<&'a str>, not_matching: &'a str, keys: &'a QueryKeys, at_least: f32 },
}

impl Tier<'_> {
    /// How every work is read when the newest did not hold enough.
    fn everything(&self) -> Read {
        let (Tier::Words { narrow, .. } | Tier::Guesses { narrow, .. }) = self;
        if narrow.is_some() { Read::Narrowed } else { Read::Everything }
    }
}

/// A group of a tier's query with at least this estimated share of the works is not asked of GIN when every work is
/// read, if the other groups are rare enough ([`NARROWED_TO_SHARE`]): each work they find is tested for it instead.
/// GIN collects every row of every word a prefix starts before it combines them, and a query's one-letter prefix
/// beside a rare word ("toward a", the box's suggestions as a buyer types) took 8-10 ms at a million listings, for a
/// few hundred works the rare word alone finds.
const TESTED_FROM_SHARE: f64 = 0.25;
/// The estimated share of the works the groups asked of GIN may match together when the common ones are left out:
/// at 200,000 works, a thousand works fetched and tested.
const NARROWED_TO_SHARE: f64 = 0.005;

/// The tsquery of `groups` without its common groups, when leaving them to be tested on each work is cheaper than
/// asking GIN for them (see [`TESTED_FROM_SHARE`]); `None` when every group is asked.
fn narrowed(shares: &Shares, groups: &[Vec<(String, bool)>]) -> Option<String> {
    let rarer: Vec<Vec<(String, bool)>> =
        groups.iter().filter(|group| shares.group(&lexemes(std::slice::from_ref(*group))[0]) < TESTED_FROM_SHARE).cloned().collect();
    let leaves_some = !rarer.is_empty() && rarer.len() < groups.len();
    (leaves_some && shares.all(&lexemes(&rarer)) <= NARROWED_TO_SHARE).then(|| tsquery(&rarer))
}

/// The works found, best first: the tiers' answers in tier order.
type RankedWorks = Vec<i64>;

impl PgStore {
    /// The works matching the words, by tier: every word exactly, then as prefixes, then near spellings, then (only
    /// when nothing else was found) some words. A tier runs only when the ones before found fewer than
    /// [`NEXT_TIER_BELOW`] works; each is one small statement, planned with its own words.
    async fn ranked_works(&self, conn: &mut AsyncPgConnection, words: &WordsParameters) -> anyhow::Result<RankedWorks> {
        let shares = self.word_shares.current(conn).await;
        let exact = tsquery(&words.exact);
        let read = first_read(shares.all(&lexemes(&words.exact)));
        let narrow = narrowed(&shares, &words.exact);
        let by_words = Tier::Words { matching: &exact, narrow: narrow.as_deref(), not_matching: "" };
        let mut works = tier_works(conn, read, by_words).await.context("finding works by their words")?;
        if (works.len() as i64) >= NEXT_TIER_BELOW {
            return Ok(works);
        }
        let prefix_words = prefix_words(conn, &words.prefix).await.context("listing the words the query's prefixes start")?;
        let prefixes = prefix_words.apply(&words.prefix);
        let prefix = tsquery(&prefixes);
        let read = first_read(shares.all(&lexemes(&words.prefix)));
        let narrow = narrowed(&shares, &prefixes);
        let by_prefix = Tier::Words { matching: &prefix, narrow: narrow.as_deref(), not_matching: &exact };
        works.extend(tier_works(conn, read, by_prefix).await.context("finding works by prefixes")?);
        if (works.len() as i64) >= NEXT_TIER_BELOW || !words.guesses() {
            return Ok(works);
        }
        let near = near_spellings(conn, words).await.context("looking up near spellings")?;
        let groups = &near.groups;
        // The groups as GIN is asked for them, for this tier and the loose one.
        let asked = prefix_words.apply(groups);
        let fuzzy = render_groups(&asked, " & ");
        // Estimated by each word's own lexemes: a joined form is in both neighbours' groups, and a lexeme two groups
        // share makes them count as one word (the smaller share, not the product), which sent "meg nai" (11% and 9%
        // of the works, 1.2% together) down a walk that found 89 works in 8,000 before GIN had to be asked anyway.
        let own = near.own_groups();
        let read = first_read(shares.all(&lexemes(&own)));
        let narrow = narrowed(&shares, &asked);
        let near = Tier::Guesses { matching: &fuzzy, narrow: narrow.as_deref(), not_matching: &prefix, keys: &words.keys, at_least: 0.0 };
        works.extend(tier_works(conn, read, near).await.context("finding near spellings")?);
        if !works.is_empty() || groups.len() < 2 {
            return Ok(works);
        }
        let loose = render_groups(&asked, " | ");
        let read = first_read(shares.any(&lexemes(groups)));
        // Any group matching is enough here: none can be left out of what GIN is asked.
        let some = Tier::Guesses { matching: &loose, narrow: None, not_matching: &fuzzy, keys: &words.keys, at_least: LOOSE_SIMILARITY };
        works.extend(tier_works(conn, read, some).await.context("finding works by some words")?);
        Ok(works)
    }

    /// One page of the available listings of `works` (or, without words, of every available book) with the count on
    /// every row.
    async fn search_page(
        &self,
        conn: &mut AsyncPgConnection,
        works: Option<&[i64]>,
        query: &SearchQuery,
        page: PageRequest,
    ) -> diesel::QueryResult<Vec<MatchRow>> {
        let limit = i64::from(page.per_page());
        let offset = i64::try_from(page.offset()).unwrap_or(i64::MAX);
        let low = query.price.min().unwrap_or(0);
        let high = query.price.max().unwrap_or(i32::MAX);
        let category = query.category.map(|c| c.as_uuid());
        let sql = page_statement(works.is_some(), query.sort, category.is_some(), query.copy);
        match works {
            Some(works) => {
                let statement = statement(sql)
                    .bind::<Array<Int8>, _>(works)
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
                let statement = statement(sql)
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

/// The near-spelling alternatives of each query word, as groups of lexemes (word, as a prefix): the word by one of
/// its forms (as a prefix, or exactly where a form is too short to be a prefix), by a correction of one of them, or
/// by being written together with a neighbour (that joined form, or a correction of it). `joined[i]` joins words `i` and `i + 1`. Every group matched is the near-spelling tier; some
/// group, the loose one.
fn near_spelling_groups(words: &[Vec<String>], joined: &[Vec<String>], corrections: &HashMap<&str, Vec<String>>) -> NearSpellings {
    let mut groups = Vec::with_capacity(words.len());
    let mut own = Vec::with_capacity(words.len());
    for (i, forms) in words.iter().enumerate() {
        let mut group: Vec<(String, bool)> = Vec::new();
        // A correction of one form may be another form of the same word: each lexeme once.
        // A form too short to be a prefix is matched exactly: as a prefix, one letter beside other words matches
        // nearly every work, and GIN reads every word it starts.
        for form in forms {
            push_lexeme(&mut group, form, form.chars().count() >= SHORTEST_ROMAN_PREFIX);
        }
        for form in forms {
            for correction in corrections.get(form.as_str()).into_iter().flatten() {
                push_lexeme(&mut group, correction, false);
            }
        }
        own.push(group.len());
        let neighbours = i.checked_sub(1).and_then(|before| joined.get(before)).into_iter().chain(joined.get(i));
        for form in neighbours.clone().flatten() {
            for correction in corrections.get(form.as_str()).into_iter().flatten() {
                push_lexeme(&mut group, correction, false);
            }
        }
        for form in neighbours.flatten() {
            push_lexeme(&mut group, form, false);
        }
        groups.push(group);
    }
    NearSpellings { groups, own }
}

/// Adds a lexeme (word, as a prefix) to a group unless the group has it already: the same word as a prefix covers
/// it as a whole word too.
fn push_lexeme(group: &mut Vec<(String, bool)>, word: &str, prefix: bool) {
    if !group.iter().any(|(w, p)| w == word && (*p || !prefix)) {
        group.push((word.to_owned(), prefix));
    }
}

/// The near-spelling groups of a query's words, in word order.
struct NearSpellings {
    groups: Vec<Vec<(String, bool)>>,
    /// How many of each group's lexemes (the first ones) are the word's own: its forms and their corrections. The
    /// rest come from writing it together with a neighbour, and so are in the neighbour's group too.
    own: Vec<usize>,
}

impl NearSpellings {
    /// Each group with the word's own lexemes only.
    fn own_groups(&self) -> Vec<Vec<(String, bool)>> {
        self.groups.iter().zip(&self.own).map(|(group, &own)| group[..own].to_vec()).collect()
    }
}

/// Groups as one tsquery: each group's lexemes joined by `|`, the groups by `joiner` (" & " or " | ").
fn render_groups(groups: &[Vec<(String, bool)>], joiner: &str) -> String {
    let mut out = String::new();
    for (i, group) in groups.iter().enumerate() {
        if i > 0 {
            out.push_str(joiner);
        }
        out.push('(');
        for (j, (word, prefix)) in group.iter().enumerate() {
            if j > 0 {
                out.push_str(" | ");
            }
            lexeme(word, *prefix, &mut out);
        }
        out.push(')');
    }
    out
}

/// How a tier with this estimated share of matching works reads the newest works first (see [`Read`]): walking
/// them when the words are common, otherwise through their own GIN index, whatever the estimate. The estimate takes
/// words as independent, and the words of a title are not: "river night", estimated under 1%, matched 3.5% of the
/// works at a million listings, and sending such searches straight to the index of every work was their slowest
/// part (13-19 ms). A read of the newest works that finds too few costs a fraction of a millisecond.
fn first_read(share: f64) -> Read {
    if share >= WALK_FROM_SHARE { Read::Walk } else { Read::Newest }
}

/// A tier's works, best first: the newest works read `first`, then, when they did not hold enough, every work
/// through GIN; in one statement (see [`tier_sql`]).
async fn tier_works(conn: &mut AsyncPgConnection, first: Read, tier: Tier<'_>) -> diesel::QueryResult<Vec<i64>> {
    let reads = read_index(first, tier.everything());
    match tier {
        Tier::Words { matching, narrow, not_matching } => {
            let tier = statement(WORDS_READS[reads].as_str())
                .bind::<Text, _>(matching)
                .bind::<Text, _>(not_matching)
                .bind::<BigInt, _>(WORKS_PER_TIER);
            let found: Vec<FoundWork> = match narrow {
                Some(narrow) => tier.bind::<Text, _>(narrow).load(conn).await?,
                None => tier.load(conn).await?,
            };
            Ok(found.into_iter().map(|w| w.id).collect())
        }
        Tier::Guesses { matching, narrow, not_matching, keys, at_least } => {
            let tier = statement(GUESSES_READS[reads].as_str())
                .bind::<Text, _>(matching)
                .bind::<Text, _>(not_matching)
                .bind::<BigInt, _>(WORKS_PER_TIER)
                .bind::<Text, _>(&keys.native)
                .bind::<Text, _>(&keys.roman)
                .bind::<Float4, _>(at_least);
            let found: Vec<FoundWork> = match narrow {
                Some(narrow) => tier.bind::<Text, _>(narrow).load(conn).await?,
                None => tier.load(conn).await?,
            };
            Ok(found.into_iter().map(|w| w.id).collect())
        }
    }
}

/// A query prefix that starts more of the vocabulary's words than this stays a prefix: GIN reading that many whole
/// words side by side costs about what collecting the prefix's rows does, and the query would grow long.
const MOST_WORDS_PER_PREFIX: usize = 64;

/// The vocabulary's words each of a query's prefixes starts, for the prefixes that start few enough of them.
///
/// GIN reads a prefix (`'nodi':*`) by first collecting the rows of every word it starts into one bitmap, whatever the
/// query's other words: a prefix of a word 60,000 works have cost 6-12 ms at a million listings even when the other
/// word had ten. Whole words it reads side by side, skipping ahead to the rows the rarest one has (about 1 ms there).
/// So a prefix is asked as the words it starts. That is the same match exactly because the vocabulary holds every
/// word of every work from [`spelling::CORRECT_FROM_CHARS`] letters on, and every word a prefix that long starts is
/// at least that long; shorter prefixes are not listed (nor are the words they start all in the vocabulary). The
/// words are read in a statement of their own: a listing committed between it and the tier's read, with a new word
/// the prefix starts, is missed by that one search and found by the next.
#[derive(Debug, Default)]
struct PrefixWords(HashMap<String, Vec<String>>);

impl PrefixWords {
    /// `groups` with each listed prefix replaced by the whole words it starts, each lexeme once in its group. A prefix
    /// that starts no word of the vocabulary matches no work; so does the prefix itself as a whole word, which stands
    /// in for it (a group needs a lexeme).
    fn apply(&self, groups: &[Vec<(String, bool)>]) -> Vec<Vec<(String, bool)>> {
        groups
            .iter()
            .map(|group| {
                let mut out: Vec<(String, bool)> = Vec::with_capacity(group.len());
                for (word, prefix) in group {
                    match self.0.get(word).filter(|_| *prefix) {
                        Some(started) if started.is_empty() => push_lexeme(&mut out, word, false),
                        Some(started) => started.iter().for_each(|w| push_lexeme(&mut out, w, false)),
                        None => push_lexeme(&mut out, word, *prefix),
                    }
                }
                out
            })
            .collect()
    }
}

/// Up to $3 of the vocabulary's words from each prefix $1 (inclusive) to its bound $2 (exclusive), compared byte by
/// byte (`COLLATE "C"`, through `search_words_by_prefix_idx`) as tsquery compares a prefix with a word.
const PREFIX_WORDS_SQL: &str = r#"SELECT p.prefix, w.word FROM unnest($1::text[], $2::text[]) AS p (prefix, beyond)
CROSS JOIN LATERAL (
    SELECT word FROM search_words WHERE word COLLATE "C" >= p.prefix AND word COLLATE "C" < p.beyond
    ORDER BY word COLLATE "C" LIMIT $3
) AS w"#;

/// Every string starting with `prefix` sorts (byte by byte) from `prefix` to this bound: the prefix followed by the
/// greatest code point, which no folded word contains.
fn prefix_bound(prefix: &str) -> String {
    format!("{prefix}{}", char::MAX)
}

/// The words the groups' prefixes start ([`PrefixWords`]), looked up in one statement; nothing to look up when no
/// prefix is long enough to be listed.
async fn prefix_words(conn: &mut AsyncPgConnection, groups: &[Vec<(String, bool)>]) -> diesel::QueryResult<PrefixWords> {
    #[derive(QueryableByName)]
    struct Started {
        #[diesel(sql_type = Text)]
        prefix: String,
        #[diesel(sql_type = Text)]
        word: String,
    }
    let mut prefixes: Vec<&str> = groups
        .iter()
        .flatten()
        .filter(|(word, prefix)| *prefix && word.chars().count() >= spelling::CORRECT_FROM_CHARS)
        .map(|(word, _)| word.as_str())
        .collect();
    prefixes.sort_unstable();
    prefixes.dedup();
    if prefixes.is_empty() {
        return Ok(PrefixWords::default());
    }
    let bounds: Vec<String> = prefixes.iter().map(|p| prefix_bound(p)).collect();
    let rows: Vec<Started> = statement(PREFIX_WORDS_SQL)
        .bind::<Array<Text>, _>(&prefixes)
        .bind::<Array<Text>, _>(&bounds)
        .bind::<BigInt, _>(MOST_WORDS_PER_PREFIX as i64 + 1)
        .load(conn)
        .await?;
    let mut listed: HashMap<String, Vec<String>> = prefixes.iter().map(|p| ((*p).to_owned(), Vec::new())).collect();
    for Started { prefix, word } in rows {
        listed.entry(prefix).or_default().push(word);
    }
    listed.retain(|_, words| words.len() <= MOST_WORDS_PER_PREFIX);
    Ok(PrefixWords(listed))
}

/// The vocabulary's words stored under any of the variants $1.
const VARIANTS_SQL: &str = "SELECT variant, word FROM search_word_variants WHERE variant = ANY($1::text[])";

/// The near-spelling groups of a query's words ([`near_spelling_groups`]): the vocabulary's words a slip or two from
/// each form (and from each pair of neighbours written as one), looked up by their variants in one statement.
async fn near_spellings(conn: &mut AsyncPgConnection, words: &WordsParameters) -> diesel::QueryResult<NearSpellings> {
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = Text)]
        variant: String,
        #[diesel(sql_type = Text)]
        word: String,
    }
    let joined = words.keys.joined();
    let forms: Vec<&String> = words.correctable_forms().chain(joined.iter().flatten().filter(|f| spelling::allowed_edits(f) > 0)).collect();
    let lookups: Vec<(&String, Vec<String>)> = forms.iter().map(|form| (*form, spelling::lookup_variants(form))).collect();
    let mut keys: Vec<&str> = lookups.iter().flat_map(|(_, variants)| variants.iter().map(String::as_str)).collect();
    keys.sort_unstable();
    keys.dedup();
    let found: Vec<Found> =
        if keys.is_empty() { Vec::new() } else { statement(VARIANTS_SQL).bind::<Array<Text>, _>(&keys).load(conn).await? };
    let mut corrections: HashMap<&str, Vec<String>> = HashMap::new();
    for (form, variants) in &lookups {
        let near = found.iter().filter(|f| variants.contains(&f.variant)).map(|f| f.word.as_str());
        corrections.insert(form.as_str(), spelling::corrections(form, near));
    }
    Ok(near_spelling_groups(&words.keys.words, &joined, &corrections))
}

/// How PostgreSQL would run each of search's statements, exactly as sent, for [`PgStore::query_plans`]: (name, plan).
pub(crate) async fn explained(conn: &mut AsyncPgConnection) -> diesel::QueryResult<Vec<(&'static str, String)>> {
    use crate::queries::Explain;
    let lines = |rows: Vec<String>| rows.join("\n");
    let words = "('nodi' | 'ndi') & ('akash' | 'aks')";
    let mut plans = Vec::new();
    let reads = [
        (Read::Walk, Read::Everything, "search words, walked then through GIN", "search guesses, walked then through GIN"),
        (Read::Walk, Read::Narrowed, "search words, walked then narrowed", "search guesses, walked then narrowed"),
        (Read::Newest, Read::Everything, "search words, newest works then through GIN", "search guesses, newest works then through GIN"),
        (Read::Newest, Read::Narrowed, "search words, newest works then narrowed", "search guesses, newest works then narrowed"),
    ];
    // Narrowed reads ask GIN for the rarer word only.
    let narrow = "('akash' | 'aks')";
    for (first, then, name, _) in reads {
        let tier = statement(WORDS_READS[read_index(first, then)].as_str())
            .bind::<Text, _>(words)
            .bind::<Text, _>("")
            .bind::<BigInt, _>(WORKS_PER_TIER);
        let plan = match then {
            Read::Narrowed => Explain(tier.bind::<Text, _>(narrow)).load(conn).await?,
            _ => Explain(tier).load(conn).await?,
        };
        plans.push((name, lines(plan)));
    }
    for (first, then, _, name) in reads {
        let tier = statement(GUESSES_READS[read_index(first, then)].as_str())
            .bind::<Text, _>(words)
            .bind::<Text, _>("'nodi' & 'aks'")
            .bind::<BigInt, _>(WORKS_PER_TIER)
            .bind::<Text, _>("nodi akash")
            .bind::<Text, _>("ndi aks")
            .bind::<Float4, _>(0.0_f32);
        let plan = match then {
            Read::Narrowed => Explain(tier.bind::<Text, _>(narrow)).load(conn).await?,
            _ => Explain(tier).load(conn).await?,
        };
        plans.push((name, lines(plan)));
    }
    let edge = statement(NEWEST_EDGE_SQL).bind::<BigInt, _>(NEWEST_WORKS);
    plans.push(("search newest works' edge", lines(Explain(edge).load(conn).await?)));
    let trim = statement(TRIM_NEWEST_SQL).bind::<Timestamptz, _>(chrono::Utc::now()).bind::<Int8, _>(1_i64);
    plans.push(("search newest works' trim", lines(Explain(trim).load(conn).await?)));
    let vocabulary = statement(VARIANTS_SQL).bind::<Array<Text>, _>(vec!["nodi", "ndi"]);
    plans.push(("search vocabulary", lines(Explain(vocabulary).load(conn).await?)));
    let started = statement(PREFIX_WORDS_SQL)
        .bind::<Array<Text>, _>(vec!["nod", "aka"])
        .bind::<Array<Text>, _>(vec![prefix_bound("nod"), prefix_bound("aka")])
        .bind::<BigInt, _>(MOST_WORDS_PER_PREFIX as i64 + 1);
    plans.push(("search vocabulary by prefix", lines(Explain(started).load(conn).await?)));
    let page = |sql: &'static str| statement(sql);
    let listings = page(PAGE_STATEMENTS[1][sort_index(SearchSort::Relevance)][0].as_str())
        .bind::<Array<Int8>, _>(vec![1_i64, 2, 3])
        .bind::<Int4, _>(0)
        .bind::<Int4, _>(500)
        .bind::<BigInt, _>(24_i64)
        .bind::<BigInt, _>(0_i64);
    plans.push(("search listings", lines(Explain(listings).load(conn).await?)));
    let newest = page(PAGE_STATEMENTS[0][sort_index(SearchSort::Newest)][0].as_str())
        .bind::<Int4, _>(0)
        .bind::<Int4, _>(500)
        .bind::<BigInt, _>(SearchQuery::MAX_TOTAL)
        .bind::<BigInt, _>(24_i64)
        .bind::<BigInt, _>(0_i64);
    plans.push(("search without words, newest", lines(Explain(newest).load(conn).await?)));
    let one_grade = CopyFilter { condition: Some(puronoboi_domain::Condition::Acceptable), language: None };
    let graded = page(page_statement(false, SearchSort::Newest, false, one_grade))
        .bind::<Int4, _>(0)
        .bind::<Int4, _>(500)
        .bind::<BigInt, _>(SearchQuery::MAX_TOTAL)
        .bind::<BigInt, _>(24_i64)
        .bind::<BigInt, _>(0_i64);
    plans.push(("search without words, one grade", lines(Explain(graded).load(conn).await?)));
    let one_language = CopyFilter { condition: None, language: Some(puronoboi_domain::BookLanguage::Other) };
    let shelf = page(page_statement(false, SearchSort::Newest, true, one_language))
        .bind::<Int4, _>(0)
        .bind::<Int4, _>(500)
        .bind::<BigInt, _>(SearchQuery::MAX_TOTAL)
        .bind::<BigInt, _>(24_i64)
        .bind::<BigInt, _>(0_i64)
        .bind::<SqlUuid, _>(Uuid::nil());
    plans.push(("a category's books in one language", lines(Explain(shelf).load(conn).await?)));
    Ok(plans)
}

#[async_trait]
impl SearchIndex for PgStore {
    async fn search(&self, query: &SearchQuery) -> Result<Page<BookCard>, StoreError> {
        let words = match &query.text {
            Some(text) => match WordsParameters::new(text.as_str()) {
                Some(words) => Some(words),
                // Only signs and spaces: nothing can match.
                None => return Ok(Page { items: Vec::new(), request: query.page, total: 0 }),
            },
            None => None,
        };
        let mut conn = self.conn().await?;
        let works = match &words {
            Some(words) => Some(self.ranked_works(&mut conn, words).await?),
            None => None,
        };
        if works.as_ref().is_some_and(Vec::is_empty) {
            return Ok(Page { items: Vec::new(), request: query.page, total: 0 });
        }
        let works = works.as_deref();
        let rows = self.search_page(&mut conn, works, query, query.page).await.context("reading a page of matches")?;
        let total = match rows.as_slice().first() {
            Some(row) => row.total,
            // A page past the last match carries no row to read the count from: count on the first page.
            None if query.page.page() > 1 => {
                let first = PageRequest::new(1, 1).map_err(anyhow::Error::new)?;
                let rows = self.search_page(&mut conn, works, query, first).await.context("counting matches")?;
                rows.as_slice().first().map_or(0, |r| r.total)
            }
            None => 0,
        };
        let items = rows.into_iter().map(|row| row.card.into_card(row.seller_verified)).collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Page { items, request: query.page, total: total.min(SearchQuery::MAX_TOTAL) })
    }

    async fn catch_up(&self, batch: u32) -> Result<u64, StoreError> {
        let listings = self.index_unindexed_listings(batch).await?;
        let works = self.rekey_stale_works(batch).await?;
        self.trim_newest_works().await?;
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
            let edge = newest_edge(conn, self.newest_works - 1).await?.map(|edge| edge.listed_at);
            let keyed: Vec<KeyedWork> = diesel::sql_query(UPSERT_WORKS_SQL)
                .bind::<Array<Text>, _>(&works.identity)
                .bind::<Array<Text>, _>(&works.title)
                .bind::<Array<Text>, _>(&works.author)
                .bind::<Array<Text>, _>(&works.native)
                .bind::<Array<Text>, _>(&works.roman)
                .bind::<Array<Text>, _>(&works.words)
                .bind::<Array<Timestamptz>, _>(&works.listed_at)
                .bind::<Text, _>(KEYS_VERSION.as_str())
                .bind::<Nullable<Timestamptz>, _>(edge)
                .load(conn)
                .await?;
            add_to_vocabulary(conn, works.words.iter().flat_map(|words| words.split(' '))).await?;
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
                // Written as two ranges, so that search_works_keys_version_idx answers (every instance asks every 10 s).
                "SELECT id, title, author FROM search_works WHERE keys_version < $1 OR keys_version > $1
                 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED",
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
            add_to_vocabulary(conn, words.iter().flat_map(|words| words.split(' '))).await?;
            Ok::<_, diesel::result::Error>(u64::try_from(stale.len()).unwrap_or(u64::MAX))
        })
        .await
        .context("keying works again under today's rules")
    }
}

/// A work's place in the order searches read works in, newest first.
#[derive(QueryableByName)]
struct WorkAge {
    #[diesel(sql_type = Timestamptz)]
    listed_at: chrono::DateTime<chrono::Utc>,
    #[diesel(sql_type = Int8)]
    id: i64,
}

const NEWEST_EDGE_SQL: &str = "SELECT listed_at, id FROM search_works ORDER BY listed_at DESC, id DESC OFFSET $1 LIMIT 1";
const TRIM_NEWEST_SQL: &str = "UPDATE search_works SET newest = false WHERE newest AND (listed_at, id) <= ($1, $2)";

/// The work with `newer` works before it, newest first; `None` when there are not that many.
async fn newest_edge(conn: &mut AsyncPgConnection, newer: i64) -> diesel::QueryResult<Option<WorkAge>> {
    diesel::sql_query(NEWEST_EDGE_SQL).bind::<BigInt, _>(newer).get_result(conn).await.optional()
}

impl PgStore {
    /// Takes the `newest` flag off the works that are no longer among the newest [`PgStore::with_newest_works`].
    ///
    /// Every one of the newest works carries the flag, so that a read of the flagged works finds a query's newest
    /// matches: a listing flags its work as it makes it the newest, a bulk keying flags the works it writes that are
    /// newer than the newest works' oldest, and this takes the flag off from the oldest end only. A listing that makes
    /// a work the newest while this runs keeps the flag: PostgreSQL tests the condition again on the row as that
    /// listing left it, which is then newer than the edge. Between two runs more works than the count carry the flag
    /// (the ones listed since, and a listing whose transaction began before the edge moved past it): they are older
    /// than every one of the newest works, so a read of the flagged works newest first comes to them last.
    async fn trim_newest_works(&self) -> anyhow::Result<()> {
        let mut conn = self.conn().await?;
        let Some(edge) = newest_edge(&mut conn, self.newest_works).await.context("finding the oldest of the newest works")? else {
            return Ok(());
        };
        diesel::sql_query(TRIM_NEWEST_SQL)
            .bind::<Timestamptz, _>(edge.listed_at)
            .bind::<Int8, _>(edge.id)
            .execute(&mut conn)
            .await
            .context("taking the newest flag off older works")?;
        Ok(())
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

/// Works of listings keyed in bulk: each flagged newest when listed at or after $9, the listing time of the newest
/// works' oldest (NULL: fewer works than are flagged, so every one is). A work keeps its flag when listed again:
/// flags come off only at the oldest end ([`PgStore::trim_newest_works`]).
const UPSERT_WORKS_SQL: &str = "
INSERT INTO search_works (identity, title, author, native, roman, terms, listed_at, keys_version, newest)
SELECT w.identity, w.title, w.author, w.native, w.roman, array_to_tsvector(string_to_array(w.words, ' ')), w.listed_at, $8,
       $9::timestamptz IS NULL OR w.listed_at >= $9
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
     AS w (identity, title, author, native, roman, words, listed_at)
ON CONFLICT (identity) DO UPDATE SET listed_at = excluded.listed_at, newest = search_works.newest OR excluded.newest
    WHERE search_works.listed_at < excluded.listed_at
RETURNING id, identity";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsquery_quotes_every_form_and_joins_words_with_and() {
        let words = vec![vec!["pather".to_owned(), "patr".to_owned()], vec!["o'k\\".to_owned()]];
        assert_eq!(tsquery(&lexeme_groups(&words, false)), "('pather' | 'patr') & ('o''k\\\\')");
        assert_eq!(tsquery(&lexeme_groups(&words, true)), "('pather':* | 'patr':*) & ('o''k\\\\':*)");
        let short = vec![vec!["pa".to_owned(), "p".to_owned()]];
        assert_eq!(tsquery(&lexeme_groups(&short, false)), "('pa' | 'p')");
        assert_eq!(tsquery(&lexeme_groups(&short, true)), "('pa':*)", "a one-letter romanized prefix would match nearly everything");
    }

    #[test]
    fn a_listed_prefix_becomes_the_whole_words_it_starts_and_others_stay_prefixes() {
        let listed =
            PrefixWords(HashMap::from([("nod".to_owned(), vec!["nodi".to_owned(), "nodir".to_owned()]), ("zzq".to_owned(), Vec::new())]));
        let groups = vec![
            vec![("nod".to_owned(), true), ("nodi".to_owned(), false), ("nd".to_owned(), true)],
            vec![("zzq".to_owned(), true)],
            vec![("many".to_owned(), true), ("nod".to_owned(), false)],
        ];
        assert_eq!(
            render_groups(&listed.apply(&groups), " & "),
            "('nodi' | 'nodir' | 'nd':*) & ('zzq') & ('many':* | 'nod')",
            "nodi once; a prefix too short or starting too many words stays one; a prefix starting nothing matches nothing, \
             as its whole word does; a whole word is never taken for a prefix"
        );
        assert_eq!(render_groups(&PrefixWords::default().apply(&groups), " | "), render_groups(&groups, " | "), "nothing listed");
    }

    #[test]
    fn a_prefix_bound_sorts_after_every_word_the_prefix_starts_and_before_the_next_prefix() {
        let bound = prefix_bound("nod");
        for word in ["nod", "nodi", "nodz", "nod\u{10FFFE}", "nodনদী"] {
            assert!(word.as_bytes() >= "nod".as_bytes() && word.as_bytes() < bound.as_bytes(), "{word}");
        }
        for word in ["noe", "no", "nob", "np", "nোd"] {
            assert!(word.as_bytes() < "nod".as_bytes() || word.as_bytes() >= bound.as_bytes(), "{word}");
        }
    }

    #[test]
    fn near_spellings_add_corrections_and_neighbours_written_together_each_lexeme_once() {
        let words = vec![vec!["padma".to_owned(), "pdm".to_owned()], vec!["nadir".to_owned(), "ndr".to_owned()]];
        let joined = vec![vec!["padmanadir".to_owned(), "pdmndr".to_owned()]];
        let corrections: HashMap<&str, Vec<String>> =
            HashMap::from([("nadir", vec!["nodir".to_owned(), "ndr".to_owned()]), ("pdmndr", vec!["pdmndir".to_owned()])]);
        let near = near_spelling_groups(&words, &joined, &corrections);
        let groups = &near.groups;
        assert_eq!(
            render_groups(groups, " & "),
            "('padma':* | 'pdm':* | 'pdmndir' | 'padmanadir' | 'pdmndr') & \
             ('nadir':* | 'ndr':* | 'nodir' | 'pdmndir' | 'padmanadir' | 'pdmndr')",
            "ndr is already there as a prefix"
        );
        assert_eq!(render_groups(&groups[..1], " | "), "('padma':* | 'pdm':* | 'pdmndir' | 'padmanadir' | 'pdmndr')");
        assert_eq!(
            render_groups(&near.own_groups(), " & "),
            "('padma':* | 'pdm':*) & ('nadir':* | 'ndr':* | 'nodir')",
            "a word's own lexemes leave out what it shares with its neighbour by being written together"
        );
        let short = near_spelling_groups(&[vec!["a".to_owned()], vec!["night".to_owned(), "ngt".to_owned()]], &[], &HashMap::new());
        assert_eq!(render_groups(&short.groups, " & "), "('a') & ('night':* | 'ngt':*)", "one letter is no prefix beside other words");
    }

    #[test]
    fn every_statement_variant_differs_and_binds_its_category_last() {
        let all: Vec<&String> = PAGE_STATEMENTS.iter().flatten().flatten().chain(WORDS_READS.iter()).chain(GUESSES_READS.iter()).collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert!(PAGE_STATEMENTS[1][0][1].contains("b.category_id = $6") && !PAGE_STATEMENTS[1][0][0].contains("$6"));
        for statement in PAGE_STATEMENTS[1].iter().flatten().chain(FILTERED_STATEMENTS.iter().filter(|(k, _)| k.0).map(|(_, v)| v)) {
            assert!(statement.contains(BY_WORK_INDEX_PREDICATE), "the index's predicate as constants, for a plan made once");
        }
        assert!(PAGE_STATEMENTS[0][2][1].contains("category_id = $6") && !PAGE_STATEMENTS[0][2][0].contains("$6"));
        for tier in [words_tier_sql, guesses_tier_sql] {
            let walk = format!("ORDER BY listed_at DESC, id DESC LIMIT {NEWEST_WORKS}");
            assert!(tier(Read::Walk).contains(&walk), "walks down the index, so far");
            assert!(tier(Read::Newest).contains("WHERE newest AND"), "the newest works only");
            for read in [Read::Newest, Read::Everything, Read::Narrowed] {
                assert!(!tier(read).contains("ORDER BY listed_at DESC"), "cannot walk down the index");
            }
            assert!(tier(Read::Narrowed).contains("ts_match_vq(terms, $1::tsquery)"), "the whole query tested on each work");
        }
        for (first, then) in READS {
            let (words, guesses) = (&WORDS_READS[read_index(first, then)], &GUESSES_READS[read_index(first, then)]);
            assert!(words.contains(&words_tier_sql(first)) && words.contains(&words_tier_sql(then)), "{first:?} then {then:?}");
            assert!(guesses.contains(&guesses_tier_sql(first)) && guesses.contains(&guesses_tier_sql(then)), "{first:?} then {then:?}");
        }
    }

    #[test]
    fn a_common_group_is_left_to_testing_only_when_the_rest_is_rare() {
        // As ANALYZE keeps them: the common words, down to about one work in a thousand.
        let shares =
            Shares::new(vec!["amar".into(), "akash".into(), "nodi".into(), "ndi".into(), "zzz".into()], &[0.2, 0.2, 0.3, 0.3, 0.001]);
        let group = |words: &[(&str, bool)]| words.iter().map(|(w, p)| ((*w).to_owned(), *p)).collect::<Vec<_>>();
        let toward_a = vec![group(&[("toward", true)]), group(&[("a", true)])];
        assert_eq!(narrowed(&shares, &toward_a).as_deref(), Some("('toward':*)"), "a one-letter prefix: tested, not asked");
        let rare_and_common = vec![group(&[("kolmilota", false)]), group(&[("nodi", false), ("ndi", false)])];
        assert_eq!(narrowed(&shares, &rare_and_common).as_deref(), Some("('kolmilota')"), "a word a third of the works have");
        let both_common = vec![group(&[("nodi", false)]), group(&[("amar", false), ("akash", false)])];
        assert_eq!(narrowed(&shares, &both_common), None, "nothing rare to ask for instead");
        let both_rare = vec![group(&[("kolmilota", false)]), group(&[("toward", false)])];
        assert_eq!(narrowed(&shares, &both_rare), None, "nothing common to leave out");
        let middling = vec![group(&[("amar", false)]), group(&[("nodi", false)])];
        assert_eq!(narrowed(&shares, &middling), None, "what is left would match a fifth of the works");
    }

    #[test]
    fn a_query_without_letters_or_digits_searches_nothing() {
        assert!(WordsParameters::new("!!! ... ???").is_none());
        let short = WordsParameters::new("ab").map(|w| w.guesses());
        assert_eq!(short, Some(false), "two letters match words and prefixes only");
    }
}
