//! Where book pictures and profile photos are kept.

use async_trait::async_trait;

#[derive(Debug, thiserror::Error)]
pub enum StorePictureError {
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Keeps an image and answers the URL browsers load it from.
#[async_trait]
pub trait PictureStore: Send + Sync {
    /// `extension` is the file type without a dot ("svg", "png", ...); the caller has checked the bytes.
    async fn store(&self, bytes: Vec<u8>, extension: &str) -> Result<String, StorePictureError>;
}
