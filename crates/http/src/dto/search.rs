//! Search results on the wire.

use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::dto::BookCardDto;

/// One page of search results.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SearchResultsDto {
    /// Available books, in the order asked for.
    pub items: Vec<BookCardDto>,
    pub page: u32,
    pub per_page: u32,
    /// Matching books, counted up to 10,000 (a larger number of matches reads as 10,000).
    #[ts(type = "number")]
    pub total: i64,
}
