//! The limits on calls that cost us or reveal people, and what happens to request bodies, over real TCP against the
//! real server: 429 `rate_limited` with `Retry-After` from each limiter (per client address and per account), the
//! client address from `X-Forwarded-For` only through a trusted proxy, refused uploads answered to clients that are
//! still sending (a raw socket, Node's fetch), one upload at a time per account, and a body that trickles in cut off
//! with 408.

use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::time::Duration;

use puronoboi_domain::AccountRole;
use puronoboi_http::BodyRules;
use puronoboi_http::limits::{Kind, RateLimits, Setting};
use puronoboi_test_support::pictures::{png_of, wide_rgb};
use puronoboi_test_support::{Identity, TestApp, builders, expect_json, unique};
use reqwest::Method;
use serde_json::{Value, json};

/// Every limit off except `kind`'s, which allows 2 calls a minute per address or per account.
fn two_a_minute(kind: Kind, per_ip: bool) -> RateLimits {
    let mut limits = RateLimits::OFF;
    let two: Setting = "2/min".parse().expect("a rate");
    let limit = limits.get_mut(kind);
    if per_ip {
        limit.per_ip = two;
    } else {
        limit.per_account = two;
    }
    limits
}

/// An account opened straight in the store, with an access token signed as the app signs them.
async fn account(app: &TestApp, role: AccountRole) -> String {
    let id = builders::account(&app.store, "Limit Tester", &unique("limits"), role, true).await;
    app.access_tokens().issue(id, 0).expect("a token").token
}

