//! Sessions: who gets which account and role, whose tokens stop working when, and who is turned away. Against
//! the real Firebase Auth emulator, and, where two different Firebase users must share an address (a project
//! that allows several accounts per address), against production verification with tokens signed by a test key.

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use puronoboi_domain::{AccountId, ClosedReason};
use puronoboi_firebase_verify::testing::{TokenForge, unix_now};
use puronoboi_ports::AccountStore as _;
use puronoboi_ports::DemoIdentities as _;
use puronoboi_ports::DemoLogin;
use puronoboi_test_support::builders::{book, category, list};
use puronoboi_test_support::{Identity, TestApp, expect_json, test_session_secret, unique};
use serde_json::{Value, json};

const PASSWORD: &str = "correct horse battery";

async fn app() -> TestApp {
    TestApp::builder().identity(Identity::Emulator).spawn().await
}

async fn me(app: &TestApp, access_token: &str) -> reqwest::Response {
    app.client.get(app.url("/api/me")).bearer_auth(access_token).send().await.expect("answered")
}

/// GET /api/me, asserting status and error code; answers the body.
async fn me_expecting(app: &TestApp, access_token: &str, status: u16, code: &str) -> Value {
    let body = expect_json(me(app, access_token).await, status, "GET /api/me").await;
    assert_eq!(body["error"]["code"], code, "{body}");
    body
}

fn token_of(session: &Value) -> String {
    session["accessToken"].as_str().unwrap_or_else(|| panic!("no access token in {session}")).to_owned()
}

/// Verifies the address of an emulator user (what following the e-mail link does) and signs in again.
async fn verify_and_sign_in(app: &TestApp, email: &str) -> String {
    let login = DemoLogin { email: email.to_owned(), password: PASSWORD.into(), display_name: "Owner".into() };
    app.emulator().ensure_password_user(&login).await.expect("a verified identity");
    app.emulator().sign_in_with_password(email, PASSWORD).await.expect("signs in")
}

/// An emulator ID token as Firebase renews it once the identity's address was verified (by a linked Google
/// sign-in): the same sign-in (`auth_time`), the address now verified.
fn as_renewed_after_verification(id_token: &str) -> String {
    use base64::Engine as _;
    let payload = id_token.split('.').nth(1).expect("a JWT");
    let mut claims: Value =
        serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).expect("base64url")).expect("JSON");
    claims["email_verified"] = json!(true);
    claims["iat"] = json!(unix_now());
    claims["exp"] = json!(unix_now() + 3600);
    puronoboi_firebase_verify::testing::unsigned(&claims)
}

/// A second server instance on `app`'s database that verifies identity tokens as production does, with a test key
/// (project "p"): a Firebase project that lets two users share an address. Keep the mock server alive while used.
async fn production_instance_sharing(app: &TestApp) -> (TokenForge, wiremock::MockServer, TestApp) {
    let forge = TokenForge::new();
    let certs = forge.serve_certs().await;
    let production = TestApp::builder()
        .identity(Identity::Production { project_id: "p".into(), certs_url: TokenForge::certs_url(&certs) })
        .sharing_database_with(app)
        .spawn()
        .await;
    (forge, certs, production)
}

#[tokio::test]
async fn signing_up_opens_a_buyer_account_with_the_email_from_the_token() {
    let app = app().await;
    let email = unique("farhana");
    let (uid, id_token) = app.sign_up(&email, Some("Farhana")).await;
    let (status, session) = app.open_session(&id_token, json!({})).await;
    assert_eq!(status, 200, "{session}");
    assert_eq!(session["user"]["role"], "buyer");
    assert_eq!(session["user"]["email"], email.as_str());
    assert_eq!(session["user"]["name"], "Farhana");
    assert_eq!(session["user"]["verified"], false);
    assert_eq!(session["user"]["photoUrl"], Value::Null);
    let expires = chrono::DateTime::parse_from_rfc3339(session["expiresAt"].as_str().expect("a time")).expect("RFC 3339");
    let lifetime = expires.signed_duration_since(chrono::Utc::now()).num_seconds();
    assert!((880..=900).contains(&lifetime), "15 minutes by default, got {lifetime} s");

    let profile = expect_json(me(&app, &token_of(&session)).await, 200, "GET /api/me").await;
    assert_eq!(profile, session["user"], "/api/me is the account the session opened");
    let stored = app.store.account_by_firebase_uid(&uid).await.expect("lookup").expect("opened");
    assert_eq!((stored.email.as_str(), stored.email_verified), (email.as_str(), false), "an unverified sign-up proves nothing");
}

