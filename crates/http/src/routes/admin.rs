//! The admin's routes: `GET /api/admin/sellers`, `GET /api/admin/buyers`, `POST /api/admin/sellers/{id}/verify`
//! and `DELETE /api/admin/accounts/{id}`. Admins only; every action is recorded.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use puronoboi_domain::{AccountId, AccountRole};

use crate::AppState;
use crate::dto::{AdminBuyerDto, AdminSellerDto, PageDto};
use crate::error::{ApiError, ErrorCode};
use crate::extract::{ApiQuery, Caller, PageQuery, parse_id};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/admin/sellers", get(sellers))
        .route("/admin/buyers", get(buyers))
        .route("/admin/sellers/{id}/verify", post(verify))
        .route("/admin/accounts/{id}", delete(remove))
}

const ADMINS_ONLY: &str = "manage sellers and buyers";

async fn sellers(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<PageDto<AdminSellerDto>>, ApiError> {
    caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    Ok(Json(PageDto::from_page(state.admin.sellers(q.request(20)?).await?)))
}

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

async fn verify(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Json<AdminSellerDto>, ApiError> {
    let admin = caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    Ok(Json(state.admin.verify_seller(&admin, account_id(&id)?).await?.into()))
}

async fn remove(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    let admin = caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    state.admin.delete_account(&admin, account_id(&id)?).await?;
    Ok(StatusCode::NO_CONTENT)
}
