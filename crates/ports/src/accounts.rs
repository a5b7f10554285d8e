//! Accounts: who may sign in, with which role.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{AccountId, AccountRole};

use crate::StoreError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: AccountId,
    /// The identity provider's user id; `None` for an account seeded before its identity existed.
    pub firebase_uid: Option<String>,
    pub name: String,
    pub email: String,
    pub role: AccountRole,
    pub verified: bool,
    pub photo_url: Option<String>,
    pub created_at: DateTime<Utc>,
    pub deleted_at: Option<DateTime<Utc>>,
}

impl Account {
    pub fn is_deleted(&self) -> bool {
        self.deleted_at.is_some()
    }
}

/// An account to open for a newly verified identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewIdentityAccount {
    pub firebase_uid: String,
    pub name: String,
    pub email: String,
    pub role: AccountRole,
}

#[derive(Debug, thiserror::Error)]
pub enum LinkIdentityError {
    #[error("no such account")]
    NotFound,
    /// The account already belongs to another identity, or the identity to another account.
    #[error("the account or the identity is already linked")]
    AlreadyLinked,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

#[async_trait]
pub trait AccountStore: Send + Sync {
    /// The account with this id, deleted or not.
    async fn account_by_id(&self, id: AccountId) -> Result<Option<Account>, StoreError>;

    /// The account linked to this identity, deleted or not.
    async fn account_by_firebase_uid(&self, uid: &str) -> Result<Option<Account>, StoreError>;

    /// Every account ever opened with this e-mail (any letter case), live and deleted, newest first.
    async fn accounts_by_email(&self, email: &str) -> Result<Vec<Account>, StoreError>;

    /// Errors: `EmailTaken` when a live account uses the e-mail; `IdentityTaken` when the uid is linked already.
    async fn open_identity_account(&self, account: NewIdentityAccount) -> Result<Account, OpenIdentityAccountError>;

    /// Links an identity to an account that has none yet (a seeded account claimed by its owner).
    async fn link_identity(&self, id: AccountId, firebase_uid: &str) -> Result<Account, LinkIdentityError>;

    /// Makes the account an admin (admins come from configuration, never from a client).
    async fn promote_to_admin(&self, id: AccountId) -> Result<Account, StoreError>;

    async fn set_photo_url(&self, id: AccountId, url: &str) -> Result<Account, StoreError>;
}

#[derive(Debug, thiserror::Error)]
pub enum OpenIdentityAccountError {
    #[error("an account with this e-mail already exists")]
    EmailTaken,
    #[error("this identity already has an account")]
    IdentityTaken,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}
