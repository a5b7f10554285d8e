//! The API through the real router over a real database: one test binary, a module per resource.
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

mod access;
mod admin;
mod admin_categories;
mod catalogue;
mod forged_tokens;
mod freshness;
mod handover;
mod hosts;
mod json_bodies;
mod limits;
mod listings;
mod mass_assignment;
mod metrics;
mod openapi;
mod orders;
mod payments;
mod photos;
mod race;
mod relevance;
mod reports;
mod reviews;
mod search;
mod sessions;
