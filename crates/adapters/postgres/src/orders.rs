//! Orders on PostgreSQL. A book's status and its live order move together in one transaction, and
//! `orders_live_book_key` (one live order per book) backs the conditional updates up, so no timing of
//! buyers, tabs, payment notifications or server instances can sell a book twice.

use anyhow::Context as _;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::result::DatabaseErrorKind;
use std::sync::LazyLock;
use std::time::Duration;

use diesel::pg::data_types::PgInterval;
use diesel::sql_types::{Array, BigInt, Integer, Interval, Text, Timestamptz};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl};
use puronoboi_domain::{
    Account, AccountId, BookId, BookMove, CancelReason, HandoverAttempts, IllegalOrderChange, NoticeKind, Order, OrderContact, OrderId,
    OrderMove, OrderStatus, Page, PageRequest, PaymentMethod,
};
use puronoboi_ports::{
    CardAttemptError, CardAttemptId, CardAttemptLimits, CardAttemptOutcome, Handover, HandoverError, OrderChangeError, OrderStore,
    OwedRefund, PlaceOrderError, Placed, ReturnKind, Secured, SettleError, Settlement, StoreError,
};
use uuid::Uuid;

use crate::PgStore;
use crate::card_attempts;
use crate::errors::{place_order_refusal, violated_constraint};
use crate::outbox::{enqueue_notices, notices_insert_sql};
use crate::queries;
use crate::rows::OrderRow;
use crate::schema::{accounts, books, orders, owed_refunds, payments};
use crate::statement::statement;
use crate::status_writes::{book_from, book_from_sql, book_to_sql, order_from, order_from_sql, order_to_sql, place_order_statuses};

pub(crate) fn into_order(row: OrderRow) -> Result<Order, anyhow::Error> {
    row.try_into()
}

async fn order_row(conn: &mut AsyncPgConnection, id: Uuid) -> Result<Option<OrderRow>, diesel::result::Error> {
    orders::table.find(id).select(OrderRow::as_select()).get_result(conn).await.optional()
}

