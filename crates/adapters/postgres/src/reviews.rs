//! Reviews and the seller pages on PostgreSQL. `reviews_order_key` (one review per order) keeps "once" whatever the
//! timing; the score's counts come from `books_seller_idx` and `orders_ended_by_book_idx`, the reviews from
//! `reviews_seller_idx`.

use anyhow::Context as _;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::result::DatabaseErrorKind;
use diesel::sql_types::{Array, BigInt, Int4, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::RunQueryDsl;
use puronoboi_domain::{
    AccountId, BookCard, BookId, CancelReason, EndedOrders, NewReview, OrderId, OrderStatus, Page, PageRequest, Phone, PublishedReview,
    Review, ReviewId, ReviewRatings, ReviewSubject, ReviewText, SellerAnswer, SellerHistory, Stars, first_name,
};
use puronoboi_ports::{AddReviewError, AnswerReviewError, ReviewStore, SellerProfile, StoreError};
use uuid::Uuid;

use crate::PgStore;
use crate::errors::violated_constraint;
use crate::queries::AVAILABLE;
use crate::rows::CardRow;
use crate::schema::{accounts, books, reviews};
use crate::statement::statement;

const SELLER_ROLE: &str = "seller";

/// A review's own columns.
#[derive(Debug, Queryable, Selectable, QueryableByName)]
#[diesel(table_name = reviews)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct ReviewRow {
    id: Uuid,
    order_id: Uuid,
    book_id: Uuid,
    seller_id: Uuid,
    buyer_id: Uuid,
    as_described: i32,
    communication: i32,
    on_time: i32,
    comment: Option<String>,
    created_at: DateTime<Utc>,
    answer: Option<String>,
    answered_at: Option<DateTime<Utc>>,
}

fn stars(value: i32) -> anyhow::Result<Stars> {
    Stars::new(i64::from(value)).context("a stored rating is out of range")
}

fn text(raw: &str) -> anyhow::Result<ReviewText> {
    ReviewText::parse(raw).context("a stored review text breaks its rule")
}

impl TryFrom<ReviewRow> for Review {
    type Error = anyhow::Error;

    fn try_from(row: ReviewRow) -> anyhow::Result<Self> {
        let answer = match (row.answer, row.answered_at) {
            (Some(answer), Some(answered_at)) => Some(SellerAnswer { text: text(&answer)?, answered_at }),
            _ => None,
        };
        Ok(Self {
            id: ReviewId::from_uuid(row.id),
            order_id: OrderId::from_uuid(row.order_id),
            book_id: BookId::from_uuid(row.book_id),
            seller_id: AccountId::from_uuid(row.seller_id),
            buyer_id: AccountId::from_uuid(row.buyer_id),
            ratings: ReviewRatings {
                as_described: stars(row.as_described)?,
                communication: stars(row.communication)?,
                on_time: stars(row.on_time)?,
            },
            comment: row.comment.as_deref().map(text).transpose()?,
            created_at: row.created_at,
            answer,
        })
    }
}

/// The buyer's orders among `$2`, each with its book's seller, every phone that seller put on a listing, and its
/// review if written.
const REVIEW_SUBJECTS_SQL: &str = "
SELECT o.id AS order_id, o.book_id, o.buyer_id, b.seller_id, o.status, o.completed_at, o.phone AS buyer_phone,
       ARRAY(SELECT DISTINCT s.phone FROM books AS s WHERE s.seller_id = b.seller_id) AS seller_phones,
       r.id AS review_id, r.as_described, r.communication, r.on_time, r.comment, r.created_at AS reviewed_at,
       r.answer, r.answered_at
FROM orders AS o
JOIN books AS b ON b.id = o.book_id
LEFT JOIN reviews AS r ON r.order_id = o.id
WHERE o.buyer_id = $1 AND o.id = ANY($2)";

