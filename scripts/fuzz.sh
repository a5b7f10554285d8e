#!/usr/bin/env bash
# `just fuzz` and `just fuzz-short`: Schemathesis generates requests from the API's own description
# (GET /api/openapi.json) and sends them to a server of our own, anonymously and as a buyer, a verified seller and an
# admin, until at least FUZZ_REQUESTS requests (10,000 unless set) have been answered. Every answer must be no 5xx, a
# documented status, of the documented content type and match the documented schema. Prints the figures and exits
# non-zero on any failure.
#
#   FUZZ_REQUESTS=N   how many requests at least (default 10000)
#   FUZZ_PROFILE      debug (default) or release: which build of the server is fuzzed
#   FUZZ_SEED         the first round's Schemathesis seed (default: random); each later round adds 1
#
# Everything runs on its own: a throwaway PostgreSQL cluster seeded with the demo catalogue, localstripe for card
# payments, the Firebase Auth emulator, and the server with sign-in in emulator mode. The accounts are created in SQL
# and their access tokens minted with the server's secret (target/<profile>/mint-access-tokens). Schemathesis lives in var/fuzz-venv.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
venv="$root/var/fuzz-venv"
version=4.32.5
target_requests=${FUZZ_REQUESTS:-10000}
profile=${FUZZ_PROFILE:-debug}
seed=${FUZZ_SEED:-$((RANDOM * 32768 + RANDOM))}

die() { echo "fuzz: $*" >&2; exit 1; }
say() { echo "fuzz: $*" >&2; }

[[ "$target_requests" =~ ^[1-9][0-9]*$ ]] || die "FUZZ_REQUESTS must be a positive whole number, got '$target_requests'"
case "$profile" in debug) build=() ;; release) build=(--release) ;; *) die "FUZZ_PROFILE must be debug or release" ;; esac

# Creates the venv with Schemathesis in it unless it is there already; several runs may start at once, so the install
# happens under a lock and is marked done only when it has finished.
ensure_venv() {
  local marker="$venv/.schemathesis-$version"
  [ -f "$marker" ] && return 0
  command -v python3 >/dev/null || die "python3 is needed (Debian: apt-get install python3 python3-venv)."
  mkdir -p "$root/var"
  exec 9>"$root/var/fuzz-venv.lock"
  command -v flock >/dev/null && flock 9
  if [ ! -f "$marker" ]; then
    rm -rf "$venv"
    python3 -m venv "$venv" >&2 || die "python3 -m venv failed: install Python's venv module (Debian: apt-get install python3-venv)."
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version" >&2 \
      || die "pip could not install schemathesis==$version (is PyPI reachable?)"
    touch "$marker"
  fi
  exec 9>&-
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

ensure_venv
command -v psql >/dev/null || die "psql is needed: run 'just tools'."
say "building the server and mint-access-tokens ($profile)"
cargo build "${build[@]}" --locked -p puronoboi-server -p puronoboi-test-support --bin puronoboi-server --bin mint-access-tokens >&2
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
bin="$target_dir/$profile"

work=$(mktemp -d "${TMPDIR:-/tmp}/puronoboi-fuzz.XXXXXX")
# The cluster runs as `postgres` when we are root: it must be able to reach its data directory in here.
chmod 755 "$work"
server=
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

pg_port=$(free_port)
cluster=$(scripts/pg-cluster.sh start "$work/pg" "$pg_port" --ephemeral --owner-pid $$)
psql -q "$cluster/postgres" -c "CREATE DATABASE fuzz"
stripe=$(scripts/localstripe.sh start "$work/stripe" "$(free_port)" --owner-pid $$)

port=$(free_port)
base="http://127.0.0.1:$port"
secret=$(python3 -c 'import secrets; print(secrets.token_hex(32))')
webhook_secret="whsec_$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
scripts/localstripe.sh webhook "$stripe" puronoboi "$base/api/payments/stripe/webhook" "$webhook_secret"
# Sign-in runs in emulator mode (the demo seed creates its sign-ins there); the fuzzer itself uses minted access
# tokens, so POST /api/session only ever sees identity tokens that do not verify.
emulator=$(FIREBASE_PROJECT_ID=demo-puronoboi scripts/auth-emulator.sh start "$work/emulator" "$(free_port)" --owner-pid $$)
# One buyer token sends thousands of requests from one address: the rate limits would answer most of them 429
# before they reach what they test, so they are off here (their own tests are in crates/http/tests/api/limits.rs).
for kind in SESSIONS ORDERS PAYMENTS WISHLIST CONTACTS; do export "RATE_LIMIT_${kind}_PER_IP=off" "RATE_LIMIT_${kind}_PER_ACCOUNT=off"; done
DATABASE_URL="$cluster/fuzz" HOST=127.0.0.1 PORT=$port SEED_DEMO=true IMAGES_DIR="$work/images" MAIL_DIR="$work/mail" RUST_LOG=warn \
  FIREBASE_PROJECT_ID=demo-puronoboi FIREBASE_AUTH_EMULATOR_HOST="$emulator" SESSION_SECRET="$secret" \
  STRIPE_SECRET_KEY=sk_test_puronoboi_fuzz STRIPE_PUBLISHABLE_KEY=pk_test_puronoboi_fuzz STRIPE_API_BASE="$stripe" \
  STRIPE_WEBHOOK_SECRET="$webhook_secret" UPLOAD_RATE_PER_MINUTE=100000 \
  "$bin/puronoboi-server" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 150); do curl -fs "$base/api/ready" >/dev/null 2>&1 && break; kill -0 "$server" 2>/dev/null || break; sleep 0.2; done
