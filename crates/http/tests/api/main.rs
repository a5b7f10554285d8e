//! The API through the real router over a real database: one test binary, a module per resource.
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

mod admin;
mod catalogue;
mod forged_tokens;
mod listings;
mod openapi;
mod orders;
mod payments;
mod photos;
mod race;
mod sessions;
