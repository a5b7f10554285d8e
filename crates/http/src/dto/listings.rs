//! A seller's own listings, and the admin's tables of accounts.

use std::collections::BTreeMap;

use puronoboi_app::listings::NewListing;
use puronoboi_domain::{CategoryChoice, CategoryChoiceError, FieldError, FieldErrors, ListingForm, parse_number, parse_whole_number};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{BookLanguageDto, BookStatusDto, BuyerContactDto, CategoryDto, ConditionDto, ReportReasonDto};

/// One page of a list: every paged list added since sellers and admins arrived answers this shape.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PageDto<T: TS> {
    pub items: Vec<T>,
    pub page: u32,
    pub per_page: u32,
    /// Items in the whole list.
    #[ts(type = "number")]
    pub total: i64,
}

/// A listing as its seller sees it among their listings (every status but withdrawn), and what `POST /api/books`,
/// `PATCH /api/books/{id}` and the advertise calls answer.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SellerBookDto {
    pub id: Uuid,
    pub title: String,
    pub author: String,
    pub category: CategoryDto,
    /// The cover: the first of `pictures`.
    pub picture: String,
    /// Every photo of the copy, the cover first (1 to 5).
    pub pictures: Vec<String>,
    pub description: String,
    pub publish_year: Option<i32>,
    pub ratings: f64,
    pub reviews: i32,
    pub condition: ConditionDto,
    pub language: Option<BookLanguageDto>,
    /// 13 digits.
    pub isbn: Option<String>,
    /// The name shown as the seller on this listing.
    pub seller_name: String,
    pub location: String,
    /// 01XXX-XXXXXX.
    pub phone: String,
    pub original_price: i32,
    pub resale_price: i32,
    pub status: BookStatusDto,
    pub advertised: bool,
    /// RFC 3339.
    pub created_at: String,
    /// The buyer holding (pending) or who bought (sold) the book, so that seller and buyer can meet.
    pub buyer: Option<BuyerContactDto>,
    /// Why a hidden listing is off the shop (reports, or the admin); `null` unless `status` is `hidden`.
    pub hidden_reason: Option<ReportReasonDto>,
}

/// `PATCH /api/books/{id}`: what the owner may change on an available listing. Absent fields stay as they are.
#[derive(Debug, Clone, Default, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export, optional_fields)]
pub struct EditListingDto {
    /// Whole taka.
    #[ts(type = "number", optional)]
    pub original_price: Option<i64>,
    /// Whole taka.
    #[ts(type = "number", optional)]
    pub resale_price: Option<i64>,
    pub description: Option<String>,
    pub location: Option<String>,
    /// A Bangladesh mobile number, in Latin or Bengali digits, spaces and dashes allowed.
    pub phone: Option<String>,
    /// `like_new`, `very_good`, `good` or `acceptable`.
    pub condition: Option<String>,
    /// `bn`, `en` or `other`; an empty string takes the language away.
    pub language: Option<String>,
    /// ISBN-10 or ISBN-13 (hyphens, spaces and Bengali digits allowed); an empty string takes the ISBN away.
    pub isbn: Option<String>,
}

/// `PUT /api/books/{id}/pictures/order`: the listing's photos in their new order, the cover first.
#[derive(Debug, Clone, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct PictureOrderDto {
    /// Each of the listing's photo addresses (as `pictures` lists them) exactly once.
    #[schema(min_items = 1, max_items = 5)]
    pub order: Vec<String>,
}

/// The add-book form's text fields as they arrived: multipart/form-data sends every value as text, by its camelCase
/// name.
#[derive(Debug, Default)]
pub struct NewListingFields(pub BTreeMap<String, String>);

impl NewListingFields {
    /// Every text field the form has.
    pub const NAMES: [&'static str; 16] = [
        "title",
        "author",
        "categoryId",
        "newCategory",
        "sellerName",
        "location",
        "phone",
        "originalPrice",
        "resalePrice",
        "publishYear",
        "description",
        "ratings",
        "reviews",
        "condition",
        "language",
        "isbn",
    ];

