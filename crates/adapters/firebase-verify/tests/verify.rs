//! The verifier against forged tokens and a mock of Google's certificate endpoint, the emulator mode,
//! `EmulatorAdmin` against a mock (and, when asked, a real) Firebase Auth emulator, and `FirebaseAdmin`'s
//! revocations against mocks of Google's OAuth token endpoint and Identity Toolkit (the real emulator's side is
//! tested in the http crate's session tests).
#![expect(clippy::unwrap_used, reason = "test helpers outside #[test] fns stop the test loudly")]

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use puronoboi_firebase_verify::testing::{CERTS_PATH, TokenForge, corrupt_signature, tamper_payload, unix_now, unsigned};
use puronoboi_firebase_verify::{ConfigError, EmulatorAdmin, FirebaseAdmin, FirebaseVerifier, ServiceAccountKey, VerifierMode};
use puronoboi_ports::identity::{DemoIdentities, DemoLogin, IdentityAdmin, IdentityVerifier, VerifiedIdentity, VerifyTokenError};
use serde_json::{Value, json};
use wiremock::matchers::{body_partial_json, header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

const PROJECT: &str = "puronoboi-test";

/// One key per test binary: RSA key generation is the slow part.
static FORGE: LazyLock<TokenForge> = LazyLock::new(TokenForge::new);
/// A second key: Google's next key in rotation tests, or an attacker's key.
static OTHER: LazyLock<TokenForge> = LazyLock::new(TokenForge::new);

/// A clock the test moves by hand, starting at the real time (the forge's claims use the real time).
#[derive(Clone)]
struct TestClock(Arc<AtomicI64>);

impl TestClock {
    fn new() -> Self {
        Self::at(unix_now())
    }
    fn at(unix_seconds: i64) -> Self {
        Self(Arc::new(AtomicI64::new(unix_seconds)))
    }
    fn advance(&self, secs: i64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }
    fn as_fn(&self) -> impl Fn() -> SystemTime + Send + Sync + 'static {
        let now = Arc::clone(&self.0);
        move || UNIX_EPOCH + Duration::from_secs(u64::try_from(now.load(Ordering::SeqCst)).unwrap())
    }
}

fn certs_response(body: &Value, max_age: u64) -> ResponseTemplate {
    ResponseTemplate::new(200)
        .insert_header("cache-control", format!("public, max-age={max_age}, must-revalidate, no-transform").as_str())
        .set_body_json(body)
}

/// A certificate endpoint serving `body` that expects exactly `fetches` requests (checked by `server.verify()`).
async fn certs_server(body: Value, max_age: u64, fetches: u64) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("GET")).and(path(CERTS_PATH)).respond_with(certs_response(&body, max_age)).expect(fetches).mount(&server).await;
    server
}

fn production(server: &MockServer, clock: &TestClock) -> FirebaseVerifier {
    let mode = VerifierMode::Production { project_id: PROJECT.into(), certs_url: TokenForge::certs_url(server) };
    FirebaseVerifier::from_mode(mode, reqwest::Client::new()).unwrap().with_clock(clock.as_fn())
}

fn emulator(clock: &TestClock) -> FirebaseVerifier {
    FirebaseVerifier::from_mode(VerifierMode::emulator("demo-puronoboi", "127.0.0.1:9099"), reqwest::Client::new())
        .unwrap()
        .with_clock(clock.as_fn())
}

fn good_claims() -> Value {
    FORGE.claims(PROJECT, "uid-reader-1")
}

fn with(mut claims: Value, key: &str, value: Value) -> Value {
    claims[key] = value;
    claims
}

fn assert_rejected(result: Result<VerifiedIdentity, VerifyTokenError>, case: &str) {
    match result {
        Err(VerifyTokenError::Rejected(reason)) => assert!(!reason.is_empty(), "{case}: a rejection says why"),
        other => panic!("{case}: expected Rejected, got {other:?}"),
    }
}

fn assert_rejected_because(result: Result<VerifiedIdentity, VerifyTokenError>, case: &str, expected: &str) {
    match result {
        Err(VerifyTokenError::Rejected(reason)) => {
            assert!(reason.contains(expected), "{case}: rejected for {reason:?}, expected {expected:?}")
        }
        other => panic!("{case}: expected Rejected, got {other:?}"),
    }
}

fn assert_unavailable(result: Result<VerifiedIdentity, VerifyTokenError>, case: &str) {
    assert!(matches!(result, Err(VerifyTokenError::Unavailable(_))), "{case}: expected Unavailable, got {result:?}");
}

