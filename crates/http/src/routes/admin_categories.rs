//! The admin's category routes: `GET /api/admin/categories`, `PATCH /api/admin/categories/{id}` (rename),
//! `POST /api/admin/categories/{id}/merge` and `DELETE /api/admin/categories/{id}`. Admins only; every action is
//! recorded, and the public lists show it at once (the change marks the catalogue changed).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use puronoboi_domain::{AccountRole, CategoryId};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::dto::{AdminCategoryDto, CategoryDto, MergeCategoryDto, MergedCategoryDto, PageDto, RenameCategoryDto};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Caller, PageQuery, parse_id};
use crate::openapi::{BadBody, BadQuery, Invalid, SignedIn};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_categories)).routes(routes!(rename_category, delete_category)).routes(routes!(merge_category))
}

const ADMINS_ONLY: &str = "manage categories";

fn category_id(raw: &str) -> Result<CategoryId, ApiError> {
    parse_id(raw, ErrorCode::CategoryNotFound, "category")
}

/// Every category by name, with its books (all statuses, and those for sale), 50 per page unless asked.
#[utoipa::path(
    get,
    path = "/admin/categories",
    tag = "admin",
    security(("bearer" = [])),
    params(PageQuery),
    responses((status = 200, body = PageDto<AdminCategoryDto>), BadQuery, SignedIn)
)]
async fn list_categories(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<PageDto<AdminCategoryDto>>, ApiError> {
    caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    Ok(Json(PageDto::from_page(state.admin.categories(q.request(50)?).await?)))
}

/// Renames a category (1 to 60 characters; no other category may have the name in any letter case).
#[utoipa::path(
    patch,
    path = "/admin/categories/{id}",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The category's id.")),
    request_body = RenameCategoryDto,
    responses(
        (status = 200, body = CategoryDto),
        BadBody,
        Invalid,
        (status = 404, description = "`category_not_found`: no category has this id.", body = ErrorBody),
        (status = 409, description = "`category_name_taken`: another category has this name.", body = ErrorBody),
        SignedIn,
    )
)]
async fn rename_category(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(dto): ApiJson<RenameCategoryDto>,
) -> Result<Json<CategoryDto>, ApiError> {
    let admin = caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    let id = category_id(&id)?;
    Ok(Json(state.admin.rename_category(&admin, id, &dto.name).await?.into()))
}

/// Moves every book of the category, whatever its status, into another category, then removes the category.
#[utoipa::path(
    post,
    path = "/admin/categories/{id}/merge",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The category that goes.")),
    request_body = MergeCategoryDto,
    responses(
        (status = 200, body = MergedCategoryDto),
        BadBody,
        (status = 422, description = "`validation_failed` on `into`: no such category (reason `unknown_category`), or the category itself (`same_category`).", body = ErrorBody),
        (status = 404, description = "`category_not_found`: no category has this id.", body = ErrorBody),
        SignedIn,
    )
)]
async fn merge_category(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(dto): ApiJson<MergeCategoryDto>,
) -> Result<Json<MergedCategoryDto>, ApiError> {
    let admin = caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    let id = category_id(&id)?;
    Ok(Json(state.admin.merge_category(&admin, id, CategoryId::from_uuid(dto.into)).await?.into()))
}

/// Deletes a category that holds no book in any status (merge one that does).
#[utoipa::path(
    delete,
    path = "/admin/categories/{id}",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The category's id.")),
    responses(
        (status = 204, description = "The category is deleted."),
        (status = 404, description = "`category_not_found`: no category has this id.", body = ErrorBody),
        (status = 409, description = "`category_not_empty`: the category holds books, withdrawn ones included.", body = ErrorBody),
        SignedIn,
    )
)]
async fn delete_category(State(state): State<AppState>, caller: Caller, ApiPath(id): ApiPath<String>) -> Result<StatusCode, ApiError> {
    let admin = caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    state.admin.delete_category(&admin, category_id(&id)?).await?;
    Ok(StatusCode::NO_CONTENT)
}
