//! The parts of a compact JWS and the claim checks Firebase specifies, shared by the production and emulator modes.
//!
//! Rejection reasons are fixed strings: they end up in logs, so they never echo what the caller sent.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use puronoboi_ports::identity::VerifiedIdentity;
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// Tolerated clock difference with Google for `iat` and `auth_time`, in seconds.
pub(crate) const CLOCK_SKEW_SECS: i64 = 60;
/// Firebase uids are at most 128 characters.
const MAX_UID_CHARS: usize = 128;
/// Real ID tokens are 1-2 KiB; anything far larger is not worth decoding.
const MAX_TOKEN_BYTES: usize = 16 * 1024;

pub(crate) type Rejection = &'static str;

/// A compact JWS split into its three base64url segments, not yet trusted.
pub(crate) struct Parts<'a> {
    pub header: &'a str,
    pub payload: &'a str,
    pub signature: &'a str,
    /// `header.payload`, the bytes the signature covers.
    pub signing_input: &'a str,
}

pub(crate) fn split(token: &str) -> Result<Parts<'_>, Rejection> {
    if token.is_empty() {
        return Err("empty token");
    }
    if token.len() > MAX_TOKEN_BYTES {
        return Err("token too long");
    }
    let mut segments = token.split('.');
    let (Some(header), Some(payload), Some(signature), None) = (segments.next(), segments.next(), segments.next(), segments.next()) else {
        return Err("not a compact JWS of three segments");
    };
    if header.is_empty() || payload.is_empty() {
        return Err("empty header or payload segment");
    }
    let signing_input = &token[..header.len() + 1 + payload.len()];
    Ok(Parts { header, payload, signature, signing_input })
}

pub(crate) fn decode_segment(segment: &str) -> Result<Vec<u8>, Rejection> {
    URL_SAFE_NO_PAD.decode(segment).map_err(|_| "segment is not base64url")
}

fn decode_json<T: DeserializeOwned>(segment: &str, what: Rejection) -> Result<T, Rejection> {
    serde_json::from_slice(&decode_segment(segment)?).map_err(|_| what)
}

/// The JOSE header fields that matter here.
#[derive(Debug, Deserialize)]
pub(crate) struct Header {
    pub alg: String,
    #[serde(default)]
    pub kid: Option<String>,
}

pub(crate) fn header(parts: &Parts<'_>) -> Result<Header, Rejection> {
    decode_json(parts.header, "header is not a JSON object with a string alg")
}

/// Firebase ID-token claims. Missing required claims or wrong types fail deserialization.
#[derive(Debug, Deserialize)]
struct Claims {
    aud: String,
    iss: String,
    sub: String,
    exp: f64,
    iat: f64,
    auth_time: f64,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    email_verified: Option<bool>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    picture: Option<String>,
    #[serde(default)]
    firebase: Option<FirebaseClaim>,
}

#[derive(Debug, Deserialize)]
struct FirebaseClaim {
    #[serde(default)]
    sign_in_provider: Option<String>,
}

