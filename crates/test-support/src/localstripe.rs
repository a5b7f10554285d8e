//! localstripe, the local stand-in for Stripe, for a test run: `just test` (scripts/with-test-services.sh) starts one
//! and passes `PURONOBOI_TEST_LOCALSTRIPE` (its base URL, `http://127.0.0.1:PORT`); a test binary run alone starts its
//! own with scripts/localstripe.sh, stopped when the process exits.
//!
//! Tests share the instance, so each works with its own payments and its own webhook id. It needs only std, tokio,
//! anyhow, serde_json and reqwest (with its `form` feature), so an adapter's tests can include this file (`#[path]`) without building the whole harness.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context as _, bail};
use tokio::sync::OnceCell;

static LOCALSTRIPE_URL: OnceCell<String> = OnceCell::const_new();

/// localstripe's base URL, started on first use.
pub async fn localstripe_url() -> String {
    LOCALSTRIPE_URL.get_or_try_init(start_or_reuse).await.expect("a localstripe").clone()
}

/// Makes localstripe deliver `payment_intent.succeeded` events to `url`, signed with `secret` (a `whsec_...`), under
/// the name `id` (registering the same id again replaces it). localstripe delivers every event to every registered
/// webhook about a second after it happens.
pub async fn register_webhook(base: &str, id: &str, url: &str, secret: &str) {
    // localstripe's config_webhook (server.py) reads a form: url and secret, and events[] to narrow the types.
    let body = reqwest::Url::parse_with_params(
        "http://form.invalid/",
        [("url", url), ("secret", secret), ("events[]", "payment_intent.succeeded")],
    )
    .expect("a form")
    .query()
    .unwrap_or_default()
    .to_owned();
    let response = reqwest::Client::new()
        .post(format!("{base}/_config/webhooks/{id}"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .expect("localstripe answers");
    assert!(response.status().is_success(), "registering webhook {id} on localstripe: {}", response.status());
}

/// A card token made the way Stripe.js's `createToken` makes one in the browser, with the publishable key: what a
/// buyer sends to pay.
pub async fn card_token(base: &str, publishable_key: &str, number: &str) -> String {
    let form =
        [("key", publishable_key), ("card[number]", number), ("card[exp_month]", "12"), ("card[exp_year]", "2034"), ("card[cvc]", "123")];
    let response = reqwest::Client::new().post(format!("{base}/v1/tokens")).form(&form).send().await.expect("localstripe answers");
    assert!(response.status().is_success(), "POST /v1/tokens on localstripe: {}", response.status());
    let token: serde_json::Value = response.json().await.expect("JSON");
    token["id"].as_str().expect("a card token").to_owned()
}

async fn start_or_reuse() -> anyhow::Result<String> {
    if let Ok(url) = std::env::var("PURONOBOI_TEST_LOCALSTRIPE") {
        return Ok(url.trim_end_matches('/').to_owned());
    }
    tokio::task::spawn_blocking(|| {
        let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
        let workdir = std::env::temp_dir().join(format!("puronoboi-test-localstripe-{}-{port}", std::process::id()));
        let script = scripts_dir()?.join("localstripe.sh");
        let out = Command::new("bash")
            .arg(&script)
            .arg("start")
            .arg(&workdir)
            .arg(port.to_string())
            .args(["--owner-pid", &std::process::id().to_string()])
            .output()
            .with_context(|| format!("running {}", script.display()))?;
        if !out.status.success() {
            bail!("{} failed: {}", script.display(), String::from_utf8_lossy(&out.stderr));
        }
        Ok(String::from_utf8(out.stdout)?.trim().to_owned())
    })
    .await?
}

/// The repository's scripts/, found upwards from the crate that includes this file.
fn scripts_dir() -> anyhow::Result<PathBuf> {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("scripts"))
        .find(|scripts| scripts.join("localstripe.sh").is_file())
        .context("no scripts/localstripe.sh above this crate")
}
