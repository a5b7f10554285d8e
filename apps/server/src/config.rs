//! Configuration from the environment. Every variable is listed in the README. Secrets never show in Debug output.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context as _, bail};
use puronoboi_app::tokens::{AccessTokens, SessionSecret};
use puronoboi_app::uploads::Uploads;
use puronoboi_domain::Email;

/// A value that must never reach a log line: Debug prints only that it is there.
#[derive(Clone, PartialEq, Eq)]
pub struct Redacted<T>(pub T);

impl<T> fmt::Debug for Redacted<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    /// Carries the database password.
    pub database_url: Redacted<String>,
    pub database_pool_size: usize,
    pub listen: SocketAddr,
    pub web_dist: Option<PathBuf>,
    pub images_dir: PathBuf,
    pub seed_demo: bool,
    pub log_json: bool,
    pub identity: Option<IdentityConfig>,
    pub admin_emails: Vec<Email>,
    pub imgbb_api_key: Option<Redacted<String>>,
    /// Send `Strict-Transport-Security` (deployments behind HTTPS).
    pub hsts: bool,
    /// Pictures one account may upload per minute, across every server instance.
    pub upload_rate_per_minute: NonZeroU32,
}

/// Sign-in: a Firebase project (or the local emulator) plus the secret our access tokens are signed with.
#[derive(Debug, Clone)]
pub struct IdentityConfig {
    pub project_id: String,
    /// Set: the Firebase Auth emulator at this host:port (only with a `demo-` project, on loopback).
    pub emulator_host: Option<String>,
    /// Where browsers reach the emulator; defaults to http://<emulator host>.
    pub emulator_public_url: Option<String>,
    pub web_api_key: String,
    pub auth_domain: String,
    pub session_secret: SessionSecret,
    pub session_ttl: Duration,
}

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        let database_url = var("DATABASE_URL").context(
            "DATABASE_URL is not set. `just run` sets it for the embedded database; otherwise point it at PostgreSQL, \
             e.g. postgres://user:password@host:5432/puronoboi",
        )?;
        let host: IpAddr = var("HOST").unwrap_or_else(|| "0.0.0.0".to_owned()).parse().context("HOST must be an IP address")?;
        let port: u16 = var("PORT").unwrap_or_else(|| "8080".to_owned()).parse().context("PORT must be a port number")?;
        let database_pool_size: usize =
            var("DATABASE_POOL_SIZE").unwrap_or_else(|| "10".to_owned()).parse().context("DATABASE_POOL_SIZE must be a number")?;
        if database_pool_size == 0 {
            bail!("DATABASE_POOL_SIZE must be at least 1");
        }
        let web_dist = match var("WEB_DIST_DIR") {
            Some(dir) => Some(PathBuf::from(dir)),
            None => Some(PathBuf::from("apps/web/dist")).filter(|d| d.join("index.html").is_file()),
        };
        if let Some(dir) = &web_dist
            && !dir.join("index.html").is_file()
        {
            bail!("WEB_DIST_DIR={} has no index.html; build the web app first (`just web-build`)", dir.display());
        }
        let upload_rate: u32 = var("UPLOAD_RATE_PER_MINUTE")
            .unwrap_or_else(|| Uploads::DEFAULT_PER_MINUTE.to_string())
            .parse()
            .context("UPLOAD_RATE_PER_MINUTE must be a whole number")?;
        let upload_rate_per_minute = NonZeroU32::new(upload_rate).context("UPLOAD_RATE_PER_MINUTE must be at least 1")?;
        let identity = IdentityConfig::from_env()?;
        if identity.as_ref().is_some_and(|i| i.emulator_host.is_some()) && !host.is_loopback() {
            bail!(
                "HOST={host} with FIREBASE_AUTH_EMULATOR_HOST set: the emulator's identity tokens are unsigned, so anyone who \
                 can reach this server could sign in as anybody. Listen on a loopback address (HOST=127.0.0.1) or use a real \
                 Firebase project."
            );
        }
        let admin_emails = var("ADMIN_EMAILS")
            .map(|v| {
                v.split(',')
                    .map(str::trim)
                    .filter(|e| !e.is_empty())
                    .map(|e| Email::parse(e).with_context(|| format!("ADMIN_EMAILS holds {e:?}, which is not an e-mail address")))
                    .collect::<anyhow::Result<Vec<_>>>()
            })
            .transpose()?
            .unwrap_or_default();
        Ok(Self {
            database_url: Redacted(database_url),
            database_pool_size,
            listen: SocketAddr::new(host, port),
            web_dist,
            images_dir: PathBuf::from(var("IMAGES_DIR").unwrap_or_else(|| "var/images".to_owned())),
            seed_demo: flag("SEED_DEMO")?,
            log_json: var("LOG_FORMAT").is_some_and(|f| f.eq_ignore_ascii_case("json")),
            identity,
            admin_emails,
            imgbb_api_key: var("IMGBB_API_KEY").map(Redacted),
            hsts: flag("HSTS")?,
            upload_rate_per_minute,
        })
    }
}

