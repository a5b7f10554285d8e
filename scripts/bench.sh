#!/usr/bin/env bash
# `just bench`: load each public endpoint with wrk against a release server over a seeded throwaway database, and
# report every endpoint's throughput as a ratio of the trivial /api/health route measured in the same run.
# Absolute numbers depend on the machine; the ratios say what the database work costs.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 1; }
duration=${BENCH_SECONDS:-5}
connections=${BENCH_CONNECTIONS:-32}

cargo build --release --locked -p puronoboi-server >&2
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
pg_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
work="${TMPDIR:-/tmp}/puronoboi-bench-$$"
mkdir -p "$work"
cluster=$(scripts/pg-cluster.sh start "$work-pg" "$pg_port" --ephemeral --owner-pid $$)
psql -q "$cluster/postgres" -c "CREATE DATABASE bench"

DATABASE_URL="$cluster/bench" HOST=127.0.0.1 PORT=$port SEED_DEMO=true IMAGES_DIR="$work/images" RUST_LOG=warn \
  DATABASE_POOL_SIZE=16 "$target_dir/release/puronoboi-server" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do curl -fs "$base/api/ready" >/dev/null && break; sleep 0.2; done

category=$(curl -fs "$base/api/categories" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
book=$(curl -fs "$base/api/advertised" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')

rps() { wrk -t2 -c"$connections" -d"${duration}s" --latency "$base$1" | awk '/Requests\/sec/ {print $2}'; }
echo "wrk: ${duration}s per endpoint, $connections connections, 2 threads, same server and database"
baseline=$(rps /api/health)
printf '%-48s %12s %10s\n' endpoint req/s vs-health
printf '%-48s %12.0f %10s\n' /api/health "$baseline" 1.00
for path in /api/categories "/api/books/grouped?perCategory=4" "/api/books/grouped?perCategory=24" \
  "/api/categories/$category/books?perPage=12" "/api/books/$book" /api/advertised; do
  r=$(rps "$path")
  label=${path/$category/\{id\}}; label=${label/$book/\{id\}}
  printf '%-48s %12.0f %10.3f\n' "$label" "$r" "$(python3 -c "print($r/$baseline)")"
done
