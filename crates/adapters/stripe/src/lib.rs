//! Card payments through Stripe's PaymentIntents API: the production [`PaymentGateway`]. localstripe
//! (`scripts/localstripe.sh`) answers the same requests locally and in tests.
//!
//! One PaymentIntent per order, opened once. The buyer's browser tokenises each card with Stripe.js (`createToken`, a
//! single-use `tok_...`); the server turns the token into a PaymentMethod and confirms the order's PaymentIntent with
//! it, so a declined card leaves the same PaymentIntent open for the next card and an order is never charged twice.
//!
//! Plain HTTPS against Stripe's REST API (<https://docs.stripe.com/api>): form-encoded requests, the secret key as a
//! bearer token (<https://docs.stripe.com/api/authentication>), JSON answers, errors as
//! `{"error": {"type", "code", "message", ...}}` (<https://docs.stripe.com/api/errors>). Every request that creates
//! something carries an `Idempotency-Key` named after what it is for (the order, the card token, the payment), so a
//! retry after a timeout answers what the first attempt did instead of charging or refunding again
//! (<https://docs.stripe.com/api/idempotent_requests>). Stripe keeps those keys for 24 hours: callers remember the
//! payment id they were given rather than counting on opening the same order again a day later.
//!
//! The secret key and the webhook signing secret stay out of Debug output, errors and logs; so does a payment's
//! client secret.

mod webhook;
mod wire;

use std::time::Duration;

use anyhow::anyhow;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{OrderId, TAKA_CURRENCY, Taka};
use puronoboi_ports::{
    GatewayError, PaymentEvent, PaymentGateway, ProviderPayment, ProviderPaymentStatus, Refund, RefundStatus, WebhookError,
};
use reqwest::{Method, StatusCode};
use serde::de::DeserializeOwned;

pub use webhook::{WEBHOOK_TOLERANCE_SECS, sign_payload, verify_webhook};

/// Stripe's API.
pub const DEFAULT_API_BASE: &str = "https://api.stripe.com";
/// The API version every request asks for (<https://docs.stripe.com/api/versioning>), so the answers' shapes do not
/// change with the account's default version. (Before 2019-02-11, for one, PaymentIntent statuses had other names.)
pub const API_VERSION: &str = "2025-04-30.basil";
/// How long one request may take, connecting to reading the whole answer. Stripe answers in well under a second
/// normally; past this the buyer is better served by "try again" than by a spinner, and the idempotency keys make
/// trying again safe.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// A PaymentIntent is a few kilobytes of JSON; anything far larger is not Stripe talking.
const MAX_ANSWER_BYTES: usize = 1024 * 1024;
/// Stripe's limit on an `Idempotency-Key` (<https://docs.stripe.com/api/idempotent_requests>).
const MAX_IDEMPOTENCY_KEY_LEN: usize = 255;

/// What the gateway needs from the configuration.
#[derive(Clone)]
pub struct StripeConfig {
    /// The account's secret API key (`sk_live_...`, `sk_test_...`; any `sk_...` for localstripe).
    pub secret_key: String,
    /// The webhook endpoint's signing secret (`whsec_...`).
    pub webhook_secret: String,
    /// [`DEFAULT_API_BASE`], or localstripe's `http://127.0.0.1:8420`.
    pub api_base: String,
}

impl std::fmt::Debug for StripeConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeConfig")
            .field("secret_key", &"[redacted]")
            .field("webhook_secret", &"[redacted]")
            .field("api_base", &self.api_base)
            .finish()
    }
}

pub struct StripeGateway {
    config: StripeConfig,
    http: reqwest::Client,
    timeout: Duration,
}

impl StripeGateway {
    /// `http` may be shared with other adapters; this gateway sets its own per-request timeout.
    pub fn new(mut config: StripeConfig, http: reqwest::Client) -> Self {
        config.api_base = config.api_base.trim_end_matches('/').to_owned();
        Self { config, http, timeout: DEFAULT_TIMEOUT }
    }

    /// Replaces [`DEFAULT_TIMEOUT`].
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }
}

impl std::fmt::Debug for StripeGateway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeGateway").field("config", &self.config).field("timeout", &self.timeout).finish_non_exhaustive()
    }
}

