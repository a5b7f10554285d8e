//! Production-mode sign-in through the real HTTP stack: every forged identity token is refused with 401, the good
//! one opens a session. Google's certificate endpoint is a wiremock server serving a key made in the test.

use puronoboi_firebase_verify::testing::{TokenForge, corrupt_signature, tamper_payload, unix_now, unsigned};
use puronoboi_test_support::{Identity, TestApp};
use serde_json::{Value, json};

const PROJECT: &str = "puronoboi-prod";

fn with(claims: &Value, key: &str, value: Value) -> Value {
    let mut claims = claims.clone();
    claims[key] = value;
    claims
}

#[tokio::test]
async fn forged_identity_tokens_are_refused_and_the_good_one_is_accepted() {
    let forge = TokenForge::new();
    let certs = forge.serve_certs().await;
    let app = TestApp::builder()
        .identity(Identity::Production { project_id: PROJECT.into(), certs_url: TokenForge::certs_url(&certs) })
        .spawn()
        .await;
    let good = forge.claims(PROJECT, "reader-1");
    let now = unix_now();

    let forged: Vec<(&str, String)> = vec![
        ("alg none in production mode", unsigned(&good)),
        ("HS256 signed with the public key", forge.sign_hs256_with_public_key(&good)),
        ("unknown kid", forge.sign_with_kid(&good, "not-a-google-kid")),
        ("wrong aud", forge.sign_rs256(&with(&good, "aud", json!("someone-elses-project")))),
        ("wrong iss", forge.sign_rs256(&with(&good, "iss", json!("https://securetoken.google.com/someone-elses-project")))),
        ("expired", forge.sign_rs256(&with(&good, "exp", json!(now - 10)))),
        ("iat in the future", forge.sign_rs256(&with(&good, "iat", json!(now + 3600)))),
        ("auth_time in the future", forge.sign_rs256(&with(&good, "auth_time", json!(now + 3600)))),
        ("empty sub", forge.sign_rs256(&with(&good, "sub", json!("")))),
        ("tampered payload", tamper_payload(&forge.sign_rs256(&good), &with(&good, "email", json!("admin@puronoboi.test")))),
        ("bad signature", corrupt_signature(&forge.sign_rs256(&good))),
        ("signed by another key with the same kid", {
            let impostor = TokenForge::new();
            impostor.sign_with_kid(&good, forge.kid())
        }),
        ("not a JWT at all", "hello".to_owned()),
    ];
    for (what, token) in forged {
        let (status, body) = app.open_session(&token, json!({})).await;
        assert_eq!(status, 401, "{what}: {body}");
        assert_eq!(body["error"]["code"], "unauthenticated", "{what}");
    }

    let (status, session) = app.open_session(&forge.sign_rs256(&good), json!({})).await;
    assert_eq!(status, 200, "the genuine token: {session}");
    assert_eq!(session["user"]["email"], "reader-1@example.test");
}

#[tokio::test]
async fn an_unreachable_certificate_endpoint_is_a_503_not_a_401() {
    let forge = TokenForge::new();
    let app = TestApp::builder()
        .identity(Identity::Production { project_id: PROJECT.into(), certs_url: "http://127.0.0.1:9/certs".into() })
        .spawn()
        .await;
    let (status, body) = app.open_session(&forge.sign_rs256(&forge.claims(PROJECT, "reader-2")), json!({})).await;
    assert_eq!((status, body["error"]["code"].as_str()), (503, Some("unavailable")), "{body}");
}
