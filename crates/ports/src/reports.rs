//! Reports of listings and sellers, and the admin's decisions on them. Every decision is recorded with who made it.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use puronoboi_domain::{
    AccountId, BookId, BookStatus, Page, PageRequest, Report, ReportContent, ReportId, ReportReason, ReportStatus, ReportTarget,
};

use crate::StoreError;

/// A report as filed: the report, whether this call wrote it (a second report of the same thing by the same person
/// answers the first), and whether it took the listing off the shop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FiledReport {
    pub report: Report,
    pub created: bool,
    pub hid_listing: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum FileReportError {
    /// No listing (not withdrawn) or no open seller account has this id.
    #[error("nothing to report has this id")]
    TargetNotFound,
    /// Nobody reports their own listing or themself.
    #[error("one's own listing or account cannot be reported")]
    OwnTarget,
    /// The reporter filed as many reports as allowed in the last 24 hours; the oldest of them leaves the window
    /// after `retry_after`.
    #[error("at most {limit} reports a day")]
    DailyLimit { limit: i64, retry_after: std::time::Duration },
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// What reports are about, as the admin's queue shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportedThing {
    pub target: ReportTarget,
    /// The book's title, or the seller's name.
    pub title: String,
    pub seller_id: AccountId,
    pub seller_name: String,
    /// Whether the seller's account is closed.
    pub seller_closed: bool,
    /// The book's status (for a book).
    pub book_status: Option<BookStatus>,
    /// Why a hidden book is hidden, and whether reports (rather than the admin) hid it.
    pub hidden_reason: Option<ReportReason>,
    pub hidden_by_reports: bool,
}

/// One target's reports in the admin's queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportGroup {
    pub thing: ReportedThing,
    /// The target's reports of the status asked for, newest first.
    pub reports: Vec<Report>,
    pub latest_at: DateTime<Utc>,
}

#[derive(Debug, thiserror::Error)]
pub enum ModerationError {
    /// No report, or no book (not withdrawn), has this id.
    #[error("no such report or book")]
    NotFound,
    /// The report was decided already.
    #[error("the report was decided already")]
    Decided,
    /// Only an available book can be hidden, and only a hidden one restored.
    #[error("the book is {0}")]
    WrongStatus(BookStatus),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

#[async_trait]
pub trait ReportStore: Send + Sync {
    /// Files a report, once per reporter and target, in one transaction that locks the reported book: when the
    /// book's open reports come from `hide_after` different accounts and it is available, it is hidden in the same
    /// transaction (with the reason most reports gave). At most `per_day` reports per reporter in 24 hours.
    async fn file_report(
        &self,
        reporter: AccountId,
        target: ReportTarget,
        content: &ReportContent,
        hide_after: i64,
        per_day: i64,
    ) -> Result<FiledReport, FileReportError>;

    /// The queue: reports of one status grouped by target, the group with the newest report first.
    async fn report_groups(&self, status: ReportStatus, page: PageRequest) -> Result<Page<ReportGroup>, StoreError>;

    /// Dismisses every open report of the report's target (nothing wrong) and puts a listing that reports hid back
    /// on sale, in one transaction, recorded. Errors: `NotFound`, `Decided`.
    async fn dismiss_reports(&self, admin: AccountId, report: ReportId) -> Result<ReportedThing, ModerationError>;

    /// Hides an available listing for `reason` (its seller reads it), or keeps hidden for `reason` a listing the
    /// reports hid, and marks its open reports actioned, in one transaction, recorded. Errors: `NotFound`,
    /// `WrongStatus`.
    async fn hide_book(&self, admin: AccountId, book: BookId, reason: ReportReason) -> Result<(), ModerationError>;

    /// Puts a hidden listing back on sale and dismisses its open reports, in one transaction, recorded. Errors:
    /// `NotFound`, `WrongStatus`.
    async fn restore_book(&self, admin: AccountId, book: BookId) -> Result<(), ModerationError>;

    /// The seller's account was closed by the admin: their open reports (and their books') are actioned.
    async fn seller_closed(&self, admin: AccountId, seller: AccountId) -> Result<u64, StoreError>;
}
