#!/usr/bin/env bash
# `just web-budget`: what a phone downloads and how fast the storefront renders. Builds the web app and the server,
# starts the server over a throwaway PostgreSQL with the demo catalogue (and the local Auth emulator, so sign-in is on
# as in production), then apps/web/scripts/web-budget.mjs measures the start-up JavaScript of `/` and runs Lighthouse
# (mobile) three times on /, /shop and a book page. Last, the accessibility journey (axe-core on every route, signed
# out and as each role) runs in its own e2e harness. Fails when the JavaScript budget is exceeded, a page shifts by
# more than 0.1 CLS, or the accessibility journey finds a critical or serious violation; the Lighthouse scores are
# reported against their targets without failing the command.
#
# SERVER_BIN=<path> skips `cargo build` and uses that server binary. BUDGET_RUNS=<n> changes the runs per page.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
web="$root/apps/web"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

echo "== building the web app" >&2
if [ ! -d "$web/node_modules" ] || [ "$web/package-lock.json" -nt "$web/node_modules/.package-lock.json" ]; then
  npm --prefix "$web" ci --no-audit --no-fund >&2
fi
npm --prefix "$web" run build >&2

if [ -z "${SERVER_BIN:-}" ]; then
  echo "== building the server (debug)" >&2
  cargo build --locked -p puronoboi-server >&2
  target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
  SERVER_BIN="$target_dir/debug/puronoboi-server"
fi
[ -x "$SERVER_BIN" ] || { echo "web-budget: no server binary at $SERVER_BIN" >&2; exit 1; }
export SERVER_BIN

work=$(mktemp -d "${TMPDIR:-/tmp}/puronoboi-web-budget.XXXXXX")
# PostgreSQL runs as its own user when we are root: it must be able to reach its data directory in here.
chmod 711 "$work"
server=
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  scripts/auth-emulator.sh stop "$work/auth" >/dev/null 2>&1 || true
  scripts/pg-cluster.sh stop "$work/pg" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "== starting PostgreSQL, the Auth emulator and the server" >&2
cluster=$(scripts/pg-cluster.sh start "$work/pg" "$(free_port)" --ephemeral --owner-pid $$)
psql -q "$cluster/postgres" -c "CREATE DATABASE budget"
auth_port=$(free_port)
emulator=$(FIREBASE_PROJECT_ID=demo-puronoboi scripts/auth-emulator.sh start "$work/auth" "$auth_port" --owner-pid $$)
port=$(free_port)
DATABASE_URL="$cluster/budget" HOST=127.0.0.1 PORT=$port SEED_DEMO=true IMAGES_DIR="$work/images" \
  WEB_DIST_DIR="$web/dist" FIREBASE_PROJECT_ID=demo-puronoboi FIREBASE_AUTH_EMULATOR_HOST="$emulator" \
  SESSION_SECRET=$(openssl rand -hex 32) RUST_LOG=warn "$SERVER_BIN" >"$work/server.log" 2>&1 &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 150); do curl -fs "$base/api/ready" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "$base/api/ready" >/dev/null || { echo "web-budget: the server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }
book=$(curl -fs "$base/api/advertised" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')

status=0
node "$web/scripts/web-budget.mjs" --base "$base" --book "$book" --runs "${BUDGET_RUNS:-3}" --work "$work" || status=$?

# The server is not needed any more: the journey starts its own services.
kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=

echo
journey=e2e/accessibility.e2e.ts
if [ -f "$web/$journey" ]; then
  echo "== accessibility journey ($journey): axe-core, critical and serious violations fail"
  if (cd "$web" && npm run e2e -- "$journey"); then
    echo "accessibility journey: PASS"
  else
    echo "accessibility journey: FAIL (critical or serious violations, or the journey broke: see above)"
    status=1
  fi
else
  echo "accessibility journey: NOT RUN: apps/web/$journey does not exist yet (it is written separately);"
  echo "  the Lighthouse accessibility scores above are the only accessibility figures of this run."
fi

echo
if [ "$status" -eq 0 ]; then echo "web-budget: PASS"; else echo "web-budget: FAIL"; fi
exit "$status"
