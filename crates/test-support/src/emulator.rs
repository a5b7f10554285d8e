//! The Firebase Auth emulator for a test run: `just test` starts one and passes `PURONOBOI_TEST_AUTH_EMULATOR`
//! (host:port); a test binary run alone starts its own, stopped when the process exits.

use std::net::TcpListener;
use std::process::Command;

use anyhow::{Context as _, bail};
use tokio::sync::OnceCell;

use crate::cluster::workspace_root;

/// The project the test emulator serves; `demo-` is what allows unsigned tokens.
pub const TEST_PROJECT_ID: &str = "demo-puronoboi";

static EMULATOR_HOST: OnceCell<String> = OnceCell::const_new();

pub async fn emulator_host() -> String {
    EMULATOR_HOST.get_or_try_init(start_or_reuse).await.expect("a Firebase Auth emulator").clone()
}

async fn start_or_reuse() -> anyhow::Result<String> {
    if let Ok(host) = std::env::var("PURONOBOI_TEST_AUTH_EMULATOR") {
        return Ok(host);
    }
    tokio::task::spawn_blocking(|| {
        // The emulator also takes port+1 and port+2 (hub and logging); look for three free ports in a row.
        let port = (0..50)
            .find_map(|_| {
                let port = TcpListener::bind("127.0.0.1:0").ok()?.local_addr().ok()?.port();
                let free = (1..=2).all(|d| port.checked_add(d).is_some_and(|p| TcpListener::bind(("127.0.0.1", p)).is_ok()));
                free.then_some(port)
            })
            .context("no three free ports in a row")?;
        let workdir = std::env::temp_dir().join(format!("puronoboi-test-auth-{}-{port}", std::process::id()));
        let script = workspace_root().join("scripts/auth-emulator.sh");
        let out = Command::new("bash")
            .arg(&script)
            .arg("start")
            .arg(&workdir)
            .arg(port.to_string())
            .args(["--owner-pid", &std::process::id().to_string()])
            .env("FIREBASE_PROJECT_ID", TEST_PROJECT_ID)
            .output()
            .with_context(|| format!("running {}", script.display()))?;
        if !out.status.success() {
            bail!("{} failed: {}", script.display(), String::from_utf8_lossy(&out.stderr));
        }
        Ok(String::from_utf8(out.stdout)?.trim().to_owned())
    })
    .await?
}
