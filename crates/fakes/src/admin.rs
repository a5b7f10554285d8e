//! The admin's store in memory, over the shop's accounts, books and orders, and the contract cases every
//! `AdminStore` must pass: the seller and buyer tables narrowed by text and flags, and an account's books or orders
//! opened from its row. The same cases run against this fake (here) and against PostgreSQL (in the adapter's tests).

use async_trait::async_trait;
use chrono::Utc;
use puronoboi_domain::{
    Account, AccountId, AccountRole, AccountSearch, AccountSearchText, BookId, BookStatus, Category, CategoryId, CategoryName,
    ClosedReason, Email, Page, PageRequest, PersonName,
};
use puronoboi_ports::{
    AccountOverview, AccountStore, AdminActionError, AdminStore, BuyerOrdersForAdmin, CategoryActionError, CategoryOverview,
    MergedCategory, NewIdentityAccount, OrderStore, SellerBooksForAdmin, StoreError,
};

use crate::catalogue::{Catalogue, add_category, first_page, list, new_book, open_buyer, open_seller};
use crate::orders::{contact, placed_new};
use crate::shop::{InMemoryShop, ShopState};

/// The items of one page of `all`, which is already in the list's order.
fn page_of<T>(all: Vec<T>, request: PageRequest) -> Page<T> {
    let total = i64::try_from(all.len()).unwrap_or(i64::MAX);
    let skip = usize::try_from(request.offset()).unwrap_or(usize::MAX);
    let items = all.into_iter().skip(skip).take(request.per_page() as usize).collect();
    Page { items, request, total }
}

/// Listings still in the shop or in a sale for a seller; every order placed for a buyer.
fn activity(state: &ShopState, account: &Account) -> i64 {
    let count = match account.role {
        AccountRole::Seller => {
            state.books.iter().filter(|b| b.book.seller_id == account.id && b.book.status != BookStatus::Withdrawn).count()
        }
        AccountRole::Buyer => state.orders.iter().filter(|o| o.order.buyer_id == account.id).count(),
        AccountRole::Admin => 0,
    };
    i64::try_from(count).unwrap_or(i64::MAX)
}

impl InMemoryShop {
    /// Live accounts of one role passing `search`, newest first (the greater id first among equals), as the tables
    /// order them.
    fn live_accounts(&self, role: AccountRole, search: &AccountSearch) -> Vec<Account> {
        let mut found: Vec<Account> =
            self.accounts.every_account().into_iter().filter(|a| a.role == role && !a.is_closed() && search.matches(a)).collect();
        found.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.as_uuid().cmp(&a.id.as_uuid())));
        found
    }

    fn live_overview(&self, role: AccountRole, id: AccountId) -> Option<AccountOverview> {
        let account = self.accounts.stored(id).filter(|a| a.role == role && !a.is_closed())?;
        let activity = activity(&self.lock(), &account);
        Some(AccountOverview { account, activity })
    }
}

#[async_trait]
impl AdminStore for InMemoryShop {
    async fn accounts_with_role(
        &self,
        role: AccountRole,
        search: &AccountSearch,
        page: PageRequest,
    ) -> Result<Page<AccountOverview>, StoreError> {
        let accounts = self.live_accounts(role, search);
        let state = self.lock();
        let overviews = accounts.into_iter().map(|account| AccountOverview { activity: activity(&state, &account), account }).collect();
        Ok(page_of(overviews, page))
    }