#[tokio::test]
async fn the_seller_toggle_opens_a_seller_account_and_names_come_from_the_body() {
    let app = app().await;
    let (_, id_token) = app.sign_up(&unique("rahim"), Some("From Token")).await;
    let (status, session) = app.open_session(&id_token, json!({ "name": "Rahim Uddin", "accountType": "seller" })).await;
    assert_eq!(status, 200, "{session}");
    assert_eq!((session["user"]["role"].as_str(), session["user"]["name"].as_str()), (Some("seller"), Some("Rahim Uddin")));
}

#[tokio::test]
async fn no_client_can_ask_for_admin_or_choose_its_email() {
    let app = app().await;
    let (_, id_token) = app.sign_up(&unique("sneaky"), None).await;
    for body in [json!({ "accountType": "admin" }), json!({ "email": "boss@puronoboi.test" }), json!({ "role": "admin" })] {
        let (status, answer) = app.open_session(&id_token, body.clone()).await;
        assert_eq!((status, answer["error"]["code"].as_str()), (400, Some("invalid_input")), "{body}: {answer}");
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM accounts").await, 0, "nothing was opened");
}

#[tokio::test]
async fn an_overlong_name_is_a_field_error() {
    let app = app().await;
    let (_, id_token) = app.sign_up(&unique("long"), None).await;
    let (status, body) = app.open_session(&id_token, json!({ "name": "n".repeat(121) })).await;
    assert_eq!((status, body["error"]["code"].as_str()), (422, Some("validation_failed")), "{body}");
    assert_eq!(body["error"]["fields"]["name"], "at most 120 characters are allowed, got 121");
    assert_eq!(body["error"]["reasons"], json!({ "name": { "code": "too_long", "limit": 120 } }), "{body}");
}

/// The same Firebase user: someone signs up with an address they do not own (it is even the admin's), then the
/// address is verified. The account stays, becomes admin only now, and every token from before is revoked.
#[tokio::test]
async fn a_verified_address_revokes_older_tokens_and_only_then_grants_admin() {
    let email = unique("boss");
    let app = TestApp::builder().identity(Identity::Emulator).admin_emails(&[email.as_str()]).spawn().await;
    let (uid, squatter) = app.sign_up(&email, None).await;
    let (status, session) = app.open_session(&squatter, json!({ "accountType": "seller" })).await;
    assert_eq!((status, session["user"]["role"].as_str()), (200, Some("seller")), "an unverified admin address is no admin: {session}");
    let before = token_of(&session);
    assert_eq!(expect_json(me(&app, &before).await, 200, "me").await["role"], "seller");

    // `auth_time` is in whole seconds: the proof comes at least a second after the squatter's sign-in, as any
    // real one does.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let verified = verify_and_sign_in(&app, &email).await;
    let (status, promoted) = app.open_session(&verified, json!({ "accountType": "buyer" })).await;
    assert_eq!((status, promoted["user"]["role"].as_str()), (200, Some("admin")), "{promoted}");
    assert_eq!(promoted["user"]["id"], session["user"]["id"], "the same account");

    me_expecting(&app, &before, 401, "token_revoked").await;
    assert_eq!(expect_json(me(&app, &token_of(&promoted)).await, 200, "me").await["role"], "admin");
    let stored = app.store.account_by_firebase_uid(&uid).await.expect("lookup").expect("kept");
    assert!(stored.email_verified && stored.session_generation >= 1, "{stored:?}");

    // The squatter's ID token from before the proof opens nothing now, on the same identity, while the owner's does.
    let (status, body) = app.open_session(&squatter, json!({})).await;
    assert_eq!((status, body["error"]["code"].as_str()), (401, Some("sign_in_again")), "{body}");
    let (status, again) = app.open_session(&verified, json!({})).await;
    assert_eq!((status, &again["user"]["id"]), (200, &promoted["user"]["id"]), "{again}");
}

#[tokio::test]
async fn an_admin_whose_address_leaves_the_list_is_a_buyer_at_the_next_session() {
    let email = unique("former-admin");
    let listed = TestApp::builder().identity(Identity::Emulator).admin_emails(&[email.as_str()]).spawn().await;
    listed.sign_up(&email, None).await;
    let verified = verify_and_sign_in(&listed, &email).await;
    let (_, admin) = listed.open_session(&verified, json!({})).await;
    assert_eq!(admin["user"]["role"], "admin", "{admin}");

    // The same database, restarted with ADMIN_EMAILS no longer naming the address.
    let unlisted = TestApp::builder().identity(Identity::Emulator).sharing_database_with(&listed).spawn().await;
    expect_json(me(&unlisted, &token_of(&admin)).await, 200, "GET /api/me").await;
    let again = listed.emulator().sign_in_with_password(&email, PASSWORD).await.expect("signs in");
    let (status, demoted) = unlisted.open_session(&again, json!({})).await;
    assert_eq!((status, demoted["user"]["role"].as_str()), (200, Some("buyer")), "{demoted}");
    me_expecting(&unlisted, &token_of(&admin), 401, "token_revoked").await;
}

/// Two different Firebase users with one address: the one who never proved it opened a seller account and listed a
/// book; the proven owner signs in. The squatter's account closes, its listing is withdrawn, its tokens and its
/// identity are refused, and the owner gets the address with no admin role unless it is proven and listed.
#[tokio::test]
async fn the_proven_owner_of_an_address_takes_it_over_from_a_different_identity() {
    const PROJECT: &str = "puronoboi-prod";
    let forge = TokenForge::new();
    let certs = forge.serve_certs().await;
    let email = "owner@example.test";
    let app = TestApp::builder()
        .identity(Identity::Production { project_id: PROJECT.into(), certs_url: TokenForge::certs_url(&certs) })
        .admin_emails(&[email])
        .spawn()
        .await;
    let claims = |uid: &str, verified: bool, provider: &str| {
        let mut c = forge.claims(PROJECT, uid);
        c["email"] = json!(email);
        c["email_verified"] = json!(verified);
        c["firebase"] = json!({ "identities": { "email": [email] }, "sign_in_provider": provider });
        c
    };

    let squatter_token = forge.sign_rs256(&claims("squatter", false, "password"));
    let (status, squatter) = app.open_session(&squatter_token, json!({ "accountType": "seller" })).await;
    assert_eq!((status, squatter["user"]["role"].as_str()), (200, Some("seller")), "{squatter}");
    let squatter_id: AccountId = squatter["user"]["id"].as_str().expect("an id").parse().expect("a uuid");
    let poetry = category(&app.store, "Poetry").await;
    let listing = list(&app.store, book(squatter_id, &poetry, "Sonar Tori")).await;
    app.get_json(&format!("/api/books/{listing}"), 200).await;

    // Facebook's address is not proof: it cannot take the address over, nor become admin.
    let (status, body) = app.open_session(&forge.sign_rs256(&claims("facebook-user", true, "facebook.com")), json!({})).await;
    assert_eq!((status, body["error"]["code"].as_str()), (409, Some("email_taken")), "{body}");

    let owner_token = forge.sign_rs256(&claims("owner", true, "google.com"));
    let (status, owner) = app.open_session(&owner_token, json!({})).await;
    assert_eq!(status, 200, "{owner}");
    assert_eq!((owner["user"]["email"].as_str(), owner["user"]["role"].as_str()), (Some(email), Some("admin")), "proven and listed");
    assert_ne!(owner["user"]["id"], squatter["user"]["id"], "a new account for the owner");

    let closed = app.store.account_by_id(squatter_id).await.expect("lookup").expect("kept");
    assert_eq!(closed.closed.map(|c| c.reason), Some(ClosedReason::Superseded));
    let body = me_expecting(&app, &token_of(&squatter), 403, "account_deleted").await;
    assert_eq!(body["error"]["message"], "Forbidden Access");
    let (status, body) = app.open_session(&squatter_token, json!({})).await;
    assert_eq!((status, body["error"]["code"].as_str()), (403, Some("account_deleted")), "the squatter's identity is refused: {body}");
    let withdrawn = app.get_json(&format!("/api/books/{listing}"), 404).await;
    assert_eq!(withdrawn["error"]["code"], "book_not_found");
    assert_eq!(app.count("SELECT count(*) AS n FROM books WHERE status = 'withdrawn'").await, 1);

    let (status, again) = app.open_session(&owner_token, json!({})).await;
    assert_eq!((status, &again["user"]["id"]), (200, &owner["user"]["id"]), "the owner keeps the account");
    assert_eq!(app.count("SELECT count(*) AS n FROM accounts WHERE deleted_at IS NULL").await, 1);
}

#[tokio::test]
async fn a_second_identity_cannot_take_an_address_its_owner_already_proved() {
    let app = app().await;
    let email = unique("taken");
    app.sign_up(&email, None).await;
    let verified = verify_and_sign_in(&app, &email).await;
    let (status, first) = app.open_session(&verified, json!({})).await;
    assert_eq!(status, 200, "{first}");

    let (forge, _certs, production) = production_instance_sharing(&app).await;
    let mut claims = forge.claims("p", "someone-else");
    claims["email"] = json!(email);
    let (status, body) = production.open_session(&forge.sign_rs256(&claims), json!({})).await;
    assert_eq!((status, body["error"]["code"].as_str()), (409, Some("email_taken")), "{body}");
    expect_json(me(&app, &token_of(&first)).await, 200, "GET /api/me").await;
}

#[tokio::test]
async fn logout_ends_every_session_of_the_account() {
    let app = app().await;
    let email = unique("leaving");
    let (uid, id_token) = app.sign_up(&email, None).await;
    // Another device stays signed in to Firebase: it keeps a refresh token and renews its ID token from it.
    let laptop_firebase = app.emulator().sign_in(&email, PASSWORD).await.expect("signs in");
    let (_, phone) = app.open_session(&id_token, json!({})).await;
    let (_, laptop) = app.open_session(&laptop_firebase.id_token, json!({})).await;
    let response = app.client.post(app.url("/api/session/logout")).bearer_auth(token_of(&phone)).send().await.expect("answered");
    assert_eq!(response.status(), 204);
    assert_eq!(response.text().await.expect("a body"), "");

    for token in [token_of(&phone), token_of(&laptop)] {
        me_expecting(&app, &token, 401, "token_revoked").await;
    }
    let response = app.client.post(app.url("/api/session/logout")).bearer_auth(token_of(&phone)).send().await.expect("answered");
    assert_eq!(expect_json(response, 401, "logout again").await["error"]["code"], "token_revoked");

    // Neither an ID token from before the logout nor one the other device renews from its Firebase sign-in opens
    // a session: both come from sign-ins made before it.
    let renewed = app.emulator().refresh(&laptop_firebase.refresh_token).await.expect("the emulator renews it");
    for (what, stale) in [("the phone's ID token", &id_token), ("the laptop's renewed ID token", &renewed)] {
        let (status, body) = app.open_session(stale, json!({})).await;
        assert_eq!((status, body["error"]["code"].as_str()), (401, Some("sign_in_again")), "{what}: {body}");
        assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains("sign in again")), "{body}");
    }
    // Firebase itself was told: the user's tokens from before the logout are revoked on the emulator.
    assert!(!app.emulator().honours_id_token(&id_token).await.expect("the emulator answers"), "revoked at Firebase");
    let stored = app.store.account_by_firebase_uid(&uid).await.expect("lookup").expect("kept");
    let ended = stored.sessions_ended_at.expect("the end of its sign-ins is recorded");
    assert!(ended <= chrono::Utc::now() && ended.timestamp_subsec_nanos() == 0, "a whole second, already passed: {ended}");

    // Signing in again, at once, works.
    let fresh_id_token = app.emulator().sign_in_with_password(&email, PASSWORD).await.expect("signs in");
    let (status, fresh) = app.open_session(&fresh_id_token, json!({})).await;
    assert_eq!(status, 200, "signing in again works: {fresh}");
    expect_json(me(&app, &token_of(&fresh)).await, 200, "GET /api/me").await;
    assert!(app.emulator().honours_id_token(&fresh_id_token).await.expect("the emulator answers"));

    let response = app.client.post(app.url("/api/session/logout")).send().await.expect("answered");
    assert_eq!(expect_json(response, 401, "logout without a token").await["error"]["code"], "unauthenticated");
}

