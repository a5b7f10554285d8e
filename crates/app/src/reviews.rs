//! Reviews and the seller pages: a buyer reviews a completed order, its seller answers, and anyone reads a seller's
//! profile, score, reviews and books.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use puronoboi_domain::{
    AccountId, BookCard, FieldErrors, OrderId, Page, PageRequest, PublishedReview, Review, ReviewForm, ReviewId, ReviewRefusal,
    SellerScore, parse_answer, score_window_start,
};
use puronoboi_ports::{AddReviewError, AnswerReviewError, ReviewStore, SellerProfile, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum WriteReviewError {
    /// No such order, or someone else's: never told apart, so that ids cannot be probed.
    #[error("no such order")]
    NotFound,
    #[error("the review is invalid")]
    Invalid(FieldErrors),
    /// The rules do not let this buyer review this order (now).
    #[error(transparent)]
    Refused(#[from] ReviewRefusal),
    #[error(transparent)]
    Store(#[from] AddReviewError),
}

impl From<StoreError> for WriteReviewError {
    fn from(e: StoreError) -> Self {
        Self::Store(AddReviewError::Unknown(e.0))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AnswerError {
    #[error("the answer is invalid")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] AnswerReviewError),
}

/// Whether one of a buyer's orders can be reviewed now, and its review once written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderReview {
    pub review: Option<Review>,
    pub can_review: bool,
}

/// A seller's public page head: who they are and their score.
#[derive(Debug, Clone, PartialEq)]
pub struct SellerPage {
    pub profile: SellerProfile,
    pub score: SellerScore,
}

/// How long a kept score may be served while nothing changes: the completion rate's six-month window slides with
/// time alone, so a score is worked out again at least this often.
const SCORE_KEPT_FOR: Duration = Duration::from_secs(60);
/// The most scores kept; past it the copies start again empty (they are cheap to work out again).
const MAX_KEPT_SCORES: usize = 20_000;

/// Scores worked out under one catalogue version (which moves on with every review, answer, order ending and account
/// closure): a score is never served under a later version than the one it was read under.
#[derive(Default)]
struct KeptScores {
    version: u64,
    scores: HashMap<AccountId, (Instant, SellerScore)>,
}

#[derive(Clone)]
pub struct Reviews {
    store: Arc<dyn ReviewStore>,
    kept: Arc<Mutex<KeptScores>>,
}

impl Reviews {
    /// Reviews and seller pages per page.
    pub const PER_PAGE: u32 = 10;

    pub fn new(store: Arc<dyn ReviewStore>) -> Self {
        Self { store, kept: Arc::default() }
    }

    /// The buyer reviews their completed order at `now`. The order is looked up first (someone else's is `NotFound`
    /// whatever the form says), then the form is checked, then the rules.
    pub async fn write(&self, buyer: AccountId, order: OrderId, form: ReviewForm, now: DateTime<Utc>) -> Result<Review, WriteReviewError> {
        let subject = self.store.review_subjects(buyer, &[order]).await?.into_iter().next().ok_or(WriteReviewError::NotFound)?;
        let content = form.parse().map_err(WriteReviewError::Invalid)?;
        let review = subject.review(content, now)?;
        Ok(self.store.add_review(&review).await?)
    }

    /// The seller answers a review of one of their orders, once.
    pub async fn answer(&self, seller: AccountId, review: ReviewId, text: &str, now: DateTime<Utc>) -> Result<Review, AnswerError> {
        let text = parse_answer(text).map_err(AnswerError::Invalid)?;
        Ok(self.store.answer_review(seller, review, &text, now).await?)
    }

    /// For each of the buyer's `orders`: its review, and whether it may be reviewed at `now`.
    pub async fn of_orders(
        &self,
        buyer: AccountId,
        orders: &[OrderId],
        now: DateTime<Utc>,
    ) -> Result<HashMap<OrderId, OrderReview>, StoreError> {
        let subjects = self.store.review_subjects(buyer, orders).await?;
        Ok(subjects.into_iter().map(|s| (s.order_id, OrderReview { can_review: s.may_review(now).is_ok(), review: s.review })).collect())
    }

    /// The seller's score at `now`. `version` is the catalogue's version taken before this read (`None`: nothing is
    /// kept): a score kept under it is served for up to a minute.
    pub async fn score(&self, seller: AccountId, version: Option<u64>, now: DateTime<Utc>) -> Result<SellerScore, StoreError> {
        if let Some(version) = version {
            let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
            if kept.version == version
                && let Some((at, score)) = kept.scores.get(&seller)
                && at.elapsed() < SCORE_KEPT_FOR
            {
                return Ok(*score);
            }
        }
        let read_at = Instant::now();
        let score = SellerScore::of(&self.store.seller_history(seller, score_window_start(now)).await?);
        if let Some(version) = version {
            let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
            // A newer version seen meanwhile wins; a read under an older one is simply not kept.
            if version > kept.version || kept.scores.len() >= MAX_KEPT_SCORES {
                *kept = KeptScores { version: version.max(kept.version), scores: HashMap::new() };
            }
            if kept.version == version {
                kept.scores.insert(seller, (read_at, score));
            }
        }
        Ok(score)
    }

    /// A live seller's page head; `None` for unknown, closed and non-seller accounts.
    pub async fn seller(&self, id: AccountId, version: Option<u64>, now: DateTime<Utc>) -> Result<Option<SellerPage>, StoreError> {
        let Some(profile) = self.store.seller(id).await? else { return Ok(None) };
        let score = self.score(id, version, now).await?;
        Ok(Some(SellerPage { profile, score }))
    }

    /// A live seller's reviews, newest first; `None` when there is no such seller.
    pub async fn seller_reviews(&self, id: AccountId, page: PageRequest) -> Result<Option<Page<PublishedReview>>, StoreError> {
        if self.store.seller(id).await?.is_none() {
            return Ok(None);
        }
        Ok(Some(self.store.seller_reviews(id, page).await?))
    }

    /// A live seller's available books, newest first; `None` when there is no such seller.
    pub async fn seller_books(&self, id: AccountId, page: PageRequest) -> Result<Option<Page<BookCard>>, StoreError> {
        if self.store.seller(id).await?.is_none() {
            return Ok(None);
        }
        Ok(Some(self.store.seller_books(id, page).await?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puronoboi_domain::{OrderStatus, ReviewRefusal};
    use puronoboi_fakes::accounts::InMemoryAccounts;
    use puronoboi_fakes::catalogue::open_buyer;
    use puronoboi_fakes::orders::{book_for_sale, contact, placed_new};
    use puronoboi_fakes::reviews::{InMemoryReviews, review_store_contract};
    use puronoboi_fakes::shop::InMemoryShop;
    use puronoboi_ports::{CatalogueReader as _, OrderStore as _};

    fn world() -> (Arc<InMemoryAccounts>, Arc<InMemoryShop>, Arc<InMemoryReviews>) {
        let accounts = Arc::new(InMemoryAccounts::default());
        let shop = Arc::new(InMemoryShop::new(accounts.clone()));
        let reviews = Arc::new(InMemoryReviews::new(shop.clone()));
        (accounts, shop, reviews)
    }

    #[tokio::test]
    async fn the_fake_keeps_the_review_store_contract() {
        let (accounts, shop, reviews) = world();
        review_store_contract(accounts.as_ref(), shop.as_ref(), shop.as_ref(), reviews.as_ref()).await;
    }

    fn form(stars: i64) -> ReviewForm {
        ReviewForm { as_described: stars, communication: stars, on_time: stars, comment: None }
    }

    #[tokio::test]
    async fn a_buyer_reviews_a_completed_order_and_the_score_follows_the_version() {
        let (accounts, shop, store) = world();
        let reviews = Reviews::new(store);
        let book = book_for_sale(accounts.as_ref(), shop.as_ref(), "use-case", 100).await;
        let seller = shop.book_detail(book).await.expect("read").expect("the book").book.seller_id;
        let buyer = open_buyer(accounts.as_ref(), "use-case").await;
        let order = placed_new(shop.place_order(&buyer, book, &contact(), 5).await);
        let now = Utc::now();
        let stranger = open_buyer(accounts.as_ref(), "use-case-stranger").await;
        assert!(matches!(reviews.write(stranger.id, order.id, form(5), now).await, Err(WriteReviewError::NotFound)));
        assert!(matches!(
            reviews.write(buyer.id, order.id, form(5), now).await,
            Err(WriteReviewError::Refused(ReviewRefusal::NotCompleted(OrderStatus::Pending)))
        ));
        assert!(!reviews.of_orders(buyer.id, &[order.id], now).await.expect("read")[&order.id].can_review);
        shop.hand_over(seller, order.id, true, now).await.expect("handed over");
        assert!(reviews.of_orders(buyer.id, &[order.id], now).await.expect("read")[&order.id].can_review);
        assert!(
            matches!(reviews.write(buyer.id, order.id, form(9), now).await, Err(WriteReviewError::Invalid(f)) if f.contains_key("asDescribed"))
        );

        let before = reviews.score(seller, Some(1), now).await.expect("a score");
        assert_eq!((before.review_count, before.review_average, before.completion_percent), (0, None, Some(100)));
        reviews.write(buyer.id, order.id, form(4), now).await.expect("reviewed");
        assert_eq!(reviews.score(seller, Some(1), now).await.expect("kept").review_count, 0, "kept under the same version");
        let after = reviews.score(seller, Some(2), now).await.expect("read again");
        assert_eq!((after.review_count, after.review_average), (1, Some(4.0)), "a new version reads it again");
        assert_eq!(reviews.score(seller, None, now).await.expect("unkept").review_count, 1);
        let mine = reviews.of_orders(buyer.id, &[order.id], now).await.expect("read");
        assert!(!mine[&order.id].can_review && mine[&order.id].review.is_some());
    }
}
