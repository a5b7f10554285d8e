//! The languages the marketplace speaks to people in.

use std::fmt;
use std::str::FromStr;

/// A language a person reads the marketplace in: the pages, and the messages sent to them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    Bangla,
    English,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?}: expected \"bn\" or \"en\"")]
pub struct ParseLanguageError(pub String);

impl Language {
    /// The BCP 47 code: "bn" or "en".
    pub const fn code(self) -> &'static str {
        match self {
            Self::Bangla => "bn",
            Self::English => "en",
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Language {
    type Err = ParseLanguageError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "bn" => Ok(Self::Bangla),
            "en" => Ok(Self::English),
            other => Err(ParseLanguageError(other.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_as_the_language_and_nothing_else_reads() {
        for language in [Language::Bangla, Language::English] {
            assert_eq!(language.code().parse::<Language>(), Ok(language));
        }
        for other in ["", "BN", "bn-BD", "english", "fr"] {
            assert!(other.parse::<Language>().is_err(), "{other:?}");
        }
    }
}
