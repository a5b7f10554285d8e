//! Reports and the admin's decisions on PostgreSQL. Filing a report locks the reported book, so that the reports
//! that together hide it are counted one after another: two people filing the third report at once cannot both see
//! two. Every decision is recorded in `admin_actions` in the transaction that makes it.

use std::collections::HashMap;

use anyhow::Context as _;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Bool, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use puronoboi_domain::{
    AccountId, BookId, BookMove, Page, PageRequest, Report, ReportContent, ReportId, ReportNote, ReportReason, ReportStatus, ReportTarget,
};
use puronoboi_ports::{FileReportError, FiledReport, ModerationError, ReportGroup, ReportStore, ReportedThing, StoreError};
use uuid::Uuid;

use crate::PgStore;
use crate::rows::{status, stored};
use crate::statement::statement;
use crate::status_writes::{book_from_sql, book_to_sql};

const HIDE_BOOK: &str = "hide_book";
const RESTORE_BOOK: &str = "restore_book";
const DISMISS_REPORTS: &str = "dismiss_reports";

/// Carries an outcome out of a transaction closure, whose error type must also absorb diesel's.
#[derive(Debug, thiserror::Error)]
enum Step<E> {
    #[error("refused")]
    Refused(E),
    #[error(transparent)]
    Db(#[from] diesel::result::Error),
}

#[derive(QueryableByName)]
struct TargetRow {
    #[diesel(sql_type = SqlUuid)]
    seller_id: Uuid,
}

#[derive(QueryableByName)]
struct ReportRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    reporter_id: Uuid,
    #[diesel(sql_type = Text)]
    reporter_name: String,
    #[diesel(sql_type = Text)]
    target_type: String,
    #[diesel(sql_type = SqlUuid)]
    target_id: Uuid,
    #[diesel(sql_type = Text)]
    reason: String,
    #[diesel(sql_type = Nullable<Text>)]
    note: Option<String>,
    #[diesel(sql_type = Text)]
    state: String,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

impl ReportRow {
    fn into_report(self) -> anyhow::Result<Report> {
        Ok(Report {
            id: ReportId::from_uuid(self.id),
            reporter_id: AccountId::from_uuid(self.reporter_id),
            reporter_name: self.reporter_name,
            target: target(&self.target_type, self.target_id)?,
            reason: stored(self.reason.parse(), "report reason")?,
            note: self.note.as_deref().map(|n| stored(ReportNote::parse(n), "report note")).transpose()?.flatten(),
            status: stored(self.state.parse(), "report state")?,
            created_at: self.created_at,
        })
    }
}

fn target(kind: &str, id: Uuid) -> anyhow::Result<ReportTarget> {
    match kind {
        "book" => Ok(ReportTarget::Book(BookId::from_uuid(id))),
        "seller" => Ok(ReportTarget::Seller(AccountId::from_uuid(id))),
        other => anyhow::bail!("a stored report target type {other:?} is unknown"),
    }
}

/// The columns of a report with its reporter's name, from `reports AS r`.
const REPORT_COLUMNS: &str =
    "r.id, r.reporter_id, a.name AS reporter_name, r.target_type, r.target_id, r.reason, r.note, r.state, r.created_at";

/// The book reported (not withdrawn), locked until the report is written.
const LOCK_BOOK_SQL: &str = "SELECT seller_id FROM books WHERE id = $1 AND status <> 'withdrawn' FOR UPDATE";

/// The open seller account reported.
const SELLER_SQL: &str = "SELECT id AS seller_id FROM accounts WHERE id = $1 AND role = 'seller' AND deleted_at IS NULL";

/// The reporter's account, locked: one reporter's reports are counted against the daily limit one at a time.
const LOCK_REPORTER_SQL: &str = "SELECT id FROM accounts WHERE id = $1 FOR UPDATE";

/// The reporter's reports of the last 24 hours, and how long until the oldest of them leaves that window.
const REPORTS_TODAY_SQL: &str = "
SELECT count(*) AS n, coalesce(extract(epoch FROM min(created_at) + interval '1 day' - now()), 0)::float8 AS seconds_left
FROM reports WHERE reporter_id = $1 AND created_at > now() - interval '1 day'";

#[derive(QueryableByName)]
struct ReportsToday {
    #[diesel(sql_type = BigInt)]
    n: i64,
    #[diesel(sql_type = diesel::sql_types::Double)]
    seconds_left: f64,
}

const INSERT_REPORT_SQL: &str = "
INSERT INTO reports (id, reporter_id, target_type, target_id, seller_id, reason, note)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT ON CONSTRAINT reports_once DO NOTHING";

/// The reporter's report of a target, with the reporter's name.
fn own_report_sql() -> String {
    format!(
        "SELECT {REPORT_COLUMNS} FROM reports AS r JOIN accounts AS a ON a.id = r.reporter_id
         WHERE r.reporter_id = $1 AND r.target_type = $2 AND r.target_id = $3"
    )
}

/// The open reports of a book and the reason most of them give (the newest report's among equals).
const OPEN_BOOK_REPORTS_SQL: &str = "
SELECT count(DISTINCT reporter_id) AS n,
       (SELECT reason FROM reports WHERE target_type = 'book' AND target_id = $1 AND state = 'open'
        GROUP BY reason ORDER BY count(*) DESC, max(created_at) DESC LIMIT 1) AS reason
FROM reports WHERE target_type = 'book' AND target_id = $1 AND state = 'open'";

#[derive(QueryableByName)]
struct OpenReports {
    #[diesel(sql_type = BigInt)]
    n: i64,
    #[diesel(sql_type = Nullable<Text>)]
    reason: Option<String>,
}

/// Hides book `$1` for reason `$2`, by `$3` ('reports' or 'admin'), while it is in a status the hide move leaves from.
fn hide_sql() -> String {
    format!(
        "UPDATE books SET status = {to}, hidden_reason = $2, hidden_by = $3, advertised = false WHERE id = $1 AND status IN ({from})",
        to = book_to_sql(BookMove::Hide),
        from = book_from_sql(BookMove::Hide)
    )
}

/// The admin keeps hidden, for reason `$2`, book `$1` that reports hid: no move, the listing stays where it is.
const CONFIRM_HIDDEN_SQL: &str =
    "UPDATE books SET hidden_reason = $2, hidden_by = 'admin' WHERE id = $1 AND status = 'hidden' AND hidden_by = 'reports'";

/// Puts hidden book `$1` back on sale; with `$2` only a book that reports hid (the admin's own hiding stays).
fn restore_sql() -> String {
    format!(
        "UPDATE books SET status = {to}, hidden_reason = NULL, hidden_by = NULL
         WHERE id = $1 AND status IN ({from}) AND (NOT $2 OR hidden_by = 'reports')",
        to = book_to_sql(BookMove::Restore),
        from = book_from_sql(BookMove::Restore)
    )
}

static HIDE_SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(hide_sql);
static RESTORE_SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(restore_sql);
static OWN_REPORT_SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(own_report_sql);

async fn own_report(conn: &mut AsyncPgConnection, reporter: AccountId, reported: ReportTarget) -> diesel::QueryResult<ReportRow> {
    statement(OWN_REPORT_SQL.as_str())
        .bind::<SqlUuid, _>(reporter.as_uuid())
        .bind::<Text, _>(reported.kind())
        .bind::<SqlUuid, _>(reported.id())
        .get_result::<ReportRow>(conn)
        .await
}

/// Closes the open reports of target (`$1` type, `$2` id) as `$3`, decided by `$4`.
const DECIDE_REPORTS_SQL: &str = "
UPDATE reports SET state = $3, decided_at = now(), decided_by = $4
WHERE target_type = $1 AND target_id = $2 AND state = 'open'";

/// Records an admin's decision about a listing (`$3`) or a seller (`$4`).
const RECORD_SQL: &str = "INSERT INTO admin_actions (admin_id, action, book_id, target_id, detail) VALUES ($1, $2, $3, $4, $5)";

#[derive(QueryableByName)]
struct BookStatusRow {
    #[diesel(sql_type = Text)]
    status: String,
}

const BOOK_STATUS_SQL: &str = "SELECT status FROM books WHERE id = $1 AND status <> 'withdrawn'";

async fn record(
    conn: &mut AsyncPgConnection,
    admin: AccountId,
    action: &str,
    about: ReportTarget,
    detail: &str,
) -> diesel::QueryResult<usize> {
    let (book, seller) = match about {
        ReportTarget::Book(book) => (Some(book.as_uuid()), None),
        ReportTarget::Seller(seller) => (None, Some(seller.as_uuid())),
    };
    statement(RECORD_SQL)
        .bind::<SqlUuid, _>(admin.as_uuid())
        .bind::<Text, _>(action)
        .bind::<Nullable<SqlUuid>, _>(book)
        .bind::<Nullable<SqlUuid>, _>(seller)
        .bind::<Text, _>(detail)
        .execute(conn)
        .await
}

async fn decide(conn: &mut AsyncPgConnection, target: ReportTarget, outcome: ReportStatus, admin: AccountId) -> diesel::QueryResult<usize> {
    statement(DECIDE_REPORTS_SQL)
        .bind::<Text, _>(target.kind())
        .bind::<SqlUuid, _>(target.id())
        .bind::<Text, _>(outcome.as_str())
        .bind::<SqlUuid, _>(admin.as_uuid())
        .execute(conn)
        .await
}

/// Why a book could not move: gone, or in another status.
async fn book_refusal(conn: &mut AsyncPgConnection, book: BookId) -> Result<ModerationError, Step<ModerationError>> {
    let row: Option<BookStatusRow> =
        diesel::OptionalExtension::optional(statement(BOOK_STATUS_SQL).bind::<SqlUuid, _>(book.as_uuid()).get_result(conn).await)?;
    Ok(match row {
        None => ModerationError::NotFound,
        Some(row) => match status(&row.status) {
            Ok(s) => ModerationError::WrongStatus(s),
            Err(e) => ModerationError::Unknown(e),
        },
    })
}

/// The reported things of `targets`, by target.
const THINGS_SQL: &str = "
SELECT t.target_type, t.target_id,
       coalesce(b.title, s.name) AS title, s.id AS seller_id, s.name AS seller_name, s.deleted_at IS NOT NULL AS seller_closed,
       b.status AS book_status, b.hidden_reason, coalesce(b.hidden_by = 'reports', false) AS hidden_by_reports
FROM unnest($1::text[], $2::uuid[]) AS t (target_type, target_id)
LEFT JOIN books AS b ON t.target_type = 'book' AND b.id = t.target_id
JOIN accounts AS s ON s.id = coalesce(b.seller_id, t.target_id)";

#[derive(QueryableByName)]
struct ThingRow {
    #[diesel(sql_type = Text)]
    target_type: String,
    #[diesel(sql_type = SqlUuid)]
    target_id: Uuid,
    #[diesel(sql_type = Text)]
    title: String,
    #[diesel(sql_type = SqlUuid)]
    seller_id: Uuid,
    #[diesel(sql_type = Text)]
    seller_name: String,
    #[diesel(sql_type = Bool)]
    seller_closed: bool,
    #[diesel(sql_type = Nullable<Text>)]
    book_status: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    hidden_reason: Option<String>,
    #[diesel(sql_type = Bool)]
    hidden_by_reports: bool,
}

impl ThingRow {
    fn into_thing(self) -> anyhow::Result<ReportedThing> {
        Ok(ReportedThing {
            target: target(&self.target_type, self.target_id)?,
            title: self.title,
            seller_id: AccountId::from_uuid(self.seller_id),
            seller_name: self.seller_name,
            seller_closed: self.seller_closed,
            book_status: self.book_status.as_deref().map(status).transpose()?,
            hidden_reason: self.hidden_reason.as_deref().map(|r| stored(r.parse::<ReportReason>(), "hidden reason")).transpose()?,
            hidden_by_reports: self.hidden_by_reports,
        })
    }
}

async fn things(conn: &mut AsyncPgConnection, targets: &[ReportTarget]) -> anyhow::Result<HashMap<ReportTarget, ReportedThing>> {
    let kinds: Vec<&str> = targets.iter().map(|t| t.kind()).collect();
    let ids: Vec<Uuid> = targets.iter().map(|t| t.id()).collect();
    let rows: Vec<ThingRow> = statement(THINGS_SQL)
        .bind::<diesel::sql_types::Array<Text>, _>(kinds)
        .bind::<diesel::sql_types::Array<SqlUuid>, _>(ids)
        .load(conn)
        .await
        .context("reading reported things")?;
    rows.into_iter().map(|row| row.into_thing().map(|thing| (thing.target, thing))).collect()
}

/// One page of targets with reports of status `$1`, the newest report first, each with the count of all such
/// targets. Read through `reports_state_idx`.
const GROUPS_SQL: &str = "
SELECT target_type, target_id, max(created_at) AS latest_at, count(*) OVER () AS total
FROM reports WHERE state = $1
GROUP BY target_type, target_id
ORDER BY latest_at DESC, target_type, target_id
LIMIT $2 OFFSET $3";

#[derive(QueryableByName)]
struct GroupRow {
    #[diesel(sql_type = Text)]
    target_type: String,
    #[diesel(sql_type = SqlUuid)]
    target_id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    latest_at: DateTime<Utc>,
    #[diesel(sql_type = BigInt)]
    total: i64,
}

/// The reports of status `$1` of the targets (`$2` types, `$3` ids), newest first.
fn group_reports_sql() -> String {
    format!(
        "SELECT {REPORT_COLUMNS} FROM reports AS r JOIN accounts AS a ON a.id = r.reporter_id
         JOIN unnest($2::text[], $3::uuid[]) AS t (target_type, target_id) ON t.target_type = r.target_type AND t.target_id = r.target_id
         WHERE r.state = $1
         ORDER BY r.created_at DESC, r.id"
    )
}

static GROUP_REPORTS_SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(group_reports_sql);

/// A report's target and status.
const REPORT_TARGET_SQL: &str = "SELECT target_type, target_id, state FROM reports WHERE id = $1 FOR UPDATE";

#[derive(QueryableByName)]
struct ReportTargetRow {
    #[diesel(sql_type = Text)]
    target_type: String,
    #[diesel(sql_type = SqlUuid)]
    target_id: Uuid,
    #[diesel(sql_type = Text)]
    state: String,
}

/// How PostgreSQL would run the reports' reads, for [`PgStore::query_plans`]: (name, plan).
pub(crate) async fn explained(conn: &mut AsyncPgConnection) -> diesel::QueryResult<Vec<(&'static str, String)>> {
    use crate::queries::Explain;
    let lines = |rows: Vec<String>| rows.join("\n");
    let some = Uuid::new_v4();
    let queue = statement(GROUPS_SQL).bind::<Text, _>("open").bind::<BigInt, _>(20_i64).bind::<BigInt, _>(0_i64);
    let open = statement(OPEN_BOOK_REPORTS_SQL).bind::<SqlUuid, _>(some);
    let today = statement(REPORTS_TODAY_SQL).bind::<SqlUuid, _>(some);
    Ok(vec![
        ("report queue", lines(Explain(queue).load(conn).await?)),
        ("a book's open reports", lines(Explain(open).load(conn).await?)),
        ("a reporter's reports today", lines(Explain(today).load(conn).await?)),
    ])
}

#[async_trait]
impl ReportStore for PgStore {
    async fn file_report(
        &self,
        reporter: AccountId,
        reported: ReportTarget,
        content: &ReportContent,
        hide_after: i64,
        per_day: i64,
    ) -> Result<FiledReport, FileReportError> {
        let mut conn = self.conn().await?;
        let outcome = conn
            .transaction::<_, Step<FileReportError>, _>(async |conn| {
                let found: Option<TargetRow> = match reported {
                    ReportTarget::Book(book) => diesel::OptionalExtension::optional(
                        statement(LOCK_BOOK_SQL).bind::<SqlUuid, _>(book.as_uuid()).get_result(conn).await,
                    )?,
                    ReportTarget::Seller(seller) => diesel::OptionalExtension::optional(
                        statement(SELLER_SQL).bind::<SqlUuid, _>(seller.as_uuid()).get_result(conn).await,
                    )?,
                };
                let Some(found) = found else { return Err(Step::Refused(FileReportError::TargetNotFound)) };
                if found.seller_id == reporter.as_uuid() {
                    return Err(Step::Refused(FileReportError::OwnTarget));
                }
                statement(LOCK_REPORTER_SQL).bind::<SqlUuid, _>(reporter.as_uuid()).execute(conn).await?;
                if let Some(row) = diesel::OptionalExtension::optional(own_report(conn, reporter, reported).await)? {
                    return Ok((row, false, false));
                }
                let today: ReportsToday = statement(REPORTS_TODAY_SQL).bind::<SqlUuid, _>(reporter.as_uuid()).get_result(conn).await?;
                if today.n >= per_day {
                    let retry_after = std::time::Duration::from_secs_f64(today.seconds_left.max(1.0));
                    return Err(Step::Refused(FileReportError::DailyLimit { limit: per_day, retry_after }));
                }
                statement(INSERT_REPORT_SQL)
                    .bind::<SqlUuid, _>(Uuid::new_v4())
                    .bind::<SqlUuid, _>(reporter.as_uuid())
                    .bind::<Text, _>(reported.kind())
                    .bind::<SqlUuid, _>(reported.id())
                    .bind::<SqlUuid, _>(found.seller_id)
                    .bind::<Text, _>(content.reason.as_str())
                    .bind::<Nullable<Text>, _>(content.note.as_ref().map(ReportNote::as_str))
                    .execute(conn)
                    .await?;
                let mut hid = false;
                if let ReportTarget::Book(book) = reported {
                    let open: OpenReports = statement(OPEN_BOOK_REPORTS_SQL).bind::<SqlUuid, _>(book.as_uuid()).get_result(conn).await?;
                    if open.n >= hide_after {
                        let reason = open.reason.unwrap_or_else(|| content.reason.as_str().to_owned());
                        hid = statement(HIDE_SQL.as_str())
                            .bind::<SqlUuid, _>(book.as_uuid())
                            .bind::<Text, _>(reason)
                            .bind::<Text, _>("reports")
                            .execute(conn)
                            .await?
                            == 1;
                    }
                }
                Ok((own_report(conn, reporter, reported).await?, true, hid))
            })
            .await;
        match outcome {
            Ok((row, created, hid_listing)) => Ok(FiledReport { report: row.into_report()?, created, hid_listing }),
            Err(Step::Refused(e)) => Err(e),
            Err(Step::Db(e)) => Err(anyhow::Error::new(e).context("filing a report").into()),
        }
    }

