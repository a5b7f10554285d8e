#!/usr/bin/env bash
# `just faults`: the database and the payment provider go away, the server is killed and stopped, and it behaves.
# Builds the release server, starts a throwaway PostgreSQL and localstripe, creates buyers, a seller and books in
# SQL, mints the buyers' access tokens, then runs the drills of scripts/faults/drill.py against the real server:
#   database   PostgreSQL stopped under load, then started again
#   kill       SIGKILL in the middle of an order and payment storm, then a restart (checked by consistency.sql)
#   provider   localstripe stopped while a buyer pays, then started again
#   sigterm    requests in flight at SIGTERM finish, and the process exits within 10 s
# Prints each drill's figures with PASS or FAIL; exits non-zero if anything failed (the work directory, with the
# server log, is then kept).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
started=$(date +%s)

for tool in python3 psql curl; do
  command -v "$tool" >/dev/null || { echo "faults: $tool is needed (just tools installs the PostgreSQL client)" >&2; exit 1; }
done

buyers=60
books=400

echo "==> building the release server and mint-access-tokens"
cargo build --release --locked -p puronoboi-server -p puronoboi-test-support --bin puronoboi-server --bin mint-access-tokens >&2
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port); pg_port=$(free_port); stripe_port=$(free_port)
work="${TMPDIR:-/tmp}/puronoboi-faults-$$"
# Not mktemp: the cluster's directory inside must be reachable by the postgres user when this runs as root.
mkdir -p "$work"

status=1
cleanup() {
  scripts/localstripe.sh stop "$work/stripe" >/dev/null 2>&1 || true
  scripts/pg-cluster.sh stop "$work/pg" >/dev/null 2>&1 || true
  if [ "$status" = 0 ]; then rm -rf "$work"; else echo "faults: the work directory is kept: $work" >&2; fi
}
trap cleanup EXIT

echo "==> starting PostgreSQL (port $pg_port) and localstripe (port $stripe_port)"
# --owner-pid: both go away with this script however it ends; the drills stop and start them in between.
cluster=$(scripts/pg-cluster.sh start "$work/pg" "$pg_port" --ephemeral --owner-pid $$)
psql -q "$cluster/postgres" -c "CREATE DATABASE faults"
STRIPE_API_BASE=$(scripts/localstripe.sh start "$work/stripe" "$stripe_port" --owner-pid $$)
STRIPE_WEBHOOK_SECRET="whsec_$(python3 -c 'import secrets; print(secrets.token_hex(24))')"
scripts/localstripe.sh webhook "$STRIPE_API_BASE" faults "http://127.0.0.1:$port/api/payments/stripe/webhook" "$STRIPE_WEBHOOK_SECRET"

# The server's configuration, as `just run` sets it for localstripe; sign-in on (the emulator host is never called:
# the drills use access tokens minted below).
export DATABASE_URL="$cluster/faults" HOST=127.0.0.1 PORT=$port IMAGES_DIR="$work/images" MAIL_DIR="$work/mail" RUST_LOG=${RUST_LOG:-info}
export FIREBASE_PROJECT_ID=demo-faults FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9
SESSION_SECRET=$(python3 -c 'import secrets; print(secrets.token_hex(32))')
export SESSION_SECRET STRIPE_API_BASE STRIPE_WEBHOOK_SECRET
export STRIPE_SECRET_KEY=sk_test_puronoboi_local STRIPE_PUBLISHABLE_KEY=pk_test_puronoboi_local
# The drills storm orders and payments from 40 buyers on one address, as fast as they can: the rate limits are off.
for kind in SESSIONS ORDERS PAYMENTS WISHLIST CONTACTS; do export "RATE_LIMIT_${kind}_PER_IP=off" "RATE_LIMIT_${kind}_PER_ACCOUNT=off"; done

# seed.sql names buyer n md5('faults-buyer-n')::uuid; the same id here, so tokens can be minted before it runs.
python3 -c "
import hashlib, uuid
for n in range(1, $buyers + 1):
    print(uuid.UUID(hashlib.md5(f'faults-buyer-{n}'.encode()).hexdigest()))
" >"$work/buyers"
"$target_dir/release/mint-access-tokens" <"$work/buyers" | paste -d' ' <(seq 1 "$buyers") - >"$work/tokens"

export FAULTS_SERVER="$target_dir/release/puronoboi-server" FAULTS_WORK="$work" FAULTS_TOKENS="$work/tokens"
export FAULTS_BOOKS=$books
export FAULTS_PG_DIR="$work/pg" FAULTS_PG_PORT=$pg_port FAULTS_STRIPE_DIR="$work/stripe" FAULTS_STRIPE_PORT=$stripe_port
echo "==> drills"
if python3 scripts/faults/drill.py; then status=0; fi
echo "just faults took $(($(date +%s) - started)) s"
exit $status
