//! Reviews in memory over an [`InMemoryShop`]'s orders, books and accounts, and the review store's contract cases,
//! which this fake and PostgreSQL both pass.

use std::sync::{Arc, Mutex, PoisonError};

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use puronoboi_domain::{
    AccountId, AccountRole, BookCard, BookStatus, ClosedReason, EndedOrders, NewReview, OrderId, OrderStatus, Page, PageRequest, Phone,
    PublishedReview, Review, ReviewForm, ReviewId, ReviewRefusal, ReviewSubject, ReviewText, SellerAnswer, SellerHistory, SellerScore,
    first_name,
};
use puronoboi_ports::{AccountStore, AddReviewError, AnswerReviewError, Handover, OrderStore, ReviewStore, SellerProfile, StoreError};

use crate::catalogue::{Catalogue, first_page, open_buyer};
use crate::orders::{book_for_sale, contact, placed_new};
use crate::shop::InMemoryShop;

/// Reviews kept beside a shop, whose orders, listings and accounts they read as the database's joins do.
pub struct InMemoryReviews {
    shop: Arc<InMemoryShop>,
    /// Oldest first.
    reviews: Mutex<Vec<Review>>,
}

impl InMemoryReviews {
    pub fn new(shop: Arc<InMemoryShop>) -> Self {
        Self { shop, reviews: Mutex::new(Vec::new()) }
    }

    fn reviews(&self) -> std::sync::MutexGuard<'_, Vec<Review>> {
        self.reviews.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn open_buyer_wrote(&self, review: &Review) -> bool {
        self.shop.is_open(review.buyer_id)
    }
}

fn page_of<T: Clone>(all: &[T], page: PageRequest) -> Page<T> {
    let items = all.iter().skip(usize::try_from(page.offset()).unwrap_or(usize::MAX)).take(page.per_page() as usize).cloned().collect();
    Page { items, request: page, total: i64::try_from(all.len()).unwrap_or(i64::MAX) }
}

#[async_trait]
impl ReviewStore for InMemoryReviews {
    async fn review_subjects(&self, buyer: AccountId, orders: &[OrderId]) -> Result<Vec<ReviewSubject>, StoreError> {
        let reviews = self.reviews().clone();
        let state = self.shop.lock();
        let subjects = state
            .orders
            .iter()
            .map(|stored| &stored.order)
            .filter(|order| order.buyer_id == buyer && orders.contains(&order.id))
            .filter_map(|order| {
                let seller_id = state.books.iter().find(|b| b.book.id == order.book_id)?.book.seller_id;
                let seller_phones: Vec<Phone> =
                    state.books.iter().filter(|b| b.book.seller_id == seller_id).map(|b| b.seller.phone.clone()).collect();
                Some(ReviewSubject {
                    order_id: order.id,
                    book_id: order.book_id,
                    buyer_id: order.buyer_id,
                    seller_id,
                    status: order.status,
                    completed_at: order.completed_at,
                    buyer_phone: order.contact.phone.clone(),
                    seller_phones,
                    review: reviews.iter().find(|r| r.order_id == order.id).cloned(),
                })
            })
            .collect();
        Ok(subjects)
    }

    async fn add_review(&self, review: &NewReview) -> Result<Review, AddReviewError> {
        let completed = {
            let state = self.shop.lock();
            state
                .orders
                .iter()
                .any(|o| o.order.id == review.order_id && o.order.buyer_id == review.buyer_id && o.order.status == OrderStatus::Completed)
        };
        if !completed {
            return Err(AddReviewError::NotCompleted);
        }
        let mut reviews = self.reviews();
        if reviews.iter().any(|r| r.order_id == review.order_id) {
            return Err(AddReviewError::AlreadyReviewed);
        }
        let stored = Review {
            id: review.id,
            order_id: review.order_id,
            book_id: review.book_id,
            seller_id: review.seller_id,
            buyer_id: review.buyer_id,
            ratings: review.content.ratings,
            comment: review.content.comment.clone(),
            created_at: review.created_at,
            answer: None,
        };
        reviews.push(stored.clone());
        Ok(stored)
    }

