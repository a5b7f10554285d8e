//! Orders on PostgreSQL. A book's status and its live order move together in one transaction, and
//! `orders_live_book_key` (one pending or paid order per book) backs the conditional updates up, so no timing of
//! buyers, tabs, payment notifications or server instances can sell a book twice.

use anyhow::Context as _;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::result::DatabaseErrorKind;
use diesel::sql_types::{BigInt, Text, Timestamptz};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl};
use puronoboi_domain::{
    Account, AccountId, BookId, BookStatus, CancelReason, Order, OrderContact, OrderId, OrderStatus, Page, PageRequest,
};
use puronoboi_ports::{OrderChangeError, OrderStore, PlaceOrderError, Placed, SettleError, Settlement, StoreError};
use uuid::Uuid;

use crate::PgStore;
use crate::errors::violated_constraint;
use crate::queries;
use crate::rows::OrderRow;
use crate::schema::{accounts, books, orders, payments};
use crate::statement::statement;

const PENDING: &str = "pending";
const PAID: &str = "paid";

fn into_order(row: OrderRow) -> Result<Order, anyhow::Error> {
    row.try_into()
}

async fn order_row(conn: &mut AsyncPgConnection, id: Uuid) -> Result<Option<OrderRow>, diesel::result::Error> {
    orders::table.find(id).select(OrderRow::as_select()).get_result(conn).await.optional()
}

/// Places an order in one round trip: the database function `place_order` (last defined in
/// migrations/2026-11-24-000010_place_order_in_fewer_statements) locks the buyer's account, then in one conditional
/// statement reserves the book and writes the order (copying its title, author, picture and price) if the buyer is
/// under the pending limit and does not hold this book already. It answers the new order, or the pending one the buyer
/// already has for the book, and raises its refusals as errors with the messages `refusal` reads.
/// Binds: book id, new order id, buyer id, phone, meeting place, pending limit.
const PLACE_ORDER_SQL: &str = "SELECT * FROM place_order($1, $2, $3, $4, $5, $6)";

/// What `place_order` raises, by message.
fn refusal(error: &diesel::result::Error) -> Option<PlaceOrderError> {
    let diesel::result::Error::DatabaseError(_, info) = error else { return None };
    match info.message() {
        "place_order: buyer_closed" => Some(PlaceOrderError::BuyerClosed),
        "place_order: too_many_pending" => Some(PlaceOrderError::TooManyPending),
        "place_order: book_not_found" => Some(PlaceOrderError::BookNotFound),
        "place_order: book_unavailable" => Some(PlaceOrderError::BookUnavailable),
        _ => None,
    }
}

#[async_trait]
impl OrderStore for PgStore {
    async fn place_order(
        &self,
        buyer: &Account,
        book: BookId,
        contact: &OrderContact,
        max_pending: i64,
    ) -> Result<Placed, PlaceOrderError> {
        let mut conn = self.conn().await?;
        let new_order = OrderId::new();
        let answered: Result<Vec<OrderRow>, _> = statement(PLACE_ORDER_SQL)
            .bind::<diesel::sql_types::Uuid, _>(book.as_uuid())
            .bind::<diesel::sql_types::Uuid, _>(new_order.as_uuid())
            .bind::<diesel::sql_types::Uuid, _>(buyer.id.as_uuid())
            .bind::<Text, _>(contact.phone.e164())
            .bind::<Text, _>(contact.location.as_str())
            .bind::<BigInt, _>(max_pending)
            .load(&mut conn)
            .await;
        match answered {
            Ok(rows) => {
                let row = rows.into_iter().next().context("place_order answered no order")?;
                let placed_now = row.id == new_order.as_uuid();
                let order = into_order(row)?;
                Ok(if placed_now { Placed::New(order) } else { Placed::Existing(order) })
            }
            Err(e) => Err(match refusal(&e) {
                Some(refused) => refused,
                // The unique index is the last line of defence behind the conditional update.
                None if violated_constraint(&e, DatabaseErrorKind::UniqueViolation) == Some("orders_live_book_key") => {
                    PlaceOrderError::BookUnavailable
                }
                None => PlaceOrderError::Unknown(anyhow::Error::new(e).context("placing an order")),
            }),
        }
    }

