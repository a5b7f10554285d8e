//! Buyers' wish lists on PostgreSQL: entries point at books, which are read as they are now.

use anyhow::Context as _;
use async_trait::async_trait;
use diesel::prelude::*;
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use puronoboi_domain::{AccountId, BookId, BookStatus};
use puronoboi_ports::{AddWishError, StoreError, WishListItem, WishListStore};

use crate::PgStore;
use crate::queries;
use crate::rows::WishListRow;
use crate::schema::{accounts, books, wish_list_items};

#[derive(Debug, thiserror::Error)]
enum Step {
    #[error("no such book")]
    BookNotFound,
    #[error("the wish list is full")]
    Full,
    #[error(transparent)]
    Db(#[from] diesel::result::Error),
}

async fn item(
    conn: &mut diesel_async::AsyncPgConnection,
    buyer: AccountId,
    book: BookId,
) -> Result<Option<WishListRow>, diesel::result::Error> {
    wish_list_items::table
        .inner_join(books::table)
        .filter(wish_list_items::buyer_id.eq(buyer.as_uuid()).and(wish_list_items::book_id.eq(book.as_uuid())))
        .select(WishListRow::as_select())
        .get_result(conn)
        .await
        .optional()
}

#[async_trait]
impl WishListStore for PgStore {
    async fn add_to_wish_list(&self, buyer: AccountId, book: BookId, limit: i64) -> Result<(WishListItem, bool), AddWishError> {
        let mut conn = self.conn().await?;
        let outcome = conn
            .transaction(async |conn| {
                if let Some(existing) = item(conn, buyer, book).await? {
                    return Ok((existing, false));
                }
                let status: Option<String> = books::table.find(book.as_uuid()).select(books::status).get_result(conn).await.optional()?;
                if status.is_none() || status.as_deref() == Some(BookStatus::Withdrawn.as_str()) {
                    return Err(Step::BookNotFound);
                }
                // The account lock puts one buyer's concurrent additions in a line, so the limit holds.
                accounts::table.find(buyer.as_uuid()).select(accounts::id).for_update().execute(conn).await?;
                let held: i64 =
                    wish_list_items::table.filter(wish_list_items::buyer_id.eq(buyer.as_uuid())).count().get_result(conn).await?;
                if held >= limit {
                    return Err(Step::Full);
                }
                let added = diesel::insert_into(wish_list_items::table)
                    .values((wish_list_items::buyer_id.eq(buyer.as_uuid()), wish_list_items::book_id.eq(book.as_uuid())))
                    .on_conflict_do_nothing()
                    .execute(conn)
                    .await?;
                let row = item(conn, buyer, book).await?.ok_or(diesel::result::Error::NotFound)?;
                Ok((row, added == 1))
            })
            .await;
        match outcome {
            Ok((row, added)) => Ok((row.try_into()?, added)),
            Err(Step::BookNotFound) => Err(AddWishError::BookNotFound),
            Err(Step::Full) => Err(AddWishError::Full),
            Err(Step::Db(e)) => Err(AddWishError::Unknown(anyhow::Error::new(e).context("adding to a wish list"))),
        }
    }

    async fn wish_list(&self, buyer: AccountId, limit: i64) -> Result<Vec<WishListItem>, StoreError> {
        let mut conn = self.conn().await?;
        let rows: Vec<WishListRow> = queries::wish_list(buyer.as_uuid(), limit).load(&mut conn).await.context("reading a wish list")?;
        Ok(rows.into_iter().map(TryInto::try_into).collect::<anyhow::Result<_>>()?)
    }

    async fn remove_from_wish_list(&self, buyer: AccountId, book: BookId) -> Result<bool, StoreError> {
        let mut conn = self.conn().await?;
        let removed = diesel::delete(wish_list_items::table.find((buyer.as_uuid(), book.as_uuid())))
            .execute(&mut conn)
            .await
            .context("removing from a wish list")?;
        Ok(removed == 1)
    }
}
