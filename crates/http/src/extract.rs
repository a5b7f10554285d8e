//! Extractors whose rejections speak our error format instead of axum's plain text, and the two ways a handler
//! learns who is calling.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, OptionalFromRequest, Path, Query, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use puronoboi_domain::{Account, AccountRole};
use serde::de::DeserializeOwned;

use crate::AppState;
use crate::error::{ApiError, ErrorCode};

/// Like `Query`, but a malformed query string is a 400 with `code: invalid_query`.
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(value)| Self(value))
            .map_err(|rejection| ApiError::invalid_query(rejection.body_text()))
    }
}

/// A number in a query string, read as the domain reads every number a person types
/// ([`puronoboi_domain::parse_whole_number`]): in Latin or Bengali digits ("২" is 2), with an optional sign. For
/// `Option<u32>` or `Option<i64>` fields, with `#[serde(default, deserialize_with = "query_number")]`; a value
/// that is no whole number, or does not fit the field, is a malformed query (400 `invalid_query`).
pub fn query_number<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: TryFrom<i64>,
{
    use serde::de::Error as _;
    let Some(text) = <Option<String> as serde::Deserialize>::deserialize(deserializer)? else { return Ok(None) };
    let number = puronoboi_domain::parse_whole_number(&text).map_err(|problem| D::Error::custom(format!("{text:?} {problem}")))?;
    T::try_from(number).map(Some).map_err(|_| D::Error::custom(format!("{text:?} is out of range")))
}

/// `?page=&perPage=` of a paged list; pages count from 1. Either may be written in Bengali digits.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// From 1; a page starting beyond the first 10,000 rows answers `page_too_deep`.
    #[param(minimum = 1, maximum = 10_000)]
    #[serde(default, deserialize_with = "query_number")]
    page: Option<u32>,
    /// Items per page; each list has its own default.
    #[param(minimum = 1, maximum = 100)]
    #[serde(default, deserialize_with = "query_number")]
    per_page: Option<u32>,
}

impl PageQuery {
    /// The page asked for, `default_per_page` items long unless the caller said otherwise; out-of-range sizes and
    /// pages too deep are 400s.
    pub fn request(&self, default_per_page: u32) -> Result<puronoboi_domain::PageRequest, ApiError> {
        Ok(puronoboi_domain::PageRequest::new(self.page.unwrap_or(1), self.per_page.unwrap_or(default_per_page))?)
    }
}

/// Like `Path`, but a segment that cannot be read (not UTF-8 once percent-decoded) names nothing here: a 404 with
/// `code: not_found`, in our error format.
pub struct ApiPath<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for ApiPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(|Path(value)| Self(value))
            .map_err(|rejection| ApiError::not_found(rejection.body_text()))
    }
}

/// The one way a handler reads a JSON body: like `Json`, but every refusal is our error body. A body that is not
/// sent as JSON (no `Content-Type: application/json`), is not JSON, or is not the shape this call reads (a missing
/// or unknown field, a wrong type) is a 400 `invalid_input`; one larger than the route accepts is a 413
/// `invalid_input`. As `Option<ApiJson<T>>` an empty body is `None`.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (json, bytes) = json_bytes(request, state).await?;
        json_value(json, &bytes).map(Self)
    }
}

impl<T: DeserializeOwned, S: Send + Sync> OptionalFromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Option<Self>, Self::Rejection> {
        let (json, bytes) = json_bytes(request, state).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(None);
        }
        json_value(json, &bytes).map(|value| Some(Self(value)))
    }
}

/// Whether the request says its body is JSON, and the body.
async fn json_bytes<S: Send + Sync>(request: Request, state: &S) -> Result<(bool, Bytes), ApiError> {
    let json = is_json(request.headers());
    let bytes = Bytes::from_request(request, state).await.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::body_too_large("The body is larger than this call accepts.")
        } else {
            ApiError::invalid_input(format!("The body could not be read: {}", rejection.body_text()))
        }
    })?;
    Ok((json, bytes))
}

