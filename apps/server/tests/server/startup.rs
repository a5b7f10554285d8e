//! The binary refuses dangerous configurations before it listens or touches the database.

use crate::running::server_command;

fn server(env: &[(&str, &str)]) -> std::process::Output {
    let mut command = server_command();
    command
        // Nothing listens here: a server that got past its configuration would fail on the database instead.
        .env("DATABASE_URL", "postgres://nobody@127.0.0.1:9/none")
        .env("PORT", "0")
        .env("SESSION_SECRET", "5f1c3a9e7b2d4f608a1e3c5b7d9f2a4c6e8b0d1f3a5c7e9b2d4f6a8c0e1b3d5f");
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
    let output =
        server(&[("HOST", "127.0.0.1"), ("FIREBASE_PROJECT_ID", "puronoboi-prod"), ("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099")]);
    assert!(!output.status.success());
    let message = stderr(&output);
    assert!(message.contains("demo-"), "the refusal says why: {message}");
    assert!(!message.contains("database"), "refused before touching the database: {message}");
}

#[test]
fn sign_in_without_a_session_secret_is_refused() {
    let output = server_command()
        .env("DATABASE_URL", "postgres://nobody@127.0.0.1:9/none")
        .env("FIREBASE_PROJECT_ID", "demo-puronoboi")
        .env("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099")
        .output()
        .expect("runs");
    assert!(!output.status.success());
    assert!(stderr(&output).contains("SESSION_SECRET"), "{}", stderr(&output));
}

#[test]
fn short_or_weak_session_secrets_are_refused() {
    for (secret, says) in [
        ("c2hvcnQ=", "at least 32 bytes"),
        ("0123456789abcdef", "at least 32 bytes"),
        (&"a".repeat(64), "one byte repeated"),
        (&"/".repeat(44), "one byte repeated"),
        ("not a secret!", "neither hex digits nor base64"),
    ] {
        let output = server(&[
            ("HOST", "127.0.0.1"),
            ("FIREBASE_PROJECT_ID", "demo-puronoboi"),
            ("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099"),
            ("SESSION_SECRET", secret),
        ]);
        assert!(!output.status.success(), "{secret} was accepted");
        assert!(stderr(&output).contains(says), "{secret}: {}", stderr(&output));
        assert!(!stderr(&output).contains(secret), "the secret is never printed: {}", stderr(&output));
    }
}

#[test]
fn emulator_mode_listens_on_loopback_only() {
    for host in ["0.0.0.0", "192.168.1.20", "::"] {
        let output =
            server(&[("HOST", host), ("FIREBASE_PROJECT_ID", "demo-puronoboi"), ("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099")]);
        assert!(!output.status.success(), "{host} was accepted");
        let message = stderr(&output);
        assert!(message.contains("loopback") && message.contains("HOST=127.0.0.1"), "{host}: {message}");
        assert!(!message.contains("database"), "refused before touching the database: {message}");
    }
    // The default HOST (every interface) is refused too.
    let output = server(&[("FIREBASE_PROJECT_ID", "demo-puronoboi"), ("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099")]);
    assert!(stderr(&output).contains("loopback"), "{}", stderr(&output));
    // On loopback it gets past its configuration and fails only at the (absent) database.
    let output = server(&[("HOST", "::1"), ("FIREBASE_PROJECT_ID", "demo-puronoboi"), ("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099")]);
    assert!(!stderr(&output).contains("loopback") && stderr(&output).contains("database"), "{}", stderr(&output));
}

#[test]
fn the_emulator_is_offered_to_browsers_on_loopback_only() {
    let emulator = [("HOST", "127.0.0.1"), ("FIREBASE_PROJECT_ID", "demo-puronoboi"), ("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099")];
    for url in ["http://192.168.1.20:9099", "http://emulator.example", "http://127.0.0.1@evil.example", "http://localhost.evil.example"] {
        let output = server(&[emulator.as_slice(), &[("FIREBASE_EMULATOR_PUBLIC_URL", url)]].concat());
        assert!(!output.status.success(), "{url} was accepted");
        let message = stderr(&output);
        assert!(message.contains("FIREBASE_EMULATOR_PUBLIC_URL"), "{url}: {message}");
        assert!(!message.contains("database"), "refused before touching the database: {message}");
    }
    let output = server(&[emulator.as_slice(), &[("FIREBASE_EMULATOR_PUBLIC_URL", "http://localhost:9099")]].concat());
    assert!(!stderr(&output).contains("FIREBASE_EMULATOR_PUBLIC_URL") && stderr(&output).contains("database"), "{}", stderr(&output));
}

