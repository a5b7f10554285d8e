//! The admin's view of accounts, and the admin's actions, each recorded in `admin_actions` in the same
//! transaction as the change it records.

use anyhow::Context as _;
use async_trait::async_trait;
use diesel::prelude::*;
use diesel::result::DatabaseErrorKind;
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl};
use puronoboi_domain::{
    Account, AccountId, AccountRole, AccountSearch, Category, CategoryId, CategoryName, ClosedReason, Page, PageRequest,
};
use puronoboi_ports::{
    AccountOverview, AdminActionError, AdminStore, BuyerOrdersForAdmin, CategoryActionError, CategoryOverview, MergedCategory,
    SellerBooksForAdmin, StoreError,
};

use crate::PgStore;
use crate::accounts::close_in;
use crate::errors::violated_constraint;
use crate::orders::into_order;
use crate::queries;
use crate::rows::{AccountRow, AdminCategoryRow, BookRow, CategoryRow, OrderRow};
use crate::schema::{accounts, admin_actions, books, categories};

const VERIFY_SELLER: &str = "verify_seller";
const DELETE_ACCOUNT: &str = "delete_account";
const RENAME_CATEGORY: &str = "rename_category";
const MERGE_CATEGORY: &str = "merge_category";
const DELETE_CATEGORY: &str = "delete_category";

/// Carries a domain outcome out of a transaction closure, whose error type must also absorb diesel's.
#[derive(Debug, thiserror::Error)]
enum Step {
    #[error("no such account")]
    NotFound,
    #[error("an admin")]
    IsAdmin,
    #[error(transparent)]
    Db(#[from] diesel::result::Error),
}

impl From<Step> for AdminActionError {
    fn from(step: Step) -> Self {
        match step {
            Step::NotFound => Self::NotFound,
            Step::IsAdmin => Self::IsAdmin,
            Step::Db(e) => Self::Unknown(anyhow::Error::new(e).context("an admin action")),
        }
    }
}

/// Carries a category action's outcome out of a transaction closure.
#[derive(Debug, thiserror::Error)]
enum CategoryStep {
    #[error(transparent)]
    Refused(CategoryActionError),
    #[error(transparent)]
    Db(#[from] diesel::result::Error),
}

impl From<CategoryStep> for CategoryActionError {
    fn from(step: CategoryStep) -> Self {
        match step {
            CategoryStep::Refused(e) => e,
            CategoryStep::Db(e) => Self::Unknown(anyhow::Error::new(e).context("an admin's category action")),
        }
    }
}

/// The category, locked until the transaction ends: a book listed in it meanwhile waits (its reference to the
/// category takes a lock this one excludes), so a merge or a delete sees every book the category will ever hold.
async fn locked_category(conn: &mut AsyncPgConnection, id: CategoryId) -> QueryResult<Option<Category>> {
    let row: Option<CategoryRow> =
        categories::table.find(id.as_uuid()).select(CategoryRow::as_select()).for_update().first(conn).await.optional()?;
    Ok(row.map(Into::into))
}

async fn record_category_action(
    conn: &mut AsyncPgConnection,
    admin: AccountId,
    action: &str,
    category: CategoryId,
    detail: String,
) -> QueryResult<usize> {
    diesel::insert_into(admin_actions::table)
        .values((
            admin_actions::admin_id.eq(admin.as_uuid()),
            admin_actions::action.eq(action),
            admin_actions::category_id.eq(category.as_uuid()),
            admin_actions::detail.eq(detail),
        ))
        .execute(conn)
        .await
}

fn overview((account, activity): (AccountRow, i64)) -> Result<AccountOverview, StoreError> {
    Ok(AccountOverview { account: account.try_into()?, activity })
}

/// The live account of this role with this id, with its activity.
async fn live_overview(conn: &mut AsyncPgConnection, role: AccountRole, id: AccountId) -> Result<Option<AccountOverview>, StoreError> {
    let row: Option<(AccountRow, i64)> =
        queries::live_account_with_role(role.as_str(), id.as_uuid()).get_result(conn).await.optional().context("reading an account")?;
    row.map(overview).transpose()
}

#[async_trait]
impl AdminStore for PgStore {
    async fn accounts_with_role(
        &self,
        role: AccountRole,
        search: &AccountSearch,
        page: PageRequest,
    ) -> Result<Page<AccountOverview>, StoreError> {
        let mut conn = self.conn().await?;
        let total: i64 = queries::live_account_count(role.as_str(), search).get_result(&mut conn).await.context("counting accounts")?;
        let offset = i64::try_from(page.offset()).context("page offset overflows")?;
        let rows: Vec<(AccountRow, i64)> = queries::accounts_with_role(role.as_str(), search, i64::from(page.per_page()), offset)
            .load(&mut conn)
            .await
            .context("listing accounts")?;
        let items = rows.into_iter().map(overview).collect::<Result<_, _>>()?;
        Ok(Page { items, request: page, total })
    }