fn json_value<T: DeserializeOwned>(json: bool, bytes: &[u8]) -> Result<T, ApiError> {
    if !json {
        return Err(ApiError::invalid_input("Send the body as JSON, with 'Content-Type: application/json'."));
    }
    serde_json::from_slice(bytes).map_err(|error| match error.classify() {
        serde_json::error::Category::Data => ApiError::invalid_input(format!("The body is not what this call reads: {error}")),
        _ => ApiError::invalid_input(format!("The body is not valid JSON: {error}")),
    })
}

/// `application/json`, or a JSON-based type such as `application/problem+json`, whatever its parameters.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(content_type) = headers.get(header::CONTENT_TYPE).and_then(|value| value.to_str().ok()) else { return false };
    let essence = content_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Parses an id from the path; anything that is not one of our ids cannot name a resource, so it is that
/// resource's 404.
pub fn parse_id<T: std::str::FromStr>(raw: &str, not_found: ErrorCode, what: &str) -> Result<T, ApiError> {
    raw.parse().map_err(|_| ApiError::new(not_found, format!("No {what} has this id.")))
}

/// The signed-in caller: a live account named by a current access token. Resolved once per request, here only.
pub struct Caller(pub Account);

impl Caller {
    /// The caller, if the action is for this role. A wrong role is explained, never treated as signed out.
    pub fn require(self, role: AccountRole, action: &str) -> Result<Account, ApiError> {
        if self.0.role == role {
            Ok(self.0)
        } else {
            Err(ApiError::new(ErrorCode::WrongRole, format!("Only a {role} account can {action}; yours is a {} account.", self.0.role)))
        }
    }
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = bearer_token(parts).ok_or_else(|| ApiError::unauthenticated("Sign in to continue."))?;
        let sessions = state.sessions.as_ref().ok_or_else(|| ApiError::unavailable("Sign-in is not configured on this server."))?;
        Ok(Self(sessions.authenticate(token).await?))
    }
}

/// Who is calling a public route: the signed-in account, or nobody. An invalid, expired or revoked token, or a
/// closed account, is answered as for an anonymous visitor: a public page never fails because of a stale token.
pub struct MaybeCaller(pub Option<Account>);

impl FromRequestParts<AppState> for MaybeCaller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let (Some(token), Some(sessions)) = (bearer_token(parts), state.sessions.as_ref()) else { return Ok(Self(None)) };
        match sessions.authenticate(token).await {
            Ok(account) => Ok(Self(Some(account))),
            Err(puronoboi_app::sessions::AuthError::Unknown(store)) => Err(store.into()),
            Err(_) => Ok(Self(None)),
        }
    }
}

