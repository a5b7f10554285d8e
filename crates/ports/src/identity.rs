//! Who is calling: identity tokens from the identity provider (Firebase), verified on the server.

use async_trait::async_trait;

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

#[async_trait]
pub trait IdentityVerifier: Send + Sync {
    /// Verifies an ID token as the provider specifies. Errors: `Rejected` for anything not a valid token;
    /// `Unavailable` when verification could not be attempted.
    async fn verify(&self, id_token: &str) -> Result<VerifiedIdentity, VerifyTokenError>;
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
