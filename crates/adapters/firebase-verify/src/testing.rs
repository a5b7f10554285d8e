//! Forged Firebase ID tokens for tests (feature `testing`): a stand-in for Google's signing key and certificate
//! endpoint, good tokens, and the classic bad ones a verifier must reject.
//!
//! ```no_run
//! # async fn example() -> Result<(), Box<dyn std::error::Error>> {
//! use puronoboi_firebase_verify::testing::TokenForge;
//! use puronoboi_firebase_verify::{FirebaseVerifier, VerifierMode};
//! use puronoboi_ports::identity::IdentityVerifier as _;
//!
//! let forge = TokenForge::new();
//! let certs = forge.serve_certs().await; // a wiremock server playing Google's certificate endpoint
//! let verifier = FirebaseVerifier::from_mode(
//!     VerifierMode::Production { project_id: "puronoboi-test".into(), certs_url: TokenForge::certs_url(&certs) },
//!     reqwest::Client::new(),
//! )?;
//! let token = forge.sign_rs256(&forge.claims("puronoboi-test", "uid-1"));
//! assert_eq!(verifier.verify(&token).await?.uid, "uid-1");
//! # Ok(())
//! # }
//! ```
//!
//! Key generation takes a moment (RSA-2048): share one forge across the tests of a binary (a `LazyLock`).
#![expect(
    clippy::expect_used,
    reason = "a test helper: failing to generate or encode a key means the test environment is broken, and panicking says so"
)]

use std::str::FromStr as _;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::crypto::rust_crypto::DEFAULT_PROVIDER;
use jsonwebtoken::{Algorithm, EncodingKey};
use rsa::pkcs1::EncodeRsaPrivateKey as _;
use rsa::pkcs1v15::{Signature, SigningKey};
use rsa::pkcs8::{EncodePrivateKey as _, EncodePublicKey as _, LineEnding};
use rsa::{RsaPrivateKey, RsaPublicKey};
use serde_json::{Value, json};
use sha2::Sha256;
use x509_cert::builder::{Builder as _, CertificateBuilder, Profile};
use x509_cert::der::EncodePem as _;
use x509_cert::name::Name;
use x509_cert::serial_number::SerialNumber;
use x509_cert::spki::SubjectPublicKeyInfoOwned;
use x509_cert::time::Validity;

/// The path [`TokenForge::serve_certs`] serves the certificates on.
pub const CERTS_PATH: &str = "/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com";

/// One RSA-2048 key pair with a `kid` and a self-signed certificate, like one of Google's token-signing keys.
pub struct TokenForge {
    kid: String,
    private_key_der: Vec<u8>,
    private_key_pem: String,
    public_key_pem: String,
    certificate_pem: String,
}

impl Default for TokenForge {
    fn default() -> Self {
        Self::new()
    }
}

impl TokenForge {
    /// Generates a fresh key pair (about a second in a debug build), a random `kid` and a self-signed certificate.
    pub fn new() -> Self {
        let mut rng = rsa::rand_core::OsRng;
        let private_key = RsaPrivateKey::new(&mut rng, 2048).expect("generating an RSA-2048 key");
        let public_key = RsaPublicKey::from(&private_key);
        let kid = hex(&rsa::rand_core::RngCore::next_u64(&mut rng).to_be_bytes());

        let signer = SigningKey::<Sha256>::new(private_key.clone());
        let spki = SubjectPublicKeyInfoOwned::from_key(public_key.clone()).expect("encoding the public key info");
        let validity = Validity::from_now(Duration::from_secs(14 * 24 * 60 * 60)).expect("certificate validity");
        let subject = Name::from_str("CN=securetoken.system.gserviceaccount.com").expect("certificate subject");
        let certificate = CertificateBuilder::new(Profile::Root, SerialNumber::from(1_u32), validity, subject, spki, &signer)
            .expect("certificate builder")
            .build::<Signature>()
            .expect("self-signing the certificate");

        Self {
            kid,
            private_key_der: private_key.to_pkcs1_der().expect("encoding the private key").as_bytes().to_vec(),
            private_key_pem: private_key.to_pkcs8_pem(LineEnding::LF).expect("encoding the private key").to_string(),
            public_key_pem: public_key.to_public_key_pem(LineEnding::LF).expect("encoding the public key"),
            certificate_pem: certificate.to_pem(x509_cert::der::pem::LineEnding::LF).expect("encoding the certificate"),
        }
    }

    /// The `kid` that [`Self::sign_rs256`] puts in the header and [`Self::certs_json`] lists.
    pub fn kid(&self) -> &str {
        &self.kid
    }

    /// The self-signed PEM certificate (`-----BEGIN CERTIFICATE-----`) over the public key.
    pub fn certificate_pem(&self) -> &str {
        &self.certificate_pem
    }

    /// The private key as PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`), as a service account's key file holds it.
    pub fn private_key_pem(&self) -> &str {
        &self.private_key_pem
    }

    /// The public key as SPKI PEM (`-----BEGIN PUBLIC KEY-----`).
    pub fn public_key_pem(&self) -> &str {
        &self.public_key_pem
    }

    /// The body Google's certificate endpoint serves: `{"<kid>": "-----BEGIN CERTIFICATE-----..."}`. Merge the
    /// objects of several forges to publish several keys.
    pub fn certs_json(&self) -> Value {
        json!({ self.kid.clone(): self.certificate_pem })
    }

