//! The binary refuses dangerous configurations before it listens or touches the database.
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

use std::process::Command;

fn server(env: &[(&str, &str)]) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puronoboi-server"));
    command
        .env_clear()
        // Nothing listens here: a server that got past its configuration would fail on the database instead.
        .env("DATABASE_URL", "postgres://nobody@127.0.0.1:9/none")
        .env("PORT", "0")
        .env("SESSION_SECRET", "0123456789abcdef0123456789abcdef0123456789abcdef");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("the server binary runs")
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn the_emulator_is_refused_with_a_real_project() {
    let output = server(&[("FIREBASE_PROJECT_ID", "puronoboi-prod"), ("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099")]);
    assert!(!output.status.success());
    let message = stderr(&output);
    assert!(message.contains("demo-"), "the refusal says why: {message}");
    assert!(!message.contains("database"), "refused before touching the database: {message}");
}

#[test]
fn sign_in_without_a_session_secret_is_refused() {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puronoboi-server"));
    let output = command
        .env_clear()
        .env("DATABASE_URL", "postgres://nobody@127.0.0.1:9/none")
        .env("FIREBASE_PROJECT_ID", "demo-puronoboi")
        .env("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099")
        .output()
        .expect("runs");
    assert!(!output.status.success());
    assert!(stderr(&output).contains("SESSION_SECRET"), "{}", stderr(&output));
}

#[test]
fn a_short_session_secret_is_refused() {
    let output = server(&[
        ("FIREBASE_PROJECT_ID", "demo-puronoboi"),
        ("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099"),
        ("SESSION_SECRET", "short"),
    ]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("at least 32 bytes"), "{}", stderr(&output));
}

#[test]
fn a_real_project_needs_its_web_api_key() {
    let output = server(&[("FIREBASE_PROJECT_ID", "puronoboi-prod")]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("FIREBASE_WEB_API_KEY"), "{}", stderr(&output));
}
