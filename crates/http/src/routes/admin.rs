//! The admin's routes: `GET /api/admin/sellers`, `GET /api/admin/buyers`, `POST /api/admin/sellers/{id}/verify`
//! and `DELETE /api/admin/accounts/{id}`. Admins only; every action is recorded.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use puronoboi_domain::{AccountId, AccountRole};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::dto::{AdminBuyerDto, AdminSellerDto, PageDto};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiPath, ApiQuery, Caller, PageQuery, parse_id};
use crate::openapi::{BadQuery, SignedIn};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(sellers)).routes(routes!(buyers)).routes(routes!(verify)).routes(routes!(remove))
}

const ADMINS_ONLY: &str = "manage sellers and buyers";

/// Every seller, newest first, 20 per page unless asked.
#[utoipa::path(
    get,
    path = "/admin/sellers",
    tag = "admin",
    security(("bearer" = [])),
    params(PageQuery),
    responses((status = 200, body = PageDto<AdminSellerDto>), BadQuery, SignedIn)
)]
async fn sellers(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<PageDto<AdminSellerDto>>, ApiError> {
    caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    Ok(Json(PageDto::from_page(state.admin.sellers(q.request(20)?).await?)))
}

/// Every buyer, newest first, 20 per page unless asked.
#[utoipa::path(
    get,
    path = "/admin/buyers",
    tag = "admin",
    security(("bearer" = [])),
    params(PageQuery),
    responses((status = 200, body = PageDto<AdminBuyerDto>), BadQuery, SignedIn)
)]
async fn buyers(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<PageDto<AdminBuyerDto>>, ApiError> {
    caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    Ok(Json(PageDto::from_page(state.admin.buyers(q.request(20)?).await?)))
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
    state.admin.delete_account(&admin, account_id(&id)?).await?;
    Ok(StatusCode::NO_CONTENT)
}
