//! The in-memory shop as an order store and wish list, and the contract cases every order store must pass: the same
//! cases run against this fake and against PostgreSQL. Orders and their books move only through the domain's state
//! methods here; where the database disagrees with this fake, the database is right and the fake is fixed.

use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{
    Account, AccountId, BookId, BookStatus, CancelReason, HandoverAttempts, Location, Order, OrderContact, OrderId, OrderStatus, Page,
    PageRequest, PaymentMethod, Phone, WrongCode,
};
use puronoboi_ports::{
    AccountStore, AddWishError, CardAttemptError, CardAttemptId, CardAttemptLimits, CardAttemptOutcome, Handover, HandoverError,
    OrderChangeError, OrderStore, OwedRefund, PlaceOrderError, Placed, ReturnKind, Secured, SettleError, Settlement, StoreError,
    WishListItem, WishListStore,
};

use crate::catalogue::{Catalogue, add_category, first_page, list, new_book, open_buyer, open_seller};
use crate::shop::{InMemoryShop, StoredCardAttempt, StoredOrder, StoredOwedRefund};

fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn page_of<T: Clone>(all: &[T], page: PageRequest) -> Page<T> {
    let items = all
        .iter()
        .skip(usize::try_from(page.offset()).unwrap_or(usize::MAX))
        .take(usize::try_from(page.per_page()).unwrap_or(usize::MAX))
        .cloned()
        .collect();
    Page { items, request: page, total: count(all.len()) }
}

/// When the `n`-th newest of these attempt times leaves the window, or `None` when there are fewer than `n`.
fn full_until(mut times: Vec<DateTime<Utc>>, n: u32, window: chrono::Duration) -> Option<DateTime<Utc>> {
    times.sort_unstable_by(|a, b| b.cmp(a));
    times.get(usize::try_from(n).ok()?.checked_sub(1)?).map(|at| *at + window)
}

#[async_trait]
impl OrderStore for InMemoryShop {
    async fn place_order(
        &self,
        buyer: &Account,
        book: BookId,
        contact: &OrderContact,
        max_pending: i64,
    ) -> Result<Placed, PlaceOrderError> {
        // The buyer as stored now, not as the caller last saw them: a closure in between refuses the order.
        let Some(current) = self.accounts.stored(buyer.id).filter(|a| !a.is_closed()) else {
            return Err(PlaceOrderError::BuyerClosed);
        };
        let mut state = self.lock();
        let pending: Vec<&StoredOrder> =
            state.orders.iter().filter(|o| o.order.buyer_id == buyer.id && o.order.status == OrderStatus::Pending).collect();
        if let Some(existing) = pending.iter().find(|o| o.order.book_id == book) {
            return Ok(Placed::Existing(existing.order.clone()));
        }
        if count(pending.len()) >= max_pending {
            return Err(PlaceOrderError::TooManyPending);
        }
        let held = match state.move_book(book, BookStatus::reserve) {
            None => return Err(PlaceOrderError::BookNotFound),
            Some(Err(refused)) if refused.from == BookStatus::Withdrawn => return Err(PlaceOrderError::BookNotFound),
            Some(Err(_)) => return Err(PlaceOrderError::BookUnavailable),
            Some(Ok(_)) => state.books.iter().find(|b| b.book.id == book).map(|b| b.book.clone()),
        };
        let held = held.ok_or_else(|| anyhow::anyhow!("a book just reserved vanished"))?;
        let order = Order {
            id: OrderId::new(),
            book_id: book,
            buyer_id: buyer.id,
            title: held.title.as_str().to_owned(),
            author: held.author.as_str().to_owned(),
            picture_url: held.picture_url.clone(),
            price: held.resale_price,
            status: OrderStatus::Pending,
            buyer_name: current.name,
            buyer_email: current.email.as_str().to_owned(),
            contact: contact.clone(),
            created_at: Utc::now(),
            paid_at: None,
            payment_id: None,
            transaction_id: None,
            cancel_reason: None,
            refunded: false,
            payment_method: PaymentMethod::Cash,
            completed_at: None,
            held_at: None,
            hold_released: false,
        };
        state.orders.push(StoredOrder {
            order: order.clone(),
            payment_attempted_at: None,
            refund_id: None,
            handover: HandoverAttempts::default(),
            capture_claimed_at: None,
        });
        Ok(Placed::New(order))
    }

    async fn buyer_orders(&self, buyer: AccountId, page: PageRequest) -> Result<Page<Order>, StoreError> {
        let state = self.lock();
        let theirs: Vec<Order> = state.orders.iter().rev().filter(|o| o.order.buyer_id == buyer).map(|o| o.order.clone()).collect();
        Ok(page_of(&theirs, page))
    }

    async fn buyer_order(&self, buyer: AccountId, id: OrderId) -> Result<Option<Order>, StoreError> {
        Ok(self.lock().orders.iter().find(|o| o.order.id == id && o.order.buyer_id == buyer).map(|o| o.order.clone()))
    }

    async fn order(&self, id: OrderId) -> Result<Option<Order>, StoreError> {
        Ok(self.lock().orders.iter().find(|o| o.order.id == id).map(|o| o.order.clone()))
    }

    async fn cancel_order(&self, buyer: AccountId, id: OrderId) -> Result<Order, OrderChangeError> {
        let mut state = self.lock();
        let stored = state.orders.iter().find(|o| o.order.id == id && o.order.buyer_id == buyer).ok_or(OrderChangeError::NotFound)?;
        let status = stored.order.status;
        if stored.capture_claimed_at.is_some() {
            // The seller entered the right code and the held money is being taken: too late to cancel.
            return Err(OrderChangeError::Closed(status));
        }
        match state.close_pending(id, OrderStatus::cancel) {
            Some(Ok(_)) => {
                let stored = state.order_mut(id).ok_or(OrderChangeError::NotFound)?;
                stored.order.cancel_reason = Some(CancelReason::ByBuyer);
                Ok(stored.order.clone())
            }
            Some(Err(_)) => Err(OrderChangeError::Closed(status)),
            None => Err(OrderChangeError::NotFound),
        }
    }

    async fn hand_over(&self, seller: AccountId, id: OrderId, code_is_right: bool, now: DateTime<Utc>) -> Result<Handover, HandoverError> {
        let mut state = self.lock();
        let stored = state.orders.iter().find(|o| o.order.id == id).ok_or(HandoverError::NotFound)?;
        let (book_id, status, attempts, claimed) = (stored.order.book_id, stored.order.status, stored.handover, stored.capture_claimed_at);
        if !state.books.iter().any(|b| b.book.id == book_id && b.book.seller_id == seller) {
            return Err(HandoverError::NotFound);
        }
        if status.complete().is_err() {
            return Err(HandoverError::Closed(status));
        }
        attempts.check(now)?;
        if !code_is_right {
            let (counted, earned) = attempts.after_wrong_code(now);
            state.order_mut(id).ok_or(HandoverError::NotFound)?.handover = counted;
            return Ok(Handover::WrongCode(earned));
        }
        if status == OrderStatus::Held {
            // The caller takes the held money; the claim keeps a second press and the deadline sweep off meanwhile.
            let timeout = chrono::Duration::from_std(puronoboi_domain::CAPTURE_CLAIM_TIMEOUT).map_err(anyhow::Error::from)?;
            if claimed.is_some_and(|at| now - at < timeout) {
                return Err(HandoverError::Closed(status));
            }
            let stored = state.order_mut(id).ok_or(HandoverError::NotFound)?;
            stored.capture_claimed_at = Some(now);
            stored.handover = HandoverAttempts::default();
            return Ok(Handover::CaptureDue(Box::new(stored.order.clone())));
        }
        // Cash at the meeting: the held book is sold to its buyer, and the order completed.
        let _sold = state.move_book(book_id, BookStatus::sell);
        let stored = state.order_mut(id).ok_or(HandoverError::NotFound)?;
        stored.order.status = status.complete().map_err(anyhow::Error::from)?;
        stored.order.completed_at = Some(now);
        stored.order.payment_method = PaymentMethod::Cash;
        stored.handover = HandoverAttempts::default();
        Ok(Handover::Completed(Box::new(stored.order.clone())))
    }

