//! The catalogue on PostgreSQL: what buyers browse and how it grows.

use anyhow::Context as _;
use async_trait::async_trait;
use diesel::dsl::{exists, not};
use diesel::prelude::*;
use diesel::result::DatabaseErrorKind;
use diesel::sql_types::Text;
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl};
use puronoboi_domain::{
    AccountId, BookCard, BookDetail, BookId, BookLanguage, BookStatus, Category, CategoryId, CategoryName, CategorySummary, Isbn, NewBook,
    Page, PageRequest, PublishYear,
};
use puronoboi_ports::{
    AddCategoryError, CatalogueReader, CatalogueWriter, CategoryGroup, CategoryPageError, CategoryShelf, ListBookError, ShelfMark,
    StoreError,
};
use uuid::Uuid;

use crate::PgStore;
use crate::errors::violated_constraint;
use crate::queries;
use crate::rows::{CardRow, CategoryCountRow, CategoryRow, GroupedCardRow, NewBookRow, ShelfMarkRow, VerifiedCardRow};
use crate::schema::{accounts, books, categories};
use crate::search;

diesel::define_sql_function!(fn lower(x: Text) -> Text);

#[async_trait]
impl CatalogueReader for PgStore {
    async fn categories(&self, limit: u32) -> Result<Vec<CategorySummary>, StoreError> {
        let mut conn = self.conn().await?;
        let rows: Vec<CategoryCountRow> =
            queries::categories_with_counts(limit, CategoryName::UNUSED_AFTER_DAYS).load(&mut conn).await.context("listing categories")?;
        Ok(rows
            .into_iter()
            .map(|row| CategorySummary { id: CategoryId::from_uuid(row.id), name: row.name, available_books: row.available_books })
            .collect())
    }

    async fn newest_by_category(&self, per_category: u32, max_categories: u32) -> Result<Vec<CategoryGroup>, StoreError> {
        let mut conn = self.conn().await?;
        let rows: Vec<GroupedCardRow> = queries::newest_by_category(per_category, max_categories)
            .load(&mut conn)
            .await
            .context("listing the newest books per category")?;

        // Rows arrive ordered by category, so each group is one contiguous run.
        let mut groups: Vec<CategoryGroup> = Vec::new();
        for row in rows {
            let category_id = CategoryId::from_uuid(row.category_id);
            let card = row.card.into_card(row.seller_verified)?;
            match groups.last_mut() {
                Some(group) if group.category.id == category_id => group.books.push(card),
                _ => groups.push(CategoryGroup {
                    category: Category { id: category_id, name: row.category_name },
                    books: vec![card],
                    available_books: row.available_books,
                }),
            }
        }
        Ok(groups)
    }

    async fn category_page(&self, id: CategoryId, page: PageRequest) -> Result<(Category, Page<BookCard>), CategoryPageError> {
        let mut conn = self.conn().await?;
        let (category, total) = category_and_count(&mut conn, id).await?;
        let offset = i64::try_from(page.offset()).context("page offset overflows")?;
        let rows: Vec<VerifiedCardRow> = queries::category_page(id.as_uuid(), i64::from(page.per_page()), offset)
            .load(&mut conn)
            .await
            .context("listing a category's books")?;
        Ok((category, Page { items: verified_cards(rows)?, request: page, total }))
    }

    async fn category_shelf(&self, id: CategoryId) -> Result<CategoryShelf, CategoryPageError> {
        let mut conn = self.conn().await?;
        let (category, available_books) = category_and_count(&mut conn, id).await?;
        let depth = i64::try_from(PageRequest::MAX_ROWS).context("shelf depth overflows")?;
        let every = i32::try_from(CategoryShelf::MARK_EVERY).context("mark spacing overflows")?;
        let marks: Vec<ShelfMarkRow> =
            queries::category_shelf_marks(id.as_uuid(), depth, every).load(&mut conn).await.context("marking a category's shelf")?;
        let marks = marks.into_iter().map(|m| ShelfMark { listed_at: m.listed_at, id: BookId::from_uuid(m.id) }).collect();
        Ok(CategoryShelf { category, available_books, marks })
    }

    async fn category_books_from(
        &self,
        id: CategoryId,
        from: Option<ShelfMark>,
        skip: u64,
        limit: u32,
    ) -> Result<Vec<BookCard>, StoreError> {
        let mut conn = self.conn().await?;
        let skip = i64::try_from(skip).context("skip overflows")?;
        let limit = i64::from(limit);
        let rows: Vec<VerifiedCardRow> = match from {
            Some(mark) => {
                queries::category_books_from(id.as_uuid(), (mark.listed_at, mark.id.as_uuid()), skip, limit).load(&mut conn).await
            }
            None => queries::category_books_from_newest(id.as_uuid(), skip, limit).load(&mut conn).await,
        }
        .context("listing a category's books from a mark")?;
        Ok(verified_cards(rows)?)
    }

