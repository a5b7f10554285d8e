//! Our own access tokens: short-lived HS256 JWTs naming an account and the session generation they were issued
//! under. Identity (Firebase) is checked once, when a session opens; every later call carries this token, and the
//! account behind it is re-read on every call, so a deleted account, a changed role or a logout takes effect at
//! once: the account's generation moves on and every older token is refused.

use std::fmt;
use std::time::Duration;

use base64::Engine as _;
use chrono::{DateTime, Utc};
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use puronoboi_domain::AccountId;
use serde::{Deserialize, Serialize};

const ISSUER: &str = "puronoboi";
const AUDIENCE: &str = "puronoboi-api";

/// The secret access tokens are signed with. Never printed: its Debug says only how long it is.
#[derive(Clone, PartialEq, Eq)]
pub struct SessionSecret(Vec<u8>);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionSecretError {
    #[error("SESSION_SECRET is neither hex digits nor base64")]
    NotHexOrBase64,
    #[error("SESSION_SECRET must hold at least {min} bytes of randomness, it holds {got} (use `openssl rand -hex 32`)", min = SessionSecret::MIN_BYTES)]
    TooShort { got: usize },
    #[error("SESSION_SECRET is one byte repeated, which anyone could guess (use `openssl rand -hex 32`)")]
    Weak,
}

impl SessionSecret {
    pub const MIN_BYTES: usize = 32;

    /// A string of only hex digits is read as hex; anything else as base64 (standard or URL-safe, padded or
    /// not). At least 32 bytes, and not one byte repeated.
    pub fn parse(raw: &str) -> Result<Self, SessionSecretError> {
        let raw = raw.trim();
        let bytes = if !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_hexdigit()) {
            decode_hex(raw).ok_or(SessionSecretError::NotHexOrBase64)?
        } else {
            let engines = [
                base64::engine::general_purpose::STANDARD,
                base64::engine::general_purpose::STANDARD_NO_PAD,
                base64::engine::general_purpose::URL_SAFE,
                base64::engine::general_purpose::URL_SAFE_NO_PAD,
            ];
            engines.iter().find_map(|engine| engine.decode(raw).ok()).ok_or(SessionSecretError::NotHexOrBase64)?
        };
        if bytes.len() < Self::MIN_BYTES {
            return Err(SessionSecretError::TooShort { got: bytes.len() });
        }
        if bytes.iter().all(|b| *b == bytes[0]) {
            return Err(SessionSecretError::Weak);
        }
        Ok(Self(bytes))
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for SessionSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SessionSecret(<{} bytes, redacted>)", self.0.len())
    }
}

fn decode_hex(hex: &str) -> Option<Vec<u8>> {
    if !hex.len().is_multiple_of(2) {
        return None;
    }
    (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok()).collect()
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    /// The account's session generation when the token was issued.
    #[serde(rename = "gen")]
    generation: i64,
    iss: String,
    aud: String,
    iat: i64,
    exp: i64,
}

/// Signs and checks access tokens.
pub struct AccessTokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    ttl: Duration,
}

impl fmt::Debug for AccessTokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AccessTokens").field("ttl", &self.ttl).finish_non_exhaustive()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenTtlError {
    #[error("an access token lives between {min} and {max} seconds", min = AccessTokens::MIN_TTL.as_secs(), max = AccessTokens::MAX_TTL.as_secs())]
    OutOfRange,
}

pub struct IssuedToken {
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

/// What a token says, once it is known to be ours and current.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenClaims {
    pub account: AccountId,
    pub generation: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// Not ours: another secret, tampered, malformed, or not a token at all.
    #[error("not one of our access tokens")]
    Invalid,
    /// Ours, but past its expiry.
    #[error("the access token has expired")]
    Expired,
}

impl AccessTokens {
    pub const DEFAULT_TTL: Duration = Duration::from_secs(15 * 60);
    pub const MIN_TTL: Duration = Duration::from_secs(60);
    /// A stolen token works at most this long even if nothing revokes it.
    pub const MAX_TTL: Duration = Duration::from_secs(60 * 60);

    pub fn new(secret: &SessionSecret, ttl: Duration) -> Result<Self, TokenTtlError> {
        if !(Self::MIN_TTL..=Self::MAX_TTL).contains(&ttl) {
            return Err(TokenTtlError::OutOfRange);
        }
        Ok(Self { encoding: EncodingKey::from_secret(secret.as_bytes()), decoding: DecodingKey::from_secret(secret.as_bytes()), ttl })
    }