#[tokio::test]
async fn a_genuine_token_gives_the_identity_it_carries() {
    let server = certs_server(FORGE.certs_json(), 3600, 1).await;
    let verifier = production(&server, &TestClock::new());
    let mut claims = good_claims();
    claims["picture"] = json!("https://example.test/p.png");
    claims["firebase"]["sign_in_provider"] = json!("google.com");

    let identity = verifier.verify(&FORGE.sign_rs256(&claims)).await.unwrap();

    assert_eq!(
        identity,
        VerifiedIdentity {
            uid: "uid-reader-1".into(),
            email: Some("uid-reader-1@example.test".into()),
            email_verified: true,
            name: Some("Test Reader".into()),
            picture: Some("https://example.test/p.png".into()),
            sign_in_provider: Some("google.com".into()),
            auth_time: chrono::DateTime::from_timestamp(claims["auth_time"].as_i64().unwrap(), 0).unwrap(),
        }
    );
    server.verify().await;
}

#[tokio::test]
async fn optional_claims_may_be_absent() {
    let server = certs_server(FORGE.certs_json(), 3600, 1).await;
    let verifier = production(&server, &TestClock::new());
    let mut claims = good_claims();
    for optional in ["email", "email_verified", "name", "firebase"] {
        claims.as_object_mut().unwrap().remove(optional);
    }
    let identity = verifier.verify(&FORGE.sign_rs256(&claims)).await.unwrap();
    assert_eq!(
        identity,
        VerifiedIdentity {
            uid: "uid-reader-1".into(),
            email: None,
            email_verified: false,
            name: None,
            picture: None,
            sign_in_provider: None,
            auth_time: chrono::DateTime::from_timestamp(claims["auth_time"].as_i64().unwrap(), 0).unwrap(),
        }
    );
}

#[tokio::test]
async fn forged_and_malformed_tokens_are_rejected() {
    let server = certs_server(FORGE.certs_json(), 3600, 1).await;
    let verifier = production(&server, &TestClock::new());
    let good = good_claims();
    let good_token = FORGE.sign_rs256(&good);
    let now = unix_now();
    verifier.verify(&good_token).await.expect("the good token primes the certificate cache");

    let cases: Vec<(&str, String, &str)> = vec![
        ("alg none in production mode", unsigned(&good), "alg is not RS256"),
        (
            "alg none with the real signature kept",
            format!("{}.{}", unsigned(&good).trim_end_matches('.'), good_token.rsplit('.').next().unwrap()),
            "alg is not RS256",
        ),
        ("HS256 keyed with the public key PEM", FORGE.sign_hs256_with_public_key(&good), "alg is not RS256"),
        (
            "HS256 keyed with the certificate PEM",
            FORGE.sign_hs256_with_secret(&good, FORGE.certificate_pem().as_bytes()),
            "alg is not RS256",
        ),
        ("unknown kid", FORGE.sign_with_kid(&good, "no-such-kid"), "kid is not one of Google's"),
        ("empty kid", FORGE.sign_with_kid(&good, ""), "no kid"),
        ("another key under a published kid", OTHER.sign_with_kid(&good, FORGE.kid()), "signature does not verify"),
        ("wrong aud", FORGE.sign_rs256(&with(good.clone(), "aud", json!("someone-elses-project"))), "aud is not this project"),
        ("aud as an array", FORGE.sign_rs256(&with(good.clone(), "aud", json!([PROJECT]))), "required Firebase claims"),
        (
            "wrong iss",
            FORGE.sign_rs256(&with(good.clone(), "iss", json!("https://securetoken.google.com/someone-else"))),
            "iss is not this project",
        ),
        (
            "iss of another issuer",
            FORGE.sign_rs256(&with(good.clone(), "iss", json!(format!("https://evil.test/{PROJECT}")))),
            "iss is not this project",
        ),
        ("expired", FORGE.sign_rs256(&with(good.clone(), "exp", json!(now - 1))), "expired"),
        ("iat in the future", FORGE.sign_rs256(&with(good.clone(), "iat", json!(now + 300))), "iat is in the future"),
        ("auth_time in the future", FORGE.sign_rs256(&with(good.clone(), "auth_time", json!(now + 300))), "auth_time is in the future"),
        ("empty sub", FORGE.sign_rs256(&with(good.clone(), "sub", json!(""))), "sub is empty"),
        ("sub longer than 128", FORGE.sign_rs256(&with(good.clone(), "sub", json!("u".repeat(129)))), "longer than 128"),
        ("sub not a string", FORGE.sign_rs256(&with(good.clone(), "sub", json!(7))), "required Firebase claims"),
        (
            "no exp",
            {
                let mut claims = good.clone();
                claims.as_object_mut().unwrap().remove("exp");
                FORGE.sign_rs256(&claims)
            },
            "required Firebase claims",
        ),
        ("tampered payload", tamper_payload(&good_token, &with(good.clone(), "sub", json!("uid-admin"))), "signature does not verify"),
        ("bad signature", corrupt_signature(&good_token), "signature does not verify"),
        ("signature stripped", format!("{}.", good_token.rsplit_once('.').unwrap().0), "empty signature"),
        ("empty string", String::new(), "empty token"),
        ("two segments", "a.b".into(), "three segments"),
        ("four segments", "a.b.c.d".into(), "three segments"),
        ("three segments of junk", "a.b.c".into(), "base64url"),
        ("not base64", "!!!.???.***".into(), "base64url"),
        ("header not JSON", "bm90IGpzb24.e30.c2ln".into(), "header"),
        ("padded base64", format!("{good_token}="), "base64url"),
        ("whitespace around", format!(" {good_token} "), "base64url"),
    ];
    for (case, token, reason) in cases {
        assert_rejected_because(verifier.verify(&token).await, case, reason);
    }
    // Only the priming fetch: the unknown kid came less than a minute after it.
    server.verify().await;
}

