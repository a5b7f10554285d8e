//! Firebase Authentication on the server: verifies ID tokens ([`FirebaseVerifier`], the `IdentityVerifier` port),
//! revokes users' refresh tokens ([`FirebaseAdmin`], the `IdentityAdmin` port, with a service account or on the
//! emulator) and creates demo sign-ins on the local Auth emulator ([`EmulatorAdmin`], the `DemoIdentities` port).
//!
//! Two explicit modes, chosen once at start-up through [`VerifierMode`]:
//!
//! - **Production** verifies exactly as Firebase specifies for third-party JWT libraries: RS256 only, `kid` one of
//!   Google's current certificates (fetched from [`GOOGLE_CERTS_URL`], cached for the response's `max-age`,
//!   refreshed for an unknown `kid` at most once a minute), a valid signature, and the `aud`, `iss`, `exp`, `iat`,
//!   `auth_time` and `sub` claims. It never accepts an unsigned token, whatever the configuration.
//! - **Emulator** accepts the Auth emulator's unsigned (`alg: none`) tokens and checks the same claims. It can only
//!   be built for a `demo-` project (which cannot exist on real Firebase) and a non-empty emulator host; anything
//!   else is a [`ConfigError`] and the server refuses to start.
//!
//! Errors map onto the port: a token that is not a valid, current ID token for the project is
//! `VerifyTokenError::Rejected` (401; its reason is for logs only), and failing to fetch Google's certificates is
//! `VerifyTokenError::Unavailable` (503).
//!
//! With the `testing` feature, `testing::TokenForge` forges good and bad tokens for other crates' tests.

mod admin;
mod certs;
mod claims;
mod config;
mod emulator_admin;
#[cfg(feature = "testing")]
pub mod testing;
mod verifier;

pub use admin::{FirebaseAdmin, IDENTITY_TOOLKIT_URL, ServiceAccountKey};
pub use config::{ConfigError, GOOGLE_CERTS_URL, VerifierMode};
pub use emulator_admin::{EmulatorAdmin, EmulatorSignIn};
pub use verifier::{Clock, FirebaseVerifier};