curl -fs "$base/api/ready" >/dev/null || { tail -n 30 "$work/server.log" >&2; die "the server did not become ready"; }

# One account per role, and a buyer whose only use is to log out (logging out revokes every token of its account).
declare -A account
for who in buyer seller admin leaver; do account[$who]=$(python3 -c 'import uuid; print(uuid.uuid4())'); done
psql -q -v ON_ERROR_STOP=1 "$cluster/fuzz" <<SQL
INSERT INTO accounts (id, name, email, role, verified, email_verified) VALUES
  ('${account[buyer]}', 'Fuzz Buyer', 'fuzz-buyer@example.test', 'buyer', false, true),
  ('${account[seller]}', 'Fuzz Seller', 'fuzz-seller@example.test', 'seller', true, true),
  ('${account[admin]}', 'Fuzz Admin', 'fuzz-admin@example.test', 'admin', false, true),
  ('${account[leaver]}', 'Fuzz Leaver', 'fuzz-leaver@example.test', 'buyer', false, true);
SQL
declare -A token
mapfile -t minted < <(printf '%s\n' "${account[buyer]}" "${account[seller]}" "${account[admin]}" "${account[leaver]}" \
  | SESSION_SECRET="$secret" "$bin/mint-access-tokens")
token[buyer]=${minted[0]}; token[seller]=${minted[1]}; token[admin]=${minted[2]}; token[leaver]=${minted[3]}
for who in buyer seller admin; do
  [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer ${token[$who]}" "$base/api/me")" = 200 ] \
    || die "the $who's minted token is not accepted"
done

