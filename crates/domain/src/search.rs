//! What a buyer may ask the search for: words, a category, a price range, an order and a page.

use crate::{BookLanguage, CategoryId, Condition, PageRequest, Taka};

/// What was typed into the search box, trimmed: 1 to [`SearchText::MAX_CHARS`] characters. Any characters are
/// accepted (the search reads letters and digits from it and ignores the rest), so nothing typed is an error
/// except length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchText(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchTextError {
    #[error("a search may be at most {max} characters long, got {0}", max = SearchText::MAX_CHARS)]
    TooLong(usize),
}

impl SearchText {
    pub const MAX_CHARS: usize = 200;

    /// `None` for text that is empty once trimmed (no words: the search lists everything its filters allow).
    pub fn parse(raw: &str) -> Result<Option<Self>, SearchTextError> {
        let trimmed = raw.trim();
        let chars = trimmed.chars().count();
        if chars > Self::MAX_CHARS {
            return Err(SearchTextError::TooLong(chars));
        }
        Ok((chars > 0).then(|| Self(trimmed.to_owned())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Bounds on the resale price, each inclusive, in whole taka.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PriceRange {
    min: Option<i32>,
    max: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PriceRangeError {
    #[error("a price bound must be between 0 and {max} taka, got {0}", max = Taka::MAX)]
    OutOfRange(i64),
    #[error("the lowest price ({min}) is above the highest ({max})")]
    Inverted { min: i64, max: i64 },
}

impl PriceRange {
    pub fn new(min: Option<i64>, max: Option<i64>) -> Result<Self, PriceRangeError> {
        let bound = |value: Option<i64>| {
            value
                .map(|v| match i32::try_from(v) {
                    Ok(v) if (0..=Taka::MAX).contains(&v) => Ok(v),
                    _ => Err(PriceRangeError::OutOfRange(v)),
                })
                .transpose()
        };
        let (low, high) = (bound(min)?, bound(max)?);
        if let (Some(low), Some(high)) = (low, high)
            && low > high
        {
            return Err(PriceRangeError::Inverted { min: i64::from(low), max: i64::from(high) });
        }
        Ok(Self { min: low, max: high })
    }

    pub const fn min(self) -> Option<i32> {
        self.min
    }

    pub const fn max(self) -> Option<i32> {
        self.max
    }

    pub fn contains(self, price: Taka) -> bool {
        self.min.is_none_or(|min| price.amount() >= min) && self.max.is_none_or(|max| price.amount() <= max)
    }
}

/// The order results come in. Every order ends with newer listings first, then the book's id, so pages never
/// overlap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchSort {
    /// Works whose words match as typed first, then by prefix, then near spellings (the closer the earlier).
    Relevance,
    Newest,
    PriceAscending,
    PriceDescending,
}

/// Which copies a buyer wants: a condition grade and the language the book is written in, each optional. A book
/// whose seller did not say its language is left out when a language is asked for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CopyFilter {
    pub condition: Option<Condition>,
    pub language: Option<BookLanguage>,
}

impl CopyFilter {
    /// Every copy.
    pub const ANY: Self = Self { condition: None, language: None };

    /// Every filter there is (the grades and languages, each or none).
    pub fn every() -> impl Iterator<Item = Self> {
        std::iter::once(None).chain(Condition::ALL.map(Some)).flat_map(|condition| {
            std::iter::once(None).chain(BookLanguage::ALL.map(Some)).map(move |language| Self { condition, language })
        })
    }

    /// Whether a copy of this grade and language passes.
    pub fn admits(self, condition: Condition, language: Option<BookLanguage>) -> bool {
        self.condition.is_none_or(|c| c == condition) && self.language.is_none_or(|l| Some(l) == language)
    }
}

/// One search: all parts optional, every result an available book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchQuery {
    pub text: Option<SearchText>,
    pub category: Option<CategoryId>,
    pub price: PriceRange,
    pub copy: CopyFilter,
    pub sort: SearchSort,
    pub page: PageRequest,
}

impl SearchQuery {
    /// Matches are counted up to this many (the deepest a page may reach): a search is for finding a book, and
    /// counting a million matches would cost more than the answer is worth.
    pub const MAX_TOTAL: i64 = PageRequest::MAX_ROWS as i64;
    /// The most results one page may hold.
    pub const MAX_PER_PAGE: u32 = 48;
    pub const DEFAULT_PER_PAGE: u32 = 24;

    /// The order asked for, or by default: by relevance when there are words, newest first when there are none
    /// (relevance without words means nothing, so it reads as newest).
    pub fn sort_for(text: Option<&SearchText>, asked: Option<SearchSort>) -> SearchSort {
        match (text, asked) {
            (None, None | Some(SearchSort::Relevance)) => SearchSort::Newest,
            (Some(_), None) => SearchSort::Relevance,
            (_, Some(sort)) => sort,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed_and_bounded_in_characters_not_bytes() {
        assert_eq!(SearchText::parse("  পথের পাঁচালী \n").map(|t| t.map(|t| t.0)), Ok(Some("পথের পাঁচালী".to_owned())));
        assert_eq!(SearchText::parse(" \t "), Ok(None));
        let bengali_200 = "ক".repeat(200);
        assert!(SearchText::parse(&bengali_200).is_ok_and(|t| t.is_some()), "200 Bengali letters are 600 bytes but 200 characters");
        assert_eq!(SearchText::parse(&"a".repeat(201)), Err(SearchTextError::TooLong(201)));
        assert!(SearchText::parse(&format!("  {}  ", "a".repeat(200))).is_ok(), "spaces around do not count");
    }

    #[test]
    fn price_bounds_are_checked_and_ordered() {
        assert_eq!(PriceRange::new(Some(0), Some(0)).map(|r| (r.min(), r.max())), Ok((Some(0), Some(0))));
        assert_eq!(PriceRange::new(Some(-1), None), Err(PriceRangeError::OutOfRange(-1)));
        assert_eq!(PriceRange::new(None, Some(500_001)), Err(PriceRangeError::OutOfRange(500_001)));
        assert_eq!(PriceRange::new(Some(300), Some(200)), Err(PriceRangeError::Inverted { min: 300, max: 200 }));
        let range = PriceRange::new(Some(100), Some(200)).unwrap();
        assert!(range.contains(Taka::new(100).unwrap()) && range.contains(Taka::new(200).unwrap()));
        assert!(!range.contains(Taka::new(99).unwrap()) && !range.contains(Taka::new(201).unwrap()));
        assert!(PriceRange::default().contains(Taka::new(Taka::MAX.into()).unwrap()));
    }

    #[test]
    fn the_copy_filter_admits_its_grade_and_language_and_an_unsaid_language_only_without_one() {
        assert_eq!(CopyFilter::every().count(), 5 * 4, "each grade or none, each language or none");
        let good_bangla = CopyFilter { condition: Some(Condition::Good), language: Some(BookLanguage::Bangla) };
        assert!(good_bangla.admits(Condition::Good, Some(BookLanguage::Bangla)));
        assert!(!good_bangla.admits(Condition::LikeNew, Some(BookLanguage::Bangla)));
        assert!(!good_bangla.admits(Condition::Good, None), "a language nobody gave matches no language");
        assert!(CopyFilter::ANY.admits(Condition::Acceptable, None));
        assert!(CopyFilter { condition: Some(Condition::VeryGood), language: None }.admits(Condition::VeryGood, None));
    }

    #[test]
    fn relevance_needs_words() {
        let words = SearchText::parse("lalsalu").unwrap();
        assert_eq!(SearchQuery::sort_for(None, None), SearchSort::Newest);
        assert_eq!(SearchQuery::sort_for(None, Some(SearchSort::Relevance)), SearchSort::Newest);
        assert_eq!(SearchQuery::sort_for(words.as_ref(), None), SearchSort::Relevance);
        assert_eq!(SearchQuery::sort_for(words.as_ref(), Some(SearchSort::PriceAscending)), SearchSort::PriceAscending);
    }
}
