//! `FirebaseAdmin`: the `IdentityAdmin` port over Firebase's Identity Toolkit Admin API: revoking a user's refresh
//! tokens, as the Admin SDK's `revokeRefreshTokens` does (`accounts:update` with `validSince`, so that every
//! refresh token issued before stops working).
//!
//! Two ways to be allowed to call it:
//! - **A service account** (production): its JSON key file signs a JWT (RS256) that Google's OAuth2 token endpoint
//!   (the key's `token_uri`) exchanges for an access token; the access token is cached until shortly before it
//!   expires, so a logout normally costs one call.
//! - **The Auth emulator** (local runs and tests): it takes `Bearer owner` as the project owner's credential.

use std::fmt;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{Context as _, anyhow, bail};
use async_trait::async_trait;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::crypto::rust_crypto::DEFAULT_PROVIDER;
use jsonwebtoken::{Algorithm, EncodingKey};
use puronoboi_ports::identity::IdentityAdmin;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::config::{self, ConfigError};

/// Where Google serves the Identity Toolkit API.
pub const IDENTITY_TOOLKIT_URL: &str = "https://identitytoolkit.googleapis.com";
/// What the access token may do: manage the project's users.
const SCOPES: &str = "https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/identitytoolkit";
/// Google grants access tokens for an hour; ours is renewed this long before it runs out.
const RENEW_BEFORE_EXPIRY: Duration = Duration::from_secs(5 * 60);
const CALL_TIMEOUT: Duration = Duration::from_secs(10);
/// The Auth emulator's credential for the project owner.
const OWNER_BEARER: &str = "Bearer owner";

/// The parts of a service account's JSON key file that sign in to Google.
#[derive(Clone, Deserialize)]
pub struct ServiceAccountKey {
    pub client_email: String,
    pub private_key: String,
    #[serde(default)]
    pub private_key_id: Option<String>,
    pub token_uri: String,
    #[serde(default)]
    pub project_id: Option<String>,
}

impl fmt::Debug for ServiceAccountKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServiceAccountKey")
            .field("client_email", &self.client_email)
            .field("project_id", &self.project_id)
            .field("token_uri", &self.token_uri)
            .finish_non_exhaustive()
    }
}

impl ServiceAccountKey {
    /// Reads a key file as the Firebase console downloads it (Project settings, Service accounts, Generate new
    /// private key). Errors: unreadable, not a service account key, or a key that cannot sign RS256.
    pub fn from_file(path: &Path) -> anyhow::Result<Self> {
        let raw = std::fs::read(path).with_context(|| format!("reading the service account key file {}", path.display()))?;
        Self::from_json(&raw).with_context(|| format!("the service account key file {}", path.display()))
    }

    pub fn from_json(raw: &[u8]) -> anyhow::Result<Self> {
        let key: Self = serde_json::from_slice(raw).context("not a service account key (client_email, private_key and token_uri)")?;
        EncodingKey::from_rsa_pem(key.private_key.as_bytes()).context("its private_key is not an RSA key in PEM")?;
        let token_uri = reqwest::Url::parse(&key.token_uri).context("its token_uri is not a URL")?;
        if !matches!(token_uri.scheme(), "https" | "http") {
            bail!("its token_uri is not an http(s) URL");
        }
        Ok(key)
    }
}

/// Revokes Firebase users' refresh tokens.
pub struct FirebaseAdmin {
    http: reqwest::Client,
    /// `.../v1/projects/<project>/accounts:update`
    update_url: String,
    auth: Auth,
}

enum Auth {
    Emulator,
    ServiceAccount(Box<ServiceAccount>),
}

struct ServiceAccount {
    key: ServiceAccountKey,
    signing_key: EncodingKey,
    cached: tokio::sync::Mutex<Option<AccessToken>>,
}

struct AccessToken {
    value: String,
    renew_at: SystemTime,
}

#[derive(Deserialize)]
struct TokenResponse {
    access_token: String,
    #[serde(default)]
    expires_in: Option<u64>,
}

impl FirebaseAdmin {
    /// Against the Auth emulator at `emulator_host` (`host:port`), for a `demo-` project only.
    pub fn emulator(project_id: &str, emulator_host: &str, http: reqwest::Client) -> Result<Self, ConfigError> {
        config::check_emulator(project_id, emulator_host)?;
        let base = format!("http://{emulator_host}/identitytoolkit.googleapis.com");
        Ok(Self { http, update_url: update_url(&base, project_id), auth: Auth::Emulator })
    }

    /// Against Google's Identity Toolkit at `api_base` (normally [`IDENTITY_TOOLKIT_URL`]) with a service account.
    /// Errors: the key names another project than `project_id`, or its private key cannot sign.
    pub fn service_account(project_id: &str, key: ServiceAccountKey, api_base: &str, http: reqwest::Client) -> anyhow::Result<Self> {
        config::check_project_id(project_id)?;
        if let Some(key_project) = key.project_id.as_deref().filter(|p| *p != project_id) {
            bail!("the service account key belongs to the Firebase project {key_project:?}, not {project_id:?} (FIREBASE_PROJECT_ID)");
        }
        let signing_key = EncodingKey::from_rsa_pem(key.private_key.as_bytes()).context("the service account's private key")?;
        Ok(Self {
            http,
            update_url: update_url(api_base.trim_end_matches('/'), project_id),
            auth: Auth::ServiceAccount(Box::new(ServiceAccount { key, signing_key, cached: tokio::sync::Mutex::new(None) })),
        })
    }

