//! Our own access tokens: short-lived HS256 JWTs naming an account. Identity (Firebase) is checked once, when a
//! session opens; every later call carries this token, and the account behind it is re-read on every call, so a
//! deleted account or a changed role takes effect at once.

use std::time::Duration;

use chrono::{DateTime, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use puronoboi_domain::AccountId;
use serde::{Deserialize, Serialize};

const ISSUER: &str = "puronoboi";
const AUDIENCE: &str = "puronoboi-api";

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    iss: String,
    aud: String,
    iat: i64,
    exp: i64,
}

pub struct SessionKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    ttl: Duration,
}

#[derive(Debug, thiserror::Error)]
pub enum SessionKeyError {
    #[error("SESSION_SECRET must be at least 32 bytes (use 64 random hex characters)")]
    SecretTooShort,
}

pub struct IssuedToken {
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

impl SessionKeys {
    pub fn new(secret: &[u8], ttl: Duration) -> Result<Self, SessionKeyError> {
        if secret.len() < 32 {
            return Err(SessionKeyError::SecretTooShort);
        }
        Ok(Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), ttl })
    }

    pub fn issue(&self, account: AccountId) -> Result<IssuedToken, jsonwebtoken::errors::Error> {
        let now = Utc::now();
        let expires_at = now + chrono::Duration::from_std(self.ttl).unwrap_or(chrono::Duration::minutes(15));
        let claims = Claims {
            sub: account.to_string(),
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
            iat: now.timestamp(),
            exp: expires_at.timestamp(),
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?;
        Ok(IssuedToken { token, expires_at })
    }

    /// The account a token names, if the token is ours, untampered and unexpired.
    pub fn verify(&self, token: &str) -> Option<AccountId> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = 5;
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation).ok()?;
        data.claims.sub.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(secret: &[u8], ttl: Duration) -> SessionKeys {
        SessionKeys::new(secret, ttl).expect("valid keys")
    }

    #[test]
    fn a_token_names_the_account_it_was_issued_for() {
        let keys = keys(&[7; 32], Duration::from_secs(900));
        let id = AccountId::new();
        let issued = keys.issue(id).expect("issued");
        assert_eq!(keys.verify(&issued.token), Some(id));
        assert!(issued.expires_at > Utc::now() + chrono::Duration::minutes(14));
    }

    #[test]
    fn short_secrets_are_refused() {
        assert!(SessionKeys::new(b"too short", Duration::from_secs(60)).is_err());
    }

    #[test]
    fn tokens_from_another_secret_tampered_or_expired_are_refused() {
        let ours = keys(&[1; 32], Duration::from_secs(900));
        let theirs = keys(&[2; 32], Duration::from_secs(900));
        let id = AccountId::new();
        assert_eq!(ours.verify(&theirs.issue(id).expect("issued").token), None);

        let token = ours.issue(id).expect("issued").token;
        let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
        parts[1] = parts[1].chars().rev().collect();
        assert_eq!(ours.verify(&parts.join(".")), None);

        let expired = Claims { sub: id.to_string(), iss: ISSUER.into(), aud: AUDIENCE.into(), iat: 0, exp: Utc::now().timestamp() - 60 };
        let stale = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &expired, &EncodingKey::from_secret(&[1; 32])).expect("encode");
        assert_eq!(ours.verify(&stale), None);

        let unsigned = format!("{}.{}.", "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0", parts[1]);
        assert_eq!(ours.verify(&unsigned), None);
    }
}
