//! The one error type every handler returns, and its JSON body
//! `{"error": {"code", "message", "fields"?, "reasons"?}}`.
//!
//! Every answer carries the most specific code there is, so the web app can switch on the code and never on a
//! message. The generic codes (`not_found`, `invalid_input`, ...) remain only where nothing more specific applies.
//! A `validation_failed` answer also names, for each refused field, its English message (`fields`) and its reason
//! as a code with the rule's bounds (`reasons`), so that the web app can say it in Bangla too.

use std::collections::BTreeMap;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use puronoboi_domain::{FieldError, FieldErrors};
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

/// Machine-readable error codes; the web app switches on them (a web unit test fails when one has no handling).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ErrorCode {
    /// 404: no such endpoint or page (a specific `*_not_found` code names a missing thing).
    NotFound,
    /// 404: no book has this id, or it is not for the caller to see.
    BookNotFound,
    /// 404: no category has this id.
    CategoryNotFound,
    /// 404: no order has this id, or it is someone else's.
    OrderNotFound,
    /// 404: no live account of the expected kind has this id (admin routes).
    AccountNotFound,
    /// 404: no open seller account has this id (the public seller pages).
    SellerNotFound,
    /// 404: no review of the caller's orders has this id.
    ReviewNotFound,
    /// 404: the listing has no photo at this position (positions count from 0, the cover).
    PhotoNotFound,
    /// 404: no report has this id.
    ReportNotFound,
    /// 400: the query string is malformed or out of range.
    InvalidQuery,
    /// 400: a page that starts beyond the first 10,000 rows of a list.
    PageTooDeep,
    /// 400: the request body cannot be read (not JSON, unknown fields, a missing multipart field); 413 when a JSON
    /// body is larger than the call accepts.
    InvalidInput,
    /// 422: the body was read but fields break a rule; `fields` maps each camelCase field name to its message, and
    /// `reasons` the same names to a [`FieldReason`].
    ValidationFailed,
    /// 401: no access token, or one that is not ours.
    Unauthenticated,
    /// 401: the access token ran out; renew it from the identity provider.
    TokenExpired,
    /// 401: the access token was revoked (logout, a role change, the address verified); renew or sign in again.
    TokenRevoked,
    /// 401: the Firebase ID token comes from a sign-in made before the account's sign-ins were ended (a logout on any
    /// device, a closure, the address taken over by its proven owner). The web app signs out of Firebase and goes to
    /// /login: only a fresh sign-in opens a session.
    SignInAgain,
    /// 403 "Forbidden Access": the account was deleted. The web app signs out and goes to /login.
    AccountDeleted,
    /// 403: signed in, but this needs another role (a seller cannot buy). The web app explains; it never signs out.
    WrongRole,
    /// 403: admins cannot be deleted, and nobody deletes their own account this way.
    CannotDeleteAdmin,
    /// 409: another account already holds this e-mail address.
    EmailTaken,
    /// 409: the book is no longer available (someone else ordered it, or it was sold or withdrawn).
    BookUnavailable,
    /// 409: the buyer already holds the most unpaid orders allowed; pay or cancel one first.
    TooManyPendingOrders,
    /// 409: the order is not pending any more (paid, cancelled or expired), so it cannot be paid or cancelled.
    OrderClosed,
    /// 422: the handover code entered is not the order's; `attemptsLeft` more may be tried before the code locks.
    WrongHandoverCode,
    /// 429: five wrong handover codes locked the order's code; `Retry-After` says in how many seconds it opens again.
    HandoverLocked,
    /// 409: the right handover code, but the buyer's card no longer holds the price (the bank let the hold go), so
    /// nothing could be taken; the order stays open: take cash, or the buyer cancels and orders again.
    CardHoldEnded,
    /// 409: the wish list holds the most books allowed; remove one first.
    WishListFull,
    /// 409: only a completed (handed-over) order can be reviewed.
    OrderNotCompleted,
    /// 409: the order has been reviewed already; a review is written once.
    AlreadyReviewed,
    /// 409: reviews are taken for 14 days after the handover; this one's time has passed.
    ReviewWindowClosed,
    /// 409: the phone the buyer gave on the order is a phone the seller put on one of their listings: accounts that
    /// share a phone number cannot review each other.
    SharedPhone,
    /// 409: the seller answered this review already; an answer is written once.
    AlreadyAnswered,
    /// 409: a listing keeps at least one photo: add another before removing this one.
    LastPhoto,
    /// 409: nobody reports their own listing or their own account.
    OwnReportTarget,
    /// 409: the admin decided on this report already.
    ReportDecided,
    /// 409: another category already has this name, in some letter case.
    CategoryNameTaken,
    /// 409: only an empty category can be deleted; this one holds books (withdrawn ones count). Merge it instead.
    CategoryNotEmpty,
    /// 422: the price is below what the card payment provider accepts; this order cannot be paid by card.
    BelowCardMinimum,
    /// 400: a payment webhook without a valid, fresh signature.
    InvalidSignature,
    /// 413: the picture is larger than allowed, in bytes or in pixels.
    ImageTooLarge,
    /// 415: not a JPEG, PNG or WebP picture, or a damaged one.
    UnsupportedImage,
    /// 409: another picture from this account is still being uploaded; one upload at a time per account.
    UploadInProgress,
    /// 408: the request's body arrived too slowly and was cut off; send it again.
    RequestTimeout,
    /// 429: too many requests of this kind right now; `Retry-After` says in how many seconds to try again.
    RateLimited,
    /// 421: a local server (sign-in through the emulator) answers only requests addressed to localhost, 127.0.0.1
    /// or [::1]; this one named another host (a DNS-rebinding page, say).
    MisdirectedRequest,
    /// 500: our fault; the cause is in the server log, never in the answer.
    Internal,
    /// 503: a dependency (the database, sign-in, the image host) cannot answer right now.
    Unavailable,
}