#[test]
fn access_tokens_live_an_hour_at_most() {
    let output = server(&[
        ("HOST", "127.0.0.1"),
        ("FIREBASE_PROJECT_ID", "demo-puronoboi"),
        ("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099"),
        ("SESSION_TTL_SECONDS", "3601"),
    ]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("between 60 and 3600"), "{}", stderr(&output));
}

#[test]
fn a_real_project_needs_its_web_api_key() {
    let output = server(&[("FIREBASE_PROJECT_ID", "puronoboi-prod")]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("FIREBASE_WEB_API_KEY"), "{}", stderr(&output));
}

#[test]
fn an_upload_rate_below_one_a_minute_is_refused() {
    for (rate, says) in [("0", "at least 1"), ("-3", "whole number"), ("lots", "whole number")] {
        let output = server(&[("UPLOAD_RATE_PER_MINUTE", rate)]);
        assert!(!output.status.success(), "{rate} was accepted");
        let message = stderr(&output);
        assert!(message.contains("UPLOAD_RATE_PER_MINUTE") && message.contains(says), "{rate}: {message}");
        assert!(!message.contains("database"), "refused before touching the database: {message}");
    }
}

#[test]
fn card_payment_settings_that_cannot_work_are_refused() {
    let complete = [("STRIPE_SECRET_KEY", "sk_test_x"), ("STRIPE_PUBLISHABLE_KEY", "pk_test_x"), ("STRIPE_WEBHOOK_SECRET", "whsec_x")];
    let with = |changes: &[(&'static str, &'static str)]| {
        let mut env: Vec<(&str, &str)> = complete.iter().copied().filter(|(k, _)| !changes.iter().any(|(c, _)| c == k)).collect();
        env.extend(changes.iter().copied().filter(|(_, v)| !v.is_empty()));
        env
    };
    for (env, says) in [
        (vec![("STRIPE_PUBLISHABLE_KEY", "pk_test_x")], "STRIPE_SECRET_KEY is not"),
        (with(&[("STRIPE_WEBHOOK_SECRET", "")]), "STRIPE_WEBHOOK_SECRET"),
        (with(&[("STRIPE_PUBLISHABLE_KEY", "sk_test_y")]), "publishable key"),
        (with(&[("STRIPE_SECRET_KEY", "pk_test_y")]), "secret key"),
        (with(&[("STRIPE_API_BASE", "http://stripe.example.com")]), "https"),
        // Strings that start like a local address but connect elsewhere.
        (with(&[("STRIPE_API_BASE", "http://127.0.0.1@evil.example")]), "user name"),
        (with(&[("STRIPE_API_BASE", "http://127.0.0.1.evil.example")]), "STRIPE_API_BASE"),
        (with(&[("STRIPE_API_BASE", "http://localhost:8420/@evil.example")]), "no path"),
        // A live key must never be sent anywhere but Stripe.
        (with(&[("STRIPE_SECRET_KEY", "sk_live_x"), ("STRIPE_API_BASE", "http://127.0.0.1:8420")]), "live"),
        (vec![("CARD_MIN_TAKA", "0")], "CARD_MIN_TAKA"),
        (vec![("ORDER_HOLD_HOURS", "0")], "ORDER_HOLD_HOURS"),
        (vec![("ORDER_HOLD_HOURS", "721")], "ORDER_HOLD_HOURS"),
    ] {
        let output = server(&env);
        assert!(!output.status.success(), "{env:?} was accepted");
        let message = stderr(&output);
        assert!(message.contains(says), "{env:?}: {message}");
        assert!(!message.contains("database"), "refused before touching the database: {message}");
        assert!(!message.contains("sk_test_x") && !message.contains("whsec_x"), "a secret leaked: {message}");
    }
}
