//! Hearing about catalogue changes: one connection per server instance polls the marks the catalogue's triggers
//! write (the `catalogue_change_marks` migration: each transaction that changes what public reads show records its
//! transaction id in its session's row) and drives a [`CatalogueChanges`].
//!
//! A poll is one statement. Its snapshot sees every transaction that committed before the statement was sent, and it
//! answers two things: whether any mark was written by a transaction the previous poll's snapshot did not see (a
//! change committed since), and its own snapshot, for the next poll. So once a poll's answer is in, every change
//! committed before it was sent has been announced: that is what `caught_up` reports. A lost connection, or one that
//! does not answer in time, is reported with `lost` and replaced; the new one announces `changed` (whatever happened
//! meanwhile went unheard) before it vouches for anything.
//!
//! Polling replaced LISTEN/NOTIFY: a transaction that notifies holds one lock for the whole database from before its
//! commit until after it, so every order's commit waited for the previous order's log flush.

use std::str::FromStr as _;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use puronoboi_ports::CatalogueChanges;
use tokio::task::JoinHandle;
use tokio_postgres::NoTls;

/// Histogram of heartbeat round trips, in seconds (a no-op until the process installs a metrics recorder).
pub const HEARTBEAT_ROUND_TRIP: &str = "catalogue_listener_heartbeat_seconds";
/// Histogram of the time between two heartbeats' questions, in seconds: the freshness window must stay above it,
/// or copies lapse between heartbeats and reads go to the database.
pub const HEARTBEAT_GAP: &str = "catalogue_listener_heartbeat_gap_seconds";
/// How the listening connection names itself in `pg_stat_activity`.
pub const LISTENER_APPLICATION_NAME: &str = "puronoboi-catalogue-listener";

#[derive(Debug, Clone, Copy)]
pub struct ListenerSettings {
    /// How often the connection polls: a change made through another instance shows here within about this long.
    pub heartbeat: Duration,
    /// How long a poll (or connecting) may take before the connection counts as lost.
    pub timeout: Duration,
    /// The pause before connecting again after a loss.
    pub reconnect_after: Duration,
}

impl Default for ListenerSettings {
    fn default() -> Self {
        Self { heartbeat: Duration::from_millis(100), timeout: Duration::from_secs(2), reconnect_after: Duration::from_millis(250) }
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
    let (client, connection) =
        tokio::time::timeout(settings.timeout, config.connect(NoTls)).await.context("connecting timed out")?.context("connecting")?;
    // The connection does its I/O only while something drives it.
    let driver = AbortOnDrop(tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::debug!(error = %e, "the catalogue listener's connection failed");
        }
    }));
    let in_time = |what: &'static str| move |e| anyhow::Error::new(e).context(what);

    let asked = Instant::now();
    let poll =
        tokio::time::timeout(settings.timeout, client.prepare(POLL_SQL)).await.map_err(in_time("preparing the poll timed out"))??;
    let mut seen: String = tokio::time::timeout(settings.timeout, client.query_one(FIRST_SNAPSHOT_SQL, &[]))
        .await
        .map_err(in_time("the first poll timed out"))??
        .try_get(0)?;
    // Whatever changed while nobody polled went unheard.
    changes.changed();
    changes.caught_up(asked);
    tracing::info!("polling for catalogue changes");
    clear_marks_of_ended_sessions(&client, settings).await;

    let mut previous = asked;
    let mut cleared = asked;
    let mut heartbeat = tokio::time::interval(settings.heartbeat);
    heartbeat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        heartbeat.tick().await;
        let asked = Instant::now();
        let row = tokio::time::timeout(settings.timeout, client.query_one(&poll, &[&seen]))
            .await
            .map_err(in_time("the poll timed out"))?
            .context("the poll failed")?;
        if driver.0.is_finished() {
            anyhow::bail!("the connection closed");
        }
        let changed: bool = row.try_get(1)?;
        seen = row.try_get(0)?;
        // Marks of sessions that ended long ago are cleared; after a pause longer than that (a suspended process), the
        // previous snapshot may predate marks that are gone, so the pause itself counts as a change.
        if changed || asked.duration_since(previous) > LONGEST_TRUSTED_GAP {
            changes.changed();
        }
        changes.caught_up(asked);
        metrics::histogram!(HEARTBEAT_ROUND_TRIP).record(asked.elapsed().as_secs_f64());
        metrics::histogram!(HEARTBEAT_GAP).record(asked.duration_since(previous).as_secs_f64());
        previous = asked;
        if asked.duration_since(cleared) > CLEAR_EVERY {
            cleared = asked;
            clear_marks_of_ended_sessions(&client, settings).await;
        }
    }
}

/// The snapshot a poll compares the marks with.
const FIRST_SNAPSHOT_SQL: &str = "SELECT pg_current_snapshot()::text";

/// Whether a change committed since the snapshot `$1` (a mark that snapshot did not see), and this statement's
/// snapshot. `pg_current_snapshot()` is the snapshot the statement reads the marks with.
const POLL_SQL: &str = "SELECT pg_current_snapshot()::text, \
     coalesce(bool_or(NOT pg_visible_in_snapshot(xact, $1::text::pg_snapshot)), false) \
     FROM catalogue_change_marks";

/// A session's mark is cleared this long after its transaction began, once the session has ended: by then every
/// poller has seen it (a poller quiet for longer than [`LONGEST_TRUSTED_GAP`] starts afresh).
const CLEAR_MARKS_SQL: &str = "DELETE FROM catalogue_change_marks AS m \
     WHERE m.marked_at < now() - interval '10 minutes' \
       AND NOT EXISTS (SELECT 1 FROM pg_stat_activity AS a WHERE a.pid = m.backend_pid)";
const CLEAR_EVERY: Duration = Duration::from_secs(60);
const LONGEST_TRUSTED_GAP: Duration = Duration::from_secs(60);

/// One row per database session that ever changed the catalogue would pile up over months of reconnects; clearing is
/// housekeeping, so a failure is only logged (a lost connection shows at the next poll).
async fn clear_marks_of_ended_sessions(client: &tokio_postgres::Client, settings: &ListenerSettings) {
    match tokio::time::timeout(settings.timeout, client.execute(CLEAR_MARKS_SQL, &[])).await {
        Ok(Ok(_)) => {}
        Ok(Err(e)) => tracing::warn!(error = %e, "clearing the change marks of ended sessions failed"),
        Err(_) => tracing::warn!("clearing the change marks of ended sessions timed out"),
    }
}

struct AbortOnDrop(JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}
