//! The catalogue on the wire.

use puronoboi_domain::{BookCard, BookDetail, BookLanguage, BookStatus, Category, CategorySummary, Condition};
use puronoboi_ports::CategoryGroup;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum BookStatusDto {
    Available,
    Pending,
    Sold,
    /// The seller deleted the listing, or the seller's account was closed. Seen only by the seller.
    Withdrawn,
    /// Off the shop after reports or by the admin, until the admin restores it; `hiddenReason` says why. Seen only by
    /// the seller and the admin.
    Hidden,
}

impl From<BookStatus> for BookStatusDto {
    fn from(s: BookStatus) -> Self {
        match s {
            BookStatus::Available => Self::Available,
            BookStatus::Pending => Self::Pending,
            BookStatus::Sold => Self::Sold,
            BookStatus::Withdrawn => Self::Withdrawn,
            BookStatus::Hidden => Self::Hidden,
        }
    }
}

/// How worn the copy is, best first. `like_new`: as if unread, no marks, tight spine. `very_good`: read with care,
/// slight wear on the cover or edges, no writing, no loose pages. `good`: clearly read, a creased spine or worn cover,
/// a few marks or a name inside, every page there (listings from before grades existed read as `good`).
/// `acceptable`: heavily used but whole and readable: notes, highlighting, stains or a loose cover; no missing pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ConditionDto {
    LikeNew,
    VeryGood,
    Good,
    Acceptable,
}

impl From<Condition> for ConditionDto {
    fn from(c: Condition) -> Self {
        match c {
            Condition::LikeNew => Self::LikeNew,
            Condition::VeryGood => Self::VeryGood,
            Condition::Good => Self::Good,
            Condition::Acceptable => Self::Acceptable,
        }
    }
}

impl From<ConditionDto> for Condition {
    fn from(c: ConditionDto) -> Self {
        match c {
            ConditionDto::LikeNew => Self::LikeNew,
            ConditionDto::VeryGood => Self::VeryGood,
            ConditionDto::Good => Self::Good,
            ConditionDto::Acceptable => Self::Acceptable,
        }
    }
}

/// The language a book is written in: `bn` Bangla, `en` English, `other` another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum BookLanguageDto {
    Bn,
    En,
    Other,
}

impl From<BookLanguage> for BookLanguageDto {
    fn from(l: BookLanguage) -> Self {
        match l {
            BookLanguage::Bangla => Self::Bn,
            BookLanguage::English => Self::En,
            BookLanguage::Other => Self::Other,
        }
    }
}

impl From<BookLanguageDto> for BookLanguage {
    fn from(l: BookLanguageDto) -> Self {
        match l {
            BookLanguageDto::Bn => Self::Bangla,
            BookLanguageDto::En => Self::English,
            BookLanguageDto::Other => Self::Other,
        }
    }
}

#[derive(Debug, Serialize, TS, ToSchema)]
#[ts(export)]
pub struct CategoryDto {
    pub id: Uuid,
    pub name: String,
}

impl From<Category> for CategoryDto {
    fn from(c: Category) -> Self {
        Self { id: c.id.as_uuid(), name: c.name }
    }
}

#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CategorySummaryDto {
    pub id: Uuid,
    pub name: String,
    /// Books a buyer can still order in this category.
    #[ts(type = "number")]
    pub book_count: i64,
}

impl From<CategorySummary> for CategorySummaryDto {
    fn from(c: CategorySummary) -> Self {
        Self { id: c.id.as_uuid(), name: c.name, book_count: c.available_books }
    }
}

/// One book in a grid.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BookCardDto {
    pub id: Uuid,
    /// The category the book is listed in.
    pub category_id: Uuid,
    pub title: String,
    pub author: String,
    /// Image URL, absolute or relative to this server.
    pub picture: String,
    pub ratings: f64,
    pub reviews: i32,
    /// Whole taka.
    pub resale_price: i32,
    /// Whole taka.
    pub original_price: i32,
    pub location: String,
    pub seller_verified: bool,
    pub status: BookStatusDto,
    /// How worn the copy is.
    pub condition: ConditionDto,
}

impl From<BookCard> for BookCardDto {
    fn from(b: BookCard) -> Self {
        Self {
            id: b.id.as_uuid(),
            category_id: b.category_id.as_uuid(),
            title: b.title.into_inner(),
            author: b.author.into_inner(),
            picture: b.picture_url,
            ratings: b.ratings.value(),
            reviews: b.reviews.count(),
            resale_price: b.resale_price.amount(),
            original_price: b.original_price.amount(),
            location: b.location.into_inner(),
            seller_verified: b.seller_verified,
            status: b.status.into(),
            condition: b.condition.into(),
        }
    }
}

#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CategoryGroupDto {
    pub category: CategoryDto,
    /// The newest few available books.
    pub books: Vec<BookCardDto>,
    /// Every available book in the category.
    #[ts(type = "number")]
    pub book_count: i64,
}

impl From<CategoryGroup> for CategoryGroupDto {
    fn from(g: CategoryGroup) -> Self {
        Self { category: g.category.into(), books: g.books.into_iter().map(Into::into).collect(), book_count: g.available_books }
    }
}

