//! Sessions and the signed-in account: `POST /api/session`, `POST /api/session/logout`, `GET /api/me`,
//! `POST /api/me/photo`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use puronoboi_app::images::MAX_UPLOAD_BYTES;
use puronoboi_app::sessions::{RequestedRole, SessionRequest};
use puronoboi_app::uploads::{UploadSlot, Uploads};
use puronoboi_domain::AccountId;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::router::UtoipaMethodRouterExt as _;
use utoipa_axum::routes;

use crate::AppState;
use crate::dto::{AccountTypeDto, MeDto, SessionDto, SessionRequestDto};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiMultipart, Caller, bearer_token};
use crate::limits::{AddressCounted, Kind, Sessions};
use crate::openapi::{Internal, Invalid, Limited, SignedIn, Upload};

/// Room for the multipart framing around a picture of the largest accepted size, and for a form's text fields.
pub(crate) const MULTIPART_OVERHEAD: usize = 64 * 1024;
/// The longest text field a form may send, in bytes (a 4,000-character description in Bangla is 12,000).
const MAX_TEXT_FIELD_BYTES: usize = 16 * 1024;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(open_session))
        .routes(routes!(logout))
        .routes(routes!(me))
        .routes(routes!(upload_photo).layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD)))
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
    body: Bytes,
) -> Result<Json<SessionDto>, ApiError> {
    let Some(sessions) = &state.sessions else {
        return Err(ApiError::unavailable("Sign-in is not configured on this server."));
    };
    // The body is optional: social sign-in sends nothing.
    let request: SessionRequestDto = if body.iter().all(u8::is_ascii_whitespace) {
        SessionRequestDto::default()
    } else {
        serde_json::from_slice(&body).map_err(|e| ApiError::invalid_input(format!("Invalid session request: {e}")))?
    };
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
async fn upload_photo(
    State(state): State<AppState>,
    Caller(account): Caller,
    ApiMultipart(mut form): ApiMultipart,
) -> Result<Json<MeDto>, ApiError> {
    let (slot, bytes) = admitted_picture(&state.uploads, account.id, &mut form).await?;
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

/// Admits an upload (the account's rate, then a slot; see `puronoboi_app::uploads`) and only then reads its
/// picture, so an upload waiting for a slot holds nothing in memory. The slot stays held while the caller decodes
/// and stores the picture. A refused upload's body is read to its end before the answer goes out (see
/// `crate::bodies`), so its client sees the answer.
pub async fn admitted_picture(uploads: &Uploads, account: AccountId, form: &mut Multipart) -> Result<(UploadSlot, Vec<u8>), ApiError> {
    let slot = uploads.admit(account).await?;
    // A sender too slow for the deadline gives its slot back to the uploads waiting for one.
    match tokio::time::timeout_at(slot.read_by(), image_field(form)).await {
        Ok(bytes) => Ok((slot, bytes?)),
        Err(_) => Err(ApiError::new(ErrorCode::RequestTimeout, "The picture took too long to arrive. Please try again.")),
    }
}

/// Like [`admitted_picture`], for a form that sends text fields with its picture (the add-book form): answers the
/// slot, the text fields by name, and the picture if one came. Only the `allowed` text fields are accepted, each
/// once: a field the form does not have (an `email`, say) is refused rather than silently dropped.
pub async fn admitted_multipart(
    uploads: &Uploads,
    account: AccountId,
    form: &mut Multipart,
    allowed: &[&str],
) -> Result<(UploadSlot, std::collections::BTreeMap<String, String>, Option<Vec<u8>>), ApiError> {
    let slot = uploads.admit(account).await?;
    let read = async {
        let mut fields = std::collections::BTreeMap::new();
        let mut picture = None;
        while let Some(field) = form.next_field().await.map_err(multipart_error)? {
            let name = field.name().unwrap_or_default().to_owned();
            if name == "image" {
                if picture.is_some() {
                    return Err(ApiError::invalid_input("Send one picture, in the field 'image'."));
                }
                picture = Some(field.bytes().await.map_err(multipart_error)?.to_vec());
            } else if allowed.contains(&name.as_str()) {
                let bytes = field.bytes().await.map_err(multipart_error)?;
                if bytes.len() > MAX_TEXT_FIELD_BYTES {
                    return Err(ApiError::invalid_input(format!("The field '{name}' is too long.")));
                }
                let text =
                    String::from_utf8(bytes.to_vec()).map_err(|_| ApiError::invalid_input(format!("The field '{name}' is not text.")))?;
                if fields.insert(name.clone(), text).is_some() {
                    return Err(ApiError::invalid_input(format!("The field '{name}' was sent twice.")));
                }
            } else {
                return Err(ApiError::invalid_input(format!("This form has no field '{name}'.")));
            }
        }
        Ok((fields, picture))
    };
    match tokio::time::timeout_at(slot.read_by(), read).await {
        Ok(read) => read.map(|(fields, picture)| (slot, fields, picture)),
        Err(_) => Err(ApiError::new(ErrorCode::RequestTimeout, "The form took too long to arrive. Please try again.")),
    }
}

/// The bytes of the multipart field `image`. Other fields are skipped; file names and content types are ignored
/// because the bytes alone decide what a picture is.
pub async fn image_field(form: &mut Multipart) -> Result<Vec<u8>, ApiError> {
    loop {
        let field = form.next_field().await.map_err(multipart_error)?;
        let Some(field) = field else {
            return Err(ApiError::invalid_input("Attach the picture as the form field 'image'."));
        };
        if field.name() == Some("image") {
            return field.bytes().await.map(Vec::from).map_err(multipart_error);
        }
    }
}

fn multipart_error(e: axum::extract::multipart::MultipartError) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(ErrorCode::ImageTooLarge, "The picture is larger than 5 MB.")
    } else {
        ApiError::invalid_input(format!("Could not read the upload: {}", e.body_text()))
    }
}
