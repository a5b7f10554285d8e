//! Finding books: searches, and keeping the index caught up with listings written around it.

use std::sync::Arc;
use std::time::Duration;

use puronoboi_domain::{BookCard, Page, SearchQuery};
use puronoboi_ports::{SearchIndex, StoreError};

/// Searches, as buyers make them.
pub struct Search {
    index: Arc<dyn SearchIndex>,
}

impl Search {
    pub fn new(index: Arc<dyn SearchIndex>) -> Self {
        Self { index }
    }

    /// Available books matching the query, a page at a time; see [`SearchIndex::search`].
    pub async fn search(&self, query: &SearchQuery) -> Result<Page<BookCard>, StoreError> {
        self.index.search(query).await
    }
}

/// Keys listings the index has not seen (a bulk load, a restore, the rows from before search) and works keyed by
/// older rules, a batch at a time, until none is left; then looks again every so often. Every instance runs one:
/// the index skips rows another instance is keying.
pub struct SearchCatchUp {
    index: Arc<dyn SearchIndex>,
    batch: u32,
}

impl SearchCatchUp {
    pub const DEFAULT_BATCH: u32 = 2_000;

    pub fn new(index: Arc<dyn SearchIndex>, batch: u32) -> Self {
        Self { index, batch }
    }

    /// Catches up now, until nothing is left. Answers how many listings and works it keyed.
    pub async fn run(&self) -> Result<u64, StoreError> {
        let mut total = 0;
        loop {
            let keyed = self.index.catch_up(self.batch).await?;
            total += keyed;
            if keyed == 0 {
                return Ok(total);
            }
        }
    }

    /// Catches up at once, then every `every` until the process ends. Failures are logged and retried.
    pub fn spawn(self, every: Duration) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                let started = std::time::Instant::now();
                match self.run().await {
                    Ok(0) => {}
                    Ok(keyed) => tracing::info!(keyed, seconds = started.elapsed().as_secs_f64(), "search index caught up"),
                    Err(e) => tracing::warn!(error = %e.0, "catching the search index up failed"),
                }
            }
        })
    }
}
