//! Required free text (titles, author names, places): trimmed, non-empty and bounded.

use crate::field::{FieldProblem, FieldReason};

/// Text a person typed that must not be blank. Surrounding whitespace is dropped.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RequiredText(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RequiredTextError {
    #[error("this field is required")]
    Blank,
    #[error("at most {max} characters are allowed, got {got}")]
    TooLong { max: usize, got: usize },
    /// PostgreSQL text cannot hold U+0000, and no one types it.
    #[error("must not contain a NUL character")]
    Nul,
}

impl FieldProblem for RequiredTextError {
    fn reason(&self) -> FieldReason {
        match self {
            Self::Blank => FieldReason::Required,
            Self::TooLong { max, .. } => FieldReason::TooLong { limit: *max },
            Self::Nul => FieldReason::InvalidCharacter,
        }
    }
}

impl RequiredText {
    pub fn parse(raw: &str, max_chars: usize) -> Result<Self, RequiredTextError> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(RequiredTextError::Blank);
        }
        if trimmed.contains('\0') {
            return Err(RequiredTextError::Nul);
        }
        let got = trimmed.chars().count();
        if got > max_chars {
            return Err(RequiredTextError::TooLong { max: max_chars, got });
        }
        Ok(Self(trimmed.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_and_keeps_the_content() {
        assert_eq!(RequiredText::parse("  Lalsalu ", 10).map(RequiredText::into_inner), Ok("Lalsalu".to_owned()));
    }

    #[test]
    fn a_nul_character_is_refused() {
        assert_eq!(RequiredText::parse("Dha\0ka", 10), Err(RequiredTextError::Nul));
    }

    #[test]
    fn blank_is_refused() {
        assert_eq!(RequiredText::parse(" \t\n", 10), Err(RequiredTextError::Blank));
    }

    #[test]
    fn each_problem_has_its_reason() {
        assert_eq!(RequiredTextError::Blank.reason(), FieldReason::Required);
        assert_eq!(RequiredTextError::TooLong { max: 200, got: 201 }.reason(), FieldReason::TooLong { limit: 200 });
        assert_eq!(RequiredTextError::Nul.reason(), FieldReason::InvalidCharacter);
    }

    #[test]
    fn counts_characters_not_bytes() {
        // Bangla letters are three bytes each in UTF-8; the limit is about what a person sees.
        assert!(RequiredText::parse("পথের পাঁচালী", 12).is_ok());
        assert_eq!(RequiredText::parse("abcdef", 5), Err(RequiredTextError::TooLong { max: 5, got: 6 }));
    }
}