    async fn seller_books(&self, seller: AccountId, page: PageRequest) -> Result<Option<SellerBooksForAdmin>, StoreError> {
        let Some(overview) = self.live_overview(AccountRole::Seller, seller) else { return Ok(None) };
        let state = self.lock();
        let mut books: Vec<_> = state.books.iter().filter(|b| b.book.seller_id == seller).map(|b| b.book.clone()).collect();
        books.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.as_uuid().cmp(&a.id.as_uuid())));
        Ok(Some(SellerBooksForAdmin { seller: overview, books: page_of(books, page) }))
    }

    async fn buyer_orders(&self, buyer: AccountId, page: PageRequest) -> Result<Option<BuyerOrdersForAdmin>, StoreError> {
        let Some(overview) = self.live_overview(AccountRole::Buyer, buyer) else { return Ok(None) };
        let state = self.lock();
        let mut orders: Vec<_> = state.orders.iter().filter(|o| o.order.buyer_id == buyer).map(|o| o.order.clone()).collect();
        orders.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.as_uuid().cmp(&a.id.as_uuid())));
        Ok(Some(BuyerOrdersForAdmin { buyer: overview, orders: page_of(orders, page) }))
    }

    async fn verify_seller(&self, _admin: AccountId, seller: AccountId) -> Result<AccountOverview, AdminActionError> {
        let account = self.accounts.verify_live_seller(seller).ok_or(AdminActionError::NotFound)?;
        let activity = activity(&self.lock(), &account);
        Ok(AccountOverview { account, activity })
    }

    async fn delete_account(&self, admin: AccountId, target: AccountId) -> Result<Account, AdminActionError> {
        let account = self.accounts.stored(target).filter(|a| !a.is_closed()).ok_or(AdminActionError::NotFound)?;
        if account.role == AccountRole::Admin || target == admin {
            return Err(AdminActionError::IsAdmin);
        }
        // The shop reads closures from the accounts, as the database's joins do.
        self.accounts.close_account(target, ClosedReason::DeletedByAdmin).await?.ok_or(AdminActionError::NotFound)
    }

    async fn categories(&self, page: PageRequest) -> Result<Page<CategoryOverview>, StoreError> {
        let state = self.lock();
        let mut overviews: Vec<CategoryOverview> = state
            .categories
            .iter()
            .map(|c| {
                let books = state.books.iter().filter(|b| b.book.category.id == c.category.id);
                CategoryOverview {
                    category: c.category.clone(),
                    books: i64::try_from(books.clone().count()).unwrap_or(i64::MAX),
                    available_books: i64::try_from(books.filter(|b| b.book.status.is_for_sale()).count()).unwrap_or(i64::MAX),
                    created_at: c.created_at,
                    last_used_at: c.last_used_at,
                }
            })
            .collect();
        overviews.sort_by(|a, b| a.category.name.cmp(&b.category.name).then(a.category.id.as_uuid().cmp(&b.category.id.as_uuid())));
        Ok(page_of(overviews, page))
    }

    async fn rename_category(&self, _admin: AccountId, id: CategoryId, name: &CategoryName) -> Result<Category, CategoryActionError> {
        let mut state = self.lock();
        let wanted = name.as_str().to_lowercase();
        if let Some(taken) = state.categories.iter().find(|c| c.category.id != id && c.category.name.to_lowercase() == wanted) {
            return Err(CategoryActionError::NameTaken(taken.category.clone()));
        }
        let stored = state.categories.iter_mut().find(|c| c.category.id == id).ok_or(CategoryActionError::NotFound)?;
        stored.category.name = name.as_str().to_owned();
        let renamed = stored.category.clone();
        for book in state.books.iter_mut().filter(|b| b.book.category.id == id) {
            book.book.category = renamed.clone();
        }
        Ok(renamed)
    }

    async fn merge_category(&self, _admin: AccountId, from: CategoryId, into: CategoryId) -> Result<MergedCategory, CategoryActionError> {
        let mut state = self.lock();
        if !state.categories.iter().any(|c| c.category.id == from) {
            return Err(CategoryActionError::NotFound);
        }
        let target = state.categories.iter_mut().find(|c| c.category.id == into).ok_or(CategoryActionError::IntoNotFound)?;
        if from == into {
            return Err(CategoryActionError::SameCategory);
        }
        target.last_used_at = Utc::now();
        let target = target.category.clone();
        let mut moved = 0;
        for book in state.books.iter_mut().filter(|b| b.book.category.id == from) {
            book.book.category = target.clone();
            moved += 1;
        }
        state.categories.retain(|c| c.category.id != from);
        Ok(MergedCategory { into: target, moved_books: moved })
    }

    async fn delete_category(&self, _admin: AccountId, id: CategoryId) -> Result<Category, CategoryActionError> {
        let mut state = self.lock();
        let category =
            state.categories.iter().find(|c| c.category.id == id).map(|c| c.category.clone()).ok_or(CategoryActionError::NotFound)?;
        let books = i64::try_from(state.books.iter().filter(|b| b.book.category.id == id).count()).unwrap_or(i64::MAX);
        if books > 0 {
            return Err(CategoryActionError::NotEmpty { books });
        }
        state.categories.retain(|c| c.category.id != id);
        Ok(category)
    }
}

