//! Reviews of completed orders, and the seller pages they feed: a seller's public profile, score history, reviews
//! and books on sale.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{
    AccountId, BookCard, NewReview, OrderId, Page, PageRequest, PublishedReview, Review, ReviewId, ReviewSubject, ReviewText, SellerHistory,
};

use crate::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum AddReviewError {
    /// The order has a review already (the one-review-per-order rule holds however many arrive at once).
    #[error("the order has been reviewed already")]
    AlreadyReviewed,
    /// The order is not (or no longer) the buyer's completed order.
    #[error("the order is not the buyer's completed order")]
    NotCompleted,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum AnswerReviewError {
    /// No such review, or it is about another seller.
    #[error("no such review")]
    NotFound,
    /// The seller answered it already.
    #[error("the review has been answered already")]
    AlreadyAnswered,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// A seller as the public sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SellerProfile {
    pub id: AccountId,
    pub name: String,
    pub verified: bool,
    pub joined_at: DateTime<Utc>,
}

#[async_trait]
pub trait ReviewStore: Send + Sync {
    /// Those of `orders` that are the buyer's, each with what deciding on its review needs (its review included).
    /// Someone else's orders and unknown ids are left out, never told apart.
    async fn review_subjects(&self, buyer: AccountId, orders: &[OrderId]) -> Result<Vec<ReviewSubject>, StoreError>;

    /// Stores a review the domain allowed. At most one review per order, whatever the timing. Errors:
    /// `AlreadyReviewed`, `NotCompleted` (the order is not the buyer's completed order).
    async fn add_review(&self, review: &NewReview) -> Result<Review, AddReviewError>;

    /// The seller answers a review of one of their orders, once. Errors: `NotFound` (no such review, or another
    /// seller's), `AlreadyAnswered`.
    async fn answer_review(
        &self,
        seller: AccountId,
        review: ReviewId,
        text: &ReviewText,
        now: DateTime<Utc>,
    ) -> Result<Review, AnswerReviewError>;

    /// A live (not closed) seller account; `None` for unknown, closed and non-seller accounts.
    async fn seller(&self, id: AccountId) -> Result<Option<SellerProfile>, StoreError>;

    /// The seller's ended orders grouped by status and cancel reason, counted since `since` and ever, and the count
    /// and rating sum of their reviews. Reviews written by accounts closed since are left out: an admin closes
    /// accounts that break the rules, and such an account's word is not trusted.
    async fn seller_history(&self, seller: AccountId, since: DateTime<Utc>) -> Result<SellerHistory, StoreError>;

    /// The seller's reviews (by open buyer accounts, as [`ReviewStore::seller_history`] counts them), newest first.
    async fn seller_reviews(&self, seller: AccountId, page: PageRequest) -> Result<Page<PublishedReview>, StoreError>;

    /// The seller's available books as cards, newest first.
    async fn seller_books(&self, seller: AccountId, page: PageRequest) -> Result<Page<BookCard>, StoreError>;
}
