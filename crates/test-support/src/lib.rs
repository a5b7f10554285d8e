//! Test harness shared by the crates' integration tests.
//!
//! One throwaway PostgreSQL cluster serves a whole test run (started by `just test` and passed in
//! `PURONOBOI_TEST_PG_URL`, or started here on first use when a test binary runs alone). Each test gets a fresh
//! database cloned from a template that holds the migrated schema, so tests never see each other's rows.
#![expect(clippy::expect_used, reason = "a harness that cannot set up should stop the test loudly")]

mod app;
pub mod builders;
pub mod cards;
mod cluster;
mod emulator;
mod ids;
pub mod localstripe;
pub use puronoboi_fakes::pictures;

pub use app::{
    Identity, TEST_STRIPE_PUBLISHABLE_KEY, TEST_STRIPE_SECRET_KEY, TEST_WEBHOOK_SECRET, TestApp, TestAppBuilder, expect_json,
    test_session_secret,
};
pub use cluster::TestDb;
pub use emulator::{TEST_PROJECT_ID, emulator_host};
pub use ids::unique;