    async fn complete_held(&self, id: OrderId, now: DateTime<Utc>) -> Result<Order, OrderChangeError> {
        let mut state = self.lock();
        let stored = state.orders.iter().find(|o| o.order.id == id).ok_or(OrderChangeError::NotFound)?;
        let (book_id, status) = (stored.order.book_id, stored.order.status);
        match status {
            OrderStatus::Completed => return Ok(stored.order.clone()),
            OrderStatus::Held => {}
            other => return Err(OrderChangeError::Closed(other)),
        }
        let _sold = state.move_book(book_id, BookStatus::sell);
        let stored = state.order_mut(id).ok_or(OrderChangeError::NotFound)?;
        stored.order.status = status.complete().map_err(anyhow::Error::from)?;
        stored.order.completed_at = Some(now);
        stored.capture_claimed_at = None;
        let completed = stored.order.clone();
        let transaction = completed.transaction_id.clone().ok_or_else(|| anyhow::anyhow!("a held order without its payment"))?;
        state.payments.push((id, transaction));
        Ok(completed)
    }

    async fn drop_capture_claim(&self, id: OrderId) -> Result<(), StoreError> {
        if let Some(stored) = self.lock().order_mut(id).filter(|o| o.order.status == OrderStatus::Held) {
            stored.capture_claimed_at = None;
        }
        Ok(())
    }

    async fn stale_capture_claims(&self, claimed_before: DateTime<Utc>, limit: i64) -> Result<Vec<Order>, StoreError> {
        let state = self.lock();
        Ok(state
            .orders
            .iter()
            .filter(|o| o.order.status == OrderStatus::Held && o.capture_claimed_at.is_some_and(|at| at < claimed_before))
            .take(usize::try_from(limit).unwrap_or(0))
            .map(|o| o.order.clone())
            .collect())
    }

    async fn choose_payment_method(&self, buyer: AccountId, id: OrderId, method: PaymentMethod) -> Result<Order, OrderChangeError> {
        let mut state = self.lock();
        let stored = state.order_mut(id).filter(|o| o.order.buyer_id == buyer).ok_or(OrderChangeError::NotFound)?;
        if stored.order.status != OrderStatus::Pending {
            return Err(OrderChangeError::Closed(stored.order.status));
        }
        stored.order.payment_method = method;
        Ok(stored.order.clone())
    }

    async fn lapse_overdue_holds(&self, held_before: DateTime<Utc>, limit: i64) -> Result<u64, StoreError> {
        let mut state = self.lock();
        let mut due: Vec<(DateTime<Utc>, OrderId)> = state
            .orders
            .iter()
            .filter(|o| o.order.status == OrderStatus::Held && o.capture_claimed_at.is_none())
            .filter_map(|o| o.order.held_at.filter(|at| *at < held_before).map(|at| (at, o.order.id)))
            .collect();
        due.sort_unstable();
        due.truncate(usize::try_from(limit).unwrap_or(0));
        Ok(due.into_iter().filter(|(_, id)| matches!(state.close_pending(*id, OrderStatus::lapse), Some(Ok(_)))).count() as u64)
    }

    async fn remind_of_deadlines(
        &self,
        pending_placed_before: DateTime<Utc>,
        held_before: DateTime<Utc>,
        limit: i64,
    ) -> Result<u64, StoreError> {
        let mut state = self.lock();
        let limit = usize::try_from(limit).unwrap_or(0);
        let due = |o: &&StoredOrder, status: OrderStatus, since: Option<DateTime<Utc>>, before: DateTime<Utc>| {
            o.order.status == status && since.is_some_and(|at| at < before)
        };
        let pending: Vec<OrderId> = state
            .orders
            .iter()
            .filter(|o| due(o, OrderStatus::Pending, Some(o.order.created_at), pending_placed_before))
            .filter(|o| !state.deadline_reminded.contains(&o.order.id))
            .take(limit)
            .map(|o| o.order.id)
            .collect();
        let held: Vec<OrderId> = state
            .orders
            .iter()
            .filter(|o| due(o, OrderStatus::Held, o.order.held_at, held_before))
            .filter(|o| !state.deadline_reminded.contains(&o.order.id))
            .take(limit)
            .map(|o| o.order.id)
            .collect();
        let reminded = pending.len() + held.len();
        state.deadline_reminded.extend(pending.into_iter().chain(held));
        Ok(count(reminded).unsigned_abs())
    }

    async fn expire_overdue(&self, placed_before: DateTime<Utc>, paying_placed_from: DateTime<Utc>, limit: i64) -> Result<u64, StoreError> {
        let mut state = self.lock();
        let mut due: Vec<(DateTime<Utc>, OrderId)> = state
            .orders
            .iter()
            .map(|o| &o.order)
            .filter(|o| {
                o.status == OrderStatus::Pending
                    && o.created_at < placed_before
                    && (o.payment_id.is_none() || o.created_at < paying_placed_from)
            })
            .map(|o| (o.created_at, o.id))
            .collect();
        due.sort_unstable();
        due.truncate(usize::try_from(limit).unwrap_or(0));
        Ok(due.into_iter().filter(|(_, id)| matches!(state.close_pending(*id, OrderStatus::expire), Some(Ok(_)))).count() as u64)
    }

    async fn overdue_paying(
        &self,
        placed_before: DateTime<Utc>,
        placed_from: DateTime<Utc>,
        after: Option<OrderId>,
        limit: i64,
    ) -> Result<Vec<Order>, StoreError> {
        let state = self.lock();
        let mut paying: Vec<Order> = state
            .orders
            .iter()
            .map(|o| &o.order)
            .filter(|o| {
                o.status == OrderStatus::Pending
                    && o.created_at < placed_before
                    && o.created_at >= placed_from
                    && o.payment_id.is_some()
                    && after.is_none_or(|after| o.id.as_uuid() > after.as_uuid())
            })
            .cloned()
            .collect();
        paying.sort_by_key(|o| o.id.as_uuid());
        paying.truncate(usize::try_from(limit).unwrap_or(0));
        Ok(paying)
    }

    async fn expire_orders(&self, ids: &[OrderId], placed_before: DateTime<Utc>, quiet_since: DateTime<Utc>) -> Result<u64, StoreError> {
        let mut state = self.lock();
        let mut expired = 0;
        for id in ids {
            let due = state.orders.iter().any(|o| {
                o.order.id == *id
                    && o.order.status == OrderStatus::Pending
                    && o.order.created_at < placed_before
                    && o.payment_attempted_at.is_none_or(|at| at < quiet_since)
            });
            if due && matches!(state.close_pending(*id, OrderStatus::expire), Some(Ok(_))) {
                expired += 1;
            }
        }
        Ok(expired)
    }

    async fn attach_payment(&self, id: OrderId, payment_id: &str) -> Result<String, OrderChangeError> {
        let mut state = self.lock();
        let stored = state.order_mut(id).ok_or(OrderChangeError::NotFound)?;
        Ok(stored.order.payment_id.get_or_insert_with(|| payment_id.to_owned()).clone())
    }

