//! The PostgreSQL adapter: every store port on diesel-async with a deadpool pool. Row structs stay private here.

mod accounts;
mod admin;
mod card_attempts;
mod catalogue;
mod change_feed;
mod errors;
mod listings;
mod orders;
mod outbox;
mod queries;
mod reports;
mod reviews;
mod rows;
#[rustfmt::skip]
mod schema;
mod book_pages;
mod search;
mod search_stats;
mod seeding;
mod statement;
mod status_writes;
mod uploads;
mod wish_list;

use std::time::Duration;

use anyhow::Context as _;
use async_trait::async_trait;
use deadpool::managed::{Metrics, Object, Pool, RecycleResult};
use diesel::Connection as _;
use diesel::IntoSql as _;
use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
use diesel_async::pooled_connection::{AsyncDieselConnectionManager, ManagerConfig, PoolError, RecyclingMethod};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness as _, embed_migrations};
use puronoboi_ports::{ReadinessProbe, StoreUnreachable};

pub use change_feed::{CatalogueListener, LISTENER_APPLICATION_NAME, ListenerSettings};
pub use errors::{PLACE_ORDER_REFUSALS, PlaceOrderRefusal};
pub use seeding::{SeedAccountError, SeededAccount};
pub use status_writes::{STATUS_WRITES, StatusWrite};

const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../../migrations");

/// The longest a caller waits for a connection, all steps together (waiting for a free one, checking a pooled
/// one, opening a new one). With the database gone or frozen, requests fail within this (answered 503) instead of
/// piling up; the server promises an answer within 2 s.
const CONNECTION_DEADLINE: Duration = Duration::from_millis(1500);
/// How long a pooled connection has to answer the check it gets before it is handed out again; a frozen one is
/// dropped and the next one tried, still within the deadline.
const POOL_RECYCLE: Duration = Duration::from_millis(500);

/// A pooled connection idle for longer than this is asked a test query before it is handed out again.
const IDLE_CHECK_AFTER: Duration = Duration::from_secs(1);

/// The pool's manager: diesel-async's, with a check that suits a busy server. Every connection handed out again is
/// checked for a closed socket or a transaction left open, which costs nothing; only one idle for longer than
/// [`IDLE_CHECK_AFTER`] is also asked a test query (bounded by [`POOL_RECYCLE`]). A connection that answered a
/// moment ago is known to be alive, and under load a test query on every checkout would be one more round trip on
/// every request: a third of an order's.
struct Connections(AsyncDieselConnectionManager<AsyncPgConnection>);

impl deadpool::managed::Manager for Connections {
    type Type = AsyncPgConnection;
    type Error = PoolError;

    async fn create(&self) -> Result<AsyncPgConnection, PoolError> {
        let mut conn = self.0.create().await?;
        // No parallel workers: starting them takes milliseconds, more than any of the server's bounded statements
        // runs, and on a busy server the other cores are serving other requests anyway.
        diesel::sql_query("SET max_parallel_workers_per_gather = 0").execute(&mut conn).await.map_err(PoolError::QueryError)?;
        Ok(conn)
    }

    async fn recycle(&self, conn: &mut AsyncPgConnection, metrics: &Metrics) -> RecycleResult<PoolError> {
        self.0.recycle(conn, metrics).await?;
        if metrics.last_used() > IDLE_CHECK_AFTER {
            diesel::select(1_i32.into_sql::<diesel::sql_types::Integer>()).get_result::<i32>(conn).await.map_err(PoolError::QueryError)?;
        }
        Ok(())
    }
}

/// Applies every pending migration. Runs on a blocking thread because diesel's migration harness is synchronous.
pub async fn run_migrations(database_url: &str) -> anyhow::Result<()> {
    let url = database_url.to_owned();
    tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
        let mut conn = AsyncConnectionWrapper::<AsyncPgConnection>::establish(&url).context("connecting to run migrations")?;
        let applied = conn.run_pending_migrations(MIGRATIONS).map_err(|e| anyhow::anyhow!("running migrations: {e}"))?;
        for version in applied {
            tracing::info!(%version, "applied migration");
        }
        Ok(())
    })
    .await
    .context("the migration task panicked")?
}

