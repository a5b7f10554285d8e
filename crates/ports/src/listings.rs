//! A seller's own listings and what the owner may do with them. Every method takes the seller: a book of
//! another seller is, to these methods, a book that does not exist.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{
    AccountId, BookDetail, BookId, BookStatus, ListingEdit, Location, OrderId, OrderStatus, Page, PageRequest, PaymentMethod, Phone,
};

use crate::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum ListingChangeError {
    /// No book of this seller has this id (someone else's book included, so ids cannot be probed).
    #[error("no such book")]
    NotFound,
    /// The book is held by a buyer, sold or withdrawn: only an available listing can change.
    #[error("the book is {0}, not available")]
    Unavailable(BookStatus),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Who holds (pending) or bought (paid) a seller's book: what the seller needs to meet them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderBuyer {
    /// The order, for the seller to hand the book over against it.
    pub order_id: OrderId,
    pub name: String,
    pub phone: Phone,
    pub location: Location,
    pub status: OrderStatus,
    /// How the buyer means to pay (or paid).
    pub payment_method: PaymentMethod,
    pub placed_at: DateTime<Utc>,
    /// When a card began holding the price, if one does.
    pub held_at: Option<DateTime<Utc>>,
}

/// A listing as its seller sees it, with its buyer once someone ordered it.
#[derive(Debug, Clone, PartialEq)]
pub struct SellerListing {
    pub book: BookDetail,
    pub buyer: Option<OrderBuyer>,
}

#[async_trait]
pub trait SellerListings: Send + Sync {
    /// The seller's listings (available, pending and sold; withdrawn ones are gone), newest first, each with the
    /// buyer of its live order.
    async fn seller_books(&self, seller: AccountId, page: PageRequest) -> Result<Page<SellerListing>, StoreError>;

    /// Advertises or stops advertising the seller's available book, in one conditional statement.
    /// Errors: `NotFound`, `Unavailable`.
    async fn set_advertised(&self, seller: AccountId, book: BookId, advertised: bool) -> Result<BookDetail, ListingChangeError>;

    /// Withdraws the seller's available book (a deleted listing), in one conditional statement: a book a buyer
    /// holds or bought can never be withdrawn. Errors: `NotFound`, `Unavailable`.
    async fn withdraw(&self, seller: AccountId, book: BookId) -> Result<(), ListingChangeError>;

    /// Changes the fields an edit names on the seller's available book, in one conditional statement.
    /// Errors: `NotFound`, `Unavailable`.
    async fn edit(&self, seller: AccountId, book: BookId, edit: &ListingEdit) -> Result<BookDetail, ListingChangeError>;
}