#[tokio::test]
async fn a_token_expires_with_time() {
    let server = certs_server(FORGE.certs_json(), 7200, 1).await;
    let claims = good_claims();
    // The clock starts where the token's own times do (an hour before its `exp`), not at a second read separately:
    // a second boundary between the two would move the expiry by one.
    let exp = claims["exp"].as_i64().unwrap();
    let clock = TestClock::at(exp - 3600);
    let verifier = production(&server, &clock);
    let token = FORGE.sign_rs256(&claims);
    verifier.verify(&token).await.unwrap();
    clock.advance(3599);
    verifier.verify(&token).await.unwrap();
    clock.advance(1);
    assert_rejected(verifier.verify(&token).await, "exp reached");
}

#[tokio::test]
async fn certificates_are_fetched_once_for_many_verifications() {
    let server = certs_server(FORGE.certs_json(), 3600, 1).await;
    let verifier = Arc::new(production(&server, &TestClock::new()));
    let token = FORGE.sign_rs256(&good_claims());
    let concurrent: Vec<_> = (0..8)
        .map(|_| {
            let (verifier, token) = (Arc::clone(&verifier), token.clone());
            tokio::spawn(async move { verifier.verify(&token).await })
        })
        .collect();
    for handle in concurrent {
        handle.await.unwrap().unwrap();
    }
    for _ in 0..20 {
        verifier.verify(&token).await.unwrap();
    }
    server.verify().await;
}

#[tokio::test]
async fn the_cache_lasts_for_max_age_then_refetches() {
    let server = certs_server(FORGE.certs_json(), 30, 2).await;
    let clock = TestClock::new();
    let verifier = production(&server, &clock);
    let token = FORGE.sign_rs256(&good_claims());

    verifier.verify(&token).await.unwrap();
    clock.advance(29);
    verifier.verify(&token).await.unwrap();
    assert_eq!(server.received_requests().await.unwrap().len(), 1, "still fresh at 29 s of max-age=30");
    clock.advance(1);
    verifier.verify(&token).await.unwrap();
    verifier.verify(&token).await.unwrap();
    server.verify().await;
}

#[tokio::test]
async fn the_cache_honours_a_real_one_second_max_age() {
    let server = certs_server(FORGE.certs_json(), 1, 2).await;
    let verifier = FirebaseVerifier::from_mode(
        VerifierMode::Production { project_id: PROJECT.into(), certs_url: TokenForge::certs_url(&server) },
        reqwest::Client::new(),
    )
    .unwrap();
    let token = FORGE.sign_rs256(&good_claims());
    verifier.verify(&token).await.unwrap();
    verifier.verify(&token).await.unwrap();
    tokio::time::sleep(Duration::from_millis(1100)).await;
    verifier.verify(&token).await.unwrap();
    server.verify().await;
}

#[tokio::test]
async fn unknown_kids_refresh_the_certificates_at_most_once_a_minute() {
    let server = certs_server(FORGE.certs_json(), 3600, 3).await;
    let clock = TestClock::new();
    let verifier = production(&server, &clock);
    let good = good_claims();
    verifier.verify(&FORGE.sign_rs256(&good)).await.unwrap();
    let fetches = || async { server.received_requests().await.unwrap().len() };

    for i in 0..5 {
        assert_rejected(verifier.verify(&FORGE.sign_with_kid(&good, &format!("forged-{i}"))).await, "unknown kid");
    }
    assert_eq!(fetches().await, 1, "a refresh within a minute of the last fetch is refused");

    clock.advance(60);
    for i in 0..5 {
        assert_rejected(verifier.verify(&FORGE.sign_with_kid(&good, &format!("forged-a{i}"))).await, "unknown kid");
    }
    assert_eq!(fetches().await, 2, "one refresh for the whole burst a minute later");

    clock.advance(59);
    for i in 0..5 {
        assert_rejected(verifier.verify(&FORGE.sign_with_kid(&good, &format!("forged-b{i}"))).await, "unknown kid");
    }
    assert_eq!(fetches().await, 2);

    clock.advance(1);
    assert_rejected(verifier.verify(&FORGE.sign_with_kid(&good, "forged-c")).await, "unknown kid");
    verifier.verify(&FORGE.sign_rs256(&good)).await.unwrap();
    server.verify().await;
}

