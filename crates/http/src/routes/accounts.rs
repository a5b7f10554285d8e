//! Sessions and the signed-in account: `POST /api/session`, `POST /api/session/logout`, `GET /api/me`,
//! `POST /api/me/photo`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::http::request::Parts;
use puronoboi_app::sessions::{RequestedRole, SessionRequest};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::router::UtoipaMethodRouterExt as _;
use utoipa_axum::routes;

use crate::AppState;
use crate::dto::{AccountTypeDto, LanguageChoiceDto, MeDto, SessionDto, SessionRequestDto};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{ApiJson, Caller, bearer_token};
use crate::limits::{AddressCounted, Kind, Sessions};
use crate::multipart::{self, UploadForm};
use crate::openapi::{Internal, Invalid, Limited, SignedIn, Upload};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(open_session))
        .routes(routes!(logout))
        .routes(routes!(me))
        .routes(routes!(set_language))
        .routes(routes!(upload_photo).layer(multipart::upload_limit()))
}

/// The Firebase ID token in the Authorization header, extracted without consuming the body.
struct IdentityToken(String);

impl axum::extract::FromRequestParts<AppState> for IdentityToken {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &AppState) -> Result<Self, Self::Rejection> {
        bearer_token(parts)
            .map(|t| Self(t.to_owned()))
            .ok_or_else(|| ApiError::unauthenticated("Send your Firebase ID token as 'Authorization: Bearer <token>'."))
    }
}

/// Verifies the identity token, opens (or finds) the account and issues our access token.
#[utoipa::path(
    post,
    path = "/session",
    tag = "sessions",
    security(("firebaseIdToken" = [])),
    request_body(
        content = Option<SessionRequestDto>,
        description = "Optional: only the first sign-in of an identity reads it, to open its account.",
        content_type = "application/json",
    ),
    responses(
        (status = 200, body = SessionDto),
        (status = 400, description = "`invalid_input`: the body is not a session request, or the sign-in has no e-mail address.", body = ErrorBody),
        (status = 413, description = "`invalid_input`: the body is larger than this operation accepts.", body = ErrorBody),
        (status = 401, description = "`unauthenticated`: no Firebase ID token, or one that does not verify. `sign_in_again`: the ID token comes from a sign-in made before the account's sign-ins were ended (a logout, a closure); only a fresh sign-in opens a session.", body = ErrorBody),
        (status = 403, description = "`account_deleted` (\"Forbidden Access\"): the account was deleted.", body = ErrorBody),
        (status = 409, description = "`email_taken`: another sign-in already uses this e-mail address.", body = ErrorBody),
        (status = 503, description = "`unavailable`: sign-in is not configured, or identity tokens cannot be verified right now.", body = ErrorBody),
        Invalid,
        Limited,
        Internal,
    )
)]
async fn open_session(
    State(state): State<AppState>,
    _: AddressCounted<Sessions>,
    IdentityToken(token): IdentityToken,
    request: Option<ApiJson<SessionRequestDto>>,
) -> Result<Json<SessionDto>, ApiError> {
    let Some(sessions) = &state.sessions else {
        return Err(ApiError::unavailable("Sign-in is not configured on this server."));
    };
    // The body is optional: social sign-in sends nothing.
    let request = request.map(|ApiJson(request)| request).unwrap_or_default();
    let opened = sessions
        .open(
            &token,
            SessionRequest {
                name: request.name,
                role: request.account_type.map(|t| match t {
                    AccountTypeDto::Buyer => RequestedRole::Buyer,
                    AccountTypeDto::Seller => RequestedRole::Seller,
                }),
            },
        )
        .await?;
    // Counted once the identity is proven, so nobody can use up another person's allowance; over it, the session
    // is not handed out.
    state.rate_limiter.check_account(Kind::Sessions, opened.account.id)?;
    Ok(Json(SessionDto { access_token: opened.token.token, expires_at: opened.token.expires_at.to_rfc3339(), user: opened.account.into() }))
}

/// Logout ends every session of the account, on every device: all its access tokens answer `token_revoked`, and
/// every Firebase ID token from a sign-in before the logout answers `sign_in_again` at `POST /api/session`.
#[utoipa::path(
    post,
    path = "/session/logout",
    tag = "sessions",
    security(("bearer" = [])),
    responses((status = 204, description = "Every session of the account has ended."), SignedIn)
)]
async fn logout(State(state): State<AppState>, Caller(account): Caller) -> Result<StatusCode, ApiError> {
    let sessions = state.sessions.as_ref().ok_or_else(|| ApiError::unavailable("Sign-in is not configured on this server."))?;
    sessions.end_all(&account).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The signed-in account.
#[utoipa::path(get, path = "/me", tag = "sessions", security(("bearer" = [])), responses((status = 200, body = MeDto), SignedIn))]
async fn me(Caller(account): Caller) -> Json<MeDto> {
    Json(account.into())
}

/// Sets the language the account holder reads the marketplace in: every device they sign in on follows it.
#[utoipa::path(
    put,
    path = "/me/language",
    tag = "sessions",
    security(("bearer" = [])),
    request_body = LanguageChoiceDto,
    responses((status = 200, body = MeDto), (status = 400, description = "`bad_request`: not `bn` or `en`.", body = ErrorBody), SignedIn)
)]
async fn set_language(
    State(state): State<AppState>,
    Caller(account): Caller,
    ApiJson(choice): ApiJson<LanguageChoiceDto>,
) -> Result<Json<MeDto>, ApiError> {
    Ok(Json(state.profiles.set_language(account.id, choice.language.into()).await?.into()))
}

/// Sets the account's profile photo from the form field `image`.
#[utoipa::path(
    post,
    path = "/me/photo",
    tag = "sessions",
    security(("bearer" = [])),
    request_body(content = PictureForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = MeDto),
        Upload,
        SignedIn,
        (status = 503, description = "`unavailable`: sign-in is not configured, or pictures cannot be stored right now.", body = ErrorBody),
    )
)]
async fn upload_photo(State(state): State<AppState>, Caller(account): Caller, form: UploadForm) -> Result<Json<MeDto>, ApiError> {
    let (slot, bytes) = form.admitted_picture(&state.uploads, account.id).await?;
    Ok(Json(state.photos.set_profile_photo(&slot, account.id, bytes).await?.into()))
}

/// A form carrying one picture.
#[derive(utoipa::ToSchema)]
#[expect(dead_code, reason = "describes the multipart form in the API description; the handler reads the form field by field")]
struct PictureForm {
    /// A JPEG, PNG or WebP picture of at most 5 MB.
    #[schema(format = Binary, content_media_type = "application/octet-stream")]
    image: Vec<u8>,
}
