//! Pictures as files in one directory, served by the app under a URL prefix. Fine for one instance; several
//! instances behind a load balancer need a shared host (imgbb) instead.

use std::path::PathBuf;

use anyhow::Context as _;
use async_trait::async_trait;
use puronoboi_ports::{ImageHost, ImageHostError};

pub struct LocalImageHost {
    dir: PathBuf,
    url_prefix: String,
}

impl LocalImageHost {
    /// `url_prefix` is where the app serves `dir`, e.g. "/images".
    pub fn new(dir: impl Into<PathBuf>, url_prefix: impl Into<String>) -> Self {
        Self { dir: dir.into(), url_prefix: url_prefix.into().trim_end_matches('/').to_owned() }
    }

    pub fn dir(&self) -> &std::path::Path {
        &self.dir
    }
}

#[async_trait]
impl ImageHost for LocalImageHost {
    async fn store(&self, bytes: Vec<u8>, extension: &str) -> Result<String, ImageHostError> {
        // Only our own fixed extensions reach here, but a path separator must never turn into a path.
        if extension.is_empty() || !extension.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(anyhow::anyhow!("refusing picture extension {extension:?}").into());
        }
        tokio::fs::create_dir_all(&self.dir).await.with_context(|| format!("creating {}", self.dir.display()))?;
        let name = format!("{}.{extension}", uuid::Uuid::new_v4().simple());
        let path = self.dir.join(&name);
        // Write then rename, so a reader never sees half a file.
        let partial = self.dir.join(format!(".{name}.partial"));
        tokio::fs::write(&partial, &bytes).await.with_context(|| format!("writing {}", partial.display()))?;
        tokio::fs::rename(&partial, &path).await.with_context(|| format!("moving {} into place", path.display()))?;
        Ok(format!("{}/{name}", self.url_prefix))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn stores_the_bytes_and_answers_a_url_under_the_prefix() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = LocalImageHost::new(dir.path(), "/images/");
        let url = store.store(b"<svg/>".to_vec(), "svg").await.expect("stored");
        let name = url.strip_prefix("/images/").expect("url under the prefix");
        assert!(name.ends_with(".svg"));
        assert_eq!(std::fs::read(dir.path().join(name)).expect("file exists"), b"<svg/>");
    }

    #[tokio::test]
    async fn refuses_extensions_that_could_escape_the_directory() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = LocalImageHost::new(dir.path(), "/images");
        assert!(store.store(vec![1], "../x").await.is_err());
        assert!(store.store(vec![1], "").await.is_err());
    }
}