#[tokio::test]
async fn a_deleted_account_whose_address_was_proven_is_forbidden_on_every_call_and_at_every_sign_in() {
    let app = app().await;
    let email = unique("gone");
    let (uid, _) = app.sign_up(&email, None).await;
    let id_token = verify_and_sign_in(&app, &email).await;
    let (_, session) = app.open_session(&id_token, json!({})).await;
    let access = token_of(&session);
    expect_json(me(&app, &access).await, 200, "GET /api/me").await;

    let account = app.store.account_by_firebase_uid(&uid).await.expect("lookup").expect("opened");
    app.store.close_account(account.id, ClosedReason::DeletedByAdmin).await.expect("closes").expect("was live");

    let body = me_expecting(&app, &access, 403, "account_deleted").await;
    assert_eq!(body["error"]["message"], "Forbidden Access");
    let (status, body) = app.open_session(&id_token, json!({})).await;
    assert_eq!(
        (status, body["error"]["code"].as_str(), body["error"]["message"].as_str()),
        (403, Some("account_deleted"), Some("Forbidden Access"))
    );

    // Nobody comes back under the address: not a fresh sign-in, not a new identity, not even a verified one.
    let fresh = app.emulator().sign_in_with_password(&email, PASSWORD).await.expect("Firebase still signs them in");
    let (status, body) = app.open_session(&fresh, json!({})).await;
    assert_eq!((status, body["error"]["code"].as_str()), (403, Some("account_deleted")), "{body}");
    let (forge, _certs, production) = production_instance_sharing(&app).await;
    let mut claims = forge.claims("p", "returning");
    claims["email"] = json!(email.to_uppercase());
    claims["firebase"]["sign_in_provider"] = json!("google.com");
    let (status, body) = production.open_session(&forge.sign_rs256(&claims), json!({})).await;
    assert_eq!((status, body["error"]["code"].as_str()), (403, Some("account_deleted")), "{body}");
    assert_eq!(app.count("SELECT count(*) AS n FROM accounts").await, 1, "no account was opened");
}

