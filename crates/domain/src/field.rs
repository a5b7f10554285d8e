//! What is wrong with one field of a form: a machine-readable reason and the English message, made together from
//! the typed error of the rule the field broke, so that the two can never disagree. The reason lets a client word
//! the problem in its reader's language (Bangla, say); the message is the product's English wording.

use std::collections::BTreeMap;
use std::fmt;

/// Why a field was refused: a closed list, so that a client can word every case (the http crate names each on the
/// wire); the bounds it names are the rule's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FieldReason {
    /// `required`: missing or blank (only spaces).
    Required,
    /// `too_long`: more than `limit` characters (Unicode scalar values, counted after trimming).
    TooLong { limit: usize },
    /// `out_of_range`: a number outside `min..=max`, both inclusive (a price, a publish year, a rating, a count).
    OutOfRange { min: i64, max: i64 },
    /// `not_a_number`: a field that holds a number was sent text that is no number ("two hundred").
    NotANumber,
    /// `not_whole_number`: a field that holds a whole number was sent one with a fraction ("4.5").
    NotWholeNumber,
    /// `invalid_phone`: not a Bangladesh mobile number (`01`, an operator digit from 3 to 9, then 8 digits).
    InvalidPhone,
    /// `invalid_character`: holds a character no text may hold (U+0000, which PostgreSQL cannot store).
    InvalidCharacter,
    /// `unknown_category`: names no category (not one of the list's ids, or one that no longer exists).
    UnknownCategory,
    /// `not_both`: this field and another that excludes it were both sent (a category from the list and a new one).
    NotBoth,
    /// `same_category`: a category cannot be merged into itself.
    SameCategory,
    /// `daily_limit_reached`: at most `limit` of these in any 24 hours (new categories per seller).
    DailyLimitReached { limit: u32 },
    /// `invalid_handover_code`: not six digits (a handover code, as the buyer's order page shows it).
    InvalidHandoverCode,
    /// `not_a_choice`: none of the names the field may hold (a condition grade, a book's language).
    NotAChoice,
    /// `invalid_isbn`: not an ISBN: neither 10 nor 13 digits (an ISBN-10 may end in X), or 13 that do not start
    /// with 978 or 979.
    InvalidIsbn,
    /// `isbn_check_digit`: an ISBN whose check digit does not match its other digits: one of them is mistyped.
    IsbnCheckDigit,
    /// `too_many_photos`: more than `limit` photos of one copy.
    TooManyPhotos { limit: usize },
    /// `not_the_photos`: a new order of a listing's photos that does not name each of them exactly once.
    NotThePhotos,
}

/// A typed error that a form field can be refused with: its `Display` is the English message, [`reason`] what it
/// is in general.
///
/// [`reason`]: FieldProblem::reason
pub trait FieldProblem: fmt::Display {
    fn reason(&self) -> FieldReason;
}

/// A field left out or blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("this field is required")]
pub struct Required;

impl FieldProblem for Required {
    fn reason(&self) -> FieldReason {
        FieldReason::Required
    }
}

/// What is wrong with one field: the reason and the message of the same problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    reason: FieldReason,
    message: String,
}

impl FieldError {
    /// The field broke this rule: its reason, and its own words.
    pub fn of(problem: &(impl FieldProblem + ?Sized)) -> Self {
        Self { reason: problem.reason(), message: problem.to_string() }
    }

    /// The field was left out or blank: "this field is required".
    pub fn required() -> Self {
        Self::of(&Required)
    }

    /// The same problem in the product's own words for this form (the buy form's "Phone no is required"); the
    /// reason stays the rule's.
    #[must_use]
    pub fn worded(self, message: impl Into<String>) -> Self {
        Self { message: message.into(), ..self }
    }

    pub const fn reason(&self) -> FieldReason {
        self.reason
    }

    /// The English message.
    pub fn message(&self) -> &str {
        &self.message
    }

    pub fn into_message(self) -> String {
        self.message
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Each refused field's wire name (camelCase, as the form names it) and what is wrong with it.
pub type FieldErrors = BTreeMap<&'static str, FieldError>;

/// `Ok(())` or the field's error: how a form collects the problems of values it parsed.
pub fn problem<T, P: FieldProblem>(parsed: &Result<T, P>) -> Result<(), FieldError> {
    parsed.as_ref().map(|_| ()).map_err(FieldError::of)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_error_takes_the_reason_and_the_words_of_one_problem() {
        let error = FieldError::required();
        assert_eq!((error.reason(), error.message()), (FieldReason::Required, "this field is required"));
        let worded = error.worded("Phone no is required");
        assert_eq!((worded.reason(), worded.to_string()), (FieldReason::Required, "Phone no is required".to_owned()));
    }
}
