//! Typed identifiers, so a book id can never be passed where a category id is expected.

use std::fmt;
use std::str::FromStr;

use uuid::Uuid;

macro_rules! typed_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(Uuid);

        impl $name {
            pub fn new() -> Self {
                Self(Uuid::new_v4())
            }

            pub const fn from_uuid(id: Uuid) -> Self {
                Self(id)
            }

            pub const fn as_uuid(&self) -> Uuid {
                self.0
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = uuid::Error;

            /// Accepts only the hyphenated 36-character form, the one we hand out.
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Uuid::try_parse(s).map(Self)
            }
        }
    };
}

typed_id!(
    /// A book listed for resale.
    BookId
);
typed_id!(
    /// A catalogue category.
    CategoryId
);
typed_id!(
    /// A buyer, seller or admin account.
    AccountId
);
typed_id!(
    /// A buyer's order for one book.
    OrderId
);
typed_id!(
    /// A buyer's review of a completed order.
    ReviewId
);
typed_id!(
    /// A report of a listing or a seller.
    ReportId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_what_it_prints() {
        let id = BookId::new();
        assert_eq!(id.to_string().parse::<BookId>().ok(), Some(id));
    }

    #[test]
    fn rejects_malformed_ids() {
        for bad in ["", "42", "not-a-uuid", "0000", "' OR 1=1 --"] {
            assert!(bad.parse::<BookId>().is_err(), "{bad:?} should be rejected");
        }
    }
}
