//! Configuration from the environment. Every variable is listed in the README. Secrets never show in Debug output.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context as _, bail};
use puronoboi_app::tokens::{AccessTokens, SessionSecret};
use puronoboi_app::uploads::Uploads;
use puronoboi_domain::{Email, Taka};
use puronoboi_http::dto::DEFAULT_CARD_MINIMUM_TAKA;
use puronoboi_http::limits::{Kind, RateLimits, TrustedProxies};
use puronoboi_mail::{DEFAULT_MAIL_FROM, MailFrom};
use url::{Host, Url};

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
    /// How long a held order (a card holds its price) has for its handover before it closes and the hold is released.
    pub handover_period: Duration,
    /// Memory for copies of public catalogue reads, in MiB; 0 turns the cache off (every read asks the database).
    pub read_cache_mib: u64,
    /// Per-address and per-account limits, counted in this instance's memory.
    pub rate_limits: RateLimits,
    /// Whose `X-Forwarded-For` is believed.
    pub trusted_proxies: TrustedProxies,
    /// Order e-mail: how it leaves, who it is from, where its links point.
    pub mail: MailSettings,
}

/// Order e-mail (MAIL_TRANSPORT, SMTP_URL, MAIL_DIR, MAIL_FROM, PUBLIC_URL).
#[derive(Debug, Clone)]
pub struct MailSettings {
    pub transport: MailTransport,
    pub from: MailFrom,
    /// The site's origin as readers open it, for the links in messages: scheme, host and port, no trailing slash.
    pub public_url: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MailTransport {
    /// Through the relay at this URL (it may carry a password).
    Smtp(Redacted<String>),
    /// As `.eml` files in this folder: the default, so that a local run sends nothing anywhere.
    File(PathBuf),
    /// Not sent: notices wait in the outbox until a transport is configured.
    Off,
}

impl MailSettings {
    const DEFAULT_DIR: &str = "var/mail";