    async fn seller_books(&self, seller: AccountId, page: PageRequest) -> Result<Option<SellerBooksForAdmin>, StoreError> {
        let mut conn = self.conn().await?;
        let Some(overview) = live_overview(&mut conn, AccountRole::Seller, seller).await? else { return Ok(None) };
        let total: i64 =
            queries::every_seller_book_count(seller.as_uuid()).get_result(&mut conn).await.context("counting a seller's books")?;
        let offset = i64::try_from(page.offset()).context("page offset overflows")?;
        let rows: Vec<(BookRow, CategoryRow)> = queries::every_seller_book(seller.as_uuid(), i64::from(page.per_page()), offset)
            .load(&mut conn)
            .await
            .context("listing a seller's books")?;
        let items = rows
            .into_iter()
            .map(|(book, category)| Ok(book.into_detail(category, overview.account.verified)?.book))
            .collect::<anyhow::Result<_>>()?;
        Ok(Some(SellerBooksForAdmin { seller: overview, books: Page { items, request: page, total } }))
    }

    async fn buyer_orders(&self, buyer: AccountId, page: PageRequest) -> Result<Option<BuyerOrdersForAdmin>, StoreError> {
        let mut conn = self.conn().await?;
        let Some(overview) = live_overview(&mut conn, AccountRole::Buyer, buyer).await? else { return Ok(None) };
        let total: i64 = queries::buyer_order_count(buyer.as_uuid()).get_result(&mut conn).await.context("counting a buyer's orders")?;
        let offset = i64::try_from(page.offset()).context("page offset overflows")?;
        let rows: Vec<OrderRow> = queries::buyer_orders(buyer.as_uuid(), i64::from(page.per_page()), offset)
            .load(&mut conn)
            .await
            .context("listing a buyer's orders")?;
        let items = rows.into_iter().map(into_order).collect::<anyhow::Result<_>>()?;
        Ok(Some(BuyerOrdersForAdmin { buyer: overview, orders: Page { items, request: page, total } }))
    }

    async fn verify_seller(&self, admin: AccountId, seller: AccountId) -> Result<AccountOverview, AdminActionError> {
        let mut conn = self.conn().await?;
        let (row, listings) = conn
            .transaction(async |conn| {
                let row: AccountRow = diesel::update(
                    accounts::table
                        .find(seller.as_uuid())
                        .filter(accounts::role.eq(AccountRole::Seller.as_str()))
                        .filter(accounts::deleted_at.is_null()),
                )
                .set(accounts::verified.eq(true))
                .returning(AccountRow::as_returning())
                .get_result(conn)
                .await
                .optional()?
                .ok_or(Step::NotFound)?;
                diesel::insert_into(admin_actions::table)
                    .values((
                        admin_actions::admin_id.eq(admin.as_uuid()),
                        admin_actions::action.eq(VERIFY_SELLER),
                        admin_actions::target_id.eq(seller.as_uuid()),
                    ))
                    .execute(conn)
                    .await?;
                let listings: i64 = books::table
                    .filter(books::seller_id.eq(seller.as_uuid()))
                    .filter(books::status.ne("withdrawn"))
                    .count()
                    .get_result(conn)
                    .await?;
                Ok::<_, Step>((row, listings))
            })
            .await?;
        Ok(AccountOverview { account: row.try_into()?, activity: listings })
    }

    async fn delete_account(&self, admin: AccountId, target: AccountId) -> Result<Account, AdminActionError> {
        let mut conn = self.conn().await?;
        let closed = conn
            .transaction(async |conn| {
                // The row lock orders this against a concurrent sign-in changing the role.
                let role: String = accounts::table
                    .find(target.as_uuid())
                    .filter(accounts::deleted_at.is_null())
                    .select(accounts::role)
                    .for_update()
                    .get_result(conn)
                    .await
                    .optional()?
                    .ok_or(Step::NotFound)?;
                if role == AccountRole::Admin.as_str() || target == admin {
                    return Err(Step::IsAdmin);
                }
                let closed = close_in(conn, target, ClosedReason::DeletedByAdmin, false).await?.ok_or(Step::NotFound)?;
                diesel::insert_into(admin_actions::table)
                    .values((
                        admin_actions::admin_id.eq(admin.as_uuid()),
                        admin_actions::action.eq(DELETE_ACCOUNT),
                        admin_actions::target_id.eq(target.as_uuid()),
                    ))
                    .execute(conn)
                    .await?;
                Ok::<_, Step>(closed)
            })
            .await?;
        Ok(closed)
    }

