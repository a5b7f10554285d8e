//! An in-memory shop: categories, books, orders, wish lists and owed refunds in one place, as one database holds them,
//! so that placing an order moves its book and a closed account is seen by every port. Book and order statuses move
//! only through the domain's state methods: this fake is what the state machines say, and the contract cases it
//! shares with PostgreSQL check that the database agrees.
//!
//! Its ports are implemented next to their contract cases: `catalogue` (reader and writer) and `orders` (the order
//! store and the wish list).

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use chrono::{DateTime, Utc};
use puronoboi_domain::{
    AccountId, Book, BookCard, BookDetail, BookId, BookStatus, Category, IllegalOrderChange, IllegalStatusChange, Order, OrderId,
    OrderStatus, SellerBlock,
};
use puronoboi_ports::CardAttemptOutcome;

use crate::accounts::InMemoryAccounts;

/// Categories, books and orders kept in memory, over the accounts of an [`InMemoryAccounts`] (whose closures it sees,
/// as the database's joins do).
pub struct InMemoryShop {
    pub(crate) accounts: Arc<InMemoryAccounts>,
    state: Mutex<ShopState>,
}

impl InMemoryShop {
    pub fn new(accounts: Arc<InMemoryAccounts>) -> Self {
        Self { accounts, state: Mutex::new(ShopState::default()) }
    }

    /// The accounts this shop's sellers and buyers live in.
    pub fn accounts(&self) -> &Arc<InMemoryAccounts> {
        &self.accounts
    }

    /// The orders whose buyer and seller were reminded of the handover deadline.
    pub fn deadline_reminded_orders(&self) -> std::collections::HashSet<OrderId> {
        self.lock().deadline_reminded.clone()
    }

    /// The payment records kept, one per order paid: (order, transaction id).
    pub fn payments_recorded(&self) -> Vec<(OrderId, String)> {
        self.lock().payments.clone()
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, ShopState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether the account exists and is open, read now (the database locks and reads the row).
    pub(crate) fn is_open(&self, id: AccountId) -> bool {
        self.accounts.stored(id).is_some_and(|a| !a.is_closed())
    }

    /// The seller's current verified flag, as the database joins it onto every card.
    pub(crate) fn seller_verified(&self, id: AccountId) -> bool {
        self.accounts.stored(id).is_some_and(|a| a.verified)
    }

    pub(crate) fn card(&self, book: &StoredBook) -> BookCard {
        let b = &book.book;
        BookCard {
            id: b.id,
            category_id: b.category.id,
            title: b.title.clone(),
            author: b.author.clone(),
            picture_url: b.picture_url.clone(),
            ratings: b.ratings,
            reviews: b.reviews,
            original_price: b.original_price,
            resale_price: b.resale_price,
            location: book.seller.location.clone(),
            seller_verified: self.seller_verified(b.seller_id),
            status: b.status,
            condition: b.condition,
        }
    }

    pub(crate) fn detail(&self, book: &StoredBook) -> BookDetail {
        let mut seller = book.seller.clone();
        seller.verified = self.seller_verified(book.book.seller_id);
        BookDetail { book: book.book.clone(), seller }
    }
}

#[derive(Default)]
pub(crate) struct ShopState {
    pub(crate) categories: Vec<StoredCategory>,
    /// Oldest first: newest-first listings walk it backwards.
    pub(crate) books: Vec<StoredBook>,
    /// Oldest first.
    pub(crate) orders: Vec<StoredOrder>,
    pub(crate) owed_refunds: Vec<StoredOwedRefund>,
    pub(crate) card_attempts: Vec<StoredCardAttempt>,
    /// One record per order paid: (order, transaction id).
    pub(crate) payments: Vec<(OrderId, String)>,
    /// Orders whose buyer and seller were reminded of the handover deadline.
    pub(crate) deadline_reminded: std::collections::HashSet<OrderId>,
    /// (buyer, book, added at), oldest first.
    pub(crate) wishes: Vec<(AccountId, BookId, DateTime<Utc>)>,
}

pub(crate) struct StoredCategory {
    pub(crate) category: Category,
    pub(crate) created_by: Option<AccountId>,
    pub(crate) created_at: DateTime<Utc>,
    pub(crate) last_used_at: DateTime<Utc>,
}

pub(crate) struct StoredBook {
    pub(crate) book: Book,
    /// The seller's contact as the listing gives it; `verified` is read from the account whenever it is shown.
    pub(crate) seller: SellerBlock,
}

pub(crate) struct StoredOrder {
    pub(crate) order: Order,
    /// When a card was last tried on it.
    pub(crate) payment_attempted_at: Option<DateTime<Utc>>,
    pub(crate) refund_id: Option<String>,
    /// The wrong handover codes entered for it, and their lock.
    pub(crate) handover: puronoboi_domain::HandoverAttempts,
    /// When the right code was entered for it while held, and its money is being taken.
    pub(crate) capture_claimed_at: Option<DateTime<Utc>>,
}

pub(crate) struct StoredOwedRefund {
    pub(crate) order: OrderId,
    pub(crate) payment_id: String,
    pub(crate) kind: puronoboi_ports::ReturnKind,
    pub(crate) failed_attempts: u32,
    pub(crate) retry_at: DateTime<Utc>,
}

pub(crate) struct StoredCardAttempt {
    pub(crate) id: i64,
    pub(crate) account: AccountId,
    pub(crate) order: OrderId,
    pub(crate) at: DateTime<Utc>,
    /// `None` while unfinished (counted as failed, as an attempt the server never finished is).
    pub(crate) outcome: Option<CardAttemptOutcome>,
}

impl ShopState {
    pub(crate) fn book_mut(&mut self, id: BookId) -> Option<&mut StoredBook> {
        self.books.iter_mut().find(|b| b.book.id == id)
    }

