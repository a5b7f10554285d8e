//! The API's routers, one module per resource.

mod accounts;
mod catalogue;
mod meta;

use axum::Router;

use crate::AppState;
use crate::error::ApiError;

pub fn api() -> Router<AppState> {
    Router::new()
        .merge(meta::routes())
        .merge(accounts::routes())
        .merge(catalogue::routes())
        .fallback(async || ApiError::not_found("No such API endpoint."))
}
