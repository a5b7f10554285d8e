//! Configuration from the environment. Every variable is listed in the README. Secrets never show in Debug output.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context as _, bail};
use puronoboi_app::tokens::{AccessTokens, SessionSecret};
use puronoboi_app::uploads::Uploads;
use puronoboi_domain::{Email, Taka};

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
    /// Where Prometheus scrapes GET /metrics; `None` (METRICS_ADDR unset): no metrics are kept or served.
    pub metrics_listen: Option<SocketAddr>,
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
    /// Card payments through Stripe (or localstripe); `None` when not configured.
    pub stripe: Option<StripeSettings>,
    /// The lowest price, in taka, offered for card payment (Stripe refuses charges under about US$0.50).
    pub card_minimum: Taka,
    /// How long an unpaid order holds its book before it expires.
    pub order_hold: Duration,
    /// Memory for copies of public catalogue reads, in MiB; 0 turns the cache off (every read asks the database).
    pub read_cache_mib: u64,
}

/// Stripe: the keys, where its API is (localstripe locally), and where browsers load Stripe.js from.
#[derive(Debug, Clone)]
pub struct StripeSettings {
    pub secret_key: Redacted<String>,
    pub publishable_key: String,
    pub webhook_secret: Redacted<String>,
    pub api_base: String,
    pub js_url: String,
}

impl StripeSettings {
    const API: &str = "https://api.stripe.com";
    const JS: &str = "https://js.stripe.com/v3/";

    fn from_env() -> anyhow::Result<Option<Self>> {
        let Some(secret_key) = var("STRIPE_SECRET_KEY") else {
            for dependent in ["STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE", "STRIPE_JS_URL"] {
                if var(dependent).is_some() {
                    bail!("{dependent} is set but STRIPE_SECRET_KEY is not");
                }
            }
            return Ok(None);
        };
        if !secret_key.starts_with("sk_") && !secret_key.starts_with("rk_") {
            bail!("STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_..., sk_test_... or a restricted rk_... key)");
        }
        let publishable_key = var("STRIPE_PUBLISHABLE_KEY").context("STRIPE_PUBLISHABLE_KEY must be set with STRIPE_SECRET_KEY")?;
        if !publishable_key.starts_with("pk_") {
            bail!("STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_...)");
        }
        let webhook_secret = var("STRIPE_WEBHOOK_SECRET")
            .context("STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY (the endpoint's signing secret, whsec_...)")?;
        let api_base = var("STRIPE_API_BASE").unwrap_or_else(|| Self::API.to_owned()).trim_end_matches('/').to_owned();
        if !api_base.starts_with("https://") && !api_base.starts_with("http://127.0.0.1") && !api_base.starts_with("http://localhost") {
            bail!("STRIPE_API_BASE must be an https URL (or a local localstripe on http://127.0.0.1 or http://localhost)");
        }
        // localstripe serves its Stripe.js stand-in under its own address.
        let js_url = var("STRIPE_JS_URL")
            .unwrap_or_else(|| if api_base == Self::API { Self::JS.to_owned() } else { format!("{api_base}/js.stripe.com/v3/") });
        if secret_key.starts_with("sk_live_") && api_base != Self::API {
            bail!("a live STRIPE_SECRET_KEY must only ever be sent to {}", Self::API);
        }
        Ok(Some(Self { secret_key: Redacted(secret_key), publishable_key, webhook_secret: Redacted(webhook_secret), api_base, js_url }))
    }
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
    /// A service account's JSON key file: revokes a user's Firebase refresh tokens when their sign-ins end.
    pub service_account_file: Option<PathBuf>,
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
        let listen = SocketAddr::new(host, port);
        let metrics_listen = metrics_addr(var("METRICS_ADDR").as_deref(), listen)?;
        Ok(Self {
            database_url: Redacted(database_url),
            database_pool_size,
            listen,
            metrics_listen,
            web_dist,
            images_dir: PathBuf::from(var("IMAGES_DIR").unwrap_or_else(|| "var/images".to_owned())),
            seed_demo: flag("SEED_DEMO")?,
            log_json: var("LOG_FORMAT").is_some_and(|f| f.eq_ignore_ascii_case("json")),
            identity,
            admin_emails,
            imgbb_api_key: var("IMGBB_API_KEY").map(Redacted),
            hsts: flag("HSTS")?,
            upload_rate_per_minute,
            stripe: StripeSettings::from_env()?,
            card_minimum: Taka::new(number("CARD_MIN_TAKA", 60)?).context("CARD_MIN_TAKA must be a price between 1 and 500000 taka")?,
            order_hold: order_hold()?,
            read_cache_mib: read_cache_mib()?,
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
            service_account_file: var("FIREBASE_SERVICE_ACCOUNT_FILE").map(PathBuf::from),
        }))
    }
}

