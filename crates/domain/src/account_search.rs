//! What the admin may narrow the seller and buyer tables by: a piece of a name or an address, whether a seller is
//! verified, and whether the holder proved their address.

use crate::Account;

/// A piece of a name or an e-mail address the admin typed, trimmed and in lower case: 1 to
/// [`AccountSearchText::MAX_CHARS`] characters. It is matched as a plain substring, so `%`, `_` and `\` are
/// ordinary characters here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountSearchText(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccountSearchTextError {
    #[error("q may be at most {max} characters long, got {0}", max = AccountSearchText::MAX_CHARS)]
    TooLong(usize),
}

impl AccountSearchText {
    /// Enough for any piece of a name or an address a person types to find someone; a bound keeps the trigram
    /// search cheap.
    pub const MAX_CHARS: usize = 100;

    /// `None` for text that is empty once trimmed: nothing to narrow by.
    pub fn parse(raw: &str) -> Result<Option<Self>, AccountSearchTextError> {
        let trimmed = raw.trim();
        let chars = trimmed.chars().count();
        if chars > Self::MAX_CHARS {
            return Err(AccountSearchTextError::TooLong(chars));
        }
        Ok((chars > 0).then(|| Self(trimmed.to_lowercase())))
    }

    /// The text, in lower case.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A SQL `LIKE` pattern matching any text that contains this one, its own `%`, `_` and `\` escaped with `\` (the
    /// default escape character) so that they match only themselves.
    pub fn like_pattern(&self) -> String {
        let mut pattern = String::with_capacity(self.0.len() + 2);
        pattern.push('%');
        for c in self.0.chars() {
            if matches!(c, '%' | '_' | '\\') {
                pattern.push('\\');
            }
            pattern.push(c);
        }
        pattern.push('%');
        pattern
    }
}

/// The admin's filters over one role's accounts; every part is optional and the parts combine (all must hold).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountSearch {
    /// Part of the name or of the e-mail address, whatever the letter case.
    pub text: Option<AccountSearchText>,
    /// Sellers the admin verified (`true`) or not yet (`false`). Buyers are never verified.
    pub verified: Option<bool>,
    /// Holders who proved they own the address (`true`: a verified password sign-in or Google) or not (`false`).
    pub email_proven: Option<bool>,
}

impl AccountSearch {
    /// Whether the account passes every filter set. Live or closed and the role are the caller's business: the
    /// tables hold live accounts of one role.
    pub fn matches(&self, account: &Account) -> bool {
        let text_matches = self.text.as_ref().is_none_or(|text| {
            account.name.to_lowercase().contains(text.as_str()) || account.email.as_str().to_lowercase().contains(text.as_str())
        });
        text_matches
            && self.verified.is_none_or(|verified| account.verified == verified)
            && self.email_proven.is_none_or(|proven| account.email_verified == proven)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed_lowered_and_bounded_in_characters() {
        assert_eq!(AccountSearchText::parse("  Rahim@Example.COM \n").map(|t| t.map(|t| t.0)), Ok(Some("rahim@example.com".to_owned())));
        assert_eq!(AccountSearchText::parse(" \t "), Ok(None));
        assert!(AccountSearchText::parse(&"ক".repeat(100)).is_ok_and(|t| t.is_some()), "100 Bengali letters are 100 characters");
        assert_eq!(AccountSearchText::parse(&"a".repeat(101)), Err(AccountSearchTextError::TooLong(101)));
        assert!(AccountSearchText::parse(&format!("  {}  ", "a".repeat(100))).is_ok(), "spaces around do not count");
    }

    #[test]
    fn like_metacharacters_match_only_themselves() {
        let pattern = |raw: &str| AccountSearchText::parse(raw).ok().flatten().map(|t| t.like_pattern());
        assert_eq!(pattern("50%_off"), Some(r"%50\%\_off%".to_owned()));
        assert_eq!(pattern(r"a\b"), Some(r"%a\\b%".to_owned()));
        assert_eq!(pattern("রহিম"), Some("%রহিম%".to_owned()));
    }
}
