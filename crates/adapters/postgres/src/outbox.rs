//! The mail outbox on PostgreSQL: notices written in the transaction of the order change that causes them, and taken
//! by delivery workers on any number of server instances, each notice by one worker at a time (a lease taken with
//! `FOR UPDATE SKIP LOCKED`, as the owed refunds are taken).
//!
//! Order statements add their notices with [`notices_insert_sql`] (an `INSERT` to put in their own `WITH` list, so
//! the notice commits or rolls back with the change) or, from inside a diesel transaction, [`enqueue_notices`].

use std::sync::LazyLock;
use std::time::Duration;

use anyhow::Context as _;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::pg::data_types::PgInterval;
use diesel::sql_types::{BigInt, Integer, Interval, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use puronoboi_domain::{Language, NoticeKind, NoticeRecipient, OrderId, Phone, Taka};
use puronoboi_ports::{Addressee, MailOutbox, NoticeOrder, OutboxId, QueuedNotice, StoreError};
use uuid::Uuid;

use crate::PgStore;
use crate::statement::statement;

/// An `INSERT` of the notices `kind` of every order in `from` (a table or a `WITH` query of the statement it goes in),
/// whose order id is the column `order_id` (`"cancelled.id"`): one row per recipient of the kind, as the domain's
/// table says, and nothing for a notice written before. Meant for the `WITH` list of a statement that changes orders,
/// so that the notices commit with the change and only with it:
///
/// ```text
/// WITH cancelled AS (UPDATE orders SET ... RETURNING id, book_id),
///      notices AS (<notices_insert_sql(NoticeKind::Cancelled, "cancelled", "cancelled.id")>)
/// UPDATE books SET ... WHERE id IN (SELECT book_id FROM cancelled)
/// ```
///
/// PostgreSQL runs a data-modifying `WITH` query whether or not the rest of the statement reads it. `from` and
/// `order_id` are pasted into the SQL: pass text written in this crate, never input.
pub(crate) fn notices_insert_sql(kind: NoticeKind, from: &str, order_id: &str) -> String {
    let recipients = kind.recipients().iter().map(|r| format!("'{}'", r.as_str())).collect::<Vec<_>>().join(", ");
    format!(
        "INSERT INTO mail_outbox (order_id, kind, recipient) \
         SELECT {order_id}, '{kind}', recipient FROM {from}, unnest(ARRAY[{recipients}]::text[]) AS recipients (recipient) \
         ON CONFLICT (order_id, kind, recipient) DO NOTHING",
        kind = kind.as_str(),
    )
}

/// Per kind, the statement that writes the notices of the one order $1 (see [`notices_insert_sql`]).
static ENQUEUE_SQL: LazyLock<Vec<(NoticeKind, String)>> = LazyLock::new(|| {
    NoticeKind::ALL
        .into_iter()
        .map(|kind| (kind, format!("WITH target AS (SELECT $1::uuid AS id) {}", notices_insert_sql(kind, "target", "target.id"))))
        .collect()
});

/// Writes the notices `kind` of `order` for each of the kind's recipients, on `conn`: inside the caller's transaction
/// when it has one, so that they commit with the order change they tell of. A notice written before is left as it
/// is. Answers how many notices were added; fails (a foreign key violation) when there is no such order.
pub(crate) async fn enqueue_notices(conn: &mut AsyncPgConnection, order: Uuid, kind: NoticeKind) -> Result<usize, diesel::result::Error> {
    let sql = ENQUEUE_SQL
        .iter()
        .find(|(written, _)| *written == kind)
        .map(|(_, sql)| sql.as_str())
        .ok_or_else(|| diesel::result::Error::QueryBuilderError(format!("no statement writes the {kind} notices").into()))?;
    statement(sql).bind::<diesel::sql_types::Uuid, _>(order).execute(conn).await
}

/// Why a notice taken from the outbox was dropped instead of answered.
const RECIPIENT_CLOSED: &str = "the recipient's account is closed";

/// Takes up to $3 notices due at $1 and holds them until $1 + $2; those whose recipient's account is closed are
/// dropped instead. One statement: SKIP LOCKED lets the workers of several instances take at the same moment, each
/// other notices, without waiting for one another; the lease keeps them apart afterwards. The notice's order and its
/// recipient's account are read as they are now.
static TAKE_DUE_SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "
WITH due AS (
    SELECT m.id, addressee.deleted_at IS NOT NULL AS closed
    FROM mail_outbox m
    JOIN orders o ON o.id = m.order_id
    JOIN books b ON b.id = o.book_id
    JOIN accounts addressee ON addressee.id = CASE m.recipient WHEN '{buyer}' THEN o.buyer_id ELSE b.seller_id END
    WHERE m.sent_at IS NULL AND m.dropped_at IS NULL AND m.due_at <= $1
    ORDER BY m.due_at, m.id
    LIMIT $3
    FOR UPDATE OF m SKIP LOCKED
),
dropped AS (
    UPDATE mail_outbox SET dropped_at = $1, last_error = '{closed}'
    FROM due WHERE mail_outbox.id = due.id AND due.closed
),
taken AS (
    UPDATE mail_outbox SET due_at = $1 + $2
    FROM due WHERE mail_outbox.id = due.id AND NOT due.closed
    RETURNING mail_outbox.id, mail_outbox.order_id, mail_outbox.kind, mail_outbox.recipient, mail_outbox.attempts
)
SELECT taken.id, taken.kind, taken.recipient, taken.attempts,
       o.id AS order_id, o.title, o.author, o.price, o.buyer_name, o.phone, o.location, o.payment_method, o.cancel_reason,
       o.status, o.created_at AS placed_at, o.held_at,
       addressee.email, addressee.name, addressee.language
FROM taken
JOIN orders o ON o.id = taken.order_id
JOIN books b ON b.id = o.book_id
JOIN accounts addressee ON addressee.id = CASE taken.recipient WHEN '{buyer}' THEN o.buyer_id ELSE b.seller_id END
ORDER BY taken.id",
        buyer = NoticeRecipient::Buyer.as_str(),
        closed = RECIPIENT_CLOSED.replace('\'', "''"),
    )
});