    async fn report_groups(&self, wanted: ReportStatus, page: PageRequest) -> Result<Page<ReportGroup>, StoreError> {
        let mut conn = self.conn().await?;
        let offset = i64::try_from(page.offset()).context("page offset overflows")?;
        let groups: Vec<GroupRow> = statement(GROUPS_SQL)
            .bind::<Text, _>(wanted.as_str())
            .bind::<BigInt, _>(i64::from(page.per_page()))
            .bind::<BigInt, _>(offset)
            .load(&mut conn)
            .await
            .context("reading the report queue")?;
        let total = groups.as_slice().first().map_or(0, |g| g.total);
        let targets: Vec<ReportTarget> = groups.iter().map(|g| target(&g.target_type, g.target_id)).collect::<anyhow::Result<_>>()?;
        let mut things = things(&mut conn, &targets).await?;
        let reports: Vec<ReportRow> = statement(GROUP_REPORTS_SQL.as_str())
            .bind::<Text, _>(wanted.as_str())
            .bind::<diesel::sql_types::Array<Text>, _>(targets.iter().map(|t| t.kind()).collect::<Vec<_>>())
            .bind::<diesel::sql_types::Array<SqlUuid>, _>(targets.iter().map(|t| t.id()).collect::<Vec<_>>())
            .load(&mut conn)
            .await
            .context("reading the queue's reports")?;
        let mut by_target: HashMap<ReportTarget, Vec<Report>> = HashMap::new();
        for row in reports {
            let report = row.into_report()?;
            by_target.entry(report.target).or_default().push(report);
        }
        let mut items = Vec::with_capacity(groups.len());
        for (group, target) in groups.into_iter().zip(targets) {
            let thing = things.remove(&target).with_context(|| format!("reported {target:?} has no book or seller"))?;
            items.push(ReportGroup { thing, reports: by_target.remove(&target).unwrap_or_default(), latest_at: group.latest_at });
        }
        Ok(Page { items, request: page, total })
    }

