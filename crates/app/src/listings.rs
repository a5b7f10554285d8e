//! A seller's listings: listing a book with its checked picture, and what the owner may do with it afterwards.

use std::sync::Arc;

use chrono::Datelike as _;
use puronoboi_domain::{
    Account, AccountId, BookDetail, BookId, BookStatus, CategoryChoice, CategoryChoiceError, CategoryName, FieldError, FieldErrors,
    ListingEditForm, ListingForm, MAX_PHOTOS, NewBook, NewCategoriesUsedUp, Page, PageRequest, TooManyPhotos,
};
use puronoboi_ports::{
    AddCategoryError, CatalogueReader, CatalogueWriter, ListBookError, ListingChangeError, PhotoChangeError, SellerListing, SellerListings,
    StoreError,
};

use crate::photos::{PhotoError, Photos};
use crate::uploads::UploadSlot;

/// The add-book form as it arrived, photos included.
#[derive(Debug, Default)]
pub struct NewListing {
    pub form: ListingForm,
    pub category: Option<CategoryChoice>,
    /// The photos of the copy in the seller's order, the cover first: 1 to [`MAX_PHOTOS`].
    pub pictures: Vec<Vec<u8>>,
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
pub enum AddPhotoError {
    #[error(transparent)]
    Change(#[from] PhotoChangeError),
    #[error(transparent)]
    Picture(PhotoError),
}

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
        if request.pictures.is_empty() {
            errors.insert("image", FieldError::required());
        } else if request.pictures.len() > MAX_PHOTOS {
            errors.insert("image", FieldError::of(&TooManyPhotos));
        }
        let (Some(listing), Some(category)) = (listing, category) else {
            return Err(CreateListingError::Invalid(errors));
        };
        if !errors.is_empty() {
            return Err(CreateListingError::Invalid(errors));
        }

        // Every photo is checked and stored before the listing is written; one refused photo refuses the listing
        // and takes the ones stored before it away again.
        let mut photo_urls = Vec::with_capacity(request.pictures.len());
        for picture in request.pictures {
            match self.photos.store_upload(slot, picture).await {
                Ok(url) => photo_urls.push(url),
                Err(e) => {
                    for url in &photo_urls {
                        self.photos.forget(url).await;
                    }
                    return Err(CreateListingError::Picture(e));
                }
            }
        }
        let picture_url = photo_urls[0].clone();
        let more_photos = photo_urls[1..].to_vec();
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
                more_photos,
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
                for url in &photo_urls {
                    self.photos.forget(url).await;
                }
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

    /// Whether the seller's book may take another photo: theirs, available, and not full. Asked before an upload is
    /// admitted, so that a refused photo costs neither the account's upload rate nor a decode.
    pub async fn photo_room(&self, seller: AccountId, book: BookId) -> Result<(), PhotoChangeError> {
        let current = self.reader.book_detail(book).await?;
        let current = current.filter(|d| d.book.seller_id == seller && d.book.status != BookStatus::Withdrawn);
        let current = current.ok_or(PhotoChangeError::NotFound)?;
        if current.book.status != BookStatus::Available {
            return Err(PhotoChangeError::Unavailable(current.book.status));
        }
        if current.book.photos.len() >= MAX_PHOTOS {
            return Err(PhotoChangeError::Full);
        }
        Ok(())
    }

    /// Adds a photo of the copy after the others. Ask [`Listings::photo_room`] before taking the upload (so that a
    /// refusal costs none); the statement that adds the photo is what decides, and a photo it refuses is deleted.
    pub async fn add_photo(
        &self,
        seller: AccountId,
        slot: &UploadSlot,
        book: BookId,
        picture: Vec<u8>,
    ) -> Result<BookDetail, AddPhotoError> {
        let url = self.photos.store_upload(slot, picture).await.map_err(AddPhotoError::Picture)?;
        match self.listings.add_photo(seller, book, &url).await {
            Ok(detail) => Ok(detail),
            Err(e) => {
                self.photos.forget(&url).await;
                Err(e.into())
            }
        }
    }

    /// Removes the photo at `position` (0 is the cover) and deletes it from the image host.
    pub async fn remove_photo(&self, seller: AccountId, book: BookId, position: usize) -> Result<BookDetail, PhotoChangeError> {
        let (detail, removed) = self.listings.remove_photo(seller, book, position).await?;
        self.photos.forget(&removed).await;
        Ok(detail)
    }

    /// Puts the photos in the seller's order (their addresses, the new cover first).
    pub async fn order_photos(&self, seller: AccountId, book: BookId, order: &[String]) -> Result<BookDetail, PhotoChangeError> {
        if order.is_empty() || order.len() > MAX_PHOTOS {
            return Err(PhotoChangeError::NotTheSamePhotos);
        }
        self.listings.order_photos(seller, book, order).await
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
        async fn add_photo(&self, _: AccountId, _: BookId, _: &str) -> Result<BookDetail, PhotoChangeError> {
            unreachable!("not a listing's creation")
        }
        async fn remove_photo(&self, _: AccountId, _: BookId, _: usize) -> Result<(BookDetail, String), PhotoChangeError> {
            unreachable!("not a listing's creation")
        }
        async fn order_photos(&self, _: AccountId, _: BookId, _: &[String]) -> Result<BookDetail, PhotoChangeError> {
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
            pictures: vec![png_of(&wide_rgb())],
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
        bad.pictures = Vec::new();
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
