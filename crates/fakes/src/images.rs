//! An in-memory image host that remembers what it keeps, so tests can see a picture stored and deleted again.

use std::sync::{Mutex, PoisonError};

use async_trait::async_trait;
use puronoboi_ports::{ImageHost, ImageHostError};

#[derive(Default)]
pub struct InMemoryImageHost {
    /// URLs kept now, oldest first.
    kept: Mutex<Vec<String>>,
    /// Every URL ever handed out.
    stored: Mutex<Vec<String>>,
}

impl InMemoryImageHost {
    /// The pictures the host keeps now.
    pub fn kept(&self) -> Vec<String> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Every picture ever stored, deleted or not.
    pub fn stored(&self) -> Vec<String> {
        self.stored.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

#[async_trait]
impl ImageHost for InMemoryImageHost {
    async fn store(&self, _bytes: Vec<u8>, extension: &str) -> Result<String, ImageHostError> {
        let mut stored = self.stored.lock().unwrap_or_else(PoisonError::into_inner);
        let url = format!("/images/fake-{}.{extension}", stored.len() + 1);
        stored.push(url.clone());
        self.kept.lock().unwrap_or_else(PoisonError::into_inner).push(url.clone());
        Ok(url)
    }

    async fn delete(&self, url: &str) -> Result<(), ImageHostError> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner).retain(|kept| kept != url);
        Ok(())
    }
}