    async fn book_detail(&self, id: BookId) -> Result<Option<BookDetail>, StoreError> {
        // Read together with the other book pages asked for at this moment (see book_pages).
        let found = self.book_pages().read(id.as_uuid()).await.context("looking up a book")?;
        Ok(found.map(|(book, category, verified)| book.into_detail(category, verified)).transpose()?)
    }

    async fn advertised(&self, limit: u32) -> Result<Vec<BookCard>, StoreError> {
        let mut conn = self.conn().await?;
        let rows: Vec<(CardRow, bool)> = queries::advertised(limit).load(&mut conn).await.context("listing advertised books")?;
        Ok(rows.into_iter().map(|(row, verified)| row.into_card(verified)).collect::<anyhow::Result<_>>()?)
    }

    async fn category(&self, id: CategoryId) -> Result<Option<Category>, StoreError> {
        let mut conn = self.conn().await?;
        let row: Option<CategoryRow> =
            queries::category(id.as_uuid()).get_result(&mut conn).await.optional().context("looking up a category")?;
        Ok(row.map(Into::into))
    }

    async fn is_empty(&self) -> Result<bool, StoreError> {
        let mut conn = self.conn().await?;
        Ok(diesel::select(not(exists(categories::table.select(categories::id))))
            .get_result(&mut conn)
            .await
            .context("checking for categories")?)
    }
}

/// A category and its count of available books. Errors: `NotFound` when the category does not exist.
async fn category_and_count(conn: &mut AsyncPgConnection, id: CategoryId) -> Result<(Category, i64), CategoryPageError> {
    let category: Category = queries::category(id.as_uuid())
        .get_result(conn)
        .await
        .optional()
        .context("looking up a category")?
        .ok_or(CategoryPageError::NotFound)?
        .into();
    let count: i64 = queries::category_count(id.as_uuid()).get_result(conn).await.context("counting a category's books")?;
    Ok((category, count))
}

fn verified_cards(rows: Vec<VerifiedCardRow>) -> anyhow::Result<Vec<BookCard>> {
    rows.into_iter().map(|row| row.card.into_card(row.seller_verified)).collect()
}

#[async_trait]
impl CatalogueWriter for PgStore {
    async fn add_category(&self, name: &CategoryName) -> Result<Category, AddCategoryError> {
        let mut conn = self.conn().await?;
        let id = Uuid::new_v4();
        let inserted = diesel::insert_into(categories::table)
            .values((categories::id.eq(id), categories::name.eq(name.as_str())))
            .execute(&mut conn)
            .await;
        match inserted {
            Ok(_) => Ok(Category { id: CategoryId::from_uuid(id), name: name.as_str().to_owned() }),
            Err(e) if violated_constraint(&e, DatabaseErrorKind::UniqueViolation) == Some("categories_name_key") => {
                let existing: CategoryRow = categories::table
                    .filter(lower(categories::name).eq(name.as_str().to_lowercase()))
                    .select(CategoryRow::as_select())
                    .first(&mut conn)
                    .await
                    .context("reading the category that already has this name")?;
                Err(AddCategoryError::AlreadyExists(existing.into()))
            }
            Err(e) => Err(anyhow::Error::new(e).context("adding a category").into()),
        }
    }

    async fn add_seller_category(&self, seller: AccountId, name: &CategoryName, per_day: u32) -> Result<Category, AddCategoryError> {
        let mut conn = self.conn().await?;
        let added = conn
            .transaction(async |conn| {
                if let Some(existing) = seller_category_check(conn, seller, name, per_day).await? {
                    return Err(NewCategory::Existing(existing));
                }
                let id = Uuid::new_v4();
                // A category another seller added with this name meanwhile is taken instead (no error aborts the
                // transaction: the unique index turns the insert into nothing).
                let inserted = diesel::insert_into(categories::table)
                    .values((categories::id.eq(id), categories::name.eq(name.as_str()), categories::created_by.eq(seller.as_uuid())))
                    .on_conflict_do_nothing()
                    .execute(conn)
                    .await?;
                if inserted == 0 {
                    return Err(NewCategory::Existing(category_named(conn, name).await?.ok_or(diesel::result::Error::NotFound)?));
                }
                Ok(Category { id: CategoryId::from_uuid(id), name: name.as_str().to_owned() })
            })
            .await;
        match added {
            Ok(category) => Ok(category),
            Err(NewCategory::Existing(existing)) => Err(AddCategoryError::AlreadyExists(existing)),
            Err(NewCategory::DailyLimit) => Err(AddCategoryError::DailyLimit),
            Err(NewCategory::Db(e)) => Err(anyhow::Error::new(e).context("adding a seller's category").into()),
        }
    }