    async fn start_card_attempt(
        &self,
        buyer: AccountId,
        order: OrderId,
        limits: CardAttemptLimits,
    ) -> Result<CardAttemptId, CardAttemptError> {
        let mut state = self.lock();
        let now = Utc::now();
        let window = chrono::Duration::from_std(limits.window).map_err(anyhow::Error::from)?;
        let recent = state.card_attempts.iter().filter(|a| a.at > now - window);
        // Unfinished attempts count as failed: a server that stopped mid-attempt must not hand out free guesses.
        let failed_on_order = recent
            .clone()
            .filter(|a| a.order == order && matches!(a.outcome, None | Some(CardAttemptOutcome::Failed)))
            .map(|a| a.at)
            .collect();
        if let Some(retry_at) = full_until(failed_on_order, limits.failed_per_order, window) {
            return Err(CardAttemptError::OrderLimit { retry_at });
        }
        let by_buyer = recent.filter(|a| a.account == buyer).map(|a| a.at).collect();
        if let Some(retry_at) = full_until(by_buyer, limits.per_account, window) {
            return Err(CardAttemptError::AccountLimit { retry_at });
        }
        let id = state.card_attempts.last().map_or(1, |a| a.id + 1);
        state.card_attempts.push(StoredCardAttempt { id, account: buyer, order, at: now, outcome: None });
        if let Some(stored) = state.order_mut(order).filter(|o| o.order.status == OrderStatus::Pending) {
            stored.payment_attempted_at = Some(now);
        }
        Ok(CardAttemptId(id))
    }

    async fn finish_card_attempt(&self, attempt: CardAttemptId, outcome: CardAttemptOutcome) -> Result<(), StoreError> {
        if let Some(stored) = self.lock().card_attempts.iter_mut().find(|a| a.id == attempt.0) {
            stored.outcome = Some(outcome);
        }
        Ok(())
    }

    async fn settle_payment(&self, id: OrderId, transaction_id: &str, secured: Secured) -> Result<Settlement, SettleError> {
        let mut state = self.lock();
        let order = state.orders.iter().find(|o| o.order.id == id).ok_or(SettleError::NotFound)?.order.clone();
        if order.status.has_card_payment(order.held_at.is_some()) {
            return if order.transaction_id.as_deref() == Some(transaction_id) {
                Ok(Settlement::AlreadyPaid(order))
            } else {
                Err(SettleError::PaidByAnother(Box::new(order)))
            };
        }
        if secured == Secured::Held {
            let Ok(held) = order.status.hold() else {
                return Ok(Settlement::MustRefund(order));
            };
            let stored = state.order_mut(id).ok_or(SettleError::NotFound)?;
            stored.order.status = held;
            stored.order.held_at = Some(Utc::now());
            stored.order.transaction_id = Some(transaction_id.to_owned());
            stored.order.payment_method = PaymentMethod::Card;
            return Ok(Settlement::Paid(stored.order.clone()));
        }
        let paid = match order.status {
            OrderStatus::Paid | OrderStatus::Held => return Err(SettleError::PaidByAnother(Box::new(order))),
            OrderStatus::Pending => {
                // A pending order holds its book, so the book is pending: sold.
                let _sold = state.move_book(order.book_id, BookStatus::sell);
                order.status.pay()
            }
            // Handed over (paid in cash): no payment settles it (the domain refuses the move).
            OrderStatus::Completed => order.status.pay(),
            OrderStatus::Cancelled | OrderStatus::Expired => {
                // Paid after all only while the book is still for sale and the buyer's account is open: the book
                // is sold to the order's buyer.
                if !self.is_open(order.buyer_id) {
                    return Ok(Settlement::MustRefund(order));
                }
                match state.move_book(order.book_id, BookStatus::sell_paid_late) {
                    Some(Ok(_)) => order.status.settle_late(),
                    _ => return Ok(Settlement::MustRefund(order)),
                }
            }
        };
        let status = paid.map_err(anyhow::Error::from)?;
        let stored = state.order_mut(id).ok_or(SettleError::NotFound)?;
        stored.order.status = status;
        stored.order.cancel_reason = None;
        stored.order.paid_at = Some(Utc::now());
        stored.order.transaction_id = Some(transaction_id.to_owned());
        stored.order.payment_method = PaymentMethod::Card;
        let paid = stored.order.clone();
        state.payments.push((id, transaction_id.to_owned()));
        Ok(Settlement::Paid(paid))
    }

    async fn owe_return(&self, id: OrderId, payment_id: &str, kind: ReturnKind) -> Result<Option<OwedRefund>, StoreError> {
        let mut state = self.lock();
        let refundable = state.orders.iter().any(|o| o.order.id == id && o.refund_id.is_none());
        if refundable && !state.owed_refunds.iter().any(|o| o.order == id) {
            state.owed_refunds.push(StoredOwedRefund {
                order: id,
                payment_id: payment_id.to_owned(),
                kind,
                failed_attempts: 0,
                retry_at: Utc::now(),
            });
        }
        Ok(state.owed_refunds.iter().find(|o| o.order == id).map(owed))
    }

    async fn record_refund(&self, id: OrderId, refund_id: &str) -> Result<(), StoreError> {
        let mut state = self.lock();
        if let Some(stored) = state.order_mut(id).filter(|o| o.refund_id.is_none()) {
            stored.refund_id = Some(refund_id.to_owned());
            stored.order.refunded = true;
        }
        state.owed_refunds.retain(|o| o.order != id);
        Ok(())
    }

    async fn record_release(&self, id: OrderId) -> Result<(), StoreError> {
        let mut state = self.lock();
        if let Some(stored) = state.order_mut(id) {
            stored.order.hold_released = true;
        }
        state.owed_refunds.retain(|o| o.order != id);
        Ok(())
    }

    async fn refund_failed(&self, id: OrderId, retry_at: DateTime<Utc>) -> Result<(), StoreError> {
        if let Some(owed) = self.lock().owed_refunds.iter_mut().find(|o| o.order == id) {
            owed.failed_attempts += 1;
            owed.retry_at = retry_at;
        }
        Ok(())
    }

    async fn take_due_refunds(
        &self,
        now: DateTime<Utc>,
        max_attempts: u32,
        lease: Duration,
        limit: i64,
    ) -> Result<Vec<OwedRefund>, StoreError> {
        let lease = chrono::Duration::from_std(lease).map_err(anyhow::Error::from)?;
        let mut state = self.lock();
        let mut due: Vec<&mut StoredOwedRefund> =
            state.owed_refunds.iter_mut().filter(|o| o.retry_at <= now && o.failed_attempts < max_attempts).collect();
        due.sort_by_key(|o| o.retry_at);
        due.truncate(usize::try_from(limit).unwrap_or(0));
        Ok(due
            .into_iter()
            .map(|o| {
                o.retry_at = now + lease;
                owed(o)
            })
            .collect())
    }
}

fn owed(stored: &StoredOwedRefund) -> OwedRefund {
    OwedRefund { order: stored.order, payment_id: stored.payment_id.clone(), kind: stored.kind, failed_attempts: stored.failed_attempts }
}

#[async_trait]
impl WishListStore for InMemoryShop {
    async fn add_to_wish_list(&self, buyer: AccountId, book: BookId, limit: i64) -> Result<(WishListItem, bool), AddWishError> {
        let mut state = self.lock();
        let found = state.books.iter().find(|b| b.book.id == book && b.book.status != BookStatus::Withdrawn).map(|b| b.book.clone());
        let found = found.ok_or(AddWishError::BookNotFound)?;
        let item = |added_at| WishListItem {
            book_id: book,
            title: found.title.as_str().to_owned(),
            author: found.author.as_str().to_owned(),
            picture_url: found.picture_url.clone(),
            price: found.resale_price,
            status: found.status,
            added_at,
        };
        if let Some((_, _, added_at)) = state.wishes.iter().find(|(b, k, _)| *b == buyer && *k == book) {
            return Ok((item(*added_at), false));
        }
        if count(state.wishes.iter().filter(|(b, _, _)| *b == buyer).count()) >= limit {
            return Err(AddWishError::Full);
        }
        let now = Utc::now();
        state.wishes.push((buyer, book, now));
        Ok((item(now), true))
    }