/// Checks the payload claims as Firebase specifies and answers the identity they describe.
/// `now` is Unix seconds.
pub(crate) fn verify_claims(parts: &Parts<'_>, project_id: &str, now: i64) -> Result<VerifiedIdentity, Rejection> {
    let claims: Claims = decode_json(parts.payload, "payload is not a JSON object with the required Firebase claims")?;
    if claims.aud != project_id {
        return Err("aud is not this project");
    }
    if claims.iss.strip_prefix("https://securetoken.google.com/") != Some(project_id) {
        return Err("iss is not this project's securetoken issuer");
    }
    // Compared as floats: JSON numbers may carry fractions, and Unix seconds are exact in an f64.
    let now = now as f64;
    if claims.exp <= now {
        return Err("token expired");
    }
    if claims.iat > now + CLOCK_SKEW_SECS as f64 {
        return Err("iat is in the future");
    }
    if claims.auth_time > now + CLOCK_SKEW_SECS as f64 {
        return Err("auth_time is in the future");
    }
    if claims.sub.is_empty() {
        return Err("sub is empty");
    }
    if claims.sub.chars().count() > MAX_UID_CHARS {
        return Err("sub is longer than 128 characters");
    }
    // Whole seconds, as Firebase issues it; a fraction (which Firebase never sends) is dropped, never rounded up.
    #[expect(clippy::cast_possible_truncation, reason = "a finite number of seconds checked to be before now + skew above")]
    let auth_time = chrono::DateTime::from_timestamp(claims.auth_time.floor() as i64, 0).ok_or("auth_time is out of range")?;
    Ok(VerifiedIdentity {
        uid: claims.sub,
        email: claims.email,
        email_verified: claims.email_verified.unwrap_or(false),
        name: claims.name,
        picture: claims.picture,
        sign_in_provider: claims.firebase.and_then(|f| f.sign_in_provider),
        auth_time,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const NOW: i64 = 1_800_000_000;

    fn token_with(claims: &serde_json::Value) -> String {
        let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
        let payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(claims).unwrap());
        format!("{header}.{payload}.")
    }

    fn good() -> serde_json::Value {
        json!({
            "iss": "https://securetoken.google.com/demo-p", "aud": "demo-p", "sub": "uid-1", "user_id": "uid-1",
            "iat": NOW - 10, "auth_time": NOW - 100, "exp": NOW + 3590,
            "email": "a@b.test", "email_verified": true, "firebase": {"sign_in_provider": "password"}
        })
    }

    fn check(claims: &serde_json::Value) -> Result<VerifiedIdentity, Rejection> {
        let token = token_with(claims);
        verify_claims(&split(&token)?, "demo-p", NOW)
    }

    #[test]
    fn good_claims_give_the_identity() {
        let id = check(&good()).unwrap();
        assert_eq!(id.uid, "uid-1");
        assert_eq!(id.email.as_deref(), Some("a@b.test"));
        assert!(id.email_verified);
        assert_eq!(id.name, None);
        assert_eq!(id.sign_in_provider.as_deref(), Some("password"));
        assert_eq!(id.auth_time.timestamp(), NOW - 100, "when the holder signed in");
    }

    #[test]
    fn auth_time_must_be_a_time() {
        let mut c = good();
        c["auth_time"] = json!(-1e300);
        assert_eq!(check(&c).unwrap_err(), "auth_time is out of range");
        c["auth_time"] = json!("yesterday");
        assert!(check(&c).is_err());
    }

    #[test]
    fn skew_is_tolerated_for_iat_and_auth_time_but_not_beyond() {
        let mut c = good();
        c["iat"] = json!(NOW + 60);
        c["auth_time"] = json!(NOW + 60);
        assert!(check(&c).is_ok());
        c["iat"] = json!(NOW + 61);
        assert_eq!(check(&c).unwrap_err(), "iat is in the future");
        let mut c = good();
        c["auth_time"] = json!(NOW + 61);
        assert_eq!(check(&c).unwrap_err(), "auth_time is in the future");
    }

    #[test]
    fn exp_has_no_skew() {
        let mut c = good();
        c["exp"] = json!(NOW);
        assert_eq!(check(&c).unwrap_err(), "token expired");
        c["exp"] = json!(NOW + 1);
        assert!(check(&c).is_ok());
    }

    #[test]
    fn sub_must_be_a_short_non_empty_string() {
        let mut c = good();
        c["sub"] = json!("x".repeat(128));
        assert!(check(&c).is_ok());
        c["sub"] = json!("x".repeat(129));
        assert!(check(&c).is_err());
        c["sub"] = json!(42);
        assert!(check(&c).is_err());
    }

    #[test]
    fn required_claims_and_types() {
        for missing in ["aud", "iss", "sub", "exp", "iat", "auth_time"] {
            let mut c = good();
            c.as_object_mut().unwrap().remove(missing);
            assert!(check(&c).is_err(), "{missing} missing must be rejected");
        }
        let mut c = good();
        c["aud"] = json!(["demo-p"]);
        assert!(check(&c).is_err(), "an audience array is not Firebase's shape");
        let mut c = good();
        c["iss"] = json!("https://securetoken.google.com/demo-p/");
        assert!(check(&c).is_err());
    }

    #[test]
    fn split_rejects_malformed_shapes() {
        for bad in ["", "a", "a.b", "a.b.c.d", ".b.c", "a..c"] {
            assert!(split(bad).is_err(), "{bad:?}");
        }
        assert!(split(&"a".repeat(MAX_TOKEN_BYTES + 1)).is_err());
        let parts = split("h.p.s").unwrap();
        assert_eq!((parts.header, parts.payload, parts.signature, parts.signing_input), ("h", "p", "s", "h.p"));
    }
}
