//! Order e-mail as `.eml` files in a folder: the embedded default, so that `just run` needs no mail server and every
//! message can be opened in a mail program or read as text.

use std::path::{Path, PathBuf};

use async_trait::async_trait;
use chrono::Utc;
use puronoboi_ports::{Mail, MailError, MailSender};

use crate::{MailFrom, message};

/// Writes each message to `<dir>/<time>-<outbox id>-<kind>.eml`, the time in UTC to the millisecond, so that a listing
/// of the folder reads in the order the messages went out, and a message sent again (after a crash) is a second file
/// with the same Message-ID.
pub struct FileSender {
    dir: PathBuf,
    from: MailFrom,
}

impl FileSender {
    /// Writes into `dir`, created (with its parents) when the first message is written: a server that never sends
    /// mail (most test servers) leaves no empty folder behind. Errors: `dir` is something other than a folder.
    pub fn new(dir: impl Into<PathBuf>, from: MailFrom) -> anyhow::Result<Self> {
        let dir = dir.into();
        if dir.exists() && !dir.is_dir() {
            anyhow::bail!("{} is not a folder", dir.display());
        }
        Ok(Self { dir, from })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

#[async_trait]
impl MailSender for FileSender {
    async fn send(&self, mail: &Mail) -> Result<(), MailError> {
        let message = message(&self.from, mail)?;
        let name = format!("{}-{}-{}.eml", Utc::now().format("%Y%m%dT%H%M%S%.3fZ"), mail.outbox_id, mail.kind);
        // Written aside and renamed into place: whoever watches the folder never reads half a message.
        let partial = self.dir.join(format!(".{name}.partial"));
        let written = async {
            // Each time: the first message creates the folder, and someone may empty var/ while the server runs.
            tokio::fs::create_dir_all(&self.dir).await?;
            tokio::fs::write(&partial, message.formatted()).await?;
            tokio::fs::rename(&partial, self.dir.join(&name)).await
        };
        written.await.map_err(|e| MailError::Transient(anyhow::Error::new(e).context(format!("writing {name} in {}", self.dir.display()))))
    }
}
