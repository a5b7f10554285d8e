//! Liveness, readiness and the browser's run-time configuration.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};

use crate::AppState;
use crate::dto::{HealthDto, PublicConfigDto};
use crate::error::ApiError;

pub fn routes() -> Router<AppState> {
    Router::new().route("/health", get(health)).route("/ready", get(ready)).route("/config", get(config))
}

/// The process is up. Says nothing about the database, so a load balancer does not kill an instance for it.
async fn health() -> Json<HealthDto> {
    Json(HealthDto { status: "ok".to_owned() })
}

/// The instance can serve requests: the database answers.
async fn ready(State(state): State<AppState>) -> Result<Json<HealthDto>, ApiError> {
    match state.readiness.check().await {
        Ok(()) => Ok(Json(HealthDto { status: "ok".to_owned() })),
        Err(cause) => {
            tracing::warn!(error = %format!("{cause:#}"), "not ready");
            Err(ApiError::unavailable("The database is not answering."))
        }
    }
}

async fn config(State(state): State<AppState>) -> Json<PublicConfigDto> {
    Json(state.public_config.as_ref().clone())
}
