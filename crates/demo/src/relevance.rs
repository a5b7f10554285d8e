//! The relevance set: queries people type over the demo catalogue and the works each must find in its top 3.
//!
//! The cases live in `relevance.tsv` next to this crate's manifest so they can be read and extended without
//! touching code: UTF-8, tab-separated columns `kind`, `query`, `expected`, a header line, `#` comment lines and
//! blank lines allowed. `expected` holds one or more catalogue titles, exactly as listed in
//! [`crate::catalogue::BOOKS`], separated by ` | `. Every expected title is a book for sale, since search only
//! finds available books.

/// The file as shipped with the crate.
const RELEVANCE_TSV: &str = include_str!("../relevance.tsv");

/// The header line the file must start with (after any comments).
const HEADER: &str = "kind\tquery\texpected";

/// Separator between the titles of the `expected` column.
const TITLE_SEPARATOR: &str = " | ";

/// Every kind of query the set covers:
/// - `bangla`: Bengali script, including queries for books listed in romanized form;
/// - `banglish`: romanized Bangla in the spellings people use, finding Bengali-script listings too;
/// - `english`: English titles, parts of titles and authors;
/// - `typo`: a letter or two wrong, missing or swapped, in any script;
/// - `short`: one- and two-letter queries that match a whole short word or a prefix;
/// - `author`: an author's name in English, Banglish or Bengali script, expecting their books;
/// - `alias`: exonyms, epithets and other names a writer or work is known by ("tagore", "bangabandhu").
pub const KINDS: [&str; 7] = ["bangla", "banglish", "english", "typo", "short", "author", "alias"];

/// One query and the titles that must appear among its first three results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelevanceCase {
    /// One of [`KINDS`].
    pub kind: String,
    pub query: String,
    /// Catalogue titles, exactly as listed; at least one.
    pub expected: Vec<String>,
}

/// The relevance set shipped with the crate, or what is wrong with its file (with the line number).
pub fn relevance_set() -> Result<Vec<RelevanceCase>, String> {
    parse(RELEVANCE_TSV)
}