    async fn wish_list(&self, buyer: AccountId, limit: i64) -> Result<Vec<WishListItem>, StoreError> {
        let state = self.lock();
        Ok(state
            .wishes
            .iter()
            .rev()
            .filter(|(b, _, _)| *b == buyer)
            .filter_map(|(_, book, added_at)| {
                let found = &state.books.iter().find(|b| b.book.id == *book)?.book;
                Some(WishListItem {
                    book_id: *book,
                    title: found.title.as_str().to_owned(),
                    author: found.author.as_str().to_owned(),
                    picture_url: found.picture_url.clone(),
                    price: found.resale_price,
                    status: found.status,
                    added_at: *added_at,
                })
            })
            .take(usize::try_from(limit).unwrap_or(0))
            .collect())
    }

    async fn remove_from_wish_list(&self, buyer: AccountId, book: BookId) -> Result<bool, StoreError> {
        let mut state = self.lock();
        let before = state.wishes.len();
        state.wishes.retain(|(b, k, _)| !(*b == buyer && *k == book));
        Ok(state.wishes.len() < before)
    }
}

/// How a buyer asks to be reached, for contract cases and use-case tests.
pub fn contact() -> OrderContact {
    OrderContact { phone: Phone::parse("01811223344").expect("a phone"), location: Location::parse("Mirpur 10").expect("a place") }
}

/// The new order a placement made; fails the test on anything else.
pub fn placed_new(placed: Result<Placed, PlaceOrderError>) -> Order {
    match placed {
        Ok(Placed::New(order)) => order,
        other => panic!("expected a new order, got {other:?}"),
    }
}

/// A seller's book listed in a category of its own, at `price` taka.
pub async fn book_for_sale(accounts: &dyn AccountStore, catalogue: &dyn Catalogue, tag: &str, price: i64) -> BookId {
    let seller = open_seller(accounts, tag).await;
    let category = add_category(catalogue, &format!("Category {tag}")).await;
    list(catalogue, new_book(seller, category.id, &format!("Book {tag}"), price)).await
}

async fn book_status(catalogue: &dyn Catalogue, book: BookId) -> BookStatus {
    catalogue.book_detail(book).await.expect("read").expect("the book").book.status
}

async fn order_status(orders: &dyn OrderStore, id: OrderId) -> OrderStatus {
    orders.order(id).await.expect("read").expect("the order").status
}

/// Every contract case, each on its own buyers, sellers and books, so one store (one database) serves them all.
/// `accounts` opens and closes the people; `catalogue` lists the books the orders hold; all three share one store.
pub async fn order_store_contract(accounts: &dyn AccountStore, catalogue: &dyn Catalogue, orders: &dyn OrderStore) {
    an_order_holds_its_book_for_its_buyer_alone(accounts, catalogue, orders).await;
    ordering_a_book_again_answers_the_pending_order(accounts, catalogue, orders).await;
    a_held_sold_or_unknown_book_cannot_be_ordered(accounts, catalogue, orders).await;
    a_buyer_holds_at_most_the_pending_limit(accounts, catalogue, orders).await;
    a_closed_buyer_orders_nothing(accounts, catalogue, orders).await;
    a_buyer_cancels_only_their_own_pending_orders(accounts, catalogue, orders).await;
    a_payment_settles_its_order_once(accounts, catalogue, orders).await;
    a_late_payment_is_kept_while_the_book_is_still_for_sale(accounts, catalogue, orders).await;
    a_late_payment_is_owed_back_when_the_book_is_gone_or_the_buyer_closed(accounts, catalogue, orders).await;
    an_owed_refund_is_kept_until_recorded_and_retried_when_due(accounts, catalogue, orders).await;
    card_attempts_are_limited_per_order_and_per_buyer(accounts, catalogue, orders).await;
    the_seller_completes_a_pending_order_with_the_right_code_once(accounts, catalogue, orders).await;
    a_held_order_is_handed_over_once_and_its_money_taken_once(accounts, catalogue, orders).await;
    a_held_order_closed_without_a_handover_owes_its_release(accounts, catalogue, orders).await;
    the_buyer_alone_chooses_how_to_pay_while_pending(accounts, catalogue, orders).await;
    // Last: expiring "everything overdue" reaches the other cases' pending orders too.
    overdue_orders_expire_unless_a_payment_may_still_arrive(accounts, catalogue, orders).await;
}

async fn an_order_holds_its_book_for_its_buyer_alone(accounts: &dyn AccountStore, catalogue: &dyn Catalogue, orders: &dyn OrderStore) {
    let book = book_for_sale(accounts, catalogue, "held", 250).await;
    let category = catalogue.book_detail(book).await.expect("read").expect("the book").book.category;
    let buyer = open_buyer(accounts, "held").await;
    let order = placed_new(orders.place_order(&buyer, book, &contact(), 5).await);
    assert_eq!((order.book_id, order.buyer_id, order.status), (book, buyer.id, OrderStatus::Pending));
    assert_eq!(
        (order.title.as_str(), order.author.as_str(), order.price.amount()),
        ("Book held", "Humayun Ahmed", 250),
        "copied from the book"
    );
    assert_eq!((order.buyer_name.as_str(), order.buyer_email.as_str()), ("Contract Person", "buyer-held@example.test"));
    assert_eq!(order.contact, contact());
    assert_eq!((order.payment_id.as_deref(), order.transaction_id.as_deref(), order.paid_at, order.refunded), (None, None, None, false));

    assert_eq!(book_status(catalogue, book).await, BookStatus::Pending);
    let (_, page) = catalogue.category_page(category.id, first_page(10)).await.expect("the category");
    assert_eq!(page.total, 0, "a held book is not for sale");
    assert_eq!(orders.buyer_order(buyer.id, order.id).await.expect("read"), Some(order.clone()));
    assert_eq!(orders.order(order.id).await.expect("read"), Some(order.clone()));
    assert_eq!(orders.buyer_orders(buyer.id, first_page(10)).await.expect("read").items, vec![order.clone()]);
    let stranger = open_buyer(accounts, "held-stranger").await;
    assert_eq!(orders.buyer_order(stranger.id, order.id).await.expect("read"), None, "someone else's order is not found");
    assert_eq!(orders.buyer_orders(stranger.id, first_page(10)).await.expect("read").total, 0);
    assert_eq!(orders.order(OrderId::new()).await.expect("read"), None);
}

async fn ordering_a_book_again_answers_the_pending_order(accounts: &dyn AccountStore, catalogue: &dyn Catalogue, orders: &dyn OrderStore) {
    let book = book_for_sale(accounts, catalogue, "twice", 150).await;
    let buyer = open_buyer(accounts, "twice").await;
    let first = placed_new(orders.place_order(&buyer, book, &contact(), 5).await);
    let again = orders.place_order(&buyer, book, &contact(), 5).await.expect("answered");
    assert_eq!(again, Placed::Existing(first.clone()));
    let at_limit = orders.place_order(&buyer, book, &contact(), 1).await.expect("answered even at the limit");
    assert_eq!(at_limit, Placed::Existing(first));
    assert_eq!(orders.buyer_orders(buyer.id, first_page(10)).await.expect("read").total, 1, "one order");
}

