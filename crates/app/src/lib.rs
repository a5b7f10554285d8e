//! Use cases: what buyers, sellers and the admin can do, expressed over the ports.

pub mod admin;
pub mod handover_codes;
pub mod images;
pub mod listings;
pub mod mail;
pub mod orders;
pub mod payments;
pub mod photos;
pub mod profile;
pub mod reports;
pub mod reviews;
pub mod revocation;
pub mod search;
pub mod sessions;
pub mod storefront;
pub mod tokens;
pub mod uploads;

pub use search::{Search, SearchCatchUp};
pub use storefront::{BookLookupError, GroupedError, Storefront};
