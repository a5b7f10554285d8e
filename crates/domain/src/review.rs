//! Reviews from real buyers, and the seller score they feed.
//!
//! Who may review: only the buyer of an order that was handed over (`completed`: the seller entered the buyer's
//! handover code at the meeting), once per order, within [`REVIEW_WINDOW_DAYS`] days of the handover, and never when
//! the buyer's phone on that order is a phone the seller put on any of their listings (the same person, or people
//! sharing a phone, on both sides of a sale: the review would not be independent). The seller may answer each review
//! once.
//!
//! The seller score: the completion rate of the last [`SCORE_MONTHS`] months, the mean of every review's three
//! ratings with their count, and "New seller" below [`NEW_SELLER_BELOW`] completed orders.

use chrono::{DateTime, Duration, Months, Utc};

use crate::field::{FieldError, FieldErrors, FieldProblem, FieldReason};
use crate::ids::{AccountId, BookId, OrderId, ReviewId};
use crate::order::{CancelReason, OrderStatus};
use crate::phone::Phone;

/// How long after the handover its buyer may review the order.
pub const REVIEW_WINDOW_DAYS: i64 = 14;
/// The most characters a review's comment, or a seller's answer, may hold (after trimming).
pub const MAX_REVIEW_TEXT: usize = 1000;
/// A seller with fewer completed orders than this, ever, is shown as "New seller".
pub const NEW_SELLER_BELOW: i64 = 3;
/// The completion rate counts the orders that ended in this many months before now.
pub const SCORE_MONTHS: u32 = 6;

/// One rating of a review: 1 to 5 stars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Stars(u8);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("must be between 1 and 5")]
pub struct StarsOutOfRange;

impl FieldProblem for StarsOutOfRange {
    fn reason(&self) -> FieldReason {
        FieldReason::OutOfRange { min: Stars::MIN.into(), max: Stars::MAX.into() }
    }
}

impl Stars {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 5;

    pub fn new(stars: i64) -> Result<Self, StarsOutOfRange> {
        u8::try_from(stars).ok().filter(|s| (Self::MIN..=Self::MAX).contains(s)).map(Self).ok_or(StarsOutOfRange)
    }

    pub const fn value(self) -> u8 {
        self.0
    }
}

/// The three things a buyer rates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReviewRatings {
    /// The book was as the listing described it.
    pub as_described: Stars,
    /// How the seller kept in touch.
    pub communication: Stars,
    /// The seller came to the meeting on time.
    pub on_time: Stars,
}

impl ReviewRatings {
    /// The three ratings added up (3 to 15): what the score's mean is made of.
    pub fn sum(self) -> i64 {
        i64::from(self.as_described.value()) + i64::from(self.communication.value()) + i64::from(self.on_time.value())
    }
}

/// Why a review's text was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ReviewTextError {
    #[error("this field is required")]
    Blank,
    #[error("must be at most {MAX_REVIEW_TEXT} characters")]
    TooLong,
    #[error("must not contain the character U+0000")]
    InvalidCharacter,
}

impl FieldProblem for ReviewTextError {
    fn reason(&self) -> FieldReason {
        match self {
            Self::Blank => FieldReason::Required,
            Self::TooLong => FieldReason::TooLong { limit: MAX_REVIEW_TEXT },
            Self::InvalidCharacter => FieldReason::InvalidCharacter,
        }
    }
}

/// Trimmed text of 1 to [`MAX_REVIEW_TEXT`] characters (Unicode scalar values): a comment or an answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReviewText(String);

impl ReviewText {
    pub fn parse(raw: &str) -> Result<Self, ReviewTextError> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(ReviewTextError::Blank);
        }
        if trimmed.contains('\0') {
            return Err(ReviewTextError::InvalidCharacter);
        }
        if trimmed.chars().count() > MAX_REVIEW_TEXT {
            return Err(ReviewTextError::TooLong);
        }
        Ok(Self(trimmed.to_owned()))
    }

    /// A comment is optional: nothing, or only spaces, is no comment.
    pub fn parse_optional(raw: Option<&str>) -> Result<Option<Self>, ReviewTextError> {
        match raw.map(str::trim) {
            None | Some("") => Ok(None),
            Some(text) => Self::parse(text).map(Some),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

/// A review form as it arrived: three ratings and an optional comment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReviewForm {
    pub as_described: i64,
    pub communication: i64,
    pub on_time: i64,
    pub comment: Option<String>,
}

/// What a buyer says in a review, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewContent {
    pub ratings: ReviewRatings,
    pub comment: Option<ReviewText>,
}

