//! The copy being sold, as opposed to the work: how worn it is (a grade from a short list, each with its one-line
//! definition, so that "Very Good" means the same to every seller and buyer), which edition it is (its ISBN, when
//! the book has one) and what language it is written in. A used book is bought on trust in the copy; these are what
//! a buyer checks it against at the handover.

use std::fmt;
use std::str::FromStr;

use crate::field::{FieldProblem, FieldReason};

/// How worn a copy is, from the best grade to the lowest a book may still be sold in. The grades and their meanings
/// follow the ones used-book sellers share (AbeBooks, the trade's own guides), shortened to the four a reader here
/// can tell apart at a glance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Condition {
    /// As if unread: no marks, tight spine, clean pages.
    LikeNew,
    /// Read with care: slight wear on the cover or edges, no writing or highlighting, no loose pages.
    VeryGood,
    /// Clearly read: a creased spine or worn cover, a few marks or a name written inside; every page there.
    Good,
    /// Heavily used but whole and readable: notes, highlighting, stains or a loose cover; no missing pages.
    Acceptable,
}

impl Condition {
    pub const ALL: [Self; 4] = [Self::LikeNew, Self::VeryGood, Self::Good, Self::Acceptable];

    /// What listings written before grades existed are graded until their seller edits them: the middle of the scale,
    /// which promises no more than an ordinary read copy.
    pub const UNGRADED: Self = Self::Good;

    /// The stored and wire name: `like_new`, `very_good`, `good`, `acceptable`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::LikeNew => "like_new",
            Self::VeryGood => "very_good",
            Self::Good => "good",
            Self::Acceptable => "acceptable",
        }
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is none of the choices.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("choose one of: {choices}")]
pub struct UnknownChoice {
    /// What was sent.
    pub got: String,
    /// The names that are allowed, comma-separated.
    pub choices: &'static str,
}

impl FieldProblem for UnknownChoice {
    fn reason(&self) -> FieldReason {
        FieldReason::NotAChoice
    }
}

impl FromStr for Condition {
    type Err = UnknownChoice;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|c| c.as_str() == s.trim())
            .ok_or_else(|| UnknownChoice { got: s.to_owned(), choices: "like_new, very_good, good, acceptable" })
    }
}

/// The language a book is written in, as a buyer filters by it: Bangla, English, or another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BookLanguage {
    Bangla,
    English,
    Other,
}

impl BookLanguage {
    pub const ALL: [Self; 3] = [Self::Bangla, Self::English, Self::Other];

    /// The stored and wire name: `bn`, `en`, `other`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Bangla => "bn",
            Self::English => "en",
            Self::Other => "other",
        }
    }
}

impl fmt::Display for BookLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for BookLanguage {
    type Err = UnknownChoice;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL.into_iter().find(|l| l.as_str() == s.trim()).ok_or_else(|| UnknownChoice { got: s.to_owned(), choices: "bn, en, other" })
    }
}

/// An International Standard Book Number, kept as its 13 digits (an ISBN-10 is converted: `978` before its first nine
/// digits and a new check digit), so that the two forms of one edition are one value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Isbn(String);

/// Why typed text is no ISBN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IsbnError {
    /// Not 10 or 13 digits (an ISBN-10 may end in X), once spaces and hyphens are left out.
    #[error("an ISBN has 10 or 13 digits")]
    Length,
    /// The digits are there, but the check digit does not match them: a digit was mistyped.
    #[error("this ISBN's check digit does not match: a digit is mistyped")]
    CheckDigit,
    /// 13 digits that do not start with 978 or 979, the only prefixes of books.
    #[error("an ISBN-13 starts with 978 or 979")]
    Prefix,
}

impl FieldProblem for IsbnError {
    fn reason(&self) -> FieldReason {
        match self {
            Self::Length | Self::Prefix => FieldReason::InvalidIsbn,
            Self::CheckDigit => FieldReason::IsbnCheckDigit,
        }
    }
}

impl Isbn {
    /// Reads an ISBN as people type it: ISBN-10 or ISBN-13, with or without hyphens and spaces, in Latin or Bengali
    /// digits, an ISBN-10's final X in either case, an "ISBN" label in front.
    pub fn parse(typed: &str) -> Result<Self, IsbnError> {
        let text = typed.trim();
        let text = text.strip_prefix("ISBN").or_else(|| text.strip_prefix("isbn")).unwrap_or(text);
        let text = text.trim_start_matches([':', ' ']);
        let mut digits: Vec<u32> = Vec::with_capacity(13);
        let mut x_at = None;
        for c in text.chars() {
            match c {
                ' ' | '-' | '\u{2010}' | '\u{2011}' | '\u{2013}' => {}
                'X' | 'x' => {
                    x_at = Some(digits.len());
                    digits.push(10);
                }
                c => match c.to_digit(10).or_else(|| bengali_digit(c)) {
                    Some(d) => digits.push(d),
                    None => return Err(IsbnError::Length),
                },
            }
        }
        match digits.len() {
            10 => {
                // X stands for ten, and only as the check digit.
                if x_at.is_some_and(|at| at != 9) {
                    return Err(IsbnError::Length);
                }
                let sum: u32 = digits.iter().zip((1..=10).rev()).map(|(d, w)| d * w).sum();
                if !sum.is_multiple_of(11) {
                    return Err(IsbnError::CheckDigit);
                }
                let mut thirteen = vec![9, 7, 8];
                thirteen.extend_from_slice(&digits[..9]);
                thirteen.push(isbn13_check(&thirteen));
                Ok(Self(thirteen.iter().map(|d| char::from_digit(*d, 10).unwrap_or('0')).collect()))
            }
            13 if x_at.is_none() => {
                if !(digits.starts_with(&[9, 7, 8]) || digits.starts_with(&[9, 7, 9])) {
                    return Err(IsbnError::Prefix);
                }
                if isbn13_check(&digits[..12]) != digits[12] {
                    return Err(IsbnError::CheckDigit);
                }
                Ok(Self(digits.iter().map(|d| char::from_digit(*d, 10).unwrap_or('0')).collect()))
            }
            _ => Err(IsbnError::Length),
        }
    }

