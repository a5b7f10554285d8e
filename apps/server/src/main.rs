//! The Puronoboi server: reads configuration, wires adapters into use cases, migrates, serves.

mod config;

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context as _;
use puronoboi_app::Storefront;
use puronoboi_http::{AppState, PublicConfigDto, StaticAssets};
use puronoboi_local_images::LocalPictureStore;
use puronoboi_postgres::PgStore;
use tracing_subscriber::EnvFilter;

use crate::config::Config;

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
    if json { builder.json().init() } else { builder.init() }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    puronoboi_postgres::run_migrations(&config.database_url).await.context("migrating the database")?;
    let store = PgStore::connect(&config.database_url, config.database_pool_size)?;
    let pictures = LocalPictureStore::new(&config.images_dir, "/images");

    if config.seed_demo
        && let Some(report) = puronoboi_app::demo::seed_if_empty(&store, &store, &pictures).await.context("seeding the demo catalogue")?
    {
        tracing::info!(categories = report.categories, books = report.books, sellers = report.sellers, "demo catalogue seeded");
    }

    let state = AppState {
        storefront: Storefront::new(Arc::new(store.clone())),
        readiness: Arc::new(store),
        public_config: Arc::new(PublicConfigDto::placeholder()),
    };
    let assets = StaticAssets { web_dist: config.web_dist.clone(), images_dir: config.images_dir.clone() };
    let app = puronoboi_http::router(state, assets);

    let listener = tokio::net::TcpListener::bind(config.listen).await.with_context(|| format!("listening on {}", config.listen))?;
    tracing::info!(address = %config.listen, web = ?config.web_dist, "Puronoboi is serving");
    axum::serve(listener, app).with_graceful_shutdown(shutdown_signal()).await.context("serving HTTP")?;
    tracing::info!("stopped cleanly");
    Ok(())
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
