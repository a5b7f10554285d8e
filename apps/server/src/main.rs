//! The Puronoboi server: reads configuration, wires adapters into use cases, migrates, serves.

mod config;

use std::future::IntoFuture as _;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context as _;
use puronoboi_app::SearchCatchUp;
use puronoboi_app::handover_codes::HandoverCodes;
use puronoboi_app::mail::{MailDelivery, MailSite};
use puronoboi_app::orders::OrderExpiry;
use puronoboi_app::payments::Payments;
use puronoboi_app::tokens::AccessTokens;
use puronoboi_app::uploads::UploadGate;
use puronoboi_firebase_verify::{EmulatorAdmin, FirebaseAdmin, FirebaseVerifier, IDENTITY_TOOLKIT_URL, ServiceAccountKey, VerifierMode};
use puronoboi_http::dto::{AuthConfigDto, AuthMode, FirebaseWebConfigDto, PaymentProvider};
use puronoboi_http::{PublicConfigDto, SecurityHeaders, SignInWiring, StaticAssets, Wiring};
use puronoboi_local_images::LocalImageHost;
use puronoboi_ports::{CatalogueChanges, CatalogueReader, IdentityAdmin, IdentityVerifier, ImageHost, MailSender, PaymentGateway};
use puronoboi_postgres::{CatalogueListener, ListenerSettings, PgStore};
use puronoboi_read_cache::CachedCatalogue;
use tracing_subscriber::EnvFilter;

use crate::config::{Config, IdentityConfig, MailSettings, MailTransport};

