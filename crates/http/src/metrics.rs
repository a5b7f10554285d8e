//! Prometheus metrics, served on a listen address of their own (`METRICS_ADDR`) so that they never reach the
//! public site. Off unless [`install`] is called: until then every metric macro in the process is a no-op and
//! [`track`] records nothing.
//!
//! - `http_requests_total` and `http_request_duration_seconds` (histogram, time to the response head), both by
//!   `method`, `route` and `status`. `route` is the route template (`/api/books/{id}`), never the raw path, so the
//!   number of series stays bounded whatever URLs callers invent: pictures and built web assets are one label each
//!   (`/images/{file}`, `/assets/{file}`) and everything no route matched (the web app's pages, unknown paths) is
//!   `unmatched`.
//! - `db_pool_connections{state="in_use"|"idle"}` and `db_pool_waiting`, read from the pool at each scrape.
//! - Business counters incremented by the use cases where the thing happens: `orders_placed_total`,
//!   `payments_recorded_total`, `refunds_total`, `refunds_failed_total` (refunds the provider reported as failed or
//!   that could not be made; the payment stays owed and is retried), `refunds_abandoned_total` (owed payments given
//!   up on: a person must return them) and `identity_revocations_total` (by `outcome`).
//! - From the public read cache and its change listener (recorded in those crates): `catalogue_reads_total` by
//!   `answer` (`copy`, `database`, `unvouched`), `catalogue_cache_bytes`, `catalogue_listener_heartbeat_seconds` (a heartbeat's round trip)
//!   and `catalogue_listener_heartbeat_gap_seconds` (time between two heartbeats; copies lapse if it outgrows the
//!   freshness window).
//! - From the answers kept as sent: `rendered_answers_total` by `answer` (`kept`, `made`) for category pages and
//!   searches, and `rendered_answers_bytes`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

pub const HTTP_REQUESTS: &str = "http_requests_total";
pub const HTTP_DURATION: &str = "http_request_duration_seconds";
pub const POOL_CONNECTIONS: &str = "db_pool_connections";
pub const POOL_WAITING: &str = "db_pool_waiting";

/// Upper bounds of the latency buckets, in seconds; the last is the request timeout.
const LATENCY_BUCKETS: &[f64] = &[0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

/// Buckets of the listener's heartbeat histograms, in seconds: around the 200 ms beat and the 800 ms window.
const HEARTBEAT_BUCKETS: &[f64] = &[0.001, 0.005, 0.01, 0.05, 0.1, 0.2, 0.25, 0.3, 0.5, 0.8, 1.0, 2.0];

/// How often histogram samples are folded in when nobody scrapes, so memory stays flat.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

static ENABLED: AtomicBool = AtomicBool::new(false);
static RECORDER: OnceLock<Result<PrometheusHandle, String>> = OnceLock::new();

/// The database pool at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolUsage {
    /// Connections lent out to a query right now.
    pub in_use: usize,
    /// Open connections nobody is using.
    pub idle: usize,
    /// Callers waiting for a connection because every one is in use.
    pub waiting: usize,
}

/// Reads the pool's usage at scrape time. A closure, so this crate knows nothing of the pool's implementation.
pub type PoolProbe = Arc<dyn Fn() -> PoolUsage + Send + Sync>;

/// Installs the process-wide Prometheus recorder and answers a handle that renders it. Installing twice answers
/// the same handle; it fails only when something else already installed a recorder.
pub fn install() -> anyhow::Result<PrometheusHandle> {
    let installed = RECORDER.get_or_init(|| {
        let builder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(HTTP_DURATION.to_owned()), LATENCY_BUCKETS)
            .and_then(|b| b.set_buckets_for_metric(Matcher::Prefix("catalogue_listener_heartbeat".to_owned()), HEARTBEAT_BUCKETS))
            .map_err(|e| e.to_string())?;
        let handle = builder.install_recorder().map_err(|e| e.to_string())?;
        describe();
        ENABLED.store(true, Ordering::Relaxed);
        Ok(handle)
    });
    installed.clone().map_err(|e| anyhow::anyhow!("installing the metrics recorder: {e}"))
}