/// Places an order in one round trip: the database function `place_order` (last defined in
/// migrations/2026-11-26-000014_place_order_statuses_and_codes) locks the buyer's account, then in one conditional
/// statement reserves the book and writes the order (copying its title, author, picture and price) if the buyer is
/// under the pending limit and does not hold this book already. It answers the new order, or the pending one the buyer
/// already has for the book, and raises its refusals with codes of its own (see [`place_order_refusal`]). The
/// statuses it reads and writes are parameters taken from the domain's tables, not words written in the function.
/// Binds: book id, new order id, buyer id, phone, meeting place, pending limit; the statuses a book is reserved from,
/// the status it reaches, a new order's status, a gone book's status.
///
/// The seller is told of a new order (the buyer's name, phone and meeting place) by a notice written in the same
/// statement; asking again for a pending order tells nobody twice (its notice exists already).
static PLACE_ORDER_SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "WITH placed AS (SELECT * FROM place_order($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)),
         notices AS ({notices})
         SELECT * FROM placed",
        notices = notices_insert_sql(NoticeKind::OrderPlaced, "placed", "placed.id"),
    )
});

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
        let statuses = place_order_statuses();
        let answered: Result<Vec<OrderRow>, _> = statement(PLACE_ORDER_SQL.as_str())
            .bind::<diesel::sql_types::Uuid, _>(book.as_uuid())
            .bind::<diesel::sql_types::Uuid, _>(new_order.as_uuid())
            .bind::<diesel::sql_types::Uuid, _>(buyer.id.as_uuid())
            .bind::<Text, _>(contact.phone.e164())
            .bind::<Text, _>(contact.location.as_str())
            .bind::<BigInt, _>(max_pending)
            .bind::<Array<Text>, _>(statuses.for_sale)
            .bind::<Text, _>(statuses.held)
            .bind::<Text, _>(statuses.placed)
            .bind::<Text, _>(statuses.gone)
            .load(&mut conn)
            .await;
        match answered {
            Ok(rows) => {
                let row = rows.into_iter().next().context("place_order answered no order")?;
                let placed_now = row.id == new_order.as_uuid();
                let order = into_order(row)?;
                Ok(if placed_now { Placed::New(order) } else { Placed::Existing(order) })
            }
            Err(e) => Err(match place_order_refusal(&e) {
                Some(refused) => refused.into(),
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
                    orders::table
                        .find(id.as_uuid())
                        .filter(orders::buyer_id.eq(buyer.as_uuid()))
                        .filter(orders::status.eq_any(order_from(OrderMove::Cancel)))
                        // The seller entered the right code and the held money is being taken: too late to cancel.
                        .filter(orders::capture_claimed_at.is_null()),
                )
                .set((
                    orders::status.eq(OrderMove::Cancel.to().as_str()),
                    orders::cancel_reason.eq(CancelReason::ByBuyer.as_str()),
                    orders::closed_at.eq(diesel::dsl::now),
                ))
                .returning(OrderRow::as_returning())
                .get_result(conn)
                .await
                .optional()?;
                if let Some(row) = &row {
                    release_book(conn, row.book_id).await?;
                    if let (Some(_), Some(payment)) = (row.held_at, &row.transaction_id) {
                        owe_release(conn, row.id, payment).await?;
                    }
                    tell(conn, row.id, OrderMove::Cancel).await?;
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

    async fn hand_over(&self, seller: AccountId, id: OrderId, code_is_right: bool, now: DateTime<Utc>) -> Result<Handover, HandoverError> {
        #[derive(Debug, thiserror::Error)]
        enum Step {
            #[error("no such order")]
            NotFound,
            #[error("the order is {0}")]
            Closed(OrderStatus),
            #[error(transparent)]
            Locked(#[from] puronoboi_domain::HandoverLocked),
            #[error(transparent)]
            Stored(#[from] anyhow::Error),
            #[error(transparent)]
            Db(#[from] diesel::result::Error),
        }
        let mut conn = self.conn().await?;
        let outcome = conn
            .transaction(async |conn| {
                // The row lock puts every code entered for this order (two taps, two instances) and the expiry sweep
                // in a line: the count of wrong codes is exact and the order completes once.
                let row: OrderRow = orders::table
                    .find(id.as_uuid())
                    .filter(orders::book_id.eq_any(books::table.filter(books::seller_id.eq(seller.as_uuid())).select(books::id)))
                    .select(OrderRow::as_select())
                    .for_update()
                    .get_result(conn)
                    .await
                    .optional()?
                    .ok_or(Step::NotFound)?;
                let status: OrderStatus = row.status.parse().context("an order's stored status")?;
                if status.complete().is_err() {
                    return Err(Step::Closed(status));
                }
                let attempts = HandoverAttempts {
                    wrong: u32::try_from(row.handover_wrong_codes).unwrap_or(0),
                    locked_until: row.handover_locked_until,
                };
                attempts.check(now)?;
                if !code_is_right {
                    let (counted, earned) = attempts.after_wrong_code(now);
                    diesel::update(orders::table.find(row.id))
                        .set((
                            orders::handover_wrong_codes.eq(i32::try_from(counted.wrong).unwrap_or(i32::MAX)),
                            orders::handover_locked_until.eq(counted.locked_until),
                        ))
                        .execute(conn)
                        .await?;
                    return Ok(Handover::WrongCode(earned));
                }
                if status == OrderStatus::Held {
                    // The money held on the card is taken by the caller, outside this transaction; the claim keeps the
                    // deadline sweep off the order meanwhile, and a second press (another tab, another instance)
                    // from taking it again. A claim older than the capture's timeout was left by a stopped server.
                    let claim_is_fresh = row.capture_claimed_at.is_some_and(|at| now - at < stale_claim());
                    if claim_is_fresh {
                        return Err(Step::Closed(status));
                    }
                    let claimed: OrderRow = diesel::update(orders::table.find(row.id))
                        .set((
                            orders::capture_claimed_at.eq(now),
                            orders::handover_wrong_codes.eq(0),
                            orders::handover_locked_until.eq(None::<DateTime<Utc>>),
                        ))
                        .returning(OrderRow::as_returning())
                        .get_result(conn)
                        .await?;
                    return Ok(Handover::CaptureDue(Box::new(into_order(claimed)?)));
                }
                // Cash at the meeting: the held book is sold to its buyer, and the order completed.
                diesel::update(books::table.find(row.book_id).filter(books::status.eq_any(book_from(BookMove::Sell))))
                    .set(books::status.eq(BookMove::Sell.to().as_str()))
                    .execute(conn)
                    .await?;
                let completed: OrderRow =
                    diesel::update(orders::table.find(row.id).filter(orders::status.eq_any(order_from(OrderMove::Complete))))
                        .set((
                            orders::status.eq(OrderMove::Complete.to().as_str()),
                            orders::completed_at.eq(now),
                            orders::closed_at.eq(now),
                            orders::payment_method.eq(PaymentMethod::Cash.as_str()),
                            orders::handover_wrong_codes.eq(0),
                            orders::handover_locked_until.eq(None::<DateTime<Utc>>),
                        ))
                        .returning(OrderRow::as_returning())
                        .get_result(conn)
                        .await?;
                tell(conn, completed.id, OrderMove::Complete).await?;
                Ok(Handover::Completed(Box::new(into_order(completed)?)))
            })
            .await;
        match outcome {
            Ok(done) => Ok(done),
            Err(Step::NotFound) => Err(HandoverError::NotFound),
            Err(Step::Closed(status)) => Err(HandoverError::Closed(status)),
            Err(Step::Locked(locked)) => Err(HandoverError::Locked(locked)),
            Err(Step::Stored(e)) => Err(HandoverError::Unknown(e.context("a handover"))),
            Err(Step::Db(e)) => Err(HandoverError::Unknown(anyhow::Error::new(e).context("a handover"))),
        }
    }

    async fn complete_held(&self, id: OrderId, now: DateTime<Utc>) -> Result<Order, OrderChangeError> {
        #[derive(Debug, thiserror::Error)]
        enum Step {
            #[error("no such order")]
            NotFound,
            #[error("the order is {0}")]
            Closed(OrderStatus),
            #[error(transparent)]
            Stored(#[from] anyhow::Error),
            #[error(transparent)]
            Db(#[from] diesel::result::Error),
        }
        let mut conn = self.conn().await?;
        let outcome = conn
            .transaction(async |conn| {
                let row: OrderRow = lock_order(conn, id).await?.ok_or(Step::NotFound)?;
                let status: OrderStatus = row.status.parse().context("an order's stored status")?;
                if status == OrderStatus::Completed {
                    return Ok(row);
                }
                if status != OrderStatus::Held || status.complete().is_err() {
                    return Err(Step::Closed(status));
                }
                // The held money was taken: the reserved book is sold to its buyer, the order completed, the payment
                // recorded.
                diesel::update(books::table.find(row.book_id).filter(books::status.eq_any(book_from(BookMove::Sell))))
                    .set(books::status.eq(BookMove::Sell.to().as_str()))
                    .execute(conn)
                    .await?;
                let completed: OrderRow =
                    diesel::update(orders::table.find(row.id).filter(orders::status.eq_any(order_from(OrderMove::Complete))))
                        .set((
                            orders::status.eq(OrderMove::Complete.to().as_str()),
                            orders::completed_at.eq(now),
                            orders::closed_at.eq(now),
                            orders::capture_claimed_at.eq(None::<DateTime<Utc>>),
                        ))
                        .returning(OrderRow::as_returning())
                        .get_result(conn)
                        .await?;
                let transaction_id = completed.transaction_id.clone().context("a held order without its payment")?;
                diesel::insert_into(payments::table)
                    .values((
                        payments::order_id.eq(completed.id),
                        payments::transaction_id.eq(transaction_id),
                        payments::amount.eq(completed.price),
                        payments::buyer_id.eq(completed.buyer_id),
                        payments::book_id.eq(completed.book_id),
                    ))
                    .execute(conn)
                    .await?;
                tell(conn, completed.id, OrderMove::Complete).await?;
                Ok(completed)
            })
            .await;
        match outcome {
            Ok(row) => Ok(into_order(row)?),
            Err(Step::NotFound) => Err(OrderChangeError::NotFound),
            Err(Step::Closed(status)) => Err(OrderChangeError::Closed(status)),
            Err(Step::Stored(e)) => Err(OrderChangeError::Unknown(e.context("completing a held order"))),
            Err(Step::Db(e)) => Err(OrderChangeError::Unknown(anyhow::Error::new(e).context("completing a held order"))),
        }
    }

    async fn drop_capture_claim(&self, id: OrderId) -> Result<(), StoreError> {
        let mut conn = self.conn().await?;
        diesel::update(orders::table.find(id.as_uuid()).filter(orders::status.eq(OrderStatus::Held.as_str())))
            .set(orders::capture_claimed_at.eq(None::<DateTime<Utc>>))
            .execute(&mut conn)
            .await
            .context("dropping a capture claim")?;
        Ok(())
    }

    async fn stale_capture_claims(&self, claimed_before: DateTime<Utc>, limit: i64) -> Result<Vec<Order>, StoreError> {
        let mut conn = self.conn().await?;
        let rows: Vec<OrderRow> = orders::table
            .filter(orders::status.eq(OrderStatus::Held.as_str()))
            .filter(orders::capture_claimed_at.lt(claimed_before))
            .order(orders::held_at)
            .limit(limit)
            .select(OrderRow::as_select())
            .load(&mut conn)
            .await
            .context("listing stale capture claims")?;
        Ok(rows.into_iter().map(into_order).collect::<anyhow::Result<_>>()?)
    }

    async fn choose_payment_method(&self, buyer: AccountId, id: OrderId, method: PaymentMethod) -> Result<Order, OrderChangeError> {
        let mut conn = self.conn().await?;
        let row: Option<OrderRow> = diesel::update(
            orders::table
                .find(id.as_uuid())
                .filter(orders::buyer_id.eq(buyer.as_uuid()))
                .filter(orders::status.eq(OrderStatus::Pending.as_str())),
        )
        .set(orders::payment_method.eq(method.as_str()))
        .returning(OrderRow::as_returning())
        .get_result(&mut conn)
        .await
        .optional()
        .context("choosing how to pay")?;
        match row {
            Some(row) => Ok(into_order(row)?),
            None => match self.buyer_order(buyer, id).await? {
                None => Err(OrderChangeError::NotFound),
                Some(order) => Err(OrderChangeError::Closed(order.status)),
            },
        }
    }

    async fn lapse_overdue_holds(&self, held_before: DateTime<Utc>, limit: i64) -> Result<u64, StoreError> {
        let mut conn = self.conn().await?;
        let lapsed: Expired = statement(LAPSE_OVERDUE_HOLDS_SQL.as_str())
            .bind::<Timestamptz, _>(held_before)
            .bind::<BigInt, _>(limit)
            .get_result(&mut conn)
            .await
            .context("closing held orders past their handover deadline")?;
        Ok(u64::try_from(lapsed.n).unwrap_or(0))
    }

    async fn remind_of_deadlines(
        &self,
        pending_placed_before: DateTime<Utc>,
        held_before: DateTime<Utc>,
        limit: i64,
    ) -> Result<u64, StoreError> {
        let mut conn = self.conn().await?;
        let reminded: Expired = statement(REMIND_OF_DEADLINES_SQL.as_str())
            .bind::<Timestamptz, _>(pending_placed_before)
            .bind::<Timestamptz, _>(held_before)
            .bind::<BigInt, _>(limit)
            .get_result(&mut conn)
            .await
            .context("reminding of handover deadlines")?;
        Ok(u64::try_from(reminded.n).unwrap_or(0))
    }

    async fn expire_overdue(&self, placed_before: DateTime<Utc>, paying_placed_from: DateTime<Utc>, limit: i64) -> Result<u64, StoreError> {
        let mut conn = self.conn().await?;
        let expired: Expired = statement(EXPIRE_OVERDUE_SQL.as_str())
            .bind::<Timestamptz, _>(placed_before)
            .bind::<Timestamptz, _>(paying_placed_from)
            .bind::<BigInt, _>(limit)
            .get_result(&mut conn)
            .await
            .context("expiring overdue orders")?;
        Ok(u64::try_from(expired.n).unwrap_or(0))
    }

    async fn overdue_paying(
        &self,
        placed_before: DateTime<Utc>,
        placed_from: DateTime<Utc>,
        after: Option<OrderId>,
        limit: i64,
    ) -> Result<Vec<Order>, StoreError> {
        let mut conn = self.conn().await?;
        let mut query = orders::table
            // The orders expiry may move (`OrderMove::Expire` leaves pending only, as a unit test below holds), as a
            // plain `=` rather than a bound array: the partial index orders_pending_created_idx serves it only when
            // the planner sees the status itself.
            .filter(orders::status.eq(OrderStatus::Pending.as_str()))
            .filter(orders::created_at.lt(placed_before))
            .filter(orders::created_at.ge(placed_from))
            .filter(orders::payment_id.is_not_null())
            .order(orders::id)
            .limit(limit)
            .select(OrderRow::as_select())
            .into_boxed();
        if let Some(after) = after {
            query = query.filter(orders::id.gt(after.as_uuid()));
        }
        let rows: Vec<OrderRow> = query.load(&mut conn).await.context("listing overdue orders with a payment")?;
        Ok(rows.into_iter().map(into_order).collect::<anyhow::Result<_>>()?)
    }

    async fn expire_orders(&self, ids: &[OrderId], placed_before: DateTime<Utc>, quiet_since: DateTime<Utc>) -> Result<u64, StoreError> {
        if ids.is_empty() {
            return Ok(0);
        }
        let ids: Vec<Uuid> = ids.iter().map(|id| id.as_uuid()).collect();
        let mut conn = self.conn().await?;
        let expired: Expired = statement(EXPIRE_CHECKED_SQL.as_str())
            .bind::<Array<diesel::sql_types::Uuid>, _>(ids)
            .bind::<Timestamptz, _>(placed_before)
            .bind::<Timestamptz, _>(quiet_since)
            .get_result(&mut conn)
            .await
            .context("expiring overdue orders whose payment was read")?;
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

    async fn start_card_attempt(
        &self,
        buyer: AccountId,
        order: OrderId,
        limits: CardAttemptLimits,
    ) -> Result<CardAttemptId, CardAttemptError> {
        let mut conn = self.conn().await?;
        card_attempts::start(&mut conn, buyer, order, limits).await
    }

    async fn finish_card_attempt(&self, attempt: CardAttemptId, outcome: CardAttemptOutcome) -> Result<(), StoreError> {
        let mut conn = self.conn().await?;
        card_attempts::finish(&mut conn, attempt, outcome).await.context("recording how a card attempt ended")?;
        Ok(())
    }

    async fn settle_payment(&self, id: OrderId, transaction_id: &str, secured: Secured) -> Result<Settlement, SettleError> {
        #[derive(Debug, thiserror::Error)]
        enum SettleStep {
            #[error("no such order")]
            NotFound,
            #[error("paid by another payment")]
            PaidByAnother(Box<OrderRow>),
            #[error(transparent)]
            Illegal(#[from] IllegalOrderChange),
            #[error(transparent)]
            Stored(#[from] anyhow::Error),
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
                let row: OrderRow = lock_order(conn, id).await?.ok_or(SettleStep::NotFound)?;
                let current: OrderStatus = row.status.parse().context("an order's stored status")?;
                // Held, paid, or completed after its hold was taken: the news of a payment the order already has
                // (the webhook that follows the capture among it).
                if current.has_card_payment(row.held_at.is_some()) {
                    return if row.transaction_id.as_deref() == Some(transaction_id) {
                        Ok((row, Done::AlreadyPaid))
                    } else {
                        Err(SettleStep::PaidByAnother(Box::new(row)))
                    };
                }
                if secured == Secured::Held {
                    if current.hold().is_err() {
                        // Closed (or completed with cash) before the hold arrived: the caller lets the hold go.
                        return Ok((row, Done::MustRefund));
                    }
                    // The price is held on the card until the handover; the book stays reserved for the buyer.
                    let held: OrderRow =
                        diesel::update(orders::table.find(row.id).filter(orders::status.eq_any(order_from(OrderMove::Hold))))
                            .set((
                                orders::status.eq(OrderMove::Hold.to().as_str()),
                                orders::held_at.eq(diesel::dsl::now),
                                orders::transaction_id.eq(transaction_id),
                                orders::payment_method.eq(PaymentMethod::Card.as_str()),
                            ))
                            .returning(OrderRow::as_returning())
                            .get_result(conn)
                            .await?;
                    tell(conn, held.id, OrderMove::Hold).await?;
                    return Ok((held, Done::Paid));
                }
                // The domain says which move pays this order: a pending order is paid; a closed one is settled
                // late, if its book can still be had. Any other status is a move the domain refuses.
                let order_move = if current.pay().is_ok() {
                    // A pending order holds its book, so the book is pending: sell it.
                    diesel::update(books::table.find(row.book_id).filter(books::status.eq_any(book_from(BookMove::Sell))))
                        .set(books::status.eq(BookMove::Sell.to().as_str()))
                        .execute(conn)
                        .await?;
                    OrderMove::Pay
                } else {
                    current.settle_late()?;
                    // Closed meanwhile: paid after all only if the book is still for sale and the buyer's account
                    // is open; otherwise the caller refunds.
                    let buyer_open: bool =
                        diesel::select(diesel::dsl::exists(accounts::table.find(row.buyer_id).filter(accounts::deleted_at.is_null())))
                            .get_result(conn)
                            .await?;
                    let taken = if buyer_open {
                        diesel::update(books::table.find(row.book_id).filter(books::status.eq_any(book_from(BookMove::SellPaidLate))))
                            .set(books::status.eq(BookMove::SellPaidLate.to().as_str()))
                            .execute(conn)
                            .await?
                    } else {
                        0
                    };
                    if taken == 0 {
                        return Ok((row, Done::MustRefund));
                    }
                    OrderMove::SettleLate
                };
                let paid: OrderRow = diesel::update(orders::table.find(row.id).filter(orders::status.eq_any(order_from(order_move))))
                    .set((
                        orders::status.eq(order_move.to().as_str()),
                        orders::cancel_reason.eq(None::<String>),
                        orders::paid_at.eq(diesel::dsl::now),
                        orders::transaction_id.eq(transaction_id),
                        orders::payment_method.eq(PaymentMethod::Card.as_str()),
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
            Err(SettleStep::Illegal(e)) => Err(SettleError::Unknown(anyhow::Error::new(e).context("settling a payment"))),
            Err(SettleStep::Stored(e)) => Err(SettleError::Unknown(e.context("settling a payment"))),
            Err(SettleStep::Db(e)) => Err(SettleError::Unknown(anyhow::Error::new(e).context("settling a payment"))),
        }
    }

    async fn owe_return(&self, id: OrderId, payment_id: &str, kind: ReturnKind) -> Result<Option<OwedRefund>, StoreError> {
        let mut conn = self.conn().await?;
        // Owed only while the order records no refund; a refund owed already (an earlier delivery of the same news)
        // keeps its payment and its count of failed attempts.
        let owed: Option<OwedRow> = statement(OWE_REFUND_SQL)
            .bind::<diesel::sql_types::Uuid, _>(id.as_uuid())
            .bind::<Text, _>(payment_id)
            .bind::<Text, _>(kind.as_str())
            .get_result(&mut conn)
            .await
            .optional()
            .context("remembering a refund owed")?;
        Ok(owed.map(OwedRow::into_owed))
    }

    async fn record_refund(&self, id: OrderId, refund_id: &str) -> Result<(), StoreError> {
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            diesel::update(orders::table.find(id.as_uuid()).filter(orders::refund_id.is_null()))
                .set(orders::refund_id.eq(refund_id))
                .execute(conn)
                .await?;
            diesel::delete(owed_refunds::table.find(id.as_uuid())).execute(conn).await?;
            Ok::<_, diesel::result::Error>(())
        })
        .await
        .context("recording a refund")?;
        Ok(())
    }

    async fn record_release(&self, id: OrderId) -> Result<(), StoreError> {
        let mut conn = self.conn().await?;
        conn.transaction(async |conn| {
            diesel::update(orders::table.find(id.as_uuid()).filter(orders::hold_released_at.is_null()))
                .set(orders::hold_released_at.eq(diesel::dsl::now))
                .execute(conn)
                .await?;
            diesel::delete(owed_refunds::table.find(id.as_uuid())).execute(conn).await?;
            Ok::<_, diesel::result::Error>(())
        })
        .await
        .context("recording a released hold")?;
        Ok(())
    }

    async fn refund_failed(&self, id: OrderId, retry_at: DateTime<Utc>) -> Result<(), StoreError> {
        let mut conn = self.conn().await?;
        diesel::update(owed_refunds::table.find(id.as_uuid()))
            .set((owed_refunds::failed_attempts.eq(owed_refunds::failed_attempts + 1), owed_refunds::retry_at.eq(retry_at)))
            .execute(&mut conn)
            .await
            .context("recording a failed refund")?;
        Ok(())
    }

    async fn take_due_refunds(
        &self,
        now: DateTime<Utc>,
        max_attempts: u32,
        lease: Duration,
        limit: i64,
    ) -> Result<Vec<OwedRefund>, StoreError> {
        let lease = PgInterval::from_microseconds(i64::try_from(lease.as_micros()).unwrap_or(i64::MAX));
        let mut conn = self.conn().await?;
        let rows: Vec<OwedRow> = statement(TAKE_DUE_REFUNDS_SQL)
            .bind::<Timestamptz, _>(now)
            .bind::<Integer, _>(i32::try_from(max_attempts).unwrap_or(i32::MAX))
            .bind::<Interval, _>(lease)
            .bind::<BigInt, _>(limit)
            .load(&mut conn)
            .await
            .context("taking the refunds due")?;
        Ok(rows.into_iter().map(OwedRow::into_owed).collect())
    }
}

#[derive(QueryableByName)]
struct Expired {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// The steps both expiry statements end with, word for word: the orders in `due` still pending are expired, and the
/// books they held go back on sale; answers how many orders expired. `status IN (...)` is re-checked on every row
/// updated, so an order paid or cancelled meanwhile is left alone.
static EXPIRE_TAIL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "
expired AS (
    UPDATE orders SET status = {expired}, closed_at = now()
    FROM due WHERE orders.id = due.id AND orders.status IN ({expirable})
    RETURNING orders.id, orders.book_id
),
notices AS ({notices}),
released AS (
    UPDATE books SET status = {released}
    WHERE id IN (SELECT book_id FROM expired) AND status IN ({held})
    RETURNING id
)
SELECT count(*) AS n FROM expired",
        expired = order_to_sql(OrderMove::Expire),
        expirable = order_from_sql(OrderMove::Expire),
        notices = notices_of(OrderMove::Expire, "expired"),
        released = book_to_sql(BookMove::Release),
        held = book_from_sql(BookMove::Release),
    )
});

/// Expires overdue pending orders ($1: placed before), except those with a provider payment placed at or after $2,
/// at most $3. One statement: SKIP LOCKED lets several server instances sweep at once without waiting on or redoing
/// each other's rows, and skips an order a payment is settling right now.
static EXPIRE_OVERDUE_SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "
WITH due AS (
    SELECT id FROM orders
    WHERE status IN ({expirable}) AND created_at < $1
      AND (payment_id IS NULL OR created_at < $2)
    ORDER BY created_at
    LIMIT $3
    FOR UPDATE SKIP LOCKED
),{tail}",
        expirable = order_from_sql(OrderMove::Expire),
        tail = *EXPIRE_TAIL,
    )
});

/// Expires the orders $1 whose payment the caller read and found neither awaiting the buyer nor in progress: those
/// still pending, placed before $2, with no card tried since $3 (when the caller started reading). Locks as
/// [`EXPIRE_OVERDUE_SQL`] does.
static EXPIRE_CHECKED_SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "
WITH due AS (
    SELECT id FROM orders
    WHERE id = ANY($1) AND status IN ({expirable}) AND created_at < $2
      AND (payment_attempted_at IS NULL OR payment_attempted_at < $3)
    FOR UPDATE SKIP LOCKED
),{tail}",
        expirable = order_from_sql(OrderMove::Expire),
        tail = *EXPIRE_TAIL,
    )
});

/// Owes order $1's buyer the payment $2 (to refund, or a hold to release: $3) unless the order records a refund, then
/// answers what is owed (nothing when refunded). The insert and the read are two statements of one: the read sees the row whether this insert or an
/// earlier one made it.
const OWE_REFUND_SQL: &str = "
WITH owed AS (
    INSERT INTO owed_refunds (order_id, payment_id, kind)
    SELECT id, $2, $3 FROM orders WHERE id = $1 AND refund_id IS NULL
    ON CONFLICT (order_id) DO NOTHING
    RETURNING order_id, payment_id, failed_attempts, kind
)
SELECT order_id, payment_id, failed_attempts, kind FROM owed
UNION ALL
SELECT order_id, payment_id, failed_attempts, kind FROM owed_refunds WHERE order_id = $1 AND NOT EXISTS (SELECT 1 FROM owed)";

/// Takes up to $4 owed refunds due at $1 with fewer than $2 failed attempts and moves their next try $3 on, so that
/// another instance sweeping at the same moment skips them (SKIP LOCKED while this runs, the new time after).
const TAKE_DUE_REFUNDS_SQL: &str = "
WITH due AS (
    SELECT order_id FROM owed_refunds
    WHERE retry_at <= $1 AND failed_attempts < $2
    ORDER BY retry_at
    LIMIT $4
    FOR UPDATE SKIP LOCKED
)
UPDATE owed_refunds SET retry_at = $1 + $3
FROM due WHERE owed_refunds.order_id = due.order_id
RETURNING owed_refunds.order_id, owed_refunds.payment_id, owed_refunds.failed_attempts, owed_refunds.kind";

#[derive(QueryableByName)]
#[diesel(table_name = owed_refunds)]
struct OwedRow {
    order_id: Uuid,
    payment_id: String,
    failed_attempts: i32,
    kind: String,
}

impl OwedRow {
    fn into_owed(self) -> OwedRefund {
        OwedRefund {
            order: OrderId::from_uuid(self.order_id),
            payment_id: self.payment_id,
            kind: if self.kind == ReturnKind::Release.as_str() { ReturnKind::Release } else { ReturnKind::Refund },
            failed_attempts: u32::try_from(self.failed_attempts).unwrap_or(0),
        }
    }
}

fn stale_claim() -> chrono::Duration {
    chrono::Duration::from_std(puronoboi_domain::CAPTURE_CLAIM_TIMEOUT).unwrap_or(chrono::Duration::MAX)
}

/// Writes the deadline reminders of pending orders placed before $1 and held orders held since before $2 that have
/// none yet, at most $3 of each. Each half walks its own partial index (orders_pending_created_idx,
/// orders_held_at_idx); the outbox's unique key makes two instances writing the same reminder harmless.
static REMIND_OF_DEADLINES_SQL: LazyLock<String> = LazyLock::new(|| {
    let not_reminded = format!(
        "NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.order_id = orders.id AND m.kind = '{}')",
        NoticeKind::DeadlineSoon.as_str()
    );
    format!(
        "
WITH due AS (
    (SELECT id FROM orders WHERE status = '{pending}' AND created_at < $1 AND {not_reminded} ORDER BY created_at LIMIT $3)
    UNION ALL
    (SELECT id FROM orders WHERE status = '{held}' AND held_at < $2 AND {not_reminded} ORDER BY held_at LIMIT $3)
),
notices AS ({notices})
SELECT count(*) AS n FROM due",
        pending = OrderStatus::Pending.as_str(),
        held = OrderStatus::Held.as_str(),
        notices = notices_insert_sql(NoticeKind::DeadlineSoon, "due", "due.id"),
    )
});

/// Writes the notices `m` tells of for `order` ([`OrderMove::notice`]), in the caller's transaction.
async fn tell(conn: &mut AsyncPgConnection, order: Uuid, m: OrderMove) -> Result<usize, diesel::result::Error> {
    match m.notice() {
        Some(kind) => enqueue_notices(conn, order, kind).await,
        None => Ok(0),
    }
}

/// The `WITH` step that writes the notices `m` tells of for every order in `closed` (a `WITH` query returning `id`).
fn notices_of(m: OrderMove, closed: &str) -> String {
    match m.notice() {
        Some(kind) => notices_insert_sql(kind, closed, &format!("{closed}.id")),
        None => "SELECT 1".to_owned(),
    }
}

/// Owes the buyer of a closed order the release of its card hold, in the closing transaction.
async fn owe_release(conn: &mut AsyncPgConnection, order: Uuid, payment_id: &str) -> Result<usize, diesel::result::Error> {
    diesel::insert_into(owed_refunds::table)
        .values((
            owed_refunds::order_id.eq(order),
            owed_refunds::payment_id.eq(payment_id),
            owed_refunds::kind.eq(ReturnKind::Release.as_str()),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
}

/// The step of a closing statement that owes the release of every card hold among the orders it closed (CTE
/// `closed`, returning `id`, `held_at` and `transaction_id`).
static OWE_RELEASES: LazyLock<String> = LazyLock::new(|| {
    format!(
        "owed AS (
    INSERT INTO owed_refunds (order_id, payment_id, kind)
    SELECT id, transaction_id, '{release}' FROM closed WHERE held_at IS NOT NULL AND transaction_id IS NOT NULL
    ON CONFLICT (order_id) DO NOTHING
)",
        release = ReturnKind::Release.as_str(),
    )
});

/// Closes held orders whose hold began before $1 and whose money nobody is taking (no capture claim), at most $2: each
/// expires, its book goes back on sale, its hold is owed back (released). SKIP LOCKED lets several instances sweep
/// at once and skips an order a handover is checking right now; the update re-checks both conditions.
static LAPSE_OVERDUE_HOLDS_SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "
WITH due AS (
    SELECT id FROM orders
    WHERE status = '{held_status}' AND held_at < $1 AND capture_claimed_at IS NULL
    ORDER BY held_at
    LIMIT $2
    FOR UPDATE SKIP LOCKED
),
closed AS (
    UPDATE orders SET status = {lapsed}, closed_at = now()
    FROM due WHERE orders.id = due.id AND orders.status IN ({lapsable}) AND orders.capture_claimed_at IS NULL
    RETURNING orders.id, orders.book_id, orders.held_at, orders.transaction_id
),
released AS (
    UPDATE books SET status = {released}
    WHERE id IN (SELECT book_id FROM closed) AND status IN ({reserved})
    RETURNING id
),
notices AS ({notices}),
{owe}
SELECT count(*) AS n FROM closed",
        held_status = OrderStatus::Held.as_str(),
        lapsed = order_to_sql(OrderMove::Lapse),
        lapsable = order_from_sql(OrderMove::Lapse),
        released = book_to_sql(BookMove::Release),
        reserved = book_from_sql(BookMove::Release),
        notices = notices_of(OrderMove::Lapse, "closed"),
        owe = *OWE_RELEASES,
    )
});

