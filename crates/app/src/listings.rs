//! A seller's listings: listing a book with its checked picture, and what the owner may do with it afterwards.

use std::sync::Arc;

use chrono::Datelike as _;
use puronoboi_domain::{
    Account, AccountId, BookDetail, BookId, CategoryChoice, CategoryChoiceError, CategoryName, FieldError, FieldErrors, ListingEditForm,
    ListingForm, NewBook, NewCategoriesUsedUp, Page, PageRequest,
};
use puronoboi_ports::{
    AddCategoryError, CatalogueReader, CatalogueWriter, ListBookError, ListingChangeError, SellerListing, SellerListings, StoreError,
};

use crate::photos::{PhotoError, Photos};
use crate::uploads::UploadSlot;

/// The add-book form as it arrived, picture included.
#[derive(Debug, Default)]
pub struct NewListing {
    pub form: ListingForm,
    pub category: Option<CategoryChoice>,
    pub picture: Option<Vec<u8>>,
    /// Fields that could not even be read (a price that is not a number); reported with every other problem.
    pub unreadable: FieldErrors,
}

#[derive(Debug, thiserror::Error)]
pub enum CreateListingError {
    /// Fields break their rules; nothing was stored.
    #[error("the listing is invalid")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Picture(PhotoError),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

puronoboi_ports::unknown_from_store_error!(CreateListingError);

#[derive(Debug, thiserror::Error)]
pub enum EditListingError {
    #[error("the edit is invalid")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Change(#[from] ListingChangeError),
}

/// The category picked from the list is not (or no longer) one: said under `categoryId`, like an id that is none.
fn unknown_category() -> FieldError {
    FieldError::of(&CategoryChoiceError::NotFromTheList)
}

#[derive(Clone)]
pub struct Listings {
    reader: Arc<dyn CatalogueReader>,
    writer: Arc<dyn CatalogueWriter>,
    listings: Arc<dyn SellerListings>,
    photos: Photos,
}

impl Listings {
    pub fn new(
        reader: Arc<dyn CatalogueReader>,
        writer: Arc<dyn CatalogueWriter>,
        listings: Arc<dyn SellerListings>,
        photos: Photos,
    ) -> Self {
        Self { reader, writer, listings, photos }
    }

    /// Lists a book with its picture. Every field is checked before the picture is decoded; the picture is checked
    /// and stored before the listing is written, and deleted again if the listing cannot be written, so a listing
    /// never points at a picture we did not check and no picture is left without its listing.
    pub async fn create(&self, seller: &Account, slot: &UploadSlot, request: NewListing) -> Result<BookDetail, CreateListingError> {
        let this_year = chrono::Utc::now().year();
        let mut errors = request.unreadable;
        let listing = match request.form.parse(this_year) {
            Ok(listing) => Some(listing),
            Err(problems) => {
                // A field that could not be read says so, rather than "required".
                for (field, problem) in problems {
                    errors.entry(field).or_insert(problem);
                }
                None
            }
        };
        let category = match &request.category {
            None => {
                errors.entry("categoryId").or_insert_with(FieldError::required);
                None
            }
            Some(CategoryChoice::Existing(id)) => match self.reader.category(*id).await? {
                Some(category) => Some(Ok(category.id)),
                None => {
                    errors.insert("categoryId", unknown_category());
                    None
                }
            },
            Some(CategoryChoice::New(name)) => match CategoryName::parse(name) {
                // Checked before the picture is taken, so that a refusal costs no upload; checked again, and
                // counted, when the category is added.
                Ok(name) => match self.writer.check_seller_category(seller.id, &name, CategoryName::NEW_PER_SELLER_PER_DAY).await {
                    Ok(Some(existing)) => Some(Ok(existing.id)),
                    Ok(None) => Some(Err(name)),
                    Err(AddCategoryError::DailyLimit) => {
                        errors.insert("newCategory", FieldError::of(&NewCategoriesUsedUp));
                        None
                    }
                    Err(AddCategoryError::AlreadyExists(existing)) => Some(Ok(existing.id)),
                    Err(AddCategoryError::Unknown(e)) => return Err(CreateListingError::Unknown(e)),
                },
                Err(e) => {
                    errors.insert("newCategory", FieldError::of(&e.0));
                    None
                }
            },
        };
        if request.picture.is_none() {
            errors.insert("image", FieldError::required());
        }
        let (Some(listing), Some(category), Some(picture)) = (listing, category, request.picture) else {
            return Err(CreateListingError::Invalid(errors));
        };
        if !errors.is_empty() {
            return Err(CreateListingError::Invalid(errors));
        }

        let picture_url = self.photos.store_upload(slot, picture).await.map_err(CreateListingError::Picture)?;
        let stored = async {
            let category_id = match category {
                Ok(id) => id,
                // "poetry" and "Poetry" typed by two sellers share one category: names are unique whatever their case.
                Err(name) => match self.writer.add_seller_category(seller.id, &name, CategoryName::NEW_PER_SELLER_PER_DAY).await {
                    Ok(created) => created.id,
                    Err(AddCategoryError::AlreadyExists(existing)) => existing.id,
                    Err(AddCategoryError::DailyLimit) => {
                        return Err(CreateListingError::Invalid([("newCategory", FieldError::of(&NewCategoriesUsedUp))].into()));
                    }
                    Err(AddCategoryError::Unknown(e)) => return Err(CreateListingError::Unknown(e)),
                },
            };
            let book = NewBook {
                seller_id: seller.id,
                category_id,
                picture_url: picture_url.clone(),
                seller_email: seller.email.clone(),
                listing,
                advertised: false,
            };
            match self.writer.list_book(book).await {
                Ok(id) => Ok(id),
                Err(ListBookError::UnknownCategory) => Err(CreateListingError::Invalid([("categoryId", unknown_category())].into())),
                Err(ListBookError::UnknownSeller) => Err(anyhow::anyhow!("the seller's account vanished while listing").into()),
                Err(ListBookError::Unknown(e)) => Err(e.into()),
            }
        }
        .await;
        let id = match stored {
            Ok(id) => id,
            Err(e) => {
                self.photos.forget(&picture_url).await;
                return Err(e);
            }
        };
        self.reader.book_detail(id).await?.ok_or_else(|| anyhow::anyhow!("a book just listed cannot be found").into())
    }