#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CategoryPageDto {
    pub category: CategoryDto,
    pub books: Vec<BookCardDto>,
    pub page: u32,
    pub per_page: u32,
    /// Available books in the whole category.
    #[ts(type = "number")]
    pub total: i64,
}

#[derive(Debug, Serialize, TS, ToSchema)]
#[ts(export)]
pub struct SellerDto {
    /// The seller's account: their page is `/sellers/{id}`.
    pub id: Uuid,
    pub name: String,
    /// Shown as 01XXX-XXXXXX; `null` for anonymous visitors (contact details are for signed-in users only).
    pub phone: Option<String>,
    /// `null` for anonymous visitors.
    pub email: Option<String>,
    pub location: String,
    /// The seller account's current verified flag.
    pub verified: bool,
    pub score: super::SellerScoreDto,
}

/// A book's own page.
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BookDetailDto {
    pub id: Uuid,
    pub title: String,
    pub author: String,
    pub category: CategoryDto,
    pub description: String,
    /// The cover: the first of `pictures`.
    pub picture: String,
    /// Every photo of the copy, the cover first (1 to 5).
    pub pictures: Vec<String>,
    pub publish_year: Option<i32>,
    pub ratings: f64,
    pub reviews: i32,
    pub original_price: i32,
    pub resale_price: i32,
    pub status: BookStatusDto,
    pub advertised: bool,
    /// RFC 3339.
    pub created_at: String,
    /// How worn the copy is.
    pub condition: ConditionDto,
    /// The language the book is written in; `null` when its seller did not say.
    pub language: Option<BookLanguageDto>,
    /// The ISBN as its 13 digits (an ISBN-10 is converted); `null` for none.
    pub isbn: Option<String>,
    pub seller: SellerDto,
}

/// Whether the viewer may see the seller's phone and e-mail: signed-in users only, so that anonymous scrapers
/// cannot harvest sellers' contact details.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactVisibility {
    Shown,
    Hidden,
}

impl BookDetailDto {
    pub fn new(d: BookDetail, contact: ContactVisibility, score: super::SellerScoreDto) -> Self {
        let b = d.book;
        let seller_id = b.seller_id.as_uuid();
        let shown = contact == ContactVisibility::Shown;
        Self {
            id: b.id.as_uuid(),
            title: b.title.into_inner(),
            author: b.author.into_inner(),
            category: b.category.into(),
            description: b.description.as_str().to_owned(),
            picture: b.picture_url,
            pictures: b.photos,
            publish_year: b.publish_year.map(|y| y.value()),
            ratings: b.ratings.value(),
            reviews: b.reviews.count(),
            original_price: b.original_price.amount(),
            resale_price: b.resale_price.amount(),
            status: b.status.into(),
            advertised: b.advertised,
            created_at: b.created_at.to_rfc3339(),
            condition: b.condition.into(),
            language: b.language.map(Into::into),
            isbn: b.isbn.map(|i| i.as_str().to_owned()),
            seller: SellerDto {
                id: seller_id,
                name: d.seller.name.into_inner(),
                phone: shown.then(|| d.seller.phone.display()),
                email: shown.then(|| d.seller.email.as_str().to_owned()),
                location: d.seller.location.into_inner(),
                verified: d.seller.verified,
                score,
            },
        }
    }
}

#[derive(Debug, Serialize, TS, ToSchema)]
#[ts(export)]
pub struct HealthDto {
    pub status: String,
}

/// How the browser signs people in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum AuthMode {
    /// Sign-in is not configured yet.
    None,
    /// The Firebase Auth emulator (local runs and tests).
    Emulator,
    /// A real Firebase project.
    Firebase,
}

#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FirebaseWebConfigDto {
    pub api_key: String,
    pub auth_domain: String,
    pub project_id: String,
    /// Set in emulator mode: where the browser SDK connects instead of Google.
    pub emulator_url: Option<String>,
}

#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[ts(export)]
pub struct AuthConfigDto {
    pub mode: AuthMode,
    pub firebase: Option<FirebaseWebConfigDto>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum PaymentProvider {
    /// Card payments are not configured yet.
    None,
    Stripe,
}

#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaymentsConfigDto {
    pub provider: PaymentProvider,
    pub publishable_key: Option<String>,
    /// Where Stripe.js is loaded from (localstripe serves its own stand-in).
    pub stripe_js_url: Option<String>,
    /// The lowest price, in whole taka, that can be paid by card: the provider refuses smaller charges.
    pub card_minimum_taka: i32,
}

/// What the browser needs at run time; the web app is built once and configured from here.
#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[ts(export)]
pub struct PublicConfigDto {
    pub auth: AuthConfigDto,
    pub payments: PaymentsConfigDto,
}

impl PublicConfigDto {
    /// Until sign-in and payments land, the browser is told neither is available.
    pub fn placeholder() -> Self {
        Self {
            auth: AuthConfigDto { mode: AuthMode::None, firebase: None },
            payments: PaymentsConfigDto {
                provider: PaymentProvider::None,
                publishable_key: None,
                stripe_js_url: None,
                card_minimum_taka: super::DEFAULT_CARD_MINIMUM_TAKA,
            },
        }
    }
}