    async fn answer_review(
        &self,
        seller: AccountId,
        review: ReviewId,
        text: &ReviewText,
        now: DateTime<Utc>,
    ) -> Result<Review, AnswerReviewError> {
        let mut reviews = self.reviews();
        let found = reviews.iter_mut().find(|r| r.id == review && r.seller_id == seller).ok_or(AnswerReviewError::NotFound)?;
        if found.answer.is_some() {
            return Err(AnswerReviewError::AlreadyAnswered);
        }
        found.answer = Some(SellerAnswer { text: text.clone(), answered_at: now });
        Ok(found.clone())
    }

    async fn seller(&self, id: AccountId) -> Result<Option<SellerProfile>, StoreError> {
        Ok(self.shop.accounts().stored(id).filter(|a| a.role == AccountRole::Seller && !a.is_closed()).map(|a| SellerProfile {
            id: a.id,
            name: a.name,
            verified: a.verified,
            joined_at: a.created_at,
        }))
    }

    /// This fake keeps no closing time for cancelled and expired orders: it counts them as ended when placed.
    async fn seller_history(&self, seller: AccountId, since: DateTime<Utc>) -> Result<SellerHistory, StoreError> {
        let mut ended: Vec<EndedOrders> = Vec::new();
        {
            let state = self.shop.lock();
            for order in state.orders.iter().map(|o| &o.order) {
                let sellers_book = state.books.iter().any(|b| b.book.id == order.book_id && b.book.seller_id == seller);
                let closed_at = match order.status {
                    OrderStatus::Pending | OrderStatus::Held => None,
                    OrderStatus::Completed => order.completed_at,
                    _ => Some(order.created_at),
                };
                let Some(closed_at) = closed_at.filter(|_| sellers_book) else { continue };
                let in_window = i64::from(closed_at >= since);
                match ended.iter_mut().find(|e| e.status == order.status && e.cancel_reason == order.cancel_reason) {
                    Some(group) => {
                        group.in_window += in_window;
                        group.ever += 1;
                    }
                    None => ended.push(EndedOrders { status: order.status, cancel_reason: order.cancel_reason, in_window, ever: 1 }),
                }
            }
        }
        let reviews = self.reviews();
        let counted: Vec<&Review> = reviews.iter().filter(|r| r.seller_id == seller && self.open_buyer_wrote(r)).collect();
        Ok(SellerHistory {
            ended,
            review_count: i64::try_from(counted.len()).unwrap_or(i64::MAX),
            rating_sum: counted.iter().map(|r| r.ratings.sum()).sum(),
        })
    }

    async fn seller_reviews(&self, seller: AccountId, page: PageRequest) -> Result<Page<PublishedReview>, StoreError> {
        let reviews = self.reviews().clone();
        let titles: Vec<(OrderId, String)> = self.shop.lock().orders.iter().map(|o| (o.order.id, o.order.title.clone())).collect();
        let mut published: Vec<PublishedReview> = reviews
            .into_iter()
            .filter(|r| r.seller_id == seller)
            .filter_map(|review| {
                let buyer = self.shop.accounts().stored(review.buyer_id).filter(|a| !a.is_closed())?;
                let book_title = titles.iter().find(|(id, _)| *id == review.order_id)?.1.clone();
                Some(PublishedReview { review, book_title, buyer_first_name: first_name(&buyer.name) })
            })
            .collect();
        published.sort_by_key(|p| std::cmp::Reverse((p.review.created_at, p.review.id)));
        Ok(page_of(&published, page))
    }

    async fn seller_books(&self, seller: AccountId, page: PageRequest) -> Result<Page<BookCard>, StoreError> {
        let cards: Vec<BookCard> = {
            let state = self.shop.lock();
            state
                .books
                .iter()
                .rev()
                .filter(|b| b.book.seller_id == seller && b.book.status == BookStatus::Available)
                .map(|b| self.shop.card(b))
                .collect()
        };
        Ok(page_of(&cards, page))
    }
}

fn stars(as_described: i64, communication: i64, on_time: i64, comment: Option<&str>) -> puronoboi_domain::ReviewContent {
    ReviewForm { as_described, communication, on_time, comment: comment.map(str::to_owned) }.parse().expect("a valid review")
}

