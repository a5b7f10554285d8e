//! Recognising the database errors that mean something to a use case: constraint violations and our functions' refusals.

use diesel::result::{DatabaseErrorKind, Error as DieselError};

/// The name of the constraint a statement violated, if it violated one of the given kind.
pub(crate) fn violated_constraint(error: &DieselError, kind: DatabaseErrorKind) -> Option<&str> {
    match error {
        DieselError::DatabaseError(k, info) if std::mem::discriminant(k) == std::mem::discriminant(&kind) => info.constraint_name(),
        _ => None,
    }
}

/// Why `place_order` refused, as the function says it: each refusal has an SQLSTATE of its own in class `PB`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceOrderRefusal {
    BuyerClosed,
    TooManyPending,
    BookNotFound,
    BookUnavailable,
}

/// The codes `place_order` raises (migrations/2026-11-26-000014_place_order_statuses_and_codes), each with the
/// refusal it means: the one place a code is turned into an error.
///
/// The function raises each refusal `USING ERRCODE = <code>, HINT = <code>`. The SQLSTATE is the real contract (any
/// client, `psql` included, sees it), but diesel-async 0.9 reads it only to choose a `DatabaseErrorKind` (ours
/// become `Unknown`) and then drops it: `DatabaseErrorInformation` offers the message, detail, hint, table, column
/// and constraint, not the code. So the function repeats the code in the hint, a structured field this adapter can
/// read; the message stays free for people to read and is never matched.
pub const PLACE_ORDER_REFUSALS: [(&str, PlaceOrderRefusal); 4] = [
    ("PB001", PlaceOrderRefusal::BuyerClosed),
    ("PB002", PlaceOrderRefusal::TooManyPending),
    ("PB003", PlaceOrderRefusal::BookNotFound),
    ("PB004", PlaceOrderRefusal::BookUnavailable),
];

impl From<PlaceOrderRefusal> for puronoboi_ports::PlaceOrderError {
    fn from(refusal: PlaceOrderRefusal) -> Self {
        match refusal {
            PlaceOrderRefusal::BuyerClosed => Self::BuyerClosed,
            PlaceOrderRefusal::TooManyPending => Self::TooManyPending,
            PlaceOrderRefusal::BookNotFound => Self::BookNotFound,
            PlaceOrderRefusal::BookUnavailable => Self::BookUnavailable,
        }
    }
}

/// The refusal `place_order` raised, read from the code it carries in its hint.
pub(crate) fn place_order_refusal(error: &DieselError) -> Option<PlaceOrderRefusal> {
    let DieselError::DatabaseError(_, info) = error else { return None };
    let code = info.hint()?;
    PLACE_ORDER_REFUSALS.iter().find(|(known, _)| *known == code).map(|(_, refusal)| *refusal)
}
