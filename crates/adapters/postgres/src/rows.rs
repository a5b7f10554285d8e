//! Row shapes as the database returns them, and their conversion to domain types. Private to this adapter.

use anyhow::Context as _;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Bool, Double, Int4, Text, Uuid as SqlUuid};
use puronoboi_domain::{
    Account, AccountId, Author, Book, BookCard, BookDetail, BookId, BookLanguage, BookStatus, BookTitle, Category, CategoryId, Closure,
    Condition, Description, Email, Isbn, Location, Order, OrderContact, OrderId, PersonName, Phone, PublishYear, Ratings, Reviews,
    SellerBlock, Taka,
};
use puronoboi_ports::WishListItem;
use uuid::Uuid;

use crate::schema::{accounts, books, categories, orders, wish_list_items};

/// The columns a card needs, selected from `books` joined to the seller's account.
#[derive(Debug, Queryable, Selectable, QueryableByName)]
#[diesel(table_name = books)]
#[diesel(check_for_backend(diesel::pg::Pg))]
pub(crate) struct CardRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub category_id: Uuid,
    #[diesel(sql_type = Text)]
    pub title: String,
    #[diesel(sql_type = Text)]
    pub author: String,
    #[diesel(sql_type = Text)]
    pub picture_url: String,
    #[diesel(sql_type = Double)]
    pub ratings: f64,
    #[diesel(sql_type = Int4)]
    pub reviews: i32,
    #[diesel(sql_type = Int4)]
    pub original_price: i32,
    #[diesel(sql_type = Int4)]
    pub resale_price: i32,
    #[diesel(sql_type = Text)]
    pub location: String,
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = Text)]
    pub condition: String,
}

/// A card row plus the seller's current verified flag and the category it was grouped under.
#[derive(Debug, QueryableByName)]
pub(crate) struct GroupedCardRow {
    #[diesel(embed)]
    pub card: CardRow,
    #[diesel(sql_type = Bool)]
    pub seller_verified: bool,
    #[diesel(sql_type = SqlUuid)]
    pub category_id: Uuid,
    #[diesel(sql_type = Text)]
    pub category_name: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub available_books: i64,
}

/// A card row plus the seller's current verified flag.
#[derive(Debug, QueryableByName)]
pub(crate) struct VerifiedCardRow {
    #[diesel(embed)]
    pub card: CardRow,
    #[diesel(sql_type = Bool)]
    pub seller_verified: bool,
}

/// A place in a category's newest-first order.
#[derive(Debug, QueryableByName)]
pub(crate) struct ShelfMarkRow {
    #[diesel(sql_type = diesel::sql_types::Timestamptz)]
    pub listed_at: chrono::DateTime<chrono::Utc>,
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
}

/// A category and its count of available books.
#[derive(Debug, QueryableByName)]
pub(crate) struct CategoryCountRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub available_books: i64,
}

/// A row of the admin's category table.
#[derive(Debug, QueryableByName)]
pub(crate) struct AdminCategoryRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = diesel::sql_types::Timestamptz)]
    pub created_at: chrono::DateTime<chrono::Utc>,
    #[diesel(sql_type = diesel::sql_types::Timestamptz)]
    pub last_used_at: chrono::DateTime<chrono::Utc>,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub books: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub available_books: i64,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = categories)]
#[diesel(check_for_backend(diesel::pg::Pg))]
pub(crate) struct CategoryRow {
    pub id: Uuid,
    pub name: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = books)]
#[diesel(check_for_backend(diesel::pg::Pg))]
pub(crate) struct BookRow {
    pub id: Uuid,
    pub seller_id: Uuid,
    pub title: String,
    pub author: String,
    pub description: String,
    pub picture_url: String,
    pub publish_year: Option<i32>,
    pub ratings: f64,
    pub reviews: i32,
    pub seller_name: String,
    pub location: String,
    pub phone: String,
    pub seller_email: String,
    pub original_price: i32,
    pub resale_price: i32,
    pub status: String,
    pub advertised: bool,
    pub created_at: DateTime<Utc>,
    pub condition: String,
    pub language: Option<String>,
    pub isbn: Option<String>,
    pub more_photos: Vec<String>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = books)]
pub(crate) struct NewBookRow<'a> {
    pub id: Uuid,
    pub seller_id: Uuid,
    pub category_id: Uuid,
    pub title: &'a str,
    pub author: &'a str,
    pub description: &'a str,
    pub picture_url: &'a str,
    pub publish_year: Option<i32>,
    pub ratings: f64,
    pub reviews: i32,
    pub seller_name: &'a str,
    pub location: &'a str,
    pub phone: &'a str,
    pub seller_email: &'a str,
    pub original_price: i32,
    pub resale_price: i32,
    pub status: &'a str,
    pub advertised: bool,
    /// The work (title and author) search finds the listing by.
    pub work_id: Option<i64>,
    pub condition: &'a str,
    pub language: Option<&'a str>,
    pub isbn: Option<&'a str>,
    pub more_photos: &'a [String],
}

