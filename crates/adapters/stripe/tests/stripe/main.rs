//! The Stripe gateway's tests, in one binary: the exact requests it sends against a mock of api.stripe.com (`api`),
//! and the whole payment flow against a running localstripe (`localstripe_flow`).
#![expect(clippy::expect_used, reason = "test helpers outside #[test] fns stop the test loudly")]

mod api;
mod localstripe_flow;

// The harness's localstripe helper and test cards, included rather than depended on: they need nothing of the rest
// of the harness, which would build the whole application.
#[path = "../../../../test-support/src/cards.rs"]
mod cards;
#[path = "../../../../test-support/src/localstripe.rs"]
mod localstripe;
