//! The HTTP face of Puronoboi: the JSON API under /api, the pictures under /images and the web app everywhere else.

mod bodies;
mod conversions;
pub mod dto;
pub mod error;
mod extract;
mod host_check;
pub mod limits;
pub mod metrics;
mod multipart;
pub mod openapi;
mod pages;
mod rendered;
/// The memory for answers kept as they were sent (lists as JSON and brotli, category pages and searches as brotli):
/// a server gives them `rendered_share` of its budget; `RENDERED_BYTES` is the size tests wire in.
pub use rendered::{RENDERED_BYTES, rendered_share};
mod routes;
pub mod security;

use std::num::NonZeroU32;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::routing::get;
use puronoboi_app::admin::Admin;
use puronoboi_app::handover_codes::HandoverCodes;
use puronoboi_app::listings::Listings;
use puronoboi_app::orders::Orders;
use puronoboi_app::payments::Payments;
use puronoboi_app::photos::Photos;
use puronoboi_app::profile::Profiles;
use puronoboi_app::reports::Reports;
use puronoboi_app::reviews::Reviews;
use puronoboi_app::revocation::SignInRevoker;
use puronoboi_app::sessions::Sessions;
use puronoboi_app::tokens::AccessTokens;
use puronoboi_app::uploads::{UploadGate, Uploads};
use puronoboi_app::{Search, Storefront};
use puronoboi_domain::{Email, Taka};
use puronoboi_ports::{
    AccountStore, AdminStore, CatalogueChanges, CatalogueReader, CatalogueWriter, IdentityAdmin, IdentityVerifier, ImageHost, OrderStore,
    PaymentGateway, ReadinessProbe, ReportStore, ReviewStore, SearchIndex, SellerListings, UploadQuota, WishListStore,
};
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate as _, SizeAbove};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

pub use bodies::BodyRules;
pub use dto::PublicConfigDto;
pub use error::ApiError;
pub use security::SecurityHeaders;

/// Everything the handlers use, built once at start-up by [`build_state`].
/// What every handler reads. Shared behind one `Arc`: axum clones the state for each request's extractors, and
/// cloning the use cases themselves (a few dozen reference counts) cost several per cent of a cached read.
#[derive(Clone)]
pub struct AppState(Arc<Services>);

impl std::ops::Deref for AppState {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.0
    }
}

/// The use cases and settings behind [`AppState`].
pub struct Services {
    pub storefront: Storefront,
    pub search: Search,
    pub listings: Listings,
    pub admin: Admin,
    pub orders: Orders,
    pub payments: Payments,
    /// Reviews of completed orders and the public seller pages.
    pub reviews: Reviews,
    /// Reports of listings and sellers, and the admin's decisions.
    pub reports: Reports,
    /// `None` when sign-in is not configured: sessions and signed-in calls answer 503.
    pub sessions: Option<Sessions>,
    pub photos: Photos,
    pub profiles: Profiles,
    /// Every picture upload is admitted here before its body is read.
    pub uploads: Uploads,
    pub readiness: Arc<dyn ReadinessProbe>,
    pub public_config: Arc<PublicConfigDto>,
    /// Told of every write this instance answers successfully (see [`Wiring::local_writes`]).
    pub local_writes: Option<Arc<dyn CatalogueChanges>>,
    /// Public lists as the JSON bytes they were answered with, while the catalogue's version holds.
    pub rendered: Arc<rendered::RenderedAnswers>,
    /// The per-address and per-account limits on the calls that cost us or reveal people.
    pub rate_limiter: Arc<limits::RateLimiter>,
    pub body_rules: BodyRules,
}