async fn call(app: &TestApp, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> reqwest::Response {
    app.call(method, path, token, body.as_ref()).await
}

/// Asserts a 429 `rate_limited` with a `Retry-After` of whole seconds within `at_most`, and a message.
async fn assert_limited(response: reqwest::Response, at_most: u64, what: &str) {
    let retry_after = response.headers().get("retry-after").map(|v| v.to_str().expect("ASCII").to_owned());
    let body = expect_json(response, 429, what).await;
    assert_eq!(body["error"]["code"], "rate_limited", "{what}: {body}");
    assert!(body["error"]["message"].as_str().is_some_and(|m| m.starts_with("Too many")), "{what}: {body}");
    let seconds: u64 = retry_after.unwrap_or_else(|| panic!("{what}: no Retry-After")).parse().expect("whole seconds");
    assert!((1..=at_most).contains(&seconds), "{what}: Retry-After {seconds}");
}

/// The calls of one limited kind, each as a caller with `token` makes it.
async fn calls_of(app: &TestApp, kind: Kind, token: &str, book: puronoboi_domain::BookId) -> reqwest::Response {
    let missing = uuid::Uuid::new_v4();
    match kind {
        Kind::Orders => call(app, Method::POST, "/api/orders", Some(token), Some(json!({ "bookId": missing.to_string() }))).await,
        Kind::Payments => call(app, Method::POST, &format!("/api/orders/{missing}/payment/sync"), Some(token), None).await,
        Kind::WishList => call(app, Method::DELETE, &format!("/api/wishlist/{missing}"), Some(token), None).await,
        Kind::Contacts => call(app, Method::GET, &format!("/api/books/{book}"), Some(token), None).await,
        Kind::Reports => {
            let report = json!({ "targetType": "book", "targetId": missing, "reason": "scam" });
            call(app, Method::POST, "/api/reports", Some(token), Some(report)).await
        }
        Kind::Sessions => unreachable!("sessions need identity tokens"),
    }
}

#[tokio::test]
async fn each_limiter_answers_429_with_retry_after_per_account_and_per_address() {
    for kind in [Kind::Orders, Kind::Payments, Kind::WishList, Kind::Contacts, Kind::Reports] {
        for per_ip in [false, true] {
            let what = format!("{kind:?} per {}", if per_ip { "address" } else { "account" });
            let app = TestApp::builder().identity(Identity::Emulator).rate_limits(two_a_minute(kind, per_ip)).spawn().await;
            let seller = builders::seller(&app.store, &unique("seller"), true).await;
            let category = builders::category(&app.store, "Novels").await;
            let book = builders::list(&app.store, builders::book(seller, &category, "Pather Panchali")).await;
            let (first, second) = (account(&app, AccountRole::Buyer).await, account(&app, AccountRole::Buyer).await);

            for n in 1..=2 {
                let status = calls_of(&app, kind, &first, book).await.status().as_u16();
                assert_ne!(status, 429, "{what}: call {n} is within the limit");
            }
            // Two a minute: the next is allowed again in 30 seconds.
            assert_limited(calls_of(&app, kind, &first, book).await, 30, &what).await;
            let other = calls_of(&app, kind, &second, book).await.status().as_u16();
            if per_ip {
                assert_eq!(other, 429, "{what}: another account at the same address shares its allowance");
            } else {
                assert_ne!(other, 429, "{what}: another account has its own allowance");
            }
        }
    }
}

#[tokio::test]
async fn a_refused_order_changes_nothing_and_the_limit_names_what_was_refused() {
    let app = TestApp::builder().identity(Identity::Emulator).rate_limits(two_a_minute(Kind::Orders, false)).spawn().await;
    let seller = builders::seller(&app.store, &unique("seller"), true).await;
    let category = builders::category(&app.store, "Novels").await;
    let mut books = Vec::new();
    for title in ["One", "Two", "Three"] {
        books.push(builders::list(&app.store, builders::book(seller, &category, title)).await);
    }
    let buyer = account(&app, AccountRole::Buyer).await;
    let body = |book: &puronoboi_domain::BookId| json!({ "bookId": book.to_string(), "phone": "01712345678", "location": "Nilkhet" });
    for book in &books[..2] {
        expect_json(call(&app, Method::POST, "/api/orders", Some(&buyer), Some(body(book))).await, 201, "an order").await;
    }
    let refused = call(&app, Method::POST, "/api/orders", Some(&buyer), Some(body(&books[2]))).await;
    assert_eq!(refused.status(), 429);
    let message = refused.json::<Value>().await.expect("JSON")["error"]["message"].as_str().expect("a message").to_owned();
    assert!(message.contains("orders from your account") && message.contains("seconds"), "{message}");
    assert_eq!(app.count("SELECT count(*) AS n FROM orders").await, 2, "the refused order was never placed");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM books WHERE id = '{}' AND status = 'available'", books[2])).await, 1);
}

#[tokio::test]
async fn anonymous_book_pages_are_never_counted_only_those_showing_contacts_are() {
    let app = TestApp::builder().identity(Identity::Emulator).rate_limits(two_a_minute(Kind::Contacts, true)).spawn().await;
    let seller = builders::seller(&app.store, &unique("seller"), true).await;
    let category = builders::category(&app.store, "Novels").await;
    let book = builders::list(&app.store, builders::book(seller, &category, "Devdas")).await;
    for n in 0..10 {
        let page = app.get_json(&format!("/api/books/{book}"), 200).await;
        assert!(page["seller"]["phone"].is_null(), "read {n}: no contact details without a token: {page}");
    }
    // A token that is not valid is read as no token: not counted either, and no contact details.
    for _ in 0..3 {
        let page = expect_json(call(&app, Method::GET, &format!("/api/books/{book}"), Some("not-a-token"), None).await, 200, "bad").await;
        assert!(page["seller"]["phone"].is_null());
    }
    let reader = account(&app, AccountRole::Buyer).await;
    for _ in 0..2 {
        let page = expect_json(calls_of(&app, Kind::Contacts, &reader, book).await, 200, "a signed-in read").await;
        assert!(page["seller"]["phone"].is_string(), "a signed-in reader sees the phone: {page}");
    }
    assert_limited(calls_of(&app, Kind::Contacts, &reader, book).await, 30, "a third signed-in read").await;
    app.get_json(&format!("/api/books/{book}"), 200).await;
}

#[tokio::test]
async fn session_openings_are_limited_per_address_and_per_proven_account() {
    let app = TestApp::builder().identity(Identity::Emulator).rate_limits(two_a_minute(Kind::Sessions, false)).spawn().await;
    let (_, id_token) = app.sign_up(&unique("often"), None).await;
    for _ in 0..2 {
        let (status, body) = app.open_session(&id_token, json!({ "accountType": "buyer" })).await;
        assert_eq!(status, 200, "{body}");
    }
    let response = app.client.post(app.url("/api/session")).bearer_auth(&id_token).json(&json!({})).send().await.expect("answered");
    assert_limited(response, 30, "a third session of one account").await;
    // Someone else is not held up by that account, and a token that proves nobody counts against nobody.
    let (_, other) = app.sign_up(&unique("other"), None).await;
    assert_eq!(app.open_session(&other, json!({ "accountType": "buyer" })).await.0, 200);

    let app = TestApp::builder().identity(Identity::Emulator).rate_limits(two_a_minute(Kind::Sessions, true)).spawn().await;
    for n in 0..2 {
        assert_eq!(app.open_session("not-an-id-token", json!({})).await.0, 401, "attempt {n} is verified and refused");
    }
    let (_, id_token) = app.sign_up(&unique("shared-address"), None).await;
    let response = app.client.post(app.url("/api/session")).bearer_auth(&id_token).json(&json!({})).send().await.expect("answered");
    assert_limited(response, 30, "a third opening from one address").await;
}

#[tokio::test]
async fn the_client_address_comes_from_x_forwarded_for_only_through_a_trusted_proxy() {
    let limits = two_a_minute(Kind::Orders, true);
    let order = |app: &TestApp, token: String, forwarded: &'static str| {
        let request = app.client.post(app.url("/api/orders")).bearer_auth(token).header("x-forwarded-for", forwarded).json(&json!({}));
        async move { request.send().await.expect("answered").status().as_u16() }
    };

    // Behind a load balancer at 127.0.0.1: each client counts by the address the balancer appended.
    let app = TestApp::builder().identity(Identity::Emulator).rate_limits(limits).trusted_proxies("127.0.0.1").spawn().await;
    let token = account(&app, AccountRole::Buyer).await;
    for _ in 0..2 {
        assert_ne!(order(&app, token.clone(), "203.0.113.1").await, 429);
    }
    assert_eq!(order(&app, token.clone(), "203.0.113.1").await, 429);
    assert_ne!(order(&app, token.clone(), "203.0.113.2").await, 429, "another client behind the balancer");
    // A client cannot pick its address by writing its own header: the right-most untrusted address counts.
    assert_eq!(order(&app, token.clone(), "198.51.100.7, 203.0.113.1").await, 429);

    // Nobody trusted (the default): the header is the client's own writing and changes nothing.
    let app = TestApp::builder().identity(Identity::Emulator).rate_limits(limits).spawn().await;
    let token = account(&app, AccountRole::Buyer).await;
    assert_ne!(order(&app, token.clone(), "203.0.113.1").await, 429);
    assert_ne!(order(&app, token.clone(), "203.0.113.2").await, 429);
    assert_eq!(order(&app, token.clone(), "203.0.113.3").await, 429, "every request came from 127.0.0.1");
}

