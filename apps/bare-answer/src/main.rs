//! A reference point for `just bench`, not part of the product: axum alone, on the server's runtime and allocator,
//! answering every GET with the bytes of one file as JSON. No middleware, no routes of ours, no database.
//!
//! The bench measures it beside nginx and GET /api/health in the same run. Health over this is what the layers
//! every answer passes through cost (request id, trace span, metrics, timeout, body rules, security headers,
//! compression, the router); this over nginx is what axum and hyper cost against a static file server.
//!
//! Usage: `bare-answer ADDRESS FILE`, for example `bare-answer 127.0.0.1:18097 book.json`.

use std::process::ExitCode;

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;

#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, address, file] = args.as_slice() else {
        eprintln!("usage: bare-answer ADDRESS FILE");
        return ExitCode::from(2);
    };
    let body = match std::fs::read(file) {
        Ok(body) => axum::body::Bytes::from(body),
        Err(e) => {
            eprintln!("bare-answer: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let app = Router::new().fallback(move || {
        let body = body.clone();
        async move { ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response() }
    });
    let listener = match tokio::net::TcpListener::bind(address.as_str()).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("bare-answer: cannot listen on {address}: {e}");
            return ExitCode::from(2);
        }
    };
    match axum::serve(listener, app).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bare-answer: {e}");
            ExitCode::FAILURE
        }
    }
}
