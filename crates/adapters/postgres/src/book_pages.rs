//! Book pages asked for at the same moment, read from PostgreSQL in one statement.
//!
//! At a million books most book pages are not among the read cache's copies, so each visit is a database read. A
//! statement costs PostgreSQL and the server far more to send, start and answer than the three index lookups a book
//! page needs, so the reads waiting at one moment go together: a queue, drained by one task that sends what has
//! gathered as one `id = ANY(...)` statement, with at most [`BATCHES_AT_ONCE`] statements under way. An idle server
//! sends each read alone at once (nothing waits for company); a busy one sends fewer, larger statements.

use std::collections::HashMap;
use std::sync::Arc;

use deadpool::managed::Pool;
use diesel_async::RunQueryDsl as _;
use tokio::sync::{Semaphore, mpsc, oneshot};
use uuid::Uuid;

use crate::rows::{BookRow, CategoryRow};
use crate::{Connections, queries};

/// A book page as read: the book, its category and whether its seller is verified.
pub(crate) type BookPageRow = (BookRow, CategoryRow, bool);

/// The most reads one statement carries.
const MAX_BATCH: usize = 64;
/// The most statements under way at once. Measured at a million books on 2 cores (random book pages, 32 clients):
/// 1 at once 29,200 pages/s, 2: 27,400-28,400, 3: 22,400, 4: 22,000, 8: 15,800; one statement a read, 4 at once:
/// 10,000. Fewer, larger statements cost PostgreSQL less; two keep a slow statement from holding up every read.
const BATCHES_AT_ONCE: usize = 2;

/// Why a read failed, for every read of its batch (an error is not cloneable; its kind and text are).
#[derive(Debug, Clone)]
enum Failure {
    /// No connection within the deadline: the database is out of reach (answered 503).
    Unreachable(String),
    Query(String),
}

impl From<Failure> for anyhow::Error {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::Unreachable(why) => anyhow::Error::new(puronoboi_ports::StoreUnreachable(anyhow::anyhow!(why))),
            Failure::Query(why) => anyhow::anyhow!(why),
        }
    }
}

struct Wanted {
    id: Uuid,
    answer: oneshot::Sender<Result<Option<BookPageRow>, Failure>>,
}

/// The queue of book pages to read. The task draining it ends when the last handle is dropped.
pub(crate) struct BookPages {
    queue: mpsc::UnboundedSender<Wanted>,
}

impl BookPages {
    /// Starts the task that reads the queued pages with connections from `pool`. Needs a Tokio runtime.
    pub(crate) fn start(pool: Pool<Connections>) -> Self {
        let (queue, waiting) = mpsc::unbounded_channel();
        tokio::spawn(drain(pool, waiting));
        Self { queue }
    }

    /// The book page of `id`, `None` when no such book exists. Answered within the store's connection deadline, the
    /// time spent queued included: with the database silent and many reads waiting, each batch would wait out the
    /// deadline in turn, and the reads at the back of the queue far longer; they are answered "unreachable" instead.
    pub(crate) async fn read(&self, id: Uuid) -> anyhow::Result<Option<BookPageRow>> {
        let (answer, answered) = oneshot::channel();
        self.queue.send(Wanted { id, answer }).map_err(|_| anyhow::anyhow!("the book page reader has stopped"))?;
        match tokio::time::timeout(crate::CONNECTION_DEADLINE, answered).await {
            Ok(Ok(read)) => read.map_err(anyhow::Error::from),
            Ok(Err(_)) => Err(anyhow::anyhow!("the book page reader dropped a read")),
            Err(_) => Err(Failure::Unreachable(format!("no book page read within {:?}", crate::CONNECTION_DEADLINE)).into()),
        }
    }
}

async fn drain(pool: Pool<Connections>, mut waiting: mpsc::UnboundedReceiver<Wanted>) {
    let under_way = Arc::new(Semaphore::new(BATCHES_AT_ONCE));
    while let Some(first) = waiting.recv().await {
        // Waiting for a free slot is what lets a batch gather while the database is busy.
        let Ok(slot) = under_way.clone().acquire_owned().await else { return };
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match waiting.try_recv() {
                Ok(wanted) => batch.push(wanted),
                Err(_) => break,
            }
        }
        let pool = pool.clone();
        tokio::spawn(async move {
            answer(&pool, batch).await;
            drop(slot);
        });
    }
}

async fn answer(pool: &Pool<Connections>, batch: Vec<Wanted>) {
    let mut ids: Vec<Uuid> = batch.iter().map(|w| w.id).collect();
    ids.sort_unstable();
    ids.dedup();
    let read = read_pages(pool, &ids).await;
    match read {
        Ok(rows) => {
            let mut by_id: HashMap<Uuid, BookPageRow> = rows.into_iter().map(|row| (row.0.id, row)).collect();
            // A book asked for twice in one batch (two visitors at once, with no read cache in front) is answered to
            // both: every asker but the last gets a copy.
            let mut askers: HashMap<Uuid, usize> = HashMap::new();
            for wanted in &batch {
                *askers.entry(wanted.id).or_default() += 1;
            }
            for wanted in batch {
                let left = askers.entry(wanted.id).or_default();
                *left -= 1;
                let found = if *left == 0 { by_id.remove(&wanted.id) } else { by_id.get(&wanted.id).cloned() };
                let _ = wanted.answer.send(Ok(found));
            }
        }
        Err(failure) => {
            for wanted in batch {
                let _ = wanted.answer.send(Err(failure.clone()));
            }
        }
    }
}

/// The fewest ids a read of book pages asks for: a smaller batch is filled up with the nil id, which no book has.
///
/// PostgreSQL plans a statement once and keeps that plan for a connection only when it costs no more than the plans it
/// made for each call so far; not knowing the array, it prices the kept plan for 10 ids. Batches are mostly smaller
/// (7 on average at full load at a million listings), so each call's own plan always looked cheaper, and every call
/// was planned: 0.43 ms of planning for 0.14 ms of reading, 45% of PostgreSQL's time on book pages. Asked for at
/// least 16, each call's plan costs more than the kept one, which PostgreSQL then keeps from the sixth call on; the
/// padding costs a few index probes that find nothing.
const FEWEST_IDS: usize = 16;

/// `ids`, filled up to [`FEWEST_IDS`] with the nil id.
pub(crate) fn padded(ids: &[Uuid]) -> Vec<Uuid> {
    let mut padded = ids.to_vec();
    padded.resize(ids.len().max(FEWEST_IDS), Uuid::nil());
    padded
}

async fn read_pages(pool: &Pool<Connections>, ids: &[Uuid]) -> Result<Vec<BookPageRow>, Failure> {
    let mut conn = crate::take_connection(pool).await.map_err(|e| Failure::Unreachable(format!("{e:#}")))?;
    queries::book_details(padded(ids)).load(&mut conn).await.map_err(|e| Failure::Query(format!("reading book pages: {e}")))
}