/// The adapters and settings the application is built from. The server binary and the test harness both fill
/// this in and call [`build_state`], so tests run the same wiring as production.
pub struct Wiring {
    pub catalogue: Arc<dyn CatalogueReader>,
    pub catalogue_writer: Arc<dyn CatalogueWriter>,
    /// Where searches are answered.
    pub search: Arc<dyn SearchIndex>,
    pub seller_listings: Arc<dyn SellerListings>,
    pub admin: Arc<dyn AdminStore>,
    pub accounts: Arc<dyn AccountStore>,
    pub orders: Arc<dyn OrderStore>,
    pub wish_lists: Arc<dyn WishListStore>,
    pub reviews: Arc<dyn ReviewStore>,
    pub reports: Arc<dyn ReportStore>,
    /// `None`: card payments are not configured.
    pub payment_gateway: Option<Arc<dyn PaymentGateway>>,
    /// The lowest price the card payment provider accepts.
    pub card_minimum: Taka,
    /// How long orders wait for their handover (the hold period, the days a card hold lasts).
    pub order_periods: puronoboi_app::orders::OrderPeriods,
    pub images: Arc<dyn ImageHost>,
    /// Counts each account's uploads where every server instance sees the count.
    pub upload_quota: Arc<dyn UploadQuota>,
    /// How many pictures one account may upload per minute.
    pub uploads_per_minute: NonZeroU32,
    /// How many uploads are read and decoded at once, and how many may wait (`UploadGate::default()` in production).
    pub upload_gate: UploadGate,
    pub readiness: Arc<dyn ReadinessProbe>,
    /// `None`: sign-in is not configured.
    pub sign_in: Option<SignInWiring>,
    /// Copies of public reads kept by this instance, if any. They are dropped as soon as this instance answers a
    /// write successfully, so whoever just changed something reads it back at once from this instance; other
    /// instances hear of the change through the database (within a second).
    pub local_writes: Option<Arc<dyn CatalogueChanges>>,
    /// The memory for public answers kept as they were sent (kept only while `catalogue` has a version).
    pub rendered_bytes: u64,
    pub public_config: PublicConfigDto,
    /// Limits per client address and per account, counted in this instance's memory.
    pub rate_limits: limits::RateLimits,
    /// Whose `X-Forwarded-For` names the client (the load balancer's addresses).
    pub trusted_proxies: limits::TrustedProxies,
    /// How slowly a request body may arrive (`BodyRules::default()` in production).
    pub body_rules: BodyRules,
}

/// Sign-in: who verifies identity tokens, how our access tokens are signed, and who is an admin.
pub struct SignInWiring {
    pub verifier: Arc<dyn IdentityVerifier>,
    pub tokens: AccessTokens,
    /// Derives each order's handover code (from the same session secret as the tokens).
    pub handover_codes: HandoverCodes,
    pub admin_emails: Vec<Email>,
    /// Revokes identities' refresh tokens at the provider when their sign-ins end; `None`: not configured.
    pub identity_admin: Option<Arc<dyn IdentityAdmin>>,
}

/// Builds the use cases over the adapters.
pub fn build_state(wiring: Wiring) -> AppState {
    let revoker = SignInRevoker::new(wiring.sign_in.as_ref().and_then(|sign_in| sign_in.identity_admin.clone()));
    let handover_codes = wiring.sign_in.as_ref().map(|sign_in| sign_in.handover_codes.clone());
    let sessions = wiring.sign_in.map(|sign_in| {
        Sessions::new(sign_in.verifier, Arc::clone(&wiring.accounts), sign_in.tokens, sign_in.admin_emails).with_revoker(revoker.clone())
    });
    let profiles = Profiles::new(Arc::clone(&wiring.accounts));
    let photos = Photos::new(wiring.images, wiring.accounts);
    let payments = Payments::new(wiring.payment_gateway, Arc::clone(&wiring.orders), wiring.card_minimum);
    AppState(Arc::new(Services {
        storefront: Storefront::new(Arc::clone(&wiring.catalogue)),
        search: Search::new(wiring.search),
        listings: Listings::new(wiring.catalogue, wiring.catalogue_writer, wiring.seller_listings, photos.clone()),
        admin: Admin::new(wiring.admin).with_revoker(revoker),
        orders: Orders::new(Arc::clone(&wiring.orders), wiring.wish_lists, handover_codes)
            .with_payments(payments.clone())
            .with_periods(wiring.order_periods),
        payments,
        reviews: Reviews::new(wiring.reviews),
        reports: Reports::new(wiring.reports),
        sessions,
        photos,
        profiles,
        uploads: Uploads::new(wiring.upload_quota, wiring.uploads_per_minute, wiring.upload_gate),
        readiness: wiring.readiness,
        public_config: Arc::new(wiring.public_config),
        local_writes: wiring.local_writes,
        rendered: Arc::new(rendered::RenderedAnswers::new(wiring.rendered_bytes)),
        rate_limiter: limits::RateLimiter::new(wiring.rate_limits, wiring.trusted_proxies),
        body_rules: wiring.body_rules,
    }))
}