    async fn buyer_orders(&self, buyer: AccountId, page: PageRequest) -> Result<Page<Order>, StoreError> {
        let mut conn = self.conn().await?;
        let total: i64 = queries::buyer_order_count(buyer.as_uuid()).get_result(&mut conn).await.context("counting a buyer's orders")?;
        let offset = i64::try_from(page.offset()).context("page offset overflows")?;
        let rows: Vec<OrderRow> = queries::buyer_orders(buyer.as_uuid(), i64::from(page.per_page()), offset)
            .load(&mut conn)
            .await
            .context("listing a buyer's orders")?;
        let items = rows.into_iter().map(into_order).collect::<anyhow::Result<_>>()?;
        Ok(Page { items, request: page, total })
    }

    async fn buyer_order(&self, buyer: AccountId, id: OrderId) -> Result<Option<Order>, StoreError> {
        let mut conn = self.conn().await?;
        let row = orders::table
            .find(id.as_uuid())
            .filter(orders::buyer_id.eq(buyer.as_uuid()))
            .select(OrderRow::as_select())
            .get_result(&mut conn)
            .await
            .optional()
            .context("looking up an order")?;
        Ok(row.map(into_order).transpose()?)
    }

    async fn order(&self, id: OrderId) -> Result<Option<Order>, StoreError> {
        let mut conn = self.conn().await?;
        let row = order_row(&mut conn, id.as_uuid()).await.context("looking up an order")?;
        Ok(row.map(into_order).transpose()?)
    }

    async fn cancel_order(&self, buyer: AccountId, id: OrderId) -> Result<Order, OrderChangeError> {
        let mut conn = self.conn().await?;
        let cancelled = conn
            .transaction(async |conn| {
                let row: Option<OrderRow> = diesel::update(
                    orders::table.find(id.as_uuid()).filter(orders::buyer_id.eq(buyer.as_uuid())).filter(orders::status.eq(PENDING)),
                )
                .set((
                    orders::status.eq(OrderStatus::Cancelled.as_str()),
                    orders::cancel_reason.eq(CancelReason::ByBuyer.as_str()),
                    orders::closed_at.eq(diesel::dsl::now),
                ))
                .returning(OrderRow::as_returning())
                .get_result(conn)
                .await
                .optional()?;
                if let Some(row) = &row {
                    release_book(conn, row.book_id).await?;
                }
                Ok::<_, diesel::result::Error>(row)
            })
            .await
            .context("cancelling an order")?;
        match cancelled {
            Some(row) => Ok(into_order(row)?),
            None => match self.buyer_order(buyer, id).await? {
                None => Err(OrderChangeError::NotFound),
                Some(order) => Err(OrderChangeError::Closed(order.status)),
            },
        }
    }

