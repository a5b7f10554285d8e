//! Catalogue categories.

use crate::field::{FieldProblem, FieldReason};
use crate::ids::CategoryId;
use crate::text::{RequiredText, RequiredTextError};

/// A category's display name. Unique among categories regardless of letter case.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CategoryName(RequiredText);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid category name: {0}")]
pub struct CategoryNameError(#[from] pub RequiredTextError);

/// A seller has named [`CategoryName::NEW_PER_SELLER_PER_DAY`] new categories in the last 24 hours: the next one
/// waits, and the form says so under the new category's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "you can add at most {limit} new categories a day: choose one from the list, or add this one tomorrow",
    limit = CategoryName::NEW_PER_SELLER_PER_DAY
)]
pub struct NewCategoriesUsedUp;

impl FieldProblem for NewCategoriesUsedUp {
    fn reason(&self) -> FieldReason {
        FieldReason::DailyLimitReached { limit: CategoryName::NEW_PER_SELLER_PER_DAY }
    }
}

/// A category named as where another one's books should go is that category itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("choose another category: a category cannot be merged into itself")]
pub struct MergeIntoItself;

impl FieldProblem for MergeIntoItself {
    fn reason(&self) -> FieldReason {
        FieldReason::SameCategory
    }
}

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

/// Which category a new listing goes in: one from the list, or a name typed under "Others". A listing has exactly
/// one of the two.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CategoryChoice {
    Existing(CategoryId),
    /// Checked as a [`CategoryName`] when the category is added, so that its problem is reported on its own field.
    New(String),
}

/// Why the add-book form's two category fields do not name one category. Every problem belongs to the field
/// `categoryId` ([`CategoryChoiceError::FIELD`]), where the form shows the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CategoryChoiceError {
    #[error("this field is required")]
    Neither,
    #[error("choose a category from the list or type a new one, not both")]
    Both,
    #[error("choose a category from the list")]
    NotFromTheList,
}

impl CategoryChoiceError {
    /// The form field every problem is shown under.
    pub const FIELD: &'static str = "categoryId";
}

impl FieldProblem for CategoryChoiceError {
    fn reason(&self) -> FieldReason {
        match self {
            Self::Neither => FieldReason::Required,
            Self::Both => FieldReason::NotBoth,
            // Not even an id: it cannot name a category of the list (nor can an id of none, see the use case).
            Self::NotFromTheList => FieldReason::UnknownCategory,
        }
    }
}

impl CategoryChoice {
    /// The choice the form's two fields make: `category_id` picked from the list, or `new_category` typed. A blank
    /// field counts as not sent.
    pub fn parse(category_id: Option<&str>, new_category: Option<&str>) -> Result<Self, CategoryChoiceError> {
        fn sent(field: Option<&str>) -> Option<&str> {
            field.filter(|value| !value.trim().is_empty())
        }
        match (sent(category_id), sent(new_category)) {
            (Some(_), Some(_)) => Err(CategoryChoiceError::Both),
            (Some(id), None) => id.trim().parse().map(Self::Existing).map_err(|_| CategoryChoiceError::NotFromTheList),
            (None, Some(name)) => Ok(Self::New(name.to_owned())),
            (None, None) => Err(CategoryChoiceError::Neither),
        }
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
    fn a_listing_picks_a_category_from_the_list_or_names_a_new_one() {
        let id = CategoryId::new();
        assert_eq!(CategoryChoice::parse(Some(&format!(" {id} ")), None), Ok(CategoryChoice::Existing(id)));
        assert_eq!(CategoryChoice::parse(None, Some("Poetry")), Ok(CategoryChoice::New("Poetry".to_owned())));
        // A blank field is one the form left empty.
        assert_eq!(CategoryChoice::parse(Some("  "), Some("Poetry")), Ok(CategoryChoice::New("Poetry".to_owned())));
        assert_eq!(CategoryChoice::parse(Some(&id.to_string()), Some("")), Ok(CategoryChoice::Existing(id)));
    }

    #[test]
    fn a_listing_takes_one_category_not_both_nor_none() {
        let id = CategoryId::new().to_string();
        assert_eq!(CategoryChoice::parse(Some(&id), Some("Poetry")), Err(CategoryChoiceError::Both));
        assert_eq!(CategoryChoice::parse(None, None), Err(CategoryChoiceError::Neither));
        assert_eq!(CategoryChoice::parse(Some(" "), Some("\t")), Err(CategoryChoiceError::Neither));
        assert_eq!(CategoryChoice::parse(Some("poetry"), None), Err(CategoryChoiceError::NotFromTheList));
    }

    #[test]
    fn blank_and_overlong_names_are_refused() {
        assert!(CategoryName::parse("   ").is_err());
        assert!(CategoryName::parse(&"x".repeat(61)).is_err());
        let reason = |raw: &str| CategoryName::parse(raw).map_err(|e| e.0.reason()).err();
        assert_eq!(reason(" \t "), Some(FieldReason::Required));
        assert_eq!(reason(&"x".repeat(61)), Some(FieldReason::TooLong { limit: 60 }));
        assert_eq!(reason("Po\0etry"), Some(FieldReason::InvalidCharacter));
    }

    #[test]
    fn each_category_problem_has_its_reason() {
        assert_eq!(CategoryChoiceError::Neither.reason(), FieldReason::Required);
        assert_eq!(CategoryChoiceError::Both.reason(), FieldReason::NotBoth);
        assert_eq!(CategoryChoiceError::NotFromTheList.reason(), FieldReason::UnknownCategory);
        assert_eq!(MergeIntoItself.reason(), FieldReason::SameCategory);
        assert_eq!(NewCategoriesUsedUp.reason(), FieldReason::DailyLimitReached { limit: 3 });
        assert!(NewCategoriesUsedUp.to_string().contains("at most 3 new categories a day"), "{NewCategoriesUsedUp}");
    }
}
