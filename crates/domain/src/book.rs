//! Books listed for resale, and the one path their status may take.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Utc};

use crate::category::Category;
use crate::copy::{BookLanguage, Condition, Isbn};
use crate::email::Email;
use crate::field::{FieldError, FieldErrors, FieldProblem, FieldReason, problem};
use crate::ids::{AccountId, BookId, CategoryId};
use crate::money::Taka;
use crate::phone::Phone;
use crate::text::{RequiredText, RequiredTextError};

/// Where a book is in its sale. Every move it may make is a [`BookMove`]; sold and withdrawn are final.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BookStatus {
    Available,
    Pending,
    Sold,
    Withdrawn,
    /// Taken off every list by reports or by the admin until the admin restores it; its seller sees why.
    Hidden,
}

/// The moves a book's status may make: the whole state machine, one row per move. The store's guards (which rows an
/// update may touch, which status it writes) are read from this table, never written out separately.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BookMove {
    /// A buyer placed an order: the book is held for them.
    Reserve,
    /// The held book's order was paid.
    Sell,
    /// A payment arrived after its order was cancelled or expired, and the book was still for sale: it is sold to
    /// that buyer after all (the money was taken).
    SellPaidLate,
    /// The order holding the book was cancelled or expired: the book is for sale again.
    Release,
    /// The seller deleted the listing, or their account was closed, while nobody was buying it.
    Withdraw,
    /// The seller's account was closed while a buyer held the book: the book leaves the shop with its seller and
    /// the buyer's order is cancelled ([`crate::OrderMove::Cancel`], for [`crate::CancelReason::SellerAccountClosed`]).
    WithdrawWithSeller,
    /// Enough reports, or the admin, took a listing nobody is buying off the shop. A book a buyer holds or bought is
    /// left to its order: only the admin's review of the reports decides about its seller.
    Hide,
    /// The admin found the listing fine: it is for sale again.
    Restore,
}

impl BookMove {
    pub const ALL: [Self; 8] =
        [Self::Reserve, Self::Sell, Self::SellPaidLate, Self::Release, Self::Withdraw, Self::WithdrawWithSeller, Self::Hide, Self::Restore];