impl ErrorCode {
    pub const fn status(self) -> StatusCode {
        match self {
            Self::NotFound
            | Self::BookNotFound
            | Self::CategoryNotFound
            | Self::OrderNotFound
            | Self::AccountNotFound
            | Self::SellerNotFound
            | Self::ReviewNotFound
            | Self::PhotoNotFound
            | Self::ReportNotFound => StatusCode::NOT_FOUND,
            Self::InvalidQuery | Self::PageTooDeep | Self::InvalidInput | Self::InvalidSignature => StatusCode::BAD_REQUEST,
            Self::ValidationFailed | Self::BelowCardMinimum | Self::WrongHandoverCode => StatusCode::UNPROCESSABLE_ENTITY,
            Self::Unauthenticated | Self::TokenExpired | Self::TokenRevoked | Self::SignInAgain => StatusCode::UNAUTHORIZED,
            Self::AccountDeleted | Self::WrongRole | Self::CannotDeleteAdmin => StatusCode::FORBIDDEN,
            Self::EmailTaken
            | Self::BookUnavailable
            | Self::TooManyPendingOrders
            | Self::OrderClosed
            | Self::CardHoldEnded
            | Self::WishListFull
            | Self::OrderNotCompleted
            | Self::AlreadyReviewed
            | Self::ReviewWindowClosed
            | Self::SharedPhone
            | Self::AlreadyAnswered
            | Self::LastPhoto
            | Self::OwnReportTarget
            | Self::ReportDecided
            | Self::CategoryNameTaken
            | Self::CategoryNotEmpty
            | Self::UploadInProgress => StatusCode::CONFLICT,
            Self::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            Self::ImageTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedImage => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::RateLimited | Self::HandoverLocked => StatusCode::TOO_MANY_REQUESTS,
            Self::MisdirectedRequest => StatusCode::MISDIRECTED_REQUEST,
            Self::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            Self::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

/// Why a field was refused, for a client to word in its reader's language. A closed list: a client handles every
/// code. `required`: missing or blank; `too_long`: over `limit` characters; `out_of_range`: outside `min`..`max`;
/// `not_a_number`; `not_whole_number`; `invalid_phone`: not a Bangladesh mobile number; `invalid_character`: holds
/// U+0000; `unknown_category`: names no category; `not_both`: `categoryId` and `newCategory` both sent;
/// `same_category`: a category merged into itself; `daily_limit_reached`: over `limit` in 24 hours (new categories).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum FieldReasonCode {
    /// Missing or blank (only spaces): every required text field, a price, the category, the picture, the card.
    Required,
    /// Longer than `limit` characters (counted after trimming): a title, an author, a name, a location, a
    /// description, a category's name, a card token.
    TooLong,
    /// A number outside `min`..`max`, both inclusive: a price (1..500000), a publish year (1450..this year), ratings
    /// (0..5), reviews (0..2147483647).
    OutOfRange,
    /// Text that is no number where a number belongs (a multipart form's price, year, ratings or reviews). Bengali
    /// digits are numbers.
    NotANumber,
    /// A number with a fraction where a whole number belongs (a price, a publish year, reviews).
    NotWholeNumber,
    /// Not a Bangladesh mobile number (`01`, an operator digit from 3 to 9, then 8 digits; `+880`/`880` in front,
    /// spaces, dashes and Bengali digits allowed).
    InvalidPhone,
    /// Holds a character no text may hold (U+0000).
    InvalidCharacter,
    /// Names no category: `categoryId` not an id of the list or of one that no longer exists; a merge's `into`.
    UnknownCategory,
    /// `categoryId` and `newCategory` were both sent: choose from the list or type a new one, not both.
    NotBoth,
    /// A merge's `into` is the category being merged.
    SameCategory,
    /// More than `limit` in 24 hours: a seller's new categories (`newCategory`).
    DailyLimitReached,
    /// Not six digits: a handover code (`code`), as the buyer's order page shows it.
    InvalidHandoverCode,
    /// None of the names the field may hold: a `condition` (`like_new`, `very_good`, `good`, `acceptable`) or a
    /// `language` (`bn`, `en`, `other`).
    NotAChoice,
    /// Not an ISBN (`isbn`): neither 10 nor 13 digits (an ISBN-10 may end in X), or 13 that do not start with 978 or
    /// 979. Hyphens, spaces and Bengali digits are fine.
    InvalidIsbn,
    /// An ISBN whose check digit does not match its other digits: one of them is mistyped.
    IsbnCheckDigit,
    /// More than `limit` photos of one copy (`image`).
    TooManyPhotos,
    /// A new order of a listing's photos (`order`) that does not name each of its photos exactly once: reload the
    /// listing and order what it holds now.
    NotThePhotos,
}

/// A refused field's reason: its code, with the bounds of the rule it broke.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, ToSchema)]
#[ts(export)]
pub struct FieldReason {
    pub code: FieldReasonCode,
    /// With `too_long`: the most characters allowed. With `daily_limit_reached`: how many are allowed in 24 hours.
    /// With `too_many_photos`: the most photos a listing may have.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(type = "number", optional)]
    #[schema(nullable = false)]
    pub limit: Option<u64>,
    /// With `out_of_range`: the lowest value allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(type = "number", optional)]
    #[schema(nullable = false)]
    pub min: Option<i64>,
    /// With `out_of_range`: the highest value allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(type = "number", optional)]
    #[schema(nullable = false)]
    pub max: Option<i64>,
}

impl From<puronoboi_domain::FieldReason> for FieldReason {
    fn from(reason: puronoboi_domain::FieldReason) -> Self {
        use puronoboi_domain::FieldReason as Domain;
        let bare = |code| Self { code, limit: None, min: None, max: None };
        match reason {
            Domain::Required => bare(FieldReasonCode::Required),
            Domain::TooLong { limit } => Self { limit: u64::try_from(limit).ok(), ..bare(FieldReasonCode::TooLong) },
            Domain::OutOfRange { min, max } => Self { min: Some(min), max: Some(max), ..bare(FieldReasonCode::OutOfRange) },
            Domain::NotANumber => bare(FieldReasonCode::NotANumber),
            Domain::NotWholeNumber => bare(FieldReasonCode::NotWholeNumber),
            Domain::InvalidPhone => bare(FieldReasonCode::InvalidPhone),
            Domain::InvalidCharacter => bare(FieldReasonCode::InvalidCharacter),
            Domain::UnknownCategory => bare(FieldReasonCode::UnknownCategory),
            Domain::NotBoth => bare(FieldReasonCode::NotBoth),
            Domain::SameCategory => bare(FieldReasonCode::SameCategory),
            Domain::DailyLimitReached { limit } => Self { limit: Some(u64::from(limit)), ..bare(FieldReasonCode::DailyLimitReached) },
            Domain::InvalidHandoverCode => bare(FieldReasonCode::InvalidHandoverCode),
            Domain::NotAChoice => bare(FieldReasonCode::NotAChoice),
            Domain::InvalidIsbn => bare(FieldReasonCode::InvalidIsbn),
            Domain::IsbnCheckDigit => bare(FieldReasonCode::IsbnCheckDigit),
            Domain::TooManyPhotos { limit } => Self { limit: u64::try_from(limit).ok(), ..bare(FieldReasonCode::TooManyPhotos) },
            Domain::NotThePhotos => bare(FieldReasonCode::NotThePhotos),
        }
    }
}

#[derive(Debug, Serialize, TS, ToSchema)]
#[ts(export)]
pub struct ErrorDetail {
    pub code: ErrorCode,
    pub message: String,
    /// Only with `validation_failed`: camelCase field name -> what is wrong with it, in English.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fields: Option<BTreeMap<String, String>>,
    /// Only with `validation_failed`, always with `fields` and with the same keys: camelCase field name -> why it
    /// was refused, as a code with the rule's bounds.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub reasons: Option<BTreeMap<String, FieldReason>>,
    /// Only with `wrong_handover_code`: how many more codes may be tried before the order's code locks.
    #[serde(rename = "attemptsLeft", skip_serializing_if = "Option::is_none")]
    #[ts(rename = "attemptsLeft", optional)]
    pub attempts_left: Option<u32>,
}

#[derive(Debug, Serialize, TS, ToSchema)]
#[ts(export)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

/// The message the web app (and the first version of this product) knows as "this account is gone".
pub const FORBIDDEN_ACCESS: &str = "Forbidden Access";

#[derive(Debug)]
pub struct ApiError {
    code: ErrorCode,
    /// The code's own status, except where one code covers two statuses (see [`ApiError::body_too_large`]).
    status: StatusCode,
    message: String,
    /// Only with `validation_failed`: each refused field's error.
    fields: Option<FieldErrors>,
    /// Whole seconds, sent as `Retry-After`.
    retry_after: Option<u64>,
    /// Only with `wrong_handover_code`.
    attempts_left: Option<u32>,
}

impl ApiError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self { code, status: code.status(), message: message.into(), fields: None, retry_after: None, attempts_left: None }
    }

