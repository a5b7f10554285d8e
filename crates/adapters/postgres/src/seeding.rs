//! Accounts opened before their owners ever sign in: the demo catalogue's sellers and buyers, and test data. Not a
//! port: no use case opens an account this way, only whoever fills a database (the demo seed, test builders).

use diesel::result::DatabaseErrorKind;
use diesel_async::RunQueryDsl as _;
use puronoboi_domain::{AccountId, AccountRole, Email, PersonName};

use crate::PgStore;
use crate::errors::violated_constraint;
use crate::rows::NewAccountRow;
use crate::schema::accounts;

/// An account with no sign-in yet: its owner claims it later by signing in with its address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeededAccount {
    pub name: PersonName,
    pub email: Email,
    pub role: AccountRole,
    pub verified: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum SeedAccountError {
    #[error("an account with this e-mail already exists")]
    EmailTaken,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

impl PgStore {
    /// Drops the e-mail notices of every order there is, unsent: the demo seed places and hands over orders to show a
    /// lived-in shop, and that history is nobody's news. Only for filling an empty database.
    pub async fn drop_seeded_notices(&self) -> Result<u64, anyhow::Error> {
        let mut conn = self.conn().await?;
        let dropped = diesel::sql_query(
            "UPDATE mail_outbox SET dropped_at = now(), last_error = 'the demo seed''s history' WHERE sent_at IS NULL AND dropped_at IS NULL",
        )
        .execute(&mut conn)
        .await?;
        Ok(u64::try_from(dropped).unwrap_or(0))
    }

    /// Opens an account without an identity. Errors: `EmailTaken` when a live account already uses the e-mail (any
    /// letter case).
    pub async fn open_seeded_account(&self, account: SeededAccount) -> Result<AccountId, SeedAccountError> {
        let mut conn = self.conn().await?;
        let id = AccountId::new();
        let inserted = diesel::insert_into(accounts::table)
            .values(NewAccountRow {
                id: id.as_uuid(),
                name: account.name.as_str(),
                email: account.email.as_str(),
                role: account.role.as_str(),
                verified: account.verified,
            })
            .execute(&mut conn)
            .await;
        match inserted {
            Ok(_) => Ok(id),
            Err(e) if violated_constraint(&e, DatabaseErrorKind::UniqueViolation) == Some("accounts_live_email_key") => {
                Err(SeedAccountError::EmailTaken)
            }
            Err(e) => Err(anyhow::Error::new(e).context("opening a seeded account").into()),
        }
    }
}