    async fn dismiss_reports(&self, admin: AccountId, report: ReportId) -> Result<ReportedThing, ModerationError> {
        let mut conn = self.conn().await?;
        let outcome = conn
            .transaction::<_, Step<ModerationError>, _>(async |conn| {
                let row: Option<ReportTargetRow> = diesel::OptionalExtension::optional(
                    statement(REPORT_TARGET_SQL).bind::<SqlUuid, _>(report.as_uuid()).get_result(conn).await,
                )?;
                let Some(row) = row else { return Err(Step::Refused(ModerationError::NotFound)) };
                if row.state != ReportStatus::Open.as_str() {
                    return Err(Step::Refused(ModerationError::Decided));
                }
                let reported = target(&row.target_type, row.target_id).map_err(|e| Step::Refused(ModerationError::Unknown(e)))?;
                decide(conn, reported, ReportStatus::Dismissed, admin).await?;
                if let ReportTarget::Book(book) = reported {
                    statement(RESTORE_SQL.as_str()).bind::<SqlUuid, _>(book.as_uuid()).bind::<Bool, _>(true).execute(conn).await?;
                }
                record(conn, admin, DISMISS_REPORTS, reported, reported.kind()).await?;
                Ok(reported)
            })
            .await;
        let reported = match outcome {
            Ok(reported) => reported,
            Err(Step::Refused(e)) => return Err(e),
            Err(Step::Db(e)) => return Err(anyhow::Error::new(e).context("dismissing reports").into()),
        };
        things(&mut conn, &[reported]).await?.remove(&reported).ok_or(ModerationError::NotFound)
    }