    async fn authorization(&self) -> anyhow::Result<String> {
        let Auth::ServiceAccount(account) = &self.auth else { return Ok(OWNER_BEARER.to_owned()) };
        let ServiceAccount { key, signing_key, cached } = account.as_ref();
        // Held across the exchange, so that concurrent logouts wait for one token instead of each fetching one.
        let mut cached = cached.lock().await;
        let now = SystemTime::now();
        if let Some(token) = cached.as_ref().filter(|t| now < t.renew_at) {
            return Ok(format!("Bearer {}", token.value));
        }
        let token = fetch_access_token(&self.http, key, signing_key, now).await?;
        let bearer = format!("Bearer {}", token.value);
        *cached = Some(token);
        Ok(bearer)
    }
}

fn update_url(base: &str, project_id: &str) -> String {
    format!("{base}/v1/projects/{project_id}/accounts:update")
}

fn unix(at: SystemTime) -> u64 {
    at.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Google's two-legged OAuth for service accounts: a JWT signed with the account's key, exchanged for an access
/// token (RFC 7523).
async fn fetch_access_token(
    http: &reqwest::Client,
    key: &ServiceAccountKey,
    signing_key: &EncodingKey,
    now: SystemTime,
) -> anyhow::Result<AccessToken> {
    let issued = unix(now);
    let mut header = json!({ "alg": "RS256", "typ": "JWT" });
    if let Some(kid) = &key.private_key_id {
        header["kid"] = json!(kid);
    }
    let claims = json!({
        "iss": key.client_email, "scope": SCOPES, "aud": key.token_uri, "iat": issued, "exp": issued + 3600,
    });
    let assertion = sign_rs256(&header, &claims, signing_key)?;
    let body = format!("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion={assertion}");
    let response = http
        .post(&key.token_uri)
        .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(body)
        .timeout(CALL_TIMEOUT)
        .send()
        .await
        .context("calling Google's OAuth token endpoint")?;
    let status = response.status();
    let bytes = response.bytes().await.context("reading Google's OAuth token answer")?;
    if !status.is_success() {
        bail!("Google's OAuth token endpoint refused the service account: {status} {}", excerpt(&bytes));
    }
    let answer: TokenResponse = serde_json::from_slice(&bytes).context("Google's OAuth token answer has no access_token")?;
    let lifetime = Duration::from_secs(answer.expires_in.unwrap_or(3600));
    let renew_at = now + lifetime.saturating_sub(RENEW_BEFORE_EXPIRY);
    Ok(AccessToken { value: answer.access_token, renew_at })
}

/// Signs with the RustCrypto provider by name (jsonwebtoken's process-wide default panics when its features unify
/// to both backends or neither).
fn sign_rs256(header: &Value, claims: &Value, key: &EncodingKey) -> anyhow::Result<String> {
    let encode = |value: &Value| serde_json::to_vec(value).map(|bytes| URL_SAFE_NO_PAD.encode(bytes));
    let signing_input = format!("{}.{}", encode(header)?, encode(claims)?);
    let signer = (DEFAULT_PROVIDER.signer_factory)(&Algorithm::RS256, key).map_err(|e| anyhow!("an RS256 signer: {e}"))?;
    let signature = signer.try_sign(signing_input.as_bytes()).map_err(|e| anyhow!("signing the OAuth assertion: {e}"))?;
    Ok(format!("{signing_input}.{}", URL_SAFE_NO_PAD.encode(signature)))
}

/// The start of an error answer, for logs: Google's errors are short JSON.
fn excerpt(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).chars().take(300).collect()
}

#[async_trait]
impl IdentityAdmin for FirebaseAdmin {
    async fn revoke_sign_ins(&self, uid: &str) -> Result<(), anyhow::Error> {
        let authorization = self.authorization().await?;
        // As the Admin SDK does: refresh tokens issued before this second stop working.
        let body = json!({ "localId": uid, "validSince": unix(SystemTime::now()).to_string() });
        let response = self
            .http
            .post(&self.update_url)
            .header(reqwest::header::AUTHORIZATION, authorization)
            .json(&body)
            .timeout(CALL_TIMEOUT)
            .send()
            .await
            .context("calling the Identity Toolkit's accounts:update")?;
        let status = response.status();
        if !status.is_success() {
            let bytes = response.bytes().await.unwrap_or_default();
            bail!("the Identity Toolkit refused to revoke the user's refresh tokens: {status} {}", excerpt(&bytes));
        }
        Ok(())
    }
}

impl fmt::Debug for FirebaseAdmin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("FirebaseAdmin");
        s.field("update_url", &self.update_url);
        match &self.auth {
            Auth::Emulator => s.field("auth", &"emulator owner"),
            Auth::ServiceAccount(account) => s.field("auth", &account.key.client_email),
        };
        s.finish_non_exhaustive()
    }
}
