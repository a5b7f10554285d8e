//! A TestApp: the real router on a random port over a fresh database, with a client pointed at it.

use std::num::NonZeroU32;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use puronoboi_app::handover_codes::HandoverCodes;
use puronoboi_app::orders::OrderExpiry;
use puronoboi_app::payments::Payments;
use puronoboi_app::tokens::{AccessTokens, SessionSecret};
use puronoboi_app::uploads::{UploadGate, Uploads};
use puronoboi_domain::{Email, Taka};
use puronoboi_firebase_verify::{EmulatorAdmin, FirebaseAdmin, FirebaseVerifier, VerifierMode};
use puronoboi_http::dto::{AuthConfigDto, AuthMode, FirebaseWebConfigDto};
use puronoboi_http::limits::{RateLimits, TrustedProxies};
use puronoboi_http::{BodyRules, PublicConfigDto, SecurityHeaders, SignInWiring, StaticAssets, Wiring};
use puronoboi_local_images::LocalImageHost;
use puronoboi_ports::{IdentityAdmin, IdentityVerifier, ImageHost, PaymentGateway};
use puronoboi_postgres::{CatalogueListener, ListenerSettings, PgStore};
use puronoboi_read_cache::CachedCatalogue;

use crate::cluster::TestDb;
use crate::emulator::{TEST_PROJECT_ID, emulator_host};

/// How the app under test verifies identity tokens.
#[derive(Debug, Clone, Default)]
pub enum Identity {
    /// Sign-in not configured.
    #[default]
    None,
    /// The real Firebase Auth emulator (a `demo-` project): real sign-ups, real unsigned tokens.
    Emulator,
    /// Production verification against a certificate endpoint (a wiremock server in tests).
    Production { project_id: String, certs_url: String },
}

#[derive(Default)]
pub struct TestAppBuilder {
    identity: Identity,
    admin_emails: Vec<String>,
    web_dist: Option<PathBuf>,
    seeded: bool,
    database: Option<TestDb>,
    uploads_per_minute: Option<NonZeroU32>,
    upload_gate: Option<UploadGate>,
    card_payments: bool,
    stripe_api_base: Option<String>,
    card_minimum: Option<i64>,
    order_periods: Option<puronoboi_app::orders::OrderPeriods>,
    catalogue_listener: Option<ListenerSettings>,
    rate_limits: Option<RateLimits>,
    trusted_proxies: Option<TrustedProxies>,
    body_rules: Option<BodyRules>,
}

impl TestAppBuilder {
    pub fn identity(mut self, identity: Identity) -> Self {
        self.identity = identity;
        self
    }

    pub fn admin_emails(mut self, emails: &[&str]) -> Self {
        self.admin_emails = emails.iter().map(|e| (*e).to_owned()).collect();
        self
    }

    pub fn web_dist(mut self, dist: PathBuf) -> Self {
        self.web_dist = Some(dist);
        self
    }

    /// Runs on another app's database: a second server instance, or the same data under another configuration.
    pub fn sharing_database_with(mut self, other: &TestApp) -> Self {
        self.database = Some(other.db.clone());
        self
    }

    /// Pictures one account may upload per minute (the server's default when not set).
    pub fn uploads_per_minute(mut self, per_minute: u32) -> Self {
        self.uploads_per_minute = Some(NonZeroU32::new(per_minute).expect("at least one upload a minute"));
        self
    }

    /// Replaces the production upload gate (for example with one slot and no queue).
    pub fn upload_gate(mut self, gate: UploadGate) -> Self {
        self.upload_gate = Some(gate);
        self
    }

    /// How the public-read cache's change listener checks and replaces its connection (the server's defaults when
    /// not set).
    pub fn catalogue_listener(mut self, settings: ListenerSettings) -> Self {
        self.catalogue_listener = Some(settings);
        self
    }