#[async_trait]
impl PaymentGateway for StripeGateway {
    async fn open_payment(&self, order: OrderId, amount: Taka) -> Result<ProviderPayment, GatewayError> {
        // https://docs.stripe.com/api/payment_intents/create
        // - amount: "in the smallest currency unit"; BDT has two decimals in Stripe
        //   (https://docs.stripe.com/currencies#zero-decimal lists the exceptions; BDT is not one), so paisa.
        // - currency: "Three-letter ISO currency code, in lowercase."
        // - payment_method_types: cards only. Naming them also keeps automatic_payment_methods off, so confirming
        //   needs no return_url (https://docs.stripe.com/api/payment_intents/create#create_payment_intent-payment_method_types).
        // - metadata[order_id]: ties the payment to the order; read back before anything is recorded
        //   (https://docs.stripe.com/api/metadata).
        // - capture_method=manual: a confirmed card only holds the amount (status requires_capture) until the
        //   handover captures it or the order's close cancels it; money paid in advance is held until delivery
        //   (https://docs.stripe.com/payments/place-a-hold-on-a-payment-method).
        let amount = amount.paisa().to_string();
        let order_id = order.to_string();
        let form = [
            ("amount", amount.as_str()),
            ("currency", TAKA_CURRENCY),
            ("payment_method_types[0]", "card"),
            ("capture_method", "manual"),
            ("metadata[order_id]", order_id.as_str()),
        ];
        // Not the key payments taken up front were opened with: a key reused with other parameters is refused.
        let key = format!("puronoboi-order-{order_id}-hold");
        let intent: wire::PaymentIntent = self.post("opening the payment", "/v1/payment_intents", &form, &key).await?;
        Ok(intent.into_provider_payment())
    }

    async fn confirm_with_card(&self, payment_id: &str, card_token: &str) -> Result<ProviderPayment, GatewayError> {
        let payment_id = checked_id("the payment id", payment_id)?;
        let card_token = checked_id("the card token", card_token)?;

        // https://docs.stripe.com/api/payment_methods/create: type=card, and
        // https://docs.stripe.com/api/payment_methods/create#create_payment_method-card: "For backwards
        // compatibility, you can alternatively provide a Stripe token (e.g., for Apple Pay, Amex Express Checkout, or
        // legacy Checkout) into the card hash with format card: {token: "tok_visa"}." A token can be used once; the
        // key makes a retry answer the PaymentMethod the first attempt made instead of "You cannot use a Stripe token
        // more than once".
        let form = [("type", "card"), ("card[token]", card_token)];
        let key = format!("puronoboi-card-{card_token}");
        let method: wire::Created = self.post("turning the card token into a payment method", "/v1/payment_methods", &form, &key).await?;

        // https://docs.stripe.com/api/payment_intents/confirm#confirm_payment_intent-payment_method: "ID of the
        // payment method ... to attach to this PaymentIntent." Allowed while the intent is requires_payment_method,
        // requires_confirmation or requires_action, which is what lets a declined or unauthenticated payment be
        // retried with another card. One key per card, so every new card is a new attempt and a retried request
        // is not.
        let form = [("payment_method", method.id.as_str())];
        let key = format!("puronoboi-confirm-{payment_id}-{card_token}");
        let path = format!("/v1/payment_intents/{payment_id}/confirm");
        let intent: wire::PaymentIntent = self.post("confirming the payment", &path, &form, &key).await?;
        Ok(intent.into_provider_payment())
    }

    async fn payment(&self, payment_id: &str) -> Result<ProviderPayment, GatewayError> {
        let payment_id = checked_id("the payment id", payment_id)?;
        // https://docs.stripe.com/api/payment_intents/retrieve
        let intent: wire::PaymentIntent = self.get("reading the payment", &format!("/v1/payment_intents/{payment_id}")).await?;
        Ok(intent.into_provider_payment())
    }

    async fn capture(&self, payment_id: &str, amount: Taka) -> Result<ProviderPayment, GatewayError> {
        // https://docs.stripe.com/api/payment_intents/capture: amount_to_capture, at most what is held (the whole
        // price: a partial capture would release the rest). The key makes a second capture answer the first.
        let payment_id = checked_id("the payment id", payment_id)?;
        let amount = amount.paisa().to_string();
        let form = [("amount_to_capture", amount.as_str())];
        let key = format!("puronoboi-capture-{payment_id}");
        let path = format!("/v1/payment_intents/{payment_id}/capture");
        match self.post::<wire::PaymentIntent>("taking the held payment", &path, &form, &key).await {
            Ok(intent) => expect_status(intent.into_provider_payment(), ProviderPaymentStatus::Succeeded, "captured"),
            // Taken already (a capture whose answer was lost, or a stand-in that keeps no idempotency keys): the
            // payment read back says so; anything else stays refused.
            Err(RequestError { error: GatewayError::Refused { message }, .. }) => {
                self.read_back_if(payment_id, ProviderPaymentStatus::Succeeded, message).await
            }
            Err(error) => Err(error.into()),
        }
    }