#[tokio::test]
async fn the_harness_runs_with_the_production_limits() {
    let app = TestApp::builder().identity(Identity::Emulator).spawn().await;
    let buyer = account(&app, AccountRole::Buyer).await;
    let per_account = RateLimits::default().wish_list.per_account.to_string();
    assert_eq!(per_account, "60/min", "the README's default");
    let missing = uuid::Uuid::new_v4();
    let mut statuses = Vec::new();
    for _ in 0..61 {
        statuses.push(call(&app, Method::DELETE, &format!("/api/wishlist/{missing}"), Some(&buyer), None).await.status().as_u16());
    }
    assert!(statuses[..60].iter().all(|s| *s == 404), "{statuses:?}");
    assert_eq!(statuses[60], 429);
}

/// A multipart body carrying one small picture, and its boundary.
fn picture_form() -> (String, Vec<u8>) {
    let boundary = "refused-upload-boundary".to_owned();
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nGitanjali\r\n--{boundary}\r\n\
         Content-Disposition: form-data; name=\"image\"; filename=\"cover.png\"\r\nContent-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend(png_of(&wide_rgb()));
    body.extend(format!("\r\n--{boundary}--\r\n").into_bytes());
    (boundary, body)
}

/// Reads one HTTP/1.1 answer with a Content-Length from the socket: its head and body.
fn read_answer(stream: &mut TcpStream) -> (String, String) {
    let mut received = Vec::new();
    let mut byte = [0u8; 1];
    while !received.ends_with(b"\r\n\r\n") {
        let n = stream.read(&mut byte).expect("reads the head");
        assert_eq!(n, 1, "the connection closed mid-head: {}", String::from_utf8_lossy(&received));
        received.push(byte[0]);
    }
    let head = String::from_utf8(received).expect("a UTF-8 head");
    let length: usize = head
        .lines()
        .find_map(|line| line.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse().expect("a length")))
        .expect("a Content-Length");
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).expect("reads the body");
    (head, String::from_utf8(body).expect("a UTF-8 body"))
}