#[tokio::test]
async fn calls_without_a_valid_access_token_are_unauthenticated() {
    let app = app().await;
    let no_token = expect_json(app.get("/api/me").await, 401, "GET /api/me").await;
    assert_eq!(no_token["error"]["code"], "unauthenticated");

    // A Firebase ID token is not an access token, and neither is anything signed with another secret.
    let (_, id_token) = app.sign_up(&unique("mixup"), None).await;
    me_expecting(&app, &id_token, 401, "unauthenticated").await;
    let other = puronoboi_app::tokens::SessionSecret::parse(&"0123456789abcdef".repeat(4)).expect("a secret");
    let foreign = puronoboi_app::tokens::AccessTokens::new(&other, std::time::Duration::from_secs(60))
        .expect("keys")
        .issue(AccountId::new(), 0)
        .expect("a token");
    me_expecting(&app, &foreign.token, 401, "unauthenticated").await;
    let basic = app.client.get(app.url("/api/me")).header("authorization", "Basic dXNlcjpwYXNz").send().await.expect("answered");
    assert_eq!(expect_json(basic, 401, "basic auth").await["error"]["code"], "unauthenticated");
}

#[tokio::test]
async fn an_expired_access_token_says_so() {
    let app = app().await;
    let (_, id_token) = app.sign_up(&unique("late"), None).await;
    let (_, session) = app.open_session(&id_token, json!({})).await;
    let claims = json!({
        "sub": session["user"]["id"], "gen": 0, "iss": "puronoboi", "aud": "puronoboi-api",
        "iat": unix_now() - 1000, "exp": unix_now() - 60,
    });
    let expired =
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(test_session_secret().as_bytes()))
            .expect("a token");
    me_expecting(&app, &expired, 401, "token_expired").await;
}

