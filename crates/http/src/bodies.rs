//! Request bodies, around every route:
//!
//! - A body that trickles in is cut off: while a handler waits for it, it must arrive at
//!   [`BodyRules::min_bytes_per_second`] on average after a grace period, or the request is answered 408
//!   `request_timeout` and the connection closed. Time the server spends not reading (a handler busy, an upload
//!   waiting for its slot) is not held against the client.
//! - A request answered before its body was read (a refused upload: 401, 403, 413, 429, ...) has the rest of its
//!   body read and thrown away before the answer goes out, up to [`BodyRules::drain_at_most`] bytes. A client
//!   still sending when the server answers and closes reports the closed connection (EPIPE, a reset) instead of
//!   the answer; Node's `fetch` and Python's `requests` do. Beyond the limit, or if that takes too long, the answer
//!   goes out with `Connection: close` as before.
//!
//! Requests without a body pass straight through: no allocation, no timer.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse as _, Response};
use futures_util::future::{BoxFuture, Either};
use http_body::{Body as _, Frame, SizeHint};
use tokio::time::{Instant, Sleep};
use tower::{Layer, Service};

use crate::error::{ApiError, ErrorCode};

/// How slowly a body may arrive, and how much of an unread one is read before answering.
#[derive(Debug, Clone, Copy)]
pub struct BodyRules {
    /// The slowest average a body may arrive at once the grace period is spent.
    pub min_bytes_per_second: u64,
    /// How long a body may keep the server waiting before the rate counts.
    pub grace: Duration,
    /// The most of a body (counting what the handler read) read to its end so the client sees the answer: the
    /// largest body any route accepts (the add-book form with all its photos).
    pub drain_at_most: u64,
    /// The longest the rest of a body is read for after its request was answered.
    pub drain_for: Duration,
}

impl BodyRules {
    /// 4 KiB/s is a slow 2G uplink, and a tenth of what an upload needs to arrive in its time (5 MiB in 15 s);
    /// a body slower than that after 10 seconds is a client that is stuck, or one holding the connection on purpose.
    pub const MIN_BYTES_PER_SECOND: u64 = 4 * 1024;
    pub const GRACE: Duration = Duration::from_secs(10);
    pub const DRAIN_FOR: Duration = Duration::from_secs(15);
}

impl Default for BodyRules {
    fn default() -> Self {
        Self {
            min_bytes_per_second: Self::MIN_BYTES_PER_SECOND,
            grace: Self::GRACE,
            drain_at_most: crate::multipart::LARGEST_LISTING_UPLOAD as u64,
            drain_for: Self::DRAIN_FOR,
        }
    }
}

/// Applies [`BodyRules`] to every request with a body.
#[derive(Debug, Clone, Copy)]
pub struct BodiesLayer(pub BodyRules);

impl<S> Layer<S> for BodiesLayer {
    type Service = Bodies<S>;

    fn layer(&self, inner: S) -> Self::Service {
        Bodies { inner, rules: self.0 }
    }
}

#[derive(Debug, Clone)]
pub struct Bodies<S> {
    inner: S,
    rules: BodyRules,
}

impl<S> Service<Request> for Bodies<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<S::Future, BoxFuture<'static, Result<Response, Infallible>>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        if request.body().is_end_stream() {
            return Either::Left(self.inner.call(request));
        }
        // The clone that was made ready is the one that must be called.
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        let rules = self.rules;
        Either::Right(Box::pin(async move {
            let (parts, body) = request.into_parts();
            let watched = Arc::new(Mutex::new(Watched::new(body, rules)));
            let response = inner.call(Request::from_parts(parts, Body::new(Reader(Arc::clone(&watched))))).await?;
            Ok(finish(response, &watched, rules).await)
        }))
    }
}

