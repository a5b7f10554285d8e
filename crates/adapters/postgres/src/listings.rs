//! A seller's own listings on PostgreSQL. Each change is one statement conditional on the owner and on the book
//! being available, so a buyer's order and a seller's change can never both win.

use anyhow::Context as _;
use async_trait::async_trait;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use puronoboi_domain::{AccountId, BookDetail, BookId, BookMove, BookStatus, ListingEdit, Location, OrderId, Page, PageRequest, Phone};
use puronoboi_ports::{CatalogueReader as _, ListingChangeError, OrderBuyer, SellerListing, SellerListings, StoreError};
use uuid::Uuid;

use crate::PgStore;
use crate::queries;
use crate::rows::{BookRow, CategoryRow, status};
use crate::schema::books;
use crate::status_writes::book_from;

/// The columns an edit may change; `None` leaves a column as it is.
#[derive(Debug, AsChangeset)]
#[diesel(table_name = books)]
struct ListingEditRow {
    original_price: Option<i32>,
    resale_price: Option<i32>,
    description: Option<String>,
    location: Option<String>,
    phone: Option<String>,
}

impl From<&ListingEdit> for ListingEditRow {
    fn from(edit: &ListingEdit) -> Self {
        Self {
            original_price: edit.original_price.map(|t| t.amount()),
            resale_price: edit.resale_price.map(|t| t.amount()),
            description: edit.description.as_ref().map(|d| d.as_str().to_owned()),
            location: edit.location.as_ref().map(|l| l.as_str().to_owned()),
            phone: edit.phone.as_ref().map(|p| p.e164()),
        }
    }
}

impl ListingEditRow {
    fn is_empty(&self) -> bool {
        self.original_price.is_none()
            && self.resale_price.is_none()
            && self.description.is_none()
            && self.location.is_none()
            && self.phone.is_none()
    }
}

/// Why a conditional change matched no row: the seller has no such book (a withdrawn one is gone too), or it is
/// not available.
async fn why_unchanged(conn: &mut AsyncPgConnection, seller: Uuid, book: Uuid) -> Result<ListingChangeError, StoreError> {
    let found: Option<String> = books::table
        .filter(books::id.eq(book).and(books::seller_id.eq(seller)))
        .select(books::status)
        .get_result(conn)
        .await
        .optional()
        .context("looking up a listing")?;
    Ok(match found.as_deref().map(status).transpose()? {
        None | Some(BookStatus::Withdrawn) => ListingChangeError::NotFound,
        Some(other) => ListingChangeError::Unavailable(other),
    })
}

impl PgStore {
    async fn seller_detail(&self, id: BookId) -> Result<BookDetail, ListingChangeError> {
        self.book_detail(id).await?.ok_or(ListingChangeError::NotFound)
    }
}

/// The seller's book, only while its seller may still withdraw it (while it is available): the condition every change
/// of a listing is made under.
type OwnersAvailable = diesel::dsl::Filter<
    books::table,
    diesel::dsl::And<
        diesel::dsl::And<diesel::dsl::Eq<books::id, Uuid>, diesel::dsl::Eq<books::seller_id, Uuid>>,
        diesel::dsl::EqAny<books::status, Vec<&'static str>>,
    >,
>;

fn owners_available(seller: Uuid, book: Uuid) -> OwnersAvailable {
    books::table.filter(books::id.eq(book).and(books::seller_id.eq(seller)).and(books::status.eq_any(book_from(BookMove::Withdraw))))
}

#[async_trait]
impl SellerListings for PgStore {
    async fn seller_books(&self, seller: AccountId, page: PageRequest) -> Result<Page<SellerListing>, StoreError> {
        let mut conn = self.conn().await?;
        let total: i64 = queries::seller_book_count(seller.as_uuid()).get_result(&mut conn).await.context("counting a seller's books")?;
        let offset = i64::try_from(page.offset()).context("page offset overflows")?;
        let rows: Vec<(BookRow, CategoryRow, bool, Option<queries::OrderBuyerColumns>)> =
            queries::seller_books(seller.as_uuid(), i64::from(page.per_page()), offset)
                .load(&mut conn)
                .await
                .context("listing a seller's books")?;
        let items = rows
            .into_iter()
            .map(|(book, category, verified, buyer)| {
                let buyer = buyer
                    .map(|(order_id, name, phone, location, status, method, placed_at, held_at)| {
                        anyhow::Ok(OrderBuyer {
                            order_id: OrderId::from_uuid(order_id),
                            name,
                            phone: Phone::parse(&phone).context("an order's stored phone")?,
                            location: Location::parse(&location).context("an order's stored location")?,
                            status: status.parse().context("an order's stored status")?,
                            payment_method: method.parse().context("an order's stored payment method")?,
                            placed_at,
                            held_at,
                        })
                    })
                    .transpose()?;
                Ok(SellerListing { book: book.into_detail(category, verified)?, buyer })
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Page { items, request: page, total })
    }

    async fn set_advertised(&self, seller: AccountId, book: BookId, advertised: bool) -> Result<BookDetail, ListingChangeError> {
        let mut conn = self.conn().await?;
        let changed = diesel::update(owners_available(seller.as_uuid(), book.as_uuid()))
            .set(books::advertised.eq(advertised))
            .execute(&mut conn)
            .await
            .context("advertising a listing")?;
        if changed == 0 {
            return Err(why_unchanged(&mut conn, seller.as_uuid(), book.as_uuid()).await?);
        }
        drop(conn);
        self.seller_detail(book).await
    }

    async fn withdraw(&self, seller: AccountId, book: BookId) -> Result<(), ListingChangeError> {
        let mut conn = self.conn().await?;
        let changed = diesel::update(owners_available(seller.as_uuid(), book.as_uuid()))
            .set((books::status.eq(BookMove::Withdraw.to().as_str()), books::advertised.eq(false)))
            .execute(&mut conn)
            .await
            .context("withdrawing a listing")?;
        if changed == 0 {
            return Err(why_unchanged(&mut conn, seller.as_uuid(), book.as_uuid()).await?);
        }
        Ok(())
    }

    async fn edit(&self, seller: AccountId, book: BookId, edit: &ListingEdit) -> Result<BookDetail, ListingChangeError> {
        let mut conn = self.conn().await?;
        let row = ListingEditRow::from(edit);
        let changed = if row.is_empty() {
            // Nothing to change: still only the owner's available book answers.
            owners_available(seller.as_uuid(), book.as_uuid()).count().get_result::<i64>(&mut conn).await.context("checking a listing")?
                as usize
        } else {
            diesel::update(owners_available(seller.as_uuid(), book.as_uuid()))
                .set(&row)
                .execute(&mut conn)
                .await
                .context("editing a listing")?
        };
        if changed == 0 {
            return Err(why_unchanged(&mut conn, seller.as_uuid(), book.as_uuid()).await?);
        }
        drop(conn);
        self.seller_detail(book).await
    }
}