#[tokio::test]
async fn an_access_token_for_an_unknown_account_is_forbidden() {
    let app = app().await;
    let ghost = app.access_tokens().issue(AccountId::new(), 0).expect("a token");
    let body = me_expecting(&app, &ghost.token, 403, "account_deleted").await;
    assert_eq!(body["error"]["message"], "Forbidden Access");
}

#[tokio::test]
async fn sessions_are_unavailable_when_sign_in_is_not_configured() {
    let app = TestApp::spawn().await;
    let response = app.client.post(app.url("/api/session")).bearer_auth("anything").send().await.expect("answered");
    let body = expect_json(response, 503, "POST /api/session").await;
    assert_eq!(body["error"]["code"], "unavailable");
}

#[tokio::test]
async fn concurrent_first_sign_ins_of_one_identity_open_one_account() {
    let app = app().await;
    let email = unique("racer");
    let (_, id_token) = app.sign_up(&email, None).await;
    let attempts = (0..8).map(|_| app.open_session(&id_token, json!({ "accountType": "seller" })));
    let answers = futures_util::future::join_all(attempts).await;
    let ids: std::collections::HashSet<String> = answers
        .iter()
        .map(|(status, body)| {
            assert_eq!(*status, 200, "{body}");
            body["user"]["id"].as_str().expect("an id").to_owned()
        })
        .collect();
    assert_eq!(ids.len(), 1, "every racer got the same account");
    assert_eq!(app.count("SELECT count(*) AS n FROM accounts").await, 1);
}

