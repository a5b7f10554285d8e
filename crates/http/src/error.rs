//! The one error type every handler returns, and its JSON body `{"error": {"code", "message"}}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use puronoboi_app::accounts::{CallerError, OpenSessionError};
use puronoboi_app::images::UploadRejected;
use puronoboi_app::photos::PhotoError;
use puronoboi_app::{BookLookupError, GroupedError};
use puronoboi_domain::PagingError;
use puronoboi_ports::{CategoryPageError, StoreError, VerifyTokenError};
use serde::Serialize;
use ts_rs::TS;

/// Machine-readable error codes; the web app switches on them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ErrorCode {
    NotFound,
    InvalidQuery,
    /// The request body or a field in it is invalid.
    InvalidInput,
    /// No valid credentials: sign in (again).
    Unauthorized,
    /// Signed in, but not allowed; the message "Forbidden Access" means the account is gone: sign out.
    Forbidden,
    /// The request clashes with existing data (an e-mail already used by another account).
    Conflict,
    PayloadTooLarge,
    UnsupportedMediaType,
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

    pub fn invalid_input(message: impl Into<String>) -> Self {
        Self { status: StatusCode::BAD_REQUEST, code: ErrorCode::InvalidInput, message: message.into() }
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self { status: StatusCode::UNAUTHORIZED, code: ErrorCode::Unauthorized, message: message.into() }
    }

    /// The exact message the web app treats as "this account is gone: sign out" (spec section 6).
    pub fn forbidden_access() -> Self {
        Self { status: StatusCode::FORBIDDEN, code: ErrorCode::Forbidden, message: "Forbidden Access".to_owned() }
    }

    pub fn conflict(message: impl Into<String>) -> Self {
        Self { status: StatusCode::CONFLICT, code: ErrorCode::Conflict, message: message.into() }
    }

    pub fn payload_too_large(message: impl Into<String>) -> Self {
        Self { status: StatusCode::PAYLOAD_TOO_LARGE, code: ErrorCode::PayloadTooLarge, message: message.into() }
    }

    pub fn unsupported_media_type(message: impl Into<String>) -> Self {
        Self { status: StatusCode::UNSUPPORTED_MEDIA_TYPE, code: ErrorCode::UnsupportedMediaType, message: message.into() }
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

impl From<CallerError> for ApiError {
    fn from(e: CallerError) -> Self {
        match e {
            CallerError::Forbidden => Self::forbidden_access(),
            CallerError::Unknown(store) => store.into(),
        }
    }
}

impl From<VerifyTokenError> for ApiError {
    fn from(e: VerifyTokenError) -> Self {
        match e {
            VerifyTokenError::Rejected(reason) => {
                tracing::info!(%reason, "identity token rejected");
                Self::unauthorized("Your sign-in could not be verified. Please sign in again.")
            }
            VerifyTokenError::Unavailable(cause) => {
                tracing::error!(error = %format!("{cause:#}"), "cannot verify identity tokens");
                Self::unavailable("Sign-in is unavailable right now. Please try again shortly.")
            }
        }
    }
}

impl From<OpenSessionError> for ApiError {
    fn from(e: OpenSessionError) -> Self {
        match e {
            OpenSessionError::Forbidden => Self::forbidden_access(),
            OpenSessionError::NoEmail => Self::invalid_input("Your sign-in has no e-mail address; sign in another way."),
            OpenSessionError::InvalidName(reason) => Self::invalid_input(format!("Name: {reason}.")),
            OpenSessionError::EmailTaken => Self::conflict("Another sign-in already uses this e-mail address."),
            OpenSessionError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<UploadRejected> for ApiError {
    fn from(e: UploadRejected) -> Self {
        match e {
            UploadRejected::TooLarge { .. } => Self::payload_too_large("The picture is larger than 5 MB."),
            UploadRejected::TooManyPixels { .. } => {
                Self::payload_too_large("The picture has too many pixels; use one under 40 megapixels.")
            }
            UploadRejected::NotAnImage => Self::unsupported_media_type("Upload a JPEG, PNG or WebP picture."),
            UploadRejected::Corrupt(_) => Self::unsupported_media_type("The picture could not be read; it may be damaged."),
        }
    }
}

impl From<PhotoError> for ApiError {
    fn from(e: PhotoError) -> Self {
        match e {
            PhotoError::Rejected(rejected) => rejected.into(),
            // The picture already passed our checks, so a refusal is about our account with the host (a bad key,
            // a quota): log it for us, and do not blame the person uploading.
            PhotoError::HostRefused(reason) => {
                tracing::error!(%reason, "the image host refused a checked picture");
                Self::unavailable("Pictures cannot be stored right now. Please try again later.")
            }
            PhotoError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}
