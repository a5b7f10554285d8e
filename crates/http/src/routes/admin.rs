//! The admin's routes: `GET /api/admin/sellers` and `GET /api/admin/buyers` (narrowed by text and flags), each
//! account's listings or orders (`GET /api/admin/sellers/{id}/books`, `GET /api/admin/buyers/{id}/orders`),
//! `POST /api/admin/sellers/{id}/verify` and `DELETE /api/admin/accounts/{id}`. Admins only; every action is
//! recorded.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use puronoboi_domain::{AccountId, AccountRole, AccountSearch, AccountSearchText, PageRequest};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::dto::{AdminBuyerDto, AdminBuyerOrdersDto, AdminSellerBooksDto, AdminSellerDto, PageDto};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiPath, ApiQuery, Caller, PageQuery, parse_id, query_number};
use crate::openapi::{BadQuery, SignedIn};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sellers))
        .routes(routes!(buyers))
        .routes(routes!(seller_books))
        .routes(routes!(buyer_orders))
        .routes(routes!(verify))
        .routes(routes!(remove))
}

const ADMINS_ONLY: &str = "manage sellers and buyers";

/// Rows per page of the seller and buyer tables, and of an account's listings or orders, unless asked.
const ROWS_PER_PAGE: u32 = 20;

/// `?q=&verified=&emailProven=&page=&perPage=` of the seller table.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct SellerTableQuery {
    /// Part of the name or the e-mail address, in any letter case (`%` and `_` are plain characters). Trimmed; up to
    /// 100 characters.
    #[param(max_length = 100)]
    q: Option<String>,
    /// `true`: only sellers the admin verified; `false`: only those not verified yet.
    verified: Option<bool>,
    /// `true`: only holders who proved they own their address (a verified password sign-in or Google); `false`: only
    /// those who did not.
    email_proven: Option<bool>,
    /// From 1; a page starting beyond the first 10,000 rows answers `page_too_deep`.
    #[param(minimum = 1, maximum = 10_000)]
    #[serde(default, deserialize_with = "query_number")]
    page: Option<u32>,
    /// Rows per page, 20 unless asked.
    #[param(minimum = 1, maximum = 100)]
    #[serde(default, deserialize_with = "query_number")]
    per_page: Option<u32>,
}

/// `?q=&emailProven=&page=&perPage=` of the buyer table. Buyers are never verified (only sellers are), so there is
/// no `verified` here.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct BuyerTableQuery {
    /// Part of the name or the e-mail address, in any letter case (`%` and `_` are plain characters). Trimmed; up to
    /// 100 characters.
    #[param(max_length = 100)]
    q: Option<String>,
    /// `true`: only holders who proved they own their address (a verified password sign-in or Google); `false`: only
    /// those who did not.
    email_proven: Option<bool>,
    /// From 1; a page starting beyond the first 10,000 rows answers `page_too_deep`.
    #[param(minimum = 1, maximum = 10_000)]
    #[serde(default, deserialize_with = "query_number")]
    page: Option<u32>,
    /// Rows per page, 20 unless asked.
    #[param(minimum = 1, maximum = 100)]
    #[serde(default, deserialize_with = "query_number")]
    per_page: Option<u32>,
}

/// The filters and the page a table's query asks for; a text too long is a 400 `invalid_query`.
fn table_request(
    q: Option<&str>,
    verified: Option<bool>,
    email_proven: Option<bool>,
    page: Option<u32>,
    per_page: Option<u32>,
) -> Result<(AccountSearch, PageRequest), ApiError> {
    let text = AccountSearchText::parse(q.unwrap_or_default()).map_err(|e| ApiError::invalid_query(e.to_string()))?;
    let page = PageRequest::new(page.unwrap_or(1), per_page.unwrap_or(ROWS_PER_PAGE))?;
    Ok((AccountSearch { text, verified, email_proven }, page))
}

/// Live sellers, newest first, narrowed by any of a piece of name or address, verified or not, address proven or not;
/// `total` counts the sellers that pass.
#[utoipa::path(
    get,
    path = "/admin/sellers",
    tag = "admin",
    security(("bearer" = [])),
    params(SellerTableQuery),
    responses((status = 200, body = PageDto<AdminSellerDto>), BadQuery, SignedIn)
)]
async fn sellers(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(query): ApiQuery<SellerTableQuery>,
) -> Result<Json<PageDto<AdminSellerDto>>, ApiError> {
    caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    let (search, page) = table_request(query.q.as_deref(), query.verified, query.email_proven, query.page, query.per_page)?;
    Ok(Json(PageDto::from_page(state.admin.sellers(&search, page).await?)))
}

