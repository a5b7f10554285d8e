//! `FirebaseVerifier`: the `IdentityVerifier` port over Firebase ID tokens, in production or emulator mode.

use std::fmt;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use async_trait::async_trait;
use jsonwebtoken::Algorithm;
use jsonwebtoken::crypto::rust_crypto::DEFAULT_PROVIDER;
use puronoboi_ports::identity::{IdentityVerifier, VerifiedIdentity, VerifyTokenError};

use crate::certs::{CertCache, KeyError};
use crate::claims::{self, Parts, Rejection};
use crate::config::{self, ConfigError, VerifierMode};

/// The time the verifier judges `exp`, `iat`, `auth_time` and the certificate cache by. Tests inject their own.
pub type Clock = Arc<dyn Fn() -> SystemTime + Send + Sync>;

/// Verifies Firebase ID tokens; see the crate documentation for the two modes.
pub struct FirebaseVerifier {
    project_id: String,
    clock: Clock,
    kind: Kind,
}

enum Kind {
    Production(CertCache),
    Emulator { emulator_host: String },
}

impl FirebaseVerifier {
    /// Builds the verifier for `mode`. `http` fetches Google's certificates in production mode.
    ///
    /// Errors: an empty project id, an unusable certificate URL, or an emulator mode whose project does not start
    /// with `demo-` or whose host is empty. The server must refuse to start on any of them.
    pub fn from_mode(mode: VerifierMode, http: reqwest::Client) -> Result<Self, ConfigError> {
        let clock: Clock = Arc::new(SystemTime::now);
        match mode {
            VerifierMode::Production { project_id, certs_url } => {
                config::check_project_id(&project_id)?;
                let url = config::check_certs_url(&certs_url)?;
                Ok(Self { project_id, kind: Kind::Production(CertCache::new(http, url, Arc::clone(&clock))), clock })
            }
            VerifierMode::Emulator { project_id, emulator_host } => {
                config::check_emulator(&project_id, &emulator_host)?;
                Ok(Self { project_id, kind: Kind::Emulator { emulator_host }, clock })
            }
        }
    }

    /// Replaces the system clock, for tests that move time (token expiry, certificate `max-age`, refresh pacing).
    #[must_use]
    pub fn with_clock(mut self, clock: impl Fn() -> SystemTime + Send + Sync + 'static) -> Self {
        let clock: Clock = Arc::new(clock);
        if let Kind::Production(cache) = &mut self.kind {
            cache.set_clock(Arc::clone(&clock));
        }
        self.clock = clock;
        self
    }

    pub fn project_id(&self) -> &str {
        &self.project_id
    }

    /// Whether this verifier accepts the emulator's unsigned tokens.
    pub fn is_emulator(&self) -> bool {
        matches!(self.kind, Kind::Emulator { .. })
    }

    fn now_unix(&self) -> i64 {
        match (self.clock)().duration_since(UNIX_EPOCH) {
            Ok(since) => i64::try_from(since.as_secs()).unwrap_or(i64::MAX),
            Err(before) => i64::try_from(before.duration().as_secs()).map_or(i64::MIN, |secs| -secs),
        }
    }

    async fn verify_production(&self, certs: &CertCache, parts: &Parts<'_>) -> Result<VerifiedIdentity, VerifyTokenError> {
        let header = claims::header(parts).map_err(rejected)?;
        // Only RS256: `none`, HS256 keyed with the public key and every other algorithm stop here.
        if header.alg != "RS256" {
            return Err(rejected("alg is not RS256"));
        }
        let kid = header.kid.filter(|kid| !kid.is_empty()).ok_or_else(|| rejected("no kid in the header"))?;
        let signature = claims::decode_segment(parts.signature).map_err(rejected)?;
        if signature.is_empty() {
            return Err(rejected("empty signature"));
        }
        let key = match certs.key(&kid).await {
            Ok(key) => key,
            Err(KeyError::UnknownKid) => return Err(rejected("kid is not one of Google's current certificates")),
            Err(KeyError::Unavailable(error)) => return Err(VerifyTokenError::Unavailable(error)),
        };
        // The RustCrypto provider is named rather than taken from jsonwebtoken's process-wide default, which panics
        // when features unify to both or neither backend.
        let verifier = (DEFAULT_PROVIDER.verifier_factory)(&Algorithm::RS256, &key).map_err(|_| rejected("unusable RSA key"))?;
        verifier.verify(parts.signing_input.as_bytes(), &signature).map_err(|_| rejected("signature does not verify"))?;
        claims::verify_claims(parts, &self.project_id, self.now_unix()).map_err(rejected)
    }

    fn verify_emulator(&self, parts: &Parts<'_>) -> Result<VerifiedIdentity, VerifyTokenError> {
        let header = claims::header(parts).map_err(rejected)?;
        if header.alg != "none" || !parts.signature.is_empty() {
            return Err(rejected("emulator mode takes only the emulator's unsigned tokens"));
        }
        claims::verify_claims(parts, &self.project_id, self.now_unix()).map_err(rejected)
    }
}

fn rejected(reason: Rejection) -> VerifyTokenError {
    VerifyTokenError::Rejected(reason.to_owned())
}

#[async_trait]
impl IdentityVerifier for FirebaseVerifier {
    async fn verify(&self, id_token: &str) -> Result<VerifiedIdentity, VerifyTokenError> {
        let parts = claims::split(id_token).map_err(rejected)?;
        match &self.kind {
            Kind::Production(certs) => self.verify_production(certs, &parts).await,
            Kind::Emulator { .. } => self.verify_emulator(&parts),
        }
    }
}

impl fmt::Debug for FirebaseVerifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("FirebaseVerifier");
        s.field("project_id", &self.project_id);
        match &self.kind {
            Kind::Production(_) => s.field("mode", &"production"),
            Kind::Emulator { emulator_host } => s.field("mode", &"emulator").field("emulator_host", emulator_host),
        };
        s.finish_non_exhaustive()
    }
}
