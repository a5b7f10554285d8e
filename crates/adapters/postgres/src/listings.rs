//! A seller's own listings on PostgreSQL. Each change is one statement conditional on the owner and on the book
//! being available, so a buyer's order and a seller's change can never both win.

use anyhow::Context as _;
use async_trait::async_trait;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use puronoboi_domain::{
    AccountId, BookDetail, BookId, BookLanguage, BookMove, BookStatus, Condition, ListingEdit, Location, OrderId, Page, PageRequest, Phone,
};
use puronoboi_ports::{CatalogueReader as _, ListingChangeError, OrderBuyer, PhotoChangeError, SellerListing, SellerListings, StoreError};
use uuid::Uuid;

use crate::PgStore;
use crate::queries;
use crate::rows::{BookRow, CategoryRow, status};
use crate::schema::books;
use crate::statement::statement;
use crate::status_writes::book_from;
use diesel::sql_types::{Array, Int4, Text, Uuid as SqlUuid};

/// The columns an edit may change; `None` leaves a column as it is.
#[derive(Debug, AsChangeset)]
#[diesel(table_name = books)]
struct ListingEditRow {
    original_price: Option<i32>,
    resale_price: Option<i32>,
    description: Option<String>,
    location: Option<String>,
    phone: Option<String>,
    condition: Option<&'static str>,
    /// `Some(None)` sets the column to NULL.
    language: Option<Option<&'static str>>,
    isbn: Option<Option<String>>,
}