    async fn categories(&self, page: PageRequest) -> Result<Page<CategoryOverview>, StoreError> {
        let mut conn = self.conn().await?;
        let total: i64 = categories::table.count().get_result(&mut conn).await.context("counting categories")?;
        let offset = i64::try_from(page.offset()).context("page offset overflows")?;
        let rows: Vec<AdminCategoryRow> =
            queries::admin_categories(i64::from(page.per_page()), offset).load(&mut conn).await.context("listing categories")?;
        let items = rows
            .into_iter()
            .map(|row| CategoryOverview {
                category: Category { id: CategoryId::from_uuid(row.id), name: row.name },
                books: row.books,
                available_books: row.available_books,
                created_at: row.created_at,
                last_used_at: row.last_used_at,
            })
            .collect();
        Ok(Page { items, request: page, total })
    }

    async fn rename_category(&self, admin: AccountId, id: CategoryId, name: &CategoryName) -> Result<Category, CategoryActionError> {
        let mut conn = self.conn().await?;
        let renamed = conn
            .transaction(async |conn| {
                let old = locked_category(conn, id).await?.ok_or(CategoryStep::Refused(CategoryActionError::NotFound))?;
                diesel::update(categories::table.find(id.as_uuid())).set(categories::name.eq(name.as_str())).execute(conn).await?;
                let detail = format!("renamed {:?} to {:?}", old.name, name.as_str());
                record_category_action(conn, admin, RENAME_CATEGORY, id, detail).await?;
                Ok::<_, CategoryStep>(Category { id, name: name.as_str().to_owned() })
            })
            .await;
        match renamed {
            Err(CategoryStep::Db(e)) if violated_constraint(&e, DatabaseErrorKind::UniqueViolation) == Some("categories_name_key") => {
                let taken: CategoryRow = categories::table
                    .filter(crate::catalogue::lower(categories::name).eq(name.as_str().to_lowercase()))
                    .select(CategoryRow::as_select())
                    .first(&mut conn)
                    .await
                    .context("reading the category that has this name")?;
                Err(CategoryActionError::NameTaken(taken.into()))
            }
            other => Ok(other?),
        }
    }

    async fn merge_category(&self, admin: AccountId, from: CategoryId, into: CategoryId) -> Result<MergedCategory, CategoryActionError> {
        let mut conn = self.conn().await?;
        let merged = conn
            .transaction(async |conn| {
                let refuse = |e| CategoryStep::Refused(e);
                // Both rows locked in one order whatever the direction, so two opposite merges cannot deadlock.
                let (first, second) = if from.as_uuid() < into.as_uuid() { (from, into) } else { (into, from) };
                let first_row = locked_category(conn, first).await?;
                let second_row = if first == second { first_row.clone() } else { locked_category(conn, second).await? };
                let (source, target) = if first == from { (first_row, second_row) } else { (second_row, first_row) };
                let source = source.ok_or(refuse(CategoryActionError::NotFound))?;
                let target = target.ok_or(refuse(CategoryActionError::IntoNotFound))?;
                if from == into {
                    return Err(refuse(CategoryActionError::SameCategory));
                }
                let moved = diesel::update(books::table.filter(books::category_id.eq(from.as_uuid())))
                    .set(books::category_id.eq(into.as_uuid()))
                    .execute(conn)
                    .await?;
                diesel::update(categories::table.find(into.as_uuid()))
                    .set(categories::last_used_at.eq(diesel::dsl::now))
                    .execute(conn)
                    .await?;
                diesel::delete(categories::table.find(from.as_uuid())).execute(conn).await?;
                let detail = format!("merged {:?} into {:?} ({}), {moved} book(s) moved", source.name, target.name, into);
                record_category_action(conn, admin, MERGE_CATEGORY, from, detail).await?;
                Ok::<_, CategoryStep>(MergedCategory { into: target, moved_books: i64::try_from(moved).unwrap_or(i64::MAX) })
            })
            .await?;
        Ok(merged)
    }

    async fn delete_category(&self, admin: AccountId, id: CategoryId) -> Result<Category, CategoryActionError> {
        let mut conn = self.conn().await?;
        let deleted = conn
            .transaction(async |conn| {
                let category = locked_category(conn, id).await?.ok_or(CategoryStep::Refused(CategoryActionError::NotFound))?;
                let books: i64 = books::table.filter(books::category_id.eq(id.as_uuid())).count().get_result(conn).await?;
                if books > 0 {
                    return Err(CategoryStep::Refused(CategoryActionError::NotEmpty { books }));
                }
                diesel::delete(categories::table.find(id.as_uuid())).execute(conn).await?;
                record_category_action(conn, admin, DELETE_CATEGORY, id, format!("deleted {:?}", category.name)).await?;
                Ok::<_, CategoryStep>(category)
            })
            .await?;
        Ok(deleted)
    }
}
