//! Emulator mode answers only requests addressed to this machine by a loopback name.
//!
//! The Firebase Auth emulator's identity tokens are unsigned, so in emulator mode anyone who reaches the server can
//! sign in as anybody. Listening on loopback is not enough: a web page the developer opens can point its own domain
//! name at 127.0.0.1 (DNS rebinding), and the browser then sends that page's requests, and hands it the answers, as
//! if they were same-origin. Such requests still carry the page's domain in `Host`; refusing every name but the
//! loopback ones stops them, for the API and the pages alike.

use axum::extract::Request;
use axum::http::header::HOST;
use axum::http::uri::Authority;
use axum::middleware::Next;
use axum::response::{IntoResponse as _, Response};

use crate::error::{ApiError, ErrorCode};

/// The names a loopback request may be addressed to, with any port.
const LOOPBACK_NAMES: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];

/// Middleware: 421 `misdirected_request` unless the request is addressed to a loopback name.
pub(crate) async fn loopback_hosts_only(request: Request, next: Next) -> Response {
    if addressed_to_loopback(&request) {
        next.run(request).await
    } else {
        ApiError::new(ErrorCode::MisdirectedRequest, "This local server answers only requests addressed to localhost, 127.0.0.1 or [::1].")
            .into_response()
    }
}

/// One `Host` (HTTP/1.1) or the request's `:authority` (HTTP/2, or an absolute URL), and every one given names
/// loopback. A request that names no host at all is refused: browsers always name one.
fn addressed_to_loopback(request: &Request) -> bool {
    let mut hosts = request.headers().get_all(HOST).iter();
    let host = match (hosts.next(), hosts.next()) {
        (Some(host), None) => match host.to_str() {
            Ok(host) => Some(host),
            Err(_) => return false,
        },
        (None, _) => None,
        (Some(_), Some(_)) => return false,
    };
    let authority = request.uri().authority().map(Authority::as_str);
    if host.is_none() && authority.is_none() {
        return false;
    }
    host.into_iter().chain(authority).all(is_loopback_authority)
}

/// `localhost`, `127.0.0.1` or `[::1]`, with at most a port after it (no user name, nothing else).
fn is_loopback_authority(value: &str) -> bool {
    let Ok(authority) = value.parse::<Authority>() else { return false };
    let host = authority.host();
    let Some(rest) = authority.as_str().strip_prefix(host) else { return false };
    let port_only = rest.is_empty() || rest.strip_prefix(':').is_some_and(|port| port.parse::<u16>().is_ok());
    port_only && LOOPBACK_NAMES.iter().any(|name| host.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_names_with_at_most_a_port_pass() {
        for host in ["localhost", "localhost:8080", "LOCALHOST:8080", "127.0.0.1", "127.0.0.1:8080", "[::1]", "[::1]:8080", "localhost:0"] {
            assert!(is_loopback_authority(host), "{host} is refused");
        }
        for host in [
            "rebind.example",
            "rebind.example:8080",
            "localhost.rebind.example",
            "127.0.0.1.rebind.example:8080",
            "localhost.",
            "evil@localhost:8080",
            "localhost:8080@evil",
            "localhost:80800",
            "localhost:x",
            "localhost:",
            "127.0.0.2",
            "0.0.0.0:8080",
            "[::ffff:127.0.0.1]:8080",
            "[::]:8080",
            "::1",
            "2130706433",
            "",
        ] {
            assert!(!is_loopback_authority(host), "{host} is accepted");
        }
    }

    fn request(hosts: &[&str], uri: &str) -> Request {
        let mut builder = axum::http::Request::builder().uri(uri);
        for host in hosts {
            builder = builder.header(HOST, *host);
        }
        builder.body(axum::body::Body::empty()).unwrap()
    }

    #[test]
    fn every_name_a_request_carries_must_be_loopback() {
        assert!(addressed_to_loopback(&request(&["localhost:8080"], "/api/health")));
        // HTTP/2 names its host in the URI's authority.
        assert!(addressed_to_loopback(&request(&[], "http://127.0.0.1:8080/api/health")));
        assert!(!addressed_to_loopback(&request(&[], "/api/health")), "no host at all");
        assert!(!addressed_to_loopback(&request(&["localhost", "rebind.example"], "/")), "two Host headers");
        assert!(!addressed_to_loopback(&request(&["localhost:8080"], "http://rebind.example/")), "an absolute URL elsewhere");
        assert!(!addressed_to_loopback(&request(&["rebind.example"], "http://localhost:8080/")), "a Host elsewhere");
    }
}
