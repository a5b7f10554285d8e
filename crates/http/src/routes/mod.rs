//! The API's routers, one module per resource.

mod accounts;
mod admin;
mod catalogue;
mod listings;
mod meta;
mod orders;

use axum::Router;

use crate::AppState;
use crate::error::ApiError;

pub fn api() -> Router<AppState> {
    Router::new()
        .merge(meta::routes())
        .merge(accounts::routes())
        .merge(catalogue::routes())
        .merge(listings::routes())
        .merge(admin::routes())
        .merge(orders::routes())
        .fallback(async || ApiError::not_found("No such API endpoint."))
}
