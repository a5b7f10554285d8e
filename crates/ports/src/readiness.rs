//! Whether the service can do its work right now.

use async_trait::async_trait;

#[async_trait]
pub trait ReadinessProbe: Send + Sync {
    /// Succeeds when the database answers a trivial query in time.
    async fn check(&self) -> Result<(), anyhow::Error>;
}
