//! Fills an empty store with the demo catalogue, through the same ports the product uses.

use std::collections::HashMap;

use puronoboi_domain::{AccountId, AccountRole, BookStatus, CategoryId, CategoryName, Taka};
use puronoboi_ports::{
    AddCategoryError, CatalogueReader, CatalogueWriter, ChangeStatusError, ImageHost, ImageHostError, ListBookError, NewAccount, NewBook,
    OpenAccountError, StoreError,
};

use super::catalogue::{BOOKS, CATEGORIES, DemoStatus, SELLERS};
use super::cover::cover_svg;

#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("the demo catalogue is inconsistent: {0}")]
    BadDemoData(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    OpenAccount(#[from] OpenAccountError),
    #[error(transparent)]
    AddCategory(#[from] AddCategoryError),
    #[error(transparent)]
    ListBook(#[from] ListBookError),
    #[error(transparent)]
    ChangeStatus(#[from] ChangeStatusError),
    #[error(transparent)]
    Picture(#[from] ImageHostError),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeedReport {
    pub categories: usize,
    pub sellers: usize,
    pub books: usize,
}

/// Seeds the demo catalogue when the store has no categories yet; otherwise leaves it alone and answers `None`.
pub async fn seed_if_empty(
    reader: &dyn CatalogueReader,
    writer: &dyn CatalogueWriter,
    pictures: &dyn ImageHost,
) -> Result<Option<SeedReport>, SeedError> {
    if !reader.is_empty().await? {
        return Ok(None);
    }

    let mut category_ids: HashMap<&str, CategoryId> = HashMap::new();
    for name in CATEGORIES {
        let parsed = CategoryName::parse(name).map_err(|e| SeedError::BadDemoData(e.to_string()))?;
        let category = match writer.add_category(&parsed).await {
            Ok(category) => category,
            Err(AddCategoryError::AlreadyExists(existing)) => existing,
            Err(other) => return Err(other.into()),
        };
        category_ids.insert(name, category.id);
    }

    let mut sellers: HashMap<&str, (AccountId, &str, &str)> = HashMap::new();
    for seller in SELLERS {
        let id = writer
            .open_account(NewAccount {
                name: seller.name.to_owned(),
                email: seller.email.to_owned(),
                role: AccountRole::Seller,
                verified: seller.verified,
            })
            .await?;
        sellers.insert(seller.key, (id, seller.name, seller.email));
    }

    for demo in BOOKS {
        let &(seller_id, seller_name, seller_email) =
            sellers.get(demo.seller).ok_or_else(|| SeedError::BadDemoData(format!("unknown seller {:?}", demo.seller)))?;
        let category_id =
            *category_ids.get(demo.category).ok_or_else(|| SeedError::BadDemoData(format!("unknown category {:?}", demo.category)))?;
        let price = |amount: i32| Taka::new(i64::from(amount)).map_err(|e| SeedError::BadDemoData(format!("{}: {e}", demo.title)));
        let picture_url = pictures.store(cover_svg(demo.title, demo.author, demo.category).into_bytes(), "svg").await?;

        let id = writer
            .list_book(NewBook {
                seller_id,
                category_id,
                title: demo.title.to_owned(),
                author: demo.author.to_owned(),
                description: demo.description.to_owned(),
                picture_url,
                publish_year: demo.publish_year,
                ratings: demo.ratings,
                reviews: demo.reviews,
                seller_name: seller_name.to_owned(),
                location: demo.location.to_owned(),
                phone: demo.phone.to_owned(),
                seller_email: seller_email.to_owned(),
                original_price: price(demo.original_price)?,
                resale_price: price(demo.resale_price)?,
                advertised: demo.advertised,
            })
            .await?;

        // Orders arrive in a later issue; until then the demo's held and sold books walk the same state machine.
        if matches!(demo.status, DemoStatus::Pending | DemoStatus::Sold) {
            writer.move_book_status(id, BookStatus::Pending).await?;
        }
        if demo.status == DemoStatus::Sold {
            writer.move_book_status(id, BookStatus::Sold).await?;
        }
    }

    let report = SeedReport { categories: CATEGORIES.len(), sellers: SELLERS.len(), books: BOOKS.len() };
    tracing::info!(?report, "seeded the demo catalogue");
    Ok(Some(report))
}
