//! Extractors whose rejections speak our error format instead of axum's plain text.

use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

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

/// Parses an id from the path; anything that is not one of our ids cannot name a resource, so it is a 404.
pub fn parse_id<T: std::str::FromStr>(raw: &str, what: &str) -> Result<T, ApiError> {
    raw.parse().map_err(|_| ApiError::not_found(format!("No {what} has this id.")))
}

/// The signed-in caller: a live account named by a valid access token. Resolved once per request, here only.
pub struct Caller(pub puronoboi_ports::Account);

impl axum::extract::FromRequestParts<crate::AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &crate::AppState) -> Result<Self, Self::Rejection> {
        let token = bearer_token(parts).ok_or_else(|| ApiError::unauthorized("Sign in to continue."))?;
        let sign_in = state.sign_in.as_ref().ok_or_else(|| ApiError::unavailable("Sign-in is not configured on this server."))?;
        let id = sign_in.keys.verify(token).ok_or_else(|| ApiError::unauthorized("Your session has expired. Please sign in again."))?;
        Ok(Self(state.accounts.caller(id).await?))
    }
}

/// The token of an `Authorization: Bearer <token>` header.
pub fn bearer_token(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}