async fn a_held_sold_or_unknown_book_cannot_be_ordered(accounts: &dyn AccountStore, catalogue: &dyn Catalogue, orders: &dyn OrderStore) {
    let book = book_for_sale(accounts, catalogue, "taken", 150).await;
    let (first, second) = (open_buyer(accounts, "taken-1").await, open_buyer(accounts, "taken-2").await);
    let order = placed_new(orders.place_order(&first, book, &contact(), 5).await);
    let held = orders.place_order(&second, book, &contact(), 5).await;
    assert!(matches!(held, Err(PlaceOrderError::BookUnavailable)), "{held:?}");
    orders.attach_payment(order.id, "pi_taken").await.expect("attached");
    orders.settle_payment(order.id, "pi_taken", Secured::Taken).await.expect("paid");
    let sold = orders.place_order(&second, book, &contact(), 5).await;
    assert!(matches!(sold, Err(PlaceOrderError::BookUnavailable)), "{sold:?}");
    let unknown = orders.place_order(&second, BookId::new(), &contact(), 5).await;
    assert!(matches!(unknown, Err(PlaceOrderError::BookNotFound)), "{unknown:?}");
    assert_eq!(orders.buyer_orders(second.id, first_page(10)).await.expect("read").total, 0, "refusals store nothing");
}

async fn a_buyer_holds_at_most_the_pending_limit(accounts: &dyn AccountStore, catalogue: &dyn Catalogue, orders: &dyn OrderStore) {
    let books = [
        book_for_sale(accounts, catalogue, "limit-1", 100).await,
        book_for_sale(accounts, catalogue, "limit-2", 100).await,
        book_for_sale(accounts, catalogue, "limit-3", 100).await,
    ];
    let buyer = open_buyer(accounts, "limit").await;
    let first = placed_new(orders.place_order(&buyer, books[0], &contact(), 2).await);
    placed_new(orders.place_order(&buyer, books[1], &contact(), 2).await);
    let third = orders.place_order(&buyer, books[2], &contact(), 2).await;
    assert!(matches!(third, Err(PlaceOrderError::TooManyPending)), "{third:?}");
    assert_eq!(book_status(catalogue, books[2]).await, BookStatus::Available, "the refused order held nothing");
    orders.cancel_order(buyer.id, first.id).await.expect("cancelled");
    placed_new(orders.place_order(&buyer, books[2], &contact(), 2).await);
}

async fn a_closed_buyer_orders_nothing(accounts: &dyn AccountStore, catalogue: &dyn Catalogue, orders: &dyn OrderStore) {
    let book = book_for_sale(accounts, catalogue, "closed-buyer", 100).await;
    let buyer = open_buyer(accounts, "closed").await;
    accounts.close_account(buyer.id, puronoboi_domain::ClosedReason::DeletedByAdmin).await.expect("ok").expect("was open");
    // The caller still holds the account as it was before the closure.
    let refused = orders.place_order(&buyer, book, &contact(), 5).await;
    assert!(matches!(refused, Err(PlaceOrderError::BuyerClosed)), "{refused:?}");
    assert_eq!(book_status(catalogue, book).await, BookStatus::Available);
}

async fn a_buyer_cancels_only_their_own_pending_orders(accounts: &dyn AccountStore, catalogue: &dyn Catalogue, orders: &dyn OrderStore) {
    let book = book_for_sale(accounts, catalogue, "cancel", 100).await;
    let (buyer, stranger) = (open_buyer(accounts, "cancel").await, open_buyer(accounts, "cancel-stranger").await);
    let order = placed_new(orders.place_order(&buyer, book, &contact(), 5).await);
    let not_theirs = orders.cancel_order(stranger.id, order.id).await;
    assert!(matches!(not_theirs, Err(OrderChangeError::NotFound)), "{not_theirs:?}");
    assert_eq!(order_status(orders, order.id).await, OrderStatus::Pending, "a stranger changed nothing");
    let unknown = orders.cancel_order(buyer.id, OrderId::new()).await;
    assert!(matches!(unknown, Err(OrderChangeError::NotFound)), "{unknown:?}");

    let cancelled = orders.cancel_order(buyer.id, order.id).await.expect("cancelled");
    assert_eq!((cancelled.id, cancelled.status, cancelled.cancel_reason), (order.id, OrderStatus::Cancelled, Some(CancelReason::ByBuyer)));
    assert_eq!(book_status(catalogue, book).await, BookStatus::Available, "back on sale");
    let twice = orders.cancel_order(buyer.id, order.id).await;
    assert!(matches!(twice, Err(OrderChangeError::Closed(OrderStatus::Cancelled))), "{twice:?}");

    let paid = placed_new(orders.place_order(&stranger, book, &contact(), 5).await);
    orders.settle_payment(paid.id, "pi_cancel_paid", Secured::Taken).await.expect("paid");
    let after_paying = orders.cancel_order(stranger.id, paid.id).await;
    assert!(matches!(after_paying, Err(OrderChangeError::Closed(OrderStatus::Paid))), "{after_paying:?}");
    assert_eq!(book_status(catalogue, book).await, BookStatus::Sold);
}

/// Places an order for a new book of `seller` and has a card hold its price; answers the held order and its book.
async fn held_order(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
    seller: AccountId,
    tag: &str,
) -> (Order, BookId, Account) {
    let category = add_category(catalogue, &format!("Category {tag}")).await;
    let book = list(catalogue, new_book(seller, category.id, &format!("Book {tag}"), 380)).await;
    let buyer = open_buyer(accounts, tag).await;
    let order = placed_new(orders.place_order(&buyer, book, &contact(), 5).await);
    let payment = format!("pi_{tag}");
    let Settlement::Paid(held) = orders.settle_payment(order.id, &payment, Secured::Held).await.expect("settled") else {
        panic!("expected the order held")
    };
    (held, book, buyer)
}

async fn a_held_order_is_handed_over_once_and_its_money_taken_once(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
) {
    let seller = open_seller(accounts, "held-handover").await;
    let (held, book, buyer) = held_order(accounts, catalogue, orders, seller, "held-handover").await;
    assert_eq!(
        (held.status, held.payment_method, held.transaction_id.as_deref()),
        (OrderStatus::Held, PaymentMethod::Card, Some("pi_held-handover"))
    );
    assert!(held.held_at.is_some() && held.paid_at.is_none(), "held, not paid: {held:?}");
    assert_eq!(book_status(catalogue, book).await, BookStatus::Pending, "the book stays reserved for its buyer");
    assert_eq!(
        orders.settle_payment(held.id, "pi_held-handover", Secured::Held).await.expect("again"),
        Settlement::AlreadyPaid(held.clone())
    );
    let another = orders.settle_payment(held.id, "pi_another", Secured::Held).await;
    assert!(matches!(another, Err(SettleError::PaidByAnother(_))), "{another:?}");
    let strangers = orders.cancel_order(AccountId::new(), held.id).await;
    assert!(matches!(strangers, Err(OrderChangeError::NotFound)), "{strangers:?}");

    let now = DateTime::from_timestamp(Utc::now().timestamp(), 0).expect("a time");
    let wrong = orders.hand_over(seller, held.id, false, now).await.expect("answered");
    assert_eq!(wrong, Handover::WrongCode(WrongCode::TryAgain { attempts_left: 4 }), "wrong codes count on held orders too");
    let Handover::CaptureDue(claimed) = orders.hand_over(seller, held.id, true, now).await.expect("answered") else {
        panic!("expected the held money due")
    };
    assert_eq!((claimed.id, claimed.status), (held.id, OrderStatus::Held), "held until the money is taken");
    let twice = orders.hand_over(seller, held.id, true, now).await;
    assert!(matches!(twice, Err(HandoverError::Closed(OrderStatus::Held))), "a second press takes nothing: {twice:?}");
    assert_eq!(orders.lapse_overdue_holds(now + chrono::Duration::days(30), 100).await.expect("swept"), 0, "the claim keeps the sweep off");
    let cancelled = orders.cancel_order(buyer.id, held.id).await;
    assert!(matches!(cancelled, Err(OrderChangeError::Closed(OrderStatus::Held))), "its money is being taken: {cancelled:?}");

    let done = orders.complete_held(held.id, now).await.expect("completed");
    assert_eq!((done.status, done.completed_at, done.payment_method), (OrderStatus::Completed, Some(now), PaymentMethod::Card));
    assert_eq!(book_status(catalogue, book).await, BookStatus::Sold);
    assert_eq!(orders.complete_held(held.id, now).await.expect("again"), done, "recording it again changes nothing");
    assert_eq!(
        orders.settle_payment(held.id, "pi_held-handover", Secured::Taken).await.expect("the capture's news"),
        Settlement::AlreadyPaid(done)
    );
}

