//! The parts of Stripe's JSON this adapter reads. Everything else in an answer is ignored, so fields Stripe adds
//! later change nothing.

use std::collections::HashMap;

use puronoboi_ports::{CardRefusal, ProviderPayment, ProviderPaymentStatus, RefundStatus};
use serde::Deserialize;

/// A PaymentIntent (<https://docs.stripe.com/api/payment_intents/object>).
#[derive(Deserialize)]
pub(crate) struct PaymentIntent {
    pub id: String,
    pub status: String,
    pub amount: i64,
    pub currency: String,
    #[serde(default)]
    pub metadata: HashMap<String, serde_json::Value>,
    pub client_secret: Option<String>,
    pub last_payment_error: Option<LastPaymentError>,
}

/// `last_payment_error`: an error object like the ones requests fail with (<https://docs.stripe.com/api/errors>).
#[derive(Deserialize)]
pub(crate) struct LastPaymentError {
    pub code: Option<String>,
    pub decline_code: Option<String>,
    pub message: Option<String>,
}

/// Names a card error's reason from Stripe's `decline_code` (the bank's, the more precise) and `code`
/// (<https://docs.stripe.com/declines/codes>, <https://docs.stripe.com/error-codes>). A code not listed is a plain
/// decline: the buyer is told the card was declined, never nothing.
pub(crate) fn card_refusal(code: Option<&str>, decline_code: Option<&str>) -> CardRefusal {
    let named = |code: &str| match code {
        "insufficient_funds" => Some(CardRefusal::InsufficientFunds),
        "expired_card" => Some(CardRefusal::ExpiredCard),
        "incorrect_cvc" | "invalid_cvc" => Some(CardRefusal::IncorrectCvc),
        "incorrect_number" | "invalid_number" => Some(CardRefusal::IncorrectNumber),
        "processing_error" => Some(CardRefusal::ProcessingError),
        "payment_intent_authentication_failure" | "authentication_required" => Some(CardRefusal::AuthenticationFailed),
        _ => None,
    };
    decline_code.and_then(named).or_else(|| code.and_then(named)).unwrap_or(CardRefusal::Declined)
}

impl PaymentIntent {
    pub fn into_provider_payment(self) -> ProviderPayment {
        // https://docs.stripe.com/api/payment_intents/object#payment_intent_object-status
        let status = match self.status.as_str() {
            "requires_payment_method" => ProviderPaymentStatus::NeedsCard,
            "requires_confirmation" => ProviderPaymentStatus::NotConfirmed,
            "requires_action" => ProviderPaymentStatus::AwaitingBuyer,
            "processing" => ProviderPaymentStatus::InProgress,
            "requires_capture" => ProviderPaymentStatus::Authorised,
            "succeeded" => ProviderPaymentStatus::Succeeded,
            "canceled" => ProviderPaymentStatus::Cancelled,
            _ => ProviderPaymentStatus::Other(self.status),
        };
        ProviderPayment {
            id: self.id,
            status,
            amount_minor: self.amount,
            currency: self.currency.to_ascii_lowercase(),
            // Metadata values are strings in Stripe; anything else was not written by this adapter.
            order_id: self.metadata.get("order_id").and_then(serde_json::Value::as_str).map(str::to_owned),
            client_secret: self.client_secret,
            failure_reason: self
                .last_payment_error
                .as_ref()
                .map(|error| card_refusal(error.code.as_deref(), error.decline_code.as_deref())),
            failure_message: self.last_payment_error.and_then(|error| error.message),
        }
    }
}

/// Anything with an id: a PaymentMethod (<https://docs.stripe.com/api/payment_methods/object>).
#[derive(Deserialize)]
pub(crate) struct Created {
    pub id: String,
}

/// A Refund (<https://docs.stripe.com/api/refunds/object>).
#[derive(Deserialize)]
pub(crate) struct Refund {
    pub id: String,
    pub status: Option<String>,
}

impl Refund {
    pub fn into_refund(self) -> puronoboi_ports::Refund {
        // https://docs.stripe.com/api/refunds/object#refund_object-status: "pending, requires_action, succeeded,
        // failed, or canceled". requires_action concerns other payment methods than cards and ends in one of the
        // others. A status this code does not know is taken as failed: asking again never returns more than was paid
        // (Stripe answers charge_already_refunded), while taking it as refunded could leave the buyer unpaid.
        let status = match self.status.as_deref() {
            Some("succeeded") => RefundStatus::Succeeded,
            Some("pending" | "requires_action") => RefundStatus::Pending,
            _ => RefundStatus::Failed,
        };
        puronoboi_ports::Refund { id: self.id, status }
    }
}

/// A list of refunds (<https://docs.stripe.com/api/pagination>).
#[derive(Deserialize)]
pub(crate) struct List {
    pub data: Vec<Refund>,
}

/// Every failed request's body (<https://docs.stripe.com/api/errors>):
/// `{"error": {"type", "code", "decline_code", "message", "param", ...}}`.
#[derive(Deserialize)]
pub(crate) struct ErrorBody {
    pub error: ApiError,
}

#[derive(Deserialize)]
pub(crate) struct ApiError {
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub code: Option<String>,
    pub decline_code: Option<String>,
    pub message: Option<String>,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn intent(status: &str) -> PaymentIntent {
        serde_json::from_value(json!({
            "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
            "object": "payment_intent",
            "amount": 35000,
            "currency": "BDT",
            "status": status,
            "client_secret": "pi_3MtwBwLkdIwHu7ix28a3tqPa_secret_YrKJUKribcBjcG8HVhfZluoGH",
            "metadata": { "order_id": "6f1c7c4e-0c1e-4f7e-9a55-3f6f2f6d9b10", "other": 7 },
            "last_payment_error": null
        }))
        .expect("a PaymentIntent")
    }