impl ReviewForm {
    /// Checks every field, reporting every problem at once under the form's (camelCase) field names.
    pub fn parse(self) -> Result<ReviewContent, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut stars = |name: &'static str, value: i64| Stars::new(value).map_err(|e| errors.insert(name, FieldError::of(&e))).ok();
        let as_described = stars("asDescribed", self.as_described);
        let communication = stars("communication", self.communication);
        let on_time = stars("onTime", self.on_time);
        let comment = ReviewText::parse_optional(self.comment.as_deref()).map_err(|e| errors.insert("comment", FieldError::of(&e))).ok();
        match (as_described, communication, on_time, comment) {
            (Some(as_described), Some(communication), Some(on_time), Some(comment)) if errors.is_empty() => {
                Ok(ReviewContent { ratings: ReviewRatings { as_described, communication, on_time }, comment })
            }
            _ => Err(errors),
        }
    }
}

/// A seller's answer to a review: required text, under the field name `text`.
pub fn parse_answer(raw: &str) -> Result<ReviewText, FieldErrors> {
    ReviewText::parse(raw).map_err(|e| FieldErrors::from([("text", FieldError::of(&e))]))
}

/// The last moment the buyer of an order handed over at `completed_at` may review it: [`REVIEW_WINDOW_DAYS`] days
/// later, that instant included.
pub fn review_deadline(completed_at: DateTime<Utc>) -> DateTime<Utc> {
    completed_at + Duration::days(REVIEW_WINDOW_DAYS)
}

/// A review as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    pub id: ReviewId,
    pub order_id: OrderId,
    pub book_id: BookId,
    pub seller_id: AccountId,
    pub buyer_id: AccountId,
    pub ratings: ReviewRatings,
    pub comment: Option<ReviewText>,
    pub created_at: DateTime<Utc>,
    pub answer: Option<SellerAnswer>,
}

/// The seller's one answer to a review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SellerAnswer {
    pub text: ReviewText,
    pub answered_at: DateTime<Utc>,
}

/// A review as the public reads it on the seller's page: with the book's title and the buyer's first name only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishedReview {
    pub review: Review,
    pub book_title: String,
    /// See [`first_name`].
    pub buyer_first_name: String,
}

/// The first word of a person's name: all the public learns of who wrote a review.
pub fn first_name(full_name: &str) -> String {
    full_name.split_whitespace().next().unwrap_or_default().to_owned()
}

/// A new review, checked and ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReview {
    pub id: ReviewId,
    pub order_id: OrderId,
    pub book_id: BookId,
    pub seller_id: AccountId,
    pub buyer_id: AccountId,
    pub content: ReviewContent,
    pub created_at: DateTime<Utc>,
}

/// One of a buyer's orders with what deciding on its review needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewSubject {
    pub order_id: OrderId,
    pub book_id: BookId,
    pub buyer_id: AccountId,
    pub seller_id: AccountId,
    pub status: OrderStatus,
    pub completed_at: Option<DateTime<Utc>>,
    /// The phone the buyer gave on this order.
    pub buyer_phone: Phone,
    /// Every phone the seller put on a listing (any status: a withdrawn listing's phone was theirs too).
    pub seller_phones: Vec<Phone>,
    /// The order's review, once written.
    pub review: Option<Review>,
}

/// Why an order may not be reviewed (now).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ReviewRefusal {
    /// Only a handed-over order can be reviewed.
    #[error("the order is {0}; only a completed order can be reviewed")]
    NotCompleted(OrderStatus),
    #[error("this order has been reviewed already")]
    AlreadyReviewed,
    /// The buyer's phone on the order is one of the seller's listing phones.
    #[error("the buyer and the seller share a phone number")]
    SharedPhone,
    #[error("reviews are taken until {deadline}, {REVIEW_WINDOW_DAYS} days after the handover")]
    WindowClosed { deadline: DateTime<Utc> },
}

impl ReviewSubject {
    /// Whether its buyer may review it at `now`; the refusals in this order: not completed, reviewed already, a
    /// shared phone, the window closed.
    pub fn may_review(&self, now: DateTime<Utc>) -> Result<(), ReviewRefusal> {
        let completed_at = match (self.status, self.completed_at) {
            (OrderStatus::Completed, Some(at)) => at,
            (status, _) => return Err(ReviewRefusal::NotCompleted(status)),
        };
        if self.review.is_some() {
            return Err(ReviewRefusal::AlreadyReviewed);
        }
        if self.seller_phones.contains(&self.buyer_phone) {
            return Err(ReviewRefusal::SharedPhone);
        }
        let deadline = review_deadline(completed_at);
        if now > deadline {
            return Err(ReviewRefusal::WindowClosed { deadline });
        }
        Ok(())
    }

