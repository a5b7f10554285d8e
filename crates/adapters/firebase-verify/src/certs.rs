//! Google's token-signing keys: fetched from the X.509 endpoint, cached for the response's `max-age`, refreshed for
//! an unknown `kid` at most once a minute so that a flood of forged `kid`s cannot make us hammer Google, and retried
//! at most every few seconds while the endpoint fails.

use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};
use std::time::{Duration, SystemTime};

use anyhow::{Context as _, anyhow, bail};
use jsonwebtoken::DecodingKey;
use reqwest::header::CACHE_CONTROL;
use rsa::RsaPublicKey;
use rsa::pkcs8::DecodePublicKey as _;
use rsa::traits::PublicKeyParts as _;
use x509_cert::Certificate;
use x509_cert::der::{DecodePem as _, Encode as _};

use crate::verifier::Clock;

/// An unknown `kid` makes us refetch only when the last fetch is at least this old.
pub(crate) const UNKNOWN_KID_REFRESH_INTERVAL: Duration = Duration::from_secs(60);
/// How long to keep certificates whose response carries no `max-age` (Google's always does).
const DEFAULT_TTL: Duration = Duration::from_secs(60);
/// Google rotates its keys daily or so; a larger `max-age` is not believed.
const MAX_TTL: Duration = Duration::from_secs(24 * 60 * 60);
const FETCH_TIMEOUT: Duration = Duration::from_secs(10);
/// After a failed fetch, verifications needing the certificates answer `Unavailable` for this long without
/// refetching, so that an outage at Google does not queue one slow fetch per request.
pub(crate) const FAILURE_BACKOFF: Duration = Duration::from_secs(5);

/// Why no key could be found for a `kid`.
#[derive(Debug)]
pub(crate) enum KeyError {
    /// The `kid` is not among the current certificates (after a refresh if one was allowed).
    UnknownKid,
    /// The certificates could not be fetched or read.
    Unavailable(anyhow::Error),
}

struct KeySet {
    keys: HashMap<String, DecodingKey>,
    expires_at: SystemTime,
}

impl KeySet {
    fn is_fresh(&self, now: SystemTime) -> bool {
        now < self.expires_at
    }
}

pub(crate) struct CertCache {
    http: reqwest::Client,
    url: reqwest::Url,
    clock: Clock,
    current: RwLock<Option<Arc<KeySet>>>,
    /// Held while fetching, so concurrent verifications wait for one fetch instead of starting their own; it
    /// guards the last fetch attempt, which paces refreshes for unknown `kid`s and retries after a failure.
    refresh: tokio::sync::Mutex<Option<Attempt>>,
}

#[derive(Debug, Clone, Copy)]
struct Attempt {
    at: SystemTime,
    failed: bool,
}

impl CertCache {
    pub(crate) fn new(http: reqwest::Client, url: reqwest::Url, clock: Clock) -> Self {
        Self { http, url, clock, current: RwLock::new(None), refresh: tokio::sync::Mutex::new(None) }
    }