async fn a_held_order_closed_without_a_handover_owes_its_release(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
) {
    let seller = open_seller(accounts, "held-lapse").await;
    let (lapsing, lapsing_book, _) = held_order(accounts, catalogue, orders, seller, "held-lapse").await;
    let held_at = lapsing.held_at.expect("held");
    assert_eq!(orders.lapse_overdue_holds(held_at, 100).await.expect("swept"), 0, "not past its deadline yet");
    let swept = orders.lapse_overdue_holds(held_at + chrono::Duration::seconds(1), 100).await.expect("swept");
    assert!(swept >= 1, "{swept}");
    let lapsed = orders.order(lapsing.id).await.expect("read").expect("the order");
    assert_eq!(lapsed.status, OrderStatus::Expired);
    assert_eq!(book_status(catalogue, lapsing_book).await, BookStatus::Available, "back on sale");
    let closed = orders.complete_held(lapsing.id, Utc::now()).await;
    assert!(matches!(closed, Err(OrderChangeError::Closed(OrderStatus::Expired))), "{closed:?}");
    let late = orders.settle_payment(lapsing.id, "pi_held-lapse", Secured::Held).await.expect("answered");
    assert!(matches!(late, Settlement::AlreadyPaid(_) | Settlement::MustRefund(_)), "a lapsed hold never holds the order again: {late:?}");

    let (cancelling, cancelling_book, buyer) = held_order(accounts, catalogue, orders, seller, "held-cancel").await;
    let cancelled = orders.cancel_order(buyer.id, cancelling.id).await.expect("cancelled");
    assert_eq!(cancelled.status, OrderStatus::Cancelled);
    assert_eq!(book_status(catalogue, cancelling_book).await, BookStatus::Available);

    let owed = orders.take_due_refunds(Utc::now() + chrono::Duration::seconds(1), 8, Duration::from_secs(600), 100).await.expect("taken");
    for id in [lapsing.id, cancelling.id] {
        let release = owed.iter().find(|o| o.order == id).unwrap_or_else(|| panic!("no release owed for {id}: {owed:?}"));
        assert_eq!(release.kind, ReturnKind::Release);
    }
    orders.record_release(cancelling.id).await.expect("recorded");
    assert!(orders.order(cancelling.id).await.expect("read").expect("the order").hold_released);
    let again = orders.take_due_refunds(Utc::now() + chrono::Duration::hours(1), 8, Duration::from_secs(600), 100).await.expect("taken");
    assert!(!again.iter().any(|o| o.order == cancelling.id), "released: owed no more");

    // A hold that arrives for an order closed meanwhile is let go, never held.
    let category = add_category(catalogue, "Category held late").await;
    let book = list(catalogue, new_book(seller, category.id, "Book held late", 200)).await;
    let buyer = open_buyer(accounts, "held-late").await;
    let order = placed_new(orders.place_order(&buyer, book, &contact(), 5).await);
    orders.cancel_order(buyer.id, order.id).await.expect("cancelled");
    let late = orders.settle_payment(order.id, "pi_held_late", Secured::Held).await.expect("answered");
    assert!(matches!(&late, Settlement::MustRefund(closed) if closed.status == OrderStatus::Cancelled), "{late:?}");
}

async fn the_buyer_alone_chooses_how_to_pay_while_pending(accounts: &dyn AccountStore, catalogue: &dyn Catalogue, orders: &dyn OrderStore) {
    let seller = open_seller(accounts, "choose-method").await;
    let category = add_category(catalogue, "Category choose method").await;
    let book = list(catalogue, new_book(seller, category.id, "Book choose method", 260)).await;
    let (buyer, stranger) = (open_buyer(accounts, "choose-method").await, open_buyer(accounts, "choose-method-stranger").await);
    let order = placed_new(orders.place_order(&buyer, book, &contact(), 5).await);
    assert_eq!(order.payment_method, PaymentMethod::Cash, "cash unless chosen otherwise");
    let card = orders.choose_payment_method(buyer.id, order.id, PaymentMethod::Card).await.expect("chosen");
    assert_eq!(card.payment_method, PaymentMethod::Card);
    let theirs = orders.choose_payment_method(stranger.id, order.id, PaymentMethod::Cash).await;
    assert!(matches!(theirs, Err(OrderChangeError::NotFound)), "{theirs:?}");
    assert_eq!(order_of(orders, order.id).await.payment_method, PaymentMethod::Card, "someone else's choice changed nothing");
    orders.settle_payment(order.id, "pi_choose_method", Secured::Held).await.expect("held");
    let after_hold = orders.choose_payment_method(buyer.id, order.id, PaymentMethod::Cash).await;
    assert!(matches!(after_hold, Err(OrderChangeError::Closed(OrderStatus::Held))), "{after_hold:?}");
}

async fn order_of(orders: &dyn OrderStore, id: OrderId) -> Order {
    orders.order(id).await.expect("read").expect("the order")
}

async fn the_seller_completes_a_pending_order_with_the_right_code_once(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
) {
    let seller = open_seller(accounts, "handover").await;
    let category = add_category(catalogue, "Category handover").await;
    let book = list(catalogue, new_book(seller, category.id, "Book handover", 320)).await;
    let (buyer, stranger) = (open_buyer(accounts, "handover").await, open_buyer(accounts, "handover-stranger").await);
    let order = placed_new(orders.place_order(&buyer, book, &contact(), 5).await);
    // Whole seconds: the store keeps microseconds.
    let now = DateTime::from_timestamp(Utc::now().timestamp(), 0).expect("a time");
    let minutes = |n: i64| now + chrono::Duration::minutes(n);

    // Only the seller of the order's book: not its buyer, not anyone else, not an order that does not exist.
    for caller in [buyer.id, stranger.id] {
        let refused = orders.hand_over(caller, order.id, true, now).await;
        assert!(matches!(refused, Err(HandoverError::NotFound)), "{refused:?}");
    }
    let unknown = orders.hand_over(seller, OrderId::new(), true, now).await;
    assert!(matches!(unknown, Err(HandoverError::NotFound)), "{unknown:?}");
    assert_eq!((order_status(orders, order.id).await, book_status(catalogue, book).await), (OrderStatus::Pending, BookStatus::Pending));

    // Wrong codes are counted; the fifth locks the code for 15 minutes, the right one included.
    for left in (1..=4).rev() {
        let wrong = orders.hand_over(seller, order.id, false, minutes(0)).await.expect("answered");
        assert_eq!(wrong, Handover::WrongCode(WrongCode::TryAgain { attempts_left: left }));
    }
    let locking = orders.hand_over(seller, order.id, false, minutes(1)).await.expect("answered");
    assert_eq!(locking, Handover::WrongCode(WrongCode::Locked { until: minutes(16) }));
    let while_locked = orders.hand_over(seller, order.id, true, minutes(15)).await;
    assert!(matches!(&while_locked, Err(HandoverError::Locked(lock)) if lock.until == minutes(16)), "{while_locked:?}");
    assert_eq!(order_status(orders, order.id).await, OrderStatus::Pending, "nothing handed over while locked");

    // Once the lock ends, the right code completes the order (cash at the meeting) and sells the book, once.
    let Handover::Completed(done) = orders.hand_over(seller, order.id, true, minutes(16)).await.expect("handed over") else {
        panic!("expected the order completed")
    };
    assert_eq!(
        (done.id, done.status, done.payment_method, done.completed_at),
        (order.id, OrderStatus::Completed, PaymentMethod::Cash, Some(minutes(16)))
    );
    assert_eq!(orders.order(order.id).await.expect("read").expect("the order"), *done);
    assert_eq!(book_status(catalogue, book).await, BookStatus::Sold);
    let again = orders.hand_over(seller, order.id, true, minutes(17)).await;
    assert!(matches!(again, Err(HandoverError::Closed(OrderStatus::Completed))), "{again:?}");
    let cancelled = orders.cancel_order(buyer.id, order.id).await;
    assert!(matches!(cancelled, Err(OrderChangeError::Closed(OrderStatus::Completed))), "handed over: {cancelled:?}");

    // A book paid for by card was sold already: there is nothing to hand over with a code.
    let paid_book = list(catalogue, new_book(seller, category.id, "Book handover paid", 320)).await;
    let paid = placed_new(orders.place_order(&buyer, paid_book, &contact(), 5).await);
    let Settlement::Paid(paid) = orders.settle_payment(paid.id, "pi_handover", Secured::Taken).await.expect("settled") else {
        panic!("expected Paid")
    };
    assert_eq!(paid.payment_method, PaymentMethod::Card);
    let after_card = orders.hand_over(seller, paid.id, true, now).await;
    assert!(matches!(after_card, Err(HandoverError::Closed(OrderStatus::Paid))), "{after_card:?}");
}