// A cached read allocates a few dozen small short-lived values. glibc's allocator spent a seventh of the server's
// time on them; jemalloc serves them faster (health and book page +20% in `just bench`) at a lower peak RSS than
// glibc's (mimalloc was as fast but held 25% more memory). Its options are compiled in from .cargo/config.toml
// (JEMALLOC_SYS_WITH_MALLOC_CONF): a build outside this workspace must set the same.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[tokio::main]
async fn main() -> ExitCode {
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("puronoboi-server: {e:#}");
            return ExitCode::from(2);
        }
    };
    init_tracing(config.log_json);
    match serve(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("puronoboi-server: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn init_tracing(json: bool) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,tower_http=info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    // Each JSON line carries the fields of the span it was logged in (`span`, with the request's `request_id`)
    // and of every span around it (`spans`), so a log search for one request id finds all of that request.
    if json { builder.json().with_current_span(true).with_span_list(true).init() } else { builder.init() }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let http = reqwest::Client::builder().timeout(std::time::Duration::from_secs(30)).build().context("building the HTTP client")?;
    // Configuration mistakes (an emulator with a real project, a weak secret) stop the server before it listens.
    let sign_in = match &config.identity {
        Some(c) => Some(SignInWiring {
            verifier: identity_verifier(c, http.clone())?,
            tokens: AccessTokens::new(&c.session_secret, c.session_ttl)?,
            handover_codes: HandoverCodes::new(&c.session_secret),
            admin_emails: config.admin_emails.clone(),
            identity_admin: identity_admin(c, http.clone())?,
        }),
        None => None,
    };
    if sign_in.is_none() {
        tracing::warn!("FIREBASE_PROJECT_ID is not set: sign-in is disabled");
    }

    puronoboi_postgres::run_migrations(&config.database_url.0).await.context("migrating the database")?;
    let store = PgStore::connect(&config.database_url.0, config.database_pool_size)?;
    match store.bengali_letters_are_letters().await {
        Ok(true) => {}
        Ok(false) => tracing::warn!(
            "the database's LC_CTYPE does not read Bengali letters as letters: search will not match near spellings in \
             Bengali script (romanized matching still works); create the database with LC_CTYPE 'C.UTF-8'"
        ),
        Err(e) => tracing::warn!(error = %e, "could not check how the database reads Bengali letters"),
    }
    let local_images = Arc::new(LocalImageHost::new(&config.images_dir, "/images"));
    let (images, image_origins): (Arc<dyn ImageHost>, Vec<String>) = match &config.imgbb_api_key {
        Some(key) => {
            (Arc::new(puronoboi_imgbb::ImgbbHost::new(key.0.clone(), http.clone())), vec![puronoboi_imgbb::PICTURE_ORIGIN.to_owned()])
        }
        None => (local_images.clone(), vec![]),
    };

    if config.seed_demo {
        // Demo covers are our own generated SVGs: they stay with the app, whatever hosts uploads.
        seed_demo(&config, &store, local_images.as_ref(), http.clone()).await?;
    }

    let payment_gateway: Option<Arc<dyn PaymentGateway>> = config.stripe.as_ref().map(|stripe| {
        let settings = puronoboi_stripe::StripeConfig {
            secret_key: stripe.secret_key.0.clone(),
            webhook_secret: stripe.webhook_secret.0.clone(),
            api_base: stripe.api_base.clone(),
        };
        Arc::new(puronoboi_stripe::StripeGateway::new(settings, http.clone())) as Arc<dyn PaymentGateway>
    });
    if payment_gateway.is_none() {
        tracing::warn!("STRIPE_SECRET_KEY is not set: card payments are disabled");
    }

    let public_config = public_config(&config);
    let security = SecurityHeaders::for_config(&public_config, &image_origins, config.hsts);
    let store = Arc::new(store);
    if let Some(address) = config.metrics_listen {
        let listener = tokio::net::TcpListener::bind(address).await.with_context(|| format!("listening for metrics on {address}"))?;
        let bound = listener.local_addr().unwrap_or(address);
        let pool = store.clone();
        puronoboi_http::metrics::spawn(listener, Arc::new(move || pool_usage(&pool)))?;
        tracing::info!(address = %bound, "serving metrics at /metrics");
    }
    // Every instance sweeps; its statements skip rows another instance holds, so nothing is expired twice, and each
    // owed refund is taken by one instance at a time.
    let sweep_payments = Payments::new(payment_gateway.clone(), store.clone(), config.card_minimum);
    OrderExpiry::new(store.clone(), sweep_payments, config.order_hold)
        .with_handover(config.handover_period)
        .spawn(std::time::Duration::from_secs(60));
    // Order e-mail leaves the outbox from every instance; each notice is leased by one of them at a time.
    if let Some(sender) = mail_sender(&config.mail)? {
        let site = MailSite::new(&config.mail.public_url, config.mail.from.domain());
        MailDelivery::new(store.clone(), sender, site)
            .with_periods(puronoboi_app::orders::OrderPeriods { hold: config.order_hold, handover: config.handover_period })
            .spawn(std::time::Duration::from_secs(5));
    }
    // Listings written around the index (a bulk load, a restore, rows from before search) are keyed now and
    // looked for every 10 s; every instance does it, skipping rows another one is keying.
    SearchCatchUp::new(store.clone(), SearchCatchUp::DEFAULT_BATCH).spawn(std::time::Duration::from_secs(10));
    // Held until the server stops: dropping the listener stops it.
    let PublicCatalogue { reader: catalogue, local_writes, listener: _catalogue_listener, rendered_bytes } =
        public_catalogue(&config, store.clone())?;
    let state = puronoboi_http::build_state(Wiring {
        catalogue,
        catalogue_writer: store.clone(),
        search: store.clone(),
        seller_listings: store.clone(),
        admin: store.clone(),
        accounts: store.clone(),
        orders: store.clone(),
        wish_lists: store.clone(),
        reviews: store.clone(),
        reports: store.clone(),
        payment_gateway,
        card_minimum: config.card_minimum,
        order_periods: puronoboi_app::orders::OrderPeriods { hold: config.order_hold, handover: config.handover_period },
        images,
        upload_quota: store.clone(),
        uploads_per_minute: config.upload_rate_per_minute,
        upload_gate: UploadGate::default(),
        readiness: store,
        sign_in,
        public_config,
        local_writes,
        rendered_bytes,
        rate_limits: config.rate_limits,
        trusted_proxies: config.trusted_proxies.clone(),
        body_rules: puronoboi_http::BodyRules::default(),
    });
    let assets = StaticAssets { web_dist: config.web_dist.clone(), images_dir: config.images_dir.clone() };
    let app = puronoboi_http::router(state, assets, &security);

    let listener = tokio::net::TcpListener::bind(config.listen).await.with_context(|| format!("listening on {}", config.listen))?;
    tracing::info!(address = %config.listen, web = ?config.web_dist, "Puronoboi is serving");
    // On a signal the server stops accepting, closes idle keep-alive connections and lets requests in flight
    // finish. A client that never finishes its request must not hold the process: past the deadline it exits
    // anyway, and returning from here ends every spawned task (the order expiry sweep among them).
    let signalled = Arc::new(tokio::sync::Notify::new());
    let graceful = {
        let signalled = signalled.clone();
        async move {
            shutdown_signal().await;
            tracing::info!("stopping: finishing the requests in flight");
            signalled.notify_one();
        }
    };
    let deadline = async {
        signalled.notified().await;
        tokio::time::sleep(SHUTDOWN_DEADLINE).await;
    };
    tokio::select! {
        // The peer's address is the client's (or, from TRUSTED_PROXIES, the proxy's): the rate limits count by it.
        served = axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>())
            .with_graceful_shutdown(graceful)
            .into_future() => {
            served.context("serving HTTP")?;
            tracing::info!("stopped cleanly");
        }
        () = deadline => {
            tracing::warn!(deadline = ?SHUTDOWN_DEADLINE, "stopped with connections still open after the shutdown deadline");
        }
    }
    Ok(())
}

