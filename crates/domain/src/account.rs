//! Accounts, the roles the server grants them, and how an account ends.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Utc};

use crate::email::Email;
use crate::ids::AccountId;

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
    pub created_at: DateTime<Utc>,
    pub closed: Option<Closure>,
}

impl Account {
    pub fn is_closed(&self) -> bool {
        self.closed.is_some()
    }

    pub fn is_deleted_by_admin(&self) -> bool {
        self.closed.is_some_and(|c| c.reason == ClosedReason::DeletedByAdmin)
    }
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
    fn round_trips_every_closure_reason() {
        for reason in [ClosedReason::DeletedByAdmin, ClosedReason::Superseded] {
            assert_eq!(reason.as_str().parse::<ClosedReason>(), Ok(reason));
        }
    }
}