    async fn expire_overdue(&self, placed_before: DateTime<Utc>, attempted_before: DateTime<Utc>, limit: i64) -> Result<u64, StoreError> {
        #[derive(QueryableByName)]
        struct Expired {
            #[diesel(sql_type = BigInt)]
            n: i64,
        }
        let mut conn = self.conn().await?;
        // One statement. SKIP LOCKED lets several server instances sweep at once without waiting on or redoing
        // each other's rows, and skips an order a payment is settling right now; `status = 'pending'` is
        // re-checked on every row it updates, so an order paid or cancelled meanwhile is left alone.
        let expired: Expired = statement(
            "WITH due AS (
                 SELECT id FROM orders
                 WHERE status = 'pending' AND created_at < $1
                   AND (payment_attempted_at IS NULL OR payment_attempted_at < $2)
                 ORDER BY created_at
                 LIMIT $3
                 FOR UPDATE SKIP LOCKED
             ),
             expired AS (
                 UPDATE orders SET status = 'expired', closed_at = now()
                 FROM due WHERE orders.id = due.id AND orders.status = 'pending'
                 RETURNING orders.book_id
             ),
             released AS (
                 UPDATE books SET status = 'available'
                 WHERE id IN (SELECT book_id FROM expired) AND status = 'pending'
                 RETURNING id
             )
             SELECT count(*) AS n FROM expired",
        )
        .bind::<Timestamptz, _>(placed_before)
        .bind::<Timestamptz, _>(attempted_before)
        .bind::<BigInt, _>(limit)
        .get_result(&mut conn)
        .await
        .context("expiring overdue orders")?;
        Ok(u64::try_from(expired.n).unwrap_or(0))
    }

    async fn attach_payment(&self, id: OrderId, payment_id: &str) -> Result<String, OrderChangeError> {
        let mut conn = self.conn().await?;
        diesel::update(orders::table.find(id.as_uuid()).filter(orders::payment_id.is_null()))
            .set(orders::payment_id.eq(payment_id))
            .execute(&mut conn)
            .await
            .context("remembering an order's payment")?;
        let kept: Option<Option<String>> = orders::table
            .find(id.as_uuid())
            .select(orders::payment_id)
            .get_result(&mut conn)
            .await
            .optional()
            .context("reading an order's payment")?;
        match kept {
            None => Err(OrderChangeError::NotFound),
            Some(kept) => kept.ok_or_else(|| OrderChangeError::Unknown(anyhow::anyhow!("the order's payment was not stored"))),
        }
    }

    async fn note_payment_attempt(&self, id: OrderId) -> Result<(), StoreError> {
        let mut conn = self.conn().await?;
        diesel::update(orders::table.find(id.as_uuid()).filter(orders::status.eq(PENDING)))
            .set(orders::payment_attempted_at.eq(diesel::dsl::now))
            .execute(&mut conn)
            .await
            .context("noting a payment attempt")?;
        Ok(())
    }

    async fn settle_payment(&self, id: OrderId, transaction_id: &str) -> Result<Settlement, SettleError> {
        #[derive(Debug, thiserror::Error)]
        enum SettleStep {
            #[error("no such order")]
            NotFound,
            #[error("paid by another payment")]
            PaidByAnother(Box<OrderRow>),
            #[error(transparent)]
            Db(#[from] diesel::result::Error),
        }
        /// What the transaction did to the order it locked.
        enum Done {
            Paid,
            AlreadyPaid,
            MustRefund,
        }
        let mut conn = self.conn().await?;
        let outcome = conn
            .transaction(async |conn| {
                // The row lock puts every settlement of this order (the browser's, the webhook's, retries) and
                // the expiry sweep in a line: exactly one of them moves it.
                let row: OrderRow = orders::table
                    .find(id.as_uuid())
                    .select(OrderRow::as_select())
                    .for_update()
                    .get_result(conn)
                    .await
                    .optional()?
                    .ok_or(SettleStep::NotFound)?;
                match row.status.as_str() {
                    PAID if row.transaction_id.as_deref() == Some(transaction_id) => return Ok((row, Done::AlreadyPaid)),
                    PAID => return Err(SettleStep::PaidByAnother(Box::new(row))),
                    PENDING => {
                        // A pending order holds its book, so the book is pending: sell it.
                        diesel::update(books::table.find(row.book_id).filter(books::status.eq(BookStatus::Pending.as_str())))
                            .set(books::status.eq(BookStatus::Sold.as_str()))
                            .execute(conn)
                            .await?;
                    }
                    _ => {
                        // Closed meanwhile: paid after all only if the book is still for sale and the buyer's
                        // account is open; otherwise the caller refunds.
                        let buyer_open: bool =
                            diesel::select(diesel::dsl::exists(accounts::table.find(row.buyer_id).filter(accounts::deleted_at.is_null())))
                                .get_result(conn)
                                .await?;
                        let taken = if buyer_open {
                            diesel::update(books::table.find(row.book_id).filter(books::status.eq(BookStatus::Available.as_str())))
                                .set(books::status.eq(BookStatus::Sold.as_str()))
                                .execute(conn)
                                .await?
                        } else {
                            0
                        };
                        if taken == 0 {
                            return Ok((row, Done::MustRefund));
                        }
                    }
                }
                let paid: OrderRow = diesel::update(orders::table.find(row.id))
                    .set((
                        orders::status.eq(PAID),
                        orders::cancel_reason.eq(None::<String>),
                        orders::paid_at.eq(diesel::dsl::now),
                        orders::transaction_id.eq(transaction_id),
                    ))
                    .returning(OrderRow::as_returning())
                    .get_result(conn)
                    .await?;
                diesel::insert_into(payments::table)
                    .values((
                        payments::order_id.eq(paid.id),
                        payments::transaction_id.eq(transaction_id),
                        payments::amount.eq(paid.price),
                        payments::buyer_id.eq(paid.buyer_id),
                        payments::book_id.eq(paid.book_id),
                    ))
                    .execute(conn)
                    .await?;
                Ok((paid, Done::Paid))
            })
            .await;
        match outcome {
            Ok((row, Done::Paid)) => Ok(Settlement::Paid(into_order(row)?)),
            Ok((row, Done::AlreadyPaid)) => Ok(Settlement::AlreadyPaid(into_order(row)?)),
            Ok((row, Done::MustRefund)) => Ok(Settlement::MustRefund(into_order(row)?)),
            Err(SettleStep::NotFound) => Err(SettleError::NotFound),
            Err(SettleStep::PaidByAnother(row)) => Err(SettleError::PaidByAnother(Box::new(into_order(*row)?))),
            Err(SettleStep::Db(e)) => Err(SettleError::Unknown(anyhow::Error::new(e).context("settling a payment"))),
        }
    }

    async fn record_refund(&self, id: OrderId, refund_id: &str) -> Result<(), StoreError> {
        let mut conn = self.conn().await?;
        diesel::update(orders::table.find(id.as_uuid()).filter(orders::refund_id.is_null()))
            .set(orders::refund_id.eq(refund_id))
            .execute(&mut conn)
            .await
            .context("recording a refund")?;
        Ok(())
    }
}

