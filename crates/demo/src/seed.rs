//! Fills an empty store with the demo catalogue, through the same ports the product uses; only its accounts, which no
//! use case opens (nobody has signed in yet), are opened through the PostgreSQL adapter itself.

use std::collections::HashMap;

use puronoboi_domain::{
    Account, AccountId, AccountRole, BookLanguage, CategoryId, CategoryName, Condition, Email, FieldErrors, ListingForm, Location, NewBook,
    NewReview, OrderContact, PersonName, Phone, ReviewContent, ReviewForm, ReviewId,
};
use puronoboi_ports::{
    AccountStore, AddCategoryError, CatalogueReader, CatalogueWriter as _, Handover, ImageHost, ImageHostError, ListBookError,
    OrderChangeError, OrderStore, PlaceOrderError, Placed, ReviewStore as _, Secured, StoreError,
};
use puronoboi_postgres::{PgStore, SeedAccountError, SeededAccount};

use crate::catalogue::{BOOKS, CATEGORIES, DemoStatus, SELLERS};
use crate::cover::{CopyPhoto, copy_photo_svg, cover_svg};

/// The demo data is checked by the same rules as anything a seller types; a bad entry is a bug in the data.
fn bad_data(what: &str) -> impl Fn(String) -> SeedError + '_ {
    move |problem| SeedError::BadDemoData(format!("{what}: {problem}"))
}

fn describe(errors: &FieldErrors) -> String {
    errors.iter().map(|(field, problem)| format!("{field}: {problem}")).collect::<Vec<_>>().join("; ")
}

