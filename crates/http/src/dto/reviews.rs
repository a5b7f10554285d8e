//! Reviews, sellers' answers and the seller score as the API sends and receives them.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use uuid::Uuid;

/// `POST /api/orders/{id}/review`: three ratings of 1 to 5 and an optional comment (up to 1,000 characters once
/// trimmed; blank is none).
#[derive(Debug, Clone, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct WriteReviewDto {
    /// The book was as the listing described it: 1 to 5.
    #[ts(type = "number")]
    pub as_described: i64,
    /// How the seller kept in touch: 1 to 5.
    #[ts(type = "number")]
    pub communication: i64,
    /// The seller came to the meeting on time: 1 to 5.
    #[ts(type = "number")]
    pub on_time: i64,
    #[serde(default)]
    #[ts(optional)]
    pub comment: Option<String>,
}

/// `POST /api/reviews/{id}/answer`: the seller's one answer (1 to 1,000 characters once trimmed).
#[derive(Debug, Clone, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct AnswerReviewDto {
    pub text: String,
}

/// The seller's answer to a review.
#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReviewAnswerDto {
    pub text: String,
    /// RFC 3339.
    pub answered_at: String,
}

impl From<puronoboi_domain::SellerAnswer> for ReviewAnswerDto {
    fn from(a: puronoboi_domain::SellerAnswer) -> Self {
        Self { text: a.text.into_inner(), answered_at: a.answered_at.to_rfc3339() }
    }
}

/// A review as its buyer and its seller see it.
#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReviewDto {
    pub id: Uuid,
    pub order_id: Uuid,
    pub as_described: u8,
    pub communication: u8,
    pub on_time: u8,
    pub comment: Option<String>,
    /// RFC 3339.
    pub created_at: String,
    pub answer: Option<ReviewAnswerDto>,
}

impl From<puronoboi_domain::Review> for ReviewDto {
    fn from(r: puronoboi_domain::Review) -> Self {
        Self {
            id: r.id.as_uuid(),
            order_id: r.order_id.as_uuid(),
            as_described: r.ratings.as_described.value(),
            communication: r.ratings.communication.value(),
            on_time: r.ratings.on_time.value(),
            comment: r.comment.map(puronoboi_domain::ReviewText::into_inner),
            created_at: r.created_at.to_rfc3339(),
            answer: r.answer.map(Into::into),
        }
    }
}

/// A review on the seller's public page: the buyer's first name only, and the title the book was bought under.
#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PublishedReviewDto {
    pub id: Uuid,
    pub as_described: u8,
    pub communication: u8,
    pub on_time: u8,
    pub comment: Option<String>,
    /// RFC 3339.
    pub created_at: String,
    pub buyer_first_name: String,
    pub book_title: String,
    pub answer: Option<ReviewAnswerDto>,
}

impl From<puronoboi_domain::PublishedReview> for PublishedReviewDto {
    fn from(p: puronoboi_domain::PublishedReview) -> Self {
        let r = p.review;
        Self {
            id: r.id.as_uuid(),
            as_described: r.ratings.as_described.value(),
            communication: r.ratings.communication.value(),
            on_time: r.ratings.on_time.value(),
            comment: r.comment.map(puronoboi_domain::ReviewText::into_inner),
            created_at: r.created_at.to_rfc3339(),
            buyer_first_name: p.buyer_first_name,
            book_title: p.book_title,
            answer: r.answer.map(Into::into),
        }
    }
}

/// A seller's score. The completion rate counts the orders that ended in the last 6 months: completed ones against
/// completed + expired + cancelled because the seller's account was closed (a buyer's own cancel, or a buyer's closed
/// account, is not the seller's doing and is left out).
#[derive(Debug, Clone, Copy, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SellerScoreDto {
    /// Whole percent (0–100, rounded down: 100 means none failed); `null` when no order ended in the 6 months.
    pub completion_rate: Option<u8>,
    /// Orders completed (handed over) in the last 6 months.
    #[ts(type = "number")]
    pub completed_orders: i64,
    /// The mean of all three ratings over every review, to one decimal; `null` without reviews.
    pub review_average: Option<f64>,
    #[ts(type = "number")]
    pub review_count: i64,
    /// Fewer than 3 completed orders ever: shown as "New seller" (the rate says little yet).
    pub new_seller: bool,
}

impl From<puronoboi_domain::SellerScore> for SellerScoreDto {
    fn from(s: puronoboi_domain::SellerScore) -> Self {
        Self {
            completion_rate: s.completion_percent,
            completed_orders: s.completed_orders,
            review_average: s.review_average,
            review_count: s.review_count,
            new_seller: s.new_seller,
        }
    }
}

/// `GET /api/sellers/{id}`: a seller's public page head.
#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SellerProfileDto {
    pub id: Uuid,
    pub name: String,
    /// Verified by the admin.
    pub verified: bool,
    /// RFC 3339: when the account was opened.
    pub joined_at: String,
    pub score: SellerScoreDto,
}

impl From<puronoboi_app::reviews::SellerPage> for SellerProfileDto {
    fn from(p: puronoboi_app::reviews::SellerPage) -> Self {
        Self {
            id: p.profile.id.as_uuid(),
            name: p.profile.name,
            verified: p.profile.verified,
            joined_at: p.profile.joined_at.to_rfc3339(),
            score: p.score.into(),
        }
    }
}