/// Parses relevance cases from the TSV format described in the module documentation.
pub fn parse(text: &str) -> Result<Vec<RelevanceCase>, String> {
    let mut cases = Vec::new();
    let mut seen_header = false;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let fail = |problem: &str| Err(format!("relevance.tsv line {number}: {problem}: {line:?}"));
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if !seen_header {
            if line != HEADER {
                return fail(&format!("expected the header {HEADER:?}"));
            }
            seen_header = true;
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [kind, query, expected] = fields.as_slice() else {
            return fail(&format!("expected 3 tab-separated columns, found {}", fields.len()));
        };
        if !KINDS.contains(kind) {
            return fail(&format!("unknown kind {kind:?}, expected one of {KINDS:?}"));
        }
        if query.trim().is_empty() || query.trim() != *query {
            return fail("the query is blank or has surrounding spaces");
        }
        let titles: Vec<String> = expected.split(TITLE_SEPARATOR).map(str::to_owned).collect();
        if titles.iter().any(|t| t.trim().is_empty() || t.trim() != t) {
            return fail("an expected title is blank or has surrounding spaces");
        }
        cases.push(RelevanceCase { kind: (*kind).to_owned(), query: (*query).to_owned(), expected: titles });
    }
    if !seen_header {
        return Err(format!("relevance.tsv has no header line {HEADER:?}"));
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;
    use crate::catalogue::{BOOKS, DemoStatus};

    fn shipped() -> Vec<RelevanceCase> {
        relevance_set().unwrap_or_else(|problem| panic!("{problem}"))
    }

    #[test]
    fn the_shipped_set_parses_and_is_large_enough() {
        let cases = shipped();
        assert!(cases.len() >= 100, "only {} queries", cases.len());
    }

    #[test]
    fn every_kind_is_covered() {
        let cases = shipped();
        let mut per_kind: HashMap<&str, usize> = HashMap::new();
        for case in &cases {
            *per_kind.entry(case.kind.as_str()).or_default() += 1;
        }
        for kind in KINDS {
            let n = per_kind.get(kind).copied().unwrap_or(0);
            assert!(n >= 5, "only {n} queries of kind {kind:?}");
        }
    }

    #[test]
    fn every_expected_title_is_a_demo_book_for_sale() {
        let for_sale: HashSet<&str> = BOOKS.iter().filter(|b| b.status == DemoStatus::Available).map(|b| b.title).collect();
        let listed: HashSet<&str> = BOOKS.iter().map(|b| b.title).collect();
        for case in &shipped() {
            for title in &case.expected {
                assert!(listed.contains(title.as_str()), "{:?} expects {title:?}, which is not a demo title", case.query);
                assert!(for_sale.contains(title.as_str()), "{:?} expects {title:?}, which is not for sale", case.query);
            }
        }
    }

    #[test]
    fn top_three_is_a_fair_bar() {
        for case in &shipped() {
            let distinct: HashSet<&String> = case.expected.iter().collect();
            assert_eq!(distinct.len(), case.expected.len(), "{:?} lists a title twice", case.query);
            assert!(case.expected.len() <= 3, "{:?} expects {} titles in a top 3", case.query, case.expected.len());
        }
    }

    #[test]
    fn no_query_is_asked_twice() {
        let mut seen = HashSet::new();
        for case in &shipped() {
            assert!(seen.insert(case.query.to_lowercase()), "{:?} appears twice", case.query);
        }
    }

    #[test]
    fn short_queries_are_short() {
        // Letters as a reader counts them: Bengali signs (U+0981..U+0983, U+09BC, U+09BE..U+09CD, U+09D7) sit
        // on the letter before them.
        let is_sign = |c: char| matches!(c, '\u{0981}'..='\u{0983}' | '\u{09BC}' | '\u{09BE}'..='\u{09CD}' | '\u{09D7}');
        for case in shipped().iter().filter(|c| c.kind == "short") {
            let letters = case.query.chars().filter(|&c| !is_sign(c)).count();
            assert!((1..=2).contains(&letters), "{:?} has {letters} letters", case.query);
        }
    }

    #[test]
    fn cross_script_queries_are_in_the_set() {
        let bengali = |text: &str| text.chars().any(|c| ('\u{0980}'..='\u{09FF}').contains(&c));
        let cases = shipped();
        let bengali_finds_latin = cases.iter().filter(|c| bengali(&c.query) && c.expected.iter().all(|t| !bengali(t))).count();
        let latin_finds_bengali = cases.iter().filter(|c| !bengali(&c.query) && c.expected.iter().all(|t| bengali(t))).count();
        assert!(bengali_finds_latin >= 10, "only {bengali_finds_latin} Bengali-script queries for romanized listings");
        assert!(latin_finds_bengali >= 30, "only {latin_finds_bengali} Latin queries for Bengali-script listings");
    }

    #[test]
    fn comments_blank_lines_and_several_titles_are_read() {
        let text = "# a comment\n\nkind\tquery\texpected\n# another\nauthor\tbronte\tJane Eyre | Wuthering Heights\n\n";
        let cases = parse(text).unwrap();
        assert_eq!(
            cases,
            vec![RelevanceCase {
                kind: "author".to_owned(),
                query: "bronte".to_owned(),
                expected: vec!["Jane Eyre".to_owned(), "Wuthering Heights".to_owned()],
            }]
        );
    }

    #[test]
    fn malformed_lines_are_refused_with_their_line_number() {
        let refused = |text: &str| parse(text).unwrap_err();
        assert!(refused("kind\tquery\n").contains("line 1: expected the header"));
        assert!(refused("# only a comment\n").contains("no header line"));
        assert!(refused("kind\tquery\texpected\nenglish\torwell\n").contains("line 2: expected 3 tab-separated columns, found 2"));
        assert!(refused("kind\tquery\texpected\nenglish\torwell\tAnimal Farm\textra\n").contains("found 4"));
        assert!(refused("kind\tquery\texpected\n\nfrench\torwell\tAnimal Farm\n").contains("line 3: unknown kind \"french\""));
        assert!(refused("kind\tquery\texpected\nenglish\t \tAnimal Farm\n").contains("line 2: the query is blank"));
        assert!(refused("kind\tquery\texpected\nenglish\torwell\tAnimal Farm | \n").contains("line 2: an expected title is blank"));
        assert!(refused("kind\tquery\texpected\nenglish\torwell\t\n").contains("line 2: an expected title is blank"));
    }
}
