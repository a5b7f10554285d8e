//! A buyer's orders, wish list and card payments: `POST /api/orders`, `GET /api/me/orders`, `GET /api/orders/{id}`,
//! `POST /api/orders/{id}/cancel`, `POST /api/orders/{id}/payment`, `POST /api/orders/{id}/payment/sync`,
//! `POST /api/wishlist`, `GET /api/me/wishlist`, `DELETE /api/wishlist/{bookId}`, and the card payment provider's
//! `POST /api/payments/stripe/webhook`. Buyers only, and only their own: another buyer's order is a 404 like one
//! that does not exist.

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use puronoboi_domain::{AccountRole, BookId, Order, OrderContactForm, OrderId};
use puronoboi_ports::Placed;

use crate::AppState;
use crate::dto::{AddToWishListDto, OrderDto, PageDto, PayOrderDto, PaymentResultDto, PlaceOrderDto, WishListDto, WishListItemDto};
use crate::error::{ApiError, ErrorCode};
use crate::extract::{ApiQuery, Caller, PageQuery, parse_id};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/orders", post(place))
        .route("/me/orders", get(mine))
        .route("/orders/{id}", get(one))
        .route("/orders/{id}/cancel", post(cancel))
        .route("/orders/{id}/payment", post(pay))
        .route("/orders/{id}/payment/sync", post(sync_payment))
        .route("/wishlist", post(wish))
        .route("/me/wishlist", get(wish_list))
        .route("/wishlist/{book_id}", delete(unwish))
        // Stripe's events are a few kilobytes.
        .route("/payments/stripe/webhook", post(webhook).layer(DefaultBodyLimit::max(64 * 1024)))
}

const BUYERS_ONLY: &str = "buy books";

fn order_id(raw: &str) -> Result<OrderId, ApiError> {
    parse_id(raw, ErrorCode::OrderNotFound, "order")
}

fn book_id(raw: &str) -> Result<BookId, ApiError> {
    parse_id(raw, ErrorCode::BookNotFound, "book")
}

/// Reads a JSON body into our error format (axum's own rejection is plain text).
fn json_body<T: serde::de::DeserializeOwned>(body: &[u8], what: &str) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::invalid_input(format!("Invalid {what}: {e}")))
}

fn order_dto(state: &AppState, order: Order) -> OrderDto {
    let payable = state.payments.payable_by_card(order.price);
    OrderDto::new(order, payable)
}

async fn place(State(state): State<AppState>, caller: Caller, body: axum::body::Bytes) -> Result<(StatusCode, Json<OrderDto>), ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    let dto: PlaceOrderDto = json_body(&body, "order")?;
    let book = book_id(&dto.book_id)?;
    let placed = state.orders.place(&buyer, book, OrderContactForm { phone: dto.phone, location: dto.location }).await?;
    Ok(match placed {
        Placed::New(order) => (StatusCode::CREATED, Json(order_dto(&state, order))),
        Placed::Existing(order) => (StatusCode::OK, Json(order_dto(&state, order))),
    })
}

async fn mine(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<PageDto<OrderDto>>, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    let page = state.orders.of_buyer(buyer.id, q.request(20)?).await?;
    Ok(Json(PageDto::from_page(page.map(|order| order_dto(&state, order)))))
}

async fn one(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Json<OrderDto>, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    let order = state.orders.one(buyer.id, order_id(&id)?).await?;
    let order = order.ok_or_else(|| ApiError::new(ErrorCode::OrderNotFound, "You have no order with this id."))?;
    Ok(Json(order_dto(&state, order)))
}

async fn cancel(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Json<OrderDto>, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    let order = state.orders.cancel(buyer.id, order_id(&id)?).await?;
    Ok(Json(order_dto(&state, order)))
}

async fn pay(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> Result<Json<PaymentResultDto>, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    let id = order_id(&id)?;
    let dto: PayOrderDto = json_body(&body, "payment")?;
    let token = dto.card_token.trim();
    if token.is_empty() || token.len() > 255 {
        return Err(ApiError::validation([("cardToken".to_owned(), "Enter your card details.".to_owned())].into()));
    }
    Ok(Json(state.payments.pay_with_card(buyer.id, id, token).await?.into()))
}

async fn sync_payment(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Json<PaymentResultDto>, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    Ok(Json(state.payments.sync(buyer.id, order_id(&id)?).await?.into()))
}

async fn wish(
    State(state): State<AppState>,
    caller: Caller,
    body: axum::body::Bytes,
) -> Result<(StatusCode, Json<WishListItemDto>), ApiError> {
    let buyer = caller.require(AccountRole::Buyer, "keep a wish list")?;
    let dto: AddToWishListDto = json_body(&body, "wish-list item")?;
    let (item, added) = state.orders.wish(buyer.id, book_id(&dto.book_id)?).await?;
    Ok((if added { StatusCode::CREATED } else { StatusCode::OK }, Json(item.into())))
}

async fn wish_list(State(state): State<AppState>, caller: Caller) -> Result<Json<WishListDto>, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, "keep a wish list")?;
    let items = state.orders.wish_list(buyer.id).await?;
    Ok(Json(WishListDto { items: items.into_iter().map(Into::into).collect() }))
}

async fn unwish(State(state): State<AppState>, caller: Caller, Path(book): Path<String>) -> Result<StatusCode, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, "keep a wish list")?;
    if state.orders.unwish(buyer.id, book_id(&book)?).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::new(ErrorCode::BookNotFound, "This book is not on your wish list."))
    }
}

/// The provider's notifications. The signature over the raw body is the only credential: no session.
async fn webhook(State(state): State<AppState>, headers: HeaderMap, body: axum::body::Bytes) -> Result<StatusCode, ApiError> {
    let signature = headers.get("stripe-signature").and_then(|v| v.to_str().ok());
    state.payments.handle_webhook(&body, signature, chrono::Utc::now()).await?;
    Ok(StatusCode::OK)
}
