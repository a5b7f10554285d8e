//! How many pictures an account may upload: an allowance counted where every server instance sees it.

use std::num::NonZeroU32;
use std::time::Duration;

use async_trait::async_trait;
use puronoboi_domain::AccountId;

#[derive(Debug, thiserror::Error)]
pub enum TakeUploadError {
    /// The account already used its whole allowance in the current window.
    #[error("the account used its whole upload allowance for now")]
    Exhausted,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Counts uploads per account in fixed windows: a window opens with the account's first upload after the last one
/// ended, and allows `limit` uploads until it is `window` old.
#[async_trait]
pub trait UploadQuota: Send + Sync {
    /// Takes one upload from the account's allowance. Atomic across every caller on every server instance: however
    /// many take at once, at most `limit` succeed per window.
    /// Errors: `Exhausted` when the current window already counts `limit` uploads.
    async fn take_upload(&self, account: AccountId, limit: NonZeroU32, window: Duration) -> Result<(), TakeUploadError>;
}
