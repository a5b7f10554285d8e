//! Reports of listings and sellers, and the admin's queue.

use puronoboi_domain::{Report, ReportReason, ReportStatus, ReportTarget};
use puronoboi_ports::{ReportGroup, ReportedThing};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use uuid::Uuid;

use super::BookStatusDto;

/// Why something was reported, or why the admin hid a listing: `wrong_condition` (worse than its grade says),
/// `counterfeit` (pirated or fake), `offensive`, `prohibited` (may not be sold), `scam`, `other`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ReportReasonDto {
    WrongCondition,
    Counterfeit,
    Offensive,
    Prohibited,
    Scam,
    Other,
}

impl From<ReportReason> for ReportReasonDto {
    fn from(r: ReportReason) -> Self {
        match r {
            ReportReason::WrongCondition => Self::WrongCondition,
            ReportReason::Counterfeit => Self::Counterfeit,
            ReportReason::Offensive => Self::Offensive,
            ReportReason::Prohibited => Self::Prohibited,
            ReportReason::Scam => Self::Scam,
            ReportReason::Other => Self::Other,
        }
    }
}

impl From<ReportReasonDto> for ReportReason {
    fn from(r: ReportReasonDto) -> Self {
        match r {
            ReportReasonDto::WrongCondition => Self::WrongCondition,
            ReportReasonDto::Counterfeit => Self::Counterfeit,
            ReportReasonDto::Offensive => Self::Offensive,
            ReportReasonDto::Prohibited => Self::Prohibited,
            ReportReasonDto::Scam => Self::Scam,
            ReportReasonDto::Other => Self::Other,
        }
    }
}

/// What a report is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ReportTargetTypeDto {
    Book,
    Seller,
}

/// Where a report stands: `open` until the admin decides, then `dismissed` (nothing wrong) or `actioned` (the
/// listing hidden, or the seller's account closed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ReportStatusDto {
    Open,
    Dismissed,
    Actioned,
}

impl From<ReportStatus> for ReportStatusDto {
    fn from(s: ReportStatus) -> Self {
        match s {
            ReportStatus::Open => Self::Open,
            ReportStatus::Dismissed => Self::Dismissed,
            ReportStatus::Actioned => Self::Actioned,
        }
    }
}

impl From<ReportStatusDto> for ReportStatus {
    fn from(s: ReportStatusDto) -> Self {
        match s {
            ReportStatusDto::Open => Self::Open,
            ReportStatusDto::Dismissed => Self::Dismissed,
            ReportStatusDto::Actioned => Self::Actioned,
        }
    }
}

fn target_parts(target: ReportTarget) -> (ReportTargetTypeDto, Uuid) {
    match target {
        ReportTarget::Book(id) => (ReportTargetTypeDto::Book, id.as_uuid()),
        ReportTarget::Seller(id) => (ReportTargetTypeDto::Seller, id.as_uuid()),
    }
}

/// `POST /api/reports`.
#[derive(Debug, Clone, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export, optional_fields)]
pub struct FileReportDto {
    pub target_type: ReportTargetTypeDto,
    /// The book's or the seller's id.
    pub target_id: Uuid,
    /// `wrong_condition`, `counterfeit`, `offensive`, `prohibited`, `scam` or `other`.
    /// Read as text so that a reason that is none of these is a field error (422), not an unreadable body.
    #[ts(as = "Option<ReportReasonDto>")]
    pub reason: Option<String>,
    /// Up to 1,000 characters.
    pub note: Option<String>,
}

/// A report as its reporter sees it.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReportDto {
    pub id: Uuid,
    pub target_type: ReportTargetTypeDto,
    pub target_id: Uuid,
    pub reason: ReportReasonDto,
    pub note: Option<String>,
    pub status: ReportStatusDto,
    /// RFC 3339.
    pub created_at: String,
}

impl From<Report> for ReportDto {
    fn from(r: Report) -> Self {
        let (target_type, target_id) = target_parts(r.target);
        Self {
            id: r.id.as_uuid(),
            target_type,
            target_id,
            reason: r.reason.into(),
            note: r.note.map(|n| n.as_str().to_owned()),
            status: r.status.into(),
            created_at: r.created_at.to_rfc3339(),
        }
    }
}

/// One report in the admin's queue, with who filed it.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminReportDto {
    pub id: Uuid,
    pub reason: ReportReasonDto,
    pub note: Option<String>,
    pub reporter_id: Uuid,
    pub reporter_name: String,
    pub status: ReportStatusDto,
    /// RFC 3339.
    pub created_at: String,
}

impl From<Report> for AdminReportDto {
    fn from(r: Report) -> Self {
        Self {
            id: r.id.as_uuid(),
            reason: r.reason.into(),
            note: r.note.map(|n| n.as_str().to_owned()),
            reporter_id: r.reporter_id.as_uuid(),
            reporter_name: r.reporter_name,
            status: r.status.into(),
            created_at: r.created_at.to_rfc3339(),
        }
    }
}

/// What reports are about: a listing or a seller, with its seller and, for a listing, where it stands.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReportedThingDto {
    pub target_type: ReportTargetTypeDto,
    pub target_id: Uuid,
    /// The book's title, or the seller's name.
    pub title: String,
    pub seller_id: Uuid,
    pub seller_name: String,
    /// Whether the seller's account is closed.
    pub seller_closed: bool,
    /// A book's status (`hidden` while off the shop); `null` for a seller.
    pub book_status: Option<BookStatusDto>,
    /// Why a hidden book is hidden.
    pub hidden_reason: Option<ReportReasonDto>,
    /// Whether reports (rather than the admin) hid it: dismissing its reports puts it back on sale.
    pub hidden_by_reports: bool,
}

impl From<ReportedThing> for ReportedThingDto {
    fn from(t: ReportedThing) -> Self {
        let (target_type, target_id) = target_parts(t.target);
        Self {
            target_type,
            target_id,
            title: t.title,
            seller_id: t.seller_id.as_uuid(),
            seller_name: t.seller_name,
            seller_closed: t.seller_closed,
            book_status: t.book_status.map(Into::into),
            hidden_reason: t.hidden_reason.map(Into::into),
            hidden_by_reports: t.hidden_by_reports,
        }
    }
}

/// One target's reports in the admin's queue.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReportGroupDto {
    pub target: ReportedThingDto,
    /// Newest first.
    pub reports: Vec<AdminReportDto>,
    /// RFC 3339: the newest report's time.
    pub latest_at: String,
}

impl From<ReportGroup> for ReportGroupDto {
    fn from(g: ReportGroup) -> Self {
        Self { target: g.thing.into(), reports: g.reports.into_iter().map(Into::into).collect(), latest_at: g.latest_at.to_rfc3339() }
    }
}

/// `POST /api/admin/books/{id}/hide`: why (its seller reads it).
#[derive(Debug, Clone, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct HideBookDto {
    pub reason: ReportReasonDto,
}