#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("the demo catalogue is inconsistent: {0}")]
    BadDemoData(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    OpenAccount(#[from] SeedAccountError),
    #[error(transparent)]
    AddCategory(#[from] AddCategoryError),
    #[error(transparent)]
    ListBook(#[from] ListBookError),
    #[error(transparent)]
    Picture(#[from] ImageHostError),
    #[error(transparent)]
    PlaceOrder(#[from] PlaceOrderError),
    #[error(transparent)]
    HandOver(#[from] puronoboi_ports::HandoverError),
    #[error(transparent)]
    Review(#[from] puronoboi_ports::AddReviewError),
    #[error(transparent)]
    Settle(#[from] puronoboi_ports::SettleError),
    #[error(transparent)]
    Complete(#[from] OrderChangeError),
}

/// The buyers who hold or bought the demo's held and sold books (name, e-mail, phone, where they meet). They have
/// no sign-ins: every held or sold book has a real order behind it, as in the product, without touching the
/// orders of the demo buyers people sign in as.
pub const ORDER_BUYERS: [(&str, &str, &str, &str); 2] = [
    ("Shirin Sultana", "shirin@puronoboi.test", "01911-223344", "Shahbag, Dhaka"),
    ("Rafiq Ahmed", "rafiq@puronoboi.test", "01556-778899", "Chawkbazar, Chattogram"),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeedReport {
    pub categories: usize,
    pub sellers: usize,
    pub books: usize,
}

/// Seeds the demo catalogue when the store has no categories yet; otherwise leaves it alone and answers `None`.
pub async fn seed_if_empty(
    reader: &dyn CatalogueReader,
    writer: &PgStore,
    accounts: &dyn AccountStore,
    orders: &dyn OrderStore,
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

    let mut sellers: HashMap<&str, (AccountId, &str, Email)> = HashMap::new();
    for seller in SELLERS {
        let email = Email::parse(seller.email).map_err(|e| bad_data(seller.email)(e.to_string()))?;
        let id = writer
            .open_seeded_account(SeededAccount {
                name: PersonName::parse(seller.name).map_err(|e| bad_data(seller.name)(e.to_string()))?,
                email: email.clone(),
                role: AccountRole::Seller,
                verified: seller.verified,
            })
            .await?;
        sellers.insert(seller.key, (id, seller.name, email));
    }

    let mut order_buyers: Vec<(Account, OrderContact)> = Vec::new();
    for (name, email, phone, location) in ORDER_BUYERS {
        let id = writer
            .open_seeded_account(SeededAccount {
                name: PersonName::parse(name).map_err(|e| bad_data(name)(e.to_string()))?,
                email: Email::parse(email).map_err(|e| bad_data(email)(e.to_string()))?,
                role: AccountRole::Buyer,
                verified: false,
            })
            .await?;
        let account = accounts.account_by_id(id).await?.ok_or_else(|| SeedError::BadDemoData(format!("{email} was not opened")))?;
        let contact = OrderContact {
            phone: Phone::parse(phone).map_err(|e| bad_data(phone)(e.to_string()))?,
            location: Location::parse(location).map_err(|e| bad_data(location)(e.to_string()))?,
        };
        order_buyers.push((account, contact));
    }

    for (n, demo) in BOOKS.iter().enumerate() {
        let (seller_id, seller_name, seller_email) =
            sellers.get(demo.seller).ok_or_else(|| SeedError::BadDemoData(format!("unknown seller {:?}", demo.seller)))?;
        let category_id =
            *category_ids.get(demo.category).ok_or_else(|| SeedError::BadDemoData(format!("unknown category {:?}", demo.category)))?;
        let listing = ListingForm {
            title: demo.title.to_owned(),
            author: demo.author.to_owned(),
            description: Some(demo.description.to_owned()),
            publish_year: demo.publish_year.map(i64::from),
            ratings: Some(demo.ratings),
            reviews: Some(i64::from(demo.reviews)),
            seller_name: (*seller_name).to_owned(),
            location: demo.location.to_owned(),
            phone: demo.phone.to_owned(),
            original_price: Some(i64::from(demo.original_price)),
            resale_price: Some(i64::from(demo.resale_price)),
            condition: Some(demo_condition(n).as_str().to_owned()),
            language: Some(demo_language(demo.title).as_str().to_owned()),
            isbn: None,
        }
        // The demo's years are all in the past; the year the data was written is as good as today's.
        .parse(2026)
        .map_err(|errors| bad_data(demo.title)(describe(&errors)))?;
        let picture_url = pictures.store(cover_svg(demo.title, demo.author, demo.category).into_bytes(), "svg").await?;
        // Every third copy shows its back and its title page too, as a seller photographs a copy.
        let mut more_photos = Vec::new();
        if n % 3 == 0 {
            for kind in [CopyPhoto::Back, CopyPhoto::TitlePage] {
                let photo = copy_photo_svg(demo.title, demo.author, demo.category, kind);
                more_photos.push(pictures.store(photo.into_bytes(), "svg").await?);
            }
        }

        let id = writer
            .list_book(NewBook {
                seller_id: *seller_id,
                category_id,
                picture_url,
                more_photos,
                seller_email: seller_email.clone(),
                listing,
                advertised: demo.advertised,
            })
            .await?;

        // A held book is held by a pending order and a sold one was handed over (cash at the meeting, the buyer's
        // code entered by the seller), as anywhere in the product.
        if matches!(demo.status, DemoStatus::Pending | DemoStatus::Sold) {
            let (buyer, contact) = &order_buyers[n % order_buyers.len()];
            let order = match orders.place_order(buyer, id, contact, i64::MAX).await? {
                Placed::New(order) | Placed::Existing(order) => order,
            };
            if demo.status == DemoStatus::Sold {
                // Every other sold book was paid with a card held until the handover, and captured there (the demo
                // has no payment provider: the hold is recorded as the provider would have reported it).
                if n % 2 == 1 {
                    let payment = format!("demo_payment_{}", order.id.as_uuid().simple());
                    orders.settle_payment(order.id, &payment, Secured::Held).await?;
                }
                match orders.hand_over(*seller_id, order.id, true, chrono::Utc::now()).await? {
                    Handover::CaptureDue(held) => {
                        orders.complete_held(held.id, chrono::Utc::now()).await?;
                    }
                    Handover::Completed(_) | Handover::WrongCode(_) => {}
                }
                // Most buyers reviewed their handover, so the demo's sellers show a score.
                if let Some(content) = demo_review(n) {
                    let review = NewReview {
                        id: ReviewId::new(),
                        order_id: order.id,
                        book_id: id,
                        seller_id: *seller_id,
                        buyer_id: buyer.id,
                        content,
                        created_at: chrono::Utc::now(),
                    };
                    writer.add_review(&review).await?;
                }
            }
        }
    }

    // The seeded orders' e-mails would tell the demo's sellers and buyers of a past they did not live.
    writer.drop_seeded_notices().await.map_err(StoreError)?;
    let report = SeedReport { categories: CATEGORIES.len(), sellers: SELLERS.len(), books: BOOKS.len() };
    tracing::info!(?report, "seeded the demo catalogue");
    Ok(Some(report))
}

/// The demo's grades, spread over the catalogue the way a used-book shelf runs: mostly very good and good copies.
fn demo_condition(n: usize) -> Condition {
    const SPREAD: [Condition; 8] = [
        Condition::VeryGood,
        Condition::Good,
        Condition::LikeNew,
        Condition::Good,
        Condition::VeryGood,
        Condition::Acceptable,
        Condition::Good,
        Condition::VeryGood,
    ];
    SPREAD[n % SPREAD.len()]
}

/// The review of the `n`th demo book's sale, for most sales: mostly happy buyers, as on a marketplace that works.
fn demo_review(n: usize) -> Option<ReviewContent> {
    const COMMENTS: [Option<&str>; 4] = [
        Some("বইটা ঠিক যেমন বলা হয়েছিল তেমনই। সময়মতো এসেছেন।"),
        Some("Exactly as described, and on time at Nilkhet."),
        None,
        Some("ভালো অবস্থা, তবে দেখা করতে একটু দেরি হয়েছিল।"),
    ];
    if n % 4 == 3 {
        return None;
    }
    let on_time = if n % 4 == 2 { 3 } else { 5 };
    let form = ReviewForm {
        as_described: 4 + i64::from(n.is_multiple_of(2)),
        communication: 5,
        on_time,
        comment: COMMENTS[n % COMMENTS.len()].map(str::to_owned),
    };
    form.parse().ok()
}

/// A demo title in Bengali letters is a Bangla book; the others are English.
fn demo_language(title: &str) -> BookLanguage {
    if title.chars().any(|c| ('\u{0980}'..='\u{09FF}').contains(&c)) { BookLanguage::Bangla } else { BookLanguage::English }
}
