//! Card attempts on PostgreSQL: the per-order and per-account limits are counted in `card_attempts`, so they hold
//! across every server instance, by the database's clock.

use chrono::{DateTime, Utc};
use diesel::pg::data_types::PgInterval;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Interval, Nullable, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl};
use puronoboi_domain::{AccountId, OrderId, OrderMove};
use puronoboi_ports::{CardAttemptError, CardAttemptId, CardAttemptLimits, CardAttemptOutcome};

use crate::schema::{accounts, card_attempts, orders};
use crate::statement::statement;
use crate::status_writes::order_from;

/// When the buyer ($1) may try again: the time their $2-th newest attempt within the window ($3) leaves it, or NULL
/// when they made fewer than $2. The window slides, so one attempt leaving it makes room for one more.
const ACCOUNT_FULL_UNTIL_SQL: &str = "
SELECT (SELECT at + $3 FROM card_attempts
        WHERE account_id = $1 AND at > now() - $3
        ORDER BY at DESC OFFSET $2 - 1 LIMIT 1) AS until";

/// The same for the order ($1), counting only attempts that failed or have not finished: a card that paid or is
/// waiting for 3-D Secure is no guess at a card number.
const ORDER_FULL_UNTIL_SQL: &str = "
SELECT (SELECT at + $3 FROM card_attempts
        WHERE order_id = $1 AND at > now() - $3 AND outcome IN ('started', 'failed')
        ORDER BY at DESC OFFSET $2 - 1 LIMIT 1) AS until";

#[derive(QueryableByName)]
struct FullUntil {
    #[diesel(sql_type = Nullable<Timestamptz>)]
    until: Option<DateTime<Utc>>,
}

enum Step {
    Refused(CardAttemptError),
    Db(diesel::result::Error),
}

impl From<diesel::result::Error> for Step {
    fn from(e: diesel::result::Error) -> Self {
        Self::Db(e)
    }
}

pub(crate) async fn start(
    conn: &mut AsyncPgConnection,
    buyer: AccountId,
    order: OrderId,
    limits: CardAttemptLimits,
) -> Result<CardAttemptId, CardAttemptError> {
    let window = PgInterval::from_microseconds(i64::try_from(limits.window.as_micros()).unwrap_or(i64::MAX));
    let started = conn
        .transaction(async |conn| {
            // The buyer's row lock puts their attempts in a line, across tabs and instances: each one counts the
            // attempts committed before it, so two racing attempts cannot both take the last one allowed. (Read
            // committed: each statement after the lock sees what the previous holder committed.)
            accounts::table.find(buyer.as_uuid()).select(accounts::id).for_update().get_result::<uuid::Uuid>(conn).await?;
            let order_full: FullUntil = statement(ORDER_FULL_UNTIL_SQL)
                .bind::<SqlUuid, _>(order.as_uuid())
                .bind::<BigInt, _>(i64::from(limits.failed_per_order))
                .bind::<Interval, _>(window)
                .get_result(conn)
                .await?;
            if let Some(retry_at) = order_full.until {
                return Err(Step::Refused(CardAttemptError::OrderLimit { retry_at }));
            }
            let account_full: FullUntil = statement(ACCOUNT_FULL_UNTIL_SQL)
                .bind::<SqlUuid, _>(buyer.as_uuid())
                .bind::<BigInt, _>(i64::from(limits.per_account))
                .bind::<Interval, _>(window)
                .get_result(conn)
                .await?;
            if let Some(retry_at) = account_full.until {
                return Err(Step::Refused(CardAttemptError::AccountLimit { retry_at }));
            }
            let id: i64 = diesel::insert_into(card_attempts::table)
                .values((card_attempts::account_id.eq(buyer.as_uuid()), card_attempts::order_id.eq(order.as_uuid())))
                .returning(card_attempts::id)
                .get_result(conn)
                .await?;
            // Only an order that may still be paid records a card tried on it.
            diesel::update(orders::table.find(order.as_uuid()).filter(orders::status.eq_any(order_from(OrderMove::Pay))))
                .set(orders::payment_attempted_at.eq(diesel::dsl::now))
                .execute(conn)
                .await?;
            Ok(CardAttemptId(id))
        })
        .await;
    match started {
        Ok(id) => Ok(id),
        Err(Step::Refused(refused)) => Err(refused),
        Err(Step::Db(e)) => Err(CardAttemptError::Unknown(anyhow::Error::new(e).context("starting a card attempt"))),
    }
}

pub(crate) async fn finish(
    conn: &mut AsyncPgConnection,
    attempt: CardAttemptId,
    outcome: CardAttemptOutcome,
) -> Result<(), diesel::result::Error> {
    let outcome = match outcome {
        CardAttemptOutcome::Failed => "failed",
        CardAttemptOutcome::Accepted => "accepted",
        CardAttemptOutcome::Unanswered => "unanswered",
    };
    diesel::update(card_attempts::table.find(attempt.0)).set(card_attempts::outcome.eq(outcome)).execute(conn).await?;
    Ok(())
}
