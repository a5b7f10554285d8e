//! Reviews and the public seller pages: `POST /api/orders/{id}/review` (the order's buyer), `POST
//! /api/reviews/{id}/answer` (the review's seller), and `GET /api/sellers/{id}`, `/reviews`, `/books` (anyone).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use puronoboi_domain::{AccountId, AccountRole, ReviewForm, ReviewId};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::dto::{AnswerReviewDto, BookCardDto, PageDto, PublishedReviewDto, ReviewDto, SellerProfileDto, SellerScoreDto, WriteReviewDto};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Caller, PageQuery, parse_id};
use crate::openapi::{BadBody, BadQuery, Internal, Invalid, SignedIn};
use crate::routes::orders::{BUYERS_ONLY, order_id};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(write))
        .routes(routes!(answer))
        .routes(routes!(seller))
        .routes(routes!(seller_reviews))
        .routes(routes!(seller_books))
}

fn seller_id(raw: &str) -> Result<AccountId, ApiError> {
    parse_id(raw, ErrorCode::SellerNotFound, "seller")
}

fn no_seller() -> ApiError {
    ApiError::new(ErrorCode::SellerNotFound, "No seller has this id.")
}

/// A seller's score for a public answer, kept while the catalogue's `version` (taken before the answer's reads) holds.
pub(crate) async fn seller_score(state: &AppState, seller: AccountId, version: Option<u64>) -> Result<SellerScoreDto, ApiError> {
    Ok(state.reviews.score(seller, version, chrono::Utc::now()).await?.into())
}

/// The buyer reviews their completed order: three ratings of 1 to 5 and an optional comment, once, within 14 days of
/// the handover. Refused when the buyer's phone on the order is a phone the seller put on any of their listings.
#[utoipa::path(
    post,
    path = "/orders/{id}/review",
    operation_id = "write_review",
    tag = "reviews",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The order's id.")),
    request_body = WriteReviewDto,
    responses(
        (status = 201, description = "The review was written.", body = ReviewDto),
        BadBody,
        (status = 404, description = "`order_not_found`: the buyer has no order with this id.", body = ErrorBody),
        (status = 409, description = "`order_not_completed` (only a handed-over order is reviewed), `already_reviewed`, `review_window_closed` (more than 14 days after the handover) or `shared_phone` (the buyer's phone on the order is one of the seller's listing phones).", body = ErrorBody),
        Invalid,
        SignedIn,
    )
)]
async fn write(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(dto): ApiJson<WriteReviewDto>,
) -> Result<(StatusCode, Json<ReviewDto>), ApiError> {
    let buyer = caller.require(AccountRole::Buyer, BUYERS_ONLY)?;
    let form = ReviewForm { as_described: dto.as_described, communication: dto.communication, on_time: dto.on_time, comment: dto.comment };
    let review = state.reviews.write(buyer.id, order_id(&id)?, form, chrono::Utc::now()).await?;
    Ok((StatusCode::CREATED, Json(review.into())))
}

/// The seller answers a review of one of their orders, once.
#[utoipa::path(
    post,
    path = "/reviews/{id}/answer",
    operation_id = "answer_review",
    tag = "reviews",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The review's id.")),
    request_body = AnswerReviewDto,
    responses(
        (status = 201, description = "The answer was written: the review with it.", body = ReviewDto),
        BadBody,
        (status = 404, description = "`review_not_found`: no review of the seller's orders has this id.", body = ErrorBody),
        (status = 409, description = "`already_answered`: the seller answered this review already.", body = ErrorBody),
        Invalid,
        SignedIn,
    )
)]
async fn answer(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(dto): ApiJson<AnswerReviewDto>,
) -> Result<(StatusCode, Json<ReviewDto>), ApiError> {
    let seller = caller.require(AccountRole::Seller, "answer reviews")?;
    let review: ReviewId = parse_id(&id, ErrorCode::ReviewNotFound, "review")?;
    let answered = state.reviews.answer(seller.id, review, &dto.text, chrono::Utc::now()).await?;
    Ok((StatusCode::CREATED, Json(answered.into())))
}

/// A seller's public page head: name, verified badge, when they joined and their score.
#[utoipa::path(
    get,
    path = "/sellers/{id}",
    operation_id = "seller_profile",
    tag = "reviews",
    params(("id" = Uuid, Path, description = "The seller's account id.")),
    responses(
        (status = 200, body = SellerProfileDto),
        (status = 404, description = "`seller_not_found`: no open seller account has this id.", body = ErrorBody),
        Internal,
    )
)]
async fn seller(State(state): State<AppState>, ApiPath(id): ApiPath<String>) -> Result<Json<SellerProfileDto>, ApiError> {
    let version = state.storefront.version();
    let page = state.reviews.seller(seller_id(&id)?, version, chrono::Utc::now()).await?.ok_or_else(no_seller)?;
    Ok(Json(page.into()))
}

/// A seller's reviews by buyers of completed orders, newest first, 10 per page unless asked: the ratings, the comment,
/// the buyer's first name, the book's title and the seller's answer.
#[utoipa::path(
    get,
    path = "/sellers/{id}/reviews",
    operation_id = "seller_reviews",
    tag = "reviews",
    params(("id" = Uuid, Path, description = "The seller's account id."), PageQuery),
    responses(
        (status = 200, body = PageDto<PublishedReviewDto>),
        BadQuery,
        (status = 404, description = "`seller_not_found`: no open seller account has this id.", body = ErrorBody),
        Internal,
    )
)]
async fn seller_reviews(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<PageDto<PublishedReviewDto>>, ApiError> {
    let page = state.reviews.seller_reviews(seller_id(&id)?, q.request(10)?).await?.ok_or_else(no_seller)?;
    Ok(Json(PageDto::from_page(page)))
}

/// A seller's books on sale, newest first, as cards, 12 per page unless asked.
#[utoipa::path(
    get,
    path = "/sellers/{id}/books",
    operation_id = "seller_books_on_sale",
    tag = "reviews",
    params(("id" = Uuid, Path, description = "The seller's account id."), PageQuery),
    responses(
        (status = 200, body = PageDto<BookCardDto>),
        BadQuery,
        (status = 404, description = "`seller_not_found`: no open seller account has this id.", body = ErrorBody),
        Internal,
    )
)]
async fn seller_books(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<PageDto<BookCardDto>>, ApiError> {
    let page = state.reviews.seller_books(seller_id(&id)?, q.request(12)?).await?.ok_or_else(no_seller)?;
    Ok(Json(PageDto::from_page(page)))
}
