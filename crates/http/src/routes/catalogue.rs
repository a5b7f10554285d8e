//! The public catalogue: categories, grouped listings, category pages, a book's page and the advertised strip.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use puronoboi_domain::{BookId, CategoryId, CopyFilter, PageRequest, PriceRange, SearchQuery, SearchSort};
use puronoboi_ports::CategoryPageError;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::dto::{
    BookCardDto, BookDetailDto, BookLanguageDto, CategoryGroupDto, CategoryPageDto, CategorySummaryDto, ConditionDto, ContactVisibility,
};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiPath, ApiQuery, parse_id, query_number};
use crate::limits::ContactReader;
use crate::openapi::{BadQuery, Internal, Limited};
use crate::rendered::{Reuse, accepts_brotli};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(categories))
        .routes(routes!(category_books))
        .routes(routes!(grouped))
        .routes(routes!(book))
        .routes(routes!(advertised))
}

/// Every category, with how many books a buyer can still order in each.
#[utoipa::path(get, path = "/categories", tag = "catalogue", responses((status = 200, body = Vec<CategorySummaryDto>), Internal))]
async fn categories(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let version = state.storefront.version();
    state
        .rendered
        .json(version, "categories".to_owned(), accepts_brotli(&headers), Reuse::Shared, async {
            Ok(state.storefront.categories().await?.into_iter().map(CategorySummaryDto::from).collect::<Vec<_>>())
        })
        .await
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct GroupedQuery {
    /// The newest this many available books of each category (4 unless asked).
    #[param(minimum = 1, maximum = 24)]
    #[serde(default, deserialize_with = "query_number")]
    per_category: Option<u32>,
}

/// The shop: each category with its newest available books.
#[utoipa::path(
    get,
    path = "/books/grouped",
    tag = "catalogue",
    params(GroupedQuery),
    responses((status = 200, body = Vec<CategoryGroupDto>), BadQuery, Internal)
)]
async fn grouped(State(state): State<AppState>, ApiQuery(q): ApiQuery<GroupedQuery>, headers: HeaderMap) -> Result<Response, ApiError> {
    let per_category = q.per_category.unwrap_or(4);
    let version = state.storefront.version();
    state
        .rendered
        .json(version, grouped_key(per_category), accepts_brotli(&headers), Reuse::Shared, grouped_answer(&state, per_category))
        .await
}

/// Where the rendered grouped listing is kept: shared by the API and the pages that open with it (crate::pages).
pub(crate) fn grouped_key(per_category: u32) -> String {
    format!("grouped?perCategory={per_category}")
}

pub(crate) async fn grouped_answer(state: &AppState, per_category: u32) -> Result<Vec<CategoryGroupDto>, ApiError> {
    let groups = state.storefront.grouped(per_category).await?;
    Ok(groups.into_iter().map(CategoryGroupDto::from).collect())
}

/// One category's available books, a page at a time (12 per page unless asked).
/// `?page=&perPage=&condition=&language=` of a category page.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct CategoryBooksQuery {
    /// From 1; a page starting beyond the first 10,000 rows answers `page_too_deep`.
    #[param(minimum = 1, maximum = 10_000)]
    #[serde(default, deserialize_with = "query_number")]
    page: Option<u32>,
    /// Books per page, 12 unless asked.
    #[param(minimum = 1, maximum = 100)]
    #[serde(default, deserialize_with = "query_number")]
    per_page: Option<u32>,
    /// Only copies of this grade.
    #[param(inline)]
    condition: Option<ConditionDto>,
    /// Only books written in this language (a book whose seller did not say is left out).
    #[param(inline)]
    language: Option<BookLanguageDto>,
}

/// A category's available books, newest first; with `condition` or `language`, only the copies that match (then
/// `total` counts those, up to 10,000).
#[utoipa::path(
    get,
    path = "/categories/{id}/books",
    tag = "catalogue",
    params(("id" = Uuid, Path, description = "The category's id."), CategoryBooksQuery),
    responses(
        (status = 200, body = CategoryPageDto),
        BadQuery,
        (status = 404, description = "`category_not_found`: no category has this id.", body = ErrorBody),
        Internal,
    )
)]
async fn category_books(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<CategoryBooksQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id: CategoryId = parse_id(&id, ErrorCode::CategoryNotFound, "category")?;
    let request = PageRequest::new(q.page.unwrap_or(1), q.per_page.unwrap_or(12))?;
    let copy = CopyFilter { condition: q.condition.map(Into::into), language: q.language.map(Into::into) };
    let version = state.storefront.version();
    let key = format!(
        "categories/{id}/books?page={}&perPage={}&condition={:?}&language={:?}",
        request.page(),
        request.per_page(),
        copy.condition,
        copy.language
    );
    state
        .rendered
        .json(version, key, accepts_brotli(&headers), Reuse::Scattered, async {
            let (category, page) = if copy == CopyFilter::ANY {
                state.storefront.category_page(id, request).await?
            } else {
                // A filtered shelf is a search within the category: its statements have the indexes for each grade
                // and language.
                let category = state.storefront.category(id).await?.ok_or(ApiError::from(CategoryPageError::NotFound))?;
                let query = SearchQuery {
                    text: None,
                    category: Some(id),
                    price: PriceRange::default(),
                    copy,
                    sort: SearchSort::Newest,
                    page: request,
                };
                (category, state.search.search(&query).await?)
            };
            Ok(CategoryPageDto {
                category: category.into(),
                books: page.items.into_iter().map(Into::into).collect(),
                page: page.request.page(),
                per_page: page.request.per_page(),
                total: page.total,
            })
        })
        .await
}

/// A book's page. Signed-in viewers also see the seller's phone and e-mail, as often as their limits allow (429
/// beyond them); a token that is not valid (any more) is read as no token.
#[utoipa::path(
    get,
    path = "/books/{id}",
    tag = "catalogue",
    security((), ("bearer" = [])),
    params(("id" = Uuid, Path, description = "The book's id.")),
    responses(
        (status = 200, body = BookDetailDto),
        (status = 404, description = "`book_not_found`: no book has this id, or it is not for the caller to see.", body = ErrorBody),
        Limited,
        Internal,
    )
)]
async fn book(
    State(state): State<AppState>,
    ContactReader(viewer): ContactReader,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<BookDetailDto>, ApiError> {
    let id: BookId = parse_id(&id, ErrorCode::BookNotFound, "book")?;
    let contact = if viewer.is_some() { ContactVisibility::Shown } else { ContactVisibility::Hidden };
    let version = state.storefront.version();
    let detail = state.storefront.book(id).await?;
    let score = crate::routes::reviews::seller_score(&state, detail.book.seller_id, version).await?;
    Ok(Json(BookDetailDto::new(detail, contact, score)))
}

/// The books their sellers advertise, for the home page's strip.
#[utoipa::path(get, path = "/advertised", tag = "catalogue", responses((status = 200, body = Vec<BookCardDto>), Internal))]
async fn advertised(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let version = state.storefront.version();
    state.rendered.json(version, ADVERTISED_KEY.to_owned(), accepts_brotli(&headers), Reuse::Shared, advertised_answer(&state)).await
}

/// Where the rendered advertised list is kept: shared by the API and every page (crate::pages).
pub(crate) const ADVERTISED_KEY: &str = "advertised";

pub(crate) async fn advertised_answer(state: &AppState) -> Result<Vec<BookCardDto>, ApiError> {
    Ok(state.storefront.advertised().await?.into_iter().map(BookCardDto::from).collect())
}