/// Reverts every applied migration, newest first (used to prove the down migrations work).
pub async fn revert_all_migrations(database_url: &str) -> anyhow::Result<()> {
    let url = database_url.to_owned();
    tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
        let mut conn = AsyncConnectionWrapper::<AsyncPgConnection>::establish(&url).context("connecting to revert migrations")?;
        conn.revert_all_migrations(MIGRATIONS).map_err(|e| anyhow::anyhow!("reverting migrations: {e}"))?;
        Ok(())
    })
    .await
    .context("the migration task panicked")?
}

/// A connection from `pool` within [`CONNECTION_DEADLINE`] (see [`PgStore::conn`]).
async fn take_connection(pool: &Pool<Connections>) -> anyhow::Result<Object<Connections>> {
    let taken = match tokio::time::timeout(CONNECTION_DEADLINE, pool.get()).await {
        Ok(taken) => taken.map_err(anyhow::Error::new),
        Err(_) => Err(anyhow::anyhow!("no connection within {CONNECTION_DEADLINE:?}")),
    };
    taken.map_err(|e| anyhow::Error::new(StoreUnreachable(e)).context("taking a database connection from the pool"))
}

/// The PostgreSQL-backed stores. Cheap to clone: clones share one pool.
#[derive(Clone)]
pub struct PgStore {
    pool: Pool<Connections>,
    /// How common the works' words are, for search's choice of how to read its candidates.
    word_shares: std::sync::Arc<search_stats::WordShares>,
    /// Book pages read together when asked for at once; shared by clones, and its task ends with the last of them.
    book_pages: std::sync::Arc<std::sync::OnceLock<book_pages::BookPages>>,
    /// How many of the newest works search keeps flagged and reads first ([`search::NEWEST_WORKS`]).
    newest_works: i64,
}

impl PgStore {
    /// Builds a pool of at most `max_connections`; connections open lazily, so this does not touch the network.
    pub fn connect(database_url: &str, max_connections: usize) -> anyhow::Result<Self> {
        let mut config = ManagerConfig::default();
        config.recycling_method = RecyclingMethod::Fast;
        let manager = Connections(AsyncDieselConnectionManager::new_with_config(database_url, config));
        let pool = Pool::builder(manager)
            .max_size(max_connections)
            .wait_timeout(Some(CONNECTION_DEADLINE))
            .create_timeout(Some(CONNECTION_DEADLINE))
            .recycle_timeout(Some(POOL_RECYCLE))
            .runtime(deadpool_runtime())
            .build()
            .context("building the connection pool")?;
        Ok(Self { pool, word_shares: Default::default(), book_pages: Default::default(), newest_works: search::NEWEST_WORKS })
    }

    /// The same store with search keeping `count` works flagged as the newest instead of [`search::NEWEST_WORKS`]:
    /// for tests, where a few dozen works outgrow a window of a few. Set it before works are written: the next
    /// [`puronoboi_ports::SearchIndex::catch_up`] takes the flag off works past a smaller count, but nothing flags
    /// older works to fill a larger one (new listings do, as they come).
    #[must_use]
    pub fn with_newest_works(mut self, count: u32) -> Self {
        self.newest_works = i64::from(count.max(1));
        self
    }

    /// The pool right now: connections open (`size`), idle among them (`available`) and callers waiting for one
    /// (`waiting`). Cheap (a brief lock, no I/O), so a metrics scrape can read it every time.
    pub fn pool_status(&self) -> deadpool::Status {
        self.pool.status()
    }

    /// A connection within [`CONNECTION_DEADLINE`]. Failing to get one means the database is out of reach
    /// (refusing, shutting down, frozen), which the error says with [`StoreUnreachable`]: "try again shortly".
    async fn conn(&self) -> anyhow::Result<Object<Connections>> {
        take_connection(&self.pool).await
    }