    /// Card payments through a localstripe started for the test run, with [`TEST_WEBHOOK_SECRET`].
    pub fn card_payments(mut self) -> Self {
        self.card_payments = true;
        self
    }

    /// Card payments against a Stripe API at `base` instead of localstripe (an address nothing answers at, to
    /// test a provider that is down).
    pub fn card_payments_at(mut self, base: &str) -> Self {
        self.card_payments = true;
        self.stripe_api_base = Some(base.to_owned());
        self
    }

    /// The lowest price offered for card payment (the server's default, 60 taka, when not set).
    /// How long orders wait for their handover (the defaults otherwise).
    pub fn order_periods(mut self, periods: puronoboi_app::orders::OrderPeriods) -> Self {
        self.order_periods = Some(periods);
        self
    }

    pub fn card_minimum(mut self, taka: i64) -> Self {
        self.card_minimum = Some(taka);
        self
    }

    /// The per-address and per-account limits (the server's defaults when not set). Tests that race many buyers
    /// from one address set what they need, e.g. `RateLimits::OFF`.
    pub fn rate_limits(mut self, limits: RateLimits) -> Self {
        self.rate_limits = Some(limits);
        self
    }

    /// Whose `X-Forwarded-For` is believed (nobody's when not set, as in production).
    pub fn trusted_proxies(mut self, proxies: &str) -> Self {
        self.trusted_proxies = Some(TrustedProxies::parse(proxies).expect("trusted proxies"));
        self
    }

    /// How slowly a request body may arrive (the server's defaults when not set).
    pub fn body_rules(mut self, rules: BodyRules) -> Self {
        self.body_rules = Some(rules);
        self
    }

    /// Seeds the demo catalogue, as the first `just run` does.
    pub fn seeded(mut self) -> Self {
        self.seeded = true;
        self
    }