#[tokio::test]
async fn a_refused_upload_is_answered_once_its_body_is_in_and_the_connection_carries_on() {
    let app = TestApp::builder().identity(Identity::Emulator).spawn().await;
    let buyer = account(&app, AccountRole::Buyer).await;
    // No token (401), and a buyer, who cannot list books (403): both are known before a byte of the body is read.
    for (token, status, code) in [(None, "401", "unauthenticated"), (Some(buyer), "403", "wrong_role")] {
        let (boundary, form) = picture_form();
        let host = app.address.trim_start_matches("http://").to_owned();
        let (head, body, next) = tokio::task::spawn_blocking(move || {
            let mut stream = TcpStream::connect(&host).expect("connects");
            stream.set_read_timeout(Some(Duration::from_millis(300))).expect("a timeout");
            let authorization = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
            let head = format!(
                "POST /api/books HTTP/1.1\r\nHost: {host}\r\n{authorization}Content-Type: multipart/form-data; boundary={boundary}\r\n\
                 Content-Length: {}\r\n\r\n",
                form.len()
            );
            stream.write_all(head.as_bytes()).expect("sends the head");
            stream.write_all(&form[..form.len() / 2]).expect("sends half the form");
            // The answer is known already; it still waits for the body, so the client reads it.
            let mut early = [0u8; 1];
            let waited = matches!(stream.read(&mut early), Err(ref e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut));
            assert!(waited, "nothing is answered (nor closed) while the client is still sending");
            stream.write_all(&form[form.len() / 2..]).expect("sends the rest: the connection is still open");
            stream.set_read_timeout(Some(Duration::from_secs(10))).expect("a timeout");
            let (head, body) = read_answer(&mut stream);
            // The same connection takes the next request.
            stream.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes()).expect("sends another request");
            let (next, _) = read_answer(&mut stream);
            (head, body, next)
        })
        .await
        .expect("the client ran");
        assert!(head.starts_with(&format!("HTTP/1.1 {status}")), "{head}");
        let body: Value = serde_json::from_str(&body).expect("our error body");
        assert_eq!(body["error"]["code"], code);
        assert!(next.starts_with("HTTP/1.1 200"), "{next}");
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM books").await, 0, "nothing was listed");
}

#[tokio::test]
async fn nodes_fetch_posting_a_picture_without_a_token_reads_the_401() {
    let app = TestApp::builder().identity(Identity::Emulator).spawn().await;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/api/clients/refused-upload.mjs");
    let output = tokio::process::Command::new("node")
        .arg(script)
        .arg(app.url("/api/books"))
        .output()
        .await
        .expect("node runs (Node 20 or later is needed for the web app and these tests)");
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "node's fetch failed: {printed}{}", String::from_utf8_lossy(&output.stderr));
    let answer: Value = serde_json::from_str(printed.trim()).expect("the script prints the answer as JSON");
    assert_eq!(answer["status"], 401, "{answer}");
    assert_eq!(answer["body"]["error"]["code"], "unauthenticated", "{answer}");
}

/// Starts `POST /api/me/photo` over a raw connection and sends only the first half of the picture.
fn start_upload(app: &TestApp, token: &str) -> (TcpStream, Vec<u8>) {
    let (boundary, form) = picture_form();
    // The photo form has only `image`: drop the add-book form's title part.
    let image_at = form.windows(7).position(|w| w == b"name=\"i").expect("the image part");
    let part_start = form[..image_at].windows(2).rposition(|w| w == b"--").expect("its boundary");
    let form = form[part_start..].to_vec();
    let host = app.address.trim_start_matches("http://");
    let head = format!(
        "POST /api/me/photo HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {}\r\n\r\n",
        form.len()
    );
    let mut stream = TcpStream::connect(host).expect("connects");
    stream.write_all(head.as_bytes()).expect("sends the head");
    stream.write_all(&form[..form.len() / 2]).expect("sends half");
    (stream, form[form.len() / 2..].to_vec())
}