/// The answer, once the body is dealt with: 408 if it arrived too slowly, otherwise the handler's answer, after
/// the rest of the body has been read, or with `Connection: close` when it is not worth reading.
async fn finish(response: Response, watched: &Arc<Mutex<Watched>>, rules: BodyRules) -> Response {
    let state = lock(watched).state();
    match state {
        BodyState::TooSlow => return closing(too_slow().into_response()),
        BodyState::Read => return response,
        BodyState::Unread { received, declared } => {
            let too_much = declared.map_or(received, |length| length.max(received)) > rules.drain_at_most;
            // A 408 means the client is too slow already: reading on would only keep the connection.
            if too_much || response.status() == axum::http::StatusCode::REQUEST_TIMEOUT {
                return closing(response);
            }
        }
    }
    let drain = std::future::poll_fn(|cx| {
        let mut body = lock(watched);
        loop {
            match ready!(body.poll_frame(cx)) {
                None => return Poll::Ready(true),
                Some(Err(_)) => return Poll::Ready(false),
                Some(Ok(_)) if body.received > rules.drain_at_most => return Poll::Ready(false),
                Some(Ok(_)) => {}
            }
        }
    });
    match tokio::time::timeout(rules.drain_for, drain).await {
        Ok(true) => response,
        _ => closing(response),
    }
}

fn too_slow() -> ApiError {
    ApiError::new(ErrorCode::RequestTimeout, "The request arrived too slowly and was cut off. Please check your connection and try again.")
}

