//! Reports: a signed-in person flags a listing or a seller once, with a reason, and the admin decides. Enough reports
//! from different accounts hide a listing from every list before the admin has looked, so that a fake or offensive
//! listing stops selling at once; the admin restores it if the reports were wrong.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Utc};

use crate::copy::UnknownChoice;
use crate::field::{FieldError, FieldErrors, FieldProblem, FieldReason};
use crate::ids::{AccountId, BookId, ReportId};

/// Why something was reported, and why the admin hid a listing (the seller reads it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportReason {
    /// The copy is worse than its grade says.
    WrongCondition,
    /// A pirated or fake copy.
    Counterfeit,
    Offensive,
    /// Something that may not be sold.
    Prohibited,
    Scam,
    Other,
}

impl ReportReason {
    pub const ALL: [Self; 6] = [Self::WrongCondition, Self::Counterfeit, Self::Offensive, Self::Prohibited, Self::Scam, Self::Other];

    /// The stored and wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::WrongCondition => "wrong_condition",
            Self::Counterfeit => "counterfeit",
            Self::Offensive => "offensive",
            Self::Prohibited => "prohibited",
            Self::Scam => "scam",
            Self::Other => "other",
        }
    }
}

impl fmt::Display for ReportReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ReportReason {
    type Err = UnknownChoice;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|r| r.as_str() == s.trim())
            .ok_or_else(|| UnknownChoice { got: s.to_owned(), choices: "wrong_condition, counterfeit, offensive, prohibited, scam, other" })
    }
}

/// What a report is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportTarget {
    Book(BookId),
    Seller(AccountId),
}

impl ReportTarget {
    /// The stored and wire name of the kind: `book` or `seller`.
    pub const fn kind(self) -> &'static str {
        match self {
            Self::Book(_) => "book",
            Self::Seller(_) => "seller",
        }
    }

    pub fn id(self) -> uuid::Uuid {
        match self {
            Self::Book(id) => id.as_uuid(),
            Self::Seller(id) => id.as_uuid(),
        }
    }
}

/// Where a report stands: open until the admin decides; dismissed (nothing wrong) or actioned (the listing hidden or
/// the seller's account closed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportStatus {
    Open,
    Dismissed,
    Actioned,
}

impl ReportStatus {
    pub const ALL: [Self; 3] = [Self::Open, Self::Dismissed, Self::Actioned];

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Dismissed => "dismissed",
            Self::Actioned => "actioned",
        }
    }
}

impl FromStr for ReportStatus {
    type Err = UnknownChoice;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|r| r.as_str() == s.trim())
            .ok_or_else(|| UnknownChoice { got: s.to_owned(), choices: "open, dismissed, actioned" })
    }
}

/// How many open reports from different accounts hide a listing until the admin decides: one person cannot take a
/// listing down, and a handful of honest buyers can.
pub const HIDE_AFTER_REPORTS: i64 = 3;

/// The most reports one account files in a day: enough for any honest reader, too few to pester sellers with.
pub const REPORTS_PER_DAY: i64 = 20;

/// The longest note a report carries, in characters.
pub const MAX_REPORT_NOTE: usize = 1_000;

/// A report's note, trimmed; blank is none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportNote(String);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ReportNoteError {
    #[error("at most {MAX_REPORT_NOTE} characters are allowed, got {0}")]
    TooLong(usize),
    #[error("must not contain a NUL character")]
    Nul,
}

impl FieldProblem for ReportNoteError {
    fn reason(&self) -> FieldReason {
        match self {
            Self::TooLong(_) => FieldReason::TooLong { limit: MAX_REPORT_NOTE },
            Self::Nul => FieldReason::InvalidCharacter,
        }
    }
}

impl ReportNote {
    pub fn parse(raw: &str) -> Result<Option<Self>, ReportNoteError> {
        let trimmed = raw.trim();
        if trimmed.contains('\0') {
            return Err(ReportNoteError::Nul);
        }
        let chars = trimmed.chars().count();
        if chars > MAX_REPORT_NOTE {
            return Err(ReportNoteError::TooLong(chars));
        }
        Ok((chars > 0).then(|| Self(trimmed.to_owned())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A report as the person filled it in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReportForm {
    pub reason: Option<String>,
    pub note: Option<String>,
}

/// A report's reason and note, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportContent {
    pub reason: ReportReason,
    pub note: Option<ReportNote>,
}

impl ReportForm {
    pub fn parse(self) -> Result<ReportContent, FieldErrors> {
        let mut errors = FieldErrors::new();
        let reason = match self.reason.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
            None => Err(FieldError::required()),
            Some(raw) => raw.parse::<ReportReason>().map_err(|e| FieldError::of(&e)),
        };
        if let Err(e) = &reason {
            errors.insert("reason", e.clone());
        }
        let note = ReportNote::parse(self.note.as_deref().unwrap_or_default());
        if let Err(e) = &note {
            errors.insert("note", FieldError::of(e));
        }
        match (reason, note) {
            (Ok(reason), Ok(note)) if errors.is_empty() => Ok(ReportContent { reason, note }),
            _ => Err(errors),
        }
    }
}

/// One report as the admin reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub id: ReportId,
    pub reporter_id: AccountId,
    pub reporter_name: String,
    pub target: ReportTarget,
    pub reason: ReportReason,
    pub note: Option<ReportNote>,
    pub status: ReportStatus,
    pub created_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_needs_a_known_reason_and_at_most_a_short_note() {
        let ok = ReportForm { reason: Some("counterfeit".into()), note: Some("  photocopied pages  ".into()) }.parse().expect("valid");
        assert_eq!((ok.reason, ok.note.as_ref().map(ReportNote::as_str)), (ReportReason::Counterfeit, Some("photocopied pages")));
        let blank = ReportForm { reason: Some("scam".into()), note: Some("   ".into()) }.parse().expect("valid");
        assert_eq!(blank.note, None, "a blank note is none");

        let errors = ReportForm { reason: Some("ugly".into()), note: Some("n".repeat(1_001)) }.parse().expect_err("refused");
        assert_eq!(errors["reason"].reason(), FieldReason::NotAChoice);
        assert_eq!(errors["note"].reason(), FieldReason::TooLong { limit: 1_000 });
        let missing = ReportForm::default().parse().expect_err("refused");
        assert_eq!(missing["reason"].reason(), FieldReason::Required);
        assert!(ReportNote::parse(&"ন".repeat(1_000)).is_ok(), "counted in characters, not bytes");
    }

    #[test]
    fn every_reason_and_status_reads_back_from_its_name() {
        for reason in ReportReason::ALL {
            assert_eq!(reason.as_str().parse(), Ok(reason));
        }
        for status in ReportStatus::ALL {
            assert_eq!(status.as_str().parse(), Ok(status));
        }
    }
}
