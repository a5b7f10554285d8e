//! The HTTP face of Puronoboi: the JSON API under /api, the pictures under /images and the web app everywhere else.

pub mod dto;
pub mod error;
mod extract;
mod routes;
pub mod session;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use puronoboi_app::Storefront;
use puronoboi_app::accounts::Accounts;
use puronoboi_app::photos::Photos;
use puronoboi_ports::{IdentityVerifier, ReadinessProbe};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

pub use dto::PublicConfigDto;
pub use error::ApiError;

/// Everything the handlers use, built once at start-up.
#[derive(Clone)]
pub struct AppState {
    pub storefront: Storefront,
    pub accounts: Accounts,
    pub photos: Photos,
    /// `None` when sign-in is not configured: sessions and signed-in calls answer 503.
    pub sign_in: Option<SignIn>,
    pub readiness: Arc<dyn ReadinessProbe>,
    pub public_config: Arc<PublicConfigDto>,
}

/// Sign-in: who verifies identity tokens, and the keys our access tokens are signed with. Always both or neither.
#[derive(Clone)]
pub struct SignIn {
    pub verifier: Arc<dyn IdentityVerifier>,
    pub keys: Arc<session::SessionKeys>,
}

/// Files served next to the API.
#[derive(Debug, Clone)]
pub struct StaticAssets {
    /// The built web app (vite's dist/). `None` serves the API alone.
    pub web_dist: Option<PathBuf>,
    /// Locally stored pictures, served under /images.
    pub images_dir: PathBuf,
}

pub fn router(state: AppState, assets: StaticAssets) -> Router {
    let api = routes::api().with_state(state);

    // Pictures are data, never documents: an uploaded SVG opened directly must not run script.
    let images = Router::new()
        .fallback_service(ServeDir::new(&assets.images_dir))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; sandbox"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400")));

    let mut app = Router::new().nest("/api", api).nest("/images", images);
    if let Some(dist) = &assets.web_dist {
        // Client-side routes (/shop, /books/..., unknown paths) all load index.html; the app routes from there.
        let index = ServeFile::new(dist.join("index.html"));
        let hashed_assets = Router::new().fallback_service(ServeDir::new(dist.join("assets"))).layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ));
        app = app.nest("/assets", hashed_assets).fallback_service(ServeDir::new(dist).fallback(index));
    }

    app.layer(SetResponseHeaderLayer::if_not_present(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static("referrer-policy"),
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(TimeoutLayer::with_status_code(StatusCode::GATEWAY_TIMEOUT, Duration::from_secs(30)))
        .layer(TraceLayer::new_for_http())
}