    async fn hide_book(&self, admin: AccountId, book: BookId, reason: ReportReason) -> Result<(), ModerationError> {
        let mut conn = self.conn().await?;
        let outcome = conn
            .transaction::<_, Step<ModerationError>, _>(async |conn| {
                let hidden = statement(HIDE_SQL.as_str())
                    .bind::<SqlUuid, _>(book.as_uuid())
                    .bind::<Text, _>(reason.as_str())
                    .bind::<Text, _>("admin")
                    .execute(conn)
                    .await?;
                let confirmed = if hidden == 0 {
                    statement(CONFIRM_HIDDEN_SQL).bind::<SqlUuid, _>(book.as_uuid()).bind::<Text, _>(reason.as_str()).execute(conn).await?
                } else {
                    0
                };
                if hidden == 0 && confirmed == 0 {
                    return Err(Step::Refused(book_refusal(conn, book).await?));
                }
                decide(conn, ReportTarget::Book(book), ReportStatus::Actioned, admin).await?;
                record(conn, admin, HIDE_BOOK, ReportTarget::Book(book), reason.as_str()).await?;
                Ok(())
            })
            .await;
        match outcome {
            Ok(()) => Ok(()),
            Err(Step::Refused(e)) => Err(e),
            Err(Step::Db(e)) => Err(anyhow::Error::new(e).context("hiding a listing").into()),
        }
    }