    /// An ISBN as stored: 13 digits, checked on the way in. `None` for text that is no ISBN.
    pub fn stored(digits: &str) -> Option<Self> {
        Self::parse(digits).ok().filter(|isbn| isbn.0 == digits)
    }

    /// The 13 digits, no hyphens.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Isbn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The check digit of an ISBN-13's first twelve digits: weights 1 and 3 in turn, to the next multiple of ten.
fn isbn13_check(first_twelve: &[u32]) -> u32 {
    let sum: u32 = first_twelve.iter().zip([1, 3].into_iter().cycle()).map(|(d, w)| d * w).sum();
    (10 - sum % 10) % 10
}

fn bengali_digit(c: char) -> Option<u32> {
    let code = u32::from(c);
    (0x09E6..=0x09EF).contains(&code).then(|| code - 0x09E6)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn grades_and_languages_round_trip_through_their_names() {
        for c in Condition::ALL {
            assert_eq!(c.as_str().parse::<Condition>(), Ok(c));
        }
        for l in BookLanguage::ALL {
            assert_eq!(l.as_str().parse::<BookLanguage>(), Ok(l));
        }
        assert!("mint".parse::<Condition>().is_err() && "Good".parse::<Condition>().is_err());
        assert!("bangla".parse::<BookLanguage>().is_err());
        assert_eq!(Condition::UNGRADED, Condition::Good);
    }

    #[test]
    fn an_isbn_10_and_its_isbn_13_are_one_edition() {
        let ten = Isbn::parse("0-253-20181-0").expect("an ISBN-10");
        let thirteen = Isbn::parse("978-0-253-20181-2").expect("an ISBN-13");
        assert_eq!(ten, thirteen);
        assert_eq!(ten.as_str(), "9780253201812");
        // An ISBN-10 whose check digit is X.
        assert_eq!(Isbn::parse("ISBN 0-8044-2957-X").expect("X is ten").as_str(), "9780804429573");
        assert_eq!(Isbn::parse("080442957x").expect("either case").as_str(), "9780804429573");
    }

    #[test]
    fn isbns_typed_in_bengali_digits_or_with_labels_read_the_same() {
        let latin = Isbn::parse("9789849012344").expect("an ISBN-13");
        let bengali = Isbn::parse("৯৭৮-৯৮৪-৯০১২-৩৪৪").expect("the same, in Bengali digits");
        assert_eq!(latin, bengali);
        assert_eq!(Isbn::parse("ISBN: 978 0 253 20181 2").expect("a label").as_str(), "9780253201812");
    }

    #[test]
    fn mistyped_isbns_are_refused_with_the_reason() {
        assert_eq!(Isbn::parse("978-0-253-20181-3"), Err(IsbnError::CheckDigit), "the last digit off by one");
        assert_eq!(Isbn::parse("0-253-20181-4"), Err(IsbnError::CheckDigit));
        assert_eq!(Isbn::parse("0-253-20181-X"), Err(IsbnError::CheckDigit), "X where the check digit is 0");
        assert_eq!(Isbn::parse("978-0-253-2018"), Err(IsbnError::Length));
        assert_eq!(Isbn::parse("abc"), Err(IsbnError::Length));
        assert_eq!(Isbn::parse("X-253-20181-0"), Err(IsbnError::Length), "X only as an ISBN-10's check digit");
        assert_eq!(Isbn::parse("123-0-253-20181-2"), Err(IsbnError::Prefix));
    }

    proptest! {
        /// Any ISBN-10 made with its right check digit reads as the ISBN-13 of the same edition, and changing one of
        /// its digits is always caught.
        #[test]
        fn every_valid_isbn_10_converts_and_every_single_mistype_is_caught(body in proptest::collection::vec(0u32..10, 9), at in 0usize..9, by in 1u32..10) {
            let sum: u32 = body.iter().zip((2..=10).rev()).map(|(d, w)| d * w).sum();
            let check = (11 - sum % 11) % 11;
            let text = |digits: &[u32]| -> String {
                digits.iter().map(|d| char::from_digit(*d, 10).unwrap_or('0')).chain([if check == 10 { 'X' } else { char::from_digit(check, 10).unwrap_or('0') }]).collect()
            };
            let isbn = Isbn::parse(&text(&body)).expect("a valid ISBN-10");
            prop_assert!(isbn.as_str().starts_with("978"));
            prop_assert_eq!(&isbn.as_str()[3..12], &text(&body)[..9]);
            prop_assert_eq!(Isbn::parse(isbn.as_str()), Ok(isbn.clone()), "its ISBN-13 reads back as itself");
            let mut typo = body.clone();
            typo[at] = (typo[at] + by) % 10;
            prop_assert_eq!(Isbn::parse(&text(&typo)), Err(IsbnError::CheckDigit));
        }
    }
}
