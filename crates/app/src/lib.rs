//! Use cases: what buyers, sellers and the admin can do, expressed over the ports.

pub mod demo;
pub mod storefront;

pub use storefront::{BookLookupError, GroupedError, Storefront};
