#!/usr/bin/env bash
# `just bench`: the marketplace API at catalogue scale. Builds the release server, starts it over a throwaway
# PostgreSQL cluster (default durability: fsync and synchronous commit on), loads 1,000,000 books in SQL
# (scripts/bench/seed.sql) under 200,000 works whose titles and authors are in Bengali script, romanized Bangla and
# English (scripts/bench/search_catalogue.py), waits while the server keys them for search (the search index's build
# time and size are reported), then measures in one run, on the same machine:
#   - each endpoint at full load (wrk, BENCH_CONNECTIONS connections), reads after a few seconds of warm-up and the
#     book page after one pass over every book (a shop that has been open a while): req/s, p50, p99, and req/s as a ratio of
#     GET /api/health and of nginx serving the same bytes as one book page (the ceiling for a read); beside them, axum
#     alone serving those bytes (apps/bare-answer: no middleware, no database) and PostgreSQL alone reading the book
#     page's statement for random ids (pgbench), as references for what the HTTP stack and the database cost;
#   - each read at half its measured rate (oha -q): p50, p99;
#   - the server's peak resident memory (VmHWM), and how each read was answered (copies in memory or PostgreSQL,
#     from the server's Prometheus counters);
#   - search with 5,000 queries of every kind (Bengali script, Banglish, English, typos, one and two letters,
#     authors, filters): once as served (popular answers kept in memory), once on a second instance over the same
#     database with READ_CACHE_MIB=0, where every answer is computed by PostgreSQL.
# Every figure is checked against its target and marked PASS or FAIL. The command fails only when it cannot
# measure (a tool missing, the server not starting, an endpoint answering errors).
#
# Environment: BENCH_BOOKS (default 1000000), BENCH_WORKS (default BENCH_BOOKS / 5), BENCH_SECONDS (per measurement, default 5), BENCH_WARMUP_SECONDS (per read endpoint before it is
# measured, default 3), BENCH_CONNECTIONS (default 32), BENCH_THREADS (wrk threads, default 2), BENCH_BUYERS (buyers
# for the order benchmark, 5 orders each, default 6000), BENCH_POOL_SIZE (server DATABASE_POOL_SIZE, default 16),
# BENCH_SHARED_BUFFERS (PostgreSQL's shared_buffers, default 1GB),
# BENCH_EXTRA_SQL (run after seeding, for diagnostics), BENCH_ENDPOINTS (only these of book, category_page, grouped,
# categories, advertised, search, search_computed, orders, for diagnostics; health, nginx and the references are always measured), BENCH_SERVER_BIN, BENCH_BARE_BIN and BENCH_MINT_BIN use binaries built beforehand instead of building, BENCH_HALF_LOAD=0 skips the half-load measurements (their targets then read SKIP), BENCH_KEEP=1 keeps the work
# directory.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

duration=${BENCH_SECONDS:-5}
warmup=${BENCH_WARMUP_SECONDS:-3}
connections=${BENCH_CONNECTIONS:-32}
threads=${BENCH_THREADS:-2}
buyers=${BENCH_BUYERS:-6000}
pool=${BENCH_POOL_SIZE:-16}
books=${BENCH_BOOKS:-1000000}
works=${BENCH_WORKS:-$((books / 5))}

