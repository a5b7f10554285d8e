//! The per-account upload allowance on PostgreSQL: one row per account, counted by one conditional statement.

use std::num::NonZeroU32;
use std::time::Duration;

use anyhow::Context as _;
use async_trait::async_trait;
use diesel::pg::data_types::PgInterval;
use diesel::prelude::*;
use diesel::sql_types::{Integer, Interval, Uuid as SqlUuid};
use diesel_async::RunQueryDsl;
use puronoboi_domain::AccountId;
use puronoboi_ports::{TakeUploadError, UploadQuota};

use crate::PgStore;
use crate::schema::upload_quotas;
use crate::statement::statement;

/// Opens the account's window, counts one more upload in the window that is open, or opens a new window when the
/// open one is at least $3 old; the WHERE refuses the update when the open window already counts $2. No row comes
/// back exactly when the upload is refused.
///
/// One statement, so it is atomic: concurrent statements for one account queue on the row lock (or on the primary
/// key when the row is new), and each re-reads the row as the previous one left it before its WHERE decides. The
/// clock is the database's, the same for every server instance.
const TAKE_UPLOAD_SQL: &str = "
INSERT INTO upload_quotas AS quota (account_id, window_start, uploads)
VALUES ($1, now(), 1)
ON CONFLICT (account_id) DO UPDATE SET
    window_start = CASE WHEN quota.window_start <= now() - $3 THEN now() ELSE quota.window_start END,
    uploads = CASE WHEN quota.window_start <= now() - $3 THEN 1 ELSE quota.uploads + 1 END
WHERE quota.window_start <= now() - $3 OR quota.uploads < $2
RETURNING uploads";

#[derive(QueryableByName)]
#[diesel(table_name = upload_quotas)]
struct Counted {
    #[expect(dead_code, reason = "only whether a row came back matters")]
    uploads: i32,
}

#[async_trait]
impl UploadQuota for PgStore {
    async fn take_upload(&self, account: AccountId, limit: NonZeroU32, window: Duration) -> Result<(), TakeUploadError> {
        let limit = i32::try_from(limit.get()).unwrap_or(i32::MAX);
        let window = PgInterval::from_microseconds(i64::try_from(window.as_micros()).unwrap_or(i64::MAX));
        let mut conn = self.conn().await?;
        let counted: Option<Counted> = statement(TAKE_UPLOAD_SQL)
            .bind::<SqlUuid, _>(account.as_uuid())
            .bind::<Integer, _>(limit)
            .bind::<Interval, _>(window)
            .get_result(&mut conn)
            .await
            .optional()
            .context("taking an upload from the account's allowance")?;
        counted.map(|_| ()).ok_or(TakeUploadError::Exhausted)
    }
}