#[tokio::test]
async fn a_rotated_in_key_is_picked_up_by_the_unknown_kid_refresh() {
    let server = MockServer::start().await;
    let mut both = FORGE.certs_json();
    both.as_object_mut().unwrap().extend(OTHER.certs_json().as_object().unwrap().clone());
    Mock::given(method("GET"))
        .and(path(CERTS_PATH))
        .respond_with(certs_response(&FORGE.certs_json(), 3600))
        .up_to_n_times(1)
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("GET")).and(path(CERTS_PATH)).respond_with(certs_response(&both, 3600)).expect(1).mount(&server).await;
    let clock = TestClock::new();
    let verifier = production(&server, &clock);
    let good = good_claims();

    verifier.verify(&FORGE.sign_rs256(&good)).await.unwrap();
    let next_key_token = OTHER.sign_rs256(&good);
    assert_rejected(verifier.verify(&next_key_token).await, "new kid within the minute");
    clock.advance(61);
    verifier.verify(&next_key_token).await.unwrap();
    verifier.verify(&FORGE.sign_rs256(&good)).await.unwrap();
    server.verify().await;
}

#[tokio::test]
async fn a_failing_certificate_endpoint_makes_verification_unavailable() {
    let token = FORGE.sign_rs256(&good_claims());
    let bodies: Vec<(&str, ResponseTemplate)> = vec![
        ("HTTP 500", ResponseTemplate::new(500).set_body_string("oops")),
        ("HTTP 404", ResponseTemplate::new(404)),
        ("not JSON", ResponseTemplate::new(200).set_body_string("<html>maintenance</html>")),
        ("JSON of the wrong shape", ResponseTemplate::new(200).set_body_json(json!(["a", "b"]))),
        ("no certificates", ResponseTemplate::new(200).set_body_json(json!({}))),
        (
            "garbage certificates",
            ResponseTemplate::new(200)
                .set_body_json(json!({ FORGE.kid(): "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n" })),
        ),
    ];
    for (case, response) in bodies {
        let server = MockServer::start().await;
        Mock::given(method("GET")).and(path(CERTS_PATH)).respond_with(response).mount(&server).await;
        let verifier = production(&server, &TestClock::new());
        assert_unavailable(verifier.verify(&token).await, case);
    }

    let closed = MockServer::start().await;
    let url = TokenForge::certs_url(&closed);
    drop(closed);
    let verifier =
        FirebaseVerifier::from_mode(VerifierMode::Production { project_id: PROJECT.into(), certs_url: url }, reqwest::Client::new())
            .unwrap();
    assert_unavailable(verifier.verify(&token).await, "connection refused");
}

#[tokio::test]
async fn expired_certificates_are_not_used_when_the_refetch_fails() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(CERTS_PATH))
        .respond_with(certs_response(&FORGE.certs_json(), 10))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("GET")).and(path(CERTS_PATH)).respond_with(ResponseTemplate::new(503)).mount(&server).await;
    let clock = TestClock::new();
    let verifier = production(&server, &clock);
    let token = FORGE.sign_rs256(&good_claims());
    verifier.verify(&token).await.unwrap();
    clock.advance(10);
    assert_unavailable(verifier.verify(&token).await, "expired cache, endpoint down");
}

#[tokio::test]
async fn a_failing_endpoint_is_retried_only_after_a_short_backoff() {
    let server = MockServer::start().await;
    Mock::given(method("GET")).and(path(CERTS_PATH)).respond_with(ResponseTemplate::new(503)).expect(2).mount(&server).await;
    let clock = TestClock::new();
    let verifier = production(&server, &clock);
    let token = FORGE.sign_rs256(&good_claims());
    for _ in 0..5 {
        assert_unavailable(verifier.verify(&token).await, "endpoint down");
    }
    clock.advance(4);
    assert_unavailable(verifier.verify(&token).await, "still backing off");
    assert_eq!(server.received_requests().await.unwrap().len(), 1, "failures are not retried at once");
    clock.advance(1);
    assert_unavailable(verifier.verify(&token).await, "retried, still down");
    server.verify().await;
}

#[tokio::test]
async fn one_unreadable_certificate_does_not_hide_the_others() {
    let mut body = FORGE.certs_json();
    body["broken"] = json!("not a certificate");
    let server = certs_server(body, 3600, 1).await;
    let verifier = production(&server, &TestClock::new());
    verifier.verify(&FORGE.sign_rs256(&good_claims())).await.unwrap();
    assert_rejected(verifier.verify(&FORGE.sign_with_kid(&good_claims(), "broken")).await, "unreadable certificate's kid");
}

#[tokio::test]
async fn the_forge_serves_certificates_like_google() {
    let server = FORGE.serve_certs().await;
    let verifier = production(&server, &TestClock::new());
    verifier.verify(&FORGE.sign_rs256(&good_claims())).await.unwrap();
}

#[tokio::test]
async fn emulator_mode_accepts_the_emulators_unsigned_tokens() {
    let verifier = emulator(&TestClock::new());
    assert!(verifier.is_emulator());
    let claims = FORGE.claims("demo-puronoboi", "emu-uid");
    let identity = verifier.verify(&unsigned(&claims)).await.unwrap();
    assert_eq!(identity.uid, "emu-uid");
    assert_eq!(identity.email.as_deref(), Some("emu-uid@example.test"));
    assert_eq!(identity.sign_in_provider.as_deref(), Some("password"));
    assert_eq!(Some(identity.auth_time.timestamp()), claims["auth_time"].as_i64(), "when the holder signed in");
}