    async fn release(&self, payment_id: &str) -> Result<ProviderPayment, GatewayError> {
        // https://docs.stripe.com/api/payment_intents/cancel: cancelling a requires_capture PaymentIntent releases
        // the hold on the card; nothing is charged, so nothing needs refunding. No parameters: a reason is optional
        // and some Stripe stand-ins refuse it.
        let payment_id = checked_id("the payment id", payment_id)?;
        let key = format!("puronoboi-release-{payment_id}");
        let path = format!("/v1/payment_intents/{payment_id}/cancel");
        match self.post::<wire::PaymentIntent>("releasing the held payment", &path, &[], &key).await {
            Ok(intent) => expect_status(intent.into_provider_payment(), ProviderPaymentStatus::Cancelled, "released"),
            Err(RequestError { error: GatewayError::Refused { message }, .. }) => {
                self.read_back_if(payment_id, ProviderPaymentStatus::Cancelled, message).await
            }
            Err(error) => Err(error.into()),
        }
    }

    async fn refund(&self, payment_id: &str, attempt: u32) -> Result<Refund, GatewayError> {
        let payment_id = checked_id("the payment id", payment_id)?;
        // https://docs.stripe.com/api/refunds/create#create_refund-payment_intent: "The identifier of the
        // PaymentIntent to refund." Without `amount`, the whole payment. The first attempt keeps the key it always
        // had; a later attempt (after a refund that failed) needs a key of its own, or Stripe would answer the failed
        // refund again.
        let form = [("payment_intent", payment_id)];
        let key = match attempt {
            0 => format!("puronoboi-refund-{payment_id}"),
            n => format!("puronoboi-refund-{payment_id}-retry-{n}"),
        };
        let refund = match self.post::<wire::Refund>("refunding the payment", "/v1/refunds", &form, &key).await {
            Ok(refund) => refund.into_refund(),
            Err(RequestError { code: Some(code), .. }) if code == "charge_already_refunded" => {
                // Refunded before: longer ago than Stripe keeps idempotency keys (24 hours), or by an earlier attempt
                // whose answer was lost. Answer that refund.
                // https://docs.stripe.com/api/refunds/list: payment_intent "Only return refunds for the PaymentIntent
                // specified", newest first; limit=1, the one there is.
                let path = format!("/v1/refunds?payment_intent={payment_id}&limit=1");
                let refunds: wire::List = self.get("finding the earlier refund", &path).await?;
                refunds
                    .data
                    .into_iter()
                    .next()
                    .map(wire::Refund::into_refund)
                    .ok_or_else(|| GatewayError::from(anyhow!("Stripe says {payment_id} was refunded but lists no refund for it")))?
            }
            Err(error) => return Err(error.into()),
        };
        if refund.status == RefundStatus::Failed {
            tracing::warn!(refund = %refund.id, payment = payment_id, attempt, "Stripe answered a refund that did not go through");
        }
        Ok(refund)
    }

    fn verify_event(&self, payload: &[u8], signature_header: Option<&str>, now: DateTime<Utc>) -> Result<PaymentEvent, WebhookError> {
        verify_webhook(&self.config.webhook_secret, payload, signature_header, now)
    }
}

/// A failed request, with Stripe's error code kept for the one caller that acts on it.
struct RequestError {
    error: GatewayError,
    code: Option<String>,
}

impl From<GatewayError> for RequestError {
    fn from(error: GatewayError) -> Self {
        Self { error, code: None }
    }
}

impl From<RequestError> for GatewayError {
    fn from(error: RequestError) -> Self {
        error.error
    }
}

impl StripeGateway {
    /// After a refused capture or release: the payment, when reading it back shows it already `status` (the call
    /// was made before); otherwise the refusal.
    async fn read_back_if(
        &self,
        payment_id: &str,
        status: ProviderPaymentStatus,
        refusal: String,
    ) -> Result<ProviderPayment, GatewayError> {
        let payment = self.payment(payment_id).await?;
        if payment.status == status { Ok(payment) } else { Err(GatewayError::Refused { message: refusal }) }
    }

