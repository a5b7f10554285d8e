//! Accounts and the roles the server grants them.

use std::fmt;
use std::str::FromStr;

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
}