    pub async fn spawn(self) -> TestApp {
        let db = match self.database {
            Some(db) => db,
            None => TestDb::new().await,
        };
        let store = PgStore::connect(&db.url, 8).expect("a pool");
        let images_dir = tempfile::tempdir().expect("an images dir");
        let pictures = Arc::new(LocalImageHost::new(images_dir.path(), "/images"));
        let images: Arc<dyn ImageHost> = pictures.clone();
        let http = reqwest::Client::new();

        // As in production, the emulator's address is also the one browsers are told about.
        let mut emulator_url = None;
        let mut identity_admin: Option<Arc<dyn IdentityAdmin>> = None;
        let (identity, emulator): (Option<Arc<dyn IdentityVerifier>>, Option<EmulatorAdmin>) = match self.identity {
            Identity::None => (None, None),
            Identity::Emulator => {
                let host = emulator_host().await;
                emulator_url = Some(format!("http://{host}"));
                let verifier = FirebaseVerifier::from_mode(VerifierMode::emulator(TEST_PROJECT_ID, host.clone()), http.clone())
                    .expect("an emulator verifier");
                // As the server does in emulator mode: ended sign-ins are revoked on the emulator too.
                identity_admin = Some(Arc::new(FirebaseAdmin::emulator(TEST_PROJECT_ID, &host, http.clone()).expect("an emulator admin")));
                let admin = EmulatorAdmin::new(TEST_PROJECT_ID, host, http.clone()).expect("an emulator admin");
                (Some(Arc::new(verifier)), Some(admin))
            }
            Identity::Production { project_id, certs_url } => {
                let mode = VerifierMode::Production { project_id, certs_url };
                (Some(Arc::new(FirebaseVerifier::from_mode(mode, http.clone()).expect("a production verifier"))), None)
            }
        };
        let secret = test_session_secret();
        let sign_in = identity.map(|verifier| SignInWiring {
            verifier,
            tokens: AccessTokens::new(&secret, Duration::from_secs(900)).expect("keys"),
            handover_codes: HandoverCodes::new(&secret),
            admin_emails: self.admin_emails.iter().map(|e| Email::parse(e).expect("an admin e-mail")).collect(),
            identity_admin,
        });
        let signs_in = sign_in.is_some();

        if self.seeded {
            puronoboi_demo::seed_if_empty(&store, &store, &store, &store, pictures.as_ref()).await.expect("the demo catalogue seeds");
        }
        let shared = Arc::new(store.clone());
        // Public reads go through the cache, invalidated by the database's change notifications, as in production.
        let catalogue_cache = Arc::new(CachedCatalogue::new(shared.clone(), 16 * 1024 * 1024, puronoboi_read_cache::DEFAULT_WINDOW));
        let catalogue_listener =
            CatalogueListener::spawn(&db.url, Arc::new(catalogue_cache.invalidation()), self.catalogue_listener.unwrap_or_default())
                .expect("a catalogue listener");
        let localstripe = match (self.card_payments, self.stripe_api_base) {
            (false, _) => None,
            (true, Some(base)) => Some(base),
            (true, None) => Some(crate::localstripe::localstripe_url().await),
        };
        let payment_gateway: Option<Arc<dyn PaymentGateway>> = localstripe.as_ref().map(|base| {
            let config = puronoboi_stripe::StripeConfig {
                secret_key: TEST_STRIPE_SECRET_KEY.to_owned(),
                webhook_secret: TEST_WEBHOOK_SECRET.to_owned(),
                api_base: base.clone(),
            };
            Arc::new(puronoboi_stripe::StripeGateway::new(config, http.clone())) as Arc<dyn PaymentGateway>
        });
        let card_minimum = Taka::new(self.card_minimum.unwrap_or(60)).expect("a card minimum in taka");
        let mut public_config = PublicConfigDto::placeholder();
        public_config.payments.card_minimum_taka = card_minimum.amount();
        if let Some(emulator_url) = emulator_url {
            // Emulator mode as the server sets it up, with what comes with it (the loopback-only Host check).
            public_config.auth = AuthConfigDto {
                mode: AuthMode::Emulator,
                firebase: Some(FirebaseWebConfigDto {
                    api_key: "fake-api-key".to_owned(),
                    auth_domain: format!("{TEST_PROJECT_ID}.firebaseapp.com"),
                    project_id: TEST_PROJECT_ID.to_owned(),
                    emulator_url: Some(emulator_url),
                }),
            };
        }
        let security = SecurityHeaders::for_config(&public_config, &[], false);
        let state = puronoboi_http::build_state(Wiring {
            catalogue: catalogue_cache.clone(),
            search: shared.clone(),
            catalogue_writer: shared.clone(),
            seller_listings: shared.clone(),
            admin: shared.clone(),
            accounts: shared.clone(),
            orders: shared.clone(),
            wish_lists: shared.clone(),
            reviews: shared.clone(),
            reports: shared.clone(),
            payment_gateway: payment_gateway.clone(),
            card_minimum,
            order_periods: self.order_periods.unwrap_or_default(),
            images,
            upload_quota: shared.clone(),
            uploads_per_minute: self
                .uploads_per_minute
                .unwrap_or(NonZeroU32::new(Uploads::DEFAULT_PER_MINUTE).expect("the default is not zero")),
            upload_gate: self.upload_gate.unwrap_or_default(),
            readiness: shared,
            sign_in,
            public_config,
            local_writes: Some(Arc::new(catalogue_cache.invalidation())),
            rendered_bytes: puronoboi_http::RENDERED_BYTES,
            rate_limits: self.rate_limits.unwrap_or_default(),
            trusted_proxies: self.trusted_proxies.unwrap_or_default(),
            body_rules: self.body_rules.unwrap_or_default(),
        });
        let assets = StaticAssets { web_dist: self.web_dist, images_dir: images_dir.path().to_owned() };
        let router = puronoboi_http::router(state, assets, &security);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = format!("http://{}", listener.local_addr().expect("an address"));
        // Served as the server is, with each connection's peer address: the rate limits count by it.
        tokio::spawn(async move { axum::serve(listener, router.into_make_service_with_connect_info::<std::net::SocketAddr>()).await });
        let session_secret = signs_in.then_some(secret);
        TestApp {
            address,
            db,
            store,
            pictures,
            session_secret,
            emulator,
            localstripe,
            payment_gateway,
            card_minimum,
            client: reqwest::Client::new(),
            catalogue_cache,
            _catalogue_listener: catalogue_listener,
            _images: images_dir,
        }
    }
}

