//! Numbers as people in Bangladesh type them: in Bengali digits (০১২৩৪৫৬৭৮৯, U+09E6..U+09EF) as often as in Latin
//! ones. Every parser of typed text that reads digits (phone numbers, numbers a form sends as text, numbers in a
//! query string) reads them through here, so "০১৭১২-৩৪৫৬৭৮" is the same phone as "01712-345678" and "২৫০" the same
//! price as "250". What is stored and answered is always written in Latin digits.

use std::borrow::Cow;

use crate::field::{FieldProblem, FieldReason};

/// The Latin digit a Bengali digit stands for; `None` for any other character.
pub fn bengali_digit(c: char) -> Option<char> {
    let offset = u32::from(c).checked_sub(u32::from('০'))?;
    if offset < 10 { char::from_digit(offset, 10) } else { None }
}

/// The text with every Bengali digit written as the Latin digit it stands for, and everything else as it is.
/// Borrows when there is nothing to change.
pub fn latin_digits(text: &str) -> Cow<'_, str> {
    if text.chars().any(|c| bengali_digit(c).is_some()) {
        Cow::Owned(text.chars().map(|c| bengali_digit(c).unwrap_or(c)).collect())
    } else {
        Cow::Borrowed(text)
    }
}

/// Why typed text is not a whole number. Both say "must be a whole number", as the forms always have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WholeNumberError {
    /// Not a number at all ("two hundred", "1,200", "").
    #[error("must be a whole number")]
    NotANumber,
    /// A number with a fraction ("4.5").
    #[error("must be a whole number")]
    NotWhole,
}

impl FieldProblem for WholeNumberError {
    fn reason(&self) -> FieldReason {
        match self {
            Self::NotANumber => FieldReason::NotANumber,
            Self::NotWhole => FieldReason::NotWholeNumber,
        }
    }
}

/// Typed text that is not a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("must be a number")]
pub struct NotANumber;

impl FieldProblem for NotANumber {
    fn reason(&self) -> FieldReason {
        FieldReason::NotANumber
    }
}

/// A decimal number as typed: an optional sign, then digits with at most one point among or before them ("4",
/// "-3", "4.5", ".5", "৪.৫"). `None` for anything else (exponents, "inf", "NaN", spaces inside, thousands
/// separators). The sign, the digits before the point and those after it, all in Latin digits.
fn decimal(text: &str) -> Option<(bool, String, String)> {
    let text = latin_digits(text.trim());
    let (negative, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, &text[..]),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    let point = unsigned.contains('.');
    let readable = digits(whole) && digits(fraction) && !(whole.is_empty() && fraction.is_empty()) && !(point && fraction.is_empty());
    readable.then(|| (negative, whole.to_owned(), fraction.to_owned()))
}

/// A whole number typed as text, in Latin or Bengali digits (mixed too), with an optional sign and surrounding
/// spaces: "250", " ২৫০ ", "-1". A number with more digits than an `i64` holds saturates at `i64::MIN` or
/// `i64::MAX`, which every range rule refuses, so it is reported as out of range rather than as no number.
pub fn parse_whole_number(text: &str) -> Result<i64, WholeNumberError> {
    let (negative, whole, fraction) = decimal(text).ok_or(WholeNumberError::NotANumber)?;
    if !fraction.is_empty() {
        return Err(WholeNumberError::NotWhole);
    }
    if whole.is_empty() {
        return Err(WholeNumberError::NotANumber);
    }
    let signed = if negative { format!("-{whole}") } else { whole };
    Ok(signed.parse::<i64>().unwrap_or(if negative { i64::MIN } else { i64::MAX }))
}

/// A decimal number typed as text, in Latin or Bengali digits: "4.5", "৪.৫", "4", ".5". Exponents, "inf" and
/// "NaN" are not numbers a person types into a form, and are refused.
pub fn parse_number(text: &str) -> Result<f64, NotANumber> {
    let (negative, whole, fraction) = decimal(text).ok_or(NotANumber)?;
    let sign = if negative { "-" } else { "" };
    let whole = if whole.is_empty() { "0" } else { &whole };
    format!("{sign}{whole}.{fraction}0").parse::<f64>().map_err(|_| NotANumber)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bengali_digit_is_its_latin_digit() {
        assert_eq!(latin_digits("০১২৩৪৫৬৭৮৯"), "0123456789");
        assert_eq!(latin_digits("০১৭১২-৩৪৫৬৭৮"), "01712-345678");
        assert_eq!(latin_digits("পথের পাঁচালী ১৯২৯"), "পথের পাঁচালী 1929", "letters stay");
        assert!(matches!(latin_digits("01712-345678"), Cow::Borrowed(_)), "nothing to change, nothing copied");
        // The characters either side of the Bengali digits are not digits.
        assert_eq!((bengali_digit('\u{09E5}'), bengali_digit('\u{09F0}')), (None, None));
        assert_eq!((bengali_digit('০'), bengali_digit('৯')), (Some('0'), Some('9')));
    }

    #[test]
    fn whole_numbers_are_read_in_either_script() {
        for (typed, value) in [("250", 250), ("২৫০", 250), (" ২5০ ", 250), ("-১", -1), ("+7", 7), ("০০১২", 12), ("২০২৬", 2026)]
        {
            assert_eq!(parse_whole_number(typed), Ok(value), "{typed:?}");
        }
    }

    #[test]
    fn a_fraction_is_not_whole_and_words_are_no_number() {
        for typed in ["4.5", "৪.৫", "0.1"] {
            assert_eq!(parse_whole_number(typed), Err(WholeNumberError::NotWhole), "{typed:?}");
        }
        for typed in ["", "  ", "two hundred", "1,200", "১,২০০", "1 200", "1e3", "-", "+", ".", "4.", "0x10", "১২a", "--1"] {
            assert_eq!(parse_whole_number(typed), Err(WholeNumberError::NotANumber), "{typed:?}");
        }
    }

    #[test]
    fn too_many_digits_saturate_so_that_range_rules_refuse_them() {
        assert_eq!(parse_whole_number("99999999999999999999"), Ok(i64::MAX));
        assert_eq!(parse_whole_number("-৯৯৯৯৯৯৯৯৯৯৯৯৯৯৯৯৯৯৯৯"), Ok(i64::MIN));
    }

    #[test]
    fn decimals_are_read_in_either_script() {
        for (typed, value) in [("4.5", 4.5), ("৪.৫", 4.5), ("4", 4.0), ("৫", 5.0), (".5", 0.5), ("-0.1", -0.1), (" 3.25 ", 3.25)] {
            assert_eq!(parse_number(typed), Ok(value), "{typed:?}");
        }
        for typed in ["", "good", "NaN", "inf", "1e0", "4.5.1", "৪,৫", "4."] {
            assert_eq!(parse_number(typed), Err(NotANumber), "{typed:?}");
        }
    }

    #[test]
    fn each_problem_has_its_reason() {
        assert_eq!(WholeNumberError::NotANumber.reason(), FieldReason::NotANumber);
        assert_eq!(WholeNumberError::NotWhole.reason(), FieldReason::NotWholeNumber);
        assert_eq!(NotANumber.reason(), FieldReason::NotANumber);
        assert_eq!(WholeNumberError::NotWhole.to_string(), "must be a whole number", "the forms' wording");
    }
}
