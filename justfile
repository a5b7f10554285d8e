# Puronoboi: `just run` serves the product at http://localhost:8080; `just test` runs every test.

set shell := ["bash", "-euo", "pipefail", "-c"]

web := "apps/web"

# The whole product on its embedded default at http://localhost:8080.
run:
    scripts/run.sh

# The database (one consistent pg_dump) and the stored pictures in one file under var/backups/; see scripts/backup.sh.
backup:
    scripts/backup.sh

# Stop `just run` first. Refuses to overwrite data; with FORCE=1 (or --force) backs up what is there, then replaces it.
restore file *flags:
    scripts/restore.sh "{{file}}" {{flags}}

# localstripe and the embedded PostgreSQL listen on loopback only; the database wants its password, also after
# switching over a cluster from before it had one (a few seconds).
test-local-services:
    scripts/test-local-services.sh

# Backup and restore round trip: seeded cluster -> backup -> fresh cluster, every row and picture compared.
test-backup:
    scripts/test-backup.sh

# Every test: Rust (unit, PostgreSQL, HTTP), lints, stale bindings, web unit tests, browser journeys, a short fuzz,
# a backup/restore round trip and the local services' listen addresses and database password.
test: tools test-rust lint web-test e2e fuzz-short test-backup test-local-services

# Makes sure the machine has Chromium, the Bengali font and the PostgreSQL client and server, installing them when it can.
tools:
    @scripts/ensure-tools.sh

# Rust tests against one throwaway PostgreSQL cluster, the search relevance report, then a check that bindings/
# matches the DTOs.
test-rust:
    #!/usr/bin/env bash
    set -euo pipefail
    fresh=$(mktemp -d)
    trap 'rm -rf "$fresh"' EXIT
    TS_RS_EXPORT_DIR="$fresh" scripts/with-test-services.sh cargo test --workspace --locked -- --skip recall_at_3
    # Search relevance over the demo catalogue, with its report (recall@3 per kind of query, every miss) shown.
    scripts/with-test-services.sh cargo test --locked -p puronoboi-http --test api recall_at_3 -- --nocapture
    if ! diff -ru bindings "$fresh"; then
        echo "bindings/ is stale: run 'just bindings' and commit the result." >&2
        exit 1
    fi

# Regenerate the TypeScript DTOs in bindings/ from the Rust types.
bindings:
    rm -rf bindings
    cargo test --locked -p puronoboi-http --lib export_bindings

# Clippy with the workspace lints, formatting, no dependency a crate does not use (cargo-machete, installed by
# scripts/ensure-tools.sh when missing), and ESLint over the web app (its import boundaries and hooks rules).
lint: web-install
    cargo clippy --workspace --all-targets --locked -- -D warnings
    cargo fmt --all --check
    @scripts/ensure-tools.sh --cargo
    cargo machete
    npm --prefix {{web}} run lint

web-install:
    if [ ! -d {{web}}/node_modules ] || [ {{web}}/package-lock.json -nt {{web}}/node_modules/.package-lock.json ]; then npm --prefix {{web}} ci --no-audit --no-fund; fi

web-build: web-install
    npm --prefix {{web}} run build

web-test: web-install
    npm --prefix {{web}} test

# Browser journeys in Chromium against the real server over a throwaway database; screenshots in apps/web/screenshots/.
e2e: web-build
    cargo build --locked -p puronoboi-server
    SERVER_BIN="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/debug/puronoboi-server" npm --prefix {{web}} run e2e

# What a phone downloads and how fast it renders: start-up JS of / (<= 150 KiB gzip), Lighthouse mobile, axe journey.
web-budget: web-install
    scripts/web-budget.sh

# Regenerate crates/adapters/postgres/src/schema.rs from migrations/ (needs diesel_cli with PostgreSQL support).
schema:
    scripts/with-test-services.sh bash -c 'psql -q "$PURONOBOI_TEST_PG_URL/postgres" -c "CREATE DATABASE schema_gen" && DATABASE_URL="$PURONOBOI_TEST_PG_URL/schema_gen" diesel migration run'

# The API at 1,000,000 books (seeded in SQL, PostgreSQL at default durability): req/s of each public read, of search
# and of placing orders as ratios of /api/health and of nginx, with axum alone and PostgreSQL alone as references,
# p50/p99 at full and half load, peak RSS; PASS/FAIL per target. About 17 minutes; BENCH_BOOKS, BENCH_SECONDS and
# more in scripts/bench.sh.
bench:
    scripts/bench.sh

# No book sold twice across two server instances: 1,000 books, each raced by 200 buyers over both instances, then
# every payment's webhook replayed 50 times in parallel across both. Prints the figures. (`just test` runs a short one.)
race books="1000" buyers="200" replays="50":
    RACE_BOOKS={{books}} RACE_BUYERS={{buyers}} RACE_REPLAYS={{replays}} scripts/with-test-services.sh cargo test --release --locked -p puronoboi-http --test api -- race:: --nocapture

# Fault drills against the release server: PostgreSQL stopped under load, SIGKILL in an order and payment storm
# (then consistency.sql), localstripe stopped while paying, SIGTERM with requests in flight. Figures and PASS/FAIL.
faults:
    scripts/faults.sh

# Schemathesis against the API's own OpenAPI description, anonymously and as each role, over its own server and
# database: at least `requests` requests, none may answer 5xx or stray from the description. Prints the figures.
fuzz requests="10000":
    FUZZ_REQUESTS={{requests}} scripts/fuzz.sh

# The same, a few hundred requests (under two minutes): part of `just test`.
fuzz-short:
    FUZZ_REQUESTS=300 scripts/fuzz.sh
