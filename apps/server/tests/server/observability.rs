//! The real server binary's operational outputs: with LOG_FORMAT=json every log line of a request carries that
//! request's id (the caller's `x-request-id`, or the one the server made up and sent back), and Prometheus metrics
//! are served on METRICS_ADDR only when it is set (unset: the process listens on its site port alone).

use std::collections::HashSet;
use std::process::Stdio;
use std::time::{Duration, Instant};

use puronoboi_test_support::TestDb;
use serde_json::Value;

use crate::running::{Server, free_port, server_command};

/// Starts the server over a fresh database (dropped with the answer's `TestDb`), logging JSON (with tower_http's
/// per-request lines) to a file.
async fn start(scratch: &std::path::Path, metrics_addr: Option<&str>) -> (Server, TestDb) {
    let db = TestDb::new().await;
    let port = free_port();
    let log = scratch.join(format!("server-{port}.log"));
    let mut command = server_command();
    command
        .env("DATABASE_URL", &db.url)
        .env("HOST", "127.0.0.1")
        .env("PORT", port.to_string())
        .env("IMAGES_DIR", scratch.join("images"))
        .env("LOG_FORMAT", "json")
        .env("RUST_LOG", "info,tower_http=debug")
        .stdout(std::fs::File::create(&log).expect("a log file"))
        .stderr(Stdio::inherit());
    if let Some(address) = metrics_addr {
        command.env("METRICS_ADDR", address);
    }
    (Server::start(command, port, log).await, db)
}

/// The TCP ports the process listens on: its socket inodes matched against the kernel's LISTEN sockets.
fn listening_ports(pid: u32) -> HashSet<u16> {
    let inodes: HashSet<String> = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .expect("the server's descriptors")
        .filter_map(|entry| std::fs::read_link(entry.ok()?.path()).ok())
        .filter_map(|target| target.to_str()?.strip_prefix("socket:[")?.strip_suffix(']').map(str::to_owned))
        .collect();
    let mut ports = HashSet::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        for line in std::fs::read_to_string(table).unwrap_or_default().lines().skip(1) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            // local_address is HEXIP:HEXPORT, st 0A is LISTEN, the inode is the tenth column.
            if fields.len() > 9 && fields[3] == "0A" && inodes.contains(fields[9]) {
                let port = fields[1].rsplit(':').next().and_then(|p| u16::from_str_radix(p, 16).ok()).expect("a port");
                ports.insert(port);
            }
        }
    }
    ports
}

fn port_of(address: &str) -> u16 {
    address.rsplit(':').next().and_then(|p| p.parse().ok()).expect("a port")
}

#[tokio::test]
async fn json_logs_carry_the_request_id_and_metrics_are_served_only_on_metrics_addr() {
    let scratch = tempfile::tempdir().expect("a scratch dir");
    let metrics_port = free_port();
    let (server, _db) = start(scratch.path(), Some(&format!("127.0.0.1:{metrics_port}"))).await;
    let client = reqwest::Client::new();

    let given = format!("obs-{}", uuid::Uuid::new_v4().simple());
    let book = uuid::Uuid::new_v4();
    let answered =
        client.get(format!("{}/api/books/{book}", server.address)).header("x-request-id", &given).send().await.expect("answered");
    assert_eq!(answered.status(), 404);
    assert_eq!(answered.headers()["x-request-id"], given.as_str(), "the caller's id is sent back");
    let made_up = client.get(format!("{}/api/health", server.address)).send().await.expect("answered");
    let made_up = made_up.headers()["x-request-id"].to_str().expect("an id").to_owned();
    assert!(uuid::Uuid::parse_str(&made_up).is_ok(), "the server makes up a UUID when the caller sends none: {made_up}");

    // tower_http logs "finished processing request" once the response is on its way; give it a moment.
    let deadline = Instant::now() + Duration::from_secs(10);
    let lines = loop {
        let lines: Vec<Value> = server
            .log()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}")))
            .collect();
        let done =
            |id: &str| lines.iter().any(|l| l["span"]["request_id"] == id && l["fields"]["message"] == "finished processing request");
        if done(&given) && done(&made_up) {
            break lines;
        }
        assert!(Instant::now() < deadline, "no finished request lines for {given} and {made_up}:\n{}", server.log());
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let of_requests: Vec<&Value> = lines.iter().filter(|l| l["span"]["name"] == "request").collect();
    for line in &of_requests {
        let id = line["span"]["request_id"].as_str().unwrap_or_default();
        assert!(!id.is_empty() && id != "-", "a request's log line without its id: {line}");
        assert!(line["spans"].as_array().is_some_and(|s| s.iter().any(|s| s["request_id"] == id)), "{line}");
    }
    let of_given: Vec<&&Value> = of_requests.iter().filter(|l| l["span"]["request_id"] == given.as_str()).collect();
    assert!(of_given.len() >= 2, "started and finished lines for {given}: {of_given:?}");
    assert!(of_given.iter().all(|l| l["span"]["uri"] == format!("/api/books/{book}")), "{of_given:?}");

    // Metrics: on their own port, by route template.
    let scraped = client.get(format!("http://127.0.0.1:{metrics_port}/metrics")).send().await.expect("the metrics answer");
    assert_eq!(scraped.status(), 200);
    let text = scraped.text().await.expect("a body");
    assert!(text.contains(r#"http_requests_total{method="GET",route="/api/books/{id}",status="404"} 1"#), "{text}");
    assert!(text.contains(r#"db_pool_connections{state="idle"}"#), "{text}");
    for zero in
        ["orders_placed_total 0", "payments_recorded_total 0", "refunds_total 0", r#"identity_revocations_total{outcome="failed"} 0"#]
    {
        assert!(text.lines().any(|l| l == zero), "business counters are shown before their first event: {text}");
    }
    assert!(!text.contains(&book.to_string()), "a raw id became a label: {text}");
    let site = client.get(format!("{}/metrics", server.address)).send().await.expect("answered");
    assert!(!site.text().await.expect("a body").contains("http_requests_total"), "the site does not serve metrics");
    let ports = listening_ports(server.pid());
    assert_eq!(ports, HashSet::from([port_of(&server.address), metrics_port]), "the site and the metrics listener");
}

#[tokio::test]
async fn without_metrics_addr_nothing_else_listens() {
    let scratch = tempfile::tempdir().expect("a scratch dir");
    let (server, _db) = start(scratch.path(), None).await;
    assert_eq!(listening_ports(server.pid()), HashSet::from([port_of(&server.address)]), "the site's port alone");
    let site = reqwest::get(format!("{}/metrics", server.address)).await.expect("answered");
    assert_eq!(site.status(), 404);
}

#[test]
fn a_metrics_addr_that_is_not_an_address_is_refused_at_start() {
    for bad in ["9100", "localhost:9100", "127.0.0.1:8080"] {
        let output = server_command()
            .env("DATABASE_URL", "postgres://nobody@127.0.0.1:9/none")
            .env("PORT", "8080")
            .env("METRICS_ADDR", bad)
            .output()
            .expect("the server binary runs");
        assert!(!output.status.success(), "{bad} was accepted");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains("METRICS_ADDR"), "{bad}: {message}");
        assert!(!message.contains("database"), "refused before touching the database: {message}");
    }
}