pub struct TestApp {
    pub address: String,
    pub db: TestDb,
    pub store: PgStore,
    pub pictures: Arc<LocalImageHost>,
    /// The secret the app signs access tokens with (when sign-in is configured), for tests that mint tokens.
    pub session_secret: Option<SessionSecret>,
    /// Sign-ups and sign-ins on the emulator (with `Identity::Emulator`).
    pub emulator: Option<EmulatorAdmin>,
    /// localstripe's base URL (with `card_payments()`).
    pub localstripe: Option<String>,
    /// The payment provider the app pays through (with `card_payments()`).
    pub payment_gateway: Option<Arc<dyn PaymentGateway>>,
    pub card_minimum: Taka,
    pub client: reqwest::Client,
    /// The public reads' cache, to see whether it is serving copies.
    pub catalogue_cache: Arc<CachedCatalogue>,
    _catalogue_listener: CatalogueListener,
    _images: tempfile::TempDir,
}

impl TestApp {
    pub fn builder() -> TestAppBuilder {
        TestAppBuilder::default()
    }

    /// Boots the app over an empty (migrated) database.
    pub async fn spawn() -> Self {
        Self::builder().spawn().await
    }

    /// Boots the app serving the given built web app as well.
    pub async fn spawn_with_web(web_dist: Option<PathBuf>) -> Self {
        let builder = Self::builder();
        match web_dist {
            Some(dist) => builder.web_dist(dist).spawn().await,
            None => builder.spawn().await,
        }
    }

    /// Boots the app and seeds the demo catalogue, as the first `just run` does.
    pub async fn spawn_seeded() -> Self {
        Self::builder().seeded().spawn().await
    }

    /// The order expiry sweep as the server runs it, over this app's database and payment provider (held orders
    /// lapse after the default handover period).
    pub fn order_expiry(&self, hold: Duration) -> OrderExpiry {
        let payments = Payments::new(self.payment_gateway.clone(), Arc::new(self.store.clone()), self.card_minimum);
        OrderExpiry::new(Arc::new(self.store.clone()), payments, hold)
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.expect("the request is answered")
    }

