//! Catalogue categories.

use crate::ids::CategoryId;
use crate::text::{RequiredText, RequiredTextError};

/// A category's display name. Unique among categories regardless of letter case.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CategoryName(RequiredText);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid category name: {0}")]
pub struct CategoryNameError(#[from] pub RequiredTextError);

impl CategoryName {
    pub const MAX_CHARS: usize = 60;
    /// A seller names at most this many new categories in any 24 hours (under "Others" on the add-book form): enough
    /// for an honest seller, too few to bury the real categories under made-up ones.
    pub const NEW_PER_SELLER_PER_DAY: u32 = 3;
    /// A category without available books that nobody has created or listed a book in for this many days leaves the
    /// add-book list (it stays where it is used: its books' pages, the admin's table).
    pub const UNUSED_AFTER_DAYS: u32 = 30;

    pub fn parse(raw: &str) -> Result<Self, CategoryNameError> {
        // Inner runs of whitespace collapse so "Bangla   Literature" cannot sit beside "Bangla Literature".
        let collapsed = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        Ok(Self(RequiredText::parse(&collapsed, Self::MAX_CHARS)?))
    }

    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    pub id: CategoryId,
    pub name: String,
}

/// A category with the number of books a buyer can still order in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategorySummary {
    pub id: CategoryId,
    pub name: String,
    pub available_books: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collapses_inner_whitespace() {
        assert_eq!(CategoryName::parse("  Bangla \t  Literature ").map(|n| n.as_str().to_owned()), Ok("Bangla Literature".to_owned()));
    }

    #[test]
    fn blank_and_overlong_names_are_refused() {
        assert!(CategoryName::parse("   ").is_err());
        assert!(CategoryName::parse(&"x".repeat(61)).is_err());
    }
}