    /// `port`: the site's own port, for the default PUBLIC_URL (`http://localhost:<port>`, where `just run` serves).
    fn from_env(var: impl Fn(&str) -> Option<String>, port: u16) -> anyhow::Result<Self> {
        let chosen = var("MAIL_TRANSPORT").map(|t| t.trim().to_ascii_lowercase());
        let transport = match chosen.as_deref().unwrap_or("file") {
            "smtp" => {
                let url = var("SMTP_URL").context(
                    "MAIL_TRANSPORT=smtp needs SMTP_URL, e.g. smtp://127.0.0.1:1025, smtp://user:password@mail.example.com:587?tls=required \
                     or smtps://user:password@mail.example.com",
                )?;
                smtp_url(&url)?;
                MailTransport::Smtp(Redacted(url))
            }
            "file" => MailTransport::File(PathBuf::from(var("MAIL_DIR").unwrap_or_else(|| Self::DEFAULT_DIR.to_owned()))),
            "off" => MailTransport::Off,
            other => bail!("MAIL_TRANSPORT must be smtp, file or off, got {other:?}"),
        };
        let named = chosen.as_deref().unwrap_or("file (the default)");
        if var("SMTP_URL").is_some() && !matches!(transport, MailTransport::Smtp(_)) {
            bail!("SMTP_URL is set but MAIL_TRANSPORT is {named}: set MAIL_TRANSPORT=smtp to send through it");
        }
        if var("MAIL_DIR").is_some() && !matches!(transport, MailTransport::File(_)) {
            bail!("MAIL_DIR is set but MAIL_TRANSPORT is {named}: the folder is used only with MAIL_TRANSPORT=file");
        }
        let from = MailFrom::parse(&var("MAIL_FROM").unwrap_or_else(|| DEFAULT_MAIL_FROM.to_owned())).context("MAIL_FROM")?;
        let public_url = match var("PUBLIC_URL") {
            Some(url) => bare_origin("PUBLIC_URL", &url)?.origin().ascii_serialization(),
            None => format!("http://localhost:{port}"),
        };
        Ok(Self { transport, from, public_url })
    }
}

/// SMTP_URL: `smtp://` or `smtps://` with a host, and at most a `tls` of `required` or `opportunistic`. Checked here
/// so that a typo stops the server at start rather than every message later; never echoed, as it may hold a password.
fn smtp_url(value: &str) -> anyhow::Result<()> {
    let url = Url::parse(value).map_err(|e| anyhow::anyhow!("SMTP_URL is not a URL ({e}); e.g. smtp://127.0.0.1:1025"))?;
    if !matches!(url.scheme(), "smtp" | "smtps") {
        bail!("SMTP_URL must start with smtp:// or smtps://");
    }
    if url.host_str().is_none_or(str::is_empty) {
        bail!("SMTP_URL must name the relay's host");
    }
    let mut tls_required = url.scheme() == "smtps";
    for (key, tls) in url.query_pairs() {
        if key != "tls" || !matches!(tls.as_ref(), "required" | "opportunistic") {
            bail!("SMTP_URL's only query is tls=required or tls=opportunistic");
        }
        tls_required |= tls == "required";
    }
    let on_this_machine = matches!(url.host_str(), Some("localhost" | "127.0.0.1" | "[::1]"));
    if (!url.username().is_empty() || url.password().is_some()) && !tls_required && !on_this_machine {
        bail!("SMTP_URL would send its user name and password unencrypted: use smtps://, or smtp://...?tls=required");
    }
    Ok(())
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
        let api_base = stripe_api_base(var("STRIPE_API_BASE").as_deref())?;
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
        let mail = MailSettings::from_env(var, port)?;
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
            card_minimum: Taka::new(number("CARD_MIN_TAKA", i64::from(DEFAULT_CARD_MINIMUM_TAKA))?)
                .context("CARD_MIN_TAKA must be a price between 1 and 500000 taka")?,
            order_hold: order_hold()?,
            handover_period: handover_period()?,
            read_cache_mib: read_cache_mib()?,
            rate_limits: rate_limits(var)?,
            trusted_proxies: TrustedProxies::parse(&var("TRUSTED_PROXIES").unwrap_or_default())
                .map_err(|e| anyhow::anyhow!("TRUSTED_PROXIES: {e}"))?,
            mail,
        })
    }
}

/// RATE_LIMIT_<KIND>_PER_IP and RATE_LIMIT_<KIND>_PER_ACCOUNT: `off` or a count per period (`30/min`); each
/// unset one keeps its default.
fn rate_limits(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<RateLimits> {
    let mut limits = RateLimits::default();
    for kind in Kind::ALL {
        let limit = limits.get_mut(kind);
        for (scope, setting) in [("IP", &mut limit.per_ip), ("ACCOUNT", &mut limit.per_account)] {
            let name = format!("RATE_LIMIT_{}_PER_{scope}", kind.name());
            if let Some(raw) = var(&name) {
                *setting = raw.parse().map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
            }
        }
    }
    Ok(limits)
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
            emulator_public_url: emulator_public_url(emulator_host.as_deref(), var("FIREBASE_EMULATOR_PUBLIC_URL").as_deref())?,
            project_id,
            emulator_host,
            web_api_key,
            session_secret,
            session_ttl,
            service_account_file: var("FIREBASE_SERVICE_ACCOUNT_FILE").map(PathBuf::from),
        }))
    }
}

/// STRIPE_API_BASE: Stripe itself, or a localstripe on this machine. Answers the origin the card adapter is given,
/// rebuilt from the parsed URL, so that what was checked is exactly where the secret key goes.
fn stripe_api_base(value: Option<&str>) -> anyhow::Result<String> {
    let Some(value) = value else { return Ok(StripeSettings::API.to_owned()) };
    let url = bare_origin("STRIPE_API_BASE", value)?;
    let origin = url.origin().ascii_serialization();
    if origin != StripeSettings::API && !names_loopback(&url) {
        bail!(
            "STRIPE_API_BASE must be {} (https), or a localstripe on http://127.0.0.1, http://localhost or http://[::1] \
             with any port; got {value:?}",
            StripeSettings::API
        );
    }
    Ok(origin)
}

