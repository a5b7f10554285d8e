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
        })
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
