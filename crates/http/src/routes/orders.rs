//! A buyer's orders and wish list: `POST /api/orders`, `GET /api/me/orders`, `GET /api/orders/{id}`,
//! `POST /api/orders/{id}/cancel`, `POST /api/wishlist`, `GET /api/me/wishlist` and `DELETE /api/wishlist/{bookId}`:
//! buyers only, and only their own: another buyer's order is a 404 like one that does not exist. And
//! `POST /api/orders/{id}/handover`: the seller of the order's book only. Paying an order is in `payments`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use puronoboi_app::orders::HandedOver;
use puronoboi_domain::{AccountRole, BookId, Order, OrderContactForm, OrderId, PaymentMethod, WrongCode};
use puronoboi_ports::Placed;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::dto::{
    AddToWishListDto, ChangeOrderDto, HandOverDto, OrderDto, PageDto, PlaceOrderDto, SoldOrderDto, WishListDto, WishListItemDto,
};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Caller, PageQuery, parse_id};
use crate::limits::{Limited, Orders as OrderLimit, WishList};
use crate::openapi::{BadBody, BadQuery, Invalid, Limited as RateLimited, SignedIn};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(place))
        .routes(routes!(mine))
        .routes(routes!(one, change))
        .routes(routes!(cancel))
        .routes(routes!(hand_over))
        .routes(routes!(wish))
        .routes(routes!(wish_list))
        .routes(routes!(unwish))
}

pub(super) const BUYERS_ONLY: &str = "buy books";

pub(super) fn order_id(raw: &str) -> Result<OrderId, ApiError> {
    parse_id(raw, ErrorCode::OrderNotFound, "order")
}

fn book_id(raw: &str) -> Result<BookId, ApiError> {
    parse_id(raw, ErrorCode::BookNotFound, "book")
}

/// An order as its buyer sees it in lists and answers: without its handover code.
pub(super) fn order_dto(state: &AppState, order: Order) -> OrderDto {
    let payable = state.payments.payable_by_card(order.price);
    let deadline = state.orders.handover_deadline(&order);
    OrderDto::new(order, payable, None, deadline)
}

/// An order as its buyer sees it on its own page: with its handover code while it awaits the handover. The code is
/// shown there only, so that it is never in a list someone glances at.
fn order_page_dto(state: &AppState, order: Order) -> OrderDto {
    let payable = state.payments.payable_by_card(order.price);
    let code = state.orders.handover_code(&order);
    let deadline = state.orders.handover_deadline(&order);
    OrderDto::new(order, payable, code, deadline)
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
    ApiJson(dto): ApiJson<PlaceOrderDto>,
) -> Result<(StatusCode, Json<OrderDto>), ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    let book = book_id(&dto.book_id)?;
    let method = dto.payment_method.map_or(PaymentMethod::Cash, Into::into);
    let placed = state.orders.place(&buyer, book, OrderContactForm { phone: dto.phone, location: dto.location }, method).await?;
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
    let ids: Vec<OrderId> = page.items.iter().map(|order| order.id).collect();
    let mut reviews = state.reviews.of_orders(buyer.id, &ids, chrono::Utc::now()).await?;
    Ok(Json(PageDto::from_page(page.map(|order| {
        let review = reviews.remove(&order.id);
        order_dto(&state, order).with_review(review)
    }))))
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
    let review = state.reviews.of_orders(buyer.id, &[order.id], chrono::Utc::now()).await?.remove(&order.id);
    Ok(Json(order_page_dto(&state, order).with_review(review)))
}

/// Changes how the buyer means to pay a pending order: `cash` at the meeting, or `card` (held until the handover),
/// where the order can be paid by card.
#[utoipa::path(
    patch,
    path = "/orders/{id}",
    tag = "orders",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The order's id.")),
    request_body = ChangeOrderDto,
    responses(
        (status = 200, body = OrderDto),
        BadBody,
        (status = 404, description = "`order_not_found`: the buyer has no order with this id.", body = ErrorBody),
        (status = 409, description = "`order_closed`: the order is no longer pending.", body = ErrorBody),
        (status = 422, description = "`below_card_minimum`: the order is too cheap to be paid by card.", body = ErrorBody),
        (status = 503, description = "`unavailable`: card payments are not configured here.", body = ErrorBody),
        SignedIn,
    )
)]
async fn change(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(dto): ApiJson<ChangeOrderDto>,
) -> Result<Json<OrderDto>, ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    let order = state.orders.choose_payment(buyer.id, order_id(&id)?, dto.payment_method.into()).await?;
    Ok(Json(order_page_dto(&state, order)))
}

/// Cancels an order awaiting its handover (pending, or held by a card: the hold is released); the book goes back on
/// sale.
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

/// The seller of the order's book enters the code the buyer shows at the meeting: the right code completes the order
/// (cash paid at the meeting) and sells the book, once, however many times or instances it arrives at. Five wrong
/// codes in a row lock the order's code for 15 minutes.
#[utoipa::path(
    post,
    path = "/orders/{id}/handover",
    tag = "orders",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The order's id.")),
    request_body = HandOverDto,
    responses(
        (status = 200, description = "Handed over: the order, completed, as its seller sees it.", body = SoldOrderDto),
        BadBody,
        (status = 404, description = "`order_not_found`: no order for one of the caller's books has this id.", body = ErrorBody),
        (status = 409, description = "`order_closed`: the order is paid, completed, cancelled or expired.", body = ErrorBody),
        (status = 422, description = "`wrong_handover_code` (with `attemptsLeft`), or `validation_failed`: the code is not six digits.", body = ErrorBody),
        (status = 429, description = "`handover_locked`: five wrong codes; `Retry-After` says when the code opens again. Or `rate_limited`.", body = ErrorBody),
        SignedIn,
    )
)]
async fn hand_over(
    State(state): State<AppState>,
    caller: Limited<OrderLimit>,
    ApiPath(id): ApiPath<String>,
    ApiJson(dto): ApiJson<HandOverDto>,
) -> Result<Json<SoldOrderDto>, ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    match state.orders.hand_over(&seller, order_id(&id)?, &dto.code, chrono::Utc::now()).await? {
        HandedOver::Completed(order) => Ok(Json(SoldOrderDto::from(*order))),
        HandedOver::WrongCode(WrongCode::TryAgain { attempts_left }) => Err(ApiError::wrong_handover_code(attempts_left)),
        HandedOver::WrongCode(WrongCode::Locked { until }) => {
            Err(ApiError::handover_locked((until - chrono::Utc::now()).to_std().unwrap_or_default()))
        }
    }
}

const SELLERS_ONLY: &str = "hand over books";

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
    ApiJson(dto): ApiJson<AddToWishListDto>,
) -> Result<(StatusCode, Json<WishListItemDto>), ApiError> {
    let buyer = caller.require(AccountRole::Buyer, "keep a wish list")?;
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
