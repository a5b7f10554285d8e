//! Search: one box for titles and authors in Bangla script, romanized Bangla and English.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use puronoboi_domain::{CategoryId, CopyFilter, PageRequest, PriceRange, SearchQuery, SearchSort, SearchText};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::dto::{BookCardDto, BookLanguageDto, ConditionDto, SearchResultsDto};
use crate::error::ApiError;
use crate::extract::{ApiQuery, query_number};
use crate::openapi::{BadQuery, Internal};
use crate::rendered::{Reuse, accepts_brotli};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search))
}

/// How results are ordered.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
enum SortParam {
    /// Words matching as typed first, then by prefix, then near spellings; newer listings first among equals. Only
    /// with `q` (without it, results are newest first).
    Relevance,
    Newest,
    PriceAsc,
    PriceDesc,
}

impl From<SortParam> for SearchSort {
    fn from(sort: SortParam) -> Self {
        match sort {
            SortParam::Relevance => Self::Relevance,
            SortParam::Newest => Self::Newest,
            SortParam::PriceAsc => Self::PriceAscending,
            SortParam::PriceDesc => Self::PriceDescending,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct SearchParams {
    /// Words of a title or an author, in Bangla script, romanized Bangla or English; a few letters wrong still match
    /// (from 3 letters on; one or two letters match whole words and the starts of words). Up to 200 characters once
    /// trimmed.
    q: Option<String>,
    /// Only books in this category.
    category_id: Option<Uuid>,
    /// Lowest resale price, whole taka (Latin or Bengali digits).
    #[param(minimum = 0, maximum = 500_000)]
    #[serde(default, deserialize_with = "query_number")]
    min_price: Option<i64>,
    /// Highest resale price, whole taka (Latin or Bengali digits); not below `minPrice`.
    #[param(minimum = 0, maximum = 500_000)]
    #[serde(default, deserialize_with = "query_number")]
    max_price: Option<i64>,
    /// `relevance` (the default with `q`), `newest` (the default without), `price_asc`, `price_desc`.
    #[param(inline)]
    sort: Option<SortParam>,
    /// Only copies of this grade.
    #[param(inline)]
    condition: Option<ConditionDto>,
    /// Only books written in this language (a book whose seller did not say is left out).
    #[param(inline)]
    language: Option<BookLanguageDto>,
    /// From 1; a page starting beyond the first 10,000 results answers `page_too_deep`.
    #[param(minimum = 1, maximum = 10_000)]
    #[serde(default, deserialize_with = "query_number")]
    page: Option<u32>,
    /// Results per page, 24 unless asked.
    #[param(minimum = 1, maximum = 48)]
    #[serde(default, deserialize_with = "query_number")]
    per_page: Option<u32>,
}

impl SearchParams {
    fn into_query(self) -> Result<SearchQuery, ApiError> {
        let text = SearchText::parse(self.q.as_deref().unwrap_or_default()).map_err(|e| ApiError::invalid_query(e.to_string()))?;
        let price = PriceRange::new(self.min_price, self.max_price).map_err(|e| ApiError::invalid_query(e.to_string()))?;
        let per_page = self.per_page.unwrap_or(SearchQuery::DEFAULT_PER_PAGE);
        if !(1..=SearchQuery::MAX_PER_PAGE).contains(&per_page) {
            return Err(ApiError::invalid_query(format!("perPage must be between 1 and {}", SearchQuery::MAX_PER_PAGE)));
        }
        let page = PageRequest::new(self.page.unwrap_or(1), per_page)?;
        let sort = SearchQuery::sort_for(text.as_ref(), self.sort.map(SearchSort::from));
        let copy = CopyFilter { condition: self.condition.map(Into::into), language: self.language.map(Into::into) };
        Ok(SearchQuery { text, category: self.category_id.map(CategoryId::from_uuid), price, copy, sort, page })
    }
}

/// Where a search's rendered answer is kept: the query as the search reads it, so that spellings of one query
/// that mean the same (spaces around the words, the default order named or not) share one copy.
fn cache_key(query: &SearchQuery) -> String {
    format!(
        "search?q={}&category={}&min={:?}&max={:?}&condition={:?}&language={:?}&sort={:?}&page={}&perPage={}",
        query.text.as_ref().map_or("", |t| t.as_str()),
        query.category.map(|c| c.as_uuid().to_string()).unwrap_or_default(),
        query.price.min(),
        query.price.max(),
        query.copy.condition,
        query.copy.language,
        query.sort,
        query.page.page(),
        query.page.per_page(),
    )
}

/// Available books by title or author in any script, filtered by category and price, in the order asked for.
#[utoipa::path(
    get,
    path = "/search",
    tag = "catalogue",
    params(SearchParams),
    responses((status = 200, body = SearchResultsDto), BadQuery, Internal)
)]
async fn search(State(state): State<AppState>, ApiQuery(params): ApiQuery<SearchParams>, headers: HeaderMap) -> Result<Response, ApiError> {
    let query = params.into_query()?;
    let version = state.storefront.version();
    state
        .rendered
        .json(version, cache_key(&query), accepts_brotli(&headers), Reuse::Scattered, async {
            let page = state.search.search(&query).await?;
            Ok(SearchResultsDto {
                page: page.request.page(),
                per_page: page.request.per_page(),
                total: page.total,
                items: page.items.into_iter().map(BookCardDto::from).collect(),
            })
        })
        .await
}
