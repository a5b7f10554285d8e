#!/usr/bin/env bash
# `just run`: the whole product on its embedded default at http://localhost:8080. Builds the web app and the
# server, starts a private PostgreSQL cluster under var/ (unless DATABASE_URL points elsewhere), migrates, seeds
# the demo catalogue on first run and serves. Ctrl-C stops everything this script started.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

say() { printf '\033[1;32m==>\033[0m %s\n' "$*"; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

command -v cargo >/dev/null || die "Rust's cargo was not found. Install Rust (https://rustup.rs) and try again."
command -v npm >/dev/null || die "Node.js (20 or newer) with npm was not found. Install it and try again."
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 20 ] || die "Node.js 20 or newer is needed; this is $(node --version)."
command -v python3 >/dev/null || die "python3 was not found. Install Python 3 and try again."
if [ -z "${DATABASE_URL:-}" ]; then
  command -v psql >/dev/null || die "psql was not found. Install the PostgreSQL client (Debian: apt-get install postgresql-client)."
fi

mkdir -p var
export PORT=${PORT:-8080}

pids=()
cluster_dir=
emulator_dir=
stripe_dir=
cleanup() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "$stripe_dir" ]; then
    say "stopping localstripe (its payments are kept in var/localstripe)"
    scripts/localstripe.sh stop "$stripe_dir" || true
  fi
  if [ -n "$emulator_dir" ]; then
    say "stopping the Firebase Auth emulator (its accounts are kept in var/firebase)"
    scripts/auth-emulator.sh stop "$emulator_dir" || true
  fi
  if [ -n "$cluster_dir" ]; then
    say "stopping the database"
    scripts/pg-cluster.sh stop "$cluster_dir" || true
  fi
}
trap cleanup EXIT
# Ctrl-C is how a person stops it: a clean stop, not a failure.
trap 'exit 0' INT TERM

say "installing the web app's dependencies"
if [ ! -d apps/web/node_modules ] || [ apps/web/package-lock.json -nt apps/web/node_modules/.package-lock.json ]; then
  npm --prefix apps/web ci --no-audit --no-fund
fi
say "building the web app"
npm --prefix apps/web run build --silent

say "building the server (the first build takes a few minutes)"
cargo build --release --locked -p puronoboi-server
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')

if [ -z "${DATABASE_URL:-}" ]; then
  pg_port=${PURONOBOI_PG_PORT:-54329}
  cluster_dir="$root/var/postgres"
  say "starting the embedded PostgreSQL (data in var/postgres, port $pg_port, password in var/postgres-password)"
  # Every connection needs the password, generated once and kept; a cluster from an older run that trusted every
  # local user is switched over in place.
  cluster_url=$(scripts/pg-cluster.sh start "$cluster_dir" "$pg_port" --password-file "$root/var/postgres-password") || {
    cluster_dir=
    die "the embedded PostgreSQL did not start (see var/postgres/server.log). Is port $pg_port taken? Set PURONOBOI_PG_PORT."
  }
  pg_password=$(cat var/postgres-password)
  # The password goes to psql through its environment: a command line is visible to every local user.
  if ! PGPASSWORD=$pg_password psql -w "$cluster_url/postgres" -tAc "SELECT 1 FROM pg_database WHERE datname = 'puronoboi'" | grep -q 1; then
    PGPASSWORD=$pg_password psql -w "$cluster_url/postgres" -qc "CREATE DATABASE puronoboi" >/dev/null
  fi
  # Hex, so it needs no escaping in the URL.
  export DATABASE_URL="${cluster_url/postgres@/postgres:$pg_password@}/puronoboi"
  unset pg_password
  export SEED_DEMO=${SEED_DEMO:-true}
fi