    /// 422 `wrong_handover_code`, with the codes left before the lock.
    pub fn wrong_handover_code(attempts_left: u32) -> Self {
        let message = format!("That is not this order's handover code. {attempts_left} more tries before it locks for 15 minutes.");
        Self { attempts_left: Some(attempts_left), ..Self::new(ErrorCode::WrongHandoverCode, message) }
    }

    /// 429 `handover_locked`, with `Retry-After`.
    pub fn handover_locked(retry_after: std::time::Duration) -> Self {
        let seconds = (retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0)).max(1);
        let message =
            "Too many wrong handover codes: the code is locked for 15 minutes. Ask the buyer to check the code on their order page.";
        Self { retry_after: Some(seconds), ..Self::new(ErrorCode::HandoverLocked, message) }
    }

    /// 413 `invalid_input`: a body larger than the route accepts. The code is the one every other unreadable body
    /// answers, so clients need no new case; the status tells proxies and tools what happened.
    pub fn body_too_large(message: impl Into<String>) -> Self {
        Self { status: StatusCode::PAYLOAD_TOO_LARGE, ..Self::new(ErrorCode::InvalidInput, message) }
    }

    /// 429 `rate_limited`, with `Retry-After` in whole seconds (rounded up, at least 1).
    pub fn rate_limited(message: impl Into<String>, retry_after: std::time::Duration) -> Self {
        let seconds = (retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0)).max(1);
        Self { retry_after: Some(seconds), ..Self::new(ErrorCode::RateLimited, message) }
    }

    /// 422 with a message and a reason per field; the summary message names the first problem.
    pub fn validation(fields: FieldErrors) -> Self {
        let message = match fields.iter().next() {
            Some((field, problem)) if fields.len() == 1 => format!("{field}: {problem}"),
            Some((field, problem)) => format!("{field}: {problem} (and {} more)", fields.len() - 1),
            None => "The request is invalid.".to_owned(),
        };
        Self { fields: Some(fields), ..Self::new(ErrorCode::ValidationFailed, message) }
    }

    /// 422 for one field.
    pub fn field(name: &'static str, error: FieldError) -> Self {
        Self::validation([(name, error)].into())
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::NotFound, message)
    }

    pub fn invalid_query(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InvalidQuery, message)
    }

    pub fn invalid_input(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InvalidInput, message)
    }

    pub fn unauthenticated(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Unauthenticated, message)
    }

    pub fn account_deleted() -> Self {
        Self::new(ErrorCode::AccountDeleted, FORBIDDEN_ACCESS)
    }

    pub fn unavailable(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Unavailable, message)
    }

    /// Logs the cause; the caller learns only that something went wrong on our side. A cause that is the database
    /// being out of reach is no bug: that answers 503, so the caller tries again shortly.
    pub fn internal(cause: &(dyn std::error::Error + 'static)) -> Self {
        if std::iter::successors(Some(cause), |e| e.source()).any(|e| e.is::<puronoboi_ports::StoreUnreachable>()) {
            tracing::warn!(error = %DisplayChain(cause), "the database is out of reach");
            return Self::unavailable("The database is not answering. Please try again in a moment.");
        }
        tracing::error!(error = %DisplayChain(cause), "request failed");
        Self::new(ErrorCode::Internal, "Something went wrong on our side. Please try again.")
    }

    pub fn code(&self) -> ErrorCode {
        self.code
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    /// The `Retry-After` the answer carries, in seconds.
    pub fn retry_after(&self) -> Option<u64> {
        self.retry_after
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let (fields, reasons) = match self.fields {
            Some(errors) => {
                let reasons = errors.iter().map(|(name, error)| ((*name).to_owned(), FieldReason::from(error.reason()))).collect();
                let fields = errors.into_iter().map(|(name, error)| (name.to_owned(), error.into_message())).collect();
                (Some(fields), Some(reasons))
            }
            None => (None, None),
        };
        let body = Json(ErrorBody {
            error: ErrorDetail { code: self.code, message: self.message, fields, reasons, attempts_left: self.attempts_left },
        });
        match self.retry_after {
            Some(seconds) => (status, [(axum::http::header::RETRY_AFTER, seconds.to_string())], body).into_response(),
            None => (status, body).into_response(),
        }
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

#[cfg(test)]
mod tests {
    use puronoboi_domain::{FieldProblem as _, PhoneError, Required, TakaError};

    use super::*;

    async fn body(error: ApiError) -> serde_json::Value {
        let response = error.into_response();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
        serde_json::from_slice(&bytes).expect("JSON")
    }

    #[test]
    fn every_reason_has_a_code_of_its_own_on_the_wire() {
        use puronoboi_domain::FieldReason as Domain;
        let reasons = [
            Domain::Required,
            Domain::TooLong { limit: 200 },
            Domain::OutOfRange { min: 1, max: 500_000 },
            Domain::NotANumber,
            Domain::NotWholeNumber,
            Domain::InvalidPhone,
            Domain::InvalidCharacter,
            Domain::UnknownCategory,
            Domain::NotBoth,
            Domain::SameCategory,
            Domain::DailyLimitReached { limit: 3 },
        ];
        let codes: Vec<_> = reasons.iter().map(|r| serde_json::to_value(FieldReason::from(*r)).expect("JSON")["code"].clone()).collect();
        let distinct: std::collections::BTreeSet<_> = codes.iter().map(ToString::to_string).collect();
        assert_eq!(distinct.len(), reasons.len(), "one wire code per domain reason: {codes:?}");
        assert!(
            codes.iter().all(|code| code.as_str().is_some_and(|c| c.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))),
            "{codes:?}"
        );
    }

    #[tokio::test]
    async fn a_validation_failure_carries_a_reason_beside_each_message() {
        let errors: FieldErrors = [
            ("title", FieldError::of(&Required)),
            ("phone", FieldError::of(&PhoneError::NotAMobileNumber)),
            ("resalePrice", FieldError::of(&TakaError::TooLarge(500_001))),
            ("author", FieldError::of(&puronoboi_domain::RequiredTextError::TooLong { max: 120, got: 121 })),
        ]
        .into();
        let body = body(ApiError::validation(errors)).await;
        assert_eq!(body["error"]["code"], "validation_failed");
        assert_eq!(
            body["error"]["fields"],
            serde_json::json!({
                "author": "at most 120 characters are allowed, got 121",
                "phone": "enter a Bangladesh mobile number, e.g. 01712-345678",
                "resalePrice": "a price must be at most 500000 taka, got 500001",
                "title": "this field is required",
            })
        );
        assert_eq!(
            body["error"]["reasons"],
            serde_json::json!({
                "author": { "code": "too_long", "limit": 120 },
                "phone": { "code": "invalid_phone" },
                "resalePrice": { "code": "out_of_range", "min": 1, "max": 500_000 },
                "title": { "code": "required" },
            })
        );
        assert_eq!(PhoneError::NotAMobileNumber.reason(), puronoboi_domain::FieldReason::InvalidPhone);
    }

    #[tokio::test]
    async fn other_errors_have_neither_fields_nor_reasons() {
        let body = body(ApiError::not_found("No such thing.")).await;
        let detail = body["error"].as_object().expect("an object");
        assert_eq!(detail.keys().collect::<Vec<_>>(), ["code", "message"]);
    }
}