    /// Calls the API as a client would: `token` as the bearer, `body` as JSON. Answers whatever the server answers.
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<&serde_json::Value>,
    ) -> reqwest::Response {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        request.send().await.expect("the request is answered")
    }

    /// GETs `path`, asserts the status, and decodes the JSON body.
    pub async fn get_json(&self, path: &str, status: u16) -> serde_json::Value {
        let response = self.get(path).await;
        expect_json(response, status, &format!("GET {path}")).await
    }

    /// Access tokens signed as the app signs them, with the given lifetime (tests mint expired or foreign ones).
    pub fn access_tokens(&self) -> AccessTokens {
        AccessTokens::new(self.session_secret.as_ref().expect("sign-in is configured"), Duration::from_secs(900)).expect("keys")
    }

    pub fn emulator(&self) -> &EmulatorAdmin {
        self.emulator.as_ref().expect("the app was built with Identity::Emulator")
    }

    /// Signs up a fresh identity on the emulator; answers its uid and ID token.
    pub async fn sign_up(&self, email: &str, name: Option<&str>) -> (String, String) {
        self.emulator().sign_up(email, "correct horse battery", name).await.expect("an emulator sign-up")
    }

    /// `POST /api/session` with an ID token and a JSON body; answers (status, body).
    pub async fn open_session(&self, id_token: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
        let response = self.client.post(self.url("/api/session")).bearer_auth(id_token).json(&body).send().await.expect("answered");
        let status = response.status().as_u16();
        (status, response.json().await.expect("a JSON body"))
    }

    /// A fresh emulator identity with an account of the requested type; answers our access token.
    pub async fn signed_in(&self, email: &str, account_type: &str) -> String {
        let (_, id_token) = self.sign_up(email, Some("Test Person")).await;
        let (status, body) = self.open_session(&id_token, serde_json::json!({ "accountType": account_type })).await;
        assert_eq!(status, 200, "{body}");
        body["accessToken"].as_str().expect("an access token").to_owned()
    }

    /// A fresh emulator identity whose address is verified (so it becomes admin when listed in `admin_emails`);
    /// answers our access token.
    pub async fn signed_in_verified(&self, email: &str, account_type: &str) -> String {
        use puronoboi_ports::DemoIdentities as _;
        let login = puronoboi_ports::DemoLogin {
            email: email.to_owned(),
            password: "correct horse battery".into(),
            display_name: "Test Person".into(),
        };
        self.emulator().ensure_password_user(&login).await.expect("a verified identity");
        let id_token = self.emulator().sign_in_with_password(email, "correct horse battery").await.expect("signs in");
        let (status, body) = self.open_session(&id_token, serde_json::json!({ "accountType": account_type })).await;
        assert_eq!(status, 200, "{body}");
        body["accessToken"].as_str().expect("an access token").to_owned()
    }

    /// Runs `SELECT count(*) AS n ...` (the query must name its count `n`) on the app's database: tests check
    /// what a refused call did not change.
    pub async fn count(&self, sql: &str) -> i64 {
        use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
        #[derive(diesel::QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let mut conn = diesel_async::AsyncPgConnection::establish(&self.db.url).await.expect("connect");
        let rows: Vec<Count> = diesel::sql_query(sql).load(&mut conn).await.expect("a count query");
        rows.into_iter().next().map(|row| row.n).expect("one row")
    }

    /// Runs a statement that answers no rows (an `UPDATE` that moves an order into the past, say) on the app's
    /// database; answers how many rows it touched.
    pub async fn execute(&self, sql: &str) -> usize {
        use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
        let mut conn = diesel_async::AsyncPgConnection::establish(&self.db.url).await.expect("connect");
        diesel::sql_query(sql).execute(&mut conn).await.expect("a statement")
    }

    /// `GET /api/me` with an access token; answers the account's id.
    pub async fn account_id(&self, access_token: &str) -> String {
        let response = self.client.get(self.url("/api/me")).bearer_auth(access_token).send().await.expect("answered");
        expect_json(response, 200, "GET /api/me").await["id"].as_str().expect("an id").to_owned()
    }
}

/// The Stripe secret key test apps use with localstripe (which accepts any `sk_` key).
pub const TEST_STRIPE_SECRET_KEY: &str = "sk_test_puronoboi";
/// The publishable key browsers and tests tokenise cards with on localstripe.
pub const TEST_STRIPE_PUBLISHABLE_KEY: &str = "pk_test_puronoboi";
/// The webhook signing secret of every test app with card payments.
pub const TEST_WEBHOOK_SECRET: &str = "whsec_puronoboi_test_webhook_secret";

/// The session secret of every test app: fixed, so a failing test's tokens can be decoded by hand.
pub fn test_session_secret() -> SessionSecret {
    SessionSecret::parse("5f1c3a9e7b2d4f608a1e3c5b7d9f2a4c6e8b0d1f3a5c7e9b2d4f6a8c0e1b3d5f").expect("a valid test secret")
}

pub async fn expect_json(response: reqwest::Response, status: u16, what: &str) -> serde_json::Value {
    let got = response.status().as_u16();
    let body = response.text().await.expect("a body");
    assert_eq!(got, status, "{what} answered {got}: {body}");
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{what} is not JSON ({e}): {body}"))
}