die() { echo "bench: $*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

# Tools: wrk and nginx from Debian (installed when this runs as root, like scripts/ensure-tools.sh), oha from crates.io.
missing=()
have wrk || missing+=(wrk)
[ -x /usr/sbin/nginx ] || have nginx || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "bench: installing ${missing[*]}" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2 \
      || die "could not install ${missing[*]}: run apt-get update && apt-get install -y ${missing[*]}"
  else
    die "missing ${missing[*]}: run sudo apt-get install -y ${missing[*]}"
  fi
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
export PATH="$HOME/.cargo/bin:$PATH"
half_load=${BENCH_HALF_LOAD:-1}
if [ "$half_load" = 1 ] && ! have oha; then
  echo "bench: installing oha (cargo install oha --locked)" >&2
  cargo install oha --locked >&2 || die "could not install oha: run cargo install oha --locked"
fi
have psql || die "psql is missing: run scripts/ensure-tools.sh"

if [ -n "${BENCH_SERVER_BIN:-}" ]; then
  # Binaries built beforehand (a shared machine whose build directory is busy).
  server_bin=$BENCH_SERVER_BIN
  mint=${BENCH_MINT_BIN:?BENCH_MINT_BIN must name mint-access-tokens when BENCH_SERVER_BIN is set}
  bare_bin=${BENCH_BARE_BIN:?BENCH_BARE_BIN must name bare-answer when BENCH_SERVER_BIN is set}
else
  # Two builds, not one: built together, the test-support crate's features would change the server's dependencies.
  # The token minter runs once, so its debug build does. The bare answer's dependencies are a subset of the
  # server's, so building it with the server changes nothing in the server.
  cargo build --release --locked -p puronoboi-server -p puronoboi-bare-answer >&2
  cargo build --locked -p puronoboi-test-support --bin mint-access-tokens >&2
  target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
  server_bin="$target_dir/release/puronoboi-server"
  bare_bin="$target_dir/release/bare-answer"
  mint="$target_dir/debug/mint-access-tokens"
fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
pg_port=$(free_port)
nginx_port=$(free_port)
bare_port=$(free_port)
metrics_port=$(free_port)
computed_port=$(free_port)
work=$(mktemp -d "${TMPDIR:-/tmp}/puronoboi-bench.XXXXXX")
chmod 755 "$work"
server=""
computed=""
nginx_pid=""
bare_pid=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  [ -n "$computed" ] && kill "$computed" 2>/dev/null && wait "$computed" 2>/dev/null
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null
  [ -n "$bare_pid" ] && kill "$bare_pid" 2>/dev/null
  [ -d "$work/pg" ] && scripts/pg-cluster.sh stop "$work/pg" >/dev/null 2>&1
  if [ "${BENCH_KEEP:-0}" = 1 ]; then echo "bench: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

# A cluster with PostgreSQL's default durability: every commit waits for its WAL to reach the disk. Its buffer
# cache is sized as for a real deployment (the README's advice: about a quarter of the memory, here 1 GB): at a
# million books the tables and indexes the reads use take several hundred MB, and PostgreSQL's default 128 MB
# would measure the kernel's page cache instead.
cluster=$(scripts/pg-cluster.sh start "$work/pg" "$pg_port" --owner-pid $$ --set shared_buffers=${BENCH_SHARED_BUFFERS:-1GB})
psql -qX "$cluster/postgres" -c "CREATE DATABASE bench"
db="$cluster/bench"

secret=$(python3 -c 'import secrets; print(secrets.token_hex(32))')
# wrk sends from one address what stands for many clients, so the per-address limits are off; each bench buyer
# places 5 orders, well within the per-account limits, which stay at their defaults.
for kind in SESSIONS ORDERS PAYMENTS WISHLIST CONTACTS; do export "RATE_LIMIT_${kind}_PER_IP=off"; done
DATABASE_URL="$db" HOST=127.0.0.1 PORT=$port METRICS_ADDR=127.0.0.1:$metrics_port IMAGES_DIR="$work/images" MAIL_DIR="$work/mail" RUST_LOG=warn DATABASE_POOL_SIZE=$pool \
  FIREBASE_PROJECT_ID=demo-bench FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9 SESSION_SECRET=$secret \
  "$server_bin" >"$work/server.log" 2>&1 &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 150); do curl -fs "$base/api/ready" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "$base/api/ready" >/dev/null || { cat "$work/server.log" >&2; die "the server did not become ready"; }

# The server migrated the database; now the catalogue, in SQL.
python3 scripts/bench/search_catalogue.py "$work/works.tsv" "$work/search-queries" "$works"
started=$(date +%s.%N)
psql -qX "$db" -v buyers="$buyers" -v books="$books" -v works_file="$work/works.tsv" -f scripts/bench/seed.sql >&2
# A diagnostic hook: SQL run after seeding (for example, to try the run without a trigger).
[ -z "${BENCH_EXTRA_SQL:-}" ] || psql -qX "$db" -c "$BENCH_EXTRA_SQL" >&2
seeded=$(python3 -c "print(f'{$(date +%s.%N) - $started:.1f}')")

# The books were written without search keys, as a bulk load is: the server's catch-up (every 10 s, a batch at a
# time) keys them. How long that takes from the end of the load, and what the index weighs.
started=$(date +%s.%N)
while [ "$(psql -AtX "$db" -c "SELECT count(*) FROM books WHERE work_id IS NULL")" != 0 ]; do
  kill -0 "$server" 2>/dev/null || { tail -20 "$work/server.log" >&2; die "the server stopped while keying the books"; }
  sleep 1
