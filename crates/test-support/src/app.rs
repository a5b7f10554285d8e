//! A TestApp: the real router on a random port over a fresh database, with a client pointed at it.

use std::path::PathBuf;
use std::sync::Arc;

use puronoboi_app::Storefront;
use puronoboi_http::{AppState, PublicConfigDto, StaticAssets};
use puronoboi_local_images::LocalPictureStore;
use puronoboi_postgres::PgStore;

use crate::cluster::TestDb;

pub struct TestApp {
    pub address: String,
    pub db: TestDb,
    pub store: PgStore,
    pub pictures: Arc<LocalPictureStore>,
    pub client: reqwest::Client,
    _images: tempfile::TempDir,
}

impl TestApp {
    /// Boots the app over an empty (migrated) database.
    pub async fn spawn() -> Self {
        Self::spawn_with_web(None).await
    }

    /// Boots the app serving the given built web app as well.
    pub async fn spawn_with_web(web_dist: Option<PathBuf>) -> Self {
        let db = TestDb::new().await;
        let store = PgStore::connect(&db.url, 4).expect("a pool");
        let images = tempfile::tempdir().expect("an images dir");
        let pictures = Arc::new(LocalPictureStore::new(images.path(), "/images"));
        let state = AppState {
            storefront: Storefront::new(Arc::new(store.clone())),
            readiness: Arc::new(store.clone()),
            public_config: Arc::new(PublicConfigDto::placeholder()),
        };
        let router = puronoboi_http::router(state, StaticAssets { web_dist, images_dir: images.path().to_owned() });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = format!("http://{}", listener.local_addr().expect("an address"));
        tokio::spawn(async move { axum::serve(listener, router).await });
        Self { address, db, store, pictures, client: reqwest::Client::new(), _images: images }
    }

    /// Boots the app and seeds the demo catalogue, as the first `just run` does.
    pub async fn spawn_seeded() -> Self {
        let app = Self::spawn().await;
        puronoboi_app::demo::seed_if_empty(&app.store, &app.store, app.pictures.as_ref()).await.expect("the demo catalogue seeds");
        app
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(format!("{}{path}", self.address)).send().await.expect("the request is answered")
    }

    /// GETs `path`, asserts the status, and decodes the JSON body.
    pub async fn get_json(&self, path: &str, status: u16) -> serde_json::Value {
        let response = self.get(path).await;
        let got = response.status().as_u16();
        let body = response.text().await.expect("a body");
        assert_eq!(got, status, "GET {path} answered {got}: {body}");
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("GET {path} is not JSON ({e}): {body}"))
    }
}
