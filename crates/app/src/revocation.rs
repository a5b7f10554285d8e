//! Ending a person's sign-ins at the identity provider too (Firebase's refresh tokens), where it is configured.
//!
//! Our own check of `auth_time` at session opening already refuses every sign-in made before a logout or closure;
//! revoking at the provider also stops a device still signed in to Firebase from getting new identity tokens at
//! all. It is a second line, so its failure never fails what asked for it: it is logged and counted
//! (`identity_revocations_total{outcome="failed"}`).

use std::sync::Arc;
use std::time::Duration;

use puronoboi_ports::IdentityAdmin;

pub const IDENTITY_REVOCATIONS: &str = "identity_revocations_total";

/// A revocation that takes longer than this is abandoned (and counted as failed): a logout must not hang on it.
const REVOCATION_TIMEOUT: Duration = Duration::from_secs(5);

/// Revokes an identity's sign-ins at the provider, or does nothing when no provider admin is configured.
#[derive(Clone, Default)]
pub struct SignInRevoker(Option<Arc<dyn IdentityAdmin>>);

impl SignInRevoker {
    pub fn new(admin: Option<Arc<dyn IdentityAdmin>>) -> Self {
        Self(admin)
    }

    /// Revokes `uid`'s refresh tokens; logs and counts a failure instead of answering it.
    pub async fn revoke(&self, uid: Option<&str>) {
        let (Some(admin), Some(uid)) = (&self.0, uid) else { return };
        let outcome = match tokio::time::timeout(REVOCATION_TIMEOUT, admin.revoke_sign_ins(uid)).await {
            Ok(Ok(())) => "revoked",
            Ok(Err(error)) => {
                tracing::error!(uid, error = format!("{error:#}"), "could not revoke the identity's refresh tokens at the provider");
                "failed"
            }
            Err(_) => {
                tracing::error!(uid, timeout_secs = REVOCATION_TIMEOUT.as_secs(), "revoking the identity's refresh tokens timed out");
                "failed"
            }
        };
        metrics::counter!(IDENTITY_REVOCATIONS, "outcome" => outcome).increment(1);
    }
}