    async fn restore_book(&self, admin: AccountId, book: BookId) -> Result<(), ModerationError> {
        let mut conn = self.conn().await?;
        let outcome = conn
            .transaction::<_, Step<ModerationError>, _>(async |conn| {
                let restored =
                    statement(RESTORE_SQL.as_str()).bind::<SqlUuid, _>(book.as_uuid()).bind::<Bool, _>(false).execute(conn).await?;
                if restored == 0 {
                    return Err(Step::Refused(book_refusal(conn, book).await?));
                }
                decide(conn, ReportTarget::Book(book), ReportStatus::Dismissed, admin).await?;
                record(conn, admin, RESTORE_BOOK, ReportTarget::Book(book), "").await?;
                Ok(())
            })
            .await;
        match outcome {
            Ok(()) => Ok(()),
            Err(Step::Refused(e)) => Err(e),
            Err(Step::Db(e)) => Err(anyhow::Error::new(e).context("restoring a listing").into()),
        }
    }

    async fn seller_closed(&self, admin: AccountId, seller: AccountId) -> Result<u64, StoreError> {
        let mut conn = self.conn().await?;
        let decided =
            statement("UPDATE reports SET state = 'actioned', decided_at = now(), decided_by = $2 WHERE seller_id = $1 AND state = 'open'")
                .bind::<SqlUuid, _>(seller.as_uuid())
                .bind::<SqlUuid, _>(admin.as_uuid())
                .execute(&mut conn)
                .await
                .context("closing a closed seller's reports")?;
        Ok(u64::try_from(decided).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hide_and_restore_guards_are_spelled_from_the_books_table_of_moves() {
        assert!(hide_sql().contains("SET status = 'hidden'") && hide_sql().contains("status IN ('available')"), "{}", hide_sql());
        assert!(restore_sql().contains("SET status = 'available'") && restore_sql().contains("status IN ('hidden')"), "{}", restore_sql());
    }
}