    /// The statuses this move leaves from.
    pub const fn from(self) -> &'static [BookStatus] {
        match self {
            Self::Reserve | Self::SellPaidLate | Self::Withdraw | Self::Hide => &[BookStatus::Available],
            Self::Sell | Self::Release | Self::WithdrawWithSeller => &[BookStatus::Pending],
            Self::Restore => &[BookStatus::Hidden],
        }
    }

    /// The status this move reaches.
    pub const fn to(self) -> BookStatus {
        match self {
            Self::Reserve => BookStatus::Pending,
            Self::Sell | Self::SellPaidLate => BookStatus::Sold,
            Self::Release | Self::Restore => BookStatus::Available,
            Self::Withdraw | Self::WithdrawWithSeller => BookStatus::Withdrawn,
            Self::Hide => BookStatus::Hidden,
        }
    }

    /// Whether this move may start at `status`.
    pub fn leaves(self, status: BookStatus) -> bool {
        self.from().contains(&status)
    }

    /// The move that takes a book from `from` to `to`, if the table has one (each pair has at most one).
    pub fn between(from: BookStatus, to: BookStatus) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.leaves(from) && m.to() == to)
    }

    /// Makes this move from `status`, or says why it cannot be made.
    pub fn apply(self, status: BookStatus) -> Result<BookStatus, IllegalStatusChange> {
        if self.leaves(status) { Ok(self.to()) } else { Err(IllegalStatusChange { from: status, to: self.to() }) }
    }
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
    pub const ALL: [Self; 5] = [Self::Available, Self::Pending, Self::Sold, Self::Withdrawn, Self::Hidden];

    /// The status a newly listed book starts in.
    pub const LISTED: Self = Self::Available;

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Available => "available",
            Self::Pending => "pending",
            Self::Sold => "sold",
            Self::Withdrawn => "withdrawn",
            Self::Hidden => "hidden",
        }
    }

    /// A buyer placed an order: the book is held for them ([`BookMove::Reserve`]).
    pub fn reserve(self) -> Result<Self, IllegalStatusChange> {
        BookMove::Reserve.apply(self)
    }

    /// The buyer holding the book paid ([`BookMove::Sell`]): only a held book is sold this way.
    pub fn sell(self) -> Result<Self, IllegalStatusChange> {
        BookMove::Sell.apply(self)
    }

    /// A late payment takes a book still for sale ([`BookMove::SellPaidLate`]).
    pub fn sell_paid_late(self) -> Result<Self, IllegalStatusChange> {
        BookMove::SellPaidLate.apply(self)
    }

    /// The order was cancelled or expired before payment: the book is for sale again ([`BookMove::Release`]).
    pub fn release(self) -> Result<Self, IllegalStatusChange> {
        BookMove::Release.apply(self)
    }

    /// The listing leaves the shop for good ([`BookMove::Withdraw`]). Only a book nobody is buying can be withdrawn
    /// by its seller.
    pub fn withdraw(self) -> Result<Self, IllegalStatusChange> {
        BookMove::Withdraw.apply(self)
    }

    /// The seller's account closed while a buyer held the book ([`BookMove::WithdrawWithSeller`]).
    pub fn withdraw_with_seller(self) -> Result<Self, IllegalStatusChange> {
        BookMove::WithdrawWithSeller.apply(self)
    }

    /// Reports or the admin take an available listing off the shop ([`BookMove::Hide`]).
    pub fn hide(self) -> Result<Self, IllegalStatusChange> {
        BookMove::Hide.apply(self)
    }

    /// The admin puts a hidden listing back on sale ([`BookMove::Restore`]).
    pub fn restore(self) -> Result<Self, IllegalStatusChange> {
        BookMove::Restore.apply(self)
    }

    /// Moves to `to` by whichever move of the table joins the two statuses.
    pub fn move_to(self, to: Self) -> Result<Self, IllegalStatusChange> {
        BookMove::between(self, to).map(BookMove::to).ok_or(IllegalStatusChange { from: self, to })
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
            "withdrawn" => Ok(Self::Withdrawn),
            "hidden" => Ok(Self::Hidden),
            other => Err(ParseStatusError(other.to_owned())),
        }
    }
}

/// A star rating from 0 to 5 as shown on a card.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Ratings(f64);

#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("ratings must be between 0 and 5")]
pub struct RatingsError(pub f64);

impl FieldProblem for RatingsError {
    fn reason(&self) -> FieldReason {
        FieldReason::OutOfRange { min: i64::from(Ratings::MIN), max: i64::from(Ratings::MAX) }
    }
}

impl Ratings {
    /// The fewest stars (no rating yet).
    pub const MIN: u8 = 0;
    /// The most stars.
    pub const MAX: u8 = 5;

    pub fn new(value: f64) -> Result<Self, RatingsError> {
        if value.is_finite() && (f64::from(Self::MIN)..=f64::from(Self::MAX)).contains(&value) {
            Ok(Self(value))
        } else {
            Err(RatingsError(value))
        }
    }

    pub const fn value(self) -> f64 {
        self.0
    }
}

/// How many reviews a book has had: a whole number, 0 or more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Reviews(i32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("reviews must be a whole number, 0 or more")]
pub struct ReviewsError(pub i64);

impl FieldProblem for ReviewsError {
    fn reason(&self) -> FieldReason {
        // The count is stored as a 32-bit integer: the most it can be is part of the rule.
        FieldReason::OutOfRange { min: 0, max: i64::from(i32::MAX) }
    }
}

impl Reviews {
    pub fn new(count: i64) -> Result<Self, ReviewsError> {
        i32::try_from(count).ok().filter(|c| *c >= 0).map(Self).ok_or(ReviewsError(count))
    }

    pub const fn count(self) -> i32 {
        self.0
    }
}

/// The year a book was published: from the first printed books (1450) to this year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct PublishYear(i32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the publish year must be between {min} and {this_year}", min = PublishYear::EARLIEST)]
pub struct PublishYearError {
    pub year: i64,
    pub this_year: i32,
}

impl FieldProblem for PublishYearError {
    fn reason(&self) -> FieldReason {
        FieldReason::OutOfRange { min: i64::from(PublishYear::EARLIEST), max: i64::from(self.this_year) }
    }
}