/// Records notice $1 sent at $2. A notice sent twice (a worker whose lease ran out while it was sending) keeps the
/// first time; one dropped meanwhile by another worker went out after all, and says so.
const MARK_SENT_SQL: &str = "UPDATE mail_outbox SET sent_at = coalesce(sent_at, $2), dropped_at = NULL WHERE id = $1";

/// Counts a failed attempt at notice $1, keeps its error $3 and makes it due again at $2, unless it is settled.
const MARK_FAILED_SQL: &str = "
UPDATE mail_outbox SET attempts = attempts + 1, due_at = $2, last_error = $3
WHERE id = $1 AND sent_at IS NULL AND dropped_at IS NULL";

/// Counts a failed attempt at notice $1, keeps its error $3 and drops it at $2, unless it is settled.
const GIVE_UP_SQL: &str = "
UPDATE mail_outbox SET attempts = attempts + 1, dropped_at = $2, last_error = $3
WHERE id = $1 AND sent_at IS NULL AND dropped_at IS NULL";

/// Drops notice $1 that could not be read ($2 says why) without counting an attempt: none was made.
const DROP_UNREADABLE_SQL: &str = "
UPDATE mail_outbox SET dropped_at = now(), last_error = $2
WHERE id = $1 AND sent_at IS NULL AND dropped_at IS NULL";

/// The longest error kept on a row: enough for any relay's answer, and no more whatever a transport reports.
const MAX_ERROR_CHARS: usize = 2000;

fn bounded(error: &str) -> &str {
    error.char_indices().nth(MAX_ERROR_CHARS).map_or(error, |(end, _)| &error[..end])
}

#[derive(QueryableByName)]
struct DueRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Text)]
    recipient: String,
    #[diesel(sql_type = Integer)]
    attempts: i32,
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    order_id: Uuid,
    #[diesel(sql_type = Text)]
    title: String,
    #[diesel(sql_type = Text)]
    author: String,
    #[diesel(sql_type = Integer)]
    price: i32,
    #[diesel(sql_type = Text)]
    buyer_name: String,
    #[diesel(sql_type = Text)]
    phone: String,
    #[diesel(sql_type = Text)]
    location: String,
    #[diesel(sql_type = Text)]
    payment_method: String,
    #[diesel(sql_type = Nullable<Text>)]
    cancel_reason: Option<String>,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Timestamptz)]
    placed_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    held_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Text)]
    email: String,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Nullable<Text>)]
    language: Option<String>,
}

impl DueRow {
    fn into_notice(self) -> anyhow::Result<QueuedNotice> {
        Ok(QueuedNotice {
            id: OutboxId(self.id),
            kind: self.kind.parse()?,
            recipient: self.recipient.parse()?,
            failed_attempts: u32::try_from(self.attempts).unwrap_or(0),
            order: NoticeOrder {
                id: OrderId::from_uuid(self.order_id),
                title: self.title,
                author: self.author,
                price: Taka::new(i64::from(self.price)).context("the order's stored price")?,
                buyer_name: self.buyer_name,
                buyer_phone: Phone::parse(&self.phone).context("the order's stored phone")?,
                meeting_place: self.location,
                payment_method: self.payment_method.parse()?,
                cancel_reason: self.cancel_reason.map(|r| r.parse()).transpose()?,
                status: self.status.parse()?,
                placed_at: self.placed_at,
                held_at: self.held_at,
                handover_deadline: None,
            },
            to: Addressee {
                email: self.email,
                name: self.name,
                // Most of the marketplace's readers read Bangla first: it is what an account that never chose gets.
                language: self.language.map(|l| l.parse()).transpose()?.unwrap_or(Language::Bangla),
            },
        })
    }
}

