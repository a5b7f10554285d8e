//! The API's OpenAPI 3.1 description, generated from the handlers' `#[utoipa::path]` attributes and the DTOs'
//! schemas. Routes are registered through `utoipa_axum::routes!`, which takes the path and method from the same
//! attribute, so a route cannot be served without being described. Served at `GET /api/openapi.json`.
//!
//! Every error an operation can answer is listed with its status and the one error body ([`ErrorBody`]); the
//! response sets below group the statuses that whole families of routes share.

use std::collections::BTreeMap;

use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
use utoipa::{IntoResponses, Modify, OpenApi};

use crate::error::{ErrorBody, ErrorCode, ErrorDetail, FieldReason, FieldReasonCode};

/// The security scheme of our own access tokens (`Authorization: Bearer <accessToken>` from `POST /api/session`).
pub const BEARER: &str = "bearer";
/// The security scheme of `POST /api/session`: a Firebase ID token, exchanged there for an access token.
pub const FIREBASE_ID_TOKEN: &str = "firebaseIdToken";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Puronoboi API",
        description = "The used-book marketplace's JSON API. Every error answers `{\"error\": {\"code\", \"message\", \"fields\"?, \"reasons\"?}}`; \
                       clients switch on `code`. A 422 `validation_failed` names each refused field twice, with the same keys: \
                       `fields` (camelCase field -> English message) and `reasons` (camelCase field -> `FieldReason`: a \
                       `FieldReasonCode` with the rule's `limit`, or `min` and `max`), so that clients can word the problem in \
                       the reader's language. Numbers typed as text (multipart form fields, query parameters, phone numbers) \
                       may use Bengali digits (০-৯). A 429 carries `Retry-After` (seconds). Any request whose body arrives \
                       too slowly is answered 408 `request_timeout`.",
        license(name = "MIT", identifier = "MIT"),
    ),
    components(schemas(ErrorBody, ErrorDetail, ErrorCode, FieldReason, FieldReasonCode)),
    modifiers(&SecuritySchemes),
    tags(
        (name = "meta", description = "Liveness, readiness, the browser's configuration and this description"),
        (name = "sessions", description = "Signing in and the signed-in account"),
        (name = "catalogue", description = "The public shop"),
        (name = "listings", description = "A seller's own books"),
        (name = "admin", description = "Sellers and buyers, for admins"),
        (name = "orders", description = "A buyer's orders, wish list and card payments"),
        (name = "reviews", description = "Reviews of completed orders, sellers' answers and the public seller pages"),
    )
)]
pub struct ApiDoc;

struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let bearer = |format: &str, description: &str| {
            let mut http = Http::new(HttpAuthScheme::Bearer);
            http.bearer_format = Some(format.to_owned());
            http.description = Some(description.to_owned());
            SecurityScheme::Http(http)
        };
        components.add_security_scheme(
            BEARER,
            bearer("JWT", "Our access token, from `POST /api/session`; short-lived, renewed from a fresh Firebase ID token."),
        );
        components.add_security_scheme(FIREBASE_ID_TOKEN, bearer("JWT", "A Firebase ID token, only for `POST /api/session`."));
    }
}

/// One error status with the error body, described by the codes it can carry.
fn error_response(status: u16, description: &str) -> (String, RefOr<utoipa::openapi::Response>) {
    let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
    (status.to_string(), ResponseBuilder::new().description(description).content("application/json", content).build().into())
}

/// Declares a response set: a type whose `IntoResponses` lists error statuses, for `responses(...)` lists.
macro_rules! error_responses {
    ($(#[doc = $doc:literal])* $name:ident { $($status:literal => $description:literal),+ $(,)? }) => {
        $(#[doc = $doc])*
        pub struct $name;

        impl IntoResponses for $name {
            fn responses() -> BTreeMap<String, RefOr<utoipa::openapi::Response>> {
                [$(error_response($status, $description)),+].into_iter().collect()
            }
        }
    };
}

error_responses! {
    /// What any route that reads the database may answer when it fails.
    Internal { 500 => "`internal`: our fault; the cause is in the server log." }
}

error_responses! {
    /// What every signed-in route answers before its own work: the access token and the account behind it.
    SignedIn {
        401 => "`unauthenticated` (no token, or not ours), `token_expired` or `token_revoked`.",
        403 => "`account_deleted` (\"Forbidden Access\"), or `wrong_role`: this needs another kind of account.",
        500 => "`internal`: our fault; the cause is in the server log.",
        503 => "`unavailable`: sign-in is not configured on this server.",
    }
}

error_responses! {
    /// A query string that cannot be read, names an unknown parameter, or is out of range.
    BadQuery { 400 => "`invalid_query` (malformed, unknown parameter, out of range) or `page_too_deep`." }
}

error_responses! {
    /// A request body that cannot be read.
    BadBody {
        400 => "`invalid_input`: the body is not sent as JSON (`Content-Type: application/json`), is not JSON, or is not the JSON this operation reads (or has unknown fields).",
        413 => "`invalid_input`: the body is larger than this operation accepts.",
    }
}

error_responses! {
    /// A body that was read but breaks a field's rule.
    Invalid { 422 => "`validation_failed`: `fields` maps each camelCase field to what is wrong with it, in English; `reasons` maps the same fields to a `FieldReason` (`required`, `too_long` with `limit`, `out_of_range` with `min` and `max`, `not_a_number`, `not_whole_number`, `invalid_phone`, `invalid_character`, `unknown_category`, `not_both`, `same_category`, `daily_limit_reached` with `limit`)." }
}

error_responses! {
    /// A rate-limited call's refusal (`Retry-After` says in how many seconds to try again).
    Limited { 429 => "`rate_limited`: too many of these calls from this address or this account right now; `Retry-After` gives the seconds to wait." }
}

error_responses! {
    /// A picture upload's refusals, on top of the signed-in ones.
    Upload {
        400 => "`invalid_input`: not a multipart form, no `image` field, or an unknown or repeated field.",
        408 => "`request_timeout`: the picture arrived too slowly.",
        409 => "`upload_in_progress`: another picture from this account is still being uploaded.",
        413 => "`image_too_large`: over 5 MB, or too many pixels.",
        415 => "`unsupported_image`: not a JPEG, PNG or WebP picture, or a damaged one.",
        429 => "`rate_limited`: too many uploads from this account, or the server is busy with others.",
    }
}

/// The description of the whole API, with every path under `/api` as the server serves it.
pub fn document() -> utoipa::openapi::OpenApi {
    crate::routes::described().into_openapi()
}