#[derive(Debug, Insertable)]
#[diesel(table_name = accounts)]
pub(crate) struct NewAccountRow<'a> {
    pub id: Uuid,
    pub name: &'a str,
    pub email: &'a str,
    pub role: &'a str,
    pub verified: bool,
}

pub(crate) fn taka(amount: i32) -> anyhow::Result<Taka> {
    Taka::new(i64::from(amount)).context("a stored price is out of range")
}

/// A stored value that breaks a rule the domain enforces on the way in: the database was changed behind our back.
pub(crate) fn stored<T, E: std::error::Error + Send + Sync + 'static>(parsed: Result<T, E>, what: &str) -> anyhow::Result<T> {
    parsed.with_context(|| format!("a stored {what} breaks its rule"))
}

pub(crate) fn status(raw: &str) -> anyhow::Result<BookStatus> {
    raw.parse().context("a stored book status is unknown")
}

impl CardRow {
    pub fn into_card(self, seller_verified: bool) -> anyhow::Result<BookCard> {
        Ok(BookCard {
            id: BookId::from_uuid(self.id),
            category_id: CategoryId::from_uuid(self.category_id),
            title: stored(BookTitle::parse(&self.title), "title")?,
            author: stored(Author::parse(&self.author), "author")?,
            picture_url: self.picture_url,
            ratings: stored(Ratings::new(self.ratings), "ratings")?,
            reviews: stored(Reviews::new(i64::from(self.reviews)), "reviews")?,
            original_price: taka(self.original_price)?,
            resale_price: taka(self.resale_price)?,
            location: stored(Location::parse(&self.location), "location")?,
            seller_verified,
            status: status(&self.status)?,
            condition: condition(&self.condition)?,
        })
    }
}

pub(crate) fn condition(raw: &str) -> anyhow::Result<Condition> {
    stored(raw.parse(), "condition")
}

impl From<CategoryRow> for Category {
    fn from(row: CategoryRow) -> Self {
        Self { id: CategoryId::from_uuid(row.id), name: row.name }
    }
}

impl BookRow {
    pub fn into_detail(self, category: CategoryRow, seller_verified: bool) -> anyhow::Result<BookDetail> {
        let seller = SellerBlock {
            name: stored(PersonName::parse(&self.seller_name), "seller name")?,
            phone: stored(Phone::parse(&self.phone), "phone")?,
            email: stored(Email::parse(&self.seller_email), "seller e-mail")?,
            location: stored(Location::parse(&self.location), "location")?,
            verified: seller_verified,
        };
        let book = Book {
            id: BookId::from_uuid(self.id),
            seller_id: AccountId::from_uuid(self.seller_id),
            title: stored(BookTitle::parse(&self.title), "title")?,
            author: stored(Author::parse(&self.author), "author")?,
            category: category.into(),
            description: stored(Description::parse(&self.description), "description")?,
            photos: std::iter::once(self.picture_url.clone()).chain(self.more_photos).collect(),
            picture_url: self.picture_url,
            publish_year: self.publish_year.map(PublishYear::stored),
            ratings: stored(Ratings::new(self.ratings), "ratings")?,
            reviews: stored(Reviews::new(i64::from(self.reviews)), "reviews")?,
            original_price: taka(self.original_price)?,
            resale_price: taka(self.resale_price)?,
            status: status(&self.status)?,
            advertised: self.advertised,
            created_at: self.created_at,
            condition: condition(&self.condition)?,
            language: self.language.as_deref().map(|l| stored(l.parse::<BookLanguage>(), "language")).transpose()?,
            isbn: self
                .isbn
                .as_deref()
                .map(|i| Isbn::stored(i).with_context(|| format!("a stored ISBN {i:?} breaks its rule")))
                .transpose()?,
        };
        Ok(BookDetail { book, seller })
    }
}

#[derive(Debug, Queryable, Selectable, QueryableByName)]
#[diesel(table_name = accounts)]
#[diesel(check_for_backend(diesel::pg::Pg))]
pub(crate) struct AccountRow {
    pub id: Uuid,
    pub firebase_uid: Option<String>,
    pub name: String,
    pub email: String,
    pub email_verified: bool,
    pub role: String,
    pub verified: bool,
    pub photo_url: Option<String>,
    pub session_generation: i64,
    pub created_at: DateTime<Utc>,
    pub deleted_at: Option<DateTime<Utc>>,
    pub closed_reason: Option<String>,
    pub sessions_ended_at: Option<DateTime<Utc>>,
    pub language: Option<String>,
}