#[tokio::test]
async fn emulator_mode_still_checks_every_claim() {
    let good = FORGE.claims("demo-puronoboi", "emu-uid");
    // The clock at the token's own time (an hour before its `exp`), so that an hour later it has expired exactly.
    let now = good["exp"].as_i64().unwrap() - 3600;
    let clock = TestClock::at(now);
    let verifier = emulator(&clock);
    let cases: Vec<(&str, String, &str)> = vec![
        ("wrong aud", unsigned(&with(good.clone(), "aud", json!("puronoboi-prod"))), "aud is not this project"),
        (
            "wrong iss",
            unsigned(&with(good.clone(), "iss", json!("https://securetoken.google.com/puronoboi-prod"))),
            "iss is not this project",
        ),
        ("expired", unsigned(&with(good.clone(), "exp", json!(now - 1))), "expired"),
        ("iat in the future", unsigned(&with(good.clone(), "iat", json!(now + 300))), "iat is in the future"),
        ("auth_time in the future", unsigned(&with(good.clone(), "auth_time", json!(now + 300))), "auth_time is in the future"),
        ("empty sub", unsigned(&with(good.clone(), "sub", json!(""))), "sub is empty"),
        ("a signed token", FORGE.sign_rs256(&good), "only the emulator's unsigned tokens"),
        ("alg none with a signature", format!("{}c2ln", unsigned(&good)), "only the emulator's unsigned tokens"),
        ("garbage", "a.b".into(), "three segments"),
    ];
    for (case, token, reason) in cases {
        assert_rejected_because(verifier.verify(&token).await, case, reason);
    }
    let token = unsigned(&good);
    verifier.verify(&token).await.unwrap();
    clock.advance(3600);
    assert_rejected(verifier.verify(&token).await, "expired by the clock");
}

#[test]
fn emulator_mode_is_refused_for_real_projects_and_without_a_host() {
    let http = reqwest::Client::new();
    let err = FirebaseVerifier::from_mode(VerifierMode::emulator("puronoboi-prod", "127.0.0.1:9099"), http.clone()).unwrap_err();
    assert_eq!(err, ConfigError::EmulatorNeedsDemoProject { project_id: "puronoboi-prod".into() });
    assert!(err.to_string().contains("demo-"), "the message says why: {err}");
    assert_eq!(
        FirebaseVerifier::from_mode(VerifierMode::emulator("demo-puronoboi", ""), http.clone()).unwrap_err(),
        ConfigError::EmptyEmulatorHost
    );
    assert_eq!(
        FirebaseVerifier::from_mode(VerifierMode::emulator("", "127.0.0.1:9099"), http.clone()).unwrap_err(),
        ConfigError::EmptyProjectId
    );
    assert!(matches!(
        FirebaseVerifier::from_mode(VerifierMode::Production { project_id: PROJECT.into(), certs_url: "ftp://x".into() }, http.clone()),
        Err(ConfigError::InvalidCertsUrl { .. })
    ));
    assert!(matches!(FirebaseVerifier::from_mode(VerifierMode::production(""), http.clone()), Err(ConfigError::EmptyProjectId)));
    assert!(FirebaseVerifier::from_mode(VerifierMode::production(PROJECT), http.clone()).is_ok_and(|v| !v.is_emulator()));
    assert!(matches!(
        EmulatorAdmin::new("puronoboi-prod", "127.0.0.1:9099", http.clone()),
        Err(ConfigError::EmulatorNeedsDemoProject { .. })
    ));
    assert!(matches!(EmulatorAdmin::new("demo-puronoboi", "", http), Err(ConfigError::EmptyEmulatorHost)));
}

// ---- EmulatorAdmin against a mock emulator ----

const IDT: &str = "/identitytoolkit.googleapis.com/v1";

fn demo_login() -> DemoLogin {
    DemoLogin { email: "seller@demo.test".into(), password: "demo-pass-1".into(), display_name: "Demo Seller".into() }
}

fn api_error(message: &str) -> ResponseTemplate {
    ResponseTemplate::new(400).set_body_json(json!({ "error": { "code": 400, "message": message, "errors": [{ "message": message }] } }))
}

fn token_answer(uid: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(
        json!({ "kind": "x", "localId": uid, "idToken": format!("token-of-{uid}"), "refreshToken": "r", "expiresIn": "3600" }),
    )
}

async fn mock_emulator() -> (MockServer, EmulatorAdmin) {
    let server = MockServer::start().await;
    let host = server.address().to_string();
    let admin = EmulatorAdmin::new("demo-puronoboi", host, reqwest::Client::new()).unwrap();
    (server, admin)
}