/// After a successful write (any method that is not safe), this instance's copies of public reads are dropped
/// before the answer leaves, so the caller's next read cannot get a copy from before its own change.
async fn drop_copies_after_writes(
    axum::extract::State(local_writes): axum::extract::State<Option<Arc<dyn CatalogueChanges>>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let writes = !request.method().is_safe();
    let response = next.run(request).await;
    if writes
        && response.status().is_success()
        && let Some(copies) = &local_writes
    {
        copies.changed();
    }
    response
}

/// Files served next to the API.
#[derive(Debug, Clone)]
pub struct StaticAssets {
    /// The built web app (vite's dist/). `None` serves the API alone.
    pub web_dist: Option<PathBuf>,
    /// Locally stored pictures, served under /images.
    pub images_dir: PathBuf,
}

/// The smallest API answer compressed on the fly.
pub const COMPRESS_FROM_BYTES: u16 = 1024;

pub fn router(state: AppState, assets: StaticAssets, security: &SecurityHeaders) -> Router {
    // JSON is compressed on the fly for clients that accept it (brotli or gzip), from COMPRESS_FROM_BYTES up:
    // below that, compressing a body saves a few hundred bytes on the wire and costs more CPU than answering it
    // (it halves the book page's rate). Public lists arrive already compressed (see `rendered`) and pass through.
    let local_writes = state.local_writes.clone();
    let body_rules = state.body_rules;
    let loopback_only = state.public_config.auth.mode == dto::AuthMode::Emulator;
    let worth_compressing =
        SizeAbove::new(COMPRESS_FROM_BYTES).and(NotForContentType::GRPC).and(NotForContentType::IMAGES).and(NotForContentType::SSE);
    let page_state = state.clone();
    let api = routes::api()
        .with_state(state)
        .layer(axum::middleware::from_fn_with_state(local_writes, drop_copies_after_writes))
        .layer(CompressionLayer::new().br(true).gzip(true).compress_when(worth_compressing));

    // Pictures are data, never documents: an uploaded SVG opened directly must not run script.
    let images = Router::new()
        .fallback_service(ServeDir::new(&assets.images_dir))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; sandbox"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400")));

    let mut app = Router::new().merge(api).nest("/images", images);
    if let Some(dist) = &assets.web_dist {
        // The build writes a .br and a .gz beside each text asset; the client gets the smallest it accepts.
        let hashed_assets =
            Router::new().fallback_service(ServeDir::new(dist.join("assets")).precompressed_br().precompressed_gzip()).layer(
                SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable")),
            );
        app = app.nest("/assets", hashed_assets);
        // Client-side routes (/, /shop, /books/..., unknown paths) all load index.html; the app routes from there.
        match pages::AppPage::load(dist) {
            Ok(page) => {
                // Sent with the answers the page opens with (see `pages`), compressed on the fly like the API's JSON.
                let page = get(pages::page)
                    .with_state((page_state, Arc::new(page)))
                    .layer(CompressionLayer::new().br(true).gzip(true).compress_when(SizeAbove::new(COMPRESS_FROM_BYTES)));
                app = app
                    .route_service("/", page.clone())
                    .fallback_service(ServeDir::new(dist).precompressed_br().precompressed_gzip().fallback(page));
            }
            Err(error) => {
                tracing::warn!(%error, dist = %dist.display(), "the web app's index.html cannot be read: serving the files as they are");
                let index = ServeFile::new(dist.join("index.html")).precompressed_br().precompressed_gzip();
                app = app.fallback_service(ServeDir::new(dist).precompressed_br().precompressed_gzip().fallback(index));
            }
        }
    }

    if loopback_only {
        // Unsigned identity tokens are accepted: nothing but this machine, by a loopback name, is answered.
        app = app.layer(axum::middleware::from_fn(host_check::loopback_hosts_only));
    }

    // The policy is built from our own configuration; a value a header cannot carry is a bug, so fall back to
    // the strictest policy rather than none.
    let csp = HeaderValue::from_str(&security.content_security_policy).unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'"));
    let mut app = app
        .layer(SetResponseHeaderLayer::if_not_present(header::CONTENT_SECURITY_POLICY, csp))
        .layer(SetResponseHeaderLayer::if_not_present(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(SetResponseHeaderLayer::if_not_present(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static("referrer-policy"),
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ));
    if security.hsts {
        app = app.layer(SetResponseHeaderLayer::if_not_present(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        ));
    }
    // Every request gets an id (the caller's `x-request-id` when it sends one), logged on every line of its span
    // and sent back, so a user's report can be matched to the server's log.
    // Bodies are watched outside the request timeout: a refusal whose body is still being read is not a timeout.
    app.layer(TimeoutLayer::with_status_code(StatusCode::GATEWAY_TIMEOUT, Duration::from_secs(30)))
        .layer(bodies::BodiesLayer(body_rules))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(TraceLayer::new_for_http().make_span_with(|request: &axum::http::Request<_>| {
            let id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-");
            tracing::info_span!("request", method = %request.method(), uri = %request.uri(), request_id = %id)
        }))
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .layer(axum::middleware::from_fn(metrics::track))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use axum::body::Body;
    use axum::routing::{get, post};
    use tower::ServiceExt as _;

    use super::*;

    #[derive(Default)]
    struct CountedDrops(AtomicUsize);

    impl CatalogueChanges for CountedDrops {
        fn changed(&self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
        fn caught_up(&self, _as_of: std::time::Instant) {}
        fn lost(&self) {}
    }

    async fn answer(router: &Router, method: &str, uri: &str) -> StatusCode {
        let request = axum::http::Request::builder().method(method).uri(uri).body(Body::empty()).unwrap();
        router.clone().oneshot(request).await.unwrap().status()
    }

    #[tokio::test]
    async fn only_a_successful_write_drops_this_instances_copies() {
        let drops = Arc::new(CountedDrops::default());
        let local_writes: Option<Arc<dyn CatalogueChanges>> = Some(drops.clone());
        let router = Router::new()
            .route("/read", get(|| async { StatusCode::OK }))
            .route("/write", post(|| async { StatusCode::CREATED }))
            .route("/refused", post(|| async { StatusCode::CONFLICT }))
            .layer(axum::middleware::from_fn_with_state(local_writes, drop_copies_after_writes));

        assert_eq!(answer(&router, "GET", "/read").await, StatusCode::OK);
        assert_eq!(answer(&router, "POST", "/refused").await, StatusCode::CONFLICT);
        assert_eq!(drops.0.load(Ordering::SeqCst), 0, "reads and refused writes change nothing, so copies stay");

        assert_eq!(answer(&router, "POST", "/write").await, StatusCode::CREATED);
        assert_eq!(drops.0.load(Ordering::SeqCst), 1, "the copies are dropped before the write's answer leaves");
    }
}
