//! The card numbers localstripe (and Stripe's test mode) answer in known ways. Plain constants with no imports, so
//! an adapter's tests can include this file (`#[path]`) without building the whole harness.

/// Pays.
pub const VISA: &str = "4242424242424242";
/// Declined when charged (Stripe's test card "charge fails").
pub const DECLINED: &str = "4000000000000341";
/// Asks for 3-D Secure on every payment.
pub const THREE_D_SECURE: &str = "4000000000003220";
