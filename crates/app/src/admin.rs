//! The admin's tables of sellers, buyers and categories, and the admin's actions on them.

use std::sync::Arc;

use puronoboi_domain::{
    Account, AccountId, AccountRole, AccountSearch, Category, CategoryId, CategoryName, FieldError, FieldErrors, Page, PageRequest,
};
use puronoboi_ports::{
    AccountOverview, AdminActionError, AdminStore, BuyerOrdersForAdmin, CategoryActionError, CategoryOverview, MergedCategory,
    SellerBooksForAdmin, StoreError,
};

#[derive(Debug, thiserror::Error)]
pub enum RenameCategoryError {
    /// The new name breaks the rules names are created with; nothing changed.
    #[error("the name is invalid")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Action(#[from] CategoryActionError),
}

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

    /// Live sellers passing every filter of `search`, newest first.
    pub async fn sellers(&self, search: &AccountSearch, page: PageRequest) -> Result<Page<AccountOverview>, StoreError> {
        self.store.accounts_with_role(AccountRole::Seller, search, page).await
    }

    /// Live buyers passing every filter of `search`, newest first.
    pub async fn buyers(&self, search: &AccountSearch, page: PageRequest) -> Result<Page<AccountOverview>, StoreError> {
        self.store.accounts_with_role(AccountRole::Buyer, search, page).await
    }

    /// A live seller's listings in every status, for the admin reviewing them; `None`: no live seller has this id.
    pub async fn seller_books(&self, seller: AccountId, page: PageRequest) -> Result<Option<SellerBooksForAdmin>, StoreError> {
        self.store.seller_books(seller, page).await
    }

    /// A live buyer's orders in every status, for the admin reviewing them; `None`: no live buyer has this id.
    pub async fn buyer_orders(&self, buyer: AccountId, page: PageRequest) -> Result<Option<BuyerOrdersForAdmin>, StoreError> {
        self.store.buyer_orders(buyer, page).await
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

    pub async fn categories(&self, page: PageRequest) -> Result<Page<CategoryOverview>, StoreError> {
        self.store.categories(page).await
    }

    /// Renames a category, under the rules a seller's new category is named by (unique whatever the letter case).
    pub async fn rename_category(&self, admin: &Account, id: CategoryId, name: &str) -> Result<Category, RenameCategoryError> {
        let name = CategoryName::parse(name).map_err(|e| RenameCategoryError::Invalid([("name", FieldError::of(&e.0))].into()))?;
        let renamed = self.store.rename_category(admin.id, id, &name).await?;
        tracing::info!(admin = %admin.id, category = %id, name = %renamed.name, "category renamed");
        Ok(renamed)
    }

    /// Moves every book of one category into another and removes the first.
    pub async fn merge_category(&self, admin: &Account, from: CategoryId, into: CategoryId) -> Result<MergedCategory, CategoryActionError> {
        let merged = self.store.merge_category(admin.id, from, into).await?;
        tracing::info!(admin = %admin.id, from = %from, into = %into, moved = merged.moved_books, "category merged");
        Ok(merged)
    }

    /// Deletes a category that holds no book at all (withdrawn ones included: merge such a category instead).
    pub async fn delete_category(&self, admin: &Account, id: CategoryId) -> Result<Category, CategoryActionError> {
        let deleted = self.store.delete_category(admin.id, id).await?;
        tracing::info!(admin = %admin.id, category = %id, name = %deleted.name, "category deleted");
        Ok(deleted)
    }
}
