//! Reports of listings and sellers, and the admin's decisions on them.

use std::sync::Arc;

use puronoboi_domain::{
    Account, AccountId, AccountRole, BookId, FieldErrors, HIDE_AFTER_REPORTS, Page, PageRequest, REPORTS_PER_DAY, ReportForm, ReportId,
    ReportReason, ReportStatus, ReportTarget,
};
use puronoboi_ports::{FileReportError, FiledReport, ModerationError, ReportGroup, ReportStore, ReportedThing, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("the report is invalid")]
    Invalid(FieldErrors),
    /// Admins decide on reports rather than file them.
    #[error("admins do not file reports")]
    Admin,
    #[error(transparent)]
    Refused(#[from] FileReportError),
}

#[derive(Clone)]
pub struct Reports {
    store: Arc<dyn ReportStore>,
}

impl Reports {
    pub fn new(store: Arc<dyn ReportStore>) -> Self {
        Self { store }
    }

    /// Files the reporter's report of a listing or a seller. Reporting the same thing again answers the first report.
    pub async fn file(&self, reporter: &Account, target: ReportTarget, form: ReportForm) -> Result<FiledReport, ReportError> {
        if reporter.role == AccountRole::Admin {
            return Err(ReportError::Admin);
        }
        let content = form.parse().map_err(ReportError::Invalid)?;
        Ok(self.store.file_report(reporter.id, target, &content, HIDE_AFTER_REPORTS, REPORTS_PER_DAY).await?)
    }

    pub async fn queue(&self, status: ReportStatus, page: PageRequest) -> Result<Page<ReportGroup>, StoreError> {
        self.store.report_groups(status, page).await
    }

    pub async fn dismiss(&self, admin: AccountId, report: ReportId) -> Result<ReportedThing, ModerationError> {
        self.store.dismiss_reports(admin, report).await
    }

    pub async fn hide(&self, admin: AccountId, book: BookId, reason: ReportReason) -> Result<(), ModerationError> {
        self.store.hide_book(admin, book, reason).await
    }

    pub async fn restore(&self, admin: AccountId, book: BookId) -> Result<(), ModerationError> {
        self.store.restore_book(admin, book).await
    }

    pub async fn seller_closed(&self, admin: AccountId, seller: AccountId) -> Result<u64, StoreError> {
        self.store.seller_closed(admin, seller).await
    }
}
