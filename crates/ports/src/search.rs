//! Finding books by what a buyer types: the search index.

use async_trait::async_trait;
use puronoboi_domain::{BookCard, Page, SearchQuery};

use crate::StoreError;

/// Where searches are answered. PostgreSQL answers them today; a search engine built for many machines can take
/// over behind this trait when one database no longer can.
#[async_trait]
pub trait SearchIndex: Send + Sync {
    /// Available books matching the query: by title or author in any script (Bengali, romanized Bangla or English;
    /// a few letters wrong still match when the query has 3 or more letters), in the category and price range when
    /// given, in the order asked. `total` counts matches up to [`SearchQuery::MAX_TOTAL`].
    async fn search(&self, query: &SearchQuery) -> Result<Page<BookCard>, StoreError>;

    /// Brings into the index what was written without passing through it (bulk loads, restores) and what was
    /// keyed by an older version of the rules, at most `batch` listings or works at a time. Answers how many it
    /// indexed: 0 when everything is current. Safe to call from several instances at once.
    async fn catch_up(&self, batch: u32) -> Result<u64, StoreError>;
}
