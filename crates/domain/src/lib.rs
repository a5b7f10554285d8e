//! The marketplace's rules, free of I/O: what a price, a book and an account are, and how a book's status may move.

pub mod account;
pub mod book;
pub mod category;
pub mod ids;
pub mod money;
pub mod text;

pub use account::{AccountRole, ParseRoleError};
pub use book::{Book, BookCard, BookDetail, BookStatus, IllegalStatusChange, ParseStatusError, Ratings, RatingsError, SellerBlock};
pub use category::{Category, CategoryName, CategoryNameError, CategorySummary};
pub use ids::{AccountId, BookId, CategoryId};
pub use money::{Taka, TakaError};
pub use text::{RequiredText, RequiredTextError};
pub mod paging;
pub use paging::{Page, PageRequest, PagingError};