/// Someone signs up with another person's address and never proves it; the admin deletes that account. The owner's
/// Google sign-in (which Firebase links to the identity the squatter made, keeping its uid) gets a fresh account;
/// the squatter's sign-ins stay refused, including the tokens their device renews, which now say "verified".
#[tokio::test]
async fn the_owner_of_an_address_gets_a_fresh_account_after_the_admin_deleted_a_squatter() {
    const ADMIN: &str = "boss@puronoboi.test";
    let app = TestApp::builder().identity(Identity::Emulator).admin_emails(&[ADMIN]).spawn().await;
    let admin = app.signed_in_verified(ADMIN, "buyer").await;
    let email = unique("owner");
    app.sign_up(&email, Some("Squatter")).await;
    let squatter_firebase = app.emulator().sign_in(&email, PASSWORD).await.expect("signs in");
    let (status, squatter) = app.open_session(&squatter_firebase.id_token, json!({ "accountType": "seller" })).await;
    assert_eq!(status, 200, "{squatter}");
    let squatter_id = squatter["user"]["id"].as_str().expect("an id").to_owned();
    let deleted =
        app.client.delete(app.url(&format!("/api/admin/accounts/{squatter_id}"))).bearer_auth(&admin).send().await.expect("answered");
    assert_eq!(deleted.status(), 204);
    let (status, body) = app.open_session(&squatter_firebase.id_token, json!({})).await;
    assert_eq!((status, body["error"]["code"].as_str()), (403, Some("account_deleted")), "{body}");

    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let owner_firebase = app.emulator().sign_in_with_google(&email, "google-owner-1").await.expect("signs in with Google");
    assert_eq!(owner_firebase.uid, squatter_firebase.uid, "Firebase linked Google to the squatter's identity");
    let (status, owner) = app.open_session(&owner_firebase.id_token, json!({})).await;
    assert_eq!(status, 200, "the owner gets in: {owner}");
    assert_ne!(owner["user"]["id"].as_str(), Some(squatter_id.as_str()), "a fresh account");
    assert_eq!((owner["user"]["email"].as_str(), owner["user"]["role"].as_str()), (Some(email.as_str()), Some("buyer")));
    expect_json(me(&app, &token_of(&owner)).await, 200, "GET /api/me").await;
    let (status, again) = app.open_session(&owner_firebase.id_token, json!({})).await;
    assert_eq!((status, &again["user"]["id"]), (200, &owner["user"]["id"]), "{again}");

    // The squatter's device renews its ID token: Firebase gives the same identity, whose address is verified now,
    // with the time of the squatter's own sign-in. (The emulator stamps renewed tokens with the user's latest
    // sign-in instead, so the renewal is made here from the squatter's token as Firebase would make it.)
    let renewed = as_renewed_after_verification(&squatter_firebase.id_token);
    let (status, body) = app.open_session(&renewed, json!({})).await;
    assert_eq!((status, body["error"]["code"].as_str()), (401, Some("sign_in_again")), "{body}");
    let (status, body) = app.open_session(&squatter_firebase.id_token, json!({})).await;
    assert_eq!((status, body["error"]["code"].as_str()), (403, Some("account_deleted")), "{body}");
    me_expecting(&app, &token_of(&squatter), 403, "account_deleted").await;
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM accounts WHERE lower(email) = '{email}'")).await, 2);
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM accounts WHERE lower(email) = '{email}' AND deleted_at IS NULL")).await, 1);
}

