//! The one error type every handler returns, and its JSON body `{"error": {"code", "message"}}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use puronoboi_app::{BookLookupError, GroupedError};
use puronoboi_domain::PagingError;
use puronoboi_ports::{CategoryPageError, StoreError};
use serde::Serialize;
use ts_rs::TS;

/// Machine-readable error codes; the web app switches on them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ErrorCode {
    NotFound,
    InvalidQuery,
    Internal,
    Unavailable,
}

#[derive(Debug, Serialize, TS)]
#[ts(export)]
pub struct ErrorDetail {
    pub code: ErrorCode,
    pub message: String,
}

#[derive(Debug, Serialize, TS)]
#[ts(export)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: ErrorCode,
    message: String,
}

impl ApiError {
    pub fn not_found(message: impl Into<String>) -> Self {
        Self { status: StatusCode::NOT_FOUND, code: ErrorCode::NotFound, message: message.into() }
    }

    pub fn invalid_query(message: impl Into<String>) -> Self {
        Self { status: StatusCode::BAD_REQUEST, code: ErrorCode::InvalidQuery, message: message.into() }
    }

    pub fn unavailable(message: impl Into<String>) -> Self {
        Self { status: StatusCode::SERVICE_UNAVAILABLE, code: ErrorCode::Unavailable, message: message.into() }
    }

    /// Logs the cause; the caller learns only that something went wrong on our side.
    pub fn internal(cause: &(dyn std::error::Error + 'static)) -> Self {
        tracing::error!(error = %DisplayChain(cause), "request failed");
        Self {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            code: ErrorCode::Internal,
            message: "Something went wrong on our side. Please try again.".to_owned(),
        }
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(ErrorBody { error: ErrorDetail { code: self.code, message: self.message } })).into_response()
    }
}

/// "outer: inner: root" for the log line.
struct DisplayChain<'a>(&'a (dyn std::error::Error + 'static));

impl std::fmt::Display for DisplayChain<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)?;
        let mut source = self.0.source();
        while let Some(cause) = source {
            write!(f, ": {cause}")?;
            source = cause.source();
        }
        Ok(())
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        Self::internal(e.0.as_ref())
    }
}

impl From<PagingError> for ApiError {
    fn from(e: PagingError) -> Self {
        Self::invalid_query(e.to_string())
    }
}

impl From<GroupedError> for ApiError {
    fn from(e: GroupedError) -> Self {
        match e {
            GroupedError::PerCategoryOutOfRange => Self::invalid_query(e.to_string()),
            GroupedError::Unknown(store) => store.into(),
        }
    }
}

impl From<BookLookupError> for ApiError {
    fn from(e: BookLookupError) -> Self {
        match e {
            BookLookupError::NotFound => Self::not_found("No book has this id."),
            BookLookupError::Unknown(store) => store.into(),
        }
    }
}

impl From<CategoryPageError> for ApiError {
    fn from(e: CategoryPageError) -> Self {
        match e {
            CategoryPageError::NotFound => Self::not_found("No category has this id."),
            CategoryPageError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}