impl PublishYear {
    pub const EARLIEST: i32 = 1450;

    /// `this_year` comes from the caller's clock, so the rule stays pure.
    pub fn new(year: i64, this_year: i32) -> Result<Self, PublishYearError> {
        i32::try_from(year).ok().filter(|y| (Self::EARLIEST..=this_year).contains(y)).map(Self).ok_or(PublishYearError { year, this_year })
    }

    /// A year already stored: trusted as it is.
    pub const fn stored(year: i32) -> Self {
        Self(year)
    }

    pub const fn value(self) -> i32 {
        self.0
    }
}

macro_rules! bounded_text {
    ($(#[$meta:meta])* $name:ident, $max:expr) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name(RequiredText);

        impl $name {
            pub const MAX_CHARS: usize = $max;

            pub fn parse(raw: &str) -> Result<Self, RequiredTextError> {
                RequiredText::parse(raw, Self::MAX_CHARS).map(Self)
            }

            pub fn as_str(&self) -> &str {
                self.0.as_str()
            }

            pub fn into_inner(self) -> String {
                self.0.into_inner()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

bounded_text!(
    /// A book's title as the seller typed it, trimmed.
    BookTitle,
    200
);
bounded_text!(
    /// Who wrote the book.
    Author,
    120
);
bounded_text!(
    /// A person's name as shown to others (a seller on a listing, an account holder).
    PersonName,
    120
);
bounded_text!(
    /// Where the seller and the buyer can meet, e.g. "Dhanmondi, Dhaka".
    Location,
    200
);

/// Free text about a book's condition and content; may be empty.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Description(String);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DescriptionError {
    #[error("at most {max} characters are allowed", max = Description::MAX_CHARS)]
    TooLong,
    /// PostgreSQL text cannot hold U+0000, and no one types it.
    #[error("must not contain a NUL character")]
    Nul,
}

impl FieldProblem for DescriptionError {
    fn reason(&self) -> FieldReason {
        match self {
            Self::TooLong => FieldReason::TooLong { limit: Description::MAX_CHARS },
            Self::Nul => FieldReason::InvalidCharacter,
        }
    }
}

impl Description {
    pub const MAX_CHARS: usize = 4000;

    pub fn parse(raw: &str) -> Result<Self, DescriptionError> {
        let trimmed = raw.trim();
        if trimmed.contains('\0') {
            Err(DescriptionError::Nul)
        } else if trimmed.chars().count() > Self::MAX_CHARS {
            Err(DescriptionError::TooLong)
        } else {
            Ok(Self(trimmed.to_owned()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Who sells a book, as a buyer sees it. `verified` is the seller account's current flag, never a copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SellerBlock {
    pub name: PersonName,
    pub phone: Phone,
    pub email: Email,
    pub location: Location,
    pub verified: bool,
}

/// What a grid of books shows for one book.
#[derive(Debug, Clone, PartialEq)]
pub struct BookCard {
    pub id: BookId,
    /// The category it is listed in, so a list that mixes categories (search) can link each card to its shelf.
    pub category_id: CategoryId,
    pub title: BookTitle,
    pub author: Author,
    pub picture_url: String,
    pub ratings: Ratings,
    pub reviews: Reviews,
    pub original_price: Taka,
    pub resale_price: Taka,
    pub location: Location,
    pub seller_verified: bool,
    pub status: BookStatus,
    pub condition: Condition,
}

/// Every field of a listed book.
#[derive(Debug, Clone, PartialEq)]
pub struct Book {
    pub id: BookId,
    pub seller_id: AccountId,
    pub title: BookTitle,
    pub author: Author,
    pub category: Category,
    pub description: Description,
    /// The cover: the first of [`Book::photos`].
    pub picture_url: String,
    /// Every photo of the copy, the cover first: 1 to [`MAX_PHOTOS`].
    pub photos: Vec<String>,
    pub publish_year: Option<PublishYear>,
    pub ratings: Ratings,
    pub reviews: Reviews,
    pub original_price: Taka,
    pub resale_price: Taka,
    pub status: BookStatus,
    pub advertised: bool,
    pub created_at: DateTime<Utc>,
    pub condition: Condition,
    /// The language the book is written in, when its seller said.
    pub language: Option<BookLanguage>,
    pub isbn: Option<Isbn>,
}

/// The most photos one listing may have, the cover included: enough to show the cover, the spine, the pages and any
/// flaw, few enough to load on slow mobile data.
pub const MAX_PHOTOS: usize = 5;

/// A listing with more photos than [`MAX_PHOTOS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a listing has at most 5 photos")]
pub struct TooManyPhotos;

impl FieldProblem for TooManyPhotos {
    fn reason(&self) -> FieldReason {
        FieldReason::TooManyPhotos { limit: MAX_PHOTOS }
    }
}

/// A new order of a listing's photos that does not name each of them exactly once (the listing changed since it was
/// read, or the order is wrong).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("name each of the listing's photos exactly once, the cover first")]
pub struct NotThePhotos;

impl FieldProblem for NotThePhotos {
    fn reason(&self) -> FieldReason {
        FieldReason::NotThePhotos
    }
}

/// A book's own page: the book and who sells it.
#[derive(Debug, Clone, PartialEq)]
pub struct BookDetail {
    pub book: Book,
    pub seller: SellerBlock,
}

/// A book as a seller lists it, built only from parsed values: a bad field is a typed error naming the field
/// (see [`ListingForm::parse`]), never a database constraint failing later. The seller's contact fields are per
/// listing, as the add-book form asks; the e-mail comes from the seller's account.
#[derive(Debug, Clone, PartialEq)]
pub struct NewBook {
    pub seller_id: AccountId,
    pub category_id: CategoryId,
    /// The cover.
    pub picture_url: String,
    /// The other photos of the copy, in the seller's order: at most [`MAX_PHOTOS`] - 1.
    pub more_photos: Vec<String>,
    pub seller_email: Email,
    pub listing: Listing,
    pub advertised: bool,
}

/// The seller-typed fields of a listing, parsed.
#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    pub title: BookTitle,
    pub author: Author,
    pub description: Description,
    pub publish_year: Option<PublishYear>,
    pub ratings: Ratings,
    pub reviews: Reviews,
    pub seller_name: PersonName,
    pub location: Location,
    pub phone: Phone,
    pub original_price: Taka,
    pub resale_price: Taka,
    pub condition: Condition,
    pub language: Option<BookLanguage>,
    pub isbn: Option<Isbn>,
}

/// The add-book form as typed: every field a string or number exactly as it arrived.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ListingForm {
    pub title: String,
    pub author: String,
    pub description: Option<String>,
    pub publish_year: Option<i64>,
    pub ratings: Option<f64>,
    pub reviews: Option<i64>,
    pub seller_name: String,
    pub location: String,
    pub phone: String,
    pub original_price: Option<i64>,
    pub resale_price: Option<i64>,
    /// A grade's name (`like_new`, `very_good`, `good`, `acceptable`); required.
    pub condition: Option<String>,
    /// `bn`, `en` or `other`; blank or left out when the seller does not say.
    pub language: Option<String>,
    /// ISBN-10 or ISBN-13 as typed; blank or left out for none.
    pub isbn: Option<String>,
}

/// Reads an optional choice or ISBN: blank is none.
fn optional<T, E>(raw: Option<&str>, parse: impl FnOnce(&str) -> Result<T, E>) -> Result<Option<T>, E> {
    raw.map(str::trim).filter(|s| !s.is_empty()).map(parse).transpose()
}

impl ListingForm {
    /// Parses every field, collecting every problem at once so a seller can fix them all in one go.
    pub fn parse(self, this_year: i32) -> Result<Listing, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut check = |field: &'static str, result: Result<(), FieldError>| {
            if let Err(error) = result {
                errors.insert(field, error);
            }
        };
        let title = BookTitle::parse(&self.title);
        check("title", problem(&title));
        let author = Author::parse(&self.author);
        check("author", problem(&author));
        let description = Description::parse(self.description.as_deref().unwrap_or(""));
        check("description", problem(&description));
        let publish_year = self.publish_year.map(|y| PublishYear::new(y, this_year)).transpose();
        check("publishYear", problem(&publish_year));
        let ratings = Ratings::new(self.ratings.unwrap_or(0.0));
        check("ratings", problem(&ratings));
        let reviews = Reviews::new(self.reviews.unwrap_or(0));
        check("reviews", problem(&reviews));
        let seller_name = PersonName::parse(&self.seller_name);
        check("sellerName", problem(&seller_name));
        let location = Location::parse(&self.location);
        check("location", problem(&location));
        let phone = Phone::parse(&self.phone);
        check("phone", problem(&phone));
        let price =
            |amount: Option<i64>| amount.ok_or_else(FieldError::required).and_then(|a| Taka::new(a).map_err(|e| FieldError::of(&e)));
        let original_price = price(self.original_price);
        check("originalPrice", original_price.as_ref().map(|_| ()).map_err(Clone::clone));
        let resale_price = price(self.resale_price);
        check("resalePrice", resale_price.as_ref().map(|_| ()).map_err(Clone::clone));
        let condition = match optional(self.condition.as_deref(), str::parse::<Condition>) {
            Ok(Some(condition)) => Ok(condition),
            Ok(None) => Err(FieldError::required()),
            Err(e) => Err(FieldError::of(&e)),
        };
        check("condition", condition.as_ref().map(|_| ()).map_err(Clone::clone));
        let language = optional(self.language.as_deref(), str::parse::<BookLanguage>);
        check("language", problem(&language));
        let isbn = optional(self.isbn.as_deref(), Isbn::parse);
        check("isbn", problem(&isbn));

        match (
            (title, author, description, publish_year, ratings, reviews, seller_name, location, phone, original_price, resale_price),
            (condition, language, isbn),
        ) {
            (
                (
                    Ok(title),
                    Ok(author),
                    Ok(description),
                    Ok(publish_year),
                    Ok(ratings),
                    Ok(reviews),
                    Ok(seller_name),
                    Ok(location),
                    Ok(phone),
                    Ok(original_price),
                    Ok(resale_price),
                ),
                (Ok(condition), Ok(language), Ok(isbn)),
            ) if errors.is_empty() => Ok(Listing {
                title,
                author,
                description,
                publish_year,
                ratings,
                reviews,
                seller_name,
                location,
                phone,
                original_price,
                resale_price,
                condition,
                language,
                isbn,
            }),
            _ => Err(errors),
        }
    }
}

/// What the owner may change on an available listing; `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ListingEdit {
    pub original_price: Option<Taka>,
    pub resale_price: Option<Taka>,
    pub description: Option<Description>,
    pub location: Option<Location>,
    pub phone: Option<Phone>,
    pub condition: Option<Condition>,
    /// `Some(None)` takes the language away (the seller no longer says).
    pub language: Option<Option<BookLanguage>>,
    /// `Some(None)` takes the ISBN away.
    pub isbn: Option<Option<Isbn>>,
}

/// The edit form as typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ListingEditForm {
    pub original_price: Option<i64>,
    pub resale_price: Option<i64>,
    pub description: Option<String>,
    pub location: Option<String>,
    pub phone: Option<String>,
    pub condition: Option<String>,
    /// Blank takes the language away.
    pub language: Option<String>,
    /// Blank takes the ISBN away.
    pub isbn: Option<String>,
}

impl ListingEditForm {
    /// Parses every field given, collecting every problem at once, under the same rules as a new listing.
    pub fn parse(self) -> Result<ListingEdit, FieldErrors> {
        fn field<T, E: FieldProblem>(errors: &mut FieldErrors, name: &'static str, parsed: Option<Result<T, E>>) -> Option<T> {
            match parsed? {
                Ok(value) => Some(value),
                Err(e) => {
                    errors.insert(name, FieldError::of(&e));
                    None
                }
            }
        }
        let mut errors = FieldErrors::new();
        let edit = ListingEdit {
            original_price: field(&mut errors, "originalPrice", self.original_price.map(Taka::new)),
            resale_price: field(&mut errors, "resalePrice", self.resale_price.map(Taka::new)),
            description: field(&mut errors, "description", self.description.as_deref().map(Description::parse)),
            location: field(&mut errors, "location", self.location.as_deref().map(Location::parse)),
            phone: field(&mut errors, "phone", self.phone.as_deref().map(Phone::parse)),
            condition: field(&mut errors, "condition", self.condition.as_deref().map(str::parse::<Condition>)),
            language: field(&mut errors, "language", self.language.as_deref().map(|raw| optional(Some(raw), str::parse::<BookLanguage>))),
            isbn: field(&mut errors, "isbn", self.isbn.as_deref().map(|raw| optional(Some(raw), Isbn::parse))),
        };
        if errors.is_empty() { Ok(edit) } else { Err(errors) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const ALL: [BookStatus; 5] = [BookStatus::Available, BookStatus::Pending, BookStatus::Sold, BookStatus::Withdrawn, BookStatus::Hidden];

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
    fn a_book_is_sold_from_pending_or_through_a_late_payment_while_still_for_sale() {
        assert_eq!(BookStatus::Pending.sell(), Ok(BookStatus::Sold));
        assert_eq!(BookStatus::Available.sell_paid_late(), Ok(BookStatus::Sold));
        assert!(BookStatus::Pending.sell_paid_late().is_err(), "another buyer holds it: the late payment is refunded");
        assert!(BookStatus::Withdrawn.sell_paid_late().is_err(), "the listing is gone: refunded");
        assert!(BookStatus::Sold.sell_paid_late().is_err(), "sold to someone else: refunded");
        assert_eq!(BookStatus::Available.move_to(BookStatus::Sold), Ok(BookStatus::Sold), "only a late payment joins the two");
        assert_eq!(BookMove::between(BookStatus::Available, BookStatus::Sold), Some(BookMove::SellPaidLate));
    }

    #[test]
    fn a_seller_withdraws_only_a_book_nobody_is_buying_and_a_closed_seller_takes_held_books_too() {
        assert_eq!(BookStatus::Available.withdraw(), Ok(BookStatus::Withdrawn));
        assert!(BookStatus::Pending.withdraw().is_err(), "a buyer holds it: the seller cannot delete it");
        assert_eq!(BookStatus::Pending.withdraw_with_seller(), Ok(BookStatus::Withdrawn));
        assert!(BookStatus::Available.withdraw_with_seller().is_err(), "an unheld book is withdrawn the ordinary way");
        assert!(BookStatus::Sold.withdraw().is_err());
        assert!(BookStatus::Sold.withdraw_with_seller().is_err(), "a sale stays with its buyer");
        for to in ALL {
            assert!(BookStatus::Withdrawn.move_to(to).is_err(), "withdrawn -> {to}");
            assert!(BookStatus::Sold.move_to(to).is_err(), "sold -> {to}");
        }
    }

    #[test]
    fn each_pair_of_statuses_has_at_most_one_move_and_each_move_is_named_once() {
        for m in BookMove::ALL {
            for &from in m.from() {
                assert_eq!(BookMove::between(from, m.to()), Some(m), "{from} -> {}", m.to());
                assert_ne!(from, m.to(), "{m:?} moves nowhere");
            }
        }
        assert_eq!(BookStatus::ALL, ALL);
        assert_eq!(BookStatus::LISTED, BookStatus::Available);
    }

    #[test]
    fn a_listing_form_with_every_rule_broken_names_every_field() {
        let form = ListingForm {
            title: "  ".into(),
            author: "a".repeat(121),
            description: Some("d".repeat(4001)),
            publish_year: Some(1449),
            ratings: Some(5.5),
            reviews: Some(-1),
            seller_name: String::new(),
            location: " ".into(),
            phone: "12345".into(),
            original_price: Some(0),
            resale_price: Some(500_001),
            condition: Some("mint".into()),
            language: Some("bangla".into()),
            isbn: Some("984-8-01234".into()),
        };
        let errors = form.parse(2026).expect_err("refused");
        let fields: Vec<_> = errors.keys().copied().collect();
        assert_eq!(
            fields,
            [
                "author",
                "condition",
                "description",
                "isbn",
                "language",
                "location",
                "originalPrice",
                "phone",
                "publishYear",
                "ratings",
                "resalePrice",
                "reviews",
                "sellerName",
                "title"
            ]
        );
        assert_eq!(errors["title"].message(), "this field is required");
        let reasons: Vec<_> = errors.iter().map(|(field, error)| (*field, error.reason())).collect();
        assert_eq!(
            reasons,
            [
                ("author", FieldReason::TooLong { limit: 120 }),
                ("condition", FieldReason::NotAChoice),
                ("description", FieldReason::TooLong { limit: 4000 }),
                ("isbn", FieldReason::InvalidIsbn),
                ("language", FieldReason::NotAChoice),
                ("location", FieldReason::Required),
                ("originalPrice", FieldReason::OutOfRange { min: 1, max: 500_000 }),
                ("phone", FieldReason::InvalidPhone),
                ("publishYear", FieldReason::OutOfRange { min: 1450, max: 2026 }),
                ("ratings", FieldReason::OutOfRange { min: 0, max: 5 }),
                ("resalePrice", FieldReason::OutOfRange { min: 1, max: 500_000 }),
                ("reviews", FieldReason::OutOfRange { min: 0, max: 2_147_483_647 }),
                ("sellerName", FieldReason::Required),
                ("title", FieldReason::Required),
            ]
        );
        // Each message is the one the rule always gave.
        assert_eq!(errors["author"].message(), "at most 120 characters are allowed, got 121");
        assert_eq!(errors["phone"].message(), "enter a Bangladesh mobile number, e.g. 01712-345678");
        assert_eq!(errors["originalPrice"].message(), "a price must be at least 1 taka, got 0");
        assert_eq!(errors["publishYear"].message(), "the publish year must be between 1450 and 2026");
    }

    #[test]
    fn a_missing_price_is_required_and_a_nul_character_is_an_invalid_character() {
        let form = ListingForm {
            title: "Lalsalu".into(),
            author: "Syed Waliullah".into(),
            description: Some("torn\0cover".into()),
            seller_name: "Rahim".into(),
            location: "Dhaka".into(),
            phone: "01715384926".into(),
            original_price: Some(500),
            resale_price: None,
            ..Default::default()
        };
        let errors = form.parse(2026).expect_err("refused");
        assert_eq!(errors["resalePrice"], FieldError::required());
        assert_eq!(errors["condition"], FieldError::required(), "every listing says how worn the copy is");
        assert_eq!(errors["description"].reason(), FieldReason::InvalidCharacter);
        assert_eq!(errors["description"].message(), "must not contain a NUL character");
    }

    #[test]
    fn a_good_listing_form_parses_into_typed_values() {
        let form = ListingForm {
            title: " Lalsalu ".into(),
            author: "Syed Waliullah".into(),
            description: None,
            publish_year: Some(2026),
            ratings: None,
            reviews: None,
            seller_name: "Rahim".into(),
            location: "Dhanmondi, Dhaka".into(),
            phone: "+880 1715-384926".into(),
            original_price: Some(500),
            resale_price: Some(250),
            condition: Some("very_good".into()),
            language: Some(" ".into()),
            isbn: Some("ISBN 0-306-40615-2".into()),
        };
        let listing = form.parse(2026).expect("valid");
        assert_eq!(listing.condition, Condition::VeryGood);
        assert_eq!(listing.language, None, "a blank language is none");
        assert_eq!(listing.isbn.as_ref().map(Isbn::as_str), Some("9780306406157"), "kept as its ISBN-13");
        assert_eq!(listing.title.as_str(), "Lalsalu");
        assert_eq!(listing.phone.e164(), "+8801715384926");
        assert_eq!(listing.publish_year.map(PublishYear::value), Some(2026));
        assert_eq!((listing.ratings.value(), listing.reviews.count()), (0.0, 0));
        assert!(PublishYear::new(2027, 2026).is_err(), "not a year from the future");
    }

    #[test]
    fn an_edit_changes_only_what_it_names_and_keeps_the_listing_rules() {
        let edit = ListingEditForm { resale_price: Some(180), phone: Some("+8801819462073".into()), ..Default::default() }.parse();
        let edit = edit.expect("valid");
        assert_eq!(edit.resale_price.map(Taka::amount), Some(180));
        assert_eq!(edit.phone.map(|p| p.display()), Some("01819-462073".to_owned()));
        assert_eq!((edit.original_price, edit.description, edit.location), (None, None, None));
        assert_eq!((edit.condition, edit.language, edit.isbn), (None, None, None), "the copy's details stay as they are");

        let regraded = ListingEditForm {
            condition: Some("acceptable".into()),
            language: Some(String::new()),
            isbn: Some("  ".into()),
            ..Default::default()
        }
        .parse()
        .expect("valid");
        assert_eq!(regraded.condition, Some(Condition::Acceptable));
        assert_eq!((regraded.language, regraded.isbn), (Some(None), Some(None)), "blank takes the language and the ISBN away");

        let errors = ListingEditForm {
            original_price: Some(0),
            resale_price: Some(500_001),
            description: Some("d".repeat(4001)),
            location: Some("  ".into()),
            phone: Some("123".into()),
            condition: Some("new".into()),
            language: Some("fr".into()),
            isbn: Some("9780306406158".into()),
        }
        .parse()
        .expect_err("refused");
        assert_eq!(
            errors.keys().copied().collect::<Vec<_>>(),
            ["condition", "description", "isbn", "language", "location", "originalPrice", "phone", "resalePrice"]
        );
        assert_eq!(errors["isbn"].reason(), FieldReason::IsbnCheckDigit);
        assert_eq!(errors["location"].reason(), FieldReason::Required);
        assert_eq!(errors["phone"].reason(), FieldReason::InvalidPhone);
        assert_eq!(errors["resalePrice"].reason(), FieldReason::OutOfRange { min: 1, max: 500_000 });
    }

    #[test]
    fn only_available_books_are_for_sale() {
        assert!(BookStatus::Available.is_for_sale());
        assert!(!BookStatus::Pending.is_for_sale());
        assert!(!BookStatus::Sold.is_for_sale());
        assert!(!BookStatus::Withdrawn.is_for_sale());
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

    fn book_move() -> impl Strategy<Value = BookMove> {
        prop::sample::select(BookMove::ALL.to_vec())
    }

    proptest! {
        /// Any two statuses: the move between them is legal exactly when the table has a move joining them, and the
        /// error names the pair otherwise.
        #[test]
        fn a_pair_of_statuses_is_a_legal_move_exactly_when_the_table_has_it(from in status(), to in status()) {
            let in_table = BookMove::ALL.iter().any(|m| m.from().contains(&from) && m.to() == to);
            match from.move_to(to) {
                Ok(reached) => {
                    prop_assert!(in_table, "{} -> {} is not in the table", from, to);
                    prop_assert_eq!(reached, to);
                }
                Err(e) => {
                    prop_assert!(!in_table, "{} -> {} is in the table", from, to);
                    prop_assert_eq!(e, IllegalStatusChange { from, to });
                }
            }
        }

        /// Any named move from any status: it succeeds exactly from the statuses its row lists.
        #[test]
        fn a_named_move_succeeds_exactly_from_its_own_statuses(from in status(), m in book_move()) {
            let named = match m {
                BookMove::Reserve => from.reserve(),
                BookMove::Sell => from.sell(),
                BookMove::SellPaidLate => from.sell_paid_late(),
                BookMove::Release => from.release(),
                BookMove::Withdraw => from.withdraw(),
                BookMove::WithdrawWithSeller => from.withdraw_with_seller(),
                BookMove::Hide => from.hide(),
                BookMove::Restore => from.restore(),
            };
            prop_assert_eq!(named, m.apply(from));
            prop_assert_eq!(named.is_ok(), m.from().contains(&from));
        }

        /// Whatever sequence of moves is attempted from a new listing: sold and withdrawn are final, and a book
        /// reaches sold only from pending (its buyer paid) or from available (a late payment while still for sale).
        #[test]
        fn sold_and_withdrawn_are_final_and_sold_comes_from_a_payment(moves in prop::collection::vec(status(), 0..20)) {
            let mut current = BookStatus::LISTED;
            for to in moves {
                match current.move_to(to) {
                    Ok(next) => {
                        prop_assert_ne!(current, BookStatus::Sold, "nothing leaves sold");
                        prop_assert_ne!(current, BookStatus::Withdrawn, "nothing leaves withdrawn");
                        if next == BookStatus::Sold {
                            prop_assert!(matches!(current, BookStatus::Pending | BookStatus::Available));
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