    pub async fn of_seller(&self, seller: AccountId, page: PageRequest) -> Result<Page<SellerListing>, StoreError> {
        self.listings.seller_books(seller, page).await
    }

    pub async fn advertise(&self, seller: AccountId, book: BookId, advertised: bool) -> Result<BookDetail, ListingChangeError> {
        self.listings.set_advertised(seller, book, advertised).await
    }

    pub async fn withdraw(&self, seller: AccountId, book: BookId) -> Result<(), ListingChangeError> {
        self.listings.withdraw(seller, book).await
    }

    pub async fn edit(&self, seller: AccountId, book: BookId, form: ListingEditForm) -> Result<BookDetail, EditListingError> {
        let edit = form.parse().map_err(EditListingError::Invalid)?;
        Ok(self.listings.edit(seller, book, &edit).await?)
    }
}

#[cfg(test)]
mod tests {
    use async_trait::async_trait;
    use puronoboi_domain::{AccountRole, BookStatus, FieldReason, ListingEdit};
    use puronoboi_fakes::accounts::{InMemoryAccounts, new_account};
    use puronoboi_fakes::catalogue::{add_category, first_page, listing_form};
    use puronoboi_fakes::images::InMemoryImageHost;
    use puronoboi_fakes::pictures::{png_of, wide_rgb};
    use puronoboi_fakes::shop::InMemoryShop;
    use puronoboi_ports::AccountStore as _;

    use super::*;
    use crate::uploads::UploadGate;

    /// `create` never reads or changes listings once stored.
    struct NoListings;

    #[async_trait]
    impl SellerListings for NoListings {
        async fn seller_books(&self, _: AccountId, _: PageRequest) -> Result<Page<SellerListing>, StoreError> {
            unreachable!("not a listing's creation")
        }
        async fn set_advertised(&self, _: AccountId, _: BookId, _: bool) -> Result<BookDetail, ListingChangeError> {
            unreachable!("not a listing's creation")
        }
        async fn withdraw(&self, _: AccountId, _: BookId) -> Result<(), ListingChangeError> {
            unreachable!("not a listing's creation")
        }
        async fn edit(&self, _: AccountId, _: BookId, _: &ListingEdit) -> Result<BookDetail, ListingChangeError> {
            unreachable!("not a listing's creation")
        }
    }

    struct World {
        shop: Arc<InMemoryShop>,
        images: Arc<InMemoryImageHost>,
        listings: Listings,
        seller: Account,
    }

    async fn world() -> World {
        let accounts = Arc::new(InMemoryAccounts::default());
        let shop = Arc::new(InMemoryShop::new(accounts.clone()));
        let images = Arc::new(InMemoryImageHost::default());
        let photos = Photos::new(images.clone(), accounts.clone());
        let listings = Listings::new(shop.clone(), shop.clone(), Arc::new(NoListings), photos);
        let seller =
            accounts.open_identity_account(new_account("lister", "lister@example.test", true, AccountRole::Seller)).await.expect("opens");
        World { shop, images, listings, seller }
    }

