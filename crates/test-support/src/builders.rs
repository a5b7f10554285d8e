//! Builders for catalogue rows, through the same ports the product writes with.

use puronoboi_domain::{AccountId, AccountRole, BookId, Category, CategoryName, Email, ListingForm, NewBook, PersonName};
use puronoboi_ports::{CatalogueWriter, NewAccount};

pub async fn seller(store: &dyn CatalogueWriter, email: &str, verified: bool) -> AccountId {
    store
        .open_account(NewAccount {
            name: PersonName::parse(&format!("Seller {email}")).expect("a valid name"),
            email: Email::parse(email).expect("a valid e-mail"),
            role: AccountRole::Seller,
            verified,
        })
        .await
        .expect("open a seller account")
}

pub async fn category(store: &dyn CatalogueWriter, name: &str) -> Category {
    store.add_category(&CategoryName::parse(name).expect("a valid name")).await.expect("add a category")
}

/// The add-book form as a seller would fill it in; adjust fields before [`book_from`].
pub fn form(title: &str) -> ListingForm {
    ListingForm {
        title: title.to_owned(),
        author: "Humayun Ahmed".to_owned(),
        description: Some("Clean copy, no markings.".to_owned()),
        publish_year: Some(1995),
        ratings: Some(4.5),
        reviews: Some(12),
        seller_name: "Rahim Uddin".to_owned(),
        location: "Dhanmondi, Dhaka".to_owned(),
        phone: "01715384926".to_owned(),
        original_price: Some(500),
        resale_price: Some(250),
    }
}

pub fn book_from(seller_id: AccountId, category: &Category, form: ListingForm) -> NewBook {
    NewBook {
        seller_id,
        category_id: category.id,
        picture_url: "/images/test.svg".to_owned(),
        seller_email: Email::parse("rahim@example.com").expect("a valid e-mail"),
        listing: form.parse(2026).expect("a valid listing"),
        advertised: false,
    }
}

/// A valid listing with sensible defaults; adjust fields before `list`.
pub fn book(seller_id: AccountId, category: &Category, title: &str) -> NewBook {
    book_from(seller_id, category, form(title))
}

pub async fn list(store: &dyn CatalogueWriter, book: NewBook) -> BookId {
    store.list_book(book).await.expect("list a book")
}
