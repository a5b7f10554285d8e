//! Stripe's webhook signatures, checked by hand the way Stripe documents it
//! (<https://docs.stripe.com/webhooks#verify-manually>):
//!
//! - the `Stripe-Signature` header reads `t=<unix seconds>,v1=<hex>[,v1=<hex>...][,v0=<hex>]`;
//! - the signed payload is `"{t}.{raw body}"`, signed with HMAC-SHA256 keyed with the endpoint's whole signing secret
//!   (the `whsec_...` string as bytes);
//! - a delivery is genuine when any `v1` matches (Stripe sends several while a secret is being rolled); `v0` is a test
//!   scheme Stripe says to ignore;
//! - a timestamp further than five minutes from now is refused, so a captured delivery cannot be replayed later.
//!
//! Pure functions: the caller passes the clock in.

use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use puronoboi_ports::{PaymentEvent, WebhookError};
use sha2::Sha256;
use subtle::{Choice, ConstantTimeEq};

/// How far a delivery's timestamp may be from now, either way, in seconds: Stripe's libraries' default (five minutes).
pub const WEBHOOK_TOLERANCE_SECS: i64 = 300;

/// The `Stripe-Signature` header value Stripe would send with `payload` signed at `timestamp` with `secret`, for tests
/// that deliver webhooks themselves.
pub fn sign_payload(secret: &str, timestamp: i64, payload: &[u8]) -> String {
    // HMAC takes keys of any length, so there is always a signature; an empty one would only ever fail to verify.
    let signature = signature(secret, timestamp, payload).map(|bytes| to_hex(&bytes)).unwrap_or_default();
    format!("t={timestamp},v1={signature}")
}

/// Checks a webhook delivery (its raw body and its `Stripe-Signature` header) against the endpoint's signing secret
/// and reads the event.
///
/// Errors: `Unsigned` without a header, or one without `t` or `v1`; `BadSignature` when no `v1` matches;
/// `Stale` when the signed timestamp is more than [`WEBHOOK_TOLERANCE_SECS`] before or after `now`; `Malformed` when
/// the (genuine) body is not an event.
pub fn verify_webhook(
    secret: &str,
    payload: &[u8],
    signature_header: Option<&str>,
    now: DateTime<Utc>,
) -> Result<PaymentEvent, WebhookError> {
    let header = signature_header.map(parse_header).ok_or(WebhookError::Unsigned)?;
    let timestamp = header.timestamp.ok_or(WebhookError::Unsigned)?;
    if header.v1.is_empty() {
        return Err(WebhookError::Unsigned);
    }
    let expected = signature(secret, timestamp, payload).ok_or(WebhookError::BadSignature)?;
    // Every candidate is compared in full and in constant time, so the timing says nothing about how close a forged
    // signature came. A candidate that is not hex never matches.
    let matched = header
        .v1
        .iter()
        .filter_map(|candidate| from_hex(candidate))
        .fold(Choice::from(0), |matched, candidate| matched | candidate.as_slice().ct_eq(expected.as_slice()));
    if !bool::from(matched) {
        return Err(WebhookError::BadSignature);
    }
    // Only a genuine timestamp is worth judging; saturating, since `t` is whatever the sender wrote.
    let age = now.timestamp().saturating_sub(timestamp);
    if !(-WEBHOOK_TOLERANCE_SECS..=WEBHOOK_TOLERANCE_SECS).contains(&age) {
        return Err(WebhookError::Stale);
    }
    read_event(payload)
}

/// An event object (<https://docs.stripe.com/api/events/object>): `type`, and for a PaymentIntent event the
/// PaymentIntent in `data.object`.
fn read_event(payload: &[u8]) -> Result<PaymentEvent, WebhookError> {
    let event: serde_json::Value = serde_json::from_slice(payload).map_err(|error| WebhookError::Malformed(error.to_string()))?;
    let kind = event.get("type").and_then(serde_json::Value::as_str).ok_or_else(|| WebhookError::Malformed("no type".to_owned()))?;
    if kind == "payment_intent.succeeded" {
        let payment_id = event
            .pointer("/data/object/id")
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| WebhookError::Malformed("payment_intent.succeeded without data.object.id".to_owned()))?;
        return Ok(PaymentEvent::PaymentSucceeded { payment_id: payment_id.to_owned() });
    }
    Ok(PaymentEvent::Other { kind: kind.to_owned() })
}