/// An account with a name and an address of the case's choosing.
async fn open(accounts: &dyn AccountStore, name: &str, email: &str, proven: bool, role: AccountRole) -> Account {
    accounts
        .open_identity_account(NewIdentityAccount {
            firebase_uid: format!("uid-{email}"),
            name: PersonName::parse(name).expect("a name"),
            email: Email::parse(email).expect("an e-mail"),
            email_verified: proven,
            role,
        })
        .await
        .expect("the account opens")
}

fn search(text: &str, verified: Option<bool>, email_proven: Option<bool>) -> AccountSearch {
    AccountSearch { text: AccountSearchText::parse(text).expect("a short text"), verified, email_proven }
}

/// The ids on one page of the table of `role` narrowed by `search`, in the table's order, and the filtered total.
async fn table(admin: &dyn AdminStore, role: AccountRole, search: &AccountSearch, page: PageRequest) -> (Vec<AccountId>, i64) {
    let found = admin.accounts_with_role(role, search, page).await.expect("the table reads");
    (found.items.into_iter().map(|o| o.account.id).collect(), found.total)
}

/// Every contract case. The first counts whole tables, so it runs on a store nobody else has written to.
pub async fn admin_store_contract(accounts: &dyn AccountStore, catalogue: &dyn Catalogue, orders: &dyn OrderStore, admin: &dyn AdminStore) {
    the_tables_narrow_by_text_and_flags_and_never_show_closed_accounts(accounts, admin).await;
    an_accounts_books_or_orders_open_from_its_row(accounts, catalogue, orders, admin).await;
}

async fn the_tables_narrow_by_text_and_flags_and_never_show_closed_accounts(accounts: &dyn AccountStore, admin: &dyn AdminStore) {
    use AccountRole::{Buyer, Seller};
    let the_admin = open(accounts, "The Admin", "admin@contract.example", true, AccountRole::Admin).await;
    // Opened one after another, so the newest-first order is this one reversed.
    let rahima = open(accounts, "Rahima Begum", "rahima@books.example", true, Seller).await;
    let karim_percent = open(accounts, "Karim 50% Off", "karim@shop.example", false, Seller).await;
    let karim_x = open(accounts, "Karim 50x Off", "k50x@shop.example", true, Seller).await;
    let tania_underscore = open(accounts, "Tania_Rahman", "tania@shop.example", false, Seller).await;
    let tania_space = open(accounts, "Tania Rahman", "trahman@shop.example", true, Seller).await;
    let closed = open(accounts, "Rahima Closed", "rahima.closed@books.example", true, Seller).await;
    let buyer_rahima = open(accounts, "Buyer One", "RAHIMA.buyer@example.org", true, Buyer).await;
    let shopper = open(accounts, "Shopper", "shopper@example.org", false, Buyer).await;
    for seller in [rahima.id, tania_underscore.id, closed.id] {
        admin.verify_seller(the_admin.id, seller).await.expect("verified");
    }
    accounts.close_account(closed.id, ClosedReason::DeletedByAdmin).await.expect("closes").expect("was live");
    let all = first_page(20);

    // Text: a piece of the name or of the address, in any letter case; closed accounts and other roles never.
    assert_eq!(table(admin, Seller, &search("RAHIMA", None, None), all).await, (vec![rahima.id], 1), "the name, any case");
    assert_eq!(table(admin, Seller, &search("Books.EXAMPLE", None, None), all).await, (vec![rahima.id], 1), "the address, any case");
    assert_eq!(table(admin, Buyer, &search("rahima", None, None), all).await, (vec![buyer_rahima.id], 1), "buyers are their own table");
    assert_eq!(table(admin, Seller, &search("karim", None, None), all).await, (vec![karim_x.id, karim_percent.id], 2));
    // `%` and `_` are themselves: as LIKE wildcards "50%" would also find "50x Off" and "a_r" "Tania Rahman".
    assert_eq!(table(admin, Seller, &search("50%", None, None), all).await, (vec![karim_percent.id], 1), "% is literal");
    assert_eq!(table(admin, Seller, &search("a_r", None, None), all).await, (vec![tania_underscore.id], 1), "_ is literal");
    assert_eq!(table(admin, Seller, &search("nobody-has-this", None, None), all).await, (vec![], 0));

    // Flags, alone and together, and with text.
    assert_eq!(table(admin, Seller, &search("", Some(true), None), all).await, (vec![tania_underscore.id, rahima.id], 2));
    assert_eq!(table(admin, Seller, &search("", Some(false), None), all).await, (vec![tania_space.id, karim_x.id, karim_percent.id], 3));
    assert_eq!(table(admin, Seller, &search("", Some(false), Some(true)), all).await, (vec![tania_space.id, karim_x.id], 2));
    assert_eq!(table(admin, Seller, &search("karim", None, Some(false)), all).await, (vec![karim_percent.id], 1));
    assert_eq!(table(admin, Seller, &search("tania", Some(true), Some(false)), all).await, (vec![tania_underscore.id], 1));
    assert_eq!(table(admin, Seller, &search("tania", Some(true), Some(true)), all).await, (vec![], 0));
    assert_eq!(table(admin, Buyer, &search("", None, Some(false)), all).await, (vec![shopper.id], 1));
    assert_eq!(table(admin, Buyer, &search("", Some(true), None), all).await, (vec![], 0), "no buyer is verified");

    // The closed seller matched "rahima", "books.example" and "verified" above and was never there; unfiltered,
    // the table holds the five live sellers, and the total is the filtered set's, not the page's.
    assert_eq!(table(admin, Seller, &AccountSearch::default(), all).await.1, 5);
    let one = |page| PageRequest::new(page, 1).expect("a page");
    let unverified = search("", Some(false), None);
    assert_eq!(table(admin, Seller, &unverified, one(1)).await, (vec![tania_space.id], 3));
    assert_eq!(table(admin, Seller, &unverified, one(3)).await, (vec![karim_percent.id], 3));
    assert_eq!(table(admin, Seller, &unverified, one(4)).await, (vec![], 3));
}

