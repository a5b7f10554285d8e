//! The admin's category table and the bodies of the admin's category actions.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use uuid::Uuid;

use super::CategoryDto;

/// A row of the admin's category table.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminCategoryDto {
    pub id: Uuid,
    pub name: String,
    /// Books in every status, withdrawn ones included: only a category with none can be deleted.
    #[ts(type = "number")]
    pub books: i64,
    /// Books a buyer can order now.
    #[ts(type = "number")]
    pub available_books: i64,
    /// RFC 3339.
    pub created_at: String,
    /// RFC 3339: when it was created or a book was last listed in it. An empty category unused for 30 days leaves
    /// the add-book list.
    pub last_used_at: String,
}

impl From<puronoboi_ports::CategoryOverview> for AdminCategoryDto {
    fn from(o: puronoboi_ports::CategoryOverview) -> Self {
        Self {
            id: o.category.id.as_uuid(),
            name: o.category.name,
            books: o.books,
            available_books: o.available_books,
            created_at: o.created_at.to_rfc3339(),
            last_used_at: o.last_used_at.to_rfc3339(),
        }
    }
}

/// `PATCH /api/admin/categories/{id}`: the category's new name (1 to 60 characters, unique whatever the letter case).
#[derive(Debug, Clone, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct RenameCategoryDto {
    pub name: String,
}

/// `POST /api/admin/categories/{id}/merge`: the category that takes the books.
#[derive(Debug, Clone, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct MergeCategoryDto {
    pub into: Uuid,
}

/// What a merge did.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MergedCategoryDto {
    /// The category that now holds the books.
    pub into: CategoryDto,
    /// Books moved, in every status.
    #[ts(type = "number")]
    pub moved_books: i64,
}

impl From<puronoboi_ports::MergedCategory> for MergedCategoryDto {
    fn from(m: puronoboi_ports::MergedCategory) -> Self {
        Self { into: m.into.into(), moved_books: m.moved_books }
    }
}