/// The same with two Firebase users sharing the address (a project that allows it): the owner's proven sign-in
/// opens a fresh account, and the squatter's identity, or any unproven one, stays refused.
#[tokio::test]
async fn with_another_identity_the_owner_also_gets_a_fresh_account_and_the_squatter_stays_refused() {
    let app = app().await;
    let email = unique("shared");
    let (_, squatter_token) = app.sign_up(&email, None).await;
    let (_, squatter) = app.open_session(&squatter_token, json!({ "accountType": "seller" })).await;
    let squatter_id: AccountId = squatter["user"]["id"].as_str().expect("an id").parse().expect("a uuid");
    app.store.close_account(squatter_id, ClosedReason::DeletedByAdmin).await.expect("closes").expect("was live");

    let (forge, _certs, production) = production_instance_sharing(&app).await;
    let claims = |uid: &str, verified: bool, provider: &str| {
        let mut c = forge.claims("p", uid);
        c["email"] = json!(email);
        c["email_verified"] = json!(verified);
        c["firebase"]["sign_in_provider"] = json!(provider);
        c
    };
    for (uid, verified, provider) in [("unproven", false, "password"), ("facebook", true, "facebook.com")] {
        let (status, body) = production.open_session(&forge.sign_rs256(&claims(uid, verified, provider)), json!({})).await;
        assert_eq!((status, body["error"]["code"].as_str()), (403, Some("account_deleted")), "{uid}: {body}");
    }
    let (status, owner) = production.open_session(&forge.sign_rs256(&claims("owner", true, "google.com")), json!({})).await;
    assert_eq!(status, 200, "{owner}");
    assert_ne!(owner["user"]["id"], squatter["user"]["id"]);
    let (status, body) = app.open_session(&squatter_token, json!({})).await;
    assert_eq!((status, body["error"]["code"].as_str()), (403, Some("account_deleted")), "{body}");
}

#[tokio::test]
async fn the_language_chosen_on_one_device_is_the_accounts_on_every_other() {
    let app = app().await;
    let email = unique("language");
    let token = app.signed_in(&email, "buyer").await;
    let before = expect_json(me(&app, &token).await, 200, "GET /api/me").await;
    assert_eq!(before["language"], Value::Null, "no language until the holder chooses: {before}");

    let set =
        |language: Value| app.client.put(app.url("/api/me/language")).bearer_auth(&token).json(&json!({ "language": language })).send();
    let chosen = expect_json(set(json!("bn")).await.expect("answered"), 200, "PUT /api/me/language").await;
    assert_eq!(chosen["language"], "bn", "{chosen}");

    // Another device: a new session of the same identity reads the account's choice.
    let id_token = app.emulator().sign_in_with_password(&email, PASSWORD).await.expect("signs in again");
    let (status, session) = app.open_session(&id_token, json!({})).await;
    assert_eq!(status, 200, "{session}");
    assert_eq!(session["user"]["language"], "bn", "{session}");

    // Only the two languages there are; a refused choice changes nothing.
    for bad in [json!("fr"), json!("BN"), json!(null), json!(1)] {
        let refused = expect_json(set(bad.clone()).await.expect("answered"), 400, "PUT /api/me/language").await;
        assert_eq!(refused["error"]["code"], "invalid_input", "{bad}: {refused}");
    }
    let after = expect_json(me(&app, &token).await, 200, "GET /api/me").await;
    assert_eq!(after["language"], "bn", "{after}");
}
