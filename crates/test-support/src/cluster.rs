//! The throwaway cluster and the per-test databases cloned from a migrated template.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;

use anyhow::{Context as _, bail};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use tokio::sync::OnceCell;

const TEMPLATE: &str = "puronoboi_template";
/// Serialises template creation across test processes sharing one cluster.
const TEMPLATE_LOCK: i64 = 0x7075_726f_6e6f;

static CLUSTER_URL: OnceCell<String> = OnceCell::const_new();
static TEMPLATE_READY: OnceCell<()> = OnceCell::const_new();

/// A fresh, migrated database of its own for one test, dropped when the test ends (when the last copy of this
/// handle goes: a `TestApp` sharing another's database keeps it).
#[derive(Debug, Clone)]
pub struct TestDb {
    pub url: String,
    pub name: String,
    _dropped_with_the_last_copy: Arc<DropDatabase>,
}

/// Drops a test's database. A whole API run clones a few hundred of them; without this they stay until the cluster
/// goes at the end of the run, and a developer's long-lived cluster (`PURONOBOI_TEST_PG_URL`) fills up.
#[derive(Debug)]
struct DropDatabase {
    cluster: String,
    name: String,
}

impl Drop for DropDatabase {
    fn drop(&mut self) {
        let admin_url = format!("{}/postgres", self.cluster);
        // FORCE: the test's pools may still hold connections. IF EXISTS: a test may have dropped it itself.
        let statement = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
        // Drop cannot wait, and the test's runtime is ending (or is a current-thread one that waiting here would
        // block), so the database is dropped on a thread of its own. A database still there when the process exits
        // goes with the cluster.
        let dropping = std::thread::Builder::new().name("drop-test-db".into()).spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread().enable_all().build() else { return };
            runtime.block_on(async {
                if let Ok(mut admin) = AsyncPgConnection::establish(&admin_url).await {
                    let _ = diesel::sql_query(statement).execute(&mut admin).await;
                }
            });
        });
        drop(dropping);
    }
}

impl TestDb {
    pub async fn new() -> Self {
        let cluster = CLUSTER_URL.get_or_try_init(cluster_url).await.expect("a throwaway PostgreSQL cluster");
        TEMPLATE_READY.get_or_try_init(|| ensure_template(cluster)).await.expect("the migrated template database");
        let name = format!("test_{}", uuid::Uuid::new_v4().simple());
        let mut admin = AsyncPgConnection::establish(&format!("{cluster}/postgres")).await.expect("connect to the cluster");
        diesel::sql_query(format!("CREATE DATABASE {name} TEMPLATE {TEMPLATE}"))
            .execute(&mut admin)
            .await
            .expect("clone the template database");
        let dropper = Arc::new(DropDatabase { cluster: cluster.clone(), name: name.clone() });
        Self { url: format!("{cluster}/{name}"), name, _dropped_with_the_last_copy: dropper }
    }

    /// The cluster without a database name, for tests that create databases of their own.
    pub async fn cluster_url() -> String {
        CLUSTER_URL.get_or_try_init(cluster_url).await.expect("a throwaway PostgreSQL cluster").clone()
    }
}

async fn cluster_url() -> anyhow::Result<String> {
    if let Ok(url) = std::env::var("PURONOBOI_TEST_PG_URL") {
        return Ok(url.trim_end_matches('/').to_owned());
    }
    tokio::task::spawn_blocking(start_private_cluster).await.context("starting the cluster panicked")?
}

/// Starts a cluster that lives as long as this test process: the script's watchdog removes it afterwards.
fn start_private_cluster() -> anyhow::Result<String> {
    let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let datadir = std::env::temp_dir().join(format!("puronoboi-test-pg-{}-{port}", std::process::id()));
    let script = workspace_root().join("scripts/pg-cluster.sh");
    let out = Command::new("bash")
        .arg(&script)
        .args(["start"])
        .arg(&datadir)
        .arg(port.to_string())
        .args(["--ephemeral", "--owner-pid", &std::process::id().to_string()])
        .output()
        .with_context(|| format!("running {}", script.display()))?;
    if !out.status.success() {
        bail!("{} failed: {}", script.display(), String::from_utf8_lossy(&out.stderr));
    }
    Ok(String::from_utf8(out.stdout)?.trim().to_owned())
}

async fn ensure_template(cluster: &String) -> anyhow::Result<()> {
    let mut admin = AsyncPgConnection::establish(&format!("{cluster}/postgres")).await?;
    diesel::sql_query(format!("SELECT pg_advisory_lock({TEMPLATE_LOCK})")).execute(&mut admin).await?;
    let result = async {
        let exists = diesel::sql_query(format!("SELECT 1 FROM pg_database WHERE datname = '{TEMPLATE}'")).execute(&mut admin).await?;
        if exists == 0 {
            diesel::sql_query(format!("CREATE DATABASE {TEMPLATE}")).execute(&mut admin).await?;
            puronoboi_postgres::run_migrations(&format!("{cluster}/{TEMPLATE}")).await?;
        }
        anyhow::Ok(())
    }
    .await;
    diesel::sql_query(format!("SELECT pg_advisory_unlock({TEMPLATE_LOCK})")).execute(&mut admin).await?;
    result
}

pub(crate) fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    async fn exists(name: &str) -> bool {
        let mut admin = AsyncPgConnection::establish(&format!("{}/postgres", TestDb::cluster_url().await)).await.expect("connect");
        let rows = diesel::sql_query(format!("SELECT 1 FROM pg_database WHERE datname = '{name}'")).execute(&mut admin).await;
        rows.expect("pg_database") == 1
    }

    #[tokio::test]
    async fn a_test_database_is_dropped_with_its_last_handle() {
        let db = TestDb::new().await;
        let copy = db.clone();
        let name = db.name.clone();
        drop(db);
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(exists(&name).await, "a copy of the handle keeps the database");

        drop(copy);
        let deadline = Instant::now() + Duration::from_secs(10);
        while exists(&name).await {
            assert!(Instant::now() < deadline, "{name} is still there 10 s after its last handle went");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}