/// Live buyers, newest first, narrowed by any of a piece of name or address, address proven or not; `total` counts
/// the buyers that pass.
#[utoipa::path(
    get,
    path = "/admin/buyers",
    tag = "admin",
    security(("bearer" = [])),
    params(BuyerTableQuery),
    responses((status = 200, body = PageDto<AdminBuyerDto>), BadQuery, SignedIn)
)]
async fn buyers(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(query): ApiQuery<BuyerTableQuery>,
) -> Result<Json<PageDto<AdminBuyerDto>>, ApiError> {
    caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    let (search, page) = table_request(query.q.as_deref(), None, query.email_proven, query.page, query.per_page)?;
    Ok(Json(PageDto::from_page(state.admin.buyers(&search, page).await?)))
}

fn no_such(what: &str) -> ApiError {
    ApiError::new(ErrorCode::AccountNotFound, format!("No live {what} account has this id."))
}

/// A seller's listings in every status (withdrawn ones too), newest first, 20 per page unless asked, under the seller.
#[utoipa::path(
    get,
    path = "/admin/sellers/{id}/books",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The seller's account id."), PageQuery),
    responses(
        (status = 200, body = AdminSellerBooksDto),
        (status = 404, description = "`account_not_found`: no live seller account has this id.", body = ErrorBody),
        BadQuery,
        SignedIn,
    )
)]
async fn seller_books(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<AdminSellerBooksDto>, ApiError> {
    caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    let seller = parse_id(&id, ErrorCode::AccountNotFound, "seller")?;
    let found = state.admin.seller_books(seller, query.request(ROWS_PER_PAGE)?).await?.ok_or_else(|| no_such("seller"))?;
    Ok(Json(found.into()))
}

/// A buyer's orders in every status, newest first, 20 per page unless asked, under the buyer.
#[utoipa::path(
    get,
    path = "/admin/buyers/{id}/orders",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The buyer's account id."), PageQuery),
    responses(
        (status = 200, body = AdminBuyerOrdersDto),
        (status = 404, description = "`account_not_found`: no live buyer account has this id.", body = ErrorBody),
        BadQuery,
        SignedIn,
    )
)]
async fn buyer_orders(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<AdminBuyerOrdersDto>, ApiError> {
    caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    let buyer = parse_id(&id, ErrorCode::AccountNotFound, "buyer")?;
    let found = state.admin.buyer_orders(buyer, query.request(ROWS_PER_PAGE)?).await?.ok_or_else(|| no_such("buyer"))?;
    Ok(Json(found.into()))
}

fn account_id(raw: &str) -> Result<AccountId, ApiError> {
    parse_id(raw, ErrorCode::AccountNotFound, "account")
}

/// Marks a seller as verified (shown on their books).
#[utoipa::path(
    post,
    path = "/admin/sellers/{id}/verify",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The seller's account id.")),
    responses(
        (status = 200, body = AdminSellerDto),
        (status = 404, description = "`account_not_found`: no live seller account has this id.", body = ErrorBody),
        SignedIn,
    )
)]
async fn verify(State(state): State<AppState>, caller: Caller, ApiPath(id): ApiPath<String>) -> Result<Json<AdminSellerDto>, ApiError> {
    let admin = caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    Ok(Json(state.admin.verify_seller(&admin, account_id(&id)?).await?.into()))
}

/// Deletes a buyer's or seller's account: it can no longer sign in, and its books and pending orders close.
#[utoipa::path(
    delete,
    path = "/admin/accounts/{id}",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The account's id.")),
    responses(
        (status = 204, description = "The account is deleted."),
        (status = 404, description = "`account_not_found`: no live account has this id.", body = ErrorBody),
        SignedIn,
        (status = 403, description = "`account_deleted` or `wrong_role` as on every signed-in route, or `cannot_delete_admin`.", body = ErrorBody),
    )
)]
async fn remove(State(state): State<AppState>, caller: Caller, ApiPath(id): ApiPath<String>) -> Result<StatusCode, ApiError> {
    let admin = caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    let closed = account_id(&id)?;
    state.admin.delete_account(&admin, closed).await?;
    // Whatever was reported about a closed seller has been acted on.
    state.reports.seller_closed(admin.id, closed).await?;
    Ok(StatusCode::NO_CONTENT)
}
