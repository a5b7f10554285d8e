//! Hearing about catalogue changes: one connection per server instance LISTENs on the channel the catalogue's
//! triggers NOTIFY (see the `public_read_freshness` migration) and drives a [`CatalogueChanges`].
//!
//! The connection is checked every heartbeat with a round trip. PostgreSQL sends a listener the notifications of
//! every transaction that committed before a query it answers ahead of that answer, so once the answer is in,
//! every change committed before the query was sent has been announced: that is what `caught_up` reports. A lost
//! connection, or one that does not answer in time, is reported with `lost` and replaced; the new one announces
//! `changed` (whatever happened meanwhile went unheard) before it vouches for anything.

use std::str::FromStr as _;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use puronoboi_ports::CatalogueChanges;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_postgres::{AsyncMessage, NoTls};

/// The channel the catalogue's triggers notify.
pub const CATALOGUE_CHANNEL: &str = "catalogue_changed";
/// Histogram of heartbeat round trips, in seconds (a no-op until the process installs a metrics recorder).
pub const HEARTBEAT_ROUND_TRIP: &str = "catalogue_listener_heartbeat_seconds";
/// Histogram of the time between two heartbeats' questions, in seconds: the freshness window must stay above it,
/// or copies lapse between heartbeats and reads go to the database.
pub const HEARTBEAT_GAP: &str = "catalogue_listener_heartbeat_gap_seconds";
/// How the listening connection names itself in `pg_stat_activity`.
pub const LISTENER_APPLICATION_NAME: &str = "puronoboi-catalogue-listener";

#[derive(Debug, Clone, Copy)]
pub struct ListenerSettings {
    /// How often the connection proves it is alive and caught up.
    pub heartbeat: Duration,
    /// How long a heartbeat (or connecting) may take before the connection counts as lost.
    pub timeout: Duration,
    /// The pause before connecting again after a loss.
    pub reconnect_after: Duration,
}

impl Default for ListenerSettings {
    fn default() -> Self {
        Self { heartbeat: Duration::from_millis(200), timeout: Duration::from_secs(2), reconnect_after: Duration::from_millis(250) }
    }
}

/// The running listener; dropping it stops it (and its connection).
pub struct CatalogueListener {
    task: JoinHandle<()>,
}

impl Drop for CatalogueListener {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl CatalogueListener {
    /// Starts listening in the background (on the current Tokio runtime). Fails only on a malformed URL; the
    /// connection itself is made, and remade, in the background.
    pub fn spawn(database_url: &str, changes: Arc<dyn CatalogueChanges>, settings: ListenerSettings) -> anyhow::Result<Self> {
        let mut config = tokio_postgres::Config::from_str(database_url).context("reading the database URL for the listener")?;
        config.application_name(LISTENER_APPLICATION_NAME);
        config.connect_timeout(settings.timeout);
        let task = tokio::spawn(async move {
            loop {
                let error = listen(&config, changes.as_ref(), &settings).await;
                changes.lost();
                tracing::warn!(error = %format!("{error:#}"), "the catalogue change listener lost its connection; public reads skip the cache until it is back");
                tokio::time::sleep(settings.reconnect_after).await;
            }
        });
        Ok(Self { task })
    }
}

/// Listens on one connection until it fails; answers why.
async fn listen(config: &tokio_postgres::Config, changes: &dyn CatalogueChanges, settings: &ListenerSettings) -> anyhow::Error {
    match listen_inner(config, changes, settings).await {
        Ok(never) => match never {},
        Err(e) => e,
    }
}

async fn listen_inner(
    config: &tokio_postgres::Config,
    changes: &dyn CatalogueChanges,
    settings: &ListenerSettings,
) -> anyhow::Result<std::convert::Infallible> {
    let (client, mut connection) =
        tokio::time::timeout(settings.timeout, config.connect(NoTls)).await.context("connecting timed out")?.context("connecting")?;
    let (notified, mut notifications) = mpsc::unbounded_channel::<()>();
    // The connection delivers notifications only while something polls it for them.
    let driver = AbortOnDrop(tokio::spawn(async move {
        loop {
            match std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                Some(Ok(AsyncMessage::Notification(_))) => {
                    if notified.send(()).is_err() {
                        return;
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    tracing::debug!(error = %e, "the catalogue listener's connection failed");
                    return;
                }
                None => return,
            }
        }
    }));

    let listen = format!("LISTEN {CATALOGUE_CHANNEL}");
    tokio::time::timeout(settings.timeout, client.batch_execute(&listen)).await.context("LISTEN timed out")?.context("LISTEN")?;
    // Whatever changed while nobody listened went unheard.
    changes.changed();
    tracing::info!("listening for catalogue changes");

    let mut previous: Option<Instant> = None;
    let mut heartbeat = tokio::time::interval(settings.heartbeat);
    heartbeat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            message = notifications.recv() => match message {
                Some(()) => {
                    while notifications.try_recv().is_ok() {}
                    changes.changed();
                }
                None => anyhow::bail!("the connection closed"),
            },
            _ = heartbeat.tick() => {
                let asked = Instant::now();
                tokio::time::timeout(settings.timeout, client.batch_execute("SELECT 1"))
                    .await
                    .context("the heartbeat timed out")?
                    .context("the heartbeat failed")?;
                // Notifications sent ahead of the answer are already queued: announce them before vouching.
                let mut pending = false;
                while notifications.try_recv().is_ok() {
                    pending = true;
                }
                if pending {
                    changes.changed();
                }
                if driver.0.is_finished() {
                    anyhow::bail!("the connection closed");
                }
                changes.caught_up(asked);
                metrics::histogram!(HEARTBEAT_ROUND_TRIP).record(asked.elapsed().as_secs_f64());
                if let Some(previous) = previous.replace(asked) {
                    metrics::histogram!(HEARTBEAT_GAP).record(asked.duration_since(previous).as_secs_f64());
                }
            }
        }
    }
}

struct AbortOnDrop(JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}