done
indexed=$(python3 -c "print(f'{$(date +%s.%N) - $started:.1f}')")
psql -qX "$db" -c "VACUUM ANALYZE search_works" -c "VACUUM ANALYZE books" >&2
# Loading and keying a million books leaves gigabytes of changed pages for PostgreSQL's next checkpoint and the
# kernel's writeback; a shop that has been open a while has long written them. Written out now, before anything is
# measured: otherwise whichever stretch the writeback falls in pays for the load.
psql -qX "$db" -c "CHECKPOINT" >&2
sync
read -r n_works search_mib search_indexes < <(psql -AtX -F' ' "$db" -c "
  SELECT (SELECT count(*) FROM search_works), round(pg_total_relation_size('search_works') / 1048576.0, 1),
         string_agg(indexrelname || ' ' || round(pg_relation_size(indexrelid) / 1048576.0, 1) || ' MiB', ', ' ORDER BY indexrelname)
  FROM pg_stat_user_indexes WHERE relname = 'search_works' OR indexrelname IN ('books_available_by_work_idx', 'books_unindexed_idx')")

# A second instance over the same database that keeps no copies: every search it answers is computed.
DATABASE_URL="$db" HOST=127.0.0.1 PORT=$computed_port IMAGES_DIR="$work/images" MAIL_DIR="$work/mail" RUST_LOG=warn DATABASE_POOL_SIZE=$pool READ_CACHE_MIB=0 \
  FIREBASE_PROJECT_ID=demo-bench FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9 SESSION_SECRET=$secret \
  "$server_bin" >"$work/computed.log" 2>&1 &
computed=$!
computed_base="http://127.0.0.1:$computed_port"
for _ in $(seq 1 150); do curl -fs "$computed_base/api/ready" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "$computed_base/api/ready" >/dev/null || { cat "$work/computed.log" >&2; die "the second instance did not become ready"; }
read -r n_books n_available n_categories n_sellers n_verified n_orders n_pending n_paid < <(psql -AtX -F' ' "$db" -c "
  SELECT (SELECT count(*) FROM books), (SELECT count(*) FROM books WHERE status = 'available'),
         (SELECT count(*) FROM categories), (SELECT count(*) FROM accounts WHERE role = 'seller'),
         (SELECT count(*) FROM accounts WHERE role = 'seller' AND verified), (SELECT count(*) FROM orders),
         (SELECT count(*) FROM orders WHERE status = 'pending'), (SELECT count(*) FROM orders WHERE status = 'paid')")

# Inputs for the load generators.
psql -AtX "$db" -c "SELECT id FROM books WHERE status <> 'withdrawn' ORDER BY id" >"$work/book-ids"
psql -AtX "$db" -c "SELECT id FROM categories ORDER BY id" >"$work/category-ids"
# The deepest page a category has (24 cards a page); random pages go down to it.
deepest=$(psql -AtX "$db" -c "SELECT least(min(n), 10000) / 24 FROM (SELECT count(*) AS n FROM books WHERE status = 'available' GROUP BY category_id) AS c")
# Order benchmark: buyer k orders the 5 books on lines 5k..5k+4; every book is available and ordered once.
psql -AtX "$db" -c "SELECT md5('bench-buyer' || n)::uuid FROM generate_series(0, $buyers - 1) AS n" \
  | SESSION_SECRET=$secret "$mint" >"$work/tokens"
psql -AtX "$db" -c "SELECT id FROM books WHERE status = 'available' ORDER BY md5(id::text) LIMIT $buyers * 5" >"$work/order-books"
awk 'NR == FNR { token[NR - 1] = $0; next } { print token[int((FNR - 1) / 5)], $0 }' "$work/tokens" "$work/order-books" >"$work/orders"
[ "$(wc -l <"$work/orders")" -eq $((buyers * 5)) ] || die "could not prepare $((buyers * 5)) orders"

# nginx serving one book page's exact bytes, for every book path.
sample=$(head -1 "$work/book-ids")
curl -fs "$base/api/books/$sample" >"$work/book.json"
mkdir -p "$work/nginx"
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes auto;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/nginx;
  proxy_temp_path $work/nginx;
  fastcgi_temp_path $work/nginx;
  uwsgi_temp_path $work/nginx;
  scgi_temp_path $work/nginx;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work;
    location / { default_type application/json; try_files /book.json =404; }
  }
}
EOF
"$nginx_bin" -c "$work/nginx/nginx.conf" -p "$work/nginx" &
nginx_pid=$!
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$nginx_port/api/books/$sample" >/dev/null 2>&1 && break; sleep 0.1; done
cmp -s "$work/book.json" <(curl -fs "http://127.0.0.1:$nginx_port/api/books/$sample") || die "nginx does not serve the book page"
# axum alone serving the same bytes (apps/bare-answer): no middleware, no database. Health over it is what the
# layers every answer passes through cost; it over nginx, what the HTTP stack costs against a static file server.
"$bare_bin" "127.0.0.1:$bare_port" "$work/book.json" >"$work/bare.log" 2>&1 &
bare_pid=$!
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$bare_port/api/books/$sample" >/dev/null 2>&1 && break; sleep 0.1; done
cmp -s "$work/book.json" <(curl -fs "http://127.0.0.1:$bare_port/api/books/$sample") || die "bare-answer does not serve the book page"