async fn an_accounts_books_or_orders_open_from_its_row(
    accounts: &dyn AccountStore,
    catalogue: &dyn Catalogue,
    orders: &dyn OrderStore,
    admin: &dyn AdminStore,
) {
    let seller = open_seller(accounts, "admin-view").await;
    let category = add_category(catalogue, "Category admin-view").await;
    let first = list(catalogue, new_book(seller, category.id, "First Listed", 200)).await;
    let second = list(catalogue, new_book(seller, category.id, "Second Listed", 300)).await;
    let buyer = open_buyer(accounts, "admin-view").await;
    let order = placed_new(orders.place_order(&buyer, first, &contact(), 5).await);

    let shown = admin.seller_books(seller, first_page(10)).await.expect("reads").expect("a live seller");
    assert_eq!((shown.seller.account.id, shown.seller.activity, shown.books.total), (seller, 2, 2));
    let books: Vec<(BookId, BookStatus)> = shown.books.items.iter().map(|b| (b.id, b.status)).collect();
    assert_eq!(books, vec![(second, BookStatus::Available), (first, BookStatus::Pending)], "every status, newest first");
    let second_page = admin.seller_books(seller, PageRequest::new(2, 1).expect("a page")).await.expect("reads").expect("a live seller");
    assert_eq!((second_page.books.items.iter().map(|b| b.id).collect::<Vec<_>>(), second_page.books.total), (vec![first], 2));

    let placed = admin.buyer_orders(buyer.id, first_page(10)).await.expect("reads").expect("a live buyer");
    assert_eq!((placed.buyer.account.id, placed.buyer.activity, placed.orders.total), (buyer.id, 1, 1));
    assert_eq!(placed.orders.items, vec![order]);

    // A row links only to an account of its own kind, and only while it is live.
    assert_eq!(admin.seller_books(buyer.id, first_page(10)).await.expect("reads"), None, "a buyer has no listings page");
    assert_eq!(admin.buyer_orders(seller, first_page(10)).await.expect("reads"), None, "a seller has no orders page");
    assert_eq!(admin.seller_books(AccountId::new(), first_page(10)).await.expect("reads"), None);
    assert_eq!(admin.buyer_orders(AccountId::new(), first_page(10)).await.expect("reads"), None);
    accounts.close_account(buyer.id, ClosedReason::DeletedByAdmin).await.expect("closes").expect("was live");
    assert_eq!(admin.buyer_orders(buyer.id, first_page(10)).await.expect("reads"), None, "a closed account is not in the tables");
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::accounts::InMemoryAccounts;

    #[tokio::test]
    async fn the_in_memory_shop_keeps_the_admin_store_contract() {
        let accounts = Arc::new(InMemoryAccounts::default());
        let shop = InMemoryShop::new(accounts.clone());
        admin_store_contract(accounts.as_ref(), &shop, &shop, &shop).await;
    }
}
