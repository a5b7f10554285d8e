//! The handover: buyer and seller meet, the buyer hands over the money (or a card hold is taken) and the seller hands
//! over the book. The sale ends there, and only there: the seller enters the 6-digit code the buyer's order page
//! shows, which nobody else sees. Typing codes at random is stopped by a lock: 5 wrong codes lock the order's code
//! for 15 minutes. An order not handed over by its deadline closes (a held card payment is released, never taken).

use std::fmt;
use std::time::Duration;

use chrono::{DateTime, Utc};

use crate::digits::latin_digits;
use crate::field::{FieldProblem, FieldReason};

/// Wrong codes in a row that lock an order's handover code.
pub const MAX_WRONG_HANDOVER_CODES: u32 = 5;

/// How long a locked handover code stays locked.
pub const HANDOVER_LOCK: Duration = Duration::from_secs(15 * 60);

/// Days a buyer and seller have for the handover once a card holds the price, unless configured otherwise: below the
/// 7 days a card authorisation lasts, so that a hold is never taken after the bank has let it go.
pub const DEFAULT_HANDOVER_DAYS: u32 = 5;

/// The most handover days that may be configured: a card authorisation lasts 7 days.
pub const MAX_HANDOVER_DAYS: u32 = 6;

/// How long the right code entered for a held order keeps the order to itself while its money is taken: longer than
/// the payment provider's timeout, so that only a claim left by a stopped server is ever taken over (by another press
/// of the code, or by the sweep that finishes such captures).
pub const CAPTURE_CLAIM_TIMEOUT: Duration = Duration::from_secs(120);

/// How a buyer pays: chosen at checkout, changeable while the order is pending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentMethod {
    /// Cash at the meet-up: recorded at the handover.
    Cash,
    /// A card, held until the handover and taken there.
    Card,
}

impl PaymentMethod {
    pub const ALL: [Self; 2] = [Self::Cash, Self::Card];

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Cash => "cash",
            Self::Card => "card",
        }
    }
}

impl std::str::FromStr for PaymentMethod {
    type Err = ParsePaymentMethodError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL.into_iter().find(|method| method.as_str() == s).ok_or_else(|| ParsePaymentMethodError(s.to_owned()))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown payment method {0:?}")]
pub struct ParsePaymentMethodError(pub String);

/// An order's handover code: six digits, leading zeros included ("004217").
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandoverCode(u32);

impl HandoverCode {
    /// How many codes there are.
    pub const SPACE: u32 = 1_000_000;

    /// The code `number` names, modulo [`Self::SPACE`]: the caller derives it from a secret (it is never stored).
    pub const fn from_number(number: u32) -> Self {
        Self(number % Self::SPACE)
    }

    /// A code as a seller types it: six digits, Bengali or Latin, with any spaces or hyphens between them ("042 117",
    /// "০৪২-১১৭").
    pub fn parse(typed: &str) -> Result<Self, HandoverCodeError> {
        let digits: String = latin_digits(typed).chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
        if digits.len() != 6 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(HandoverCodeError);
        }
        digits.parse().map(Self).map_err(|_| HandoverCodeError)
    }

    /// Whether `other` is this code, in time that does not depend on where they differ.
    pub fn matches(self, other: Self) -> bool {
        // Both are numbers below a million: compare every bit, always.
        (self.0 ^ other.0) == 0
    }
}

impl fmt::Display for HandoverCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:06}", self.0)
    }
}

/// Never printed by accident: a code in a log would hand the book to whoever reads it.
impl fmt::Debug for HandoverCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("HandoverCode(******)")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a handover code is the 6 digits on the buyer's order page")]
pub struct HandoverCodeError;

impl FieldProblem for HandoverCodeError {
    fn reason(&self) -> FieldReason {
        FieldReason::InvalidHandoverCode
    }
}

/// The wrong codes entered for one order, and the lock they earned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HandoverAttempts {
    /// Wrong codes in a row since the last lock ended (or since the order was placed).
    pub wrong: u32,
    /// Until when no code is checked.
    pub locked_until: Option<DateTime<Utc>>,
}

/// What a wrong code earned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WrongCode {
    /// Wrong; this many more may be tried before the lock.
    TryAgain { attempts_left: u32 },
    /// Wrong, and the code is now locked until then.
    Locked { until: DateTime<Utc> },
}

/// The code is locked; no code is checked before `until`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the handover code is locked until {until}")]
pub struct HandoverLocked {
    pub until: DateTime<Utc>,
}

impl HandoverLocked {
    /// How long until a code may be entered again, from `now` (at least a second, for a `Retry-After`).
    pub fn retry_after(&self, now: DateTime<Utc>) -> Duration {
        (self.until - now).to_std().unwrap_or_default().max(Duration::from_secs(1))
    }
}

impl HandoverAttempts {
    /// Whether a code may be checked at `now`: refused while locked. Checked before the code is compared, so that a
    /// locked order says nothing about the codes tried on it.
    pub fn check(&self, now: DateTime<Utc>) -> Result<(), HandoverLocked> {
        match self.locked_until {
            Some(until) if now < until => Err(HandoverLocked { until }),
            _ => Ok(()),
        }
    }