#[derive(QueryableByName)]
struct SubjectRow {
    #[diesel(sql_type = SqlUuid)]
    order_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    book_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    buyer_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    seller_id: Uuid,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    completed_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Text)]
    buyer_phone: String,
    #[diesel(sql_type = Array<Text>)]
    seller_phones: Vec<String>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    review_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<Int4>)]
    as_described: Option<i32>,
    #[diesel(sql_type = Nullable<Int4>)]
    communication: Option<i32>,
    #[diesel(sql_type = Nullable<Int4>)]
    on_time: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    comment: Option<String>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    reviewed_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Text>)]
    answer: Option<String>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    answered_at: Option<DateTime<Utc>>,
}

impl TryFrom<SubjectRow> for ReviewSubject {
    type Error = anyhow::Error;

    fn try_from(row: SubjectRow) -> anyhow::Result<Self> {
        let review = match (row.review_id, row.as_described, row.communication, row.on_time, row.reviewed_at) {
            (Some(id), Some(as_described), Some(communication), Some(on_time), Some(created_at)) => Some(Review::try_from(ReviewRow {
                id,
                order_id: row.order_id,
                book_id: row.book_id,
                seller_id: row.seller_id,
                buyer_id: row.buyer_id,
                as_described,
                communication,
                on_time,
                comment: row.comment,
                created_at,
                answer: row.answer,
                answered_at: row.answered_at,
            })?),
            _ => None,
        };
        Ok(Self {
            order_id: OrderId::from_uuid(row.order_id),
            book_id: BookId::from_uuid(row.book_id),
            buyer_id: AccountId::from_uuid(row.buyer_id),
            seller_id: AccountId::from_uuid(row.seller_id),
            status: row.status.parse().context("a stored order status")?,
            completed_at: row.completed_at,
            buyer_phone: Phone::parse(&row.buyer_phone).context("an order's stored phone")?,
            // A listing's phone is parsed on its way in; one that does not parse now (edited around the server) can
            // only differ from the buyer's, which did.
            seller_phones: row.seller_phones.iter().filter_map(|p| Phone::parse(p).ok()).collect(),
            review,
        })
    }
}

/// Writes the review only while the order is the buyer's completed order; `reviews_order_key` refuses a second one.
const ADD_REVIEW_SQL: &str = "
INSERT INTO reviews (id, order_id, book_id, seller_id, buyer_id, as_described, communication, on_time, comment, created_at)
SELECT $1, o.id, o.book_id, b.seller_id, o.buyer_id, $4, $5, $6, $7, $8
FROM orders AS o JOIN books AS b ON b.id = o.book_id
WHERE o.id = $2 AND o.buyer_id = $3 AND o.status = 'completed'
RETURNING *";

/// A seller's ended orders by how they ended, since `$2` and ever: the seller's books through `books_seller_idx`,
/// each book's ended orders through `orders_ended_by_book_idx`.
const SELLER_ENDINGS_SQL: &str = "
SELECT o.status, o.cancel_reason, count(*) FILTER (WHERE o.closed_at >= $2) AS in_window, count(*) AS ever
FROM books AS b
JOIN orders AS o ON o.book_id = b.id AND o.closed_at IS NOT NULL
WHERE b.seller_id = $1
GROUP BY o.status, o.cancel_reason";

#[derive(QueryableByName)]
struct EndingRow {
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Nullable<Text>)]
    cancel_reason: Option<String>,
    #[diesel(sql_type = BigInt)]
    in_window: i64,
    #[diesel(sql_type = BigInt)]
    ever: i64,
}

/// The count and rating sum of a seller's reviews by open buyer accounts.
const SELLER_RATINGS_SQL: &str = "
SELECT count(*) AS review_count, coalesce(sum(r.as_described + r.communication + r.on_time), 0)::bigint AS rating_sum
FROM reviews AS r JOIN accounts AS a ON a.id = r.buyer_id AND a.deleted_at IS NULL
WHERE r.seller_id = $1";

#[derive(QueryableByName)]
struct RatingsRow {
    #[diesel(sql_type = BigInt)]
    review_count: i64,
    #[diesel(sql_type = BigInt)]
    rating_sum: i64,
}