#[async_trait]
impl MailOutbox for PgStore {
    async fn enqueue(&self, order: OrderId, kind: NoticeKind) -> Result<u64, StoreError> {
        let mut conn = self.conn().await?;
        let added = enqueue_notices(&mut conn, order.as_uuid(), kind).await.with_context(|| format!("writing the {kind} notices"))?;
        Ok(u64::try_from(added).unwrap_or(0))
    }

    async fn take_due(&self, now: DateTime<Utc>, lease: Duration, limit: i64) -> Result<Vec<QueuedNotice>, StoreError> {
        let lease = PgInterval::from_microseconds(i64::try_from(lease.as_micros()).unwrap_or(i64::MAX));
        let mut conn = self.conn().await?;
        let rows: Vec<DueRow> = statement(TAKE_DUE_SQL.as_str())
            .bind::<Timestamptz, _>(now)
            .bind::<Interval, _>(lease)
            .bind::<BigInt, _>(limit)
            .load(&mut conn)
            .await
            .context("taking the notices due")?;
        let mut due = Vec::with_capacity(rows.len());
        for row in rows {
            let id = row.id;
            match row.into_notice() {
                Ok(notice) => due.push(notice),
                // One unreadable row must not hold up the others, nor come back every lease: it is dropped, and
                // its error kept on it for a person to look at.
                Err(e) => {
                    let error = format!("unreadable: {e:#}");
                    tracing::error!(outbox = id, error, "dropped a notice that could not be read");
                    statement(DROP_UNREADABLE_SQL)
                        .bind::<BigInt, _>(id)
                        .bind::<Text, _>(bounded(&error))
                        .execute(&mut conn)
                        .await
                        .context("dropping an unreadable notice")?;
                }
            }
        }
        Ok(due)
    }

    async fn mark_sent(&self, id: OutboxId, at: DateTime<Utc>) -> Result<(), StoreError> {
        let mut conn = self.conn().await?;
        statement(MARK_SENT_SQL)
            .bind::<BigInt, _>(id.0)
            .bind::<Timestamptz, _>(at)
            .execute(&mut conn)
            .await
            .context("recording a notice sent")?;
        Ok(())
    }

    async fn mark_failed(&self, id: OutboxId, retry_at: DateTime<Utc>, error: &str) -> Result<(), StoreError> {
        let mut conn = self.conn().await?;
        statement(MARK_FAILED_SQL)
            .bind::<BigInt, _>(id.0)
            .bind::<Timestamptz, _>(retry_at)
            .bind::<Text, _>(bounded(error))
            .execute(&mut conn)
            .await
            .context("recording a failed notice")?;
        Ok(())
    }

    async fn give_up(&self, id: OutboxId, at: DateTime<Utc>, error: &str) -> Result<(), StoreError> {
        let mut conn = self.conn().await?;
        statement(GIVE_UP_SQL)
            .bind::<BigInt, _>(id.0)
            .bind::<Timestamptz, _>(at)
            .bind::<Text, _>(bounded(error))
            .execute(&mut conn)
            .await
            .context("dropping a notice")?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_insert_writes_one_row_per_recipient_of_the_kind_and_nothing_twice() {
        assert_eq!(
            notices_insert_sql(NoticeKind::Cancelled, "cancelled", "cancelled.id"),
            "INSERT INTO mail_outbox (order_id, kind, recipient) SELECT cancelled.id, 'cancelled', recipient FROM cancelled, \
             unnest(ARRAY['seller', 'buyer']::text[]) AS recipients (recipient) ON CONFLICT (order_id, kind, recipient) DO NOTHING"
        );
        assert!(notices_insert_sql(NoticeKind::OrderPlaced, "placed", "placed.id").contains("unnest(ARRAY['seller']::text[])"));
    }

    #[test]
    fn each_kind_has_its_own_enqueue_statement_with_no_placeholder_but_the_order() {
        assert_eq!(ENQUEUE_SQL.len(), NoticeKind::ALL.len());
        for (kind, sql) in ENQUEUE_SQL.iter() {
            assert!(sql.contains(&format!("'{}'", kind.as_str())), "{sql}");
            assert_eq!(sql.matches('$').count(), 1, "{sql}");
        }
    }

    #[test]
    fn the_take_statement_reads_the_buyer_or_the_seller_as_the_domain_names_them() {
        assert!(TAKE_DUE_SQL.contains("WHEN 'buyer' THEN o.buyer_id ELSE b.seller_id"));
        assert!(TAKE_DUE_SQL.contains("'the recipient''s account is closed'"), "quoted for SQL");
    }

    #[test]
    fn errors_are_kept_bounded_on_a_character_boundary() {
        assert_eq!(bounded("short"), "short");
        let long = "৳".repeat(MAX_ERROR_CHARS + 10);
        assert_eq!(bounded(&long).chars().count(), MAX_ERROR_CHARS);
    }
}