/// The token of an `Authorization: Bearer <token>` header.
pub fn bearer_token(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use chrono::Utc;
    use puronoboi_domain::{AccountId, Email};

    use super::*;

    fn caller(role: AccountRole) -> Caller {
        Caller(Account {
            id: AccountId::new(),
            firebase_uid: Some("u".into()),
            name: "Rahim".into(),
            email: Email::parse("rahim@example.test").expect("valid"),
            email_verified: true,
            role,
            verified: false,
            photo_url: None,
            session_generation: 0,
            sessions_ended_at: None,
            created_at: Utc::now(),
            closed: None,
            language: None,
        })
    }

    #[test]
    fn a_wrong_role_is_explained_with_its_own_code() {
        let refused = caller(AccountRole::Seller).require(AccountRole::Buyer, "buy books").expect_err("a seller cannot buy");
        assert_eq!((refused.code(), refused.status().as_u16()), (ErrorCode::WrongRole, 403));
        assert_eq!(caller(AccountRole::Buyer).require(AccountRole::Buyer, "buy books").map(|a| a.role).ok(), Some(AccountRole::Buyer));
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Named {
        #[expect(dead_code, reason = "only its presence and type are read")]
        name: String,
    }

    fn request(content_type: Option<&str>, body: &'static str) -> Request {
        let mut request = Request::post("/").body(Body::from(body)).expect("a request");
        if let Some(content_type) = content_type {
            request.headers_mut().insert(header::CONTENT_TYPE, content_type.parse().expect("a header value"));
        }
        request
    }

    async fn refusal(request: Request) -> (u16, ErrorCode, String) {
        let refused = <ApiJson<Named> as FromRequest<()>>::from_request(request, &()).await.expect_err("refused");
        (refused.status().as_u16(), refused.code(), refused.message().to_owned())
    }

    #[tokio::test]
    async fn a_json_body_is_read_with_any_json_content_type() {
        for content_type in ["application/json", "application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json"] {
            let read = <ApiJson<Named> as FromRequest<()>>::from_request(request(Some(content_type), r#"{"name": "Rahim"}"#), &()).await;
            assert!(read.is_ok(), "{content_type}: {read:?}");
        }
    }

    #[tokio::test]
    async fn a_body_not_sent_as_json_is_refused_as_invalid_input() {
        for content_type in [None, Some("text/plain"), Some("application/x-www-form-urlencoded"), Some("application/jsonx")] {
            let (status, code, message) = refusal(request(content_type, r#"{"name": "Rahim"}"#)).await;
            assert_eq!((status, code), (400, ErrorCode::InvalidInput), "{content_type:?}");
            assert!(message.contains("Content-Type: application/json"), "{message}");
        }
    }

    #[tokio::test]
    async fn broken_json_and_the_wrong_shape_are_refused_as_invalid_input() {
        let json = Some("application/json");
        for (body, says) in [
            (r#"{"name": "#, "not valid JSON"),
            ("", "not valid JSON"),
            (r#"{"name": 7}"#, "not what this call reads"),
            (r#"{}"#, "not what this call reads"),
            (r#"{"name": "Rahim", "role": "admin"}"#, "not what this call reads"),
        ] {
            let (status, code, message) = refusal(request(json, body)).await;
            assert_eq!((status, code), (400, ErrorCode::InvalidInput), "{body}");
            assert!(message.contains(says), "{body}: {message}");
        }
    }

    #[tokio::test]
    async fn a_body_over_the_routes_limit_is_refused_with_413() {
        let request = request(Some("application/json"), r#"{"name": "a name longer than the limit"}"#);
        let router = axum::Router::new()
            .route("/", axum::routing::post(|ApiJson(_): ApiJson<Named>| async { StatusCode::OK }))
            .layer(axum::extract::DefaultBodyLimit::max(8));
        let response = tower::ServiceExt::oneshot(router, request).await.expect("answered");
        assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
        let body = axum::body::to_bytes(response.into_body(), 10_000).await.expect("a body");
        let body: serde_json::Value = serde_json::from_slice(&body).expect("our error body");
        assert_eq!(body["error"]["code"], "invalid_input");
    }

    #[tokio::test]
    async fn an_optional_body_may_be_empty_but_not_broken() {
        let empty = <ApiJson<Named> as OptionalFromRequest<()>>::from_request(request(None, " \n"), &()).await;
        assert!(matches!(empty, Ok(None)), "{empty:?}");
        let sent =
            <ApiJson<Named> as OptionalFromRequest<()>>::from_request(request(Some("application/json"), r#"{"name": "R"}"#), &()).await;
        assert!(matches!(sent, Ok(Some(_))), "{sent:?}");
        let broken = <ApiJson<Named> as OptionalFromRequest<()>>::from_request(request(Some("application/json"), "{"), &()).await;
        assert_eq!(broken.map(|_| ()).map_err(|e| e.code()), Err(ErrorCode::InvalidInput));
        let untyped = <ApiJson<Named> as OptionalFromRequest<()>>::from_request(request(None, r#"{"name": "R"}"#), &()).await;
        assert_eq!(untyped.map(|_| ()).map_err(|e| e.code()), Err(ErrorCode::InvalidInput));
    }
}