/// A book of a fresh seller, ordered by a fresh buyer (with `phone`, if given) and handed over at `completed_at`.
/// Answers the buyer, the seller and the order.
async fn completed_order(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
    tag: &str,
    completed_at: DateTime<Utc>,
) -> (AccountId, AccountId, OrderId) {
    let book = book_for_sale(accounts, catalogue, &format!("review-{tag}"), 200).await;
    let seller = catalogue.book_detail(book).await.expect("read").expect("the book").book.seller_id;
    let buyer = open_buyer(accounts, &format!("review-{tag}")).await;
    let order = placed_new(orders.place_order(&buyer, book, &contact(), 5).await);
    let done = orders.hand_over(seller, order.id, true, completed_at).await.expect("handed over");
    assert!(matches!(done, Handover::Completed(_)), "{done:?}");
    (buyer.id, seller, order.id)
}

async fn subject(reviews: &dyn ReviewStore, buyer: AccountId, order: OrderId) -> ReviewSubject {
    let mut subjects = reviews.review_subjects(buyer, &[order]).await.expect("read");
    assert_eq!(subjects.len(), 1, "the buyer's own order");
    subjects.remove(0)
}

/// Every contract case, each on its own buyers, sellers and books, so one store serves them all.
pub async fn review_store_contract(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
    reviews: &dyn ReviewStore,
) {
    a_completed_order_is_reviewed_once_even_in_a_race(accounts, catalogue, orders, reviews).await;
    only_the_buyers_completed_order_is_a_subject_to_review(accounts, catalogue, orders, reviews).await;
    the_handover_time_and_the_phones_reach_the_rules(accounts, catalogue, orders, reviews).await;
    a_seller_answers_their_own_review_once(accounts, catalogue, orders, reviews).await;
    the_seller_pages_show_live_sellers_their_books_and_reviews(accounts, catalogue, orders, reviews).await;
    a_closed_buyers_reviews_leave_the_page_and_the_score(accounts, catalogue, orders, reviews).await;
    // Last: it expires every overdue pending order in the store.
    the_history_counts_each_ending_in_and_out_of_the_window(accounts, catalogue, orders, reviews).await;
}

async fn a_completed_order_is_reviewed_once_even_in_a_race(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
    reviews: &dyn ReviewStore,
) {
    let now = Utc::now();
    let (buyer, seller, order) = completed_order(accounts, catalogue, orders, "once", now).await;
    let s = subject(reviews, buyer, order).await;
    assert_eq!((s.status, s.seller_id, s.review.clone()), (OrderStatus::Completed, seller, None));
    assert_eq!(s.may_review(now), Ok(()));
    let first = s.review(stars(5, 4, 3, Some("Lovely copy")), now).expect("allowed");
    let second = s.review(stars(1, 1, 1, None), now).expect("allowed too, until one is stored");
    let (a, b) = tokio::join!(reviews.add_review(&first), reviews.add_review(&second));
    let won: Vec<Review> = [a, b]
        .into_iter()
        .filter_map(|outcome| match outcome {
            Ok(review) => Some(review),
            Err(AddReviewError::AlreadyReviewed) => None,
            Err(e) => panic!("unexpected: {e:?}"),
        })
        .collect();
    assert_eq!(won.len(), 1, "exactly one of two concurrent reviews is stored");
    let stored = subject(reviews, buyer, order).await.review.expect("the review");
    assert_eq!(stored, won[0]);
    assert_eq!(subject(reviews, buyer, order).await.may_review(now), Err(ReviewRefusal::AlreadyReviewed));
    let again = reviews.add_review(&s.review(stars(2, 2, 2, None), now).expect("allowed")).await;
    assert!(matches!(again, Err(AddReviewError::AlreadyReviewed)), "{again:?}");
}

async fn only_the_buyers_completed_order_is_a_subject_to_review(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
    reviews: &dyn ReviewStore,
) {
    let now = Utc::now();
    let book = book_for_sale(accounts, catalogue, "review-pending", 150).await;
    let buyer = open_buyer(accounts, "review-pending").await;
    let order = placed_new(orders.place_order(&buyer, book, &contact(), 5).await);
    let pending = subject(reviews, buyer.id, order.id).await;
    assert_eq!(pending.may_review(now), Err(ReviewRefusal::NotCompleted(OrderStatus::Pending)));
    // The rules are the domain's; the store refuses a review of an order that is not completed on its own as well.
    let forced = puronoboi_domain::NewReview {
        id: ReviewId::new(),
        order_id: order.id,
        book_id: book,
        seller_id: pending.seller_id,
        buyer_id: buyer.id,
        content: stars(5, 5, 5, None),
        created_at: now,
    };
    assert!(matches!(reviews.add_review(&forced).await, Err(AddReviewError::NotCompleted)));
    let stranger = open_buyer(accounts, "review-stranger").await;
    assert_eq!(reviews.review_subjects(stranger.id, &[order.id]).await.expect("read"), vec![], "someone else's order is no subject");
    let as_stranger = puronoboi_domain::NewReview { buyer_id: stranger.id, ..forced };
    assert!(matches!(reviews.add_review(&as_stranger).await, Err(AddReviewError::NotCompleted)));
    assert_eq!(reviews.review_subjects(buyer.id, &[OrderId::new()]).await.expect("read"), vec![]);
    assert_eq!(reviews.review_subjects(buyer.id, &[]).await.expect("read"), vec![]);
}