    /// The listing the form asks for, with its picture. A field that cannot even be read as what it stands for (a
    /// price that is not a number, two categories) travels in [`NewListing::unreadable`], so the use case reports it
    /// with every other problem of the form at once. Numbers are read by the domain's parsers, so Bengali digits
    /// ("২৫০") are the same numbers as Latin ones.
    pub fn try_into_domain(self, pictures: Vec<Vec<u8>>) -> NewListing {
        let fields = self.0;
        let mut unreadable = FieldErrors::new();
        let text = |name: &str| fields.get(name).cloned().unwrap_or_default();
        let sent = |name: &str| fields.get(name).map(|value| value.trim()).filter(|value| !value.is_empty());
        let mut number = |name: &'static str| -> Option<i64> {
            parse_whole_number(sent(name)?).map_err(|problem| unreadable.insert(name, FieldError::of(&problem))).ok()
        };
        let (publish_year, reviews, original_price, resale_price) =
            (number("publishYear"), number("reviews"), number("originalPrice"), number("resalePrice"));
        let ratings = sent("ratings").and_then(|raw| {
            parse_number(raw)
                .map_err(|problem| unreadable.insert("ratings", FieldError::of(&problem).worded("must be a number from 0 to 5")))
                .ok()
        });
        let category =
            match CategoryChoice::parse(fields.get("categoryId").map(String::as_str), fields.get("newCategory").map(String::as_str)) {
                Ok(choice) => Some(choice),
                Err(problem) => {
                    unreadable.insert(CategoryChoiceError::FIELD, FieldError::of(&problem));
                    None
                }
            };
        NewListing {
            form: ListingForm {
                title: text("title"),
                author: text("author"),
                description: fields.get("description").cloned(),
                publish_year,
                ratings,
                reviews,
                seller_name: text("sellerName"),
                location: text("location"),
                phone: text("phone"),
                original_price,
                resale_price,
                condition: fields.get("condition").cloned(),
                language: fields.get("language").cloned(),
                isbn: fields.get("isbn").cloned(),
            },
            category,
            pictures,
            unreadable,
        }
    }
}

/// A row of the admin's seller table.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminSellerDto {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    /// Whether the holder proved they own `email` (a verified password sign-in or Google). An unproven address may
    /// belong to someone else: deleting such an account does not lock the address's owner out.
    pub email_proven: bool,
    pub verified: bool,
    /// RFC 3339.
    pub joined_at: String,
    /// Listings still on the shop or in a sale (available, pending or sold).
    #[ts(type = "number")]
    pub listings: i64,
}

/// A row of the admin's buyer table.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminBuyerDto {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    /// Whether the holder proved they own `email` (a verified password sign-in or Google). An unproven address may
    /// belong to someone else: deleting such an account does not lock the address's owner out.
    pub email_proven: bool,
    /// RFC 3339.
    pub joined_at: String,
    /// Orders placed (0 until ordering exists).
    #[ts(type = "number")]
    pub orders: i64,
}

impl From<puronoboi_domain::BookDetail> for SellerBookDto {
    fn from(d: puronoboi_domain::BookDetail) -> Self {
        let b = d.book;
        Self {
            id: b.id.as_uuid(),
            title: b.title.into_inner(),
            author: b.author.into_inner(),
            category: b.category.into(),
            picture: b.picture_url,
            pictures: b.photos,
            description: b.description.as_str().to_owned(),
            publish_year: b.publish_year.map(|y| y.value()),
            ratings: b.ratings.value(),
            reviews: b.reviews.count(),
            condition: b.condition.into(),
            language: b.language.map(Into::into),
            isbn: b.isbn.map(|i| i.as_str().to_owned()),
            seller_name: d.seller.name.into_inner(),
            location: d.seller.location.into_inner(),
            phone: d.seller.phone.display(),
            original_price: b.original_price.amount(),
            resale_price: b.resale_price.amount(),
            status: b.status.into(),
            advertised: b.advertised,
            created_at: b.created_at.to_rfc3339(),
            buyer: None,
            hidden_reason: None,
        }
    }
}

impl SellerBookDto {
    /// A seller's listing; `periods`: how long orders wait, for its order's handover deadline.
    pub fn new(l: puronoboi_ports::SellerListing, periods: puronoboi_app::orders::OrderPeriods) -> Self {
        Self {
            buyer: l.buyer.map(|buyer| BuyerContactDto::new(buyer, periods)),
            hidden_reason: l.hidden_reason.map(Into::into),
            ..l.book.into()
        }
    }
}

impl From<puronoboi_ports::AccountOverview> for AdminSellerDto {
    fn from(o: puronoboi_ports::AccountOverview) -> Self {
        let a = o.account;
        Self {
            id: a.id.as_uuid(),
            name: a.name,
            email: a.email.as_str().to_owned(),
            email_proven: a.email_verified,
            verified: a.verified,
            joined_at: a.created_at.to_rfc3339(),
            listings: o.activity,
        }
    }
}

impl From<puronoboi_ports::AccountOverview> for AdminBuyerDto {
    fn from(o: puronoboi_ports::AccountOverview) -> Self {
        let a = o.account;
        Self {
            id: a.id.as_uuid(),
            name: a.name,
            email: a.email.as_str().to_owned(),
            email_proven: a.email_verified,
            joined_at: a.created_at.to_rfc3339(),
            orders: o.activity,
        }
    }
}

impl From<EditListingDto> for puronoboi_domain::ListingEditForm {
    fn from(dto: EditListingDto) -> Self {
        Self {
            original_price: dto.original_price,
            resale_price: dto.resale_price,
            description: dto.description,
            location: dto.location,
            phone: dto.phone,
            condition: dto.condition,
            language: dto.language,
            isbn: dto.isbn,
        }
    }
}

