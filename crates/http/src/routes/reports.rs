//! Reports and moderation: `POST /api/reports` (anyone signed in, but admins), and the admin's `GET
//! /api/admin/reports`, `POST /api/admin/reports/{id}/dismiss`, `POST /api/admin/books/{id}/hide` and
//! `POST /api/admin/books/{id}/restore`. Every admin decision is recorded.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use puronoboi_domain::{AccountId, AccountRole, BookId, PageRequest, ReportForm, ReportId, ReportStatus, ReportTarget};
use puronoboi_ports::ModerationError;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::dto::{FileReportDto, HideBookDto, PageDto, ReportDto, ReportGroupDto, ReportStatusDto, ReportTargetTypeDto, ReportedThingDto};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Caller, parse_id, query_number};
use crate::limits::{Limited, Reports};
use crate::openapi::{BadBody, BadQuery, Invalid, SignedIn};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(file))
        .routes(routes!(queue))
        .routes(routes!(dismiss))
        .routes(routes!(hide))
        .routes(routes!(restore))
}

const ADMINS_ONLY: &str = "decide on reports";

/// Reports a listing or a seller once, with a reason. Reporting the same thing again answers the first report (200).
/// Enough reports from different accounts take a listing off the shop until the admin decides.
#[utoipa::path(
    post,
    path = "/reports",
    tag = "reports",
    security(("bearer" = [])),
    request_body = FileReportDto,
    responses(
        (status = 201, description = "Reported.", body = ReportDto),
        (status = 200, description = "Reported before: the first report.", body = ReportDto),
        BadBody,
        Invalid,
        (status = 404, description = "`not_found`: no listing or open seller account has this id.", body = ErrorBody),
        (status = 409, description = "`own_report_target`: one's own listing or account.", body = ErrorBody),
        (status = 429, description = "`rate_limited`: too many reports; `Retry-After` says when to try again.", body = ErrorBody),
        SignedIn,
    )
)]
async fn file(
    State(state): State<AppState>,
    caller: Limited<Reports>,
    ApiJson(dto): ApiJson<FileReportDto>,
) -> Result<(StatusCode, Json<ReportDto>), ApiError> {
    let reporter = caller.0.0;
    let target = match dto.target_type {
        ReportTargetTypeDto::Book => ReportTarget::Book(BookId::from_uuid(dto.target_id)),
        ReportTargetTypeDto::Seller => ReportTarget::Seller(AccountId::from_uuid(dto.target_id)),
    };
    let filed = state.reports.file(&reporter, target, ReportForm { reason: dto.reason, note: dto.note }).await?;
    let status = if filed.created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(filed.report.into())))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct QueueQuery {
    /// Which reports: `open` (the default), `dismissed` or `actioned`.
    #[param(inline)]
    status: Option<ReportStatusDto>,
    #[param(minimum = 1, maximum = 10_000)]
    #[serde(default, deserialize_with = "query_number")]
    page: Option<u32>,
    /// Targets per page, 20 unless asked.
    #[param(minimum = 1, maximum = 100)]
    #[serde(default, deserialize_with = "query_number")]
    per_page: Option<u32>,
}

/// The admin's queue: reports grouped by what they are about, the group with the newest report first.
#[utoipa::path(
    get,
    path = "/admin/reports",
    tag = "reports",
    security(("bearer" = [])),
    params(QueueQuery),
    responses((status = 200, body = PageDto<ReportGroupDto>), BadQuery, SignedIn)
)]
async fn queue(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<QueueQuery>,
) -> Result<Json<PageDto<ReportGroupDto>>, ApiError> {
    caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    let page = PageRequest::new(q.page.unwrap_or(1), q.per_page.unwrap_or(20))?;
    let status = q.status.map_or(ReportStatus::Open, Into::into);
    Ok(Json(PageDto::from_page(state.reports.queue(status, page).await?)))
}

/// Dismisses the open reports of this report's target (nothing wrong); a listing the reports hid is for sale again.
#[utoipa::path(
    post,
    path = "/admin/reports/{id}/dismiss",
    tag = "reports",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "One of the target's reports.")),
    responses(
        (status = 200, description = "What the reports were about, as it now stands.", body = ReportedThingDto),
        (status = 404, description = "`report_not_found`: no report has this id.", body = ErrorBody),
        (status = 409, description = "`report_decided`: the report was decided already.", body = ErrorBody),
        SignedIn,
    )
)]
async fn dismiss(State(state): State<AppState>, caller: Caller, ApiPath(id): ApiPath<String>) -> Result<Json<ReportedThingDto>, ApiError> {
    let admin = caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    let report: ReportId = parse_id(&id, ErrorCode::ReportNotFound, "report")?;
    let thing = state.reports.dismiss(admin.id, report).await.map_err(|e| match e {
        ModerationError::NotFound => ApiError::new(ErrorCode::ReportNotFound, "No report has this id."),
        other => other.into(),
    })?;
    Ok(Json(thing.into()))
}

fn book_id(raw: &str) -> Result<BookId, ApiError> {
    parse_id(raw, ErrorCode::BookNotFound, "book")
}

/// Takes an available listing off the shop for a reason its seller reads, or keeps a listing the reports hid off it
/// (then the admin's reason is the one its seller reads); its open reports are actioned.
#[utoipa::path(
    post,
    path = "/admin/books/{id}/hide",
    tag = "reports",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The book's id.")),
    request_body = HideBookDto,
    responses(
        (status = 204, description = "Hidden."),
        BadBody,
        (status = 404, description = "`book_not_found`: no book has this id.", body = ErrorBody),
        (status = 409, description = "`book_unavailable`: only an available listing, or one the reports hid, can be hidden.", body = ErrorBody),
        SignedIn,
    )
)]
async fn hide(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(dto): ApiJson<HideBookDto>,
) -> Result<StatusCode, ApiError> {
    let admin = caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    state.reports.hide(admin.id, book_id(&id)?, dto.reason.into()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Puts a hidden listing back on sale; its open reports are dismissed.
#[utoipa::path(
    post,
    path = "/admin/books/{id}/restore",
    tag = "reports",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The book's id.")),
    responses(
        (status = 204, description = "For sale again."),
        (status = 404, description = "`book_not_found`: no book has this id.", body = ErrorBody),
        (status = 409, description = "`book_unavailable`: only a hidden listing can be restored.", body = ErrorBody),
        SignedIn,
    )
)]
async fn restore(State(state): State<AppState>, caller: Caller, ApiPath(id): ApiPath<String>) -> Result<StatusCode, ApiError> {
    let admin = caller.require(AccountRole::Admin, ADMINS_ONLY)?;
    state.reports.restore(admin.id, book_id(&id)?).await?;
    Ok(StatusCode::NO_CONTENT)
}