    /// The attempts after a wrong code at `now` (which [`Self::check`] allowed), and what it earned. A lock that has
    /// ended starts the count again.
    pub fn after_wrong_code(&self, now: DateTime<Utc>) -> (Self, WrongCode) {
        let earlier = if self.locked_until.is_some_and(|until| until <= now) { 0 } else { self.wrong };
        let wrong = earlier + 1;
        if wrong >= MAX_WRONG_HANDOVER_CODES {
            let until = now + chrono::Duration::from_std(HANDOVER_LOCK).unwrap_or_else(|_| chrono::Duration::minutes(15));
            (Self { wrong: 0, locked_until: Some(until) }, WrongCode::Locked { until })
        } else {
            (Self { wrong, locked_until: None }, WrongCode::TryAgain { attempts_left: MAX_WRONG_HANDOVER_CODES - wrong })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn at(minutes: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000, 0).expect("a time") + chrono::Duration::minutes(minutes)
    }

    #[test]
    fn a_code_is_six_digits_in_either_script_with_spaces_or_hyphens_between() {
        let code = HandoverCode::from_number(42_117);
        assert_eq!(code.to_string(), "042117");
        for typed in ["042117", " 042 117 ", "042-117", "০৪২১১৭", "০৪২ ১১৭"] {
            assert_eq!(HandoverCode::parse(typed), Ok(code), "{typed:?}");
        }
        for typed in ["", "42117", "0421170", "04211x", "042.117", "٠٤٢١١٧", "+42117"] {
            assert_eq!(HandoverCode::parse(typed), Err(HandoverCodeError), "{typed:?}");
        }
        assert_eq!(HandoverCode::from_number(1_000_007).to_string(), "000007");
    }

    #[test]
    fn a_code_never_shows_in_debug_output() {
        let code = HandoverCode::from_number(123_456);
        assert!(!format!("{code:?}").contains("123456"));
        assert!(!format!("{:?}", Some(code)).contains("123"));
    }

    #[test]
    fn five_wrong_codes_lock_the_code_for_fifteen_minutes_then_the_count_starts_again() {
        let mut attempts = HandoverAttempts::default();
        for left in (1..MAX_WRONG_HANDOVER_CODES).rev() {
            attempts.check(at(0)).expect("open");
            let (next, earned) = attempts.after_wrong_code(at(0));
            assert_eq!(earned, WrongCode::TryAgain { attempts_left: left });
            attempts = next;
        }
        let (locked, earned) = attempts.after_wrong_code(at(1));
        assert_eq!(earned, WrongCode::Locked { until: at(16) });
        assert_eq!(locked.check(at(1)), Err(HandoverLocked { until: at(16) }));
        assert_eq!(locked.check(at(15)).map_err(|l| l.retry_after(at(15))), Err(Duration::from_secs(60)));
        assert_eq!(locked.check(at(16)), Ok(()), "the lock ends after 15 minutes");
        let (after, earned) = locked.after_wrong_code(at(17));
        assert_eq!(earned, WrongCode::TryAgain { attempts_left: MAX_WRONG_HANDOVER_CODES - 1 }, "a fresh count");
        assert_eq!(after.locked_until, None);
    }

    #[test]
    fn payment_methods_round_trip_through_their_names() {
        for method in PaymentMethod::ALL {
            assert_eq!(method.as_str().parse::<PaymentMethod>(), Ok(method));
        }
        assert!("bkash".parse::<PaymentMethod>().is_err());
    }

    proptest! {
        /// Any sequence of wrong codes at any times: never more than five wrong codes between two locks, and no code
        /// is checked while locked.
        #[test]
        fn no_more_than_five_codes_are_checked_per_lock(gaps in proptest::collection::vec(0i64..40, 1..40)) {
            let mut attempts = HandoverAttempts::default();
            let mut now = at(0);
            let mut checked_since_lock = 0;
            for gap in gaps {
                now += chrono::Duration::minutes(gap);
                match attempts.check(now) {
                    Err(locked) => prop_assert!(now < locked.until),
                    Ok(()) => {
                        if attempts.locked_until.is_some() {
                            checked_since_lock = 0;
                        }
                        checked_since_lock += 1;
                        prop_assert!(checked_since_lock <= MAX_WRONG_HANDOVER_CODES);
                        let (next, earned) = attempts.after_wrong_code(now);
                        if let WrongCode::Locked { until } = earned {
                            prop_assert_eq!(checked_since_lock, MAX_WRONG_HANDOVER_CODES);
                            prop_assert_eq!(until, now + chrono::Duration::minutes(15));
                        }
                        attempts = next;
                    }
                }
            }
        }

        #[test]
        fn a_code_matches_itself_and_no_other(a in 0u32..1_000_000, b in 0u32..1_000_000) {
            let (a, b) = (HandoverCode::from_number(a), HandoverCode::from_number(b));
            prop_assert_eq!(a.matches(b), a == b);
            prop_assert_eq!(HandoverCode::parse(&a.to_string()), Ok(a));
        }
    }
}