    /// Valid ID-token claims for `uid` in `project_id`, issued 10 s ago and expiring in an hour, as a password
    /// sign-in with a verified e-mail (`<uid>@example.test`) and a name. Edit the value for other cases.
    pub fn claims(&self, project_id: &str, uid: &str) -> Value {
        let now = unix_now();
        json!({
            "iss": format!("https://securetoken.google.com/{project_id}"),
            "aud": project_id,
            "sub": uid,
            "user_id": uid,
            "iat": now - 10,
            "auth_time": now - 60,
            "exp": now + 3600,
            "email": format!("{uid}@example.test"),
            "email_verified": true,
            "name": "Test Reader",
            "firebase": { "identities": { "email": [format!("{uid}@example.test")] }, "sign_in_provider": "password" },
        })
    }

    /// A genuine RS256 token: signed with this forge's key, `kid` in the header. Accepted by a verifier that trusts
    /// [`Self::certs_json`], if the claims are right.
    pub fn sign_rs256(&self, claims: &Value) -> String {
        self.sign_with_kid(claims, &self.kid)
    }

    /// An RS256 token signed with this forge's key but naming `kid`: with a `kid` the endpoint does not list, the
    /// "unknown kid" case; with another forge's `kid`, a signature by the wrong key.
    pub fn sign_with_kid(&self, claims: &Value, kid: &str) -> String {
        let key = EncodingKey::from_rsa_der(&self.private_key_der);
        sign(&json!({ "alg": "RS256", "kid": kid, "typ": "JWT" }), claims, &key, Algorithm::RS256)
    }

    /// The algorithm-confusion attack: HS256 with this forge's `kid`, keyed with the public key's PEM
    /// ([`Self::public_key_pem`]), which a naive verifier would use as the HMAC secret.
    pub fn sign_hs256_with_public_key(&self, claims: &Value) -> String {
        self.sign_hs256_with_secret(claims, self.public_key_pem.as_bytes())
    }

    /// HS256 with this forge's `kid` and any secret (for example [`Self::certificate_pem`], the other PEM an attacker
    /// can read).
    pub fn sign_hs256_with_secret(&self, claims: &Value, secret: &[u8]) -> String {
        let key = EncodingKey::from_secret(secret);
        sign(&json!({ "alg": "HS256", "kid": self.kid, "typ": "JWT" }), claims, &key, Algorithm::HS256)
    }

    /// A wiremock server serving [`Self::certs_json`] at [`CERTS_PATH`] with `Cache-Control: max-age=3600`, like
    /// Google's endpoint; point the verifier at [`Self::certs_url`].
    pub async fn serve_certs(&self) -> wiremock::MockServer {
        use wiremock::matchers::{method, path};
        let server = wiremock::MockServer::start().await;
        wiremock::Mock::given(method("GET"))
            .and(path(CERTS_PATH))
            .respond_with(
                wiremock::ResponseTemplate::new(200)
                    .insert_header("cache-control", "public, max-age=3600, must-revalidate, no-transform")
                    .set_body_json(self.certs_json()),
            )
            .mount(&server)
            .await;
        server
    }

    /// The certificate URL of a server started by [`Self::serve_certs`].
    pub fn certs_url(server: &wiremock::MockServer) -> String {
        format!("{}{CERTS_PATH}", server.uri())
    }
}

/// An unsigned token as the Auth emulator issues them: header `{"alg":"none","typ":"JWT"}`, empty signature.
/// Emulator mode accepts it with good claims; production mode must always reject it.
pub fn unsigned(claims: &Value) -> String {
    format!("{}.{}.", encode_json(&json!({ "alg": "none", "typ": "JWT" })), encode_json(claims))
}

/// Keeps `token`'s header and signature and swaps in `new_claims` as the payload: the signature no longer matches.
pub fn tamper_payload(token: &str, new_claims: &Value) -> String {
    let mut segments = token.split('.');
    let header = segments.next().unwrap_or_default();
    let signature = segments.nth(1).unwrap_or_default();
    format!("{header}.{}.{signature}", encode_json(new_claims))
}

/// Flips one bit in the middle of `token`'s signature (still valid base64url of the same length).
pub fn corrupt_signature(token: &str) -> String {
    let (signed, signature) = token.rsplit_once('.').expect("a token with a signature segment");
    let mut bytes = URL_SAFE_NO_PAD.decode(signature).expect("a base64url signature");
    let middle = bytes.len() / 2;
    let byte = bytes.get_mut(middle).expect("a non-empty signature");
    *byte ^= 0x01;
    format!("{signed}.{}", URL_SAFE_NO_PAD.encode(bytes))
}

/// Seconds since the Unix epoch now, the unit of `iat`, `exp` and `auth_time`.
pub fn unix_now() -> i64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH).expect("the clock is after 1970");
    i64::try_from(since.as_secs()).expect("seconds fit in i64")
}

fn sign(header: &Value, claims: &Value, key: &EncodingKey, algorithm: Algorithm) -> String {
    let signing_input = format!("{}.{}", encode_json(header), encode_json(claims));
    let signer = (DEFAULT_PROVIDER.signer_factory)(&algorithm, key).expect("a signer for the key");
    let signature = signer.try_sign(signing_input.as_bytes()).expect("signing");
    format!("{signing_input}.{}", URL_SAFE_NO_PAD.encode(signature))
}

fn encode_json(value: &Value) -> String {
    URL_SAFE_NO_PAD.encode(serde_json::to_vec(value).expect("JSON values serialize"))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
