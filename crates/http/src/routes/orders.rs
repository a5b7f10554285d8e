//! A buyer's orders, wish list and card payments: `POST /api/orders`, `GET /api/me/orders`, `GET /api/orders/{id}`,
//! `POST /api/orders/{id}/cancel`, `POST /api/orders/{id}/payment`, `POST /api/orders/{id}/payment/sync`,
//! `POST /api/wishlist`, `GET /api/me/wishlist`, `DELETE /api/wishlist/{bookId}`, and the card payment provider's
//! `POST /api/payments/stripe/webhook`. Buyers only, and only their own: another buyer's order is a 404 like one
//! that does not exist.

use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode};
use puronoboi_domain::{AccountRole, BookId, Order, OrderContactForm, OrderId};
use puronoboi_ports::Placed;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt as _};
use utoipa_axum::routes;

use crate::AppState;
use crate::dto::{AddToWishListDto, OrderDto, PageDto, PayOrderDto, PaymentResultDto, PlaceOrderDto, WishListDto, WishListItemDto};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiPath, ApiQuery, Caller, PageQuery, parse_id};
use crate::limits::{Limited, Orders as OrderLimit, Payments, WishList};
use crate::openapi::{BadBody, BadQuery, Internal, Invalid, Limited as RateLimited, SignedIn};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(place))
        .routes(routes!(mine))
        .routes(routes!(one))
        .routes(routes!(cancel))
        .routes(routes!(pay))
        .routes(routes!(sync_payment))
        .routes(routes!(wish))
        .routes(routes!(wish_list))
        .routes(routes!(unwish))
        // Stripe's events are a few kilobytes.
        .routes(routes!(webhook).layer(DefaultBodyLimit::max(64 * 1024)))
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

/// Orders a book: it is held for the buyer until paid, cancelled or expired. Ordering a book the buyer already holds
/// answers that order again (200).
#[utoipa::path(
    post,
    path = "/orders",
    tag = "orders",
    security(("bearer" = [])),
    request_body = PlaceOrderDto,
    responses(
        (status = 201, description = "The order was placed.", body = OrderDto),
        (status = 200, description = "The buyer already holds this book: their pending order.", body = OrderDto),
        BadBody,
        (status = 404, description = "`book_not_found`: no book has this id.", body = ErrorBody),
        (status = 409, description = "`book_unavailable` (someone else ordered it, or it is sold or withdrawn) or `too_many_pending_orders`.", body = ErrorBody),
        Invalid,
        SignedIn,
        RateLimited,
    )
)]
async fn place(
    State(state): State<AppState>,
    caller: Limited<OrderLimit>,
    body: axum::body::Bytes,
) -> Result<(StatusCode, Json<OrderDto>), ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    let dto: PlaceOrderDto = json_body(&body, "order")?;
    let book = book_id(&dto.book_id)?;
    let placed = state.orders.place(&buyer, book, OrderContactForm { phone: dto.phone, location: dto.location }).await?;
    Ok(match placed {
        Placed::New(order) => (StatusCode::CREATED, Json(order_dto(&state, order))),
        Placed::Existing(order) => (StatusCode::OK, Json(order_dto(&state, order))),
    })
}

/// The buyer's orders (My Orders), newest first, 20 per page unless asked.
#[utoipa::path(
    get,
    path = "/me/orders",
    operation_id = "my_orders",
    tag = "orders",
    security(("bearer" = [])),
    params(PageQuery),
    responses((status = 200, body = PageDto<OrderDto>), BadQuery, SignedIn)
)]
async fn mine(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<PageDto<OrderDto>>, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    let page = state.orders.of_buyer(buyer.id, q.request(20)?).await?;
    Ok(Json(PageDto::from_page(page.map(|order| order_dto(&state, order)))))
}