    #[test]
    fn every_stripe_status_is_mapped_and_unknown_ones_are_other() {
        for (stripe, ours) in [
            ("requires_payment_method", ProviderPaymentStatus::NeedsCard),
            ("requires_confirmation", ProviderPaymentStatus::NotConfirmed),
            ("requires_action", ProviderPaymentStatus::AwaitingBuyer),
            ("processing", ProviderPaymentStatus::InProgress),
            ("requires_capture", ProviderPaymentStatus::Authorised),
            ("succeeded", ProviderPaymentStatus::Succeeded),
            ("canceled", ProviderPaymentStatus::Cancelled),
            ("requires_source", ProviderPaymentStatus::Other("requires_source".to_owned())),
        ] {
            assert_eq!(intent(stripe).into_provider_payment().status, ours, "{stripe}");
        }
    }

    #[test]
    fn maps_the_fields_and_lower_cases_the_currency() {
        let payment = intent("succeeded").into_provider_payment();
        assert_eq!(payment.id, "pi_3MtwBwLkdIwHu7ix28a3tqPa");
        assert_eq!(payment.amount_minor, 35000);
        assert_eq!(payment.currency, "bdt");
        assert_eq!(payment.order_id.as_deref(), Some("6f1c7c4e-0c1e-4f7e-9a55-3f6f2f6d9b10"));
        assert_eq!(payment.client_secret.as_deref(), Some("pi_3MtwBwLkdIwHu7ix28a3tqPa_secret_YrKJUKribcBjcG8HVhfZluoGH"));
        assert_eq!(payment.failure_message, None);
        assert_eq!(payment.failure_reason, None);
    }

    #[test]
    fn only_succeeded_and_pending_refunds_count_as_refunded() {
        for (stripe, ours) in [
            (json!("succeeded"), RefundStatus::Succeeded),
            (json!("pending"), RefundStatus::Pending),
            (json!("requires_action"), RefundStatus::Pending),
            (json!("failed"), RefundStatus::Failed),
            (json!("canceled"), RefundStatus::Failed),
            (json!("something_new"), RefundStatus::Failed),
            (json!(null), RefundStatus::Failed),
        ] {
            let refund: Refund = serde_json::from_value(json!({ "id": "re_1", "object": "refund", "status": stripe })).expect("a refund");
            assert_eq!(refund.into_refund(), puronoboi_ports::Refund { id: "re_1".to_owned(), status: ours }, "{stripe}");
        }
    }

    #[test]
    fn missing_metadata_and_a_failure_message() {
        let intent: PaymentIntent = serde_json::from_value(json!({
            "id": "pi_1", "amount": 100, "currency": "bdt", "status": "requires_payment_method", "client_secret": null,
            "last_payment_error": { "type": "card_error", "code": "card_declined", "message": "Your card was declined." }
        }))
        .expect("a PaymentIntent");
        let payment = intent.into_provider_payment();
        assert_eq!(payment.order_id, None);
        assert_eq!(payment.client_secret, None);
        assert_eq!(payment.failure_message.as_deref(), Some("Your card was declined."));
        assert_eq!(payment.failure_reason, Some(CardRefusal::Declined));
    }

    #[test]
    fn a_failed_attempt_names_its_reason_from_the_bank_first() {
        let failure = |error: serde_json::Value| {
            let intent: PaymentIntent = serde_json::from_value(json!({
                "id": "pi_1", "amount": 100, "currency": "bdt", "status": "requires_payment_method", "last_payment_error": error
            }))
            .expect("a PaymentIntent");
            intent.into_provider_payment().failure_reason
        };
        assert_eq!(failure(json!({ "code": "card_declined", "decline_code": "insufficient_funds" })), Some(CardRefusal::InsufficientFunds));
        assert_eq!(failure(json!({ "code": "payment_intent_authentication_failure" })), Some(CardRefusal::AuthenticationFailed));
        assert_eq!(failure(json!({ "code": "card_declined", "decline_code": "lost_card" })), Some(CardRefusal::Declined));
        assert_eq!(failure(json!({})), Some(CardRefusal::Declined));
    }

    #[test]
    fn every_card_error_code_the_buyer_can_act_on_has_its_reason() {
        for (code, reason) in [
            ("insufficient_funds", CardRefusal::InsufficientFunds),
            ("expired_card", CardRefusal::ExpiredCard),
            ("incorrect_cvc", CardRefusal::IncorrectCvc),
            ("invalid_cvc", CardRefusal::IncorrectCvc),
            ("incorrect_number", CardRefusal::IncorrectNumber),
            ("invalid_number", CardRefusal::IncorrectNumber),
            ("processing_error", CardRefusal::ProcessingError),
            ("authentication_required", CardRefusal::AuthenticationFailed),
            ("card_declined", CardRefusal::Declined),
            ("do_not_honor", CardRefusal::Declined),
        ] {
            assert_eq!(card_refusal(Some(code), None), reason, "code {code}");
            assert_eq!(card_refusal(Some("card_declined"), Some(code)), reason, "decline code {code}");
        }
        assert_eq!(card_refusal(None, None), CardRefusal::Declined);
    }
}