impl From<&ListingEdit> for ListingEditRow {
    fn from(edit: &ListingEdit) -> Self {
        Self {
            original_price: edit.original_price.map(|t| t.amount()),
            resale_price: edit.resale_price.map(|t| t.amount()),
            description: edit.description.as_ref().map(|d| d.as_str().to_owned()),
            location: edit.location.as_ref().map(|l| l.as_str().to_owned()),
            phone: edit.phone.as_ref().map(|p| p.e164()),
            condition: edit.condition.map(Condition::as_str),
            language: edit.language.map(|l| l.map(BookLanguage::as_str)),
            isbn: edit.isbn.as_ref().map(|i| i.as_ref().map(|i| i.as_str().to_owned())),
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
            && self.condition.is_none()
            && self.language.is_none()
            && self.isbn.is_none()
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

    /// The book after a photo change, or why the change matched no row: no such book of the seller, not available,
    /// or else `otherwise` (the photos themselves refused it).
    async fn after_photo_change(
        &self,
        conn: &mut AsyncPgConnection,
        changed: bool,
        seller: AccountId,
        book: BookId,
        otherwise: PhotoChangeError,
    ) -> Result<BookDetail, PhotoChangeError> {
        if !changed {
            return Err(match why_unchanged(conn, seller.as_uuid(), book.as_uuid()).await? {
                ListingChangeError::Unavailable(BookStatus::Available) => otherwise,
                ListingChangeError::Unavailable(other) => PhotoChangeError::Unavailable(other),
                ListingChangeError::NotFound => PhotoChangeError::NotFound,
                ListingChangeError::Unknown(e) => PhotoChangeError::Unknown(e),
            });
        }
        self.book_detail(book).await?.ok_or(PhotoChangeError::NotFound)
    }
}

/// Adds `$3` after the other photos of seller `$2`'s available book `$1` while it has fewer than five.
const ADD_PHOTO_SQL: &str = "
UPDATE books SET more_photos = array_append(more_photos, $3)
WHERE id = $1 AND seller_id = $2 AND status = 'available' AND cardinality(more_photos) < 4";

/// Removes the photo at position `$3` (0 the cover, then the others in order) of seller `$2`'s available book `$1`
/// while it has another, and answers the removed photo's address. The row is read under its lock and changed in the
/// same statement, so the position counts the photos as they are at that moment.
const REMOVE_PHOTO_SQL: &str = "
WITH old AS (
    SELECT id, array_prepend(picture_url, more_photos) AS photos FROM books
    WHERE id = $1 AND seller_id = $2 AND status = 'available' AND cardinality(more_photos) >= 1
      AND $3 BETWEEN 0 AND cardinality(more_photos)
    FOR UPDATE
), kept AS (
    SELECT id, photos[$3 + 1] AS removed, photos[1:$3] || photos[$3 + 2:] AS photos FROM old
)
UPDATE books SET picture_url = kept.photos[1], more_photos = kept.photos[2:]
FROM kept WHERE books.id = kept.id
RETURNING kept.removed";

/// Puts the photos of seller `$2`'s available book `$1` in the order `$3`, while `$3` holds exactly its photos.
const ORDER_PHOTOS_SQL: &str = "
UPDATE books SET picture_url = $3[1], more_photos = $3[2:]
WHERE id = $1 AND seller_id = $2 AND status = 'available'
  AND (SELECT array_agg(p ORDER BY p) FROM unnest(array_prepend(picture_url, more_photos)) AS p)
    = (SELECT array_agg(p ORDER BY p) FROM unnest($3::text[]) AS p)";

#[derive(diesel::QueryableByName)]
struct RemovedPhoto {
    #[diesel(sql_type = diesel::sql_types::Text)]
    removed: String,
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
        let rows: Vec<(BookRow, CategoryRow, bool, Option<String>, Option<queries::OrderBuyerColumns>)> =
            queries::seller_books(seller.as_uuid(), i64::from(page.per_page()), offset)
                .load(&mut conn)
                .await
                .context("listing a seller's books")?;
        let items = rows
            .into_iter()
            .map(|(book, category, verified, hidden_reason, buyer)| {
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
                let hidden_reason = hidden_reason.map(|r| r.parse().context("a stored hidden reason")).transpose()?;
                Ok(SellerListing { book: book.into_detail(category, verified)?, buyer, hidden_reason })
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

    async fn add_photo(&self, seller: AccountId, book: BookId, url: &str) -> Result<BookDetail, PhotoChangeError> {
        let mut conn = self.conn().await?;
        let changed = statement(ADD_PHOTO_SQL)
            .bind::<SqlUuid, _>(book.as_uuid())
            .bind::<SqlUuid, _>(seller.as_uuid())
            .bind::<Text, _>(url)
            .execute(&mut conn)
            .await
            .context("adding a photo")?;
        self.after_photo_change(&mut conn, changed == 1, seller, book, PhotoChangeError::Full).await
    }

    async fn remove_photo(&self, seller: AccountId, book: BookId, position: usize) -> Result<(BookDetail, String), PhotoChangeError> {
        let Ok(position) = i32::try_from(position) else { return Err(PhotoChangeError::NoSuchPhoto) };
        let mut conn = self.conn().await?;
        let removed: Option<RemovedPhoto> = statement(REMOVE_PHOTO_SQL)
            .bind::<SqlUuid, _>(book.as_uuid())
            .bind::<SqlUuid, _>(seller.as_uuid())
            .bind::<Int4, _>(position)
            .get_result(&mut conn)
            .await
            .optional()
            .context("removing a photo")?;
        // Matched nothing with the book there and available: its only photo, or no photo at that position.
        let photos: Option<i32> = books::table
            .filter(books::id.eq(book.as_uuid()).and(books::seller_id.eq(seller.as_uuid())))
            .select(diesel::dsl::sql::<Int4>("cardinality(more_photos) + 1"))
            .get_result(&mut conn)
            .await
            .optional()
            .context("counting a listing's photos")?;
        let otherwise = if photos == Some(1) && position == 0 { PhotoChangeError::LastPhoto } else { PhotoChangeError::NoSuchPhoto };
        let detail = self.after_photo_change(&mut conn, removed.is_some(), seller, book, otherwise).await?;
        Ok((detail, removed.map(|r| r.removed).unwrap_or_default()))
    }

    async fn order_photos(&self, seller: AccountId, book: BookId, order: &[String]) -> Result<BookDetail, PhotoChangeError> {
        let mut conn = self.conn().await?;
        let changed = statement(ORDER_PHOTOS_SQL)
            .bind::<SqlUuid, _>(book.as_uuid())
            .bind::<SqlUuid, _>(seller.as_uuid())
            .bind::<Array<Text>, _>(order)
            .execute(&mut conn)
            .await
            .context("ordering photos")?;
        self.after_photo_change(&mut conn, changed == 1, seller, book, PhotoChangeError::NotTheSamePhotos).await
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
