//! Who is calling: identity tokens from the identity provider (Firebase), verified on the server.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

/// What a verified identity token says about its holder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedIdentity {
    /// The provider's stable user id (Firebase `sub`/`user_id`). Never empty.
    pub uid: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub name: Option<String>,
    pub picture: Option<String>,
    /// `firebase.sign_in_provider`: "password", "google.com", "facebook.com", ...
    pub sign_in_provider: Option<String>,
    /// When the holder actually signed in (Firebase `auth_time`, whole seconds). Refreshed tokens keep it, so a
    /// token refreshed long after a logout still says it comes from a sign-in before the logout.
    pub auth_time: DateTime<Utc>,
}

impl VerifiedIdentity {
    /// Sign-in methods whose `email_verified` means the holder proved they own the address: a password sign-in
    /// after following the verification link, or Google (which only hands out addresses it has verified).
    /// Facebook and others may report an address nobody proved to Firebase.
    const PROVING_PROVIDERS: [&str; 2] = ["password", "google.com"];

    /// Whether this sign-in proves its holder owns the address it carries.
    pub fn proves_email(&self) -> bool {
        self.email_verified && self.sign_in_provider.as_deref().is_some_and(|p| Self::PROVING_PROVIDERS.contains(&p))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum VerifyTokenError {
    /// The token is not a valid, current identity token for our project. The caller answers 401.
    #[error("identity token rejected: {0}")]
    Rejected(String),
    /// The verifier could not decide (for example Google's certificates could not be fetched). The caller answers 503.
    #[error(transparent)]
    Unavailable(#[from] anyhow::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity(verified: bool, provider: Option<&str>) -> VerifiedIdentity {
        VerifiedIdentity {
            uid: "u".into(),
            email: Some("a@b.c".into()),
            email_verified: verified,
            name: None,
            picture: None,
            sign_in_provider: provider.map(str::to_owned),
            auth_time: DateTime::UNIX_EPOCH,
        }
    }

    #[test]
    fn only_verified_password_and_google_sign_ins_prove_the_address() {
        assert!(identity(true, Some("password")).proves_email());
        assert!(identity(true, Some("google.com")).proves_email());
        assert!(!identity(false, Some("password")).proves_email(), "typed, never proved");
        assert!(!identity(false, Some("google.com")).proves_email());
        assert!(!identity(true, Some("facebook.com")).proves_email(), "Facebook addresses are not proven to Firebase");
        assert!(!identity(true, Some("anonymous")).proves_email());
        assert!(!identity(true, None).proves_email());
    }
}

#[async_trait]
pub trait IdentityVerifier: Send + Sync {
    /// Verifies an ID token as the provider specifies. Errors: `Rejected` for anything not a valid token;
    /// `Unavailable` when verification could not be attempted.
    async fn verify(&self, id_token: &str) -> Result<VerifiedIdentity, VerifyTokenError>;
}

/// Ending a person's sign-ins at the identity provider itself, beyond our own sessions.
#[async_trait]
pub trait IdentityAdmin: Send + Sync {
    /// Revokes every refresh token the provider issued to `uid` until now, so that no device still signed in to the
    /// provider can get a new identity token. Errors: the provider could not be reached or refused the call; the
    /// caller logs it and carries on (our own check of `auth_time` refuses those sign-ins anyway).
    async fn revoke_sign_ins(&self, uid: &str) -> Result<(), anyhow::Error>;
}

/// A demo sign-in the embedded default creates on the local identity emulator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoLogin {
    pub email: String,
    pub password: String,
    pub display_name: String,
}

/// Creating demo sign-ins. Only the local emulator implements this; production identities are never made here.
#[async_trait]
pub trait DemoIdentities: Send + Sync {
    /// Makes sure an e-mail/password user exists with this password and a verified e-mail; answers its uid.
    async fn ensure_password_user(&self, login: &DemoLogin) -> Result<String, anyhow::Error>;
}