fn closing(mut response: Response) -> Response {
    response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

fn lock(watched: &Mutex<Watched>) -> MutexGuard<'_, Watched> {
    watched.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A body cut off for arriving too slowly.
#[derive(Debug, thiserror::Error)]
#[error("the request body arrived too slowly")]
struct TooSlow;

enum BodyState {
    Read,
    TooSlow,
    Unread { received: u64, declared: Option<u64> },
}

/// The request's body, with what has been read of it and how long the server has waited for it.
struct Watched {
    body: Body,
    rules: BodyRules,
    received: u64,
    /// Time spent waiting for the body before the current wait.
    waited: Duration,
    /// When the current wait began, with the timer set for when it runs out.
    waiting: Option<(Instant, Pin<Box<Sleep>>)>,
    ended: bool,
    too_slow: bool,
}

impl Watched {
    fn new(body: Body, rules: BodyRules) -> Self {
        Self { body, rules, received: 0, waited: Duration::ZERO, waiting: None, ended: false, too_slow: false }
    }

    fn state(&self) -> BodyState {
        if self.too_slow {
            BodyState::TooSlow
        } else if self.ended || self.body.is_end_stream() {
            BodyState::Read
        } else {
            let remaining = self.body.size_hint().exact();
            BodyState::Unread { received: self.received, declared: remaining.map(|r| r + self.received) }
        }
    }

    /// The longest the server may have waited, in all, for what has arrived so far.
    fn patience(&self) -> Duration {
        let rate = self.rules.min_bytes_per_second.max(1);
        self.rules.grace + Duration::from_millis(self.received.saturating_mul(1000) / rate)
    }

    fn stop_waiting(&mut self) {
        if let Some((since, _)) = self.waiting.take() {
            self.waited += since.elapsed();
        }
    }

    fn poll_frame(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::BoxError>>> {
        if self.too_slow {
            return Poll::Ready(Some(Err(TooSlow.into())));
        }
        if self.ended {
            return Poll::Ready(None);
        }
        match Pin::new(&mut self.body).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                self.stop_waiting();
                if let Some(data) = frame.data_ref() {
                    self.received += data.len() as u64;
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Ready(Some(Err(error))) => {
                self.stop_waiting();
                Poll::Ready(Some(Err(error.into())))
            }
            Poll::Ready(None) => {
                self.stop_waiting();
                self.ended = true;
                Poll::Ready(None)
            }
            Poll::Pending => {
                if self.waiting.is_none() {
                    let now = Instant::now();
                    let deadline = now + self.patience().saturating_sub(self.waited);
                    self.waiting = Some((now, Box::pin(tokio::time::sleep_until(deadline))));
                }
                let timed_out = self.waiting.as_mut().is_some_and(|(_, timer)| timer.as_mut().poll(cx).is_ready());
                if timed_out {
                    self.stop_waiting();
                    self.too_slow = true;
                    tracing::info!(received = self.received, "a request body arrived too slowly and was cut off");
                    return Poll::Ready(Some(Err(TooSlow.into())));
                }
                Poll::Pending
            }
        }
    }
}

/// The body the handler reads: the watched body, shared with [`Bodies`], which reads on once the handler is done.
struct Reader(Arc<Mutex<Watched>>);

impl http_body::Body for Reader {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        lock(&self.0).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        let body = lock(&self.0);
        body.ended || (!body.too_slow && body.body.is_end_stream())
    }

    fn size_hint(&self) -> SizeHint {
        lock(&self.0).body.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::routing::post;
    use futures_util::stream;
    use tower::ServiceExt as _;

    use super::*;

    fn rules() -> BodyRules {
        BodyRules {
            min_bytes_per_second: 1000,
            grace: Duration::from_millis(200),
            drain_at_most: 10_000,
            drain_for: Duration::from_secs(5),
        }
    }

    /// A body arriving in `chunks` of `size` bytes, `every` apart.
    fn trickle(chunks: usize, size: usize, every: Duration) -> Body {
        Body::from_stream(stream::unfold(0, move |n| async move {
            if n == chunks {
                return None;
            }
            tokio::time::sleep(every).await;
            Some((Ok::<_, Infallible>(Bytes::from(vec![b'x'; size])), n + 1))
        }))
    }

    fn app() -> Router {
        Router::new()
            .route("/read", post(|body: Bytes| async move { format!("{}", body.len()) }))
            .route("/refuse", post(|| async { axum::http::StatusCode::UNAUTHORIZED }))
            .layer(BodiesLayer(rules()))
    }

    async fn send(uri: &str, body: Body) -> Response {
        app().oneshot(Request::post(uri).body(body).expect("a request")).await.expect("infallible")
    }

    #[tokio::test]
    async fn a_body_that_keeps_up_is_read_whole() {
        // 100 bytes every 50 ms is 2,000 bytes a second: twice the minimum.
        let response = send("/read", trickle(10, 100, Duration::from_millis(50))).await;
        assert_eq!(response.status(), 200);
        assert!(response.headers().get(header::CONNECTION).is_none());
        assert_eq!(axum::body::to_bytes(response.into_body(), 100).await.expect("a body"), "1000");
    }

    #[tokio::test]
    async fn a_body_that_trickles_is_cut_off_with_408() {
        // 10 bytes every 100 ms is 100 bytes a second: past the grace period that is far below the minimum.
        let started = Instant::now();
        let response = send("/read", trickle(50, 10, Duration::from_millis(100))).await;
        assert!(started.elapsed() < Duration::from_secs(2), "cut off soon after the grace period, not when it ends");
        assert_eq!(response.status(), 408);
        assert_eq!(response.headers().get(header::CONNECTION).map(HeaderValue::as_bytes), Some(&b"close"[..]));
        let body = axum::body::to_bytes(response.into_body(), 10_000).await.expect("a body");
        let body: serde_json::Value = serde_json::from_slice(&body).expect("our error body");
        assert_eq!(body["error"]["code"], "request_timeout");
    }

    #[tokio::test]
    async fn a_refused_request_reads_the_rest_of_its_body_before_answering() {
        let started = Instant::now();
        let response = send("/refuse", trickle(5, 1000, Duration::from_millis(40))).await;
        assert!(started.elapsed() >= Duration::from_millis(200), "the answer waited for the body");
        assert_eq!(response.status(), 401);
        assert!(response.headers().get(header::CONNECTION).is_none(), "the connection can carry the next request");
    }

    #[tokio::test]
    async fn a_refused_request_with_more_body_than_any_route_takes_is_answered_and_closed() {
        let started = Instant::now();
        let response = send("/refuse", trickle(100, 1000, Duration::from_millis(20))).await;
        assert_eq!(response.status(), 401);
        assert_eq!(response.headers().get(header::CONNECTION).map(HeaderValue::as_bytes), Some(&b"close"[..]));
        assert!(started.elapsed() < Duration::from_secs(1), "read up to the limit only, not the whole 100,000 bytes");
    }
}