fn describe() {
    metrics::describe_counter!(HTTP_REQUESTS, "HTTP requests answered, by method, route template and status.");
    metrics::describe_histogram!(
        HTTP_DURATION,
        metrics::Unit::Seconds,
        "Time from a request's arrival to its response head, by method, route template and status."
    );
    metrics::describe_gauge!(POOL_CONNECTIONS, "Database connections by state: in_use (lent to a query) or idle (open, unused).");
    metrics::describe_gauge!(POOL_WAITING, "Callers waiting for a database connection because every one is in use.");
    metrics::describe_counter!(puronoboi_app::orders::ORDERS_PLACED, "Orders placed (a book reserved for a buyer).");
    metrics::describe_counter!(puronoboi_app::payments::PAYMENTS_RECORDED, "Card payments recorded against an order (each order once).");
    metrics::describe_counter!(puronoboi_app::payments::REFUNDS, "Card payments refunded because their order could not take them.");
    metrics::describe_counter!(
        puronoboi_app::payments::REFUNDS_FAILED,
        "Refunds the payment provider reported as failed or that could not be made; the payment stays owed and is retried."
    );
    metrics::describe_counter!(
        puronoboi_app::payments::REFUNDS_ABANDONED,
        "Owed payments given up on after the last failed refund: a person must return them."
    );
    metrics::describe_counter!(puronoboi_app::orders::ORDERS_HANDED_OVER, "Orders handed over: the seller entered the buyer's code.");
    metrics::describe_counter!(puronoboi_app::payments::HOLDS_CAPTURED, "Card holds captured at the handover (each order once).");
    metrics::describe_counter!(
        puronoboi_app::payments::HOLDS_RELEASED,
        "Card holds released because their order closed without a handover."
    );
    metrics::describe_counter!(puronoboi_app::mail::MAIL_SENT, "Order e-mails handed to the mail transport.");
    metrics::describe_counter!(puronoboi_app::mail::MAIL_RETRIED, "Order e-mails that failed for now and will be tried again.");
    metrics::describe_counter!(puronoboi_app::mail::MAIL_FAILED, "Order e-mails given up on (refused for good, or out of attempts).");
    // Shown at 0 from the start, so that a rate or an alert over them has a series before the first event.
    for business in [
        puronoboi_app::orders::ORDERS_PLACED,
        puronoboi_app::orders::ORDERS_HANDED_OVER,
        puronoboi_app::payments::PAYMENTS_RECORDED,
        puronoboi_app::payments::HOLDS_CAPTURED,
        puronoboi_app::payments::HOLDS_RELEASED,
        puronoboi_app::payments::REFUNDS,
        puronoboi_app::payments::REFUNDS_FAILED,
        puronoboi_app::payments::REFUNDS_ABANDONED,
        puronoboi_app::mail::MAIL_SENT,
        puronoboi_app::mail::MAIL_RETRIED,
        puronoboi_app::mail::MAIL_FAILED,
    ] {
        metrics::counter!(business).increment(0);
    }
    metrics::describe_counter!(
        puronoboi_app::revocation::IDENTITY_REVOCATIONS,
        "Firebase refresh-token revocations when sign-ins end, by outcome: revoked or failed (logged; the logout stands)."
    );
    metrics::counter!(puronoboi_app::revocation::IDENTITY_REVOCATIONS, "outcome" => "failed").increment(0);
}

/// Router middleware counting and timing every request (hooked in by [`crate::router`] with `Router::layer`,
/// which runs it after routing so the matched route template is known).
pub async fn track(request: Request, next: Next) -> Response {
    if !ENABLED.load(Ordering::Relaxed) {
        return next.run(request).await;
    }
    let method = method_label(request.method());
    let route = route_label(&request);
    let started = Instant::now();
    let response = next.run(request).await;
    let labels = [("method", method.to_owned()), ("route", route), ("status", response.status().as_u16().to_string())];
    metrics::counter!(HTTP_REQUESTS, &labels).increment(1);
    metrics::histogram!(HTTP_DURATION, &labels).record(started.elapsed().as_secs_f64());
    response
}

/// The standard methods by name; anything else a client sends is one label, so it cannot add series.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

fn route_label(request: &Request) -> String {
    if let Some(matched) = request.extensions().get::<MatchedPath>() {
        return matched.as_str().to_owned();
    }
    // Nested file services carry no route template of their own.
    let path = request.uri().path();
    let label = if path.starts_with("/images/") {
        "/images/{file}"
    } else if path.starts_with("/assets/") {
        "/assets/{file}"
    } else {
        "unmatched"
    };
    label.to_owned()
}

/// The metrics listener's router: `GET /metrics` in the Prometheus text format, nothing else.
pub fn exporter(handle: PrometheusHandle, pool: PoolProbe) -> Router {
    Router::new().route("/metrics", get(scrape)).with_state((handle, pool))
}

async fn scrape(State((handle, pool)): State<(PrometheusHandle, PoolProbe)>) -> impl IntoResponse {
    let usage = pool();
    metrics::gauge!(POOL_CONNECTIONS, "state" => "in_use").set(usage.in_use as f64);
    metrics::gauge!(POOL_CONNECTIONS, "state" => "idle").set(usage.idle as f64);
    metrics::gauge!(POOL_WAITING).set(usage.waiting as f64);
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], handle.render())
}

/// Installs the recorder and serves [`exporter`] on `listener` in the background, with the upkeep that keeps the
/// recorder's memory flat between scrapes.
pub fn spawn(listener: tokio::net::TcpListener, pool: PoolProbe) -> anyhow::Result<()> {
    let handle = install()?;
    let upkeep = handle.clone();
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(UPKEEP_EVERY);
        loop {
            ticks.tick().await;
            upkeep.run_upkeep();
        }
    });
    let app = exporter(handle, pool);
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!("the metrics listener stopped: {e}");
        }
    });
    Ok(())
}
