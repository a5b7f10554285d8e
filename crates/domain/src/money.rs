//! Prices in whole Bangladeshi taka.

use std::fmt;

use crate::field::{FieldProblem, FieldReason};

/// A price in whole taka: an integer of at least 1. Paisa are not used on this marketplace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Taka(i32);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TakaError {
    #[error("a price must be at least 1 taka, got {0}")]
    TooSmall(i64),
    #[error("a price must be at most {max} taka, got {0}", max = Taka::MAX)]
    TooLarge(i64),
}

impl FieldProblem for TakaError {
    fn reason(&self) -> FieldReason {
        FieldReason::OutOfRange { min: i64::from(Taka::MIN), max: i64::from(Taka::MAX) }
    }
}

impl Taka {
    /// The least a book may cost: it is never free.
    pub const MIN: i32 = 1;
    /// The most the card and local payment gateways will charge in one payment; no used book costs more.
    pub const MAX: i32 = 500_000;

    pub fn new(amount: i64) -> Result<Self, TakaError> {
        if amount < i64::from(Self::MIN) {
            return Err(TakaError::TooSmall(amount));
        }
        if amount > i64::from(Self::MAX) {
            return Err(TakaError::TooLarge(amount));
        }
        // In range by the checks above.
        i32::try_from(amount).map(Self).map_err(|_| TakaError::TooLarge(amount))
    }

    pub const fn amount(self) -> i32 {
        self.0
    }

    /// The amount in paisa (1 taka = 100 paisa): the smallest unit card payment providers count BDT in.
    pub const fn paisa(self) -> i64 {
        self.0 as i64 * 100
    }
}

/// The ISO 4217 code of the taka, lower-case as card payment providers write it.
pub const TAKA_CURRENCY: &str = "bdt";

impl fmt::Display for Taka {
    /// The way the product shows money everywhere: "350 ৳".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ৳", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn zero_and_negative_prices_are_refused() {
        assert_eq!(Taka::new(0), Err(TakaError::TooSmall(0)));
        assert_eq!(Taka::new(-5), Err(TakaError::TooSmall(-5)));
    }

    #[test]
    fn absurd_prices_are_refused() {
        assert_eq!(Taka::new(500_000).map(Taka::amount), Ok(500_000));
        assert_eq!(Taka::new(500_001), Err(TakaError::TooLarge(500_001)));
        assert!(matches!(Taka::new(i64::from(i32::MAX)), Err(TakaError::TooLarge(_))));
    }

    #[test]
    fn a_price_out_of_range_names_the_range() {
        for refused in [Taka::new(0), Taka::new(500_001)] {
            assert_eq!(refused.map_err(|e| e.reason()), Err(FieldReason::OutOfRange { min: 1, max: 500_000 }));
        }
    }

    #[test]
    fn paisa_are_hundredths_of_a_taka() {
        assert_eq!(Taka::new(350).map(Taka::paisa), Ok(35_000));
        assert_eq!(Taka::new(i64::from(Taka::MAX)).map(Taka::paisa), Ok(50_000_000));
    }

    #[test]
    fn displays_with_the_taka_sign_after_the_amount() {
        assert_eq!(Taka::new(350).map(|t| t.to_string()).ok().as_deref(), Some("350 ৳"));
    }

    proptest! {
        #[test]
        fn every_valid_amount_round_trips(amount in 1i64..=i64::from(Taka::MAX)) {
            prop_assert_eq!(Taka::new(amount).map(|t| i64::from(t.amount())), Ok(amount));
        }
    }
}
