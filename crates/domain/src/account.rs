//! Accounts, the roles the server grants them, and how an account ends.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Timelike as _, Utc};

use crate::email::Email;
use crate::ids::AccountId;
use crate::language::Language;

/// What an account may do. Only the server decides an account's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AccountRole {
    Buyer,
    Seller,
    Admin,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown account role {0:?}")]
pub struct ParseRoleError(pub String);

impl AccountRole {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Buyer => "buyer",
            Self::Seller => "seller",
            Self::Admin => "admin",
        }
    }
}

impl fmt::Display for AccountRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for AccountRole {
    type Err = ParseRoleError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "buyer" => Ok(Self::Buyer),
            "seller" => Ok(Self::Seller),
            "admin" => Ok(Self::Admin),
            other => Err(ParseRoleError(other.to_owned())),
        }
    }
}

/// Why an account was closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClosedReason {
    /// An admin removed it. Its address stays refused for every identity, for good.
    DeletedByAdmin,
    /// It was opened with an address its holder never proved, and the address's proven owner signed in: the
    /// owner got the address and this account was closed.
    Superseded,
}

impl ClosedReason {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::DeletedByAdmin => "deleted_by_admin",
            Self::Superseded => "superseded",
        }
    }
}

impl FromStr for ClosedReason {
    type Err = ParseRoleError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "deleted_by_admin" => Ok(Self::DeletedByAdmin),
            "superseded" => Ok(Self::Superseded),
            other => Err(ParseRoleError(other.to_owned())),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Closure {
    pub at: DateTime<Utc>,
    pub reason: ClosedReason,
}

/// A buyer, seller or admin account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: AccountId,
    /// The identity provider's user id; `None` for an account seeded before its identity existed.
    pub firebase_uid: Option<String>,
    pub name: String,
    pub email: Email,
    /// Whether the holder has proved they own `email` (a verified password sign-in or Google).
    pub email_verified: bool,
    pub role: AccountRole,
    /// Sellers: verified by the admin.
    pub verified: bool,
    pub photo_url: Option<String>,
    /// Access tokens carry the generation they were issued under; bumping it revokes every older token.
    pub session_generation: i64,
    /// When the account's sign-ins were last ended (logout, closure, the address proven by its owner): an identity
    /// token from a sign-in before this instant opens no session. Always a whole second.
    pub sessions_ended_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub closed: Option<Closure>,
    /// The language the holder chose to read the marketplace in, on any device; `None` until they choose.
    pub language: Option<Language>,
}

impl Account {
    pub fn is_closed(&self) -> bool {
        self.closed.is_some()
    }

    pub fn is_deleted_by_admin(&self) -> bool {
        self.closed.is_some_and(|c| c.reason == ClosedReason::DeletedByAdmin)
    }

    /// Whether a sign-in made at `signed_in_at` (an identity token's `auth_time`) was made before the account's
    /// sign-ins were ended, and so must not open a session.
    pub fn sign_in_predates_end(&self, signed_in_at: DateTime<Utc>) -> bool {
        self.sessions_ended_at.is_some_and(|ended| signed_in_at < ended)
    }

    /// Whether the proven owner of this account's address may open a fresh account despite this one's closure:
    /// an admin closed it while its address was never proven, so whoever it was, it was not the address's owner.
    pub fn frees_address_for_proven_owner(&self) -> bool {
        self.is_deleted_by_admin() && !self.email_verified
    }
}

/// The instant sign-ins ended by something happening at `now` end at: `now` rounded up to a whole second.
///
/// Identity tokens say when their holder signed in (`auth_time`) in whole seconds, so a sign-in in the same
/// second as `now` cannot be told apart from one just before it. Rounding up refuses both; whoever ends sessions
/// waits until this instant before answering, so that a sign-in made after the answer is never refused.
pub fn sessions_end_instant(now: DateTime<Utc>) -> DateTime<Utc> {
    let whole = now.with_nanosecond(0).unwrap_or(now);
    if whole == now { now } else { whole + chrono::Duration::seconds(1) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_role() {
        for role in [AccountRole::Buyer, AccountRole::Seller, AccountRole::Admin] {
            assert_eq!(role.as_str().parse::<AccountRole>(), Ok(role));
        }
    }

    #[test]
    fn refuses_unknown_roles() {
        assert!("Admin ".parse::<AccountRole>().is_err());
        assert!("superuser".parse::<AccountRole>().is_err());
    }

    #[test]
    fn sessions_end_at_the_next_whole_second() {
        let at = |s: &str| s.parse::<DateTime<Utc>>().expect("a time");
        assert_eq!(sessions_end_instant(at("2026-11-24T10:00:00.001Z")), at("2026-11-24T10:00:01Z"));
        assert_eq!(sessions_end_instant(at("2026-11-24T10:00:00.999999Z")), at("2026-11-24T10:00:01Z"));
        assert_eq!(sessions_end_instant(at("2026-11-24T10:00:00Z")), at("2026-11-24T10:00:00Z"), "already whole");
    }

    #[test]
    fn a_sign_in_before_the_end_is_refused_and_one_at_or_after_it_is_not() {
        let ended = "2026-11-24T10:00:01Z".parse::<DateTime<Utc>>().expect("a time");
        let account = |sessions_ended_at| Account {
            id: AccountId::new(),
            firebase_uid: Some("u".into()),
            name: "A".into(),
            email: Email::parse("a@b.test").expect("an e-mail"),
            email_verified: false,
            role: AccountRole::Buyer,
            verified: false,
            photo_url: None,
            session_generation: 0,
            sessions_ended_at,
            created_at: ended,
            closed: None,
            language: None,
        };
        assert!(account(Some(ended)).sign_in_predates_end(ended - chrono::Duration::seconds(1)));
        assert!(!account(Some(ended)).sign_in_predates_end(ended));
        assert!(!account(None).sign_in_predates_end(ended - chrono::Duration::days(1000)));
    }

    #[test]
    fn round_trips_every_closure_reason() {
        for reason in [ClosedReason::DeletedByAdmin, ClosedReason::Superseded] {
            assert_eq!(reason.as_str().parse::<ClosedReason>(), Ok(reason));
        }
    }
}