/// FIREBASE_EMULATOR_PUBLIC_URL (default: http://<FIREBASE_AUTH_EMULATOR_HOST>): where browsers reach the Auth
/// emulator. The emulator signs nobody's tokens, so it must stay on this machine: a loopback address only.
fn emulator_public_url(emulator_host: Option<&str>, explicit: Option<&str>) -> anyhow::Result<Option<String>> {
    let Some(emulator_host) = emulator_host else {
        if explicit.is_some() {
            bail!("FIREBASE_EMULATOR_PUBLIC_URL is set but FIREBASE_AUTH_EMULATOR_HOST is not");
        }
        return Ok(None);
    };
    let (name, value) = match explicit {
        Some(url) => ("FIREBASE_EMULATOR_PUBLIC_URL", url.to_owned()),
        None => ("FIREBASE_AUTH_EMULATOR_HOST", format!("http://{emulator_host}")),
    };
    let url = bare_origin(name, &value)?;
    if !names_loopback(&url) {
        bail!(
            "{name} must name the Auth emulator on this machine (http://127.0.0.1, http://localhost or http://[::1], any \
             port), got {value:?}: its identity tokens are unsigned, so it is never offered to browsers elsewhere"
        );
    }
    Ok(Some(url.origin().ascii_serialization()))
}

/// An http(s) URL that names a server and nothing more, parsed as browsers and reqwest parse it (never compared as
/// a string): a user name, a path, a query or a fragment could make a string that looks like one host connect to
/// another, so they are refused.
fn bare_origin(name: &str, value: &str) -> anyhow::Result<Url> {
    let url = Url::parse(value).with_context(|| format!("{name} must be a URL such as http://127.0.0.1:8420, got {value:?}"))?;
    if !matches!(url.scheme(), "http" | "https") {
        bail!("{name} must be an http or https URL, got {value:?}");
    }
    // Not echoed: it may hold a password.
    if !url.username().is_empty() || url.password().is_some() {
        bail!("{name} must not carry a user name or password");
    }
    if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
        bail!("{name} must be a scheme, host and port only, with no path, query or fragment; got {value:?}");
    }
    Ok(url)
}

/// The loopback names, compared exactly once parsed: localhost, 127.0.0.1 and [::1] (not 127.0.0.1.example.com, not
/// ::ffff:127.0.0.1).
fn names_loopback(url: &Url) -> bool {
    match url.host() {
        Some(Host::Domain(name)) => name == "localhost",
        Some(Host::Ipv4(address)) => address == Ipv4Addr::LOCALHOST,
        Some(Host::Ipv6(address)) => address == Ipv6Addr::LOCALHOST,
        None => false,
    }
}

fn number(name: &str, default: i64) -> anyhow::Result<i64> {
    var(name).map_or(Ok(default), |v| v.trim().parse().with_context(|| format!("{name} must be a whole number, got {v:?}")))
}

/// READ_CACHE_MIB: between 0 (no cache) and 4096 MiB; 56 when unset, so that the process peaks under 100 MiB at a
/// million books (`just bench`: 96.8 MiB), with about 85% of the category pages kept.
fn read_cache_mib() -> anyhow::Result<u64> {
    let mib = number("READ_CACHE_MIB", 56)?;
    u64::try_from(mib).ok().filter(|m| *m <= 4096).with_context(|| format!("READ_CACHE_MIB must be between 0 and 4096, got {mib}"))
}