async fn a_payment_settles_its_order_once(accounts: &dyn AccountStore, catalogue: &dyn Catalogue, orders: &dyn OrderStore) {
    let book = book_for_sale(accounts, catalogue, "settle", 300).await;
    let buyer = open_buyer(accounts, "settle").await;
    let order = placed_new(orders.place_order(&buyer, book, &contact(), 5).await);
    assert_eq!(orders.attach_payment(order.id, "pi_settle").await.expect("attached"), "pi_settle");
    assert_eq!(orders.attach_payment(order.id, "pi_settle_other").await.expect("kept"), "pi_settle", "the first payment is kept");
    let missing = orders.attach_payment(OrderId::new(), "pi_nowhere").await;
    assert!(matches!(missing, Err(OrderChangeError::NotFound)), "{missing:?}");

    let Settlement::Paid(paid) = orders.settle_payment(order.id, "pi_settle", Secured::Taken).await.expect("settled") else {
        panic!("expected Paid")
    };
    assert_eq!(
        (paid.status, paid.transaction_id.as_deref(), paid.payment_id.as_deref()),
        (OrderStatus::Paid, Some("pi_settle"), Some("pi_settle"))
    );
    assert!(paid.paid_at.is_some());
    assert_eq!(book_status(catalogue, book).await, BookStatus::Sold);
    assert_eq!(orders.settle_payment(order.id, "pi_settle", Secured::Taken).await.expect("again"), Settlement::AlreadyPaid(paid.clone()));
    let another = orders.settle_payment(order.id, "pi_settle_second", Secured::Taken).await;
    assert!(matches!(&another, Err(SettleError::PaidByAnother(o)) if **o == paid), "{another:?}");
    let unknown = orders.settle_payment(OrderId::new(), "pi_settle", Secured::Taken).await;
    assert!(matches!(unknown, Err(SettleError::NotFound)), "{unknown:?}");
}

async fn a_late_payment_is_kept_while_the_book_is_still_for_sale(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
) {
    let book = book_for_sale(accounts, catalogue, "late-kept", 200).await;
    let buyer = open_buyer(accounts, "late-kept").await;
    let order = placed_new(orders.place_order(&buyer, book, &contact(), 5).await);
    orders.cancel_order(buyer.id, order.id).await.expect("cancelled in another tab");
    assert_eq!(book_status(catalogue, book).await, BookStatus::Available);

    let Settlement::Paid(paid) = orders.settle_payment(order.id, "pi_late_kept", Secured::Taken).await.expect("settled") else {
        panic!("a late payment is kept while the book is for sale")
    };
    assert_eq!((paid.status, paid.cancel_reason, paid.transaction_id.as_deref()), (OrderStatus::Paid, None, Some("pi_late_kept")));
    assert_eq!(book_status(catalogue, book).await, BookStatus::Sold);
}

async fn a_late_payment_is_owed_back_when_the_book_is_gone_or_the_buyer_closed(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
) {
    let book = book_for_sale(accounts, catalogue, "late-gone", 200).await;
    let (late, next) = (open_buyer(accounts, "late-gone").await, open_buyer(accounts, "late-next").await);
    let order = placed_new(orders.place_order(&late, book, &contact(), 5).await);
    orders.cancel_order(late.id, order.id).await.expect("cancelled");
    let next_order = placed_new(orders.place_order(&next, book, &contact(), 5).await);

    let settled = orders.settle_payment(order.id, "pi_late_gone", Secured::Taken).await.expect("answered");
    let Settlement::MustRefund(closed) = settled else { panic!("expected MustRefund, got {settled:?}") };
    assert_eq!((closed.id, closed.status, closed.transaction_id), (order.id, OrderStatus::Cancelled, None));
    assert_eq!(book_status(catalogue, book).await, BookStatus::Pending, "still held for the next buyer");
    assert_eq!(order_status(orders, next_order.id).await, OrderStatus::Pending);

    // The book is for sale again, but the late buyer's account was closed meanwhile.
    let other_book = book_for_sale(accounts, catalogue, "late-closed", 200).await;
    let closing = open_buyer(accounts, "late-closed").await;
    let closing_order = placed_new(orders.place_order(&closing, other_book, &contact(), 5).await);
    accounts.close_account(closing.id, puronoboi_domain::ClosedReason::DeletedByAdmin).await.expect("ok").expect("was open");
    orders.cancel_order(closing.id, closing_order.id).await.ok();
    assert_eq!(book_status(catalogue, other_book).await, BookStatus::Available);
    let settled = orders.settle_payment(closing_order.id, "pi_late_closed", Secured::Taken).await.expect("answered");
    assert!(matches!(settled, Settlement::MustRefund(_)), "{settled:?}");
    assert_eq!(book_status(catalogue, other_book).await, BookStatus::Available);
}

