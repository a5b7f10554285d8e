//! Where book pictures and profile photos are kept.

use async_trait::async_trait;

#[derive(Debug, thiserror::Error)]
pub enum ImageHostError {
    /// The host refused this image (too large for it, a format it rejects, a bad key). Not worth retrying as is.
    #[error("the image host refused the image: {0}")]
    Rejected(String),
    /// The host could not be reached or failed; retrying later may work.
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Keeps an image and answers the URL browsers load it from.
#[async_trait]
pub trait ImageHost: Send + Sync {
    /// `extension` is the file type without a dot ("svg", "png", "jpg", "webp"). Callers pass only bytes they
    /// have checked and re-encoded; hosts store them as given.
    async fn store(&self, bytes: Vec<u8>, extension: &str) -> Result<String, ImageHostError>;

    /// Deletes an image this host stored (a replaced profile photo). A URL this host did not hand out, or one
    /// already gone, is left alone and is not an error: deleting is housekeeping, never a reason to fail a request.
    async fn delete(&self, url: &str) -> Result<(), ImageHostError>;
}
