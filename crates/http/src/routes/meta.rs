//! Liveness, readiness, the browser's run-time configuration and the API's own description.

use std::sync::LazyLock;

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::dto::{HealthDto, PublicConfigDto};
use crate::error::ApiError;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health)).routes(routes!(ready)).routes(routes!(config)).routes(routes!(openapi_json))
}

/// The process is up. Says nothing about the database, so a load balancer does not kill an instance for it.
#[utoipa::path(get, path = "/health", tag = "meta", responses((status = 200, body = HealthDto)))]
async fn health() -> Json<HealthDto> {
    Json(HealthDto { status: "ok".to_owned() })
}

/// The instance can serve requests: the database answers.
#[utoipa::path(
    get,
    path = "/ready",
    tag = "meta",
    responses((status = 200, body = HealthDto), (status = 503, description = "`unavailable`: the database is not answering.", body = crate::error::ErrorBody))
)]
async fn ready(State(state): State<AppState>) -> Result<Json<HealthDto>, ApiError> {
    match state.readiness.check().await {
        Ok(()) => Ok(Json(HealthDto { status: "ok".to_owned() })),
        Err(cause) => {
            tracing::warn!(error = %format!("{cause:#}"), "not ready");
            Err(ApiError::unavailable("The database is not answering."))
        }
    }
}

/// What the browser needs at run time: how to sign in and how to pay.
#[utoipa::path(get, path = "/config", tag = "meta", responses((status = 200, body = PublicConfigDto)))]
async fn config(State(state): State<AppState>) -> Json<PublicConfigDto> {
    Json(state.public_config.as_ref().clone())
}

/// The document depends on the code alone, so it is built once.
static DOCUMENT: LazyLock<utoipa::openapi::OpenApi> = LazyLock::new(crate::openapi::document);

/// This API's OpenAPI 3.1 description.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "meta",
    responses((status = 200, description = "An OpenAPI 3.1 document.", content_type = "application/json", body = Object))
)]
async fn openapi_json() -> Json<&'static utoipa::openapi::OpenApi> {
    Json(&DOCUMENT)
}
