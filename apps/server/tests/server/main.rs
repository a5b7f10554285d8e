//! The real server binary, each test in its own child process: refused configurations (`startup`), its log lines
//! and metrics listener (`observability`) and its memory under a burst of uploads (`upload_memory`).
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

mod mail;
mod observability;
mod running;
mod startup;
mod upload_memory;
