//! Accounts on PostgreSQL.

use anyhow::Context as _;
use async_trait::async_trait;
use chrono::{DateTime, Timelike as _, Utc};
use diesel::prelude::*;
use diesel::result::DatabaseErrorKind;
use diesel::sql_types::{Bool, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl};
use puronoboi_domain::{Account, AccountId, AccountRole, BookMove, ClosedReason, Email, Language};
use puronoboi_ports::{AccountStore, LinkIdentityError, NewIdentityAccount, OpenIdentityAccountError, StoreError, SupersedeError};

use crate::PgStore;
use crate::errors::violated_constraint;
use crate::queries;
use crate::rows::AccountRow;
use crate::schema::{accounts, books};
use crate::statement::statement;
use crate::status_writes::book_from;

fn into_account(row: AccountRow) -> Result<Account, StoreError> {
    Ok(row.try_into()?)
}

/// One statement: the role and the proof of the address are recorded, and the generation moves on exactly when
/// the role changes or the address is proven for the first time; a first proof also ends every sign-in before this
/// one ($4). SET expressions read the row as it was.
const RECORD_SIGN_IN_SQL: &str = "
UPDATE accounts SET
    session_generation = session_generation
        + CASE WHEN role <> $2 OR (NOT email_verified AND $3) THEN 1 ELSE 0 END,
    sessions_ended_at = CASE WHEN NOT email_verified AND $3
        THEN GREATEST(sessions_ended_at, date_trunc('second', $4::timestamptz)) ELSE sessions_ended_at END,
    role = $2,
    email_verified = email_verified OR $3
WHERE id = $1 AND deleted_at IS NULL
RETURNING *";

/// Sign-ins end as of the next whole second: `auth_time` is in whole seconds, and one in this very second cannot be
/// told apart from one just before (see `puronoboi_domain::sessions_end_instant`).
const END_OF_SESSIONS_NOW: &str = "date_trunc('second', now()) + interval '1 second'";

/// Inserts an account for an identity; a unique index names what was already taken.
async fn insert_identity_account(conn: &mut AsyncPgConnection, account: &NewIdentityAccount) -> Result<Account, OpenIdentityAccountError> {
    let inserted = diesel::insert_into(accounts::table)
        .values((
            accounts::id.eq(AccountId::new().as_uuid()),
            accounts::firebase_uid.eq(&account.firebase_uid),
            accounts::name.eq(account.name.as_str()),
            accounts::email.eq(account.email.as_str()),
            accounts::email_verified.eq(account.email_verified),
            accounts::role.eq(account.role.as_str()),
            accounts::verified.eq(false),
        ))
        .returning(AccountRow::as_returning())
        .get_result(conn)
        .await;
    match inserted {
        Ok(row) => Ok(into_account(row)?),
        Err(e) => match violated_constraint(&e, DatabaseErrorKind::UniqueViolation) {
            Some("accounts_live_email_key") => Err(OpenIdentityAccountError::EmailTaken),
            Some("accounts_firebase_uid_key") => Err(OpenIdentityAccountError::IdentityTaken),
            _ => Err(anyhow::Error::new(e).context("opening an account for an identity").into()),
        },
    }
}

/// Closes a live account (optionally only while its address is unproven) and withdraws its available listings.
/// Runs inside the caller's transaction. `None` when no account matched.
pub(crate) async fn close_in(
    conn: &mut AsyncPgConnection,
    id: AccountId,
    reason: ClosedReason,
    only_if_unproven: bool,
) -> Result<Option<Account>, diesel::result::Error> {
    let target = accounts::table.find(id.as_uuid()).filter(accounts::deleted_at.is_null());
    let ended = diesel::dsl::sql::<diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>>(&format!(
        "GREATEST(sessions_ended_at, {END_OF_SESSIONS_NOW})"
    ));
    let changes =
        (accounts::deleted_at.eq(diesel::dsl::now), accounts::closed_reason.eq(reason.as_str()), accounts::sessions_ended_at.eq(ended));
    let closed: Option<AccountRow> = if only_if_unproven {
        diesel::update(target.filter(accounts::email_verified.eq(false)))
            .set(changes)
            .returning(AccountRow::as_returning())
            .get_result(conn)
            .await
            .optional()?
    } else {
        diesel::update(target).set(changes).returning(AccountRow::as_returning()).get_result(conn).await.optional()?
    };
    let Some(row) = closed else { return Ok(None) };
    // Books a buyer holds (pending) or bought (sold) stay as they are: those sales belong to the buyers too.
    diesel::update(books::table.filter(books::seller_id.eq(id.as_uuid())).filter(books::status.eq_any(book_from(BookMove::Withdraw))))
        .set(books::status.eq(BookMove::Withdraw.to().as_str()))
        .execute(conn)
        .await?;
    crate::orders::settle_orders_of_closed_account(conn, id).await?;
    row.try_into().map(Some).map_err(|e: anyhow::Error| diesel::result::Error::QueryBuilderError(e.into()))
}