operations=$(curl -fs "$base/api/openapi.json" | python3 -c '
import json, sys
doc = json.load(sys.stdin)
print(sum(1 for item in doc["paths"].values() for m in item if m in ("get", "put", "post", "patch", "delete")))')
# Each run makes several requests per test case (and the coverage phase many more), so the first guess is on the low
# side; rounds repeat, with a new seed each, until the target is reached.
runs_per_round=5
examples=$(( (target_requests + runs_per_round * operations - 1) / (runs_per_round * operations) ))
[ "$examples" -lt 2 ] && examples=2
[ "$examples" -gt 100 ] && examples=100
say "fuzzing $base: $operations operations, at least $target_requests requests, $examples examples per operation and run, seed $seed"

checks=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
failed_runs=0
run() {
  local name=$1; shift
  local dir="$work/reports/$name"
  mkdir -p "$dir"
  say "run $name"
  # Its own working directory: Schemathesis keeps an example database where it runs. One worker: with two, Hypothesis
  # parses lambdas' source in both threads at once and CPython 3.11's parser sometimes fails ("AST constructor
  # recursion depth mismatch"), an error of the tool rather than of the server.
  if (cd "$dir" && "$venv/bin/schemathesis" run "$base/api/openapi.json" --url "$base" --checks "$checks" \
    --max-examples "$examples" --seed "$seed" --workers 1 --request-timeout 40 --no-color \
    --report har,junit --report-har-path "$dir/requests.har" --report-junit-path "$dir/junit.xml" "$@") \
    >"$dir/output.txt" 2>&1; then
    :
  else
    failed_runs=$((failed_runs + 1))
    say "run $name found failures:"
    # Its summary (failures, errors, the reproduction commands) is at the end.
    tail -n 120 "$dir/output.txt" >&2
  fi
}

requests=0
round=0
while [ "$requests" -lt "$target_requests" ]; do
  round=$((round + 1))
  run "r$round-anonymous"
  for who in buyer seller admin; do
    run "r$round-$who" -H "Authorization: Bearer ${token[$who]}" --exclude-path /api/session/logout
  done
  run "r$round-logout" -H "Authorization: Bearer ${token[leaver]}" --include-path /api/session/logout
  requests=$(python3 - "$work/reports" <<'PY'
import glob, json, sys
print(sum(len(json.load(open(f))["log"]["entries"]) for f in glob.glob(sys.argv[1] + "/*/requests.har")))
PY
)
  seed=$((seed + 1))
  [ "$round" -ge 20 ] && { say "stopping after 20 rounds"; break; }
done

# The figures, from the recorded requests and the JUnit reports.
python3 - "$work/reports" "$target_requests" <<'PY'
import collections, glob, json, sys
import xml.etree.ElementTree as ET
reports, target = sys.argv[1], int(sys.argv[2])
statuses = collections.Counter()
for f in glob.glob(reports + "/*/requests.har"):
    for entry in json.load(open(f))["log"]["entries"]:
        statuses[entry["response"]["status"]] += 1
failures = collections.Counter()
for f in glob.glob(reports + "/*/junit.xml"):
    for case in ET.parse(f).getroot().iter("testcase"):
        for failure in list(case.iter("failure")) + list(case.iter("error")):
            text = (failure.get("message") or "") + "\n" + (failure.text or "")
            for check, label in (("Server error", "5xx"), ("Response violates schema", "schema"),
                                 ("Undocumented HTTP status code", "status"), ("Undocumented Content-Type", "content type"),
                                 ("Malformed media type", "content type")):
                if check in text:
                    failures[label] += text.count(check)
total = sum(statuses.values())
server_errors = sum(n for s, n in statuses.items() if s >= 500)
print(f"requests: {total} (target {target})")
print("statuses: " + ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items())))
print(f"5xx answers: {server_errors}")
print(f"failures: 5xx {failures['5xx']}, schema {failures['schema']}, undocumented status {failures['status']}, content type {failures['content type']}")
PY
panics=$(grep -c 'panicked' "$work/server.log" || true)
echo "server panics: $panics"
if [ "$failed_runs" -gt 0 ] || [ "$panics" -gt 0 ] || [ "$requests" -lt "$target_requests" ]; then
  [ "$failed_runs" -gt 0 ] && say "$failed_runs Schemathesis runs failed (their output is above)"
  grep -E 'ERROR|panicked' "$work/server.log" | tail -n 20 >&2 || true
  exit 1
fi
echo "fuzz: no failures"
