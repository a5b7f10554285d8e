//! The public catalogue: categories, grouped listings, category pages, a book's page and the advertised strip.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use puronoboi_domain::{BookId, CategoryId};
use serde::Deserialize;

use crate::AppState;
use crate::dto::{BookCardDto, BookDetailDto, CategoryGroupDto, CategoryPageDto, CategorySummaryDto, ContactVisibility};
use crate::error::{ApiError, ErrorCode};
use crate::extract::{ApiQuery, MaybeCaller, PageQuery, parse_id};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/categories", get(categories))
        .route("/categories/{id}/books", get(category_books))
        .route("/books/grouped", get(grouped))
        .route("/books/{id}", get(book))
        .route("/advertised", get(advertised))
}

async fn categories(State(state): State<AppState>) -> Result<Json<Vec<CategorySummaryDto>>, ApiError> {
    Ok(Json(state.storefront.categories().await?.into_iter().map(Into::into).collect()))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct GroupedQuery {
    per_category: Option<u32>,
}

async fn grouped(State(state): State<AppState>, ApiQuery(q): ApiQuery<GroupedQuery>) -> Result<Json<Vec<CategoryGroupDto>>, ApiError> {
    let groups = state.storefront.grouped(q.per_category.unwrap_or(4)).await?;
    Ok(Json(groups.into_iter().map(Into::into).collect()))
}

async fn category_books(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<CategoryPageDto>, ApiError> {
    let id: CategoryId = parse_id(&id, ErrorCode::CategoryNotFound, "category")?;
    let request = q.request(12)?;
    let (category, page) = state.storefront.category_page(id, request).await?;
    Ok(Json(CategoryPageDto {
        category: category.into(),
        books: page.items.into_iter().map(Into::into).collect(),
        page: page.request.page(),
        per_page: page.request.per_page(),
        total: page.total,
    }))
}

/// A book's page. Signed-in viewers also see the seller's phone and e-mail.
async fn book(
    State(state): State<AppState>,
    MaybeCaller(viewer): MaybeCaller,
    Path(id): Path<String>,
) -> Result<Json<BookDetailDto>, ApiError> {
    let id: BookId = parse_id(&id, ErrorCode::BookNotFound, "book")?;
    let contact = if viewer.is_some() { ContactVisibility::Shown } else { ContactVisibility::Hidden };
    Ok(Json(BookDetailDto::new(state.storefront.book(id).await?, contact)))
}

async fn advertised(State(state): State<AppState>) -> Result<Json<Vec<BookCardDto>>, ApiError> {
    Ok(Json(state.storefront.advertised().await?.into_iter().map(Into::into).collect()))
}