    pub(crate) fn order_mut(&mut self, id: OrderId) -> Option<&mut StoredOrder> {
        self.orders.iter_mut().find(|o| o.order.id == id)
    }

    /// Moves a book with one of the domain's state methods. `None` when there is no such book.
    pub(crate) fn move_book(
        &mut self,
        id: BookId,
        step: impl FnOnce(BookStatus) -> Result<BookStatus, IllegalStatusChange>,
    ) -> Option<Result<BookStatus, IllegalStatusChange>> {
        let book = self.book_mut(id)?;
        Some(step(book.book.status).inspect(|&next| book.book.status = next))
    }

    /// Closes an order with one of the domain's state methods (`cancel`, `expire`, `lapse`) and puts its book back on
    /// sale; a card hold it had is owed back (released). `None` when there is no such order.
    pub(crate) fn close_pending(
        &mut self,
        id: OrderId,
        step: impl FnOnce(OrderStatus) -> Result<OrderStatus, IllegalOrderChange>,
    ) -> Option<Result<Order, IllegalOrderChange>> {
        let stored = self.order_mut(id)?;
        let next = match step(stored.order.status) {
            Ok(next) => next,
            Err(illegal) => return Some(Err(illegal)),
        };
        stored.order.status = next;
        let order = stored.order.clone();
        // A pending order held its book, so the book is pending: released. A book that moved otherwise meanwhile is
        // left as it is, as the database's conditional update (`WHERE status = 'pending'`) leaves it.
        let _still_held = self.move_book(order.book_id, BookStatus::release);
        if let (Some(_), Some(payment)) = (order.held_at, &order.transaction_id)
            && !self.owed_refunds.iter().any(|o| o.order == id)
        {
            self.owed_refunds.push(StoredOwedRefund {
                order: id,
                payment_id: payment.clone(),
                kind: puronoboi_ports::ReturnKind::Release,
                failed_attempts: 0,
                retry_at: Utc::now(),
            });
        }
        Some(Ok(order))
    }
}
