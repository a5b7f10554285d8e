//! The admin's tables of sellers and buyers, and the admin's actions on them.

use std::sync::Arc;

use puronoboi_domain::{Account, AccountId, AccountRole, Page, PageRequest};
use puronoboi_ports::{AccountOverview, AdminActionError, AdminStore, StoreError};

use crate::revocation::SignInRevoker;

#[derive(Clone)]
pub struct Admin {
    store: Arc<dyn AdminStore>,
    revoker: SignInRevoker,
}

impl Admin {
    pub fn new(store: Arc<dyn AdminStore>) -> Self {
        Self { store, revoker: SignInRevoker::default() }
    }

    /// Also revokes a deleted account's refresh tokens at the identity provider.
    #[must_use]
    pub fn with_revoker(mut self, revoker: SignInRevoker) -> Self {
        self.revoker = revoker;
        self
    }

    pub async fn sellers(&self, page: PageRequest) -> Result<Page<AccountOverview>, StoreError> {
        self.store.accounts_with_role(AccountRole::Seller, page).await
    }

    pub async fn buyers(&self, page: PageRequest) -> Result<Page<AccountOverview>, StoreError> {
        self.store.accounts_with_role(AccountRole::Buyer, page).await
    }

    pub async fn verify_seller(&self, admin: &Account, seller: AccountId) -> Result<AccountOverview, AdminActionError> {
        let verified = self.store.verify_seller(admin.id, seller).await?;
        tracing::info!(admin = %admin.id, seller = %seller, "seller verified");
        Ok(verified)
    }

    /// Deletes a buyer or a seller: the account is closed, never erased, so its history stays and its address
    /// stays refused. Admins cannot be deleted, themselves included.
    pub async fn delete_account(&self, admin: &Account, target: AccountId) -> Result<Account, AdminActionError> {
        if admin.id == target {
            return Err(AdminActionError::IsAdmin);
        }
        let deleted = self.store.delete_account(admin.id, target).await?;
        tracing::info!(admin = %admin.id, account = %target, role = %deleted.role, "account deleted");
        self.revoker.revoke(deleted.firebase_uid.as_deref()).await;
        Ok(deleted)
    }
}
