//! What the admin sees of accounts and does to them. Every change is recorded with who did it, to whom and when.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{
    Account, AccountId, AccountRole, AccountSearch, Book, Category, CategoryId, CategoryName, Order, Page, PageRequest,
};

use crate::StoreError;

/// An account in the admin's tables, with how much it has done: listings for a seller, orders for a buyer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountOverview {
    pub account: Account,
    pub activity: i64,
}

/// A seller as the admin opens them from the seller table: the account and every listing it ever made.
#[derive(Debug, Clone, PartialEq)]
pub struct SellerBooksForAdmin {
    pub seller: AccountOverview,
    /// Every status, withdrawn ones included, newest first.
    pub books: Page<Book>,
}

/// A buyer as the admin opens them from the buyer table: the account and every order it ever placed.
#[derive(Debug, Clone, PartialEq)]
pub struct BuyerOrdersForAdmin {
    pub buyer: AccountOverview,
    /// Every status, newest first.
    pub orders: Page<Order>,
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

/// A category in the admin's table, with its books.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryOverview {
    pub category: Category,
    /// Books in every status, withdrawn ones included: a category can be deleted only when this is 0.
    pub books: i64,
    /// Books a buyer can order now.
    pub available_books: i64,
    pub created_at: DateTime<Utc>,
    /// When it was created or a book was last listed in it.
    pub last_used_at: DateTime<Utc>,
}

/// A merge's outcome: the category that now holds the books, and how many moved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MergedCategory {
    pub into: Category,
    pub moved_books: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum CategoryActionError {
    /// No category has the id the action is for.
    #[error("no such category")]
    NotFound,
    /// The category to merge into does not exist.
    #[error("no category to merge into")]
    IntoNotFound,
    /// A category cannot be merged into itself.
    #[error("a category cannot be merged into itself")]
    SameCategory,
    /// Another category already has this name, in some letter case.
    #[error("another category is named {:?}", .0.name)]
    NameTaken(Category),
    /// Only an empty category can be deleted; this one holds books (in any status).
    #[error("the category holds {books} book(s)")]
    NotEmpty { books: i64 },
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

#[async_trait]
pub trait AdminStore: Send + Sync {
    /// Live accounts of one role (buyer or seller) that pass every filter of `search`, newest first, with their
    /// activity; `total` counts the filtered accounts. Text matches a substring of the name or the address in any
    /// letter case, its `%` and `_` as plain characters.
    async fn accounts_with_role(
        &self,
        role: AccountRole,
        search: &AccountSearch,
        page: PageRequest,
    ) -> Result<Page<AccountOverview>, StoreError>;

    /// A live seller's listings in every status (withdrawn ones too), newest first. `None` when no live seller has
    /// this id (a buyer's or an admin's id, or a closed account's).
    async fn seller_books(&self, seller: AccountId, page: PageRequest) -> Result<Option<SellerBooksForAdmin>, StoreError>;

    /// A live buyer's orders in every status, newest first. `None` when no live buyer has this id.
    async fn buyer_orders(&self, buyer: AccountId, page: PageRequest) -> Result<Option<BuyerOrdersForAdmin>, StoreError>;

    /// Marks a live seller verified and records the action, in one transaction. Errors: `NotFound` (no live
    /// seller has this id).
    async fn verify_seller(&self, admin: AccountId, seller: AccountId) -> Result<AccountOverview, AdminActionError>;

    /// Closes a live buyer's or seller's account as deleted by an admin, withdraws its available listings and
    /// records the action, in one transaction. Errors: `NotFound`, `IsAdmin`.
    async fn delete_account(&self, admin: AccountId, target: AccountId) -> Result<Account, AdminActionError>;

    /// Every category by name, with its books.
    async fn categories(&self, page: PageRequest) -> Result<Page<CategoryOverview>, StoreError>;

    /// Renames a category and records the action, in one transaction. Errors: `NotFound`, `NameTaken`.
    async fn rename_category(&self, admin: AccountId, id: CategoryId, name: &CategoryName) -> Result<Category, CategoryActionError>;

    /// Moves every book of `from`, whatever its status, into `into`, deletes `from` and records the action, in one
    /// transaction. Errors: `NotFound` (`from`), `IntoNotFound`, `SameCategory`.
    async fn merge_category(&self, admin: AccountId, from: CategoryId, into: CategoryId) -> Result<MergedCategory, CategoryActionError>;

    /// Deletes a category that holds no book in any status and records the action, in one transaction. Errors:
    /// `NotFound`, `NotEmpty`.
    async fn delete_category(&self, admin: AccountId, id: CategoryId) -> Result<Category, CategoryActionError>;
}
