//! Sessions against the real Firebase Auth emulator: who gets which account and role, and who is turned away.

use puronoboi_ports::DemoIdentities as _;
use puronoboi_ports::DemoLogin;
use puronoboi_test_support::{Identity, TestApp, expect_json};
use serde_json::json;

async fn app() -> TestApp {
    TestApp::builder().identity(Identity::Emulator).spawn().await
}

fn unique(local: &str) -> String {
    format!("{local}-{}@puronoboi.test", uuid::Uuid::new_v4().simple())
}

async fn me(app: &TestApp, access_token: &str) -> reqwest::Response {
    app.client.get(app.url("/api/me")).bearer_auth(access_token).send().await.expect("answered")
}

#[tokio::test]
async fn signing_up_opens_a_buyer_account_with_the_email_from_the_token() {
    let app = app().await;
    let email = unique("farhana");
    let (_, id_token) = app.sign_up(&email, Some("Farhana")).await;
    let (status, session) = app.open_session(&id_token, json!({})).await;
    assert_eq!(status, 200, "{session}");
    assert_eq!(session["user"]["role"], "buyer");
    assert_eq!(session["user"]["email"], email.as_str());
    assert_eq!(session["user"]["name"], "Farhana");
    assert_eq!(session["user"]["verified"], false);
    assert!(session["expiresAt"].as_str().is_some_and(|t| !t.is_empty()));

    let token = session["accessToken"].as_str().expect("a token");
    let profile = expect_json(me(&app, token).await, 200, "GET /api/me").await;
    assert_eq!(profile, session["user"], "/api/me is the account the session opened");
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
    let (status, body) = app.open_session(&id_token, json!({ "accountType": "admin" })).await;
    assert_eq!((status, body["error"]["code"].as_str()), (400, Some("invalid_input")), "{body}");
    let (status, body) = app.open_session(&id_token, json!({ "email": "boss@puronoboi.test" })).await;
    assert_eq!((status, body["error"]["code"].as_str()), (400, Some("invalid_input")), "{body}");
    let (status, body) = app.open_session(&id_token, json!({ "role": "admin" })).await;
    assert_eq!(status, 400, "{body}");
}

#[tokio::test]
async fn admins_come_from_configuration_with_a_verified_email_only() {
    let email = unique("boss");
    let app = TestApp::builder().identity(Identity::Emulator).admin_emails(&[email.as_str()]).spawn().await;
    // Anyone can sign up with the admin's address; the identity provider leaves it unverified.
    let (_, squatter) = app.sign_up(&email, None).await;
    let (status, session) = app.open_session(&squatter, json!({})).await;
    assert_eq!((status, session["user"]["role"].as_str()), (200, Some("buyer")), "{session}");

    // Once the address is verified (its owner), the next session makes the same account an admin.
    let login = DemoLogin { email: email.clone(), password: "correct horse battery".into(), display_name: "Boss".into() };
    app.emulator().ensure_password_user(&login).await.expect("a verified identity");
    let id_token = app.emulator().sign_in_with_password(&email, "correct horse battery").await.expect("signs in");
    let (status, promoted) = app.open_session(&id_token, json!({ "accountType": "buyer" })).await;
    assert_eq!((status, promoted["user"]["role"].as_str()), (200, Some("admin")), "{promoted}");
    assert_eq!(promoted["user"]["id"], session["user"]["id"], "the same account, promoted");
}

#[tokio::test]
async fn a_deleted_account_is_forbidden_on_every_call() {
    let app = app().await;
    let email = unique("gone");
    let (_, id_token) = app.sign_up(&email, None).await;
    let (_, session) = app.open_session(&id_token, json!({})).await;
    let access = session["accessToken"].as_str().expect("a token").to_owned();
    assert_eq!(me(&app, &access).await.status(), 200);

    use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
    let mut conn = diesel_async::AsyncPgConnection::establish(&app.db.url).await.expect("connect");
    diesel::sql_query("UPDATE accounts SET deleted_at = now()").execute(&mut conn).await.expect("delete");

    let body = expect_json(me(&app, &access).await, 403, "GET /api/me").await;
    assert_eq!((body["error"]["code"].as_str(), body["error"]["message"].as_str()), (Some("forbidden"), Some("Forbidden Access")));
    let (status, body) = app.open_session(&id_token, json!({})).await;
    assert_eq!((status, body["error"]["message"].as_str()), (403, Some("Forbidden Access")), "a new session is refused too");
}

#[tokio::test]
async fn calls_without_a_valid_access_token_are_unauthorized() {
    let app = app().await;
    let no_token = expect_json(app.get("/api/me").await, 401, "GET /api/me").await;
    assert_eq!(no_token["error"]["code"], "unauthorized");

    // A Firebase ID token is not an access token, and neither is anything signed with another secret.
    let (_, id_token) = app.sign_up(&unique("mixup"), None).await;
    assert_eq!(me(&app, &id_token).await.status(), 401);
    let foreign = puronoboi_http::session::SessionKeys::new(&[9; 32], std::time::Duration::from_secs(60))
        .expect("keys")
        .issue(puronoboi_domain::AccountId::new())
        .expect("a token");
    assert_eq!(me(&app, &foreign.token).await.status(), 401);
    assert_eq!(
        app.client.get(app.url("/api/me")).header("authorization", "Basic dXNlcjpwYXNz").send().await.expect("answered").status(),
        401
    );
}

#[tokio::test]
async fn an_access_token_for_an_unknown_account_is_forbidden() {
    let app = app().await;
    let keys = app.session_keys.as_ref().expect("sign-in is configured");
    let ghost = keys.issue(puronoboi_domain::AccountId::new()).expect("a token");
    let body = expect_json(me(&app, &ghost.token).await, 403, "GET /api/me").await;
    assert_eq!(body["error"]["message"], "Forbidden Access");
}

#[tokio::test]
async fn sessions_are_unavailable_when_sign_in_is_not_configured() {
    let app = TestApp::spawn().await;
    let response = app.client.post(app.url("/api/session")).bearer_auth("anything").send().await.expect("answered");
    let body = expect_json(response, 503, "POST /api/session").await;
    assert_eq!(body["error"]["code"], "unavailable");
}
