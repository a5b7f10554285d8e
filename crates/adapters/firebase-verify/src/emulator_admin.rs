//! `EmulatorAdmin`: demo sign-ins on the local Firebase Auth emulator over its REST API (the `DemoIdentities` port),
//! and real emulator ID tokens for tests of the whole app.

use anyhow::{Context as _, anyhow};
use async_trait::async_trait;
use puronoboi_ports::identity::{DemoIdentities, DemoLogin};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::config::{self, ConfigError};

/// The emulator accepts any API key; the client SDKs send this one.
const API_KEY: &str = "fake-api-key";
/// The emulator treats this bearer token as the project owner (the Admin SDK's credential).
const OWNER_BEARER: &str = "Bearer owner";

/// Talks to the Auth emulator at `http://<emulator_host>` for one `demo-` project.
#[derive(Debug, Clone)]
pub struct EmulatorAdmin {
    http: reqwest::Client,
    base_url: String,
    project_id: String,
}

/// An emulator answer: an API error carries the emulator's message (`EMAIL_EXISTS`, `INVALID_PASSWORD : ...`).
#[derive(Debug, thiserror::Error)]
enum CallError {
    #[error("the Auth emulator refused {endpoint}: {status} {message}")]
    Api { endpoint: &'static str, status: reqwest::StatusCode, message: String },
    #[error(transparent)]
    Transport(#[from] anyhow::Error),
}

impl CallError {
    fn is(&self, code: &str) -> bool {
        matches!(self, Self::Api { message, .. } if message.split([' ', ':']).next() == Some(code))
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TokenResponse {
    local_id: String,
    id_token: String,
    #[serde(default)]
    refresh_token: String,
}

/// A sign-in on the emulator: the user, an ID token and the refresh token a device keeps.
#[derive(Debug, Clone)]
pub struct EmulatorSignIn {
    pub uid: String,
    pub id_token: String,
    pub refresh_token: String,
}

impl From<TokenResponse> for EmulatorSignIn {
    fn from(r: TokenResponse) -> Self {
        Self { uid: r.local_id, id_token: r.id_token, refresh_token: r.refresh_token }
    }
}

#[derive(Debug, Deserialize)]
struct RefreshResponse {
    id_token: String,
}

#[derive(Debug, Deserialize)]
struct LookupResponse {
    #[serde(default)]
    users: Vec<LookupUser>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct LookupUser {
    local_id: String,
}

impl EmulatorAdmin {
    /// Errors like [`crate::FirebaseVerifier::from_mode`] in emulator mode: the project must start with `demo-` and
    /// the host (`host:port`) must be given, so that this can never create users on a real project.
    pub fn new(project_id: impl Into<String>, emulator_host: impl Into<String>, http: reqwest::Client) -> Result<Self, ConfigError> {
        let (project_id, emulator_host) = (project_id.into(), emulator_host.into());
        config::check_emulator(&project_id, &emulator_host)?;
        Ok(Self { http, base_url: format!("http://{emulator_host}"), project_id })
    }

    pub fn project_id(&self) -> &str {
        &self.project_id
    }

    /// Creates an e-mail/password user and answers `(uid, ID token)`. Fails if the e-mail is taken.
    pub async fn sign_up(&self, email: &str, password: &str, display_name: Option<&str>) -> anyhow::Result<(String, String)> {
        let response = self.sign_up_call(email, password, display_name).await?;
        Ok((response.local_id, response.id_token))
    }

    /// Signs an existing e-mail/password user in and answers a fresh (unsigned, emulator) ID token.
    pub async fn sign_in_with_password(&self, email: &str, password: &str) -> anyhow::Result<String> {
        Ok(self.sign_in_call(email, password).await?.id_token)
    }

    /// Signs an existing e-mail/password user in, keeping the refresh token as a device does.
    pub async fn sign_in(&self, email: &str, password: &str) -> anyhow::Result<EmulatorSignIn> {
        Ok(self.sign_in_call(email, password).await?.into())
    }

    /// Signs in with Google as `email` (Google's user `google_subject`), as the web app's Google button does
    /// through the emulator. Like Firebase, the emulator links it to an existing user with that address whose
    /// address was never verified, keeping that user's uid.
    pub async fn sign_in_with_google(&self, email: &str, google_subject: &str) -> anyhow::Result<EmulatorSignIn> {
        use base64::Engine as _;
        let encode = |v: &Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string());
        // The emulator takes an unsigned Google ID token.
        let google_token = format!(
            "{}.{}.",
            encode(&json!({ "alg": "none", "typ": "JWT" })),
            encode(
                &json!({ "sub": google_subject, "email": email, "email_verified": true, "iss": "https://accounts.google.com", "aud": "puronoboi" })
            )
        );
        let body = json!({
            "postBody": format!("id_token={google_token}&providerId=google.com"),
            "requestUri": "http://localhost", "returnSecureToken": true, "returnIdpCredential": true,
        });
        let response: TokenResponse = self.call("accounts:signInWithIdp", &self.public_url("accounts:signInWithIdp"), &body, false).await?;
        Ok(response.into())
    }

    /// A fresh ID token from a refresh token, as a signed-in device renews it. It keeps the sign-in's `auth_time`.
    pub async fn refresh(&self, refresh_token: &str) -> anyhow::Result<String> {
        let url = format!("{}/securetoken.googleapis.com/v1/token?key={API_KEY}", self.base_url);
        let body = json!({ "grant_type": "refresh_token", "refresh_token": refresh_token });
        let response: RefreshResponse = self.call("token", &url, &body, false).await?;
        Ok(response.id_token)
    }

    /// Whether the emulator still honours this ID token for the user's own calls (`accounts:lookup`); it stops
    /// once the user's tokens were revoked after the token was issued (`TOKEN_EXPIRED`).
    pub async fn honours_id_token(&self, id_token: &str) -> anyhow::Result<bool> {
        match self.call::<Value>("accounts:lookup", &self.public_url("accounts:lookup"), &json!({ "idToken": id_token }), false).await {
            Ok(_) => Ok(true),
            Err(error) if error.is("TOKEN_EXPIRED") => Ok(false),
            Err(error) => Err(error.into()),
        }
    }

    async fn sign_up_call(&self, email: &str, password: &str, display_name: Option<&str>) -> Result<TokenResponse, CallError> {
        let mut body = json!({ "email": email, "password": password, "returnSecureToken": true });
        if let Some(name) = display_name {
            body["displayName"] = json!(name);
        }
        self.call("accounts:signUp", &self.public_url("accounts:signUp"), &body, false).await
    }

    async fn sign_in_call(&self, email: &str, password: &str) -> Result<TokenResponse, CallError> {
        let body = json!({ "email": email, "password": password, "returnSecureToken": true });
        self.call("accounts:signInWithPassword", &self.public_url("accounts:signInWithPassword"), &body, false).await
    }

    async fn uid_by_email(&self, email: &str) -> Result<String, CallError> {
        let response: LookupResponse =
            self.call("accounts:lookup", &self.admin_url("accounts:lookup"), &json!({ "email": [email] }), true).await?;
        let user = response.users.into_iter().next().ok_or_else(|| anyhow!("the Auth emulator has no user with this e-mail"))?;
        Ok(user.local_id)
    }

    async fn update(&self, body: &Value) -> Result<(), CallError> {
        let _: Value = self.call("accounts:update", &self.admin_url("accounts:update"), body, true).await?;
        Ok(())
    }

    fn public_url(&self, method: &str) -> String {
        format!("{}/identitytoolkit.googleapis.com/v1/{method}?key={API_KEY}", self.base_url)
    }

    fn admin_url(&self, method: &str) -> String {
        format!("{}/identitytoolkit.googleapis.com/v1/projects/{}/{method}", self.base_url, self.project_id)
    }

    async fn call<T: DeserializeOwned>(&self, endpoint: &'static str, url: &str, body: &Value, as_owner: bool) -> Result<T, CallError> {
        let mut request = self.http.post(url).json(body);
        if as_owner {
            request = request.header(reqwest::header::AUTHORIZATION, OWNER_BEARER);
        }
        let response = request.send().await.with_context(|| format!("calling the Auth emulator's {endpoint} at {}", self.base_url))?;
        let status = response.status();
        let bytes = response.bytes().await.with_context(|| format!("reading the Auth emulator's {endpoint} answer"))?;
        if !status.is_success() {
            let message = serde_json::from_slice::<Value>(&bytes)
                .ok()
                .and_then(|v| v.pointer("/error/message").and_then(Value::as_str).map(str::to_owned))
                .unwrap_or_else(|| String::from_utf8_lossy(&bytes).chars().take(200).collect());
            return Err(CallError::Api { endpoint, status, message });
        }
        Ok(serde_json::from_slice(&bytes).with_context(|| format!("the Auth emulator's {endpoint} answer is not what it should be"))?)
    }
}

#[async_trait]
impl DemoIdentities for EmulatorAdmin {
    /// Idempotent: signs up; if the e-mail exists, signs in; if the password differs, resets it (a password change
    /// revokes the user's sessions, so it is only made when needed). Then sets `emailVerified` and the display name.
    async fn ensure_password_user(&self, login: &DemoLogin) -> Result<String, anyhow::Error> {
        let uid = match self.sign_up_call(&login.email, &login.password, Some(&login.display_name)).await {
            Ok(created) => created.local_id,
            Err(error) if error.is("EMAIL_EXISTS") => match self.sign_in_call(&login.email, &login.password).await {
                Ok(signed_in) => signed_in.local_id,
                Err(error) if error.is("INVALID_PASSWORD") || error.is("INVALID_LOGIN_CREDENTIALS") => {
                    let uid = self.uid_by_email(&login.email).await?;
                    self.update(&json!({ "localId": uid, "password": login.password })).await?;
                    uid
                }
                Err(error) => return Err(error.into()),
            },
            Err(error) => return Err(error.into()),
        };
        self.update(&json!({ "localId": uid, "emailVerified": true, "displayName": login.display_name }))
            .await
            .context("marking the demo user's e-mail verified")?;
        Ok(uid)
    }
}