/// ORDER_HOLD_HOURS: between 1 hour and 30 days.
/// HANDOVER_DAYS: between 1 and 6 days (default 5), so that a hold is released before the 7 days a card authorisation
/// lasts run out: the money is then never taken after the bank has let it go.
fn handover_period() -> anyhow::Result<Duration> {
    let days = number("HANDOVER_DAYS", i64::from(puronoboi_domain::DEFAULT_HANDOVER_DAYS))?;
    let most = i64::from(puronoboi_domain::MAX_HANDOVER_DAYS);
    if !(1..=most).contains(&days) {
        bail!("HANDOVER_DAYS must be between 1 and {most} (a card authorisation lasts 7 days), got {days}");
    }
    Ok(Duration::from_secs(days.unsigned_abs() * 24 * 3600))
}

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
            card_minimum: Taka::new(i64::from(DEFAULT_CARD_MINIMUM_TAKA)).expect("a price"),
            order_hold: Duration::from_secs(3600),
            handover_period: Duration::from_secs(5 * 24 * 3600),
            read_cache_mib: 64,
            rate_limits: RateLimits::default(),
            trusted_proxies: TrustedProxies::default(),
            mail: MailSettings {
                transport: MailTransport::Smtp(Redacted("smtps://shop:smtp-relay-password@mail.example.com".into())),
                from: MailFrom::parse(DEFAULT_MAIL_FROM).expect("the default sender"),
                public_url: "https://puronoboi.example".into(),
            },
        };
        let printed = format!("{config:?}");
        for secret in [
            "hunter2-db-password",
            "imgbb-secret-key",
            "0011223344",
            "ccddeeff",
            "stripe-secret-key",
            "stripe-webhook-secret",
            "smtp-relay-password",
        ] {
            assert!(!printed.contains(secret), "{secret} leaked: {printed}");
        }
    }

    #[test]
    fn rate_limits_default_unless_set_and_refuse_what_they_cannot_read() {
        use puronoboi_http::limits::Setting;
        let set = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| (*v).to_owned())
        };
        assert_eq!(rate_limits(set(&[])).expect("defaults"), RateLimits::default());
        let limits =
            rate_limits(set(&[("RATE_LIMIT_ORDERS_PER_IP", "off"), ("RATE_LIMIT_CONTACTS_PER_ACCOUNT", "30/hour")])).expect("valid");
        assert_eq!(limits.orders.per_ip, Setting::Off);
        assert_eq!(limits.orders.per_account, RateLimits::default().orders.per_account, "the other half keeps its default");
        assert_eq!(limits.contacts.per_account.to_string(), "30/hour");
        let refused = rate_limits(set(&[("RATE_LIMIT_WISHLIST_PER_ACCOUNT", "lots")])).expect_err("not a rate").to_string();
        assert!(refused.contains("RATE_LIMIT_WISHLIST_PER_ACCOUNT") && refused.contains("30/min"), "{refused}");
    }

    #[test]
    fn stripe_api_base_is_stripe_or_a_localstripe_on_loopback() {
        for (given, origin) in [
            (None, "https://api.stripe.com"),
            (Some("https://api.stripe.com"), "https://api.stripe.com"),
            (Some("https://api.stripe.com/"), "https://api.stripe.com"),
            (Some("https://API.stripe.com:443"), "https://api.stripe.com"),
            (Some("http://127.0.0.1:8420"), "http://127.0.0.1:8420"),
            (Some("http://127.0.0.1:8420/"), "http://127.0.0.1:8420"),
            (Some("http://localhost:8420"), "http://localhost:8420"),
            (Some("http://LOCALHOST:8420"), "http://localhost:8420"),
            (Some("http://[::1]:8420"), "http://[::1]:8420"),
            (Some("http://[0:0:0:0:0:0:0:1]:8420"), "http://[::1]:8420"),
            (Some("https://127.0.0.1:12112"), "https://127.0.0.1:12112"),
        ] {
            assert_eq!(stripe_api_base(given).unwrap_or_else(|e| panic!("{given:?}: {e}")), origin, "{given:?}");
        }
        for (trick, says) in [
            // Userinfo: the host is evil.example.
            ("http://127.0.0.1@evil.example", "user name"),
            ("http://localhost:8420@evil.example", "user name"),
            ("http://127.0.0.1:x@evil.example:8420", "user name"),
            ("https://api.stripe.com@evil.example", "user name"),
            // A name that starts like a loopback one.
            ("http://127.0.0.1.evil.example", "localstripe"),
            ("http://localhost.evil.example:8420", "localstripe"),
            ("https://api.stripe.com.evil.example", "localstripe"),
            ("http://localhost.:8420", "localstripe"),
            // Paths, queries and fragments that would carry another host into a string joined onto the base.
            ("http://127.0.0.1:8420/@evil.example", "no path"),
            ("http://127.0.0.1:8420\\@evil.example", "no path"),
            ("http://evil.example\\@127.0.0.1:8420", "no path"),
            ("http://127.0.0.1:8420#@evil.example", "no path"),
            ("http://127.0.0.1:8420?@evil.example", "no path"),
            ("http://127.0.0.1:8420/v1", "no path"),
            // Other schemes, and none.
            ("ftp://127.0.0.1:8420", "http or https"),
            ("file:///etc/passwd", "http or https"),
            ("127.0.0.1:8420", "URL"),
            ("//127.0.0.1:8420", "URL"),
            // IPv6 forms other than [::1], and other loopback addresses.
            ("http://[::ffff:127.0.0.1]:8420", "localstripe"),
            ("http://[::ffff:7f00:1]:8420", "localstripe"),
            ("http://[::]:8420", "localstripe"),
            ("http://[fe80::1]:8420", "localstripe"),
            ("http://0.0.0.0:8420", "localstripe"),
            ("http://127.0.0.2:8420", "localstripe"),
            // Anything else, https or not.
            ("http://stripe.example.com", "https"),
            ("https://stripe.example.com", "api.stripe.com"),
            ("http://api.stripe.com", "https"),
            ("https://api.stripe.com:8443", "api.stripe.com"),
        ] {
            let refused = stripe_api_base(Some(trick)).expect_err(trick).to_string();
            assert!(refused.contains("STRIPE_API_BASE") && refused.contains(says), "{trick}: {refused}");
        }
        assert!(!stripe_api_base(Some("http://user:hunter2@127.0.0.1")).expect_err("userinfo").to_string().contains("hunter2"));
    }

    #[test]
    fn the_emulator_is_offered_to_browsers_on_loopback_only() {
        assert_eq!(emulator_public_url(None, None).expect("no emulator"), None);
        assert_eq!(emulator_public_url(Some("127.0.0.1:9099"), None).expect("the default"), Some("http://127.0.0.1:9099".to_owned()));
        for (given, origin) in [
            ("http://localhost:9099", "http://localhost:9099"),
            ("http://127.0.0.1:9099/", "http://127.0.0.1:9099"),
            ("http://[::1]:9099", "http://[::1]:9099"),
            ("https://localhost:9443", "https://localhost:9443"),
        ] {
            assert_eq!(emulator_public_url(Some("127.0.0.1:9099"), Some(given)).expect(given), Some(origin.to_owned()));
        }
        for trick in [
            "http://emulator.example:9099",
            "http://192.168.1.20:9099",
            "http://0.0.0.0:9099",
            "http://127.0.0.1@evil.example:9099",
            "http://127.0.0.1.evil.example:9099",
            "http://localhost:9099/@evil.example",
            "http://[::ffff:127.0.0.1]:9099",
            "ws://127.0.0.1:9099",
            "127.0.0.1:9099",
        ] {
            let refused = emulator_public_url(Some("127.0.0.1:9099"), Some(trick)).expect_err(trick).to_string();
            assert!(refused.contains("FIREBASE_EMULATOR_PUBLIC_URL"), "{trick}: {refused}");
        }
        // The default is derived from the emulator's own address, and held to the same rule.
        let refused = emulator_public_url(Some("10.0.0.5:9099"), None).expect_err("a remote emulator").to_string();
        assert!(refused.contains("FIREBASE_AUTH_EMULATOR_HOST"), "{refused}");
        let refused = emulator_public_url(None, Some("http://127.0.0.1:9099")).expect_err("no emulator").to_string();
        assert!(refused.contains("FIREBASE_AUTH_EMULATOR_HOST is not"), "{refused}");
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

    #[test]
    fn mail_goes_to_files_unless_configured_and_refuses_what_it_cannot_use() {
        let set = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| (*v).to_owned())
        };
        let set_one = |name: &'static str, value: &'static str| {
            move |asked: &str| match asked {
                "MAIL_TRANSPORT" => Some("smtp".to_owned()),
                _ if asked == name => Some(value.to_owned()),
                _ => None,
            }
        };
        let defaults = MailSettings::from_env(set(&[]), 8080).expect("defaults");
        assert_eq!(defaults.transport, MailTransport::File(PathBuf::from("var/mail")));
        assert_eq!((defaults.from.to_string().as_str(), defaults.public_url.as_str()), (DEFAULT_MAIL_FROM, "http://localhost:8080"));

        let smtp = MailSettings::from_env(
            set(&[
                ("MAIL_TRANSPORT", "SMTP"),
                ("SMTP_URL", "smtp://user:pa%40ss@mail.example.com:587?tls=required"),
                ("MAIL_FROM", "Shop <shop@example.com>"),
                ("PUBLIC_URL", "https://puronoboi.example/"),
            ]),
            8080,
        )
        .expect("valid");
        assert!(matches!(smtp.transport, MailTransport::Smtp(_)));
        for fine in ["smtp://127.0.0.1:1025", "smtps://user:secret@mail.example.com", "smtp://user:secret@localhost:25"] {
            let settings = MailSettings::from_env(set_one("SMTP_URL", fine), 8080);
            assert!(settings.is_ok_and(|s| s.transport == MailTransport::Smtp(Redacted(fine.to_owned()))), "{fine}");
        }
        assert_eq!((smtp.from.domain(), smtp.public_url.as_str()), ("example.com", "https://puronoboi.example"));
        let files = MailSettings::from_env(set(&[("MAIL_DIR", "/srv/mail")]), 8080).expect("valid");
        assert_eq!(files.transport, MailTransport::File(PathBuf::from("/srv/mail")));
        assert_eq!(MailSettings::from_env(set(&[("MAIL_TRANSPORT", "off")]), 8080).expect("valid").transport, MailTransport::Off);

        for (pairs, says) in [
            (&[("MAIL_TRANSPORT", "sendmail")][..], "MAIL_TRANSPORT must be smtp, file or off"),
            (&[("MAIL_TRANSPORT", "smtp")], "needs SMTP_URL"),
            (&[("MAIL_TRANSPORT", "smtp"), ("SMTP_URL", "http://user:hunter2@mail.example.com")], "smtp:// or smtps://"),
            (&[("MAIL_TRANSPORT", "smtp"), ("SMTP_URL", "smtp://user:hunter2@mail.example.com?tls=maybe")], "tls=required"),
            (&[("MAIL_TRANSPORT", "smtp"), ("SMTP_URL", "mail.example.com:25")], "smtp:// or smtps://"),
            (&[("MAIL_TRANSPORT", "smtp"), ("SMTP_URL", "smtp://user:hunter2@mail.example.com")], "unencrypted"),
            (&[("MAIL_TRANSPORT", "smtp"), ("SMTP_URL", "smtp://user:hunter2@mail.example.com?tls=opportunistic")], "unencrypted"),
            (&[("SMTP_URL", "smtp://127.0.0.1:1025")], "SMTP_URL is set but MAIL_TRANSPORT is file (the default)"),
            (&[("MAIL_TRANSPORT", "off"), ("MAIL_DIR", "var/mail")], "MAIL_DIR is set but MAIL_TRANSPORT is off"),
            (&[("MAIL_FROM", "Puronoboi")], "MAIL_FROM"),
            (&[("PUBLIC_URL", "puronoboi.example")], "PUBLIC_URL"),
            (&[("PUBLIC_URL", "https://puronoboi.example/shop")], "PUBLIC_URL"),
        ] {
            let refused = format!("{:#}", MailSettings::from_env(set(pairs), 8080).expect_err(says));
            assert!(refused.contains(says) && !refused.contains("hunter2"), "{pairs:?}: {refused}");
        }
    }
}