/// The order's row, locked until the transaction ends: every change of one order (two tabs, the webhook, the sweep,
/// two instances) waits for the one before it.
async fn lock_order(conn: &mut AsyncPgConnection, id: OrderId) -> Result<Option<OrderRow>, diesel::result::Error> {
    orders::table.find(id.as_uuid()).select(OrderRow::as_select()).for_update().get_result(conn).await.optional()
}

/// Puts a book an order held back on sale.
async fn release_book(conn: &mut AsyncPgConnection, book: Uuid) -> Result<usize, diesel::result::Error> {
    diesel::update(books::table.find(book).filter(books::status.eq_any(book_from(BookMove::Release))))
        .set(books::status.eq(BookMove::Release.to().as_str()))
        .execute(conn)
        .await
}

/// Cancels the open orders of buyer $1, whose account is closing, puts the books they held back on sale, and owes back
/// their card holds.
static CANCEL_BUYERS_ORDERS_SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "WITH closed AS (
             UPDATE orders SET status = {cancelled}, cancel_reason = '{reason}', closed_at = now()
             WHERE buyer_id = $1 AND status IN ({cancellable}) AND capture_claimed_at IS NULL
             RETURNING id, book_id, held_at, transaction_id
         ),
         notices AS ({notices}),
         {owe}
         UPDATE books SET status = {released} WHERE id IN (SELECT book_id FROM closed) AND status IN ({held})",
        owe = *OWE_RELEASES,
        notices = notices_of(OrderMove::Cancel, "closed"),
        cancelled = order_to_sql(OrderMove::Cancel),
        reason = CancelReason::BuyerAccountClosed.as_str(),
        cancellable = order_from_sql(OrderMove::Cancel),
        released = book_to_sql(BookMove::Release),
        held = book_from_sql(BookMove::Release),
    )
});