async fn upload_photo(app: &TestApp, token: &str) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(png_of(&wide_rgb())).file_name("me.png").mime_str("image/png").expect("a type");
    let form = reqwest::multipart::Form::new().part("image", part);
    app.client.post(app.url("/api/me/photo")).bearer_auth(token).multipart(form).send().await.expect("answered")
}

#[tokio::test]
async fn an_account_uploads_one_picture_at_a_time() {
    let app = TestApp::builder().identity(Identity::Emulator).spawn().await;
    let token = account(&app, AccountRole::Buyer).await;
    let other = account(&app, AccountRole::Buyer).await;
    let (mut first, rest) = start_upload(&app, &token);
    tokio::time::sleep(Duration::from_millis(300)).await;

    let body = expect_json(upload_photo(&app, &token).await, 409, "a second upload while the first is under way").await;
    assert_eq!(body["error"]["code"], "upload_in_progress");
    assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains("still uploading")), "{body}");
    expect_json(upload_photo(&app, &other).await, 200, "another account's upload").await;

    let (head, body) = tokio::task::spawn_blocking(move || {
        first.write_all(&rest).expect("sends the rest");
        first.set_read_timeout(Some(Duration::from_secs(10))).expect("a timeout");
        read_answer(&mut first)
    })
    .await
    .expect("the client ran");
    assert!(head.starts_with("HTTP/1.1 200"), "the first upload completes: {head}{body}");
    let photo = serde_json::from_str::<Value>(&body).expect("JSON")["photoUrl"].as_str().expect("a photo").to_owned();
    let after = expect_json(upload_photo(&app, &token).await, 200, "the next upload, once the first is done").await;
    assert_ne!(after["photoUrl"].as_str(), Some(photo.as_str()));
}

#[tokio::test]
async fn a_body_that_trickles_in_is_cut_off_with_408_and_one_that_keeps_up_is_not() {
    let rules = BodyRules {
        min_bytes_per_second: 1000,
        grace: Duration::from_millis(500),
        drain_at_most: 1 << 20,
        drain_for: Duration::from_secs(5),
    };
    let app = TestApp::builder().identity(Identity::Emulator).rate_limits(RateLimits::OFF).body_rules(rules).spawn().await;
    let buyer = account(&app, AccountRole::Buyer).await;
    let body = json!({ "bookId": uuid::Uuid::new_v4().to_string(), "phone": "01712345678", "location": "Nilkhet" }).to_string();
    let host = app.address.trim_start_matches("http://").to_owned();
    let send = move |pause: Duration| {
        let (host, buyer, body) = (host.clone(), buyer.clone(), body.clone());
        move || {
            let mut stream = TcpStream::connect(&host).expect("connects");
            let head = format!(
                "POST /api/orders HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {buyer}\r\nContent-Type: application/json\r\n\
                 Content-Length: {}\r\n\r\n",
                body.len()
            );
            stream.write_all(head.as_bytes()).expect("sends the head");
            let started = std::time::Instant::now();
            for chunk in body.as_bytes().chunks(10) {
                if stream.write_all(chunk).is_err() {
                    break;
                }
                std::thread::sleep(pause);
            }
            stream.set_read_timeout(Some(Duration::from_secs(10))).expect("a timeout");
            let answer = read_answer(&mut stream);
            (answer, started.elapsed())
        }
    };
    // 10 bytes every 200 ms is 50 bytes a second: cut off soon after the grace period.
    let ((head, answer), took) = tokio::task::spawn_blocking(send(Duration::from_millis(200))).await.expect("ran");
    assert!(head.starts_with("HTTP/1.1 408"), "{head}{answer}");
    assert!(head.to_ascii_lowercase().contains("connection: close"), "{head}");
    assert_eq!(serde_json::from_str::<Value>(&answer).expect("JSON")["error"]["code"], "request_timeout");
    assert!(took < Duration::from_secs(3), "cut off after about half a second, not when the body ends: {took:?}");
    // 10 bytes every 5 ms keeps up: the order is read and answered (no such book).
    let ((head, answer), _) = tokio::task::spawn_blocking(send(Duration::from_millis(5))).await.expect("ran");
    assert!(head.starts_with("HTTP/1.1 404"), "{head}{answer}");
    assert_eq!(serde_json::from_str::<Value>(&answer).expect("JSON")["error"]["code"], "book_not_found");
}