/// Puts a book an order held back on sale.
async fn release_book(conn: &mut AsyncPgConnection, book: Uuid) -> Result<usize, diesel::result::Error> {
    diesel::update(books::table.find(book).filter(books::status.eq(BookStatus::Pending.as_str())))
        .set(books::status.eq(BookStatus::Available.as_str()))
        .execute(conn)
        .await
}

/// Settles the orders of an account being closed, inside the closing transaction: the buyer's pending orders are
/// cancelled and their books go back on sale; pending orders on the seller's books are cancelled and those books
/// leave the shop with the seller. Paid orders stay: they are history both sides keep.
pub(crate) async fn settle_orders_of_closed_account(conn: &mut AsyncPgConnection, account: AccountId) -> Result<(), diesel::result::Error> {
    statement(
        "WITH cancelled AS (
             UPDATE orders SET status = 'cancelled', cancel_reason = 'buyer_account_closed', closed_at = now()
             WHERE buyer_id = $1 AND status = 'pending'
             RETURNING book_id
         )
         UPDATE books SET status = 'available' WHERE id IN (SELECT book_id FROM cancelled) AND status = 'pending'",
    )
    .bind::<diesel::sql_types::Uuid, _>(account.as_uuid())
    .execute(conn)
    .await?;
    statement(
        "WITH cancelled AS (
             UPDATE orders SET status = 'cancelled', cancel_reason = 'seller_account_closed', closed_at = now()
             WHERE status = 'pending' AND book_id IN (SELECT id FROM books WHERE seller_id = $1 AND status = 'pending')
             RETURNING book_id
         )
         UPDATE books SET status = 'withdrawn', advertised = false WHERE id IN (SELECT book_id FROM cancelled)",
    )
    .bind::<diesel::sql_types::Uuid, _>(account.as_uuid())
    .execute(conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_live_statuses_are_the_ones_the_unique_index_covers() {
        assert_eq!(crate::queries::LIVE_ORDER_STATUSES, [super::PENDING, super::PAID]);
    }
}