/// One of the buyer's orders.
#[utoipa::path(
    get,
    path = "/orders/{id}",
    tag = "orders",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The order's id.")),
    responses((status = 200, body = OrderDto), (status = 404, description = "`order_not_found`: the buyer has no order with this id.", body = ErrorBody), SignedIn)
)]
async fn one(State(state): State<AppState>, caller: Caller, ApiPath(id): ApiPath<String>) -> Result<Json<OrderDto>, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    let order = state.orders.one(buyer.id, order_id(&id)?).await?;
    let order = order.ok_or_else(|| ApiError::new(ErrorCode::OrderNotFound, "You have no order with this id."))?;
    Ok(Json(order_dto(&state, order)))
}

/// Cancels a pending order; the book goes back on sale.
#[utoipa::path(
    post,
    path = "/orders/{id}/cancel",
    tag = "orders",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The order's id.")),
    responses((status = 200, body = OrderDto), (status = 404, description = "`order_not_found`: the buyer has no order with this id.", body = ErrorBody), (status = 409, description = "`order_closed`: the order is paid, cancelled or expired.", body = ErrorBody), SignedIn)
)]
async fn cancel(State(state): State<AppState>, caller: Caller, ApiPath(id): ApiPath<String>) -> Result<Json<OrderDto>, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    let order = state.orders.cancel(buyer.id, order_id(&id)?).await?;
    Ok(Json(order_dto(&state, order)))
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
        (status = 422, description = "`validation_failed` (no card token) or `below_card_minimum`.", body = ErrorBody),
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

/// Adds a book to the buyer's wish list. A book already on it answers 200.
#[utoipa::path(
    post,
    path = "/wishlist",
    tag = "orders",
    security(("bearer" = [])),
    request_body = AddToWishListDto,
    responses(
        (status = 201, description = "The book was added.", body = WishListItemDto),
        (status = 200, description = "The book was already on the wish list.", body = WishListItemDto),
        BadBody,
        (status = 404, description = "`book_not_found`: no book has this id.", body = ErrorBody),
        (status = 409, description = "`wish_list_full`: remove a book first.", body = ErrorBody),
        SignedIn,
        RateLimited,
    )
)]
async fn wish(
    State(state): State<AppState>,
    caller: Limited<WishList>,
    body: axum::body::Bytes,
) -> Result<(StatusCode, Json<WishListItemDto>), ApiError> {
    let buyer = caller.require(AccountRole::Buyer, "keep a wish list")?;
    let dto: AddToWishListDto = json_body(&body, "wish-list item")?;
    let (item, added) = state.orders.wish(buyer.id, book_id(&dto.book_id)?).await?;
    Ok((if added { StatusCode::CREATED } else { StatusCode::OK }, Json(item.into())))
}

/// The buyer's wish list, newest first.
#[utoipa::path(
    get,
    path = "/me/wishlist",
    tag = "orders",
    security(("bearer" = [])),
    responses((status = 200, body = WishListDto), SignedIn)
)]
async fn wish_list(State(state): State<AppState>, caller: Caller) -> Result<Json<WishListDto>, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, "keep a wish list")?;
    let items = state.orders.wish_list(buyer.id).await?;
    Ok(Json(WishListDto { items: items.into_iter().map(Into::into).collect() }))
}

/// Takes a book off the buyer's wish list.
#[utoipa::path(
    delete,
    path = "/wishlist/{book_id}",
    tag = "orders",
    security(("bearer" = [])),
    params(("book_id" = Uuid, Path, description = "The book's id.")),
    responses(
        (status = 204, description = "The book is off the wish list."),
        (status = 404, description = "`book_not_found`: the book is not on the wish list.", body = ErrorBody),
        SignedIn,
        RateLimited,
    )
)]
async fn unwish(State(state): State<AppState>, caller: Limited<WishList>, ApiPath(book): ApiPath<String>) -> Result<StatusCode, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, "keep a wish list")?;
    if state.orders.unwish(buyer.id, book_id(&book)?).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::new(ErrorCode::BookNotFound, "This book is not on your wish list."))
    }
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