impl TryFrom<AccountRow> for Account {
    type Error = anyhow::Error;

    fn try_from(row: AccountRow) -> anyhow::Result<Self> {
        let closed = match (row.deleted_at, row.closed_reason) {
            (Some(at), Some(reason)) => Some(Closure { at, reason: reason.parse().context("a stored closure reason is unknown")? }),
            (None, None) => None,
            _ => anyhow::bail!("account {} has a closure time without a reason, or the reverse", row.id),
        };
        Ok(Self {
            id: AccountId::from_uuid(row.id),
            firebase_uid: row.firebase_uid,
            name: row.name,
            email: stored(Email::parse(&row.email), "account e-mail")?,
            email_verified: row.email_verified,
            role: row.role.parse().context("a stored account role is unknown")?,
            verified: row.verified,
            photo_url: row.photo_url,
            session_generation: row.session_generation,
            sessions_ended_at: row.sessions_ended_at,
            created_at: row.created_at,
            closed,
            language: row.language.map(|l| l.parse()).transpose().context("a stored language is unknown")?,
        })
    }
}

/// An order as stored.
#[derive(Debug, Clone, Queryable, Selectable, QueryableByName)]
#[diesel(table_name = orders)]
#[diesel(check_for_backend(diesel::pg::Pg))]
pub(crate) struct OrderRow {
    pub id: Uuid,
    pub book_id: Uuid,
    pub buyer_id: Uuid,
    pub title: String,
    pub author: String,
    pub picture_url: String,
    pub price: i32,
    pub buyer_name: String,
    pub buyer_email: String,
    pub phone: String,
    pub location: String,
    pub status: String,
    pub cancel_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub payment_id: Option<String>,
    pub paid_at: Option<DateTime<Utc>>,
    pub transaction_id: Option<String>,
    pub refund_id: Option<String>,
    pub payment_method: String,
    pub completed_at: Option<DateTime<Utc>>,
    pub handover_wrong_codes: i32,
    pub handover_locked_until: Option<DateTime<Utc>>,
    pub held_at: Option<DateTime<Utc>>,
    pub capture_claimed_at: Option<DateTime<Utc>>,
    pub hold_released_at: Option<DateTime<Utc>>,
}

impl TryFrom<OrderRow> for Order {
    type Error = anyhow::Error;

    fn try_from(row: OrderRow) -> Result<Self, Self::Error> {
        Ok(Self {
            id: OrderId::from_uuid(row.id),
            book_id: BookId::from_uuid(row.book_id),
            buyer_id: AccountId::from_uuid(row.buyer_id),
            title: row.title,
            author: row.author,
            picture_url: row.picture_url,
            price: Taka::new(i64::from(row.price)).context("an order's stored price")?,
            status: row.status.parse().context("an order's stored status")?,
            buyer_name: row.buyer_name,
            buyer_email: row.buyer_email,
            contact: OrderContact {
                phone: Phone::parse(&row.phone).context("an order's stored phone")?,
                location: Location::parse(&row.location).context("an order's stored location")?,
            },
            created_at: row.created_at,
            paid_at: row.paid_at,
            payment_id: row.payment_id,
            transaction_id: row.transaction_id,
            cancel_reason: row.cancel_reason.map(|r| r.parse()).transpose().context("an order's stored cancel reason")?,
            refunded: row.refund_id.is_some(),
            payment_method: row.payment_method.parse().context("an order's stored payment method")?,
            completed_at: row.completed_at,
            held_at: row.held_at,
            hold_released: row.hold_released_at.is_some(),
        })
    }
}

/// A wish-list entry joined to its book.
#[derive(Debug, Queryable, Selectable)]
#[diesel(check_for_backend(diesel::pg::Pg))]
pub(crate) struct WishListRow {
    #[diesel(select_expression = books::id)]
    pub book_id: Uuid,
    #[diesel(select_expression = books::title)]
    pub title: String,
    #[diesel(select_expression = books::author)]
    pub author: String,
    #[diesel(select_expression = books::picture_url)]
    pub picture_url: String,
    #[diesel(select_expression = books::resale_price)]
    pub price: i32,
    #[diesel(select_expression = books::status)]
    pub status: String,
    #[diesel(select_expression = wish_list_items::added_at)]
    pub added_at: DateTime<Utc>,
}

impl TryFrom<WishListRow> for WishListItem {
    type Error = anyhow::Error;

    fn try_from(row: WishListRow) -> Result<Self, Self::Error> {
        Ok(Self {
            book_id: BookId::from_uuid(row.book_id),
            title: row.title,
            author: row.author,
            picture_url: row.picture_url,
            price: Taka::new(i64::from(row.price)).context("a book's stored price")?,
            status: row.status.parse().context("a book's stored status")?,
            added_at: row.added_at,
        })
    }
}