    fn request(category: CategoryChoice) -> NewListing {
        NewListing {
            form: listing_form("Pather Panchali", 180),
            category: Some(category),
            picture: Some(png_of(&wide_rgb())),
            unreadable: FieldErrors::new(),
        }
    }

    async fn slot() -> UploadSlot {
        UploadGate::default().enter().await.expect("a free slot")
    }

    #[tokio::test]
    async fn a_listing_is_stored_with_its_checked_picture() {
        let w = world().await;
        let category = add_category(w.shop.as_ref(), "Novels").await;
        let detail = w.listings.create(&w.seller, &slot().await, request(CategoryChoice::Existing(category.id))).await.expect("listed");
        assert_eq!(
            (detail.book.title.as_str(), detail.book.status, &detail.book.category),
            ("Pather Panchali", BookStatus::Available, &category)
        );
        assert_eq!(w.images.kept(), vec![detail.book.picture_url.clone()], "the listing points at the picture the host keeps");
        assert_eq!(w.shop.book_detail(detail.book.id).await.expect("read"), Some(detail));
    }

    #[tokio::test]
    async fn the_picture_is_deleted_when_the_listing_cannot_be_stored() {
        let w = world().await;
        let category = add_category(w.shop.as_ref(), "Novels").await;
        // The seller's account vanished while the picture was being checked.
        let gone = Account { id: AccountId::new(), ..w.seller.clone() };
        let failed = w.listings.create(&gone, &slot().await, request(CategoryChoice::Existing(category.id))).await;
        assert!(matches!(failed, Err(CreateListingError::Unknown(_))), "{failed:?}");
        assert_eq!(w.images.stored().len(), 1, "the picture was stored first");
        assert_eq!(w.images.kept(), Vec::<String>::new(), "and deleted again");
        let (_, page) = w.shop.category_page(category.id, first_page(10)).await.expect("the category");
        assert_eq!(page.total, 0);
    }

    #[tokio::test]
    async fn a_bad_form_stores_nothing() {
        let w = world().await;
        let mut bad = request(CategoryChoice::Existing(puronoboi_domain::CategoryId::new()));
        bad.form.title = "  ".to_owned();
        bad.form.resale_price = None;
        bad.unreadable.insert("resalePrice", FieldError::of(&puronoboi_domain::WholeNumberError::NotANumber));
        bad.picture = None;
        let refused = w.listings.create(&w.seller, &slot().await, bad).await;
        let Err(CreateListingError::Invalid(errors)) = refused else { panic!("expected Invalid, got {refused:?}") };
        assert_eq!(errors.keys().copied().collect::<Vec<_>>(), vec!["categoryId", "image", "resalePrice", "title"]);
        assert_eq!(errors["resalePrice"].reason(), FieldReason::NotANumber, "unreadable, not missing");
        assert_eq!((errors["categoryId"].reason(), errors["image"].reason()), (FieldReason::UnknownCategory, FieldReason::Required));
        assert_eq!(errors["title"].reason(), FieldReason::Required);
        assert!(w.images.stored().is_empty(), "no picture was taken");
        assert!(w.shop.is_empty().await.expect("read"), "no category was added");
    }

    #[tokio::test]
    async fn a_new_category_over_the_daily_limit_costs_no_upload_and_an_existing_name_is_reused() {
        let w = world().await;
        for n in 0..CategoryName::NEW_PER_SELLER_PER_DAY {
            let name = CategoryName::parse(&format!("Mine {n}")).expect("a name");
            w.shop.add_seller_category(w.seller.id, &name, CategoryName::NEW_PER_SELLER_PER_DAY).await.expect("added");
        }
        let refused = w.listings.create(&w.seller, &slot().await, request(CategoryChoice::New("Travel".to_owned()))).await;
        let Err(CreateListingError::Invalid(errors)) = refused else { panic!("expected Invalid, got {refused:?}") };
        assert_eq!(errors.get("newCategory"), Some(&FieldError::of(&NewCategoriesUsedUp)));
        assert_eq!(errors["newCategory"].reason(), FieldReason::DailyLimitReached { limit: CategoryName::NEW_PER_SELLER_PER_DAY });
        assert!(w.images.stored().is_empty(), "refused before the upload");

        let reused = w.listings.create(&w.seller, &slot().await, request(CategoryChoice::New("MINE 1".to_owned()))).await.expect("listed");
        assert_eq!(reused.book.category.name, "Mine 1", "an existing name counts against nothing");
    }

    #[test]
    fn the_daily_limit_message_names_the_limit_the_rule_applies() {
        let limit = format!("at most {} new categories a day", CategoryName::NEW_PER_SELLER_PER_DAY);
        assert!(NewCategoriesUsedUp.to_string().contains(&limit), "{NewCategoriesUsedUp}");
    }
}
