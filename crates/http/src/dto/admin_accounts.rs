//! What the admin sees on opening a row of the seller or buyer table: the account, then its listings or its orders.

use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{AdminBuyerDto, AdminSellerDto, BookStatusDto, CategoryDto, OrderStatusDto, PageDto, PaymentMethodDto};

/// One of a seller's listings in the admin's view: every status, withdrawn ones included.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminBookDto {
    pub id: Uuid,
    pub title: String,
    pub author: String,
    pub category: CategoryDto,
    pub picture: String,
    /// Whole taka.
    pub resale_price: i32,
    pub status: BookStatusDto,
    /// RFC 3339.
    pub listed_at: String,
}

/// `GET /api/admin/sellers/{id}/books`: the seller, then one page of every listing they made, newest first.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminSellerBooksDto {
    pub seller: AdminSellerDto,
    pub books: PageDto<AdminBookDto>,
}

/// One of a buyer's orders in the admin's view. The order's own id and the buyer's delivery details are left out:
/// the admin reviews what was bought and how it went, and acts on accounts, never on someone's order.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminOrderDto {
    pub book_id: Uuid,
    /// Copied from the book when the order was placed.
    pub title: String,
    pub author: String,
    /// Whole taka, copied from the book when the order was placed.
    pub price: i32,
    pub status: OrderStatusDto,
    pub payment_method: PaymentMethodDto,
    /// RFC 3339.
    pub placed_at: String,
}

/// `GET /api/admin/buyers/{id}/orders`: the buyer, then one page of every order they placed, newest first.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminBuyerOrdersDto {
    pub buyer: AdminBuyerDto,
    pub orders: PageDto<AdminOrderDto>,
}

impl From<puronoboi_domain::Book> for AdminBookDto {
    fn from(b: puronoboi_domain::Book) -> Self {
        Self {
            id: b.id.as_uuid(),
            title: b.title.into_inner(),
            author: b.author.into_inner(),
            category: b.category.into(),
            picture: b.picture_url,
            resale_price: b.resale_price.amount(),
            status: b.status.into(),
            listed_at: b.created_at.to_rfc3339(),
        }
    }
}

impl From<puronoboi_domain::Order> for AdminOrderDto {
    fn from(o: puronoboi_domain::Order) -> Self {
        Self {
            book_id: o.book_id.as_uuid(),
            title: o.title,
            author: o.author,
            price: o.price.amount(),
            status: o.status.into(),
            payment_method: o.payment_method.into(),
            placed_at: o.created_at.to_rfc3339(),
        }
    }
}

impl From<puronoboi_ports::SellerBooksForAdmin> for AdminSellerBooksDto {
    fn from(s: puronoboi_ports::SellerBooksForAdmin) -> Self {
        Self { seller: s.seller.into(), books: PageDto::from_page(s.books) }
    }
}

impl From<puronoboi_ports::BuyerOrdersForAdmin> for AdminBuyerOrdersDto {
    fn from(b: puronoboi_ports::BuyerOrdersForAdmin) -> Self {
        Self { buyer: b.buyer.into(), orders: PageDto::from_page(b.orders) }
    }
}