#[async_trait]
impl AccountStore for PgStore {
    async fn account_by_id(&self, id: AccountId) -> Result<Option<Account>, StoreError> {
        let mut conn = self.conn().await?;
        let row = accounts::table
            .find(id.as_uuid())
            .select(AccountRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .context("looking up an account")?;
        row.map(into_account).transpose()
    }

    async fn account_by_firebase_uid(&self, uid: &str) -> Result<Option<Account>, StoreError> {
        let mut conn = self.conn().await?;
        let row =
            queries::account_by_firebase_uid(uid).get_result(&mut conn).await.optional().context("looking up an account by identity")?;
        row.map(into_account).transpose()
    }

    async fn accounts_by_email(&self, email: &Email) -> Result<Vec<Account>, StoreError> {
        let mut conn = self.conn().await?;
        let rows: Vec<AccountRow> =
            queries::accounts_by_email(email.as_str()).load(&mut conn).await.context("looking up accounts by e-mail")?;
        rows.into_iter().map(into_account).collect()
    }

    async fn open_identity_account(&self, account: NewIdentityAccount) -> Result<Account, OpenIdentityAccountError> {
        let mut conn = self.conn().await?;
        insert_identity_account(&mut conn, &account).await
    }

    async fn link_identity(&self, id: AccountId, firebase_uid: &str) -> Result<Account, LinkIdentityError> {
        let mut conn = self.conn().await?;
        // Only a live account without an identity can be claimed; the filter makes the check and the write one step.
        let updated = diesel::update(
            accounts::table.find(id.as_uuid()).filter(accounts::firebase_uid.is_null()).filter(accounts::deleted_at.is_null()),
        )
        .set((
            accounts::firebase_uid.eq(firebase_uid),
            accounts::email_verified.eq(true),
            accounts::session_generation.eq(accounts::session_generation + 1),
        ))
        .returning(AccountRow::as_returning())
        .get_result(&mut conn)
        .await
        .optional();
        match updated {
            Ok(Some(row)) => Ok(into_account(row)?),
            Ok(None) => {
                let live = accounts::table
                    .find(id.as_uuid())
                    .filter(accounts::deleted_at.is_null())
                    .count()
                    .get_result::<i64>(&mut conn)
                    .await
                    .context("checking an account")?;
                Err(if live == 0 { LinkIdentityError::NotFound } else { LinkIdentityError::AlreadyLinked })
            }
            Err(e) if violated_constraint(&e, DatabaseErrorKind::UniqueViolation) == Some("accounts_firebase_uid_key") => {
                Err(LinkIdentityError::AlreadyLinked)
            }
            Err(e) => Err(anyhow::Error::new(e).context("linking an identity").into()),
        }
    }

    async fn record_sign_in(
        &self,
        id: AccountId,
        role: AccountRole,
        email_proven: bool,
        signed_in_at: DateTime<Utc>,
    ) -> Result<Option<Account>, StoreError> {
        let mut conn = self.conn().await?;
        let row: Option<AccountRow> = statement(RECORD_SIGN_IN_SQL)
            .bind::<SqlUuid, _>(id.as_uuid())
            .bind::<Text, _>(role.as_str())
            .bind::<Bool, _>(email_proven)
            .bind::<Timestamptz, _>(signed_in_at)
            .get_result(&mut conn)
            .await
            .optional()
            .context("recording a sign-in")?;
        row.map(into_account).transpose()
    }

    async fn end_sessions(&self, id: AccountId, ended_at: DateTime<Utc>) -> Result<Option<Account>, StoreError> {
        let mut conn = self.conn().await?;
        let ended_at = puronoboi_domain::sessions_end_instant(ended_at);
        // Never moved back: a later logout on a machine whose clock lags must not reopen what an earlier one ended.
        let ended = diesel::dsl::sql::<diesel::sql_types::Nullable<Timestamptz>>("GREATEST(sessions_ended_at, ")
            .bind::<Timestamptz, _>(ended_at)
            .sql(")");
        let row = diesel::update(accounts::table.find(id.as_uuid()).filter(accounts::deleted_at.is_null()))
            .set((accounts::session_generation.eq(accounts::session_generation + 1), accounts::sessions_ended_at.eq(ended)))
            .returning(AccountRow::as_returning())
            .get_result(&mut conn)
            .await
            .optional()
            .context("ending an account's sessions")?;
        row.map(into_account).transpose()
    }

    async fn close_account(&self, id: AccountId, reason: ClosedReason) -> Result<Option<Account>, StoreError> {
        let mut conn = self.conn().await?;
        let closed = conn.transaction(async |conn| close_in(conn, id, reason, false).await).await.context("closing an account")?;
        Ok(closed)
    }

    async fn supersede_and_open(&self, unproven: AccountId, owner: NewIdentityAccount) -> Result<Account, SupersedeError> {
        #[derive(Debug, thiserror::Error)]
        enum Step {
            #[error("changed")]
            Changed,
            #[error(transparent)]
            Open(OpenIdentityAccountError),
            #[error(transparent)]
            Db(#[from] diesel::result::Error),
        }
        let mut conn = self.conn().await.map_err(OpenIdentityAccountError::from)?;
        let result = conn
            .transaction(async |conn| {
                close_in(conn, unproven, ClosedReason::Superseded, true).await?.ok_or(Step::Changed)?;
                insert_identity_account(conn, &owner).await.map_err(Step::Open)
            })
            .await;
        result.map_err(|e| match e {
            Step::Changed => SupersedeError::Changed,
            Step::Open(open) => SupersedeError::Open(open),
            Step::Db(db) => SupersedeError::Open(anyhow::Error::new(db).context("taking over an address").into()),
        })
    }

    async fn reopen_for_proven_owner(
        &self,
        closed: AccountId,
        owner: NewIdentityAccount,
        signed_in_at: DateTime<Utc>,
    ) -> Result<Account, SupersedeError> {
        #[derive(Debug, thiserror::Error)]
        enum Step {
            #[error("changed")]
            Changed,
            #[error(transparent)]
            Open(OpenIdentityAccountError),
            #[error(transparent)]
            Db(#[from] diesel::result::Error),
        }
        let mut conn = self.conn().await.map_err(OpenIdentityAccountError::from)?;
        let result = conn
            .transaction(async |conn| {
                let released = diesel::update(
                    accounts::table
                        .find(closed.as_uuid())
                        .filter(accounts::firebase_uid.eq(&owner.firebase_uid))
                        .filter(accounts::closed_reason.eq(ClosedReason::DeletedByAdmin.as_str()))
                        .filter(accounts::email_verified.eq(false)),
                )
                .set(accounts::firebase_uid.eq(None::<String>))
                .returning(accounts::sessions_ended_at)
                .get_result::<Option<DateTime<Utc>>>(conn)
                .await
                .optional()?
                .ok_or(Step::Changed)?;
                let opened = insert_identity_account(conn, &owner).await.map_err(Step::Open)?;
                // The identity's earlier sign-ins (the squatter's, whose tokens Firebase may still refresh) stay ended.
                let owner_signed_in = signed_in_at.with_nanosecond(0).unwrap_or(signed_in_at);
                let since = released.map_or(owner_signed_in, |ended| ended.max(owner_signed_in));
                let row = diesel::update(accounts::table.find(opened.id.as_uuid()))
                    .set(accounts::sessions_ended_at.eq(since))
                    .returning(AccountRow::as_returning())
                    .get_result(conn)
                    .await?;
                Ok::<_, Step>(row)
            })
            .await;
        match result {
            Ok(row) => Ok(into_account(row).map_err(OpenIdentityAccountError::from)?),
            Err(Step::Changed) => Err(SupersedeError::Changed),
            Err(Step::Open(open)) => Err(SupersedeError::Open(open)),
            Err(Step::Db(db)) => {
                Err(SupersedeError::Open(anyhow::Error::new(db).context("opening an account for an address's owner").into()))
            }
        }
    }

    async fn replace_photo_url(&self, id: AccountId, url: &str) -> Result<Option<(Account, Option<String>)>, StoreError> {
        let mut conn = self.conn().await?;
        let url = url.to_owned();
        let replaced = conn
            .transaction(async |conn| {
                {
                    // The row lock makes two concurrent uploads queue, so each learns exactly the photo it replaced.
                    let old: Option<Option<String>> = accounts::table
                        .find(id.as_uuid())
                        .filter(accounts::deleted_at.is_null())
                        .select(accounts::photo_url)
                        .for_update()
                        .first(conn)
                        .await
                        .optional()?;
                    let Some(old) = old else { return Ok::<_, diesel::result::Error>(None) };
                    let row = diesel::update(accounts::table.find(id.as_uuid()))
                        .set(accounts::photo_url.eq(&url))
                        .returning(AccountRow::as_returning())
                        .get_result(conn)
                        .await?;
                    Ok(Some((row, old)))
                }
            })
            .await
            .context("replacing a photo")?;
        replaced.map(|(row, old)| Ok((into_account(row)?, old))).transpose()
    }

    async fn set_language(&self, id: AccountId, language: Language) -> Result<Option<Account>, StoreError> {
        let mut conn = self.conn().await?;
        let row: Option<AccountRow> = diesel::update(accounts::table.find(id.as_uuid()).filter(accounts::deleted_at.is_null()))
            .set(accounts::language.eq(language.code()))
            .returning(AccountRow::as_returning())
            .get_result(&mut conn)
            .await
            .optional()
            .context("setting an account's language")?;
        row.map(into_account).transpose()
    }
}