    pub(crate) fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
    }

    fn snapshot(&self) -> Option<Arc<KeySet>> {
        self.current.read().unwrap_or_else(PoisonError::into_inner).clone()
    }

    pub(crate) async fn key(&self, kid: &str) -> Result<DecodingKey, KeyError> {
        if let Some(set) = self.snapshot().filter(|set| set.is_fresh((self.clock)()))
            && let Some(key) = set.keys.get(kid)
        {
            return Ok(key.clone());
        }

        let mut last = self.refresh.lock().await;
        let now = (self.clock)();
        let since_last = |at: SystemTime| now.duration_since(at).unwrap_or(Duration::ZERO);
        // Another caller may have fetched while we waited for the lock.
        if let Some(set) = self.snapshot().filter(|set| set.is_fresh(now)) {
            if let Some(key) = set.keys.get(kid) {
                return Ok(key.clone());
            }
            if last.is_some_and(|attempt| since_last(attempt.at) < UNKNOWN_KID_REFRESH_INTERVAL) {
                return Err(KeyError::UnknownKid);
            }
        } else if let Some(attempt) = *last
            && attempt.failed
            && since_last(attempt.at) < FAILURE_BACKOFF
        {
            // Callers that queued behind a failed fetch, or arrive just after it, share its failure.
            return Err(KeyError::Unavailable(anyhow!("Google's certificates could not be fetched moments ago; not retrying yet")));
        }

        let fetched = self.fetch(now).await;
        *last = Some(Attempt { at: now, failed: fetched.is_err() });
        let set = Arc::new(fetched.map_err(KeyError::Unavailable)?);
        *self.current.write().unwrap_or_else(PoisonError::into_inner) = Some(Arc::clone(&set));
        set.keys.get(kid).cloned().ok_or(KeyError::UnknownKid)
    }

    async fn fetch(&self, now: SystemTime) -> anyhow::Result<KeySet> {
        let response = self
            .http
            .get(self.url.clone())
            .timeout(FETCH_TIMEOUT)
            .send()
            .await
            .context("fetching Google's token-signing certificates")?
            .error_for_status()
            .context("Google's certificate endpoint answered an error")?;
        let ttl = max_age(response.headers()).map_or(DEFAULT_TTL, |ttl| ttl.min(MAX_TTL));
        let body = response.bytes().await.context("reading Google's token-signing certificates")?;
        let certs: HashMap<String, String> =
            serde_json::from_slice(&body).context("Google's certificate endpoint did not answer a JSON object of kid -> PEM")?;

        let mut keys = HashMap::with_capacity(certs.len());
        for (kid, pem) in certs {
            match key_from_certificate(&pem) {
                Ok(key) => {
                    keys.insert(kid, key);
                }
                // One unreadable certificate must not take the others down; tokens signed with it are rejected.
                Err(error) => tracing::warn!(%kid, error = format!("{error:#}"), "skipping an unreadable Google certificate"),
            }
        }
        if keys.is_empty() {
            bail!("Google's certificate endpoint answered no usable certificate");
        }
        let expires_at = now.checked_add(ttl).ok_or_else(|| anyhow!("certificate expiry overflows the clock"))?;
        tracing::debug!(keys = keys.len(), ttl_secs = ttl.as_secs(), "fetched Google's token-signing certificates");
        Ok(KeySet { keys, expires_at })
    }
}

/// The RSA public key of a PEM X.509 certificate, ready for RS256.
pub(crate) fn key_from_certificate(pem: &str) -> anyhow::Result<DecodingKey> {
    let certificate = Certificate::from_pem(pem.as_bytes()).context("not a PEM X.509 certificate")?;
    let spki = certificate.tbs_certificate.subject_public_key_info.to_der().context("re-encoding the public key info")?;
    let key = RsaPublicKey::from_public_key_der(&spki).context("the certificate's key is not an RSA public key")?;
    Ok(DecodingKey::from_rsa_raw_components(&key.n().to_bytes_be(), &key.e().to_bytes_be()))
}

/// `max-age` from `Cache-Control`, if any directive carries a readable one.
fn max_age(headers: &reqwest::header::HeaderMap) -> Option<Duration> {
    headers.get_all(CACHE_CONTROL).iter().filter_map(|value| value.to_str().ok()).flat_map(|value| value.split(',')).find_map(|directive| {
        let (name, value) = directive.split_once('=')?;
        if !name.trim().eq_ignore_ascii_case("max-age") {
            return None;
        }
        value.trim().trim_matches('"').parse::<u64>().ok().map(Duration::from_secs)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::{HeaderMap, HeaderValue};

    fn headers(values: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for value in values {
            map.append(CACHE_CONTROL, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn reads_max_age_from_cache_control() {
        assert_eq!(max_age(&headers(&["public, max-age=19204, must-revalidate, no-transform"])), Some(Duration::from_secs(19204)));
        assert_eq!(max_age(&headers(&["no-transform", "Max-Age = 5"])), Some(Duration::from_secs(5)));
        assert_eq!(max_age(&headers(&["public, s-maxage=3"])), None);
        assert_eq!(max_age(&headers(&["max-age=soon"])), None);
        assert_eq!(max_age(&HeaderMap::new()), None);
    }

    #[test]
    fn garbage_is_not_a_certificate() {
        assert!(key_from_certificate("").is_err());
        assert!(key_from_certificate("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n").is_err());
    }
}