/// The final update every path makes: e-mail verified and display name, as the project owner.
async fn expect_verified_update(server: &MockServer, uid: &str) {
    Mock::given(method("POST"))
        .and(path(format!("{IDT}/projects/demo-puronoboi/accounts:update")))
        .and(header("authorization", "Bearer owner"))
        .and(body_partial_json(json!({ "localId": uid, "emailVerified": true, "displayName": "Demo Seller" })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "localId": uid })))
        .expect(1)
        .mount(server)
        .await;
}

async fn password_resets(server: &MockServer) -> Vec<Value> {
    let requests = server.received_requests().await.unwrap();
    requests
        .iter()
        .filter(|r| r.url.path().ends_with("accounts:update"))
        .map(|r| serde_json::from_slice::<Value>(&r.body).unwrap())
        .filter(|body| body.get("password").is_some())
        .collect()
}

#[tokio::test]
async fn ensure_password_user_signs_a_new_user_up() {
    let (server, admin) = mock_emulator().await;
    Mock::given(method("POST"))
        .and(path(format!("{IDT}/accounts:signUp")))
        .and(query_param("key", "fake-api-key"))
        .and(body_partial_json(
            json!({ "email": "seller@demo.test", "password": "demo-pass-1", "displayName": "Demo Seller", "returnSecureToken": true }),
        ))
        .respond_with(token_answer("uid-new"))
        .expect(1)
        .mount(&server)
        .await;
    expect_verified_update(&server, "uid-new").await;

    assert_eq!(admin.ensure_password_user(&demo_login()).await.unwrap(), "uid-new");
    assert!(password_resets(&server).await.is_empty());
    server.verify().await;
}

#[tokio::test]
async fn ensure_password_user_signs_an_existing_user_in_without_touching_the_password() {
    let (server, admin) = mock_emulator().await;
    Mock::given(method("POST"))
        .and(path(format!("{IDT}/accounts:signUp")))
        .respond_with(api_error("EMAIL_EXISTS"))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(format!("{IDT}/accounts:signInWithPassword")))
        .and(query_param("key", "fake-api-key"))
        .and(body_partial_json(json!({ "email": "seller@demo.test", "password": "demo-pass-1" })))
        .respond_with(token_answer("uid-old"))
        .expect(1)
        .mount(&server)
        .await;
    expect_verified_update(&server, "uid-old").await;

    assert_eq!(admin.ensure_password_user(&demo_login()).await.unwrap(), "uid-old");
    assert!(password_resets(&server).await.is_empty(), "a password change would revoke the user's sessions");
    server.verify().await;
}

#[tokio::test]
async fn ensure_password_user_resets_a_different_password() {
    let (server, admin) = mock_emulator().await;
    Mock::given(method("POST"))
        .and(path(format!("{IDT}/accounts:signUp")))
        .respond_with(api_error("EMAIL_EXISTS"))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(format!("{IDT}/accounts:signInWithPassword")))
        .respond_with(api_error("INVALID_PASSWORD : The password is invalid."))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(format!("{IDT}/projects/demo-puronoboi/accounts:lookup")))
        .and(header("authorization", "Bearer owner"))
        .and(body_partial_json(json!({ "email": ["seller@demo.test"] })))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({ "kind": "x", "users": [{ "localId": "uid-old", "email": "seller@demo.test" }] })),
        )
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(format!("{IDT}/projects/demo-puronoboi/accounts:update")))
        .and(header("authorization", "Bearer owner"))
        .and(body_partial_json(json!({ "localId": "uid-old", "password": "demo-pass-1" })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "localId": "uid-old" })))
        .expect(1)
        .mount(&server)
        .await;
    expect_verified_update(&server, "uid-old").await;

    assert_eq!(admin.ensure_password_user(&demo_login()).await.unwrap(), "uid-old");
    server.verify().await;
}

#[tokio::test]
async fn ensure_password_user_reports_other_emulator_errors() {
    let (server, admin) = mock_emulator().await;
    Mock::given(method("POST"))
        .and(path(format!("{IDT}/accounts:signUp")))
        .respond_with(api_error("WEAK_PASSWORD : Password should be at least 6 characters"))
        .mount(&server)
        .await;
    let error = admin.ensure_password_user(&demo_login()).await.unwrap_err();
    assert!(format!("{error:#}").contains("WEAK_PASSWORD"), "{error:#}");

    let closed = MockServer::start().await;
    let admin = EmulatorAdmin::new("demo-puronoboi", closed.address().to_string(), reqwest::Client::new()).unwrap();
    drop(closed);
    assert!(admin.ensure_password_user(&demo_login()).await.is_err());
}

#[tokio::test]
async fn sign_up_and_sign_in_answer_tokens() {
    let (server, admin) = mock_emulator().await;
    Mock::given(method("POST")).and(path(format!("{IDT}/accounts:signUp"))).respond_with(token_answer("uid-9")).mount(&server).await;
    Mock::given(method("POST"))
        .and(path(format!("{IDT}/accounts:signInWithPassword")))
        .respond_with(token_answer("uid-9"))
        .mount(&server)
        .await;
    assert_eq!(admin.sign_up("a@b.test", "secret-1", None).await.unwrap(), ("uid-9".to_owned(), "token-of-uid-9".to_owned()));
    assert_eq!(admin.sign_in_with_password("a@b.test", "secret-1").await.unwrap(), "token-of-uid-9");
}