    /// The review its buyer writes at `now`, if they may.
    pub fn review(&self, content: ReviewContent, now: DateTime<Utc>) -> Result<NewReview, ReviewRefusal> {
        self.may_review(now)?;
        Ok(NewReview {
            id: ReviewId::new(),
            order_id: self.order_id,
            book_id: self.book_id,
            seller_id: self.seller_id,
            buyer_id: self.buyer_id,
            content,
            created_at: now,
        })
    }
}

/// How an order that ended counts in its seller's completion rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Handed over: counts for the seller.
    Completed,
    /// Ended without a sale because of the seller: the seller let the handover deadline pass (`expired`: whoever
    /// failed to turn up, it was the seller's listing and the seller's code to enter), or the seller's account was
    /// closed (`seller_account_closed`). Counts against the seller.
    AgainstSeller,
    /// Ended by the buyer: the buyer cancelled (`by_buyer`) or the buyer's account was closed
    /// (`buyer_account_closed`). Not the seller's doing, so it is left out of the rate altogether. A `paid` order
    /// (a card paid in full up front, as before holds existed) never met a handover: left out too.
    NotCounted,
}

impl Ending {
    /// How an order in `status` (cancelled for `reason`) counts; `None` while it has not ended.
    pub const fn of(status: OrderStatus, reason: Option<CancelReason>) -> Option<Self> {
        match (status, reason) {
            (OrderStatus::Pending | OrderStatus::Held, _) => None,
            (OrderStatus::Completed, _) => Some(Self::Completed),
            (OrderStatus::Expired, _) | (OrderStatus::Cancelled, Some(CancelReason::SellerAccountClosed)) => Some(Self::AgainstSeller),
            (OrderStatus::Cancelled, _) | (OrderStatus::Paid, _) => Some(Self::NotCounted),
        }
    }
}

/// How many of a seller's orders ended one way: `in_window` of them in the last [`SCORE_MONTHS`] months, `ever` in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndedOrders {
    pub status: OrderStatus,
    pub cancel_reason: Option<CancelReason>,
    pub in_window: i64,
    pub ever: i64,
}

/// A seller's history as the store counts it: their ended orders grouped by how they ended, and their reviews (by
/// open buyer accounts) as a count and the sum of all their ratings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SellerHistory {
    pub ended: Vec<EndedOrders>,
    pub review_count: i64,
    /// Every rating of every review added up (3 per review).
    pub rating_sum: i64,
}

/// The seller score the public sees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SellerScore {
    /// Completed orders / orders that ended (completed + against the seller) in the last [`SCORE_MONTHS`] months, as
    /// a whole percent rounded down (so 100 means none failed); `None` when none ended then.
    pub completion_percent: Option<u8>,
    /// Completed orders in the last [`SCORE_MONTHS`] months.
    pub completed_orders: i64,
    /// The mean of all three ratings over all reviews, to one decimal (half up); `None` without reviews.
    pub review_average: Option<f64>,
    pub review_count: i64,
    /// Fewer than [`NEW_SELLER_BELOW`] completed orders ever.
    pub new_seller: bool,
}

impl SellerScore {
    pub fn of(history: &SellerHistory) -> Self {
        let (mut completed, mut against, mut completed_ever) = (0_i64, 0_i64, 0_i64);
        for ended in &history.ended {
            match Ending::of(ended.status, ended.cancel_reason) {
                Some(Ending::Completed) => {
                    completed += ended.in_window;
                    completed_ever += ended.ever;
                }
                Some(Ending::AgainstSeller) => against += ended.in_window,
                Some(Ending::NotCounted) | None => {}
            }
        }
        let counted = completed + against;
        let completion_percent = (counted > 0).then(|| u8::try_from(completed * 100 / counted).unwrap_or(100));
        let ratings = history.review_count * 3;
        // Tenths, rounded half up, in whole numbers so that 4.25 is 4.3 and never 4.2 from a float's error.
        let review_average = (ratings > 0).then(|| ((history.rating_sum * 20 + ratings) / (2 * ratings)) as f64 / 10.0);
        Self {
            completion_percent,
            completed_orders: completed,
            review_average,
            review_count: history.review_count,
            new_seller: completed_ever < NEW_SELLER_BELOW,
        }
    }
}

