//! Builders for catalogue rows, through the same ports the product writes with.

use puronoboi_domain::{AccountId, AccountRole, BookId, Category, CategoryName, Taka};
use puronoboi_ports::{CatalogueWriter, NewAccount, NewBook};

pub async fn seller(store: &dyn CatalogueWriter, email: &str, verified: bool) -> AccountId {
    store
        .open_account(NewAccount { name: format!("Seller {email}"), email: email.to_owned(), role: AccountRole::Seller, verified })
        .await
        .expect("open a seller account")
}

pub async fn category(store: &dyn CatalogueWriter, name: &str) -> Category {
    store.add_category(&CategoryName::parse(name).expect("a valid name")).await.expect("add a category")
}

/// A valid listing with sensible defaults; adjust fields before `list`.
pub fn book(seller_id: AccountId, category: &Category, title: &str) -> NewBook {
    NewBook {
        seller_id,
        category_id: category.id,
        title: title.to_owned(),
        author: "Humayun Ahmed".to_owned(),
        description: "Clean copy, no markings.".to_owned(),
        picture_url: "/images/test.svg".to_owned(),
        publish_year: Some(1995),
        ratings: 4.5,
        reviews: 12,
        seller_name: "Rahim Uddin".to_owned(),
        location: "Dhanmondi, Dhaka".to_owned(),
        phone: "01715384926".to_owned(),
        seller_email: "rahim@example.com".to_owned(),
        original_price: Taka::new(500).expect("a price"),
        resale_price: Taka::new(250).expect("a price"),
        advertised: false,
    }
}

pub async fn list(store: &dyn CatalogueWriter, book: NewBook) -> BookId {
    store.list_book(book).await.expect("list a book")
}
