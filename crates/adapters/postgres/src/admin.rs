//! The admin's view of accounts, and the admin's actions, each recorded in `admin_actions` in the same
//! transaction as the change it records.

use anyhow::Context as _;
use async_trait::async_trait;
use diesel::prelude::*;
use diesel_async::{AsyncConnection as _, RunQueryDsl};
use puronoboi_domain::{Account, AccountId, AccountRole, ClosedReason, Page, PageRequest};
use puronoboi_ports::{AccountOverview, AdminActionError, AdminStore, StoreError};

use crate::PgStore;
use crate::accounts::close_in;
use crate::queries;
use crate::rows::{AccountActivityRow, AccountRow};
use crate::schema::{accounts, admin_actions, books};

const VERIFY_SELLER: &str = "verify_seller";
const DELETE_ACCOUNT: &str = "delete_account";

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

fn overview(row: AccountActivityRow) -> Result<AccountOverview, StoreError> {
    Ok(AccountOverview { account: row.account.try_into()?, activity: row.activity })
}

#[async_trait]
impl AdminStore for PgStore {
    async fn accounts_with_role(&self, role: AccountRole, page: PageRequest) -> Result<Page<AccountOverview>, StoreError> {
        let mut conn = self.conn().await?;
        let total: i64 = queries::live_account_count(role.as_str()).get_result(&mut conn).await.context("counting accounts")?;
        let offset = i64::try_from(page.offset()).context("page offset overflows")?;
        let rows: Vec<AccountActivityRow> = queries::accounts_with_role(role.as_str(), i64::from(page.per_page()), offset)
            .load(&mut conn)
            .await
            .context("listing accounts")?;
        let items = rows.into_iter().map(overview).collect::<Result<_, _>>()?;
        Ok(Page { items, request: page, total })
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
}