/// How long requests in flight have to finish after SIGTERM or Ctrl-C. Orchestrators kill a process that has not
/// exited 10 s after SIGTERM (Docker's default; Kubernetes allows 30 s), so it stops on its own before that.
const SHUTDOWN_DEADLINE: std::time::Duration = std::time::Duration::from_secs(8);

fn pool_usage(store: &PgStore) -> puronoboi_http::metrics::PoolUsage {
    let status = store.pool_status();
    puronoboi_http::metrics::PoolUsage { in_use: status.size - status.available, idle: status.available, waiting: status.waiting }
}

/// Public reads answer from memory while this instance's listener hears every catalogue change (and straight from
/// the database while it does not); with READ_CACHE_MIB=0, always from the database.
fn public_catalogue(config: &Config, store: Arc<PgStore>) -> anyhow::Result<PublicCatalogue> {
    if config.read_cache_mib == 0 {
        // Without a version from a change feed, nothing is kept as rendered either.
        return Ok(PublicCatalogue { reader: store, local_writes: None, listener: None, rendered_bytes: 0 });
    }
    // READ_CACHE_MIB bounds every copy kept for public reads: the rendered answers (lists, category pages and
    // searches, as sent) take their share, the read cache the rest, so that the whole stays within what was configured.
    let budget = config.read_cache_mib * 1024 * 1024;
    let rendered_bytes = puronoboi_http::rendered_share(budget);
    let cached = CachedCatalogue::new(store, budget - rendered_bytes, puronoboi_read_cache::DEFAULT_WINDOW);
    let listener = CatalogueListener::spawn(&config.database_url.0, Arc::new(cached.invalidation()), ListenerSettings::default())?;
    Ok(PublicCatalogue {
        local_writes: Some(Arc::new(cached.invalidation())),
        reader: Arc::new(cached),
        listener: Some(listener),
        rendered_bytes,
    })
}

