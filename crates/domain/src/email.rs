//! E-mail addresses as accounts and listings carry them.

use std::fmt;

/// An e-mail address: trimmed, lower-cased (identity providers compare addresses without case, and so do we),
/// one `@` with something on both sides, no spaces, at most 254 characters (the SMTP limit).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Email(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    #[error("this field is required")]
    Blank,
    #[error("an e-mail address has the form name@example.com")]
    Malformed,
    #[error("an e-mail address has at most {max} characters", max = Email::MAX_CHARS)]
    TooLong,
}

impl Email {
    pub const MAX_CHARS: usize = 254;

    pub fn parse(raw: &str) -> Result<Self, EmailError> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(EmailError::Blank);
        }
        if trimmed.chars().count() > Self::MAX_CHARS {
            return Err(EmailError::TooLong);
        }
        let (local, domain) = trimmed.split_once('@').ok_or(EmailError::Malformed)?;
        let well_formed = !local.is_empty()
            && !domain.is_empty()
            && !domain.contains('@')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !trimmed.chars().any(|c| c.is_whitespace() || c.is_control());
        if !well_formed {
            return Err(EmailError::Malformed);
        }
        Ok(Self(trimmed.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The part before the `@`, a fallback display name.
    pub fn local_part(&self) -> &str {
        self.0.split('@').next().unwrap_or(&self.0)
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_and_lowercases() {
        assert_eq!(Email::parse("  Rahim@Example.COM ").map(|e| e.to_string()), Ok("rahim@example.com".to_owned()));
    }

    #[test]
    fn refuses_what_is_not_an_address() {
        assert_eq!(Email::parse("   "), Err(EmailError::Blank));
        for bad in ["rahim", "@example.com", "rahim@", "a@b@c", "ra him@example.com", "a@.com", "a@com.", "a\u{0}@b.c"] {
            assert_eq!(Email::parse(bad), Err(EmailError::Malformed), "{bad:?}");
        }
        assert_eq!(Email::parse(&format!("{}@example.com", "x".repeat(250))), Err(EmailError::TooLong));
    }

    #[test]
    fn knows_its_local_part() {
        assert_eq!(Email::parse("nusrat@puronoboi.test").map(|e| e.local_part().to_owned()), Ok("nusrat".to_owned()));
    }
}