    pub fn issue(&self, account: AccountId, generation: i64) -> Result<IssuedToken, jsonwebtoken::errors::Error> {
        let now = Utc::now();
        let expires_at = now + chrono::Duration::from_std(self.ttl).unwrap_or(chrono::Duration::minutes(15));
        let claims = Claims {
            sub: account.to_string(),
            generation,
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
            iat: now.timestamp(),
            exp: expires_at.timestamp(),
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?;
        Ok(IssuedToken { token, expires_at })
    }

    /// The account and generation a token names, if the token is ours, untampered and unexpired.
    pub fn verify(&self, token: &str) -> Result<TokenClaims, TokenError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = 5;
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation).map_err(|e| match e.kind() {
            ErrorKind::ExpiredSignature => TokenError::Expired,
            _ => TokenError::Invalid,
        })?;
        let account = data.claims.sub.parse().map_err(|_| TokenError::Invalid)?;
        Ok(TokenClaims { account, generation: data.claims.generation })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret(byte_seed: u8) -> SessionSecret {
        let hex: String = (0..32u8).map(|i| format!("{:02x}", i.wrapping_mul(7).wrapping_add(byte_seed))).collect();
        SessionSecret::parse(&hex).expect("a valid secret")
    }

    fn tokens(seed: u8, ttl: Duration) -> AccessTokens {
        AccessTokens::new(&secret(seed), ttl).expect("valid keys")
    }

    #[test]
    fn a_token_names_the_account_and_generation_it_was_issued_for() {
        let keys = tokens(1, Duration::from_secs(900));
        let id = AccountId::new();
        let issued = keys.issue(id, 7).expect("issued");
        assert_eq!(keys.verify(&issued.token), Ok(TokenClaims { account: id, generation: 7 }));
        assert!(issued.expires_at > Utc::now() + chrono::Duration::minutes(14));
    }

    #[test]
    fn secrets_are_hex_or_base64_long_and_not_one_repeated_byte() {
        let hex = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
        assert_eq!(SessionSecret::parse(hex).map(|s| s.as_bytes().len()), Ok(32));
        assert_eq!(
            SessionSecret::parse(&hex.to_uppercase()).map(|s| s.as_bytes().to_vec()),
            SessionSecret::parse(hex).map(|s| s.as_bytes().to_vec())
        );
        let base64 = base64::engine::general_purpose::STANDARD.encode((0..48u8).collect::<Vec<_>>());
        assert_eq!(SessionSecret::parse(&base64).map(|s| s.as_bytes().len()), Ok(48));
        let url_safe_bytes: Vec<u8> = std::iter::once(0xfb_u8).chain(0..40u8).collect();
        let url_safe = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(url_safe_bytes);
        assert_eq!(SessionSecret::parse(&url_safe).map(|s| s.as_bytes().len()), Ok(41));

        assert_eq!(SessionSecret::parse("c2hvcnQ="), Err(SessionSecretError::TooShort { got: 5 }), "base64 of 5 bytes");
        assert_eq!(SessionSecret::parse("abcdef"), Err(SessionSecretError::TooShort { got: 3 }), "hex of 3 bytes");
        assert_eq!(SessionSecret::parse(&"aa".repeat(32)), Err(SessionSecretError::Weak));
        assert_eq!(SessionSecret::parse(&"0".repeat(64)), Err(SessionSecretError::Weak));
        assert_eq!(SessionSecret::parse("not base64 at all!"), Err(SessionSecretError::NotHexOrBase64));
        assert_eq!(SessionSecret::parse(&"a".repeat(63)), Err(SessionSecretError::NotHexOrBase64), "odd hex");
    }

    #[test]
    fn a_secret_never_shows_in_debug_output() {
        let hex = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
        let printed = format!("{:?} {:?}", SessionSecret::parse(hex).expect("valid"), tokens(3, Duration::from_secs(60)));
        assert!(!printed.contains("0011") && !printed.contains("ccdd"), "{printed}");
        assert!(printed.contains("redacted"), "{printed}");
    }

    #[test]
    fn lifetimes_are_between_a_minute_and_an_hour() {
        assert!(AccessTokens::new(&secret(1), Duration::from_secs(59)).is_err());
        assert!(AccessTokens::new(&secret(1), Duration::from_secs(3601)).is_err());
        assert!(AccessTokens::new(&secret(1), Duration::from_secs(3600)).is_ok());
    }

    #[test]
    fn tokens_from_another_secret_tampered_or_expired_are_refused() {
        let ours = tokens(1, Duration::from_secs(900));
        let theirs = tokens(2, Duration::from_secs(900));
        let id = AccountId::new();
        assert_eq!(ours.verify(&theirs.issue(id, 0).expect("issued").token), Err(TokenError::Invalid));

        let token = ours.issue(id, 0).expect("issued").token;
        let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
        parts[1] = parts[1].chars().rev().collect();
        assert_eq!(ours.verify(&parts.join(".")), Err(TokenError::Invalid));

        let expired = Claims {
            sub: id.to_string(),
            generation: 0,
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            iat: 0,
            exp: Utc::now().timestamp() - 60,
        };
        let stale = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &expired, &EncodingKey::from_secret(secret(1).as_bytes()))
            .expect("encode");
        assert_eq!(ours.verify(&stale), Err(TokenError::Expired));

        let unsigned = format!("{}.{}.", "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0", parts[1]);
        assert_eq!(ours.verify(&unsigned), Err(TokenError::Invalid));
        assert_eq!(ours.verify("hello"), Err(TokenError::Invalid));
    }
}