struct PublicCatalogue {
    reader: Arc<dyn CatalogueReader>,
    /// Drops this instance's copies when it answers a write, so the writer reads its change back at once.
    local_writes: Option<Arc<dyn CatalogueChanges>>,
    /// Held until the server stops: dropping it stops listening.
    listener: Option<CatalogueListener>,
    /// The share of the budget for answers kept as sent.
    rendered_bytes: u64,
}

/// What carries order e-mail, as MAIL_TRANSPORT says; `None` when it is off. Says where the mail goes, so that
/// someone running the server locally knows where to look.
fn mail_sender(settings: &MailSettings) -> anyhow::Result<Option<Arc<dyn MailSender>>> {
    let sender: Arc<dyn MailSender> = match &settings.transport {
        MailTransport::Off => {
            tracing::warn!("MAIL_TRANSPORT=off: order e-mail is not sent; it waits in the outbox until a transport is configured");
            return Ok(None);
        }
        MailTransport::File(dir) => {
            let sender = puronoboi_mail::FileSender::new(dir, settings.from.clone()).context("MAIL_DIR")?;
            let shown = std::env::current_dir().map(|here| here.join(dir)).unwrap_or_else(|_| dir.clone());
            tracing::info!(dir = %shown.display(), "order e-mail is written as .eml files in this folder, not sent (MAIL_TRANSPORT=file)");
            Arc::new(sender)
        }
        MailTransport::Smtp(url) => {
            let sender = puronoboi_mail::SmtpSender::from_url(&url.0, settings.from.clone())?;
            tracing::info!(from = %settings.from, links = %settings.public_url, "order e-mail is sent over SMTP");
            Arc::new(sender)
        }
    };
    Ok(Some(sender))
}

fn identity_verifier(config: &IdentityConfig, http: reqwest::Client) -> anyhow::Result<Arc<dyn IdentityVerifier>> {
    let mode = match &config.emulator_host {
        Some(host) => VerifierMode::emulator(config.project_id.clone(), host.clone()),
        None => VerifierMode::production(config.project_id.clone()),
    };
    let verifier = FirebaseVerifier::from_mode(mode, http).context("configuring Firebase sign-in")?;
    if verifier.is_emulator() {
        tracing::warn!(project = %config.project_id, "accepting UNSIGNED identity tokens from the Firebase Auth emulator");
    }
    Ok(Arc::new(verifier))
}

/// Who revokes Firebase refresh tokens when sign-ins end: the emulator itself in emulator mode, a service account
/// where `FIREBASE_SERVICE_ACCOUNT_FILE` names one, nobody otherwise (our own `auth_time` check still holds).
fn identity_admin(config: &IdentityConfig, http: reqwest::Client) -> anyhow::Result<Option<Arc<dyn IdentityAdmin>>> {
    let admin = match (&config.emulator_host, &config.service_account_file) {
        (Some(host), _) => FirebaseAdmin::emulator(&config.project_id, host, http).context("revoking sign-ins on the Auth emulator")?,
        (None, Some(file)) => {
            let key = ServiceAccountKey::from_file(file).context("FIREBASE_SERVICE_ACCOUNT_FILE")?;
            FirebaseAdmin::service_account(&config.project_id, key, IDENTITY_TOOLKIT_URL, http).context("FIREBASE_SERVICE_ACCOUNT_FILE")?
        }
        (None, None) => {
            tracing::warn!("FIREBASE_SERVICE_ACCOUNT_FILE is not set: a logout does not revoke the user's Firebase refresh tokens");
            return Ok(None);
        }
    };
    Ok(Some(Arc::new(admin)))
}

