//! Recognising the constraint violations that mean something to a use case.

use diesel::result::{DatabaseErrorKind, Error as DieselError};

/// The name of the constraint a statement violated, if it violated one of the given kind.
pub(crate) fn violated_constraint(error: &DieselError, kind: DatabaseErrorKind) -> Option<&str> {
    match error {
        DieselError::DatabaseError(k, info) if std::mem::discriminant(k) == std::mem::discriminant(&kind) => info.constraint_name(),
        _ => None,
    }
}