if [ -z "${FIREBASE_PROJECT_ID:-}" ]; then
  # The embedded default signs people in through the Firebase Auth emulator: no Google account or key needed.
  auth_port=${PURONOBOI_AUTH_PORT:-9099}
  emulator_dir="$root/var/firebase"
  say "starting the Firebase Auth emulator (accounts in var/firebase, port $auth_port; the first start takes ~15 s)"
  FIREBASE_AUTH_EMULATOR_HOST=$(FIREBASE_PROJECT_ID=demo-puronoboi scripts/auth-emulator.sh start "$emulator_dir" "$auth_port" --persist) || {
    emulator_dir=
    die "the Firebase Auth emulator did not start (see var/firebase/emulator.log). Is port $auth_port taken? Set PURONOBOI_AUTH_PORT."
  }
  export FIREBASE_AUTH_EMULATOR_HOST FIREBASE_PROJECT_ID=demo-puronoboi
  export ADMIN_EMAILS=${ADMIN_EMAILS:-admin@puronoboi.test}
  # The emulator accepts unsigned identity tokens, so the server listens on loopback only (it refuses otherwise).
  export HOST=${HOST:-127.0.0.1}
fi
if [ -z "${SESSION_SECRET:-}" ]; then
  # Generated once and kept, so sessions survive a restart.
  # Private from the first byte; the chmod fixes files written by older versions of this script.
  if [ ! -s var/session-secret ]; then
    (umask 077; python3 -c 'import secrets; print(secrets.token_hex(32))' >var/session-secret.tmp)
    mv var/session-secret.tmp var/session-secret
  fi
  chmod 600 var/session-secret
  SESSION_SECRET=$(cat var/session-secret)
  export SESSION_SECRET
fi

if [ -z "${STRIPE_SECRET_KEY:-}" ]; then
  # The embedded default takes card payments through localstripe, a local Stripe stand-in: no Stripe account or
  # keys needed. Use Stripe's test cards (4242 4242 4242 4242 pays, 4000 0000 0000 0341 is declined,
  # 4000 0000 0000 3220 asks for 3-D Secure).
  stripe_port=${PURONOBOI_STRIPE_PORT:-8420}
  stripe_dir="$root/var/localstripe"
  say "starting localstripe, the local card payment provider (port $stripe_port; the first start installs it)"
  STRIPE_API_BASE=$(scripts/localstripe.sh start "$stripe_dir" "$stripe_port" --persist) || {
    stripe_dir=
    die "localstripe did not start (see var/localstripe/localstripe.log). Is port $stripe_port taken? Set PURONOBOI_STRIPE_PORT."
  }
  if [ ! -s var/stripe-webhook-secret ]; then
    (umask 077; python3 -c 'import secrets; print("whsec_" + secrets.token_hex(24))' >var/stripe-webhook-secret.tmp)
    mv var/stripe-webhook-secret.tmp var/stripe-webhook-secret
  fi
  STRIPE_WEBHOOK_SECRET=$(cat var/stripe-webhook-secret)
  scripts/localstripe.sh webhook "$STRIPE_API_BASE" puronoboi "http://127.0.0.1:$PORT/api/payments/stripe/webhook" "$STRIPE_WEBHOOK_SECRET" >/dev/null
  export STRIPE_API_BASE STRIPE_WEBHOOK_SECRET
  export STRIPE_SECRET_KEY=sk_test_puronoboi_local STRIPE_PUBLISHABLE_KEY=pk_test_puronoboi_local
  # Browsers load localstripe's Stripe.js stand-in from the same place.
  export STRIPE_JS_URL=${STRIPE_JS_URL:-http://localhost:$stripe_port/js.stripe.com/v3/}
fi

export WEB_DIST_DIR=${WEB_DIST_DIR:-$root/apps/web/dist}
export IMAGES_DIR=${IMAGES_DIR:-$root/var/images}
# Order e-mail is written as .eml files here unless MAIL_TRANSPORT says otherwise: nothing leaves this machine.
export MAIL_DIR=${MAIL_DIR:-$root/var/mail}
if [ "${MAIL_TRANSPORT:-file}" = file ]; then
  say "order e-mail goes to var/mail/ as .eml files (open them with any mail program)"
fi

say "Puronoboi is starting at http://localhost:$PORT (Ctrl-C stops it)"
"$target_dir/release/puronoboi-server" &
pids+=($!)
wait "${pids[0]}"
