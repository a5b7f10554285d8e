//! Accounts: who may sign in, with which role, and how their sessions and closures are recorded.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{Account, AccountId, AccountRole, ClosedReason, Email, Language, PersonName};

use crate::StoreError;

/// An account to open for a newly verified identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewIdentityAccount {
    pub firebase_uid: String,
    pub name: PersonName,
    pub email: Email,
    /// Whether this sign-in proved the address.
    pub email_verified: bool,
    pub role: AccountRole,
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

#[derive(Debug, thiserror::Error)]
pub enum LinkIdentityError {
    /// No live account has this id.
    #[error("no such account")]
    NotFound,
    /// The account already belongs to another identity, or the identity to another account.
    #[error("the account or the identity is already linked")]
    AlreadyLinked,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum SupersedeError {
    /// The account to take the address (or identity) over from is no longer in the state that allowed it (a
    /// concurrent sign-in changed it): start over.
    #[error("the account changed while its address was being taken over")]
    Changed,
    #[error(transparent)]
    Open(#[from] OpenIdentityAccountError),
}

#[async_trait]
pub trait AccountStore: Send + Sync {
    /// The account with this id, live or closed.
    async fn account_by_id(&self, id: AccountId) -> Result<Option<Account>, StoreError>;

    /// The account linked to this identity, live or closed.
    async fn account_by_firebase_uid(&self, uid: &str) -> Result<Option<Account>, StoreError>;

    /// Every account ever opened with this address, live and closed, newest first (at most 50).
    async fn accounts_by_email(&self, email: &Email) -> Result<Vec<Account>, StoreError>;

    /// Errors: `EmailTaken` when a live account uses the address; `IdentityTaken` when the uid is linked already.
    async fn open_identity_account(&self, account: NewIdentityAccount) -> Result<Account, OpenIdentityAccountError>;

    /// Links an identity to a live account that has none yet (a seeded account claimed by the address's proven
    /// owner), recording the address as proven and revoking older sessions.
    /// Errors: `NotFound` (no live account), `AlreadyLinked`.
    async fn link_identity(&self, id: AccountId, firebase_uid: &str) -> Result<Account, LinkIdentityError>;

    /// Records what a session opening decided: the account's role now, and whether this sign-in (made at
    /// `signed_in_at`) proved the address (a proven address stays proven). In one conditional statement the session
    /// generation moves on when the role changes or the address is proven for the first time, so every older access
    /// token is revoked; a first proof also ends every sign-in made before `signed_in_at`, so that whoever used the
    /// address unproven cannot open a session with an older identity token. `None` when no live account has this id.
    async fn record_sign_in(
        &self,
        id: AccountId,
        role: AccountRole,
        email_proven: bool,
        signed_in_at: DateTime<Utc>,
    ) -> Result<Option<Account>, StoreError>;

    /// Logout: moves the session generation on, revoking every access token of the account, and records that every
    /// sign-in made before `ended_at` (a whole second, never moved back) is over. `None` when no live account has
    /// this id.
    async fn end_sessions(&self, id: AccountId, ended_at: DateTime<Utc>) -> Result<Option<Account>, StoreError>;

    /// Closes a live account, ends its sign-ins (as of the next whole second) and withdraws its available
    /// listings, in one transaction. `None` when no live account has this id.
    async fn close_account(&self, id: AccountId, reason: ClosedReason) -> Result<Option<Account>, StoreError>;

    /// The proven owner of an address takes it over from an account opened with it unproven, in one transaction:
    /// the old account is closed as superseded (only while it is still live and unproven), its available listings
    /// are withdrawn, and the owner's account opens. Errors: `Changed` when the old account is no longer live and
    /// unproven; `Open(..)` as for [`AccountStore::open_identity_account`].
    async fn supersede_and_open(&self, unproven: AccountId, owner: NewIdentityAccount) -> Result<Account, SupersedeError>;

    /// The proven owner of an address signs in with the identity of an account an admin closed while its address
    /// was unproven (the identity provider linked the owner's proven sign-in to the identity the squatter had
    /// made): in one transaction the closed account gives up the identity and the owner's fresh account opens with
    /// it, its sign-ins ended before `signed_in_at` (the squatter's older identity tokens stay refused). Errors:
    /// `Changed` when `closed` is no longer an unproven, admin-closed account of this identity; `Open(..)` as for
    /// [`AccountStore::open_identity_account`].
    async fn reopen_for_proven_owner(
        &self,
        closed: AccountId,
        owner: NewIdentityAccount,
        signed_in_at: DateTime<Utc>,
    ) -> Result<Account, SupersedeError>;

    /// Sets a live account's photo; answers the account and the photo URL it replaced, if any.
    async fn replace_photo_url(&self, id: AccountId, url: &str) -> Result<Option<(Account, Option<String>)>, StoreError>;

    /// Sets the language a live account reads the marketplace in. `None` when no live account has this id.
    async fn set_language(&self, id: AccountId, language: Language) -> Result<Option<Account>, StoreError>;
}
