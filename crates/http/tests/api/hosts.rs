//! Emulator mode (unsigned identity tokens) answers only requests addressed to a loopback name, whatever the path:
//! a DNS-rebinding page reaches a loopback-only server with its own domain in `Host`. Without the emulator there is
//! no such check. Every request here goes over TCP to the real router, with the Host a browser would send.

use puronoboi_test_support::{Identity, TestApp, expect_json};
use reqwest::header::HOST;
use serde_json::json;

/// A built web app's index.html, so pages are served as well as the API.
fn web_dist() -> tempfile::TempDir {
    let dist = tempfile::tempdir().expect("a dir");
    std::fs::write(dist.path().join("index.html"), "<!doctype html><html><head><title>Puronoboi</title></head><body></body></html>")
        .expect("write");
    dist
}

fn port(app: &TestApp) -> String {
    app.address.rsplit(':').next().expect("a port").to_owned()
}

async fn get_as(app: &TestApp, host: &str, path: &str) -> reqwest::Response {
    app.client.get(app.url(path)).header(HOST, host).send().await.expect("answered")
}

#[tokio::test]
async fn in_emulator_mode_a_foreign_host_is_refused_on_every_path() {
    let dist = web_dist();
    let app = TestApp::builder().identity(Identity::Emulator).seeded().web_dist(dist.path().to_owned()).spawn().await;
    let port = port(&app);
    let (_, id_token) = app.sign_up("rebound@example.com", Some("Rebound")).await;

    for host in ["rebind.example".to_owned(), format!("rebind.example:{port}"), format!("127.0.0.1.rebind.example:{port}")] {
        // The reproduction: a rebinding page opening a session with an unsigned token it made up.
        let refused = app
            .client
            .post(app.url("/api/session"))
            .header(HOST, &host)
            .bearer_auth(&id_token)
            .json(&json!({ "accountType": "buyer" }))
            .send()
            .await
            .expect("answered");
        let body = expect_json(refused, 421, &format!("POST /api/session with Host {host}")).await;
        assert_eq!(body["error"]["code"], "misdirected_request", "{body}");
        assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains("localhost")), "{body}");
        assert_eq!(app.count("SELECT count(*) AS n FROM accounts WHERE email = 'rebound@example.com'").await, 0, "no account opened");

        for path in ["/api/health", "/api/config", "/api/categories", "/", "/shop", "/books/anything", "/no/such/page"] {
            let refused = get_as(&app, &host, path).await;
            let body = expect_json(refused, 421, &format!("GET {path} with Host {host}")).await;
            assert_eq!(body["error"]["code"], "misdirected_request", "{path}: {body}");
        }
    }

    for host in [format!("localhost:{port}"), format!("127.0.0.1:{port}"), format!("[::1]:{port}"), "localhost".to_owned()] {
        for path in ["/api/health", "/api/categories", "/", "/shop"] {
            assert_eq!(get_as(&app, &host, path).await.status(), 200, "GET {path} with Host {host}");
        }
    }
    let opened = app
        .client
        .post(app.url("/api/session"))
        .header(HOST, format!("localhost:{port}"))
        .bearer_auth(&id_token)
        .json(&json!({ "accountType": "buyer" }))
        .send()
        .await
        .expect("answered");
    let body = expect_json(opened, 200, "POST /api/session with Host localhost").await;
    assert!(body["accessToken"].is_string(), "{body}");
    assert_eq!(app.count("SELECT count(*) AS n FROM accounts WHERE email = 'rebound@example.com'").await, 1);
}

#[tokio::test]
async fn without_the_emulator_any_host_is_answered() {
    let dist = web_dist();
    let app = TestApp::builder().seeded().web_dist(dist.path().to_owned()).spawn().await;
    for host in ["shop.example", "rebind.example:8080", "localhost"] {
        for path in ["/api/health", "/api/categories", "/", "/shop"] {
            assert_eq!(get_as(&app, host, path).await.status(), 200, "GET {path} with Host {host}");
        }
    }
}