    async fn post<T: DeserializeOwned>(&self, what: &'static str, path: &str, form: &[(&str, &str)], key: &str) -> Result<T, RequestError> {
        let request = self.request(Method::POST, path).form(form).header("Idempotency-Key", idempotency_key(key));
        self.send(what, request).await
    }

    async fn get<T: DeserializeOwned>(&self, what: &'static str, path: &str) -> Result<T, RequestError> {
        self.send(what, self.request(Method::GET, path)).await
    }

    fn request(&self, method: Method, path: &str) -> reqwest::RequestBuilder {
        // bearer_auth marks the header sensitive, so reqwest's own Debug output hides it too.
        self.http
            .request(method, format!("{}{path}", self.config.api_base))
            .bearer_auth(&self.config.secret_key)
            .header("Stripe-Version", API_VERSION)
            .timeout(self.timeout)
    }

    async fn send<T: DeserializeOwned>(&self, what: &'static str, request: reqwest::RequestBuilder) -> Result<T, RequestError> {
        let mut response = request.send().await.map_err(|error| transport_error(error, what))?;
        let status = response.status();
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|error| transport_error(error, what))? {
            if body.len() + chunk.len() > MAX_ANSWER_BYTES {
                return Err(GatewayError::Unavailable(anyhow!(
                    "Stripe answered {status} to {what} with more than {MAX_ANSWER_BYTES} bytes"
                ))
                .into());
            }
            body.extend_from_slice(&chunk);
        }

        if status.is_success() {
            // Only the position of a parse error is kept: serde's messages can quote the answer, and the answer can
            // hold a client secret.
            return serde_json::from_slice(&body).map_err(|error| {
                tracing::error!(
                    what,
                    status = status.as_u16(),
                    line = error.line(),
                    column = error.column(),
                    "Stripe's answer is not what this adapter reads"
                );
                GatewayError::Unavailable(anyhow!(
                    "Stripe answered {status} to {what} with JSON this adapter cannot read (line {}, column {})",
                    error.line(),
                    error.column()
                ))
                .into()
            });
        }

        let Ok(wire::ErrorBody { error }) = serde_json::from_slice::<wire::ErrorBody>(&body) else {
            tracing::warn!(what, status = status.as_u16(), "Stripe answered with an error that is not Stripe's error JSON");
            return Err(GatewayError::Unavailable(anyhow!("Stripe answered {status} to {what} without its error JSON")).into());
        };
        let message = error.message.as_deref().map(|message| self.redact(message)).filter(|message| !message.trim().is_empty());
        let (kind, code, decline_code) = (error.kind.as_deref(), error.code.as_deref(), error.decline_code.as_deref());
        let retryable = status.is_server_error()
            // 429: too many requests; 409: the same idempotency key is in flight in another request; 424: a
            // dependency of Stripe's failed. Trying again later may work (https://docs.stripe.com/api/errors,
            // https://docs.stripe.com/error-low-level#idempotency).
            || matches!(status, StatusCode::TOO_MANY_REQUESTS | StatusCode::CONFLICT | StatusCode::FAILED_DEPENDENCY)
            // 401, 403: the key is wrong or lacks a permission. The server's configuration is at fault, not the
            // request; the buyer gets "try later" rather than Stripe's words about API keys.
            || matches!(status, StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN);
        if retryable {
            tracing::error!(what, status = status.as_u16(), kind, code, stripe_message = message.as_deref(), "Stripe failed a request");
            let detail = message.unwrap_or_default();
            return Err(RequestError {
                error: GatewayError::Unavailable(anyhow!("Stripe answered {status} to {what}: {} {detail}", code.unwrap_or_default())),
                code: error.code,
            });
        }
        // A card error: the card was declined, or its number, expiry or CVC is wrong. Stripe answers 402 with
        // type card_error (https://docs.stripe.com/api/errors#errors-type); localstripe answers 402 too but labels
        // it invalid_request_error, so either says it.
        if kind == Some("card_error") || status == StatusCode::PAYMENT_REQUIRED {
            tracing::info!(
                what,
                status = status.as_u16(),
                code,
                decline_code,
                stripe_message = message.as_deref(),
                "Stripe declined the card"
            );
            let message = message.unwrap_or_else(|| "Your card was declined.".to_owned());
            let reason = wire::card_refusal(code, decline_code);
            return Err(RequestError { error: GatewayError::Declined { message, reason }, code: error.code });
        }
        tracing::warn!(what, status = status.as_u16(), kind, code, stripe_message = message.as_deref(), "Stripe refused a request");
        let message = message.unwrap_or_else(|| format!("Stripe refused {what} ({status})"));
        Err(RequestError { error: GatewayError::Refused { message }, code: error.code })
    }

    /// Removes the secrets from text that came back from the outside, in case one was echoed.
    fn redact(&self, text: &str) -> String {
        [&self.config.secret_key, &self.config.webhook_secret]
            .into_iter()
            .filter(|secret| !secret.is_empty())
            .fold(text.to_owned(), |text, secret| text.replace(secret.as_str(), "[redacted]"))
    }
}