async fn an_owed_refund_is_kept_until_recorded_and_retried_when_due(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
) {
    let book = book_for_sale(accounts, catalogue, "owed", 200).await;
    let buyer = open_buyer(accounts, "owed").await;
    let order = placed_new(orders.place_order(&buyer, book, &contact(), 5).await);
    orders.cancel_order(buyer.id, order.id).await.expect("cancelled");

    let owed = orders.owe_return(order.id, "pi_owed", ReturnKind::Refund).await.expect("stored").expect("owed");
    assert_eq!(owed, OwedRefund { order: order.id, payment_id: "pi_owed".to_owned(), kind: ReturnKind::Refund, failed_attempts: 0 });
    let again = orders.owe_return(order.id, "pi_owed_other", ReturnKind::Refund).await.expect("stored");
    assert_eq!(again, Some(owed.clone()), "the refund owed first is kept");

    let now = Utc::now() + chrono::Duration::seconds(1);
    let lease = Duration::from_secs(600);
    let ours = |taken: Vec<OwedRefund>| taken.into_iter().filter(|o| o.order == order.id).collect::<Vec<_>>();
    assert_eq!(ours(orders.take_due_refunds(now, 8, lease, 1000).await.expect("taken")), vec![owed.clone()]);
    assert_eq!(ours(orders.take_due_refunds(now, 8, lease, 1000).await.expect("taken")), vec![], "leased to the first sweep");

    orders.refund_failed(order.id, now).await.expect("recorded");
    let retried = ours(orders.take_due_refunds(now, 8, lease, 1000).await.expect("taken"));
    assert_eq!(retried.iter().map(|o| o.failed_attempts).collect::<Vec<_>>(), vec![1], "due again, with its failure counted");
    orders.refund_failed(order.id, now).await.expect("recorded");
    assert_eq!(ours(orders.take_due_refunds(now, 2, lease, 1000).await.expect("taken")), vec![], "given up after the most attempts");

    orders.record_refund(order.id, "re_owed").await.expect("recorded");
    assert_eq!(ours(orders.take_due_refunds(now + chrono::Duration::hours(1), 8, lease, 1000).await.expect("taken")), vec![]);
    assert_eq!(orders.owe_return(order.id, "pi_owed", ReturnKind::Refund).await.expect("read"), None, "refunded already");
    assert!(orders.order(order.id).await.expect("read").expect("the order").refunded);
}

async fn card_attempts_are_limited_per_order_and_per_buyer(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
) {
    let limits = CardAttemptLimits { failed_per_order: 2, per_account: 4, window: Duration::from_secs(3600) };
    let buyer = open_buyer(accounts, "cards").await;
    let first = placed_new(orders.place_order(&buyer, book_for_sale(accounts, catalogue, "cards-1", 100).await, &contact(), 5).await);
    let second = placed_new(orders.place_order(&buyer, book_for_sale(accounts, catalogue, "cards-2", 100).await, &contact(), 5).await);

    let before = Utc::now();
    let failed = orders.start_card_attempt(buyer.id, first.id, limits).await.expect("first attempt");
    orders.finish_card_attempt(failed, CardAttemptOutcome::Failed).await.expect("finished");
    let unanswered = orders.start_card_attempt(buyer.id, first.id, limits).await.expect("second attempt");
    orders.finish_card_attempt(unanswered, CardAttemptOutcome::Unanswered).await.expect("finished");
    // Unfinished: counts as failed.
    orders.start_card_attempt(buyer.id, first.id, limits).await.expect("an unanswered attempt is no failure");
    let refused = orders.start_card_attempt(buyer.id, first.id, limits).await;
    let Err(CardAttemptError::OrderLimit { retry_at }) = refused else { panic!("expected OrderLimit, got {refused:?}") };
    let hour = chrono::Duration::hours(1);
    assert!(retry_at > before + hour - chrono::Duration::seconds(5) && retry_at <= Utc::now() + hour, "{retry_at}");

    let accepted = orders.start_card_attempt(buyer.id, second.id, limits).await.expect("another order has its own count");
    orders.finish_card_attempt(accepted, CardAttemptOutcome::Accepted).await.expect("finished");
    let over = orders.start_card_attempt(buyer.id, second.id, limits).await;
    assert!(matches!(over, Err(CardAttemptError::AccountLimit { .. })), "four attempts of any outcome: {over:?}");

    let other = open_buyer(accounts, "cards-other").await;
    let theirs = placed_new(orders.place_order(&other, book_for_sale(accounts, catalogue, "cards-3", 100).await, &contact(), 5).await);
    for _ in 0..3 {
        let attempt = orders.start_card_attempt(other.id, theirs.id, limits).await.expect("accepted attempts are no guesses");
        orders.finish_card_attempt(attempt, CardAttemptOutcome::Accepted).await.expect("finished");
    }
}

async fn overdue_orders_expire_unless_a_payment_may_still_arrive(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
) {
    let buyer = open_buyer(accounts, "expiry").await;
    let unpaid_book = book_for_sale(accounts, catalogue, "expiry-unpaid", 100).await;
    let read_book = book_for_sale(accounts, catalogue, "expiry-read", 100).await;
    let busy_book = book_for_sale(accounts, catalogue, "expiry-busy", 100).await;
    let unpaid = placed_new(orders.place_order(&buyer, unpaid_book, &contact(), 5).await);
    let read = placed_new(orders.place_order(&buyer, read_book, &contact(), 5).await);
    let busy = placed_new(orders.place_order(&buyer, busy_book, &contact(), 5).await);
    orders.attach_payment(read.id, "pi_expiry_read").await.expect("attached");
    orders.attach_payment(busy.id, "pi_expiry_busy").await.expect("attached");

    // All three are overdue; the two with a payment were placed within the grace.
    let overdue = Utc::now() + chrono::Duration::seconds(1);
    let grace_from = overdue - chrono::Duration::hours(1);
    let expired = orders.expire_overdue(overdue, grace_from, 1000).await.expect("expired");
    assert!(expired >= 1, "{expired}");
    assert_eq!(order_status(orders, unpaid.id).await, OrderStatus::Expired);
    assert_eq!(book_status(catalogue, unpaid_book).await, BookStatus::Available, "back on sale");
    assert_eq!(order_status(orders, read.id).await, OrderStatus::Pending, "its payment is read first");

    let paying = orders.overdue_paying(overdue, grace_from, None, 1000).await.expect("listed");
    let ours: Vec<OrderId> = paying.iter().map(|o| o.id).filter(|id| [read.id, busy.id].contains(id)).collect();
    let mut expected = vec![read.id, busy.id];
    expected.sort_by_key(|id| id.as_uuid());
    assert_eq!(ours, expected, "by id");
    let first = orders.overdue_paying(overdue, grace_from, None, 1).await.expect("listed");
    let after_first = orders.overdue_paying(overdue, grace_from, first.last().map(|o| o.id), 1000).await.expect("listed");
    assert!(after_first.iter().all(|o| first.iter().all(|f| f.id.as_uuid() < o.id.as_uuid())), "paged by id");

    // The sweep read both payments; meanwhile a card was tried on one of them.
    let quiet_since = Utc::now();
    tokio::time::sleep(Duration::from_millis(20)).await;
    let limits = CardAttemptLimits { failed_per_order: 5, per_account: 20, window: Duration::from_secs(3600) };
    orders.start_card_attempt(buyer.id, busy.id, limits).await.expect("a card tried");
    let expired = orders.expire_orders(&[read.id, busy.id, unpaid.id], overdue, quiet_since).await.expect("expired");
    assert_eq!(expired, 1, "only the quiet one; the expired one is not expired twice");
    assert_eq!(order_status(orders, read.id).await, OrderStatus::Expired);
    assert_eq!(book_status(catalogue, read_book).await, BookStatus::Available);
    assert_eq!(order_status(orders, busy.id).await, OrderStatus::Pending, "a card tried since the read spares it");
    assert_eq!(orders.expire_orders(&[busy.id], Utc::now() - chrono::Duration::hours(1), Utc::now()).await.expect("ran"), 0, "not overdue");

    // Past the grace, a payment spares nothing.
    orders.expire_overdue(overdue, overdue, 1000).await.expect("expired");
    assert_eq!(order_status(orders, busy.id).await, OrderStatus::Expired);
    assert_eq!(book_status(catalogue, busy_book).await, BookStatus::Available);
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::accounts::InMemoryAccounts;

    #[tokio::test]
    async fn the_in_memory_shop_keeps_the_order_store_contract() {
        let accounts = Arc::new(InMemoryAccounts::default());
        let shop = InMemoryShop::new(accounts.clone());
        order_store_contract(accounts.as_ref(), &shop, &shop).await;
    }
}
