//! A seller's own listings, and the admin's tables of accounts.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{BookStatusDto, BuyerContactDto, CategoryDto};

/// One page of a list: every paged list added since sellers and admins arrived answers this shape.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PageDto<T: TS> {
    pub items: Vec<T>,
    pub page: u32,
    pub per_page: u32,
    /// Items in the whole list.
    #[ts(type = "number")]
    pub total: i64,
}

/// A listing as its seller sees it in My Products (every status but withdrawn), and what `POST /api/books`,
/// `PATCH /api/books/{id}` and the advertise calls answer.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SellerBookDto {
    pub id: Uuid,
    pub title: String,
    pub author: String,
    pub category: CategoryDto,
    pub picture: String,
    pub description: String,
    pub publish_year: Option<i32>,
    pub ratings: f64,
    pub reviews: i32,
    /// The name shown as the seller on this listing.
    pub seller_name: String,
    pub location: String,
    /// 01XXX-XXXXXX.
    pub phone: String,
    pub original_price: i32,
    pub resale_price: i32,
    pub status: BookStatusDto,
    pub advertised: bool,
    /// RFC 3339.
    pub created_at: String,
    /// The buyer holding (pending) or who bought (sold) the book, so that seller and buyer can meet.
    pub buyer: Option<BuyerContactDto>,
}

/// `PATCH /api/books/{id}`: what the owner may change on an available listing. Absent fields stay as they are.
#[derive(Debug, Clone, Default, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export, optional_fields)]
pub struct EditListingDto {
    /// Whole taka.
    #[ts(type = "number", optional)]
    pub original_price: Option<i64>,
    /// Whole taka.
    #[ts(type = "number", optional)]
    pub resale_price: Option<i64>,
    pub description: Option<String>,
    pub location: Option<String>,
    pub phone: Option<String>,
}

/// A row of the admin's seller table.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminSellerDto {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    /// Whether the holder proved they own `email` (a verified password sign-in or Google). An unproven address may
    /// belong to someone else: deleting such an account does not lock the address's owner out.
    pub email_proven: bool,
    pub verified: bool,
    /// RFC 3339.
    pub joined_at: String,
    /// Listings still on the shop or in a sale (available, pending or sold).
    #[ts(type = "number")]
    pub listings: i64,
}

/// A row of the admin's buyer table.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminBuyerDto {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    /// Whether the holder proved they own `email` (a verified password sign-in or Google). An unproven address may
    /// belong to someone else: deleting such an account does not lock the address's owner out.
    pub email_proven: bool,
    /// RFC 3339.
    pub joined_at: String,
    /// Orders placed (0 until ordering exists).
    #[ts(type = "number")]
    pub orders: i64,
}

impl From<puronoboi_domain::BookDetail> for SellerBookDto {
    fn from(d: puronoboi_domain::BookDetail) -> Self {
        let b = d.book;
        Self {
            id: b.id.as_uuid(),
            title: b.title.into_inner(),
            author: b.author.into_inner(),
            category: b.category.into(),
            picture: b.picture_url,
            description: b.description.as_str().to_owned(),
            publish_year: b.publish_year.map(|y| y.value()),
            ratings: b.ratings.value(),
            reviews: b.reviews.count(),
            seller_name: d.seller.name.into_inner(),
            location: d.seller.location.into_inner(),
            phone: d.seller.phone.display(),
            original_price: b.original_price.amount(),
            resale_price: b.resale_price.amount(),
            status: b.status.into(),
            advertised: b.advertised,
            created_at: b.created_at.to_rfc3339(),
            buyer: None,
        }
    }
}

impl From<puronoboi_ports::SellerListing> for SellerBookDto {
    fn from(l: puronoboi_ports::SellerListing) -> Self {
        Self { buyer: l.buyer.map(Into::into), ..l.book.into() }
    }
}

impl From<puronoboi_ports::AccountOverview> for AdminSellerDto {
    fn from(o: puronoboi_ports::AccountOverview) -> Self {
        let a = o.account;
        Self {
            id: a.id.as_uuid(),
            name: a.name,
            email: a.email.as_str().to_owned(),
            email_proven: a.email_verified,
            verified: a.verified,
            joined_at: a.created_at.to_rfc3339(),
            listings: o.activity,
        }
    }
}

impl From<puronoboi_ports::AccountOverview> for AdminBuyerDto {
    fn from(o: puronoboi_ports::AccountOverview) -> Self {
        let a = o.account;
        Self {
            id: a.id.as_uuid(),
            name: a.name,
            email: a.email.as_str().to_owned(),
            email_proven: a.email_verified,
            joined_at: a.created_at.to_rfc3339(),
            orders: o.activity,
        }
    }
}

impl<T: TS> PageDto<T> {
    /// A page of domain items, each turned into its DTO.
    pub fn from_page<D>(page: puronoboi_domain::Page<D>) -> Self
    where
        T: From<D>,
    {
        Self {
            items: page.items.into_iter().map(T::from).collect(),
            page: page.request.page(),
            per_page: page.request.per_page(),
            total: page.total,
        }
    }
}
