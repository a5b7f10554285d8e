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

    /// Deletes only files this host named: `<32 hex digits>.<letters>` under its own prefix. Anything else (a
    /// demo cover, another host's URL, a crafted path) is left alone.
    async fn delete(&self, url: &str) -> Result<(), ImageHostError> {
        let Some(name) = url.strip_prefix(&format!("{}/", self.url_prefix)) else { return Ok(()) };
        let Some((stem, extension)) = name.split_once('.') else { return Ok(()) };
        let ours = stem.len() == 32
            && stem.chars().all(|c| c.is_ascii_hexdigit())
            && !extension.is_empty()
            && extension.chars().all(|c| c.is_ascii_alphanumeric());
        if !ours {
            return Ok(());
        }
        let path = self.dir.join(name);
        match tokio::fs::remove_file(&path).await {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(anyhow::Error::new(e).context(format!("deleting {}", path.display())).into()),
        }
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
    async fn deletes_only_what_it_stored() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = LocalImageHost::new(dir.path(), "/images");
        let url = store.store(b"<svg/>".to_vec(), "svg").await.expect("stored");
        std::fs::write(dir.path().join("cover.svg"), b"demo").expect("a file we did not name");
        for foreign in ["/images/cover.svg", "/images/../secret", "https://i.ibb.co/x/y.png", "/images/"] {
            store.delete(foreign).await.expect("left alone");
        }
        assert!(dir.path().join("cover.svg").exists(), "a file this host did not name stays");
        store.delete(&url).await.expect("deleted");
        assert!(!dir.path().join(url.trim_start_matches("/images/")).exists());
        store.delete(&url).await.expect("deleting twice is fine");
    }

    #[tokio::test]
    async fn refuses_extensions_that_could_escape_the_directory() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = LocalImageHost::new(dir.path(), "/images");
        assert!(store.store(vec![1], "../x").await.is_err());
        assert!(store.store(vec![1], "").await.is_err());
    }
}
