//! The demo catalogue the embedded default starts with.

pub mod catalogue;
pub mod cover;
pub mod logins;
pub mod relevance;
mod seed;

pub use seed::{ORDER_BUYERS, SeedError, SeedReport, seed_if_empty};