lua_random="$root/scripts/bench/random-path.lua"
# wrk: full load. Prints "req/s p50_ms p99_ms errors".
run_wrk() {
  local url=$1 seconds=$2 out
  shift 2
  out=$(env "$@" wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency "$url" ${script:+-s "$script"} 2>"$work/wrk.err")
  echo "$out" >>"$work/wrk.log"
  python3 - "$out" <<'PY'
import re, sys
out = sys.argv[1]
def ms(label):
    m = re.search(r"^\s*" + label + r"%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
    if not m:
        return float("nan")
    v, unit = float(m.group(1)), m.group(2)
    return v / 1000 if unit == "us" else v * 1000 if unit == "s" else v
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
total = int(re.search(r"(\d+) requests in", out).group(1))
errors = 0
m = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
if m:
    errors += int(m.group(1))
m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
if m:
    errors += sum(int(x) for x in m.groups())
print(f"{rps:.0f} {ms('50'):.3f} {ms('99'):.3f} {errors} {total}")
PY
}

# oha: a fixed rate (for BENCH_SECONDS unless given). Prints "p50_ms p99_ms errors".
run_oha() {
  local rate=$1 urls=$2 seconds=${3:-$duration}
  oha --no-tui --output-format json -w -z "${seconds}s" -c "$connections" -q "$rate" --urls-from-file "$urls" \
    >"$work/oha.json" 2>"$work/oha.err" || { cat "$work/oha.err" >&2; return 1; }
  python3 - "$work/oha.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
p = r["latencyPercentiles"]
codes = r.get("statusCodeDistribution", {})
errors = sum(n for code, n in codes.items() if not code.startswith("2")) + sum(r.get("errorDistribution", {}).values())
print(f"{p['p50'] * 1000:.3f} {p['p99'] * 1000:.3f} {errors}")
PY
}

# The URL list oha replays for a read: what the wrk script would pick, drawn in advance.
url_file() {
  local name=$1 lines=$2 prefix=$3 suffix=$4 pages=$5
  python3 - "$lines" "$base$prefix" "$suffix" "$pages" >"$work/$name.urls" <<'PY'
import random, sys
lines = [l.rstrip("\n") for l in open(sys.argv[1])]
prefix, suffix, pages = sys.argv[2], sys.argv[3], int(sys.argv[4])
rng = random.Random(7)
for _ in range(200000):
    print((prefix + rng.choice(lines) + suffix).replace("{page}", str(rng.randint(1, pages))))
PY
  echo "$work/$name.urls"
}

# The server's read-cache counters and the change listener's heartbeat gaps, as one line of JSON.
cache_counters() {
  curl -fs "http://127.0.0.1:$metrics_port/metrics" | python3 -c '
import json, re, sys
out = {"copy": 0, "database": 0, "unvouched": 0, "gaps": 0, "late_gaps": 0, "kept": 0, "made": 0}
for line in sys.stdin:
    m = re.match(r"(?:catalogue_reads|rendered_answers)_total\{answer=\"(\w+)\"\} (\S+)", line)
    if m:
        out[m.group(1)] = float(m.group(2))
    m = re.match(r"catalogue_listener_heartbeat_gap_seconds_bucket\{le=\"0.5\"\} (\S+)", line)
    if m:
        out["gaps_within"] = float(m.group(1))
    m = re.match(r"catalogue_listener_heartbeat_gap_seconds_count (\S+)", line)
    if m:
        out["gaps"] = float(m.group(1))
out["late_gaps"] = out["gaps"] - out.get("gaps_within", out["gaps"])
print(json.dumps(out))'
}

# CPU time used so far, in seconds: the machine's busy time (every core), PostgreSQL's processes, the server's.
# Prints "busy postgres server"; the rest of the busy time is the load generator and the kernel.
cpu_seconds() {
  python3 - "$server" <<'PY'
import os, sys
hz = os.sysconf("SC_CLK_TCK")
with open("/proc/stat") as f:
    cpu = [int(x) for x in f.readline().split()[1:]]
busy = sum(cpu) - cpu[3] - cpu[4]  # all but idle and iowait
postgres = server = 0
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        continue
    comm, fields = stat[stat.index("(") + 1 : stat.rindex(")")], stat[stat.rindex(")") + 2 :].split()
    ticks = int(fields[11]) + int(fields[12])  # utime + stime
    if pid == sys.argv[1]:
        server += ticks
    elif comm == "postgres":
        postgres += ticks
print(f"{busy / hz:.2f} {postgres / hz:.2f} {server / hz:.2f}")
PY
}

declare -A rps p50 p99 half50 half99 cache cpu wal failed half_failed
# The server's peak resident memory in each stretch of the run: VmHWM is read, then reset to the current RSS
# (clear_refs 5), so that each stretch shows its own peak; the run's peak is the largest. Where the reset is not
# allowed, each figure is the peak so far, and the largest is still the run's.
declare -A peak_during
peak_order=()
run_peak_kib=0
close_stretch() {
  local name=$1 kib
  kib=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
  [ "$kib" -le "$run_peak_kib" ] || run_peak_kib=$kib
  peak_during[$name]=$kib
  peak_order+=("$name")
  echo 5 >"/proc/$server/clear_refs" 2>/dev/null || true
}
# What PostgreSQL has written to its log so far: "records full-page-images bytes commits".
wal_counters() {
  psql -AtX -F' ' "$db" -c "SELECT wal_records, wal_fpi, wal_bytes, (SELECT sum(xact_commit) FROM pg_stat_database) FROM pg_stat_wal"
}
wanted() { [ -z "${BENCH_ENDPOINTS:-}" ] || [[ " health nginx bare $BENCH_ENDPOINTS " == *" $1 "* ]]; }
measure() {
  local name=$1 url=$2 lines=$3 prefix=$4 suffix=$5 pages=$6 read=$7 result errors total
  wanted "$name" || return 0
  local vars=(BENCH_LINES="$lines" BENCH_PREFIX="$prefix" BENCH_SUFFIX="$suffix" BENCH_PAGES="$pages" BENCH_THREADS="$threads")
  if [ "$read" = yes ] && [ "$warmup" != 0 ]; then run_wrk "$url" "$warmup" "${vars[@]}" >/dev/null; fi
  local before after cpu_before cpu_after wal_before wal_after
  before=$(cache_counters)
  wal_before=$(wal_counters)
  cpu_before=$(cpu_seconds)
  result=$(run_wrk "$url" "$duration" "${vars[@]}")
  cpu_after=$(cpu_seconds)
  wal_after=$(wal_counters)
  after=$(cache_counters)
  cpu[$name]=$(python3 -c 'import sys; a, b = sys.argv[1].split(), sys.argv[2].split(); print("[" + ", ".join(f"{float(y) - float(x):.2f}" for x, y in zip(a, b)) + "]")' "$cpu_before" "$cpu_after")
  cache[$name]=$(python3 -c 'import json, sys; a, b = json.loads(sys.argv[1]), json.loads(sys.argv[2]); print(json.dumps({k: b[k] - a.get(k, 0) for k in b}))' "$before" "$after")
  read -r rps[$name] p50[$name] p99[$name] errors total <<<"$result"
  wal[$name]="$wal_before $wal_after $total"
  failed[$name]=$errors
  # Search's slowest answers may miss wrk's 2 s timeout at full load: that is a figure (and a FAIL), not a reason to stop.
  if [ "$errors" != 0 ] && [[ "$name" != search* ]]; then tail -5 "$work/wrk.err" >&2; die "$name: $errors of $total requests failed"; fi
  if [ "$read" = yes ] && [ "$half_load" = 1 ]; then
    local half=$(( ${rps[$name]} / 2 )) urls
    [ "$half" -ge 1 ] || half=1
    urls=$(url_file "$name" "$lines" "$prefix" "$suffix" "$pages")
    if [ "$name" = nginx ]; then sed -i "s#^$base#http://127.0.0.1:$nginx_port#" "$urls"; fi
    if [ "$name" = bare ]; then sed -i "s#^$base#http://127.0.0.1:$bare_port#" "$urls"; fi
    if [ "$name" = search_computed ]; then sed -i "s#^$base#$computed_base#" "$urls"; fi
    # oha asks for brotli like a browser, which wrk's warm-up did not: the same warm-up in oha's form first.
    if [ "$warmup" != 0 ]; then run_oha "$half" "$urls" "$warmup" >/dev/null; fi
    result=$(run_oha "$half" "$urls")
    read -r half50[$name] half99[$name] errors <<<"$result"
    half_failed[$name]=$errors
    if [ "$errors" != 0 ] && [[ "$name" != search* ]]; then die "$name at half load: $errors requests failed"; fi
  fi
  close_stretch "$name"
  printf 'bench: %-12s %8s req/s\n' "$name" "${rps[$name]}" >&2
}

# Every book page read once before the book page is measured, as in a shop that has been open a while: the
# random ids then measure serving a catalogue, not filling a cold cache (which the warm pass itself shows).
warm_every_page() {
  local lines=$1 prefix=$2 deadline=$((SECONDS + 300)) started=$SECONDS wrk_pid
  rm -f "$work"/warm-done.*
  BENCH_DONE="$work/warm-done" BENCH_LINES="$lines" BENCH_PREFIX="$prefix" BENCH_THREADS="$threads" \
    wrk -t"$threads" -c"$connections" -d300s -s "$root/scripts/bench/every-path.lua" "$base" >/dev/null 2>"$work/wrk.err" &
  wrk_pid=$!
  while [ "$(find "$work" -maxdepth 1 -name 'warm-done.*' | wc -l)" -lt "$threads" ]; do
    kill -0 "$wrk_pid" 2>/dev/null || die "the warm pass over $prefix stopped early: $(tail -3 "$work/wrk.err")"
    [ $SECONDS -lt $deadline ] || die "the warm pass over $prefix took over 300 s"
    sleep 0.2
  done
  kill "$wrk_pid" 2>/dev/null; wait "$wrk_pid" 2>/dev/null || true
  warm_seconds=$((SECONDS - started))
  close_stretch "warm $prefix"
  printf 'bench: %-12s every page read once in %s s\n' warm "$warm_seconds" >&2
}

echo "" >"$work/one"  # one empty line: the path is the prefix alone
close_stretch "start, load and keying"
script=$lua_random
measure health "$base" "$work/one" /api/health "" 1 yes
measure nginx "http://127.0.0.1:$nginx_port" "$work/book-ids" /api/books/ "" 1 yes
measure bare "http://127.0.0.1:$bare_port" "$work/book-ids" /api/books/ "" 1 yes
kill "$bare_pid" 2>/dev/null; wait "$bare_pid" 2>/dev/null || true; bare_pid=""
# PostgreSQL alone, no HTTP: the book page's statement over random ids from pgbench, one id a statement and eight
# (the server gathers concurrent book page reads into one statement), with as many connections as the server's pool.
# Rows a second; the whole machine is PostgreSQL's and pgbench's here.
pg_rows() {
  local ids=$1 rows
  python3 - "$ids" "$books" >"$work/pgbench-$ids.sql" <<'PY'
import sys
ids, books = int(sys.argv[1]), int(sys.argv[2])
for i in range(ids):
    print(f"\\set n{i} random(0, {books - 1})")
print("SELECT b.id, b.seller_id, b.title, b.author, b.description, b.picture_url, b.publish_year, b.ratings, b.reviews, "
      "b.seller_name, b.location, b.phone, b.seller_email, b.original_price, b.resale_price, b.status, b.advertised, "
      "b.created_at, b.condition, b.language, b.isbn, b.more_photos, c.id, c.name, a.verified "
      "FROM books AS b JOIN categories AS c ON b.category_id = c.id JOIN accounts AS a ON b.seller_id = a.id "
      "WHERE b.id = ANY(ARRAY[" + ", ".join(f"md5('book' || :n{i})::uuid" for i in range(ids)) + "]);")
PY
  rows=$(pgbench -n -M prepared -c "$pool" -j "$threads" -T "$duration" -f "$work/pgbench-$ids.sql" "$db" 2>"$work/pgbench.err" \
    | awk '/^tps = / {print $3}') || true
  [ -n "$rows" ] || { cat "$work/pgbench.err" >&2; die "pgbench could not read book rows"; }
  python3 -c "print(round(float('$rows') * $ids))"
}
pg_rows_one=-
pg_rows_eight=-
if have pgbench; then
  pg_rows_one=$(pg_rows 1)
  pg_rows_eight=$(pg_rows 8)
  printf 'bench: %-12s %8s rows/s one id a statement, %s eight\n' postgres "$pg_rows_one" "$pg_rows_eight" >&2
fi
warm_seconds=-
if wanted book; then warm_every_page "$work/book-ids" /api/books/; fi
book_warm_seconds=$warm_seconds
measure book "$base" "$work/book-ids" /api/books/ "" 1 yes
category_warm_seconds=-
if wanted category_page; then
  # Likewise every category page, so that the database's buffer cache holds the category index as in a shop that
  # has been open a while (a cold one measures the disk).
  while read -r category; do
    for ((page = 1; page <= deepest; page++)); do echo "$category/books?page=$page&perPage=24"; done
  done <"$work/category-ids" >"$work/category-pages"
  warm_every_page "$work/category-pages" /api/categories/
  category_warm_seconds=$warm_seconds
  warm_seconds=$book_warm_seconds
fi
measure category_page "$base" "$work/category-ids" /api/categories/ "/books?page={page}&perPage=24" "$deepest" yes
measure grouped "$base" "$work/one" "/api/books/grouped?perCategory=4" "" 1 yes
measure categories "$base" "$work/one" /api/categories "" 1 yes
measure advertised "$base" "$work/one" /api/advertised "" 1 yes
measure search "$base" "$work/search-queries" "/api/search?" "" 1 yes
measure search_computed "$computed_base" "$work/search-queries" "/api/search?" "" 1 yes
# Orders last: each one changes a book, which every cached read depends on.
script="$root/scripts/bench/orders.lua"
measure orders "$base" "$work/orders" "" "" 1 no
placed=$(psql -AtX "$db" -c "SELECT count(*) FROM orders WHERE buyer_id IN (SELECT md5('bench-buyer' || n)::uuid FROM generate_series(0, $buyers - 1) AS n)")
close_stretch "end"
peak_kib=$run_peak_kib

# The report.
python3 - <<PY
health, nginx = ${rps[health]}, ${rps[nginx]}
rows = [
    ("GET /api/health", "health", None, None),
    ("nginx, one book page's bytes", "nginx", None, None),
    ("axum alone (apps/bare-answer), one book page's bytes", "bare", None, None),
    ("GET /api/books/{random id}", "book", 0.30, 0.5),
    ("GET /api/categories (with counts)", "categories", 0.20, None),
    ("GET /api/books/grouped?perCategory=4 (home)", "grouped", 0.10, None),
    ("GET /api/categories/{random}/books?page=1..$deepest&perPage=24", "category_page", 0.20, None),
    ("GET /api/advertised", "advertised", None, None),
    ("GET /api/search?q= (5,000 queries, answers kept)", "search", 0.02, None),
    # Every answer computed: the raw cost of a search nobody asked before, held to the latency target only (what
    # visitors get is the row above, where popular searches are answered from memory).
    ("GET /api/search?q= (every answer computed)", "search_computed", None, None),
    ("POST /api/orders (each a new book)", "orders", 0.05, None),
]
rps = {$(for k in "${!rps[@]}"; do printf '"%s": %s, ' "$k" "${rps[$k]}"; done)}
p50 = {$(for k in "${!p50[@]}"; do printf '"%s": %s, ' "$k" "${p50[$k]}"; done)}
p99 = {$(for k in "${!p99[@]}"; do printf '"%s": %s, ' "$k" "${p99[$k]}"; done)}
h50 = {$(for k in "${!half50[@]}"; do printf '"%s": %s, ' "$k" "${half50[$k]}"; done)}
h99 = {$(for k in "${!half99[@]}"; do printf '"%s": %s, ' "$k" "${half99[$k]}"; done)}
cache = {$(for k in "${!cache[@]}"; do printf '"%s": %s, ' "$k" "${cache[$k]}"; done)}
cpu = {$(for k in "${!cpu[@]}"; do printf '"%s": %s, ' "$k" "${cpu[$k]}"; done)}
wal = {$(for k in "${!wal[@]}"; do printf '"%s": [%s], ' "$k" "$(tr ' ' ',' <<<"${wal[$k]}")"; done)}
cores = $(nproc)
verdicts = []
def mark(ok, what):
    verdicts.append((ok, what))
    return "PASS" if ok else "FAIL"

print("Puronoboi bench: $n_books books ($n_available available) in $n_categories categories, $n_sellers sellers ($n_verified verified), "
      "$n_orders orders ($n_pending pending, $n_paid paid); seeded in SQL in ${seeded} s")
print("search index: $n_works works keyed by the server in ${indexed} s after the load; search_works $search_mib MiB in all "
      "(indexes: $search_indexes)")
print("wrk: $threads threads, $connections connections, ${duration} s per endpoint after ${warmup} s of warm-up (reads; "
      "before the book page, every book page read once: ${warm_seconds} s; before the category pages, every category page "
      "read once: ${category_warm_seconds} s); half load: oha at half the measured req/s for ${duration} s after ${warmup} s "
      "of it; PostgreSQL with default durability and shared_buffers ${BENCH_SHARED_BUFFERS:-1GB}")
print()
print(f"{'endpoint':<62} {'req/s':>8} {'x health':>9} {'x nginx':>8} {'p50 ms':>8} {'p99 ms':>8} {'half p50':>9} {'half p99':>9}")
rows = [row for row in rows if row[1] in rps]
for label, key, _, _ in rows:
    r = rps[key]
    half = f"{h50[key]:>9.2f} {h99[key]:>9.2f}" if key in h50 else f"{'-':>9} {'-':>9}"
    print(f"{label:<62} {r:>8.0f} {r / health:>9.3f} {r / nginx:>8.3f} {p50[key]:>8.2f} {p99[key]:>8.2f} {half}")
if "bare" in rps:
    print(f"health is {health / rps['bare']:.3f} x axum alone: the rest is what the layers every answer passes through cost "
          "(request id, trace span, metrics, timeout, body rules, security headers, compression check, router)")
if "$pg_rows_one" != "-":
    print("PostgreSQL alone (pgbench, the book page's statement over random ids, $pool connections): "
          "$pg_rows_one rows/s one id a statement, $pg_rows_eight rows/s eight ids a statement")
else:
    print("PostgreSQL alone: not measured (pgbench is not installed; Debian's postgresql-client has it)")
print()
print("public read cache during each full-load run (catalogue_reads_total; heartbeat gaps over 0.5 s lapse copies soon after;")
print("category pages and searches: rendered_answers_total, sent as kept or made, then the catalogue reads behind those made):")
for label, key, _, _ in rows:
    c = cache.get(key)
    reads = c and c["copy"] + c["database"] + c["unvouched"]
    sent = c and c["kept"] + c["made"]
    if not reads and not sent:
        continue
    as_sent = f"kept {c['kept'] / sent:6.1%}  made {c['made'] / sent:6.1%}  " if sent else ""
    behind = f"copies {c['copy'] / reads:6.1%}  database {c['database'] / reads:6.1%}  unvouched {c['unvouched'] / reads:6.1%}" if reads else "no catalogue reads"
    print(f"  {label:<62} {as_sent}{behind}  heartbeat gaps > 0.5 s: {c['late_gaps']:.0f} of {c['gaps']:.0f}")
print()
print(f"where the CPU went during each full-load run (share of the machine's {cores} cores; the rest of the busy time is wrk and the kernel):")
for label, key, _, _ in rows:
    if key not in cpu or key in ("nginx", "bare"):
        continue
    busy, postgres, server = cpu[key]
    whole = cores * $duration
    print(f"  {label:<62} busy {busy / whole:6.1%}  PostgreSQL {postgres / whole:6.1%}  server {server / whole:6.1%}"
          f"  rest {(busy - postgres - server) / whole:6.1%}")
print()
print("what PostgreSQL wrote to its log (WAL) per request during each run that wrote:")
for label, key, _, _ in rows:
    if key not in wal:
        continue
    records0, fpi0, bytes0, commits0, records1, fpi1, bytes1, commits1, requests = wal[key]
    if bytes1 - bytes0 < 1_000_000 or not requests:
        continue
    print(f"  {label:<62} {(bytes1 - bytes0) / requests:7.0f} bytes  {(records1 - records0) / requests:5.1f} records"
          f"  {(fpi1 - fpi0) / requests:5.2f} full-page images  {(commits1 - commits0) / requests:4.1f} transactions")
print()
print("targets:")
for label, key, vs_health, vs_nginx in rows:
    r = rps[key]
    if vs_health is not None:
        print(f"  {mark(r / health >= vs_health, label)}  {label}: {r / health:.3f} x health (target >= {vs_health})")
    if vs_nginx is not None:
        print(f"  {mark(r / nginx >= vs_nginx, label)}  {label}: {r / nginx:.3f} x nginx (target >= {vs_nginx})")
for label, key, _, _ in rows:
    if key in ("health", "nginx", "bare", "orders"):
        continue
    if key not in h99:
        print(f"  SKIP  {label}: p99 at half load not measured (BENCH_HALF_LOAD=0)")
        continue
    limit = 25.0 if key.startswith("search") else 5.0
    print(f"  {mark(h99[key] <= limit, label)}  {label}: p99 {h99[key]:.2f} ms at half load (target <= {limit:g} ms)")
failed = {$(for k in "${!failed[@]}"; do printf '"%s": %s, ' "$k" "${failed[$k]}"; done)}
half_failed = {$(for k in "${!half_failed[@]}"; do printf '"%s": %s, ' "$k" "${half_failed[$k]}"; done)}
for key in ("search", "search_computed"):
    if key in failed:
        print(f"  {mark(failed[key] == 0 and half_failed.get(key, 0) == 0, key)}  {key}: {failed[key]} failed at full load, "
              f"{half_failed.get(key, 0)} at half load (target 0)")
peak = $peak_kib / 1024
print("  server peak RSS in each stretch of the run (MiB): " + ", ".join(
    f"{name} {kib / 1024:.1f}" for name, kib in [$(for k in "${peak_order[@]}"; do printf '("%s", %s), ' "$k" "${peak_during[$k]}"; done)]))
print(f"  {mark(peak <= 100, 'rss')}  server peak RSS (VmHWM): {peak:.1f} MiB (target <= 100 MiB)")
print()
print(f"orders placed by the order benchmark: $placed; {sum(1 for ok, _ in verdicts if ok)} of {len(verdicts)} targets met")
PY
