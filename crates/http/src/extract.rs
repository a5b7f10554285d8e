//! Extractors whose rejections speak our error format instead of axum's plain text, and the two ways a handler
//! learns who is calling.

use axum::extract::{FromRequest, FromRequestParts, Multipart, Path, Query, Request};
use axum::http::request::Parts;
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

/// `?page=&perPage=` of a paged list; pages count from 1.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// From 1; a page starting beyond the first 10,000 rows answers `page_too_deep`.
    #[param(minimum = 1, maximum = 10_000)]
    page: Option<u32>,
    /// Items per page; each list has its own default.
    #[param(minimum = 1, maximum = 100)]
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

/// Like `Multipart`, but a body that is not a multipart form is a 400 with `code: invalid_input`.
pub struct ApiMultipart(pub Multipart);

impl<S: Send + Sync> FromRequest<S> for ApiMultipart {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        Multipart::from_request(request, state)
            .await
            .map(Self)
            .map_err(|rejection| ApiError::invalid_input(format!("Send a multipart/form-data body: {}", rejection.body_text())))
    }
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
        })
    }

    #[test]
    fn a_wrong_role_is_explained_with_its_own_code() {
        let refused = caller(AccountRole::Seller).require(AccountRole::Buyer, "buy books").expect_err("a seller cannot buy");
        assert_eq!((refused.code(), refused.status().as_u16()), (ErrorCode::WrongRole, 403));
        assert_eq!(caller(AccountRole::Buyer).require(AccountRole::Buyer, "buy books").map(|a| a.role).ok(), Some(AccountRole::Buyer));
    }
}
