//! Books listed for resale, and the one path their status may take.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Utc};

use crate::category::Category;
use crate::ids::{AccountId, BookId};
use crate::money::Taka;

/// Where a book is in its sale. The only moves are available -> pending (ordered), pending -> sold (paid)
/// and pending -> available (the order was cancelled).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BookStatus {
    Available,
    Pending,
    Sold,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a book cannot go from {from} to {to}")]
pub struct IllegalStatusChange {
    pub from: BookStatus,
    pub to: BookStatus,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown book status {0:?}")]
pub struct ParseStatusError(pub String);

impl BookStatus {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Available => "available",
            Self::Pending => "pending",
            Self::Sold => "sold",
        }
    }

    /// A buyer placed an order: the book is held for them.
    pub fn reserve(self) -> Result<Self, IllegalStatusChange> {
        self.move_to(Self::Pending)
    }

    /// The buyer paid.
    pub fn sell(self) -> Result<Self, IllegalStatusChange> {
        self.move_to(Self::Sold)
    }

    /// The order was cancelled before payment: the book is for sale again.
    pub fn release(self) -> Result<Self, IllegalStatusChange> {
        match self {
            Self::Pending => Ok(Self::Available),
            from => Err(IllegalStatusChange { from, to: Self::Available }),
        }
    }

    pub fn move_to(self, to: Self) -> Result<Self, IllegalStatusChange> {
        match (self, to) {
            (Self::Available, Self::Pending) | (Self::Pending, Self::Sold) | (Self::Pending, Self::Available) => Ok(to),
            (from, to) => Err(IllegalStatusChange { from, to }),
        }
    }

    /// Whether buyers may still order it (and so whether public listings show it).
    pub const fn is_for_sale(self) -> bool {
        matches!(self, Self::Available)
    }
}

impl fmt::Display for BookStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for BookStatus {
    type Err = ParseStatusError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "available" => Ok(Self::Available),
            "pending" => Ok(Self::Pending),
            "sold" => Ok(Self::Sold),
            other => Err(ParseStatusError(other.to_owned())),
        }
    }
}

/// A star rating from 0 to 5 as shown on a card.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Ratings(f64);

#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("ratings must be between 0 and 5, got {0}")]
pub struct RatingsError(pub f64);

impl Ratings {
    pub fn new(value: f64) -> Result<Self, RatingsError> {
        if value.is_finite() && (0.0..=5.0).contains(&value) { Ok(Self(value)) } else { Err(RatingsError(value)) }
    }

    pub const fn value(self) -> f64 {
        self.0
    }
}

/// Who sells a book, as a buyer sees it. `verified` is the seller account's current flag, never a copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SellerBlock {
    pub name: String,
    pub phone: String,
    pub email: String,
    pub location: String,
    pub verified: bool,
}

/// What a grid of books shows for one book.
#[derive(Debug, Clone, PartialEq)]
pub struct BookCard {
    pub id: BookId,
    pub title: String,
    pub author: String,
    pub picture_url: String,
    pub ratings: f64,
    pub reviews: i32,
    pub original_price: Taka,
    pub resale_price: Taka,
    pub location: String,
    pub seller_verified: bool,
    pub status: BookStatus,
}

/// Every field of a listed book.
#[derive(Debug, Clone, PartialEq)]
pub struct Book {
    pub id: BookId,
    pub seller_id: AccountId,
    pub title: String,
    pub author: String,
    pub category: Category,
    pub description: String,
    pub picture_url: String,
    pub publish_year: Option<i32>,
    pub ratings: f64,
    pub reviews: i32,
    pub original_price: Taka,
    pub resale_price: Taka,
    pub status: BookStatus,
    pub advertised: bool,
    pub created_at: DateTime<Utc>,
}

/// A book's own page: the book and who sells it.
#[derive(Debug, Clone, PartialEq)]
pub struct BookDetail {
    pub book: Book,
    pub seller: SellerBlock,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const ALL: [BookStatus; 3] = [BookStatus::Available, BookStatus::Pending, BookStatus::Sold];

    #[test]
    fn the_happy_path_is_available_pending_sold() {
        let sold = BookStatus::Available.reserve().and_then(BookStatus::sell);
        assert_eq!(sold, Ok(BookStatus::Sold));
    }

    #[test]
    fn a_cancelled_order_puts_the_book_back_on_sale() {
        assert_eq!(BookStatus::Pending.release(), Ok(BookStatus::Available));
    }

    #[test]
    fn illegal_moves_are_typed_errors() {
        assert_eq!(BookStatus::Available.sell(), Err(IllegalStatusChange { from: BookStatus::Available, to: BookStatus::Sold }));
        assert_eq!(BookStatus::Sold.reserve(), Err(IllegalStatusChange { from: BookStatus::Sold, to: BookStatus::Pending }));
        assert_eq!(BookStatus::Sold.release(), Err(IllegalStatusChange { from: BookStatus::Sold, to: BookStatus::Available }));
        assert!(BookStatus::Pending.reserve().is_err(), "a held book cannot be ordered twice");
    }

    #[test]
    fn only_available_books_are_for_sale() {
        assert!(BookStatus::Available.is_for_sale());
        assert!(!BookStatus::Pending.is_for_sale());
        assert!(!BookStatus::Sold.is_for_sale());
    }

    #[test]
    fn ratings_stay_between_zero_and_five() {
        assert!(Ratings::new(4.5).is_ok());
        assert!(Ratings::new(5.1).is_err());
        assert!(Ratings::new(-0.1).is_err());
        assert!(Ratings::new(f64::NAN).is_err());
    }

    fn status() -> impl Strategy<Value = BookStatus> {
        prop::sample::select(ALL.to_vec())
    }

    proptest! {
        /// Whatever sequence of moves is attempted, sold is final and a book never skips pending.
        #[test]
        fn sold_is_final_and_reached_only_through_pending(moves in prop::collection::vec(status(), 0..20)) {
            let mut current = BookStatus::Available;
            for to in moves {
                match current.move_to(to) {
                    Ok(next) => {
                        prop_assert_ne!(current, BookStatus::Sold, "nothing leaves sold");
                        if next == BookStatus::Sold {
                            prop_assert_eq!(current, BookStatus::Pending);
                        }
                        current = next;
                    }
                    Err(e) => {
                        prop_assert_eq!(e, IllegalStatusChange { from: current, to });
                    }
                }
            }
        }

        #[test]
        fn status_names_round_trip(s in status()) {
            prop_assert_eq!(s.as_str().parse::<BookStatus>(), Ok(s));
        }
    }
}
