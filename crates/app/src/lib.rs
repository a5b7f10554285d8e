//! Use cases: what buyers, sellers and the admin can do, expressed over the ports.

pub mod accounts;
pub mod demo;
pub mod images;
pub mod photos;
pub mod storefront;

pub use storefront::{BookLookupError, GroupedError, Storefront};
