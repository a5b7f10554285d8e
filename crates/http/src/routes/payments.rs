//! Card payments: `POST /api/orders/{id}/payment`, `POST /api/orders/{id}/payment/sync` (a buyer paying their own
//! order) and the card payment provider's `POST /api/payments/stripe/webhook`.

use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode};
use puronoboi_domain::{AccountRole, FieldError, RequiredText};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt as _};
use utoipa_axum::routes;

use super::orders::{BUYERS_ONLY, order_id};
use crate::AppState;
use crate::dto::{PayOrderDto, PaymentResultDto};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{ApiJson, ApiPath};
use crate::limits::{Limited, Payments};
use crate::openapi::{BadBody, Internal, Limited as RateLimited, SignedIn};

/// The longest card token taken (Stripe's are a few dozen characters).
const MAX_CARD_TOKEN_CHARS: usize = 255;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(pay))
        .routes(routes!(sync_payment))
        // Stripe's events are a few kilobytes.
        .routes(routes!(webhook).layer(DefaultBodyLimit::max(64 * 1024)))
}

/// Pays a pending order with a card tokenised by Stripe.js. Paying an order already paid answers its payment.
#[utoipa::path(
    post,
    path = "/orders/{id}/payment",
    tag = "orders",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The order's id.")),
    request_body = PayOrderDto,
    responses(
        (status = 200, body = PaymentResultDto),
        BadBody,
        (status = 404, description = "`order_not_found`: the buyer has no order with this id.", body = ErrorBody),
        (status = 409, description = "`order_closed`: the order is paid, cancelled or expired.", body = ErrorBody),
        (status = 422, description = "`validation_failed` on `cardToken` (reason `required`, `too_long` over 255 characters, or `invalid_character`) or `below_card_minimum`.", body = ErrorBody),
        (status = 429, description = "`rate_limited`: 5 failed card attempts on this order, or 20 card attempts by this account, within the last hour; the provider was not asked.", body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed."))),
        SignedIn,
        RateLimited,
        (status = 503, description = "`unavailable`: sign-in or card payments are not configured, or the payment provider is not answering.", body = ErrorBody),
    )
)]
async fn pay(
    State(state): State<AppState>,
    caller: Limited<Payments>,
    ApiPath(id): ApiPath<String>,
    ApiJson(dto): ApiJson<PayOrderDto>,
) -> Result<Json<PaymentResultDto>, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    let id = order_id(&id)?;
    let token = dto.card_token.trim();
    if let Err(problem) = RequiredText::parse(token, MAX_CARD_TOKEN_CHARS) {
        return Err(ApiError::field("cardToken", FieldError::of(&problem).worded("Enter your card details.")));
    }
    Ok(Json(state.payments.pay_with_card(buyer.id, id, token).await?.into()))
}

/// Asks the payment provider how the order's card payment stands (after 3-D Secure, say), and records a success.
#[utoipa::path(
    post,
    path = "/orders/{id}/payment/sync",
    tag = "orders",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The order's id.")),
    responses(
        (status = 200, body = PaymentResultDto),
        (status = 404, description = "`order_not_found`: the buyer has no order with this id.", body = ErrorBody),
        (status = 409, description = "`order_closed`: the order is paid, cancelled or expired.", body = ErrorBody),
        SignedIn,
        RateLimited,
        (status = 503, description = "`unavailable`: sign-in or card payments are not configured, or the payment provider is not answering.", body = ErrorBody),
    )
)]
async fn sync_payment(
    State(state): State<AppState>,
    caller: Limited<Payments>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<PaymentResultDto>, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    Ok(Json(state.payments.sync(buyer.id, order_id(&id)?).await?.into()))
}

/// The provider's notifications. The signature over the raw body is the only credential: no session.
#[utoipa::path(
    post,
    path = "/payments/stripe/webhook",
    tag = "orders",
    params(("Stripe-Signature" = Option<String>, Header, description = "Stripe's signature over the raw body: `t=<unix time>,v1=<hex HMAC-SHA256>`.")),
    request_body(content = Object, description = "A Stripe event, exactly as Stripe sent it (the signature covers its bytes).", content_type = "application/json"),
    responses(
        (status = 200, description = "The event was handled, or is not one this server acts on."),
        (status = 400, description = "`invalid_signature`: no valid, fresh signature over this body.", body = ErrorBody),
        Internal,
        (status = 503, description = "`unavailable`: card payments are not configured.", body = ErrorBody),
    )
)]
async fn webhook(State(state): State<AppState>, headers: HeaderMap, body: axum::body::Bytes) -> Result<StatusCode, ApiError> {
    let signature = headers.get("stripe-signature").and_then(|v| v.to_str().ok());
    state.payments.handle_webhook(&body, signature, chrono::Utc::now()).await?;
    Ok(StatusCode::OK)
}
