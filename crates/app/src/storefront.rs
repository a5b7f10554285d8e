//! Browsing the storefront: the bounds every public list obeys.

use std::sync::Arc;

use puronoboi_domain::{BookCard, BookDetail, BookId, BookStatus, Category, CategoryId, CategorySummary, Page, PageRequest};
use puronoboi_ports::{CatalogueReader, CategoryGroup, CategoryPageError, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum GroupedError {
    #[error("perCategory must be between 1 and {max}", max = Storefront::MAX_PER_CATEGORY)]
    PerCategoryOutOfRange,
    #[error(transparent)]
    Unknown(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum BookLookupError {
    #[error("no such book")]
    NotFound,
    #[error(transparent)]
    Unknown(#[from] StoreError),
}

/// The public, read-only side of the catalogue.
#[derive(Clone)]
pub struct Storefront {
    catalogue: Arc<dyn CatalogueReader>,
}

impl Storefront {
    /// The shop page asks for this many per category; the home page for fewer.
    pub const MAX_PER_CATEGORY: u32 = 24;
    /// More categories than any bookshop shelf plan; keeps the grouped query bounded.
    pub const MAX_CATEGORIES: u32 = 200;
    pub const MAX_ADVERTISED: u32 = 60;

    pub fn new(catalogue: Arc<dyn CatalogueReader>) -> Self {
        Self { catalogue }
    }

    /// See [`CatalogueReader::version`]: take it before reading to keep what is made from the answers.
    pub fn version(&self) -> Option<u64> {
        self.catalogue.version()
    }

    pub async fn categories(&self) -> Result<Vec<CategorySummary>, StoreError> {
        self.catalogue.categories(Self::MAX_CATEGORIES).await
    }

    pub async fn grouped(&self, per_category: u32) -> Result<Vec<CategoryGroup>, GroupedError> {
        if per_category == 0 || per_category > Self::MAX_PER_CATEGORY {
            return Err(GroupedError::PerCategoryOutOfRange);
        }
        Ok(self.catalogue.newest_by_category(per_category, Self::MAX_CATEGORIES).await?)
    }

    pub async fn category_page(&self, id: CategoryId, page: PageRequest) -> Result<(Category, Page<BookCard>), CategoryPageError> {
        self.catalogue.category_page(id, page).await
    }

    /// The category with this id, if there is one.
    pub async fn category(&self, id: CategoryId) -> Result<Option<Category>, StoreError> {
        self.catalogue.category(id).await
    }

    /// A book's page opens while it is available, held or sold; a withdrawn listing is gone for buyers, and so is a
    /// hidden one until the admin restores it.
    pub async fn book(&self, id: BookId) -> Result<BookDetail, BookLookupError> {
        self.catalogue
            .book_detail(id)
            .await?
            .filter(|d| !matches!(d.book.status, BookStatus::Withdrawn | BookStatus::Hidden))
            .ok_or(BookLookupError::NotFound)
    }

    pub async fn advertised(&self) -> Result<Vec<BookCard>, StoreError> {
        self.catalogue.advertised(Self::MAX_ADVERTISED).await
    }
}
