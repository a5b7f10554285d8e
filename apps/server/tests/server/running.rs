//! A server binary started for one test, killed when the test ends, however it ends.

use std::io::{BufRead as _, BufReader};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

pub struct Server {
    child: Child,
    log: PathBuf,
    /// `http://127.0.0.1:<port>`.
    pub address: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server binary with an empty environment but `PATH`: a test sets every variable the server reads.
pub fn server_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puronoboi-server"));
    command.env_clear().env("PATH", std::env::var_os("PATH").unwrap_or_default());
    command
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("an address").port()
}

impl Server {
    /// Starts `command`, which listens on 127.0.0.1:`port` and writes its log to `log`, and waits until it is healthy.
    pub async fn start(mut command: Command, port: u16, log: PathBuf) -> Self {
        let server = Self { child: command.spawn().expect("the server binary starts"), log, address: format!("http://127.0.0.1:{port}") };
        let client = reqwest::Client::new();
        let deadline = Instant::now() + Duration::from_secs(60);
        while !client.get(format!("{}/api/health", server.address)).send().await.is_ok_and(|r| r.status().is_success()) {
            assert!(Instant::now() < deadline, "the server did not come up:\n{}", server.log_tail());
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        server
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The whole log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The end of the log, for a failure message.
    pub fn log_tail(&self) -> String {
        let lines: Vec<String> =
            std::fs::File::open(&self.log).map(|f| BufReader::new(f).lines().map_while(Result::ok).collect()).unwrap_or_default();
        lines[lines.len().saturating_sub(30)..].join("\n")
    }
}
