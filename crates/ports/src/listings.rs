//! A seller's own listings and what the owner may do with them. Every method takes the seller: a book of
//! another seller is, to these methods, a book that does not exist.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{
    AccountId, BookDetail, BookId, BookStatus, ListingEdit, Location, OrderId, OrderStatus, Page, PageRequest, PaymentMethod, Phone,
    ReportReason,
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

/// Why a change to a listing's photos was not made.
#[derive(Debug, thiserror::Error)]
pub enum PhotoChangeError {
    /// No book of this seller has this id.
    #[error("no such book")]
    NotFound,
    /// Only an available listing's photos change.
    #[error("the book is {0}, not available")]
    Unavailable(BookStatus),
    /// The listing has [`puronoboi_domain::MAX_PHOTOS`] photos already.
    #[error("the listing has as many photos as a listing may")]
    Full,
    /// A listing keeps at least one photo (its cover).
    #[error("the listing's only photo cannot be removed")]
    LastPhoto,
    /// No photo is at this position.
    #[error("the listing has no photo at this position")]
    NoSuchPhoto,
    /// A new order must name each of the listing's photos exactly once (it changed since the seller looked, or the
    /// order is wrong).
    #[error("the order does not name each of the listing's photos once")]
    NotTheSamePhotos,
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
    /// Why a hidden listing is off the shop (the reports' or the admin's reason).
    pub hidden_reason: Option<ReportReason>,
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

    /// Adds a photo after the others on the seller's available book, in one conditional statement (so two tabs
    /// adding at once stop at the limit). Errors: `NotFound`, `Unavailable`, `Full`.
    async fn add_photo(&self, seller: AccountId, book: BookId, url: &str) -> Result<BookDetail, PhotoChangeError>;

    /// Removes the photo at `position` (0 is the cover; the next photo becomes the cover) from the seller's available
    /// book, in one conditional statement, and answers the removed photo's address. Errors: `NotFound`,
    /// `Unavailable`, `LastPhoto`, `NoSuchPhoto`.
    async fn remove_photo(&self, seller: AccountId, book: BookId, position: usize) -> Result<(BookDetail, String), PhotoChangeError>;

    /// Puts the seller's available book's photos in `order` (their addresses, the cover first), in one conditional
    /// statement that holds only while `order` names each current photo once. Errors: `NotFound`, `Unavailable`,
    /// `NotTheSamePhotos`.
    async fn order_photos(&self, seller: AccountId, book: BookId, order: &[String]) -> Result<BookDetail, PhotoChangeError>;
}