async fn the_handover_time_and_the_phones_reach_the_rules(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
    reviews: &dyn ReviewStore,
) {
    let now = Utc::now();
    // Handed over 15 days ago: the window has closed.
    let long_ago = now - Duration::days(15);
    let (buyer, _, order) = completed_order(accounts, catalogue, orders, "late", long_ago).await;
    let late = subject(reviews, buyer, order).await;
    let completed_at = late.completed_at.expect("completed");
    assert!((completed_at - long_ago).num_milliseconds().abs() < 1, "the handover time is kept: {completed_at} vs {long_ago}");
    assert!(matches!(late.may_review(now), Err(ReviewRefusal::WindowClosed { .. })));
    assert_eq!(late.may_review(long_ago + Duration::days(13)), Ok(()));

    // The buyer orders with the phone on the seller's listing (the contract listings' phone).
    let book = book_for_sale(accounts, catalogue, "review-shared", 150).await;
    let seller = catalogue.book_detail(book).await.expect("read").expect("the book").book.seller_id;
    let buyer = open_buyer(accounts, "review-shared").await;
    let listing_phone = catalogue.book_detail(book).await.expect("read").expect("the book").seller.phone;
    let shared = puronoboi_domain::OrderContact { phone: listing_phone.clone(), ..contact() };
    let order = placed_new(orders.place_order(&buyer, book, &shared, 5).await);
    orders.hand_over(seller, order.id, true, now).await.expect("handed over");
    let s = subject(reviews, buyer.id, order.id).await;
    assert!(s.seller_phones.contains(&listing_phone), "{:?}", s.seller_phones);
    assert_eq!(s.may_review(now), Err(ReviewRefusal::SharedPhone));
}

async fn a_seller_answers_their_own_review_once(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
    reviews: &dyn ReviewStore,
) {
    let now = Utc::now();
    let (buyer, seller, order) = completed_order(accounts, catalogue, orders, "answer", now).await;
    let written = subject(reviews, buyer, order).await.review(stars(4, 4, 4, None), now).expect("allowed");
    let review = reviews.add_review(&written).await.expect("stored");
    let text = ReviewText::parse("Thank you for coming on time!").expect("an answer");
    let (_, other_seller, _) = completed_order(accounts, catalogue, orders, "answer-other", now).await;
    assert!(matches!(reviews.answer_review(other_seller, review.id, &text, now).await, Err(AnswerReviewError::NotFound)));
    assert!(matches!(reviews.answer_review(seller, ReviewId::new(), &text, now).await, Err(AnswerReviewError::NotFound)));
    let answered = reviews.answer_review(seller, review.id, &text, now).await.expect("answered");
    assert_eq!(answered.answer.as_ref().map(|a| a.text.as_str()), Some("Thank you for coming on time!"));
    let again = ReviewText::parse("Changed my mind").expect("an answer");
    assert!(matches!(reviews.answer_review(seller, review.id, &again, now).await, Err(AnswerReviewError::AlreadyAnswered)));
    assert_eq!(subject(reviews, buyer, order).await.review.and_then(|r| r.answer).map(|a| a.text), Some(text), "the first answer stays");
}

