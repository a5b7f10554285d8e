//! Profile photos: every upload is checked and re-encoded before it is stored.

use std::sync::Arc;

use puronoboi_domain::{Account, AccountId};
use puronoboi_ports::{AccountStore, ImageHost, ImageHostError};

use crate::images::{UploadRejected, clean_upload};
use crate::uploads::UploadSlot;

#[derive(Debug, thiserror::Error)]
pub enum PhotoError {
    #[error(transparent)]
    Rejected(#[from] UploadRejected),
    /// The image host refused the cleaned image.
    #[error("the image host refused the picture: {0}")]
    HostRefused(String),
    /// The account was closed while the upload ran.
    #[error("the account is closed")]
    AccountClosed,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

puronoboi_ports::unknown_from_store_error!(PhotoError);

impl From<ImageHostError> for PhotoError {
    fn from(e: ImageHostError) -> Self {
        match e {
            ImageHostError::Rejected(message) => Self::HostRefused(message),
            ImageHostError::Unknown(e) => Self::Unknown(e),
        }
    }
}

/// Uploaded pictures. Every method that decodes asks for the [`UploadSlot`] its caller was admitted with (see
/// [`crate::uploads`]), so no picture is decoded without one.
#[derive(Clone)]
pub struct Photos {
    images: Arc<dyn ImageHost>,
    accounts: Arc<dyn AccountStore>,
}

impl Photos {
    pub fn new(images: Arc<dyn ImageHost>, accounts: Arc<dyn AccountStore>) -> Self {
        Self { images, accounts }
    }

    /// Checks, cleans and stores an uploaded picture; answers its URL. The same path serves book pictures.
    pub async fn store_upload(&self, _slot: &UploadSlot, bytes: Vec<u8>) -> Result<String, PhotoError> {
        // Decoding up to 40 megapixels takes a while: keep it off the threads that serve requests.
        let clean = tokio::task::spawn_blocking(move || clean_upload(&bytes))
            .await
            .map_err(|e| anyhow::anyhow!("the image check panicked: {e}"))??;
        Ok(self.images.store(clean.bytes, clean.extension).await?)
    }

    /// Stores a new profile photo and deletes the file of the one it replaced.
    pub async fn set_profile_photo(&self, slot: &UploadSlot, account: AccountId, bytes: Vec<u8>) -> Result<Account, PhotoError> {
        let url = self.store_upload(slot, bytes).await?;
        let Some((updated, replaced)) = self.accounts.replace_photo_url(account, &url).await? else {
            // The account closed while its photo was being checked: nobody will ever show this picture.
            self.forget(&url).await;
            return Err(PhotoError::AccountClosed);
        };
        if let Some(old) = replaced.filter(|old| *old != url) {
            self.forget(&old).await;
        }
        Ok(updated)
    }

    /// Deleting a picture is housekeeping: a failure is logged, never a failed request.
    pub async fn forget(&self, url: &str) {
        if let Err(e) = self.images.delete(url).await {
            tracing::warn!(%url, error = %e, "could not delete a picture that is no longer used");
        }
    }
}