/// A page of a seller's reviews by open buyer accounts, newest first, with the title the book was bought under and the
/// buyer's name (of which only the first word is published), and the whole list's size.
const SELLER_REVIEWS_SQL: &str = "
SELECT r.*, o.title AS book_title, a.name AS buyer_name, count(*) OVER () AS total
FROM reviews AS r
JOIN accounts AS a ON a.id = r.buyer_id AND a.deleted_at IS NULL
JOIN orders AS o ON o.id = r.order_id
WHERE r.seller_id = $1
ORDER BY r.created_at DESC, r.id DESC
LIMIT $2 OFFSET $3";

#[derive(QueryableByName)]
struct PublishedRow {
    #[diesel(embed)]
    review: ReviewRow,
    #[diesel(sql_type = Text)]
    book_title: String,
    #[diesel(sql_type = Text)]
    buyer_name: String,
    #[diesel(sql_type = BigInt)]
    total: i64,
}

#[async_trait]
impl ReviewStore for PgStore {
    async fn review_subjects(&self, buyer: AccountId, orders: &[OrderId]) -> Result<Vec<ReviewSubject>, StoreError> {
        if orders.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<Uuid> = orders.iter().map(OrderId::as_uuid).collect();
        let mut conn = self.conn().await?;
        let rows: Vec<SubjectRow> = statement(REVIEW_SUBJECTS_SQL)
            .bind::<SqlUuid, _>(buyer.as_uuid())
            .bind::<Array<SqlUuid>, _>(ids)
            .load(&mut conn)
            .await
            .context("reading orders to review")?;
        Ok(rows.into_iter().map(ReviewSubject::try_from).collect::<anyhow::Result<_>>()?)
    }

    async fn add_review(&self, review: &NewReview) -> Result<Review, AddReviewError> {
        let ratings = review.content.ratings;
        let mut conn = self.conn().await?;
        let written: Result<Vec<ReviewRow>, _> = statement(ADD_REVIEW_SQL)
            .bind::<SqlUuid, _>(review.id.as_uuid())
            .bind::<SqlUuid, _>(review.order_id.as_uuid())
            .bind::<SqlUuid, _>(review.buyer_id.as_uuid())
            .bind::<Int4, _>(i32::from(ratings.as_described.value()))
            .bind::<Int4, _>(i32::from(ratings.communication.value()))
            .bind::<Int4, _>(i32::from(ratings.on_time.value()))
            .bind::<Nullable<Text>, _>(review.content.comment.as_ref().map(ReviewText::as_str).map(str::to_owned))
            .bind::<Timestamptz, _>(review.created_at)
            .load(&mut conn)
            .await;
        match written {
            Ok(rows) => match rows.into_iter().next() {
                Some(row) => Ok(Review::try_from(row)?),
                None => Err(AddReviewError::NotCompleted),
            },
            Err(e) if violated_constraint(&e, DatabaseErrorKind::UniqueViolation) == Some("reviews_order_key") => {
                Err(AddReviewError::AlreadyReviewed)
            }
            Err(e) => Err(AddReviewError::Unknown(anyhow::Error::new(e).context("writing a review"))),
        }
    }

    async fn answer_review(
        &self,
        seller: AccountId,
        review: ReviewId,
        answer: &ReviewText,
        now: DateTime<Utc>,
    ) -> Result<Review, AnswerReviewError> {
        let mut conn = self.conn().await?;
        let answered: Option<ReviewRow> = diesel::update(
            reviews::table.find(review.as_uuid()).filter(reviews::seller_id.eq(seller.as_uuid())).filter(reviews::answer.is_null()),
        )
        .set((reviews::answer.eq(answer.as_str()), reviews::answered_at.eq(now)))
        .returning(ReviewRow::as_returning())
        .get_result(&mut conn)
        .await
        .optional()
        .context("answering a review")?;
        if let Some(row) = answered {
            return Ok(Review::try_from(row)?);
        }
        let exists: Option<Uuid> = reviews::table
            .find(review.as_uuid())
            .filter(reviews::seller_id.eq(seller.as_uuid()))
            .select(reviews::id)
            .get_result(&mut conn)
            .await
            .optional()
            .context("looking up a review")?;
        Err(if exists.is_some() { AnswerReviewError::AlreadyAnswered } else { AnswerReviewError::NotFound })
    }

