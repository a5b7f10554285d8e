//! What the admin sees of accounts and does to them. Every change is recorded with who did it, to whom and when.

use async_trait::async_trait;
use puronoboi_domain::{Account, AccountId, AccountRole, Page, PageRequest};

use crate::StoreError;

/// An account in the admin's tables, with how much it has done: listings for a seller, orders for a buyer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountOverview {
    pub account: Account,
    pub activity: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum AdminActionError {
    /// No live account of the kind the action is for has this id.
    #[error("no such account")]
    NotFound,
    /// Admins cannot be deleted (and an admin cannot delete themself).
    #[error("admins cannot be deleted")]
    IsAdmin,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

impl From<StoreError> for AdminActionError {
    fn from(e: StoreError) -> Self {
        Self::Unknown(e.0)
    }
}

#[async_trait]
pub trait AdminStore: Send + Sync {
    /// Live accounts of one role (buyer or seller), newest first, with their activity.
    async fn accounts_with_role(&self, role: AccountRole, page: PageRequest) -> Result<Page<AccountOverview>, StoreError>;

    /// Marks a live seller verified and records the action, in one transaction. Errors: `NotFound` (no live
    /// seller has this id).
    async fn verify_seller(&self, admin: AccountId, seller: AccountId) -> Result<AccountOverview, AdminActionError>;

    /// Closes a live buyer's or seller's account as deleted by an admin, withdraws its available listings and
    /// records the action, in one transaction. Errors: `NotFound`, `IsAdmin`.
    async fn delete_account(&self, admin: AccountId, target: AccountId) -> Result<Account, AdminActionError>;
}