/// The demo catalogue on an empty database, and (on the emulator only) the demo sign-ins, every start.
async fn seed_demo(config: &Config, store: &PgStore, images: &dyn ImageHost, http: reqwest::Client) -> anyhow::Result<()> {
    if let Some(report) = puronoboi_demo::seed_if_empty(store, store, store, store, images).await.context("seeding the demo catalogue")? {
        tracing::info!(categories = report.categories, books = report.books, sellers = report.sellers, "demo catalogue seeded");
    }
    let Some(identity) = &config.identity else { return Ok(()) };
    let Some(host) = &identity.emulator_host else {
        tracing::info!("demo sign-ins are created only on the Firebase Auth emulator");
        return Ok(());
    };
    let admin = EmulatorAdmin::new(identity.project_id.clone(), host.clone(), http).context("reaching the Auth emulator")?;
    let logins = puronoboi_demo::logins::provision_demo_logins(&admin, store).await.context("creating the demo sign-ins")?;
    let mut lines = vec![format!("demo sign-ins (password '{}'):", puronoboi_demo::logins::DEMO_PASSWORD)];
    lines.extend(logins.iter().map(|l| format!("  {:<28} {}{}", l.email, l.role, if l.verified { " (verified)" } else { "" })));
    println!("{}", lines.join("\n"));
    Ok(())
}

fn public_config(settings: &Config) -> PublicConfigDto {
    let mut config = PublicConfigDto::placeholder();
    config.payments.card_minimum_taka = settings.card_minimum.amount();
    if let Some(stripe) = &settings.stripe {
        config.payments.provider = PaymentProvider::Stripe;
        config.payments.publishable_key = Some(stripe.publishable_key.clone());
        config.payments.stripe_js_url = Some(stripe.js_url.clone());
    }
    if let Some(identity) = &settings.identity {
        config.auth = AuthConfigDto {
            mode: if identity.emulator_host.is_some() { AuthMode::Emulator } else { AuthMode::Firebase },
            firebase: Some(FirebaseWebConfigDto {
                api_key: identity.web_api_key.clone(),
                auth_domain: identity.auth_domain.clone(),
                project_id: identity.project_id.clone(),
                emulator_url: identity.emulator_public_url.clone(),
            }),
        };
    }
    config
}

/// Resolves on Ctrl-C or SIGTERM; in-flight requests then finish before the process exits.
async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::warn!("cannot listen for Ctrl-C: {e}");
            std::future::pending::<()>().await;
        }
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(e) => {
                tracing::warn!("cannot listen for SIGTERM: {e}");
                std::future::pending::<()>().await;
            }
        }
    };
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

#[cfg(test)]
mod tests {
    /// Page faults this process has taken so far (the tenth field after the command name in /proc/self/stat).
    fn minor_faults() -> u64 {
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        let after_name = stat.rfind(')').map_or("", |end| &stat[end + 1..]);
        after_name.split_whitespace().nth(8).and_then(|n| n.parse().ok()).unwrap_or(0)
    }

    /// The allocator options compiled in from .cargo/config.toml: brotli's zeroed tables (64 KiB to 1 MiB, one set
    /// for every answer compressed) come back from the thread's cache, not as fresh pages from the kernel.
    #[test]
    fn freed_blocks_up_to_a_mebibyte_are_reused_without_fresh_pages() {
        assert_eq!(tikv_jemalloc_ctl::opt::tcache_max::read().ok(), Some(1 << 20), "built with JEMALLOC_SYS_WITH_MALLOC_CONF");
        const BLOCK: usize = 256 * 1024;
        const ROUNDS: usize = 200;
        std::hint::black_box(vec![0u8; BLOCK]);
        let before = minor_faults();
        for round in 0..ROUNDS {
            let mut table = std::hint::black_box(vec![0u8; BLOCK]);
            // Every page written, as brotli's match tables are.
            for page in table.chunks_mut(4096) {
                page[0] = u8::try_from(round % 256).unwrap_or_default();
            }
            std::hint::black_box(&table);
        }
        let faults = minor_faults() - before;
        // Fresh pages every time would be ROUNDS * 64 faults (12,800); the default options measured 12,800.
        assert!(faults < (ROUNDS * BLOCK / 4096 / 10) as u64, "{faults} page faults for {ROUNDS} blocks of {BLOCK} bytes");
    }
}