struct SignatureHeader<'a> {
    timestamp: Option<i64>,
    v1: Vec<&'a str>,
}

/// `t=...,v1=...,v1=...,v0=...`: the first `t` counts (Stripe sends one; whichever is taken, the signature has to match
/// it), every `v1` is a candidate, anything else is ignored.
fn parse_header(header: &str) -> SignatureHeader<'_> {
    let mut parsed = SignatureHeader { timestamp: None, v1: Vec::new() };
    for (key, value) in header.split(',').filter_map(|item| item.trim().split_once('=')) {
        match key {
            "t" if parsed.timestamp.is_none() => parsed.timestamp = value.parse().ok(),
            "v1" => parsed.v1.push(value),
            _ => {}
        }
    }
    parsed
}

fn signature(secret: &str, timestamp: i64, payload: &[u8]) -> Option<Vec<u8>> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).ok()?;
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    Some(mac.finalize().into_bytes().to_vec())
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|at| text.get(at..at + 2).and_then(|pair| u8::from_str_radix(pair, 16).ok())).collect()
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    const SECRET: &str = "whsec_test_0123456789abcdef";
    const NOW: i64 = 1_760_000_000;
    const BODY: &[u8] = br#"{"id":"evt_3QabcXYZ","object":"event","type":"payment_intent.succeeded","data":{"object":{"id":"pi_3QabcXYZ","object":"payment_intent","status":"succeeded"}}}"#;

    fn now() -> DateTime<Utc> {
        Utc.timestamp_opt(NOW, 0).single().expect("a valid instant")
    }

    fn verify(payload: &[u8], header: &str) -> Result<PaymentEvent, WebhookError> {
        verify_webhook(SECRET, payload, Some(header), now())
    }

    fn succeeded() -> Result<PaymentEvent, WebhookError> {
        Ok(PaymentEvent::PaymentSucceeded { payment_id: "pi_3QabcXYZ".to_owned() })
    }

    #[test]
    fn a_genuine_delivery_is_read() {
        assert_eq!(verify(BODY, &sign_payload(SECRET, NOW, BODY)), succeeded());
    }

    #[test]
    fn matches_an_independently_computed_signature() {
        // Computed with Python's hmac module, the way localstripe signs: hmac.new(secret, b"%d.%s" % (t, body), sha256).
        let body = br#"{"type":"ping"}"#;
        let header = sign_payload("whsec_abc", 1_700_000_000, body);
        assert_eq!(header, "t=1700000000,v1=0f00354389e194f970981ee9103ed2dc3a1d297fee60e1f58bef735e39fecc0d");
    }

    #[test]
    fn a_tampered_body_is_refused() {
        let header = sign_payload(SECRET, NOW, BODY);
        let tampered = String::from_utf8_lossy(BODY).replace("pi_3QabcXYZ", "pi_3Qother00");
        assert_eq!(verify(tampered.as_bytes(), &header), Err(WebhookError::BadSignature));
    }

    #[test]
    fn a_tampered_timestamp_is_refused() {
        let header = sign_payload(SECRET, NOW, BODY).replace(&format!("t={NOW}"), &format!("t={}", NOW + 1));
        assert_eq!(verify(BODY, &header), Err(WebhookError::BadSignature));
    }

    #[test]
    fn another_secret_is_refused() {
        assert_eq!(verify(BODY, &sign_payload("whsec_someone_else", NOW, BODY)), Err(WebhookError::BadSignature));
    }

    #[test]
    fn the_secret_is_the_whole_whsec_string() {
        // Not the part after the prefix, not base64-decoded: exactly what Stripe's libraries and localstripe key with.
        let without_prefix = SECRET.trim_start_matches("whsec_");
        assert_eq!(verify(BODY, &sign_payload(without_prefix, NOW, BODY)), Err(WebhookError::BadSignature));
    }

    #[test]
    fn a_delivery_older_than_five_minutes_is_stale() {
        assert_eq!(verify(BODY, &sign_payload(SECRET, NOW - 300, BODY)), succeeded(), "exactly at the tolerance");
        assert_eq!(verify(BODY, &sign_payload(SECRET, NOW - 301, BODY)), Err(WebhookError::Stale));
        assert_eq!(verify(BODY, &sign_payload(SECRET, 0, BODY)), Err(WebhookError::Stale));
    }

    #[test]
    fn a_delivery_from_more_than_five_minutes_ahead_is_refused() {
        assert_eq!(verify(BODY, &sign_payload(SECRET, NOW + 300, BODY)), succeeded(), "exactly at the tolerance");
        assert_eq!(verify(BODY, &sign_payload(SECRET, NOW + 301, BODY)), Err(WebhookError::Stale));
    }

    #[test]
    fn extreme_timestamps_do_not_overflow() {
        for t in [i64::MIN, i64::MAX] {
            assert_eq!(verify(BODY, &sign_payload(SECRET, t, BODY)), Err(WebhookError::Stale), "{t}");
        }
    }

    #[test]
    fn a_stale_forgery_is_a_bad_signature_not_stale() {
        // The signature is judged first: an attacker learns nothing about the clock from a forged delivery.
        assert_eq!(verify(BODY, &sign_payload("whsec_forger", NOW - 10_000, BODY)), Err(WebhookError::BadSignature));
    }

    #[test]
    fn no_header_is_unsigned() {
        assert_eq!(verify_webhook(SECRET, BODY, None, now()), Err(WebhookError::Unsigned));
    }

    #[test]
    fn a_header_without_a_timestamp_or_a_v1_is_unsigned() {
        let v1 = sign_payload(SECRET, NOW, BODY);
        let v1 = v1.split_once(",v1=").map(|(_, sig)| sig).expect("a v1");
        for header in ["", "garbage", &format!("v1={v1}"), &format!("t={NOW}"), &format!("t=soon,v1={v1}"), &format!("t={NOW},v0={v1}")] {
            assert_eq!(verify(BODY, header), Err(WebhookError::Unsigned), "{header:?}");
        }
    }

    #[test]
    fn any_of_several_v1_signatures_may_match() {
        // While a secret is rolled, Stripe signs with both the old and the new one.
        let genuine = sign_payload(SECRET, NOW, BODY);
        let genuine = genuine.split_once(",v1=").map(|(_, sig)| sig).expect("a v1");
        let other = sign_payload("whsec_old_secret", NOW, BODY);
        let other = other.split_once(",v1=").map(|(_, sig)| sig).expect("a v1");
        let header = format!("t={NOW},v1={other},v1={genuine},v0=6ffbb59b2300aae63f272406069a9788598b792a944a07aba816edb039989a39");
        assert_eq!(verify(BODY, &header), succeeded());
        let header = format!("t={NOW}, v1=not-hex, v1={genuine}");
        assert_eq!(verify(BODY, &header), succeeded(), "spaces after commas and a broken candidate are tolerated");
    }

    #[test]
    fn a_v0_signature_alone_is_not_enough() {
        // v0 is Stripe's test scheme: a genuine HMAC under the v0 name still does not count.
        let genuine = sign_payload(SECRET, NOW, BODY);
        let genuine = genuine.split_once(",v1=").map(|(_, sig)| sig).expect("a v1");
        assert_eq!(verify(BODY, &format!("t={NOW},v0={genuine}")), Err(WebhookError::Unsigned));
    }

    #[test]
    fn a_v1_that_is_not_the_signature_is_bad() {
        for candidate in ["", "00", "zz", &"0".repeat(64), &"a".repeat(63)] {
            assert_eq!(verify(BODY, &format!("t={NOW},v1={candidate}")), Err(WebhookError::BadSignature), "{candidate:?}");
        }
    }

    #[test]
    fn a_genuine_body_that_is_not_an_event_is_malformed() {
        for body in [&b"not json"[..], b"{}", br#"{"type": 42}"#, br#"{"type":"payment_intent.succeeded","data":{}}"#] {
            let result = verify(body, &sign_payload(SECRET, NOW, body));
            assert!(matches!(result, Err(WebhookError::Malformed(_))), "{}: {result:?}", String::from_utf8_lossy(body));
        }
    }

    #[test]
    fn other_event_types_are_named() {
        let body = br#"{"id":"evt_1","object":"event","type":"payment_intent.payment_failed","data":{"object":{"id":"pi_1"}}}"#;
        assert_eq!(
            verify(body, &sign_payload(SECRET, NOW, body)),
            Ok(PaymentEvent::Other { kind: "payment_intent.payment_failed".to_owned() })
        );
    }

    #[test]
    fn hex_round_trips() {
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(from_hex(&to_hex(&bytes)), Some(bytes));
        assert_eq!(from_hex("ABcd"), Some(vec![0xab, 0xcd]));
        assert_eq!(from_hex("abc"), None);
        assert_eq!(from_hex("é1"), None);
    }
}