async fn the_seller_pages_show_live_sellers_their_books_and_reviews(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
    reviews: &dyn ReviewStore,
) {
    let now = Utc::now();
    let (buyer, seller, order) = completed_order(accounts, catalogue, orders, "page", now).await;
    let profile = reviews.seller(seller).await.expect("read").expect("a live seller");
    assert_eq!((profile.id, profile.name.as_str()), (seller, "Contract Person"));
    assert_eq!(reviews.seller(buyer).await.expect("read"), None, "a buyer is no seller");
    assert_eq!(reviews.seller(AccountId::new()).await.expect("read"), None);
    // The sold book is not on sale; none of the seller's books is.
    assert_eq!(reviews.seller_books(seller, first_page(10)).await.expect("read").total, 0);
    let review = reviews
        .add_review(&subject(reviews, buyer, order).await.review(stars(5, 4, 4, Some("Good")), now).expect("allowed"))
        .await
        .expect("stored");
    let page = reviews.seller_reviews(seller, first_page(10)).await.expect("read");
    assert_eq!(page.total, 1);
    assert_eq!(page.items[0].review, review);
    assert_eq!(
        (page.items[0].book_title.as_str(), page.items[0].buyer_first_name.as_str()),
        ("Book review-page", "Contract"),
        "the title as bought and the first name only"
    );

    // A seller with two books on sale, newest first; a closed seller has no page.
    let book = book_for_sale(accounts, catalogue, "review-shelf", 120).await;
    let shelf_seller = catalogue.book_detail(book).await.expect("read").expect("the book").book.seller_id;
    let books: Vec<_> = reviews.seller_books(shelf_seller, first_page(10)).await.expect("read").items.into_iter().map(|c| c.id).collect();
    assert_eq!(books, vec![book]);
    accounts.close_account(shelf_seller, ClosedReason::DeletedByAdmin).await.expect("closed");
    assert_eq!(reviews.seller(shelf_seller).await.expect("read"), None, "a closed seller");
}

async fn a_closed_buyers_reviews_leave_the_page_and_the_score(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
    reviews: &dyn ReviewStore,
) {
    let now = Utc::now();
    let (buyer, seller, order) = completed_order(accounts, catalogue, orders, "closed-buyer", now).await;
    reviews
        .add_review(&subject(reviews, buyer, order).await.review(stars(1, 1, 1, Some("Shill")), now).expect("allowed"))
        .await
        .expect("stored");
    assert_eq!(reviews.seller_history(seller, now - Duration::days(1)).await.expect("read").review_count, 1);
    accounts.close_account(buyer, ClosedReason::DeletedByAdmin).await.expect("closed");
    let history = reviews.seller_history(seller, now - Duration::days(1)).await.expect("read");
    assert_eq!((history.review_count, history.rating_sum), (0, 0));
    assert_eq!(reviews.seller_reviews(seller, first_page(10)).await.expect("read").total, 0);
}

async fn the_history_counts_each_ending_in_and_out_of_the_window(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
    reviews: &dyn ReviewStore,
) {
    let now = Utc::now();
    let since = puronoboi_domain::score_window_start(now);
    let seller = crate::catalogue::open_seller(accounts, "history").await;
    let category = crate::catalogue::add_category(catalogue, "Category review-history").await;
    let sale = async |tag: &str| {
        let book = crate::catalogue::list(catalogue, crate::catalogue::new_book(seller, category.id, &format!("History {tag}"), 100)).await;
        let buyer = open_buyer(accounts, &format!("history-{tag}")).await;
        (buyer.id, placed_new(orders.place_order(&buyer, book, &contact(), 5).await).id)
    };
    for (tag, at) in [("c1", now), ("c2", now), ("c3", now - Duration::days(30)), ("old", now - Duration::days(210))] {
        let (_, order) = sale(tag).await;
        orders.hand_over(seller, order, true, at).await.expect("handed over");
    }
    let (buyer, cancelled) = sale("cancel").await;
    orders.cancel_order(buyer, cancelled).await.expect("cancelled");
    let _expiring = sale("expire").await;
    orders.expire_overdue(now + Duration::hours(1), now + Duration::hours(1), 10_000).await.expect("expired");
    let history = reviews.seller_history(seller, since).await.expect("read");
    let count = |status: OrderStatus| history.ended.iter().filter(|e| e.status == status).map(|e| (e.in_window, e.ever)).next();
    assert_eq!(count(OrderStatus::Completed), Some((3, 4)), "the one handed over 7 months ago counts ever, not in the window");
    assert_eq!(count(OrderStatus::Expired), Some((1, 1)));
    assert_eq!(count(OrderStatus::Cancelled), Some((1, 1)));
    let score = SellerScore::of(&history);
    assert_eq!((score.completion_percent, score.completed_orders, score.new_seller), (Some(75), 3, false));
}