/// Stripe's ids are letters, digits and underscores (`pi_3MtwBw...`, `tok_1N3T00...`). An id goes into a URL path and
/// an idempotency key, so anything else is refused before it could reach either.
/// A capture or release Stripe answered with the payment in another status than the call makes (a stand-in that
/// answers 200 to capturing a cancelled payment): refused, as Stripe itself refuses it.
fn expect_status(payment: ProviderPayment, status: ProviderPaymentStatus, done: &str) -> Result<ProviderPayment, GatewayError> {
    if payment.status == status {
        Ok(payment)
    } else {
        Err(GatewayError::Refused { message: format!("the payment could not be {done}: it is {:?}", payment.status) })
    }
}

fn checked_id<'a>(what: &str, id: &'a str) -> Result<&'a str, GatewayError> {
    if !id.is_empty() && id.len() <= 255 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        Ok(id)
    } else {
        Err(GatewayError::Refused { message: format!("{what} is not a Stripe id") })
    }
}

/// Stripe takes keys of up to 255 characters. Today's ids make every key far shorter; should ids ever grow, the key
/// becomes a hash of itself, still one per purpose.
fn idempotency_key(key: &str) -> String {
    use sha2::{Digest, Sha256};
    if key.len() <= MAX_IDEMPOTENCY_KEY_LEN {
        return key.to_owned();
    }
    let digest = Sha256::digest(key.as_bytes());
    format!("puronoboi-sha256-{}", digest.iter().map(|byte| format!("{byte:02x}")).collect::<String>())
}

/// reqwest's error Display carries the request URL; ids only, but nothing there is needed either.
fn transport_error(error: reqwest::Error, what: &str) -> RequestError {
    let how = if error.is_timeout() { "timed out" } else { "failed" };
    tracing::warn!(what, how, "Stripe could not be reached");
    GatewayError::Unavailable(anyhow!(error.without_url()).context(format!("{what} {how}"))).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_hides_the_secrets() {
        let config = StripeConfig {
            secret_key: "sk_test_51Hsecretsecret".to_owned(),
            webhook_secret: "whsec_secretsecret".to_owned(),
            api_base: "https://api.stripe.com/".to_owned(),
        };
        let gateway = StripeGateway::new(config.clone(), reqwest::Client::new());
        for debug in [format!("{config:?}"), format!("{gateway:?}"), format!("{gateway:#?}")] {
            assert!(!debug.contains("secretsecret"), "{debug}");
            assert!(debug.contains("https://api.stripe.com"), "{debug}");
        }
    }

    #[test]
    fn ids_are_letters_digits_and_underscores() {
        for good in ["pi_3MtwBwLkdIwHu7ix28a3tqPa", "tok_visa", "x"] {
            assert!(checked_id("id", good).is_ok(), "{good}");
        }
        let long = "a".repeat(256);
        for bad in ["", "pi_1/../../v1/refunds", "pi_1?expand[]=x", "pi 1", "pi_1%2F", "pi_é", "pi_1\n", long.as_str()] {
            assert!(matches!(checked_id("id", bad), Err(GatewayError::Refused { .. })), "{bad:?}");
        }
    }

    #[test]
    fn idempotency_keys_stay_within_stripes_limit() {
        assert_eq!(idempotency_key("puronoboi-refund-pi_1"), "puronoboi-refund-pi_1");
        let long = format!("puronoboi-confirm-{}-{}", "a".repeat(200), "b".repeat(200));
        let hashed = idempotency_key(&long);
        assert!(hashed.len() <= MAX_IDEMPOTENCY_KEY_LEN);
        assert_eq!(hashed, idempotency_key(&long), "stable");
        assert_ne!(hashed, idempotency_key(&format!("{long}c")), "distinct");
    }
}