// ---- Against a real Auth emulator ----

/// Needs a running emulator: `scripts/auth-emulator.sh start /tmp/emu 9099`, then
/// `FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 cargo test -p puronoboi-firebase-verify -- --ignored`
/// (project `FIREBASE_PROJECT_ID`, default `demo-puronoboi`, as in the script).
#[tokio::test]
#[ignore = "needs a running Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_HOST)"]
async fn real_emulator_tokens_verify_and_demo_users_are_idempotent() {
    let host = std::env::var("FIREBASE_AUTH_EMULATOR_HOST").expect("FIREBASE_AUTH_EMULATOR_HOST=host:port of a running emulator");
    let project = std::env::var("FIREBASE_PROJECT_ID").unwrap_or_else(|_| "demo-puronoboi".into());
    let http = reqwest::Client::new();
    let admin = EmulatorAdmin::new(project.clone(), host.clone(), http.clone()).unwrap();
    let verifier = FirebaseVerifier::from_mode(VerifierMode::emulator(project.clone(), host), http).unwrap();
    let suffix = unix_now() * 1000 + i64::from(std::process::id() % 1000);
    let mut login =
        DemoLogin { email: format!("demo-{suffix}@demo.test"), password: "first-pass-1".into(), display_name: "Demo Buyer".into() };

    let uid = admin.ensure_password_user(&login).await.unwrap();
    assert_eq!(admin.ensure_password_user(&login).await.unwrap(), uid, "idempotent");
    login.password = "second-pass-2".into();
    assert_eq!(admin.ensure_password_user(&login).await.unwrap(), uid, "same user, new password");

    let token = admin.sign_in_with_password(&login.email, &login.password).await.unwrap();
    let identity = verifier.verify(&token).await.unwrap();
    assert_eq!(identity.uid, uid);
    assert_eq!(identity.email.as_deref(), Some(login.email.as_str()));
    assert!(identity.email_verified);
    assert_eq!(identity.name.as_deref(), Some("Demo Buyer"));
    assert_eq!(identity.sign_in_provider.as_deref(), Some("password"));
    assert!(admin.sign_in_with_password(&login.email, "first-pass-1").await.is_err());

    let (new_uid, new_token) = admin.sign_up(&format!("new-{suffix}@demo.test"), "third-pass-3", Some("New Reader")).await.unwrap();
    assert_eq!(verifier.verify(&new_token).await.unwrap().uid, new_uid);

    // The emulator's tokens must never pass a production verifier.
    let certs = FORGE.serve_certs().await;
    let production = production(&certs, &TestClock::new());
    assert_rejected(production.verify(&token).await, "emulator token in production mode");
}

// ---- FirebaseAdmin: revoking refresh tokens ----

const TOKEN_PATH: &str = "/token";
const UPDATE_PATH: &str = "/v1/projects/puronoboi-test/accounts:update";

/// A service account key file as Firebase's console hands it out, its key the forge's, its token endpoint `server`.
fn service_account_json(server: &MockServer, project: &str) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "type": "service_account", "project_id": project, "private_key_id": "key-1",
        "private_key": FORGE.private_key_pem(), "client_email": "admin@puronoboi-test.iam.gserviceaccount.com",
        "client_id": "1", "token_uri": format!("{}{TOKEN_PATH}", server.uri()),
    }))
    .unwrap()
}

fn service_account_admin(server: &MockServer) -> FirebaseAdmin {
    let key = ServiceAccountKey::from_json(&service_account_json(server, PROJECT)).unwrap();
    FirebaseAdmin::service_account(PROJECT, key, &server.uri(), reqwest::Client::new()).unwrap()
}

/// The JWT-bearer grant Google's token endpoint receives, its assertion checked against the forge's public key and
/// addressed to the token endpoint (`audience`).
#[derive(Clone)]
struct SignedAssertion {
    audience: String,
}

impl wiremock::Match for SignedAssertion {
    fn matches(&self, request: &wiremock::Request) -> bool {
        let body = String::from_utf8_lossy(&request.body).into_owned();
        let Some(assertion) = body.strip_prefix("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=") else {
            return false;
        };
        let key = jsonwebtoken::DecodingKey::from_rsa_pem(FORGE.public_key_pem().as_bytes()).unwrap();
        let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::RS256);
        validation.validate_aud = false;
        validation.set_issuer(&["admin@puronoboi-test.iam.gserviceaccount.com"]);
        let Ok(data) = jsonwebtoken::decode::<Value>(assertion, &key, &validation) else { return false };
        data.header.kid.as_deref() == Some("key-1")
            && data.claims["aud"].as_str() == Some(self.audience.as_str())
            && data.claims["scope"].as_str().is_some_and(|s| s.split(' ').any(|s| s == "https://www.googleapis.com/auth/identitytoolkit"))
            && data.claims["exp"].as_i64().zip(data.claims["iat"].as_i64()).is_some_and(|(exp, iat)| exp - iat == 3600)
    }
}