    async fn seller(&self, id: AccountId) -> Result<Option<SellerProfile>, StoreError> {
        let mut conn = self.conn().await?;
        let row: Option<(Uuid, String, bool, DateTime<Utc>)> = accounts::table
            .find(id.as_uuid())
            .filter(accounts::role.eq(SELLER_ROLE).and(accounts::deleted_at.is_null()))
            .select((accounts::id, accounts::name, accounts::verified, accounts::created_at))
            .get_result(&mut conn)
            .await
            .optional()
            .context("looking up a seller")?;
        Ok(row.map(|(id, name, verified, joined_at)| SellerProfile { id: AccountId::from_uuid(id), name, verified, joined_at }))
    }

    async fn seller_history(&self, seller: AccountId, since: DateTime<Utc>) -> Result<SellerHistory, StoreError> {
        let mut conn = self.conn().await?;
        let endings: Vec<EndingRow> = statement(SELLER_ENDINGS_SQL)
            .bind::<SqlUuid, _>(seller.as_uuid())
            .bind::<Timestamptz, _>(since)
            .load(&mut conn)
            .await
            .context("counting a seller's ended orders")?;
        let ratings: RatingsRow = statement(SELLER_RATINGS_SQL)
            .bind::<SqlUuid, _>(seller.as_uuid())
            .get_result(&mut conn)
            .await
            .context("counting a seller's reviews")?;
        let ended = endings
            .into_iter()
            .map(|row| {
                let status: OrderStatus = row.status.parse().context("a stored order status")?;
                let cancel_reason: Option<CancelReason> =
                    row.cancel_reason.as_deref().map(str::parse).transpose().context("a stored cancel reason")?;
                Ok(EndedOrders { status, cancel_reason, in_window: row.in_window, ever: row.ever })
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(SellerHistory { ended, review_count: ratings.review_count, rating_sum: ratings.rating_sum })
    }

    async fn seller_reviews(&self, seller: AccountId, page: PageRequest) -> Result<Page<PublishedReview>, StoreError> {
        let mut conn = self.conn().await?;
        let rows: Vec<PublishedRow> = statement(SELLER_REVIEWS_SQL)
            .bind::<SqlUuid, _>(seller.as_uuid())
            .bind::<BigInt, _>(i64::from(page.per_page()))
            .bind::<BigInt, _>(i64::try_from(page.offset()).unwrap_or(i64::MAX))
            .load(&mut conn)
            .await
            .context("listing a seller's reviews")?;
        let mut total = rows.as_slice().first().map_or(0, |row| row.total);
        if rows.is_empty() && page.page() > 1 {
            // Past the end: the window function saw no row to count on, so the size comes from its own count.
            let counted: RatingsRow = statement(SELLER_RATINGS_SQL)
                .bind::<SqlUuid, _>(seller.as_uuid())
                .get_result(&mut conn)
                .await
                .context("counting a seller's reviews")?;
            total = counted.review_count;
        }
        let items = rows
            .into_iter()
            .map(|row| {
                Ok(PublishedReview {
                    review: Review::try_from(row.review)?,
                    book_title: row.book_title,
                    buyer_first_name: first_name(&row.buyer_name),
                })
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Page { items, request: page, total })
    }

    async fn seller_books(&self, seller: AccountId, page: PageRequest) -> Result<Page<BookCard>, StoreError> {
        let mut conn = self.conn().await?;
        let available = books::seller_id.eq(seller.as_uuid()).and(books::status.eq(AVAILABLE));
        let rows: Vec<(CardRow, bool)> = books::table
            .inner_join(accounts::table)
            .filter(available)
            .order((books::created_at.desc(), books::id.desc()))
            .limit(i64::from(page.per_page()))
            .offset(i64::try_from(page.offset()).unwrap_or(i64::MAX))
            .select((CardRow::as_select(), accounts::verified))
            .load(&mut conn)
            .await
            .context("listing a seller's books")?;
        let total: i64 = books::table.filter(available).count().get_result(&mut conn).await.context("counting a seller's books")?;
        let items = rows.into_iter().map(|(card, verified)| card.into_card(verified)).collect::<anyhow::Result<_>>()?;
        Ok(Page { items, request: page, total })
    }
}
