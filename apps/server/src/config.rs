//! Configuration from the environment. Every variable is listed in the README.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use anyhow::{Context as _, bail};

#[derive(Debug, Clone)]
pub struct Config {
    pub database_url: String,
    pub database_pool_size: usize,
    pub listen: SocketAddr,
    pub web_dist: Option<PathBuf>,
    pub images_dir: PathBuf,
    pub seed_demo: bool,
    pub log_json: bool,
    pub identity: Option<IdentityConfig>,
    pub admin_emails: Vec<String>,
    pub imgbb_api_key: Option<String>,
}

/// Sign-in: a Firebase project (or the local emulator) plus the secret our access tokens are signed with.
#[derive(Debug, Clone)]
pub struct IdentityConfig {
    pub project_id: String,
    /// Set: the Firebase Auth emulator at this host:port (only with a `demo-` project).
    pub emulator_host: Option<String>,
    /// Where browsers reach the emulator; defaults to http://<emulator host>.
    pub emulator_public_url: Option<String>,
    pub web_api_key: String,
    pub auth_domain: String,
    pub session_secret: String,
    pub session_ttl: std::time::Duration,
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
        Ok(Self {
            database_url,
            database_pool_size,
            listen: SocketAddr::new(host, port),
            web_dist,
            images_dir: PathBuf::from(var("IMAGES_DIR").unwrap_or_else(|| "var/images".to_owned())),
            seed_demo: flag("SEED_DEMO")?,
            log_json: var("LOG_FORMAT").is_some_and(|f| f.eq_ignore_ascii_case("json")),
            identity: IdentityConfig::from_env()?,
            admin_emails: var("ADMIN_EMAILS")
                .map(|v| v.split(',').map(|e| e.trim().to_owned()).filter(|e| !e.is_empty()).collect())
                .unwrap_or_default(),
            imgbb_api_key: var("IMGBB_API_KEY"),
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
        let session_secret =
            var("SESSION_SECRET").context("SESSION_SECRET must be set when sign-in is configured (64 random hex characters)")?;
        let session_ttl_seconds: u64 = var("SESSION_TTL_SECONDS")
            .unwrap_or_else(|| "900".to_owned())
            .parse()
            .context("SESSION_TTL_SECONDS must be a number of seconds")?;
        if !(60..=86_400).contains(&session_ttl_seconds) {
            bail!("SESSION_TTL_SECONDS must be between 60 and 86400");
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
            session_ttl: std::time::Duration::from_secs(session_ttl_seconds),
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