impl IdentityConfig {
    fn from_env() -> anyhow::Result<Option<Self>> {
        let Some(project_id) = var("FIREBASE_PROJECT_ID") else {
            if var("FIREBASE_AUTH_EMULATOR_HOST").is_some() {
                bail!("FIREBASE_AUTH_EMULATOR_HOST is set but FIREBASE_PROJECT_ID is not");
            }
            return Ok(None);
        };
        let emulator_host = var("FIREBASE_AUTH_EMULATOR_HOST");
        let raw_secret =
            var("SESSION_SECRET").context("SESSION_SECRET must be set when sign-in is configured (use `openssl rand -hex 32`)")?;
        let session_secret = SessionSecret::parse(&raw_secret)?;
        let default_ttl = AccessTokens::DEFAULT_TTL.as_secs().to_string();
        let session_ttl_seconds: u64 =
            var("SESSION_TTL_SECONDS").unwrap_or(default_ttl).parse().context("SESSION_TTL_SECONDS must be a number of seconds")?;
        let session_ttl = Duration::from_secs(session_ttl_seconds);
        if !(AccessTokens::MIN_TTL..=AccessTokens::MAX_TTL).contains(&session_ttl) {
            bail!("SESSION_TTL_SECONDS must be between {} and {}", AccessTokens::MIN_TTL.as_secs(), AccessTokens::MAX_TTL.as_secs());
        }
        let web_api_key = match (&emulator_host, var("FIREBASE_WEB_API_KEY")) {
            (_, Some(key)) => key,
            // The emulator accepts any key.
            (Some(_), None) => "fake-api-key".to_owned(),
            (None, None) => bail!("FIREBASE_WEB_API_KEY must be set for a real Firebase project (the web app's apiKey)"),
        };
        Ok(Some(Self {
            auth_domain: var("FIREBASE_AUTH_DOMAIN").unwrap_or_else(|| format!("{project_id}.firebaseapp.com")),
            emulator_public_url: var("FIREBASE_EMULATOR_PUBLIC_URL").or_else(|| emulator_host.as_ref().map(|h| format!("http://{h}"))),
            project_id,
            emulator_host,
            web_api_key,
            session_secret,
            session_ttl,
        }))
    }
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn flag(name: &str) -> anyhow::Result<bool> {
    match var(name).as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("0" | "false" | "no") => Ok(false),
        Some("1" | "true" | "yes") => Ok(true),
        Some(other) => bail!("{name} must be true or false, got {other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_never_shows_a_secret() {
        let config = Config {
            database_url: Redacted("postgres://app:hunter2-db-password@db:5432/puronoboi".into()),
            database_pool_size: 10,
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            web_dist: None,
            images_dir: PathBuf::from("var/images"),
            seed_demo: false,
            log_json: false,
            identity: Some(IdentityConfig {
                project_id: "demo-puronoboi".into(),
                emulator_host: None,
                emulator_public_url: None,
                web_api_key: "web-key".into(),
                auth_domain: "x".into(),
                session_secret: SessionSecret::parse("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff").expect("valid"),
                session_ttl: Duration::from_secs(900),
            }),
            admin_emails: vec![],
            imgbb_api_key: Some(Redacted("imgbb-secret-key".into())),
            hsts: false,
            upload_rate_per_minute: NonZeroU32::MIN,
        };
        let printed = format!("{config:?}");
        for secret in ["hunter2-db-password", "imgbb-secret-key", "0011223344", "ccddeeff"] {
            assert!(!printed.contains(secret), "{secret} leaked: {printed}");
        }
    }
}