    async fn check_seller_category(
        &self,
        seller: AccountId,
        name: &CategoryName,
        per_day: u32,
    ) -> Result<Option<Category>, AddCategoryError> {
        let mut conn = self.conn().await?;
        match seller_category_check(&mut conn, seller, name, per_day).await {
            Ok(existing) => Ok(existing),
            Err(NewCategory::DailyLimit) => Err(AddCategoryError::DailyLimit),
            Err(NewCategory::Existing(existing)) => Ok(Some(existing)),
            Err(NewCategory::Db(e)) => Err(anyhow::Error::new(e).context("checking a seller's new category").into()),
        }
    }

    async fn list_book(&self, book: NewBook) -> Result<BookId, ListBookError> {
        let mut conn = self.conn().await?;
        let id = BookId::new();
        let listing = &book.listing;
        let phone = listing.phone.e164();
        let row = NewBookRow {
            id: id.as_uuid(),
            seller_id: book.seller_id.as_uuid(),
            category_id: book.category_id.as_uuid(),
            title: listing.title.as_str(),
            author: listing.author.as_str(),
            description: listing.description.as_str(),
            picture_url: &book.picture_url,
            publish_year: listing.publish_year.map(PublishYear::value),
            ratings: listing.ratings.value(),
            reviews: listing.reviews.count(),
            seller_name: listing.seller_name.as_str(),
            location: listing.location.as_str(),
            phone: &phone,
            seller_email: book.seller_email.as_str(),
            original_price: listing.original_price.amount(),
            resale_price: listing.resale_price.amount(),
            status: BookStatus::LISTED.as_str(),
            advertised: book.advertised,
            work_id: None,
            condition: listing.condition.as_str(),
            language: listing.language.map(BookLanguage::as_str),
            isbn: listing.isbn.as_ref().map(Isbn::as_str),
            more_photos: &book.more_photos,
        };
        let inserted = conn
            .transaction(async |conn| {
                // Keyed in the same transaction: the book is searchable the moment it exists.
                let work = search::work_for_listing(conn, listing.title.as_str(), listing.author.as_str()).await?;
                diesel::insert_into(books::table).values(NewBookRow { work_id: Some(work), ..row }).execute(conn).await?;
                // The category is in use: it stays on the add-book list for another while.
                diesel::update(categories::table.find(book.category_id.as_uuid()))
                    .set(categories::last_used_at.eq(diesel::dsl::now))
                    .execute(conn)
                    .await
            })
            .await;
        match inserted {
            Ok(_) => Ok(id),
            Err(e) => match violated_constraint(&e, DatabaseErrorKind::ForeignKeyViolation) {
                Some("books_seller_id_fkey") => Err(ListBookError::UnknownSeller),
                Some("books_category_id_fkey") => Err(ListBookError::UnknownCategory),
                _ => Err(anyhow::Error::new(e).context("listing a book").into()),
            },
        }
    }
}

/// Why a seller's category is not added as new, carried out of a transaction closure.
#[derive(Debug, thiserror::Error)]
enum NewCategory {
    #[error("the category exists")]
    Existing(Category),
    #[error("the seller's daily limit is reached")]
    DailyLimit,
    #[error(transparent)]
    Db(#[from] diesel::result::Error),
}

async fn category_named(conn: &mut AsyncPgConnection, name: &CategoryName) -> QueryResult<Option<Category>> {
    let row: Option<CategoryRow> = categories::table
        .filter(lower(categories::name).eq(name.as_str().to_lowercase()))
        .select(CategoryRow::as_select())
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(Into::into))
}

/// The existing category with this name, or `None` when the seller may add it as new. Inside a transaction, the
/// seller's account row stays locked until it ends, so that a seller's concurrent additions are counted one after
/// the other (a lock that still lets their books reference the account).
async fn seller_category_check(
    conn: &mut AsyncPgConnection,
    seller: AccountId,
    name: &CategoryName,
    per_day: u32,
) -> Result<Option<Category>, NewCategory> {
    if let Some(existing) = category_named(conn, name).await? {
        return Ok(Some(existing));
    }
    accounts::table.find(seller.as_uuid()).select(accounts::id).for_no_key_update().first::<Uuid>(conn).await.optional()?;
    let created_today: i64 = categories::table
        .filter(categories::created_by.eq(seller.as_uuid()))
        .filter(categories::created_at.gt(diesel::dsl::sql::<diesel::sql_types::Timestamptz>("now() - interval '1 day'")))
        .count()
        .get_result(conn)
        .await?;
    if created_today >= i64::from(per_day) {
        return Err(NewCategory::DailyLimit);
    }
    Ok(None)
}