#[tokio::test]
async fn a_service_account_revokes_with_an_access_token_fetched_once_and_cached() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(TOKEN_PATH))
        .and(header("content-type", "application/x-www-form-urlencoded"))
        .and(SignedAssertion { audience: format!("{}{TOKEN_PATH}", server.uri()) })
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({ "access_token": "ya29.granted", "expires_in": 3599, "token_type": "Bearer" })),
        )
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(UPDATE_PATH))
        .and(header("authorization", "Bearer ya29.granted"))
        .and(body_partial_json(json!({ "localId": "uid-gone" })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "localId": "uid-gone" })))
        .expect(2)
        .mount(&server)
        .await;
    let admin = service_account_admin(&server);

    let before = unix_now();
    admin.revoke_sign_ins("uid-gone").await.unwrap();
    admin.revoke_sign_ins("uid-gone").await.unwrap();
    server.verify().await;

    let updates = server.received_requests().await.unwrap();
    let update = updates.iter().find(|r| r.url.path() == UPDATE_PATH).unwrap();
    let body: Value = serde_json::from_slice(&update.body).unwrap();
    let valid_since: i64 = body["validSince"].as_str().unwrap().parse().unwrap();
    assert!((before..=unix_now()).contains(&valid_since), "refresh tokens from before now are revoked: {body}");
}

#[tokio::test]
async fn refusals_by_the_token_endpoint_or_the_identity_toolkit_are_errors() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(TOKEN_PATH))
        .respond_with(
            ResponseTemplate::new(400).set_body_json(json!({ "error": "invalid_grant", "error_description": "Invalid JWT Signature." })),
        )
        .mount(&server)
        .await;
    let error = service_account_admin(&server).revoke_sign_ins("uid-1").await.unwrap_err();
    assert!(format!("{error:#}").contains("invalid_grant"), "{error:#}");
    assert!(server.received_requests().await.unwrap().iter().all(|r| r.url.path() != UPDATE_PATH), "no revocation without a token");

    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(TOKEN_PATH))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "access_token": "ya29.granted", "expires_in": 3599 })))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(UPDATE_PATH))
        .respond_with(ResponseTemplate::new(400).set_body_json(json!({ "error": { "message": "USER_NOT_FOUND" } })))
        .mount(&server)
        .await;
    let error = service_account_admin(&server).revoke_sign_ins("uid-unknown").await.unwrap_err();
    assert!(format!("{error:#}").contains("USER_NOT_FOUND"), "{error:#}");
}

#[test]
fn service_account_keys_must_be_usable_and_of_this_project() {
    let server_uri = "http://127.0.0.1:9";
    let key = |private_key: &str, token_uri: &str| {
        serde_json::to_vec(&json!({ "client_email": "a@b.iam.gserviceaccount.com", "private_key": private_key, "token_uri": token_uri }))
            .unwrap()
    };
    assert!(ServiceAccountKey::from_json(&key(FORGE.private_key_pem(), "https://oauth2.googleapis.com/token")).is_ok());
    assert!(ServiceAccountKey::from_json(&key("not a key", "https://oauth2.googleapis.com/token")).is_err());
    assert!(ServiceAccountKey::from_json(&key(FORGE.private_key_pem(), "file:///etc/passwd")).is_err());
    assert!(ServiceAccountKey::from_json(b"{}").is_err());

    let mut other_project: Value = serde_json::from_slice(&key(FORGE.private_key_pem(), "https://oauth2.googleapis.com/token")).unwrap();
    other_project["project_id"] = json!("someone-elses");
    let parsed = ServiceAccountKey::from_json(&serde_json::to_vec(&other_project).unwrap()).unwrap();
    let error = FirebaseAdmin::service_account(PROJECT, parsed, server_uri, reqwest::Client::new()).unwrap_err();
    assert!(error.to_string().contains("someone-elses"), "{error}");
    assert!(!format!("{:?}", ServiceAccountKey::from_json(&key(FORGE.private_key_pem(), "https://x.test/t")).unwrap()).contains("PRIVATE"));
    assert!(matches!(
        FirebaseAdmin::emulator("puronoboi-prod", "127.0.0.1:9099", reqwest::Client::new()),
        Err(ConfigError::EmulatorNeedsDemoProject { .. })
    ));
}

#[tokio::test]
async fn on_the_emulator_revocation_calls_as_the_project_owner() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/identitytoolkit.googleapis.com/v1/projects/demo-puronoboi/accounts:update"))
        .and(header("authorization", "Bearer owner"))
        .and(body_partial_json(json!({ "localId": "emu-uid" })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "localId": "emu-uid" })))
        .expect(1)
        .mount(&server)
        .await;
    let host = server.address().to_string();
    FirebaseAdmin::emulator("demo-puronoboi", &host, reqwest::Client::new()).unwrap().revoke_sign_ins("emu-uid").await.unwrap();
}