/// Where the completion rate's window starts: [`SCORE_MONTHS`] calendar months before `now`.
pub fn score_window_start(now: DateTime<Utc>) -> DateTime<Utc> {
    now.checked_sub_months(Months::new(SCORE_MONTHS)).unwrap_or(now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone as _;

    fn at(day: u32, hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, day, hour, 0, 0).single().expect("a time")
    }

    fn phone(raw: &str) -> Phone {
        Phone::parse(raw).expect("a phone")
    }

    fn subject() -> ReviewSubject {
        ReviewSubject {
            order_id: OrderId::new(),
            book_id: BookId::new(),
            buyer_id: AccountId::new(),
            seller_id: AccountId::new(),
            status: OrderStatus::Completed,
            completed_at: Some(at(1, 12)),
            buyer_phone: phone("01811223344"),
            seller_phones: vec![phone("01712345678")],
            review: None,
        }
    }

    fn form(as_described: i64, communication: i64, on_time: i64, comment: Option<&str>) -> ReviewForm {
        ReviewForm { as_described, communication, on_time, comment: comment.map(str::to_owned) }
    }

    #[test]
    fn stars_run_from_one_to_five() {
        assert_eq!(Stars::new(0), Err(StarsOutOfRange));
        assert_eq!(Stars::new(1).map(Stars::value), Ok(1));
        assert_eq!(Stars::new(5).map(Stars::value), Ok(5));
        assert_eq!(Stars::new(6), Err(StarsOutOfRange));
        assert_eq!(Stars::new(-1), Err(StarsOutOfRange));
        assert_eq!(Stars::new(256 + 3), Err(StarsOutOfRange), "no wrapping into range");
    }

    #[test]
    fn a_form_names_every_bad_field_with_its_bounds() {
        let errors = form(0, 6, 3, Some(&"x".repeat(MAX_REVIEW_TEXT + 1))).parse().expect_err("refused");
        assert_eq!(errors.keys().copied().collect::<Vec<_>>(), ["asDescribed", "comment", "communication"]);
        assert_eq!(errors["asDescribed"].reason(), FieldReason::OutOfRange { min: 1, max: 5 });
        assert_eq!(errors["comment"].reason(), FieldReason::TooLong { limit: MAX_REVIEW_TEXT });
        let fine = form(5, 4, 3, Some("  Exactly as described.  ")).parse().expect("accepted");
        assert_eq!(fine.ratings.sum(), 12);
        assert_eq!(fine.comment.as_ref().map(ReviewText::as_str), Some("Exactly as described."), "trimmed");
    }

    #[test]
    fn a_comment_is_optional_and_at_most_a_thousand_characters() {
        assert_eq!(form(5, 5, 5, None).parse().expect("no comment").comment, None);
        assert_eq!(form(5, 5, 5, Some("   ")).parse().expect("a blank comment").comment, None, "a blank comment is none");
        // Counted in characters, not bytes: a thousand Bengali letters fit.
        let bangla = "ক".repeat(MAX_REVIEW_TEXT);
        assert_eq!(form(5, 5, 5, Some(&bangla)).parse().expect("fits").comment.map(ReviewText::into_inner), Some(bangla));
        assert!(form(5, 5, 5, Some(&"ক".repeat(MAX_REVIEW_TEXT + 1))).parse().is_err());
        assert!(form(5, 5, 5, Some("a\0b")).parse().is_err());
    }

    #[test]
    fn an_answer_needs_text() {
        assert_eq!(parse_answer("  ").expect_err("blank")["text"].reason(), FieldReason::Required);
        assert_eq!(parse_answer(" Thank you! ").expect("an answer").as_str(), "Thank you!");
        assert!(parse_answer(&"a".repeat(MAX_REVIEW_TEXT + 1)).is_err());
    }

    #[test]
    fn the_window_closes_fourteen_days_after_the_handover() {
        let s = subject();
        let completed = at(1, 12);
        assert_eq!(s.may_review(completed), Ok(()));
        assert_eq!(s.may_review(completed + Duration::days(14)), Ok(()), "the last instant is included");
        assert_eq!(
            s.may_review(completed + Duration::days(14) + Duration::seconds(1)),
            Err(ReviewRefusal::WindowClosed { deadline: completed + Duration::days(14) })
        );
    }

    #[test]
    fn only_a_completed_order_not_yet_reviewed_and_without_a_shared_phone_may_be_reviewed() {
        let now = at(2, 12);
        for status in [OrderStatus::Pending, OrderStatus::Held, OrderStatus::Paid, OrderStatus::Cancelled, OrderStatus::Expired] {
            let s = ReviewSubject { status, completed_at: None, ..subject() };
            assert_eq!(s.may_review(now), Err(ReviewRefusal::NotCompleted(status)));
        }
        let content = form(4, 4, 4, None).parse().expect("content");
        let written = subject().review(content.clone(), now).expect("reviewed");
        let reviewed = ReviewSubject {
            review: Some(Review {
                id: written.id,
                order_id: written.order_id,
                book_id: written.book_id,
                seller_id: written.seller_id,
                buyer_id: written.buyer_id,
                ratings: content.ratings,
                comment: None,
                created_at: now,
                answer: None,
            }),
            ..subject()
        };
        assert_eq!(reviewed.may_review(now), Err(ReviewRefusal::AlreadyReviewed));
        // The same number written another way is the same phone.
        let shared = ReviewSubject { buyer_phone: phone("+880 1712-345678"), ..subject() };
        assert_eq!(shared.may_review(now), Err(ReviewRefusal::SharedPhone));
        let among_others = ReviewSubject { seller_phones: vec![phone("01912345678"), phone("01811223344")], ..subject() };
        assert_eq!(among_others.may_review(now), Err(ReviewRefusal::SharedPhone), "any of the seller's listing phones");
    }

    fn ended(status: OrderStatus, cancel_reason: Option<CancelReason>, in_window: i64, ever: i64) -> EndedOrders {
        EndedOrders { status, cancel_reason, in_window, ever }
    }

    #[test]
    fn the_completion_rate_counts_only_what_the_seller_is_answerable_for() {
        // 7 completed, 2 expired, 1 cancelled by the seller's closure, 3 buyer cancels and 1 buyer closure: 7 / 10.
        let history = SellerHistory {
            ended: vec![
                ended(OrderStatus::Completed, None, 7, 9),
                ended(OrderStatus::Expired, None, 2, 4),
                ended(OrderStatus::Cancelled, Some(CancelReason::SellerAccountClosed), 1, 1),
                ended(OrderStatus::Cancelled, Some(CancelReason::ByBuyer), 3, 5),
                ended(OrderStatus::Cancelled, Some(CancelReason::BuyerAccountClosed), 1, 1),
                ended(OrderStatus::Paid, None, 2, 2),
            ],
            review_count: 4,
            // 4.25 on average: 51 stars over 12 ratings.
            rating_sum: 51,
        };
        let score = SellerScore::of(&history);
        assert_eq!(score.completion_percent, Some(70));
        assert_eq!(score.completed_orders, 7);
        assert_eq!(score.review_average, Some(4.3), "one decimal, half up");
        assert_eq!(score.review_count, 4);
        assert!(!score.new_seller);
    }

    #[test]
    fn the_rate_is_rounded_down_and_absent_without_ended_orders() {
        let two_of_three = SellerHistory {
            ended: vec![ended(OrderStatus::Completed, None, 2, 2), ended(OrderStatus::Expired, None, 1, 1)],
            ..Default::default()
        };
        assert_eq!(SellerScore::of(&two_of_three).completion_percent, Some(66));
        let almost = SellerHistory {
            ended: vec![ended(OrderStatus::Completed, None, 199, 199), ended(OrderStatus::Expired, None, 1, 1)],
            ..Default::default()
        };
        assert_eq!(SellerScore::of(&almost).completion_percent, Some(99), "100 only when none failed");
        let only_buyer_cancels =
            SellerHistory { ended: vec![ended(OrderStatus::Cancelled, Some(CancelReason::ByBuyer), 3, 3)], ..Default::default() };
        let score = SellerScore::of(&only_buyer_cancels);
        assert_eq!((score.completion_percent, score.review_average, score.review_count), (None, None, 0));
    }

    #[test]
    fn a_seller_is_new_below_three_completed_orders_ever() {
        let with =
            |ever| SellerScore::of(&SellerHistory { ended: vec![ended(OrderStatus::Completed, None, 0, ever)], ..Default::default() });
        assert!(with(0).new_seller);
        assert!(with(2).new_seller);
        assert!(!with(3).new_seller, "three completed orders, even long ago, make a seller known");
        assert!(SellerScore::of(&SellerHistory::default()).new_seller);
    }

    #[test]
    fn the_score_window_is_six_calendar_months() {
        assert_eq!(score_window_start(at(29, 0)), Utc.with_ymd_and_hms(2026, 5, 29, 0, 0, 0).single().expect("a time"));
    }

    #[test]
    fn only_the_first_name_is_published() {
        assert_eq!(first_name("  Farhana Akter Rimi "), "Farhana");
        assert_eq!(first_name("করিম রহমান"), "করিম");
        assert_eq!(first_name(""), "");
    }
}