    /// The queue book pages are read through (started at the first read, which runs inside the server's runtime).
    fn book_pages(&self) -> &book_pages::BookPages {
        self.book_pages.get_or_init(|| book_pages::BookPages::start(self.pool.clone()))
    }

    /// For each of the store's hottest reads (a category page near a shelf mark, from `category`'s newest book; the
    /// book pages of one id), how many of eight calls on one connection (as a server connection sends them again and
    /// again) PostgreSQL ran with the plan it keeps for the statement, made once for every call, rather than one made
    /// for that call. It keeps one from the sixth call on when that plan costs no more than the calls' own. For tests
    /// and diagnostics.
    pub async fn calls_with_kept_plan(&self, category: puronoboi_domain::CategoryId) -> anyhow::Result<Vec<(&'static str, i64)>> {
        #[derive(diesel::QueryableByName)]
        struct Kept {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            calls: i64,
        }
        let kept_plan_calls = async |conn: &mut AsyncPgConnection, statement: &str| -> anyhow::Result<i64> {
            let kept: Kept = diesel::sql_query(
                "SELECT coalesce(sum(generic_plans), 0)::bigint AS calls FROM pg_prepared_statements WHERE statement LIKE $1",
            )
            .bind::<diesel::sql_types::Text, _>(statement)
            .get_result(conn)
            .await?;
            Ok(kept.calls)
        };
        let mut conn = self.conn().await?;
        let newest: Vec<rows::ShelfMarkRow> = queries::category_shelf_marks(category.as_uuid(), 1, 1).load(&mut conn).await?;
        let mark = newest.into_iter().next().context("the category has an available book")?;
        for _ in 0..8 {
            queries::category_books_from(category.as_uuid(), (mark.listed_at, mark.id), 3, 24).load(&mut conn).await?;
            let _: Vec<book_pages::BookPageRow> = queries::book_details(book_pages::padded(&[mark.id])).load(&mut conn).await?;
        }
        Ok(vec![
            ("category books near a mark", kept_plan_calls(&mut conn, queries::CATEGORY_BOOKS_NEAR_MARK_SQL.as_str()).await?),
            ("book pages", kept_plan_calls(&mut conn, r#"%WHERE ("books"."id" = ANY($1))"#).await?),
        ])
    }

    /// How PostgreSQL would run each of the store's listing and lookup queries, exactly as the store sends them
    /// (same SQL, same kinds of parameters), with sequential scans priced out so that a missing index shows as a
    /// `Seq Scan`. For tests and diagnostics; answers (query name, plan).
    pub async fn query_plans(&self) -> anyhow::Result<Vec<(&'static str, String)>> {
        use diesel_async::AsyncConnection as _;
        use queries::Explain;

        let mut conn = self.conn().await?;
        let some_id = uuid::Uuid::new_v4();
        conn.transaction(async |conn| {
            diesel::sql_query("SET LOCAL enable_seqscan = off").execute(conn).await?;
            let mut plans = Vec::new();
            let lines = |rows: Vec<String>| rows.join("\n");
            plans.push(("categories with counts", lines(Explain(queries::categories_with_counts(200, 30)).load(conn).await?)));
            plans.push(("newest by category", lines(Explain(queries::newest_by_category(4, 200)).load(conn).await?)));
            plans.push(("category", lines(Explain(queries::category(some_id)).load(conn).await?)));
            plans.push(("category count", lines(Explain(queries::category_count(some_id)).load(conn).await?)));
            plans.push(("category page", lines(Explain(queries::category_page(some_id, 12, 9_988)).load(conn).await?)));
            let depth = i64::try_from(puronoboi_domain::PageRequest::MAX_ROWS).unwrap_or(i64::MAX);
            let every = i32::try_from(puronoboi_ports::CategoryShelf::MARK_EVERY).unwrap_or(i32::MAX);
            plans.push(("category shelf marks", lines(Explain(queries::category_shelf_marks(some_id, depth, every)).load(conn).await?)));
            let mark = (chrono::Utc::now(), some_id);
            plans
                .push(("category books near a mark", lines(Explain(queries::category_books_from(some_id, mark, 7, 24)).load(conn).await?)));
            plans.push((
                "category books far from a mark",
                lines(Explain(queries::category_books_from(some_id, mark, 200, 24)).load(conn).await?),
            ));
            plans.push((
                "category books from the newest",
                lines(Explain(queries::category_books_from_newest(some_id, 7, 24)).load(conn).await?),
            ));
            plans.push(("book details", lines(Explain(queries::book_details(vec![some_id, uuid::Uuid::new_v4()])).load(conn).await?)));
            plans.push(("advertised", lines(Explain(queries::advertised(60)).load(conn).await?)));
            plans.push(("accounts by e-mail", lines(Explain(queries::accounts_by_email("a@example.com")).load(conn).await?)));
            plans.push(("account by identity", lines(Explain(queries::account_by_firebase_uid("uid")).load(conn).await?)));
            plans.push(("seller books", lines(Explain(queries::seller_books(some_id, 20, 9_980)).load(conn).await?)));
            plans.push(("seller book count", lines(Explain(queries::seller_book_count(some_id)).load(conn).await?)));
            let everyone = puronoboi_domain::AccountSearch::default();
            plans.push((
                "accounts with role",
                lines(Explain(queries::accounts_with_role("seller", &everyone, 20, 9_980)).load(conn).await?),
            ));
            plans.push(("live account count", lines(Explain(queries::live_account_count("buyer", &everyone)).load(conn).await?)));
            let typed = puronoboi_domain::AccountSearch {
                text: puronoboi_domain::AccountSearchText::parse("rahim").ok().flatten(),
                ..puronoboi_domain::AccountSearch::default()
            };
            plans.push(("accounts matching text", lines(Explain(queries::accounts_with_role("buyer", &typed, 20, 0)).load(conn).await?)));
            plans.push(("account count matching text", lines(Explain(queries::live_account_count("buyer", &typed)).load(conn).await?)));
            let unverified = puronoboi_domain::AccountSearch { verified: Some(false), ..puronoboi_domain::AccountSearch::default() };
            plans.push((
                "accounts not verified",
                lines(Explain(queries::accounts_with_role("seller", &unverified, 20, 9_980)).load(conn).await?),
            ));
            let unproven = puronoboi_domain::AccountSearch { email_proven: Some(false), ..puronoboi_domain::AccountSearch::default() };
            plans.push((
                "accounts not proven",
                lines(Explain(queries::accounts_with_role("buyer", &unproven, 20, 9_980)).load(conn).await?),
            ));
            plans.push(("account with role", lines(Explain(queries::live_account_with_role("seller", some_id)).load(conn).await?)));
            plans.push(("every seller book", lines(Explain(queries::every_seller_book(some_id, 20, 9_980)).load(conn).await?)));
            plans.push(("every seller book count", lines(Explain(queries::every_seller_book_count(some_id)).load(conn).await?)));
            plans.push(("buyer orders", lines(Explain(queries::buyer_orders(some_id, 20, 9_980)).load(conn).await?)));
            plans.push(("buyer order count", lines(Explain(queries::buyer_order_count(some_id)).load(conn).await?)));
            plans.push(("wish list", lines(Explain(queries::wish_list(some_id, 100)).load(conn).await?)));
            plans.extend(search::explained(conn).await?);
            plans.extend(reports::explained(conn).await?);
            Ok::<_, diesel::result::Error>(plans)
        })
        .await
        .context("explaining the store's queries")
    }
}

fn deadpool_runtime() -> deadpool::Runtime {
    deadpool::Runtime::Tokio1
}

#[async_trait]
impl ReadinessProbe for PgStore {
    async fn check(&self) -> anyhow::Result<()> {
        let probe = async {
            let mut conn = self.conn().await?;
            diesel::sql_query("SELECT 1").execute(&mut conn).await.context("running the readiness query")?;
            anyhow::Ok(())
        };
        tokio::time::timeout(Duration::from_secs(2), probe).await.context("the database did not answer within 2 s")?
    }
}