/// Cancels the open orders on the reserved books of seller $1, whose account is closing, and owes back their card
/// holds; those books leave the shop with their seller.
static CANCEL_SELLERS_ORDERS_SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "WITH closed AS (
             UPDATE orders SET status = {cancelled}, cancel_reason = '{reason}', closed_at = now()
             WHERE status IN ({cancellable}) AND capture_claimed_at IS NULL
               AND book_id IN (SELECT id FROM books WHERE seller_id = $1 AND status IN ({held}))
             RETURNING id, book_id, held_at, transaction_id
         ),
         notices AS ({notices}),
         {owe}
         UPDATE books SET status = {withdrawn}, advertised = false
         WHERE id IN (SELECT book_id FROM closed) AND status IN ({held})",
        owe = *OWE_RELEASES,
        notices = notices_of(OrderMove::Cancel, "closed"),
        cancelled = order_to_sql(OrderMove::Cancel),
        reason = CancelReason::SellerAccountClosed.as_str(),
        cancellable = order_from_sql(OrderMove::Cancel),
        withdrawn = book_to_sql(BookMove::WithdrawWithSeller),
        held = book_from_sql(BookMove::WithdrawWithSeller),
    )
});

/// Settles the orders of an account being closed, inside the closing transaction: the buyer's pending orders are
/// cancelled and their books go back on sale; pending orders on the seller's books are cancelled and those books
/// leave the shop with the seller. Paid orders stay: they are history both sides keep.
pub(crate) async fn settle_orders_of_closed_account(conn: &mut AsyncPgConnection, account: AccountId) -> Result<(), diesel::result::Error> {
    statement(CANCEL_BUYERS_ORDERS_SQL.as_str()).bind::<diesel::sql_types::Uuid, _>(account.as_uuid()).execute(conn).await?;
    statement(CANCEL_SELLERS_ORDERS_SQL.as_str()).bind::<diesel::sql_types::Uuid, _>(account.as_uuid()).execute(conn).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use puronoboi_domain::OrderStatus;

    #[test]
    fn the_live_statuses_are_the_ones_the_unique_index_covers() {
        let live: Vec<&str> = OrderStatus::ALL.into_iter().filter(|s| s.is_live()).map(OrderStatus::as_str).collect();
        assert_eq!(crate::queries::LIVE_ORDER_STATUSES.to_vec(), live);
        let index = include_str!("../../../../migrations/2026-11-28-000020_held_card_payments/up.sql");
        let covered = format!("WHERE status IN ({})", live.iter().map(|s| format!("'{s}'")).collect::<Vec<_>>().join(", "));
        assert!(index.contains(&format!("CREATE UNIQUE INDEX orders_live_book_key ON orders (book_id) {covered};")), "{index}");
    }

    #[test]
    fn overdue_paying_orders_are_the_ones_expiry_may_move() {
        assert_eq!(puronoboi_domain::OrderMove::Expire.from(), [OrderStatus::Pending]);
    }

    #[test]
    fn the_deadline_sweep_reads_the_status_its_index_covers() {
        assert_eq!(puronoboi_domain::OrderMove::Lapse.from(), [OrderStatus::Held]);
        let index = include_str!("../../../../migrations/2026-11-28-000020_held_card_payments/up.sql");
        assert!(index.contains("CREATE INDEX orders_held_at_idx ON orders (held_at) WHERE status = 'held';"));
        assert!(super::LAPSE_OVERDUE_HOLDS_SQL.contains("WHERE status = 'held' AND held_at < $1"));
    }

    #[test]
    fn both_expiry_statements_end_with_the_same_steps() {
        assert!(super::EXPIRE_OVERDUE_SQL.ends_with(super::EXPIRE_TAIL.as_str()));
        assert!(super::EXPIRE_CHECKED_SQL.ends_with(super::EXPIRE_TAIL.as_str()));
        assert!(super::EXPIRE_TAIL.contains("SET status = 'expired'") && super::EXPIRE_TAIL.contains("status IN ('pending')"));
    }
}
