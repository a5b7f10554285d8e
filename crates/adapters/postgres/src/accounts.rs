//! Accounts on PostgreSQL.

use anyhow::Context as _;
use async_trait::async_trait;
use diesel::prelude::*;
use diesel::result::DatabaseErrorKind;
use diesel_async::RunQueryDsl;
use puronoboi_domain::{AccountId, AccountRole};
use puronoboi_ports::{Account, AccountStore, LinkIdentityError, NewIdentityAccount, OpenIdentityAccountError, StoreError};

use crate::PgStore;
use crate::catalogue::lower;
use crate::errors::violated_constraint;
use crate::rows::AccountRow;
use crate::schema::accounts;

fn into_account(row: AccountRow) -> Result<Account, StoreError> {
    Ok(row.try_into()?)
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
        let row = accounts::table
            .filter(accounts::firebase_uid.eq(uid))
            .select(AccountRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .context("looking up an account by identity")?;
        row.map(into_account).transpose()
    }

    async fn accounts_by_email(&self, email: &str) -> Result<Vec<Account>, StoreError> {
        let mut conn = self.conn().await?;
        let rows: Vec<AccountRow> = accounts::table
            .filter(lower(accounts::email).eq(email.to_lowercase()))
            .order(accounts::created_at.desc())
            // Deleted accounts accumulate only as fast as an admin removes the same person; a bound keeps it honest.
            .limit(50)
            .select(AccountRow::as_select())
            .load(&mut conn)
            .await
            .context("looking up accounts by e-mail")?;
        rows.into_iter().map(into_account).collect()
    }

    async fn open_identity_account(&self, account: NewIdentityAccount) -> Result<Account, OpenIdentityAccountError> {
        let mut conn = self.conn().await?;
        let inserted = diesel::insert_into(accounts::table)
            .values((
                accounts::id.eq(AccountId::new().as_uuid()),
                accounts::firebase_uid.eq(&account.firebase_uid),
                accounts::name.eq(&account.name),
                accounts::email.eq(&account.email),
                accounts::role.eq(account.role.as_str()),
                accounts::verified.eq(false),
            ))
            .returning(AccountRow::as_returning())
            .get_result(&mut conn)
            .await;
        match inserted {
            Ok(row) => Ok(row.try_into()?),
            Err(e) => match violated_constraint(&e, DatabaseErrorKind::UniqueViolation) {
                Some("accounts_live_email_key") => Err(OpenIdentityAccountError::EmailTaken),
                Some("accounts_firebase_uid_key") => Err(OpenIdentityAccountError::IdentityTaken),
                _ => Err(anyhow::Error::new(e).context("opening an account for an identity").into()),
            },
        }
    }

    async fn link_identity(&self, id: AccountId, firebase_uid: &str) -> Result<Account, LinkIdentityError> {
        let mut conn = self.conn().await?;
        // Only an account without an identity can be claimed; the filter makes the check and the write one step.
        let updated = diesel::update(accounts::table.find(id.as_uuid()).filter(accounts::firebase_uid.is_null()))
            .set(accounts::firebase_uid.eq(firebase_uid))
            .returning(AccountRow::as_returning())
            .get_result(&mut conn)
            .await
            .optional();
        match updated {
            Ok(Some(row)) => Ok(row.try_into()?),
            Ok(None) => {
                let exists =
                    accounts::table.find(id.as_uuid()).count().get_result::<i64>(&mut conn).await.context("checking an account")?;
                Err(if exists == 0 { LinkIdentityError::NotFound } else { LinkIdentityError::AlreadyLinked })
            }
            Err(e) if violated_constraint(&e, DatabaseErrorKind::UniqueViolation) == Some("accounts_firebase_uid_key") => {
                Err(LinkIdentityError::AlreadyLinked)
            }
            Err(e) => Err(anyhow::Error::new(e).context("linking an identity").into()),
        }
    }

    async fn promote_to_admin(&self, id: AccountId) -> Result<Account, StoreError> {
        let mut conn = self.conn().await?;
        let row = diesel::update(accounts::table.find(id.as_uuid()))
            .set(accounts::role.eq(AccountRole::Admin.as_str()))
            .returning(AccountRow::as_returning())
            .get_result(&mut conn)
            .await
            .context("promoting an account to admin")?;
        into_account(row)
    }

    async fn set_photo_url(&self, id: AccountId, url: &str) -> Result<Account, StoreError> {
        let mut conn = self.conn().await?;
        let row = diesel::update(accounts::table.find(id.as_uuid()))
            .set(accounts::photo_url.eq(url))
            .returning(AccountRow::as_returning())
            .get_result(&mut conn)
            .await
            .context("setting a photo")?;
        into_account(row)
    }
}