fn number(name: &str, default: i64) -> anyhow::Result<i64> {
    var(name).map_or(Ok(default), |v| v.trim().parse().with_context(|| format!("{name} must be a whole number, got {v:?}")))
}

/// READ_CACHE_MIB: between 0 (no cache) and 4096 MiB; 64 when unset (a 100,000-book catalogue takes about 60).
fn read_cache_mib() -> anyhow::Result<u64> {
    let mib = number("READ_CACHE_MIB", 64)?;
    u64::try_from(mib).ok().filter(|m| *m <= 4096).with_context(|| format!("READ_CACHE_MIB must be between 0 and 4096, got {mib}"))
}

/// ORDER_HOLD_HOURS: between 1 hour and 30 days.
fn order_hold() -> anyhow::Result<Duration> {
    let hours = number("ORDER_HOLD_HOURS", 48)?;
    if !(1..=720).contains(&hours) {
        bail!("ORDER_HOLD_HOURS must be between 1 and 720, got {hours}");
    }
    Ok(Duration::from_secs(hours.unsigned_abs() * 3600))
}

/// METRICS_ADDR: an IP address and port of its own (usually loopback or a private interface the scraper reaches).
fn metrics_addr(value: Option<&str>, listen: SocketAddr) -> anyhow::Result<Option<SocketAddr>> {
    let Some(value) = value else { return Ok(None) };
    let address: SocketAddr = value
        .trim()
        .parse()
        .with_context(|| format!("METRICS_ADDR must be an IP address and port such as 127.0.0.1:9100, got {value:?}"))?;
    if address.port() != 0
        && address.port() == listen.port()
        && (address.ip() == listen.ip() || address.ip().is_unspecified() || listen.ip().is_unspecified())
    {
        bail!("METRICS_ADDR={address} is the site's own address ({listen}); metrics need a listen address of their own");
    }
    Ok(Some(address))
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
            metrics_listen: None,
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
                service_account_file: None,
            }),
            admin_emails: vec![],
            imgbb_api_key: Some(Redacted("imgbb-secret-key".into())),
            hsts: false,
            upload_rate_per_minute: NonZeroU32::MIN,
            stripe: Some(StripeSettings {
                secret_key: Redacted("sk_test_stripe-secret-key".into()),
                publishable_key: "pk_test_x".into(),
                webhook_secret: Redacted("whsec_stripe-webhook-secret".into()),
                api_base: "https://api.stripe.com".into(),
                js_url: "https://js.stripe.com/v3/".into(),
            }),
            card_minimum: Taka::new(60).expect("a price"),
            order_hold: Duration::from_secs(3600),
            read_cache_mib: 64,
        };
        let printed = format!("{config:?}");
        for secret in ["hunter2-db-password", "imgbb-secret-key", "0011223344", "ccddeeff", "stripe-secret-key", "stripe-webhook-secret"] {
            assert!(!printed.contains(secret), "{secret} leaked: {printed}");
        }
    }

    #[test]
    fn metrics_are_off_unless_metrics_addr_names_an_address_of_their_own() {
        let site = SocketAddr::from(([0, 0, 0, 0], 8080));
        assert_eq!(metrics_addr(None, site).expect("unset is fine"), None);
        assert_eq!(metrics_addr(Some("127.0.0.1:9100"), site).expect("valid"), Some(SocketAddr::from(([127, 0, 0, 1], 9100))));
        assert_eq!(metrics_addr(Some("[::1]:9100"), site).expect("valid").map(|a| a.port()), Some(9100));
        for (bad, says) in [
            ("9100", "IP address and port"),
            ("localhost:9100", "IP address and port"),
            ("127.0.0.1", "IP address and port"),
            ("127.0.0.1:99999", "IP address and port"),
            ("127.0.0.1:8080", "own address"),
        ] {
            let refused = metrics_addr(Some(bad), site).expect_err(bad).to_string();
            assert!(refused.contains("METRICS_ADDR") && refused.contains(says), "{bad}: {refused}");
        }
    }
}