impl<T: TS> PageDto<T> {
    /// A page of domain items, each turned into its DTO.
    pub fn from_page<D>(page: puronoboi_domain::Page<D>) -> Self
    where
        T: From<D>,
    {
        Self {
            items: page.items.into_iter().map(T::from).collect(),
            page: page.request.page(),
            per_page: page.request.per_page(),
            total: page.total,
        }
    }
}

#[cfg(test)]
mod tests {
    use puronoboi_domain::{CategoryId, FieldReason};

    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> NewListingFields {
        NewListingFields(pairs.iter().map(|(name, value)| ((*name).to_owned(), (*value).to_owned())).collect())
    }

    #[test]
    fn the_form_becomes_the_domains_listing_form() {
        let category = CategoryId::new();
        let listing = fields(&[
            ("title", "Banalata Sen"),
            ("author", "Jibanananda Das"),
            ("categoryId", &category.to_string()),
            ("sellerName", "Rahim"),
            ("location", "Nilkhet"),
            ("phone", "01715384926"),
            ("originalPrice", " 400 "),
            ("resalePrice", "250"),
            ("publishYear", "1942"),
            ("ratings", "4.5"),
            ("reviews", ""),
            ("condition", "very_good"),
            ("isbn", "৯৭৮-০-৩০৬-৪০৬১৫-৭"),
        ])
        .try_into_domain(vec![vec![1, 2, 3], vec![4]]);
        assert!(listing.unreadable.is_empty(), "{:?}", listing.unreadable);
        assert_eq!(listing.category, Some(CategoryChoice::Existing(category)));
        assert_eq!((listing.form.original_price, listing.form.resale_price, listing.form.publish_year), (Some(400), Some(250), Some(1942)));
        assert_eq!((listing.form.ratings, listing.form.reviews), (Some(4.5), None));
        assert_eq!((listing.form.title.as_str(), listing.form.description), ("Banalata Sen", None));
        assert_eq!(listing.pictures, vec![vec![1, 2, 3], vec![4]], "the photos in the order sent, the cover first");
        assert_eq!(
            (listing.form.condition.as_deref(), listing.form.language.as_deref(), listing.form.isbn.as_deref()),
            (Some("very_good"), None, Some("৯৭৮-০-৩০৬-৪০৬১৫-৭"))
        );
    }

    #[test]
    fn bengali_digits_are_the_same_numbers() {
        let listing = fields(&[
            ("originalPrice", "৪০০"),
            ("resalePrice", " ২৫০ "),
            ("publishYear", "১৯৪২"),
            ("ratings", "৪.৫"),
            ("reviews", "১২"),
            ("phone", "০১৭১৫৩৮৪৯২৬"),
            ("categoryId", &CategoryId::new().to_string()),
        ])
        .try_into_domain(Vec::new());
        assert!(listing.unreadable.is_empty(), "{:?}", listing.unreadable);
        assert_eq!((listing.form.original_price, listing.form.resale_price, listing.form.publish_year), (Some(400), Some(250), Some(1942)));
        assert_eq!((listing.form.ratings, listing.form.reviews), (Some(4.5), Some(12)));
    }

    #[test]
    fn every_unreadable_field_is_reported_on_its_own_name() {
        let listing = fields(&[
            ("originalPrice", "four hundred"),
            ("resalePrice", "250.50"),
            ("ratings", "good"),
            ("categoryId", "x"),
            ("newCategory", "Poetry"),
        ])
        .try_into_domain(Vec::new());
        let unreadable = &listing.unreadable;
        assert_eq!(unreadable.get("originalPrice").map(FieldError::message), Some("must be a whole number"));
        assert_eq!(unreadable.get("resalePrice").map(FieldError::message), Some("must be a whole number"));
        assert_eq!(unreadable.get("ratings").map(FieldError::message), Some("must be a number from 0 to 5"));
        assert_eq!(unreadable.get("categoryId").map(FieldError::message), Some(CategoryChoiceError::Both.to_string().as_str()));
        let reasons: Vec<_> = unreadable.iter().map(|(field, error)| (*field, error.reason())).collect();
        assert_eq!(
            reasons,
            [
                ("categoryId", FieldReason::NotBoth),
                ("originalPrice", FieldReason::NotANumber),
                ("ratings", FieldReason::NotANumber),
                ("resalePrice", FieldReason::NotWholeNumber),
            ]
        );
        assert_eq!((listing.category, listing.form.original_price), (None, None));
    }

    #[test]
    fn a_form_without_a_category_says_it_is_required() {
        let listing = fields(&[("title", "Gitanjali")]).try_into_domain(Vec::new());
        assert_eq!(listing.unreadable.get("categoryId"), Some(&FieldError::required()));
        assert_eq!(listing.category, None);
        let listing = fields(&[("categoryId", "poetry")]).try_into_domain(Vec::new());
        assert_eq!(listing.unreadable.get("categoryId").map(FieldError::reason), Some(FieldReason::UnknownCategory));
    }
}
