//! The API's routers, one module per resource. Each registers its handlers with `utoipa_axum::routes!`, which
//! routes a handler at the path and method of its `#[utoipa::path]` attribute and adds that description to the
//! document: a route cannot be served without being described.

mod accounts;
mod admin;
mod admin_categories;
pub(crate) mod catalogue;
mod listings;
mod meta;
mod orders;
mod payments;
mod reports;
pub(crate) mod reviews;
mod search;

use axum::Router;
use utoipa::OpenApi as _;
use utoipa_axum::router::OpenApiRouter;

use crate::AppState;
use crate::error::ApiError;
use crate::openapi::ApiDoc;

/// The API with its description, every path under `/api` in both.
pub fn described() -> OpenApiRouter<AppState> {
    let api = OpenApiRouter::new()
        .merge(meta::routes())
        .merge(accounts::routes())
        .merge(catalogue::routes())
        .merge(listings::routes())
        .merge(admin::routes())
        .merge(admin_categories::routes())
        .merge(orders::routes())
        .merge(payments::routes())
        .merge(reports::routes())
        .merge(reviews::routes())
        .merge(search::routes())
        .fallback(async || ApiError::not_found("No such API endpoint."));
    OpenApiRouter::with_openapi(ApiDoc::openapi()).nest("/api", api)
}

/// The API's routes, under `/api`.
pub fn api() -> Router<AppState> {
    described().split_for_parts().0
}
