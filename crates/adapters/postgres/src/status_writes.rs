//! Every statement of this adapter that writes a book's or an order's status, and the domain moves each may make.
//!
//! The guards of those statements (which statuses a row must be in to be touched, which status is written) are read
//! from the domain's transition tables ([`BookMove`], [`OrderMove`]) through the helpers here, so the SQL cannot
//! drift from the rules. [`STATUS_WRITES`] is the registry a PostgreSQL test walks: it drives each entry, records
//! every status change the database saw, and fails on a change the entry does not declare, on an entry it did not
//! drive, and on a status-writing statement in this crate's source that the registry does not list.

use puronoboi_domain::{BookMove, BookStatus, OrderMove, OrderStatus};

/// One status-writing statement: what it is called in the source, and the moves it may make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatusWrite {
    /// Where it is written (`file: function or statement`), so a failure points at it.
    pub name: &'static str,
    /// The book moves it may make.
    pub books: &'static [BookMove],
    /// The order moves it may make.
    pub orders: &'static [OrderMove],
    /// Whether it inserts books, each in [`BookStatus::LISTED`].
    pub lists_book: bool,
    /// Whether it inserts orders, each in [`OrderStatus::PLACED`].
    pub places_order: bool,
    /// How many status-writing clauses its source text holds (an SQL `SET status`, a diesel `.set(` of a status, a
    /// row inserted with a status, a call of the function `place_order`), so that a scan of the source can tell a
    /// statement missing from this registry.
    pub sites: usize,
}

const fn moves(name: &'static str, books: &'static [BookMove], orders: &'static [OrderMove]) -> StatusWrite {
    StatusWrite { name, books, orders, lists_book: false, places_order: false, sites: 1 }
}

/// Every status-writing statement this adapter runs (the database function `place_order` included).
pub const STATUS_WRITES: &[StatusWrite] = &[
    StatusWrite { lists_book: true, ..moves("catalogue.rs: list_book", &[], &[]) },
    StatusWrite { places_order: true, ..moves("orders.rs: PLACE_ORDER_SQL (the function place_order)", &[BookMove::Reserve], &[]) },
    moves("orders.rs: cancel_order", &[], &[OrderMove::Cancel]),
    moves("orders.rs: release_book", &[BookMove::Release], &[]),
    // The two expiry statements end with the same two updates (EXPIRE_TAIL): written once, counted once.
    StatusWrite { sites: 2, ..moves("orders.rs: EXPIRE_OVERDUE_SQL", &[BookMove::Release], &[OrderMove::Expire]) },
    StatusWrite { sites: 0, ..moves("orders.rs: EXPIRE_CHECKED_SQL", &[BookMove::Release], &[OrderMove::Expire]) },
    moves("orders.rs: settle_payment, the held book sold", &[BookMove::Sell], &[]),
    moves("orders.rs: settle_payment, the book sold to a late payment", &[BookMove::SellPaidLate], &[]),
    moves("orders.rs: settle_payment, the order paid", &[], &[OrderMove::Pay, OrderMove::SettleLate]),
    moves("orders.rs: settle_payment, the order held", &[], &[OrderMove::Hold]),
    moves("orders.rs: complete_held, the held book sold", &[BookMove::Sell], &[]),
    moves("orders.rs: complete_held, the order completed", &[], &[OrderMove::Complete]),
    StatusWrite { sites: 2, ..moves("orders.rs: LAPSE_OVERDUE_HOLDS_SQL", &[BookMove::Release], &[OrderMove::Lapse]) },
    moves("orders.rs: hand_over, the held book sold", &[BookMove::Sell], &[]),
    moves("orders.rs: hand_over, the order completed", &[], &[OrderMove::Complete]),
    StatusWrite { sites: 2, ..moves("orders.rs: CANCEL_BUYERS_ORDERS_SQL", &[BookMove::Release], &[OrderMove::Cancel]) },
    StatusWrite { sites: 2, ..moves("orders.rs: CANCEL_SELLERS_ORDERS_SQL", &[BookMove::WithdrawWithSeller], &[OrderMove::Cancel]) },
    moves("accounts.rs: close_in", &[BookMove::Withdraw], &[]),
    moves("listings.rs: withdraw", &[BookMove::Withdraw], &[]),
    moves("reports.rs: hide_sql (by reports or by the admin)", &[BookMove::Hide], &[]),
    moves("reports.rs: restore_sql (a dismissal or the admin)", &[BookMove::Restore], &[]),
];

/// The stored names of the statuses a book move leaves from, for a diesel `eq_any` guard.
pub(crate) fn book_from(m: BookMove) -> Vec<&'static str> {
    m.from().iter().map(|s| s.as_str()).collect()
}

/// The stored names of the statuses an order move leaves from, for a diesel `eq_any` guard.
pub(crate) fn order_from(m: OrderMove) -> Vec<&'static str> {
    m.from().iter().map(|s| s.as_str()).collect()
}

/// `'a', 'b'`: the statuses a book move leaves from, for hand-written SQL's `status IN (...)`.
pub(crate) fn book_from_sql(m: BookMove) -> String {
    quoted(m.from().iter().map(|s| s.as_str()))
}

/// `'a', 'b'`: the statuses an order move leaves from, for hand-written SQL's `status IN (...)`.
pub(crate) fn order_from_sql(m: OrderMove) -> String {
    quoted(m.from().iter().map(|s| s.as_str()))
}

/// `'x'`: the status a book move reaches, as an SQL literal.
pub(crate) fn book_to_sql(m: BookMove) -> String {
    quoted([m.to().as_str()])
}

/// `'x'`: the status an order move reaches, as an SQL literal.
pub(crate) fn order_to_sql(m: OrderMove) -> String {
    quoted([m.to().as_str()])
}

/// Status names are fixed lower-case words, so quoting them cannot break out of the literal.
fn quoted<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    names.into_iter().map(|name| format!("'{name}'")).collect::<Vec<_>>().join(", ")
}

/// The statuses `place_order` reads and writes, in the order it takes them after its first six parameters.
pub(crate) struct PlaceOrderStatuses {
    /// The statuses a book may be reserved from.
    pub(crate) for_sale: Vec<&'static str>,
    /// The status a reserved book reaches.
    pub(crate) held: &'static str,
    /// The status a new order starts in, which is also the status the pending limit counts.
    pub(crate) placed: &'static str,
    /// The status of a book gone from the shop (answered as not found).
    pub(crate) gone: &'static str,
}

pub(crate) fn place_order_statuses() -> PlaceOrderStatuses {
    PlaceOrderStatuses {
        for_sale: book_from(BookMove::Reserve),
        held: BookMove::Reserve.to().as_str(),
        placed: OrderStatus::PLACED.as_str(),
        gone: BookStatus::Withdrawn.as_str(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guards_are_spelled_from_the_table() {
        assert_eq!(book_from_sql(BookMove::Release), "'pending'");
        assert_eq!(order_from_sql(OrderMove::SettleLate), "'cancelled', 'expired'");
        assert_eq!(book_to_sql(BookMove::WithdrawWithSeller), "'withdrawn'");
        assert_eq!(order_to_sql(OrderMove::Expire), "'expired'");
    }

    #[test]
    fn every_declared_move_reaches_a_status_other_than_its_start() {
        for write in STATUS_WRITES {
            assert!(!write.books.is_empty() || !write.orders.is_empty() || write.lists_book || write.places_order, "{}", write.name);
        }
    }
}
