#!/usr/bin/env bash
# `just test-local-services`: the local services of `just run` listen on this machine only, and the embedded
# database wants its password.
#
# localstripe (scripts/localstripe.sh) and a cluster from scripts/pg-cluster.sh must listen on loopback addresses
# only (their listening sockets in /proc/net/tcp and tcp6), and a connection to this machine's other addresses must
# be refused; localstripe answers only requests addressed to a loopback name. A cluster made as older versions made it (every local user trusted) and holding a row is then started
# with --password-file, as `just run` starts var/postgres: the password file appears, readable by its owner only, and
# is never printed; a connection without the password, or with a wrong one, is refused; with it the row is there;
# and a restart keeps the same password. A few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "test-local-services: FAILED: $*" >&2; exit 1; }
say() { echo "test-local-services: $*" >&2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/puronoboi-test-local.XXXXXX")
chmod 755 "$work" # the cluster runs as `postgres` when this runs as root
cleanup() {
  scripts/localstripe.sh stop "$work/localstripe" 2>/dev/null || true
  scripts/pg-cluster.sh stop "$work/pg" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# The local addresses sockets listen on for PORT, one per line (127.0.0.1, ::1, 0.0.0.0, ::, ...).
listening_on() {
  python3 - "$1" <<'PY'
import ipaddress, sys
port = int(sys.argv[1])
for table, size in (('/proc/net/tcp', 4), ('/proc/net/tcp6', 16)):
    try:
        lines = open(table).read().splitlines()[1:]
    except FileNotFoundError:
        continue
    for line in lines:
        fields = line.split()
        address, hex_port = fields[1].split(':')
        if fields[3] != '0A' or int(hex_port, 16) != port:  # 0A: LISTEN
            continue
        raw = bytes.fromhex(address)
        # The kernel prints each 32-bit word in host (little-endian) order.
        raw = b''.join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
        print(ipaddress.ip_address(raw))
PY
}

# Every listening socket on PORT is on a loopback address, and there is at least one.
expect_loopback_only() {
  local what=$1 port=$2 addresses
  addresses=$(listening_on "$port")
  [ -n "$addresses" ] || fail "$what: nothing listens on port $port"
  while read -r address; do
    python3 -c 'import ipaddress, sys; sys.exit(0 if ipaddress.ip_address(sys.argv[1]).is_loopback else 1)' "$address" \
      || fail "$what listens on $address:$port, not only on loopback: $(echo $addresses)"
  done <<<"$addresses"
  # The machine's other addresses, as anyone on the network would reach it: refused.
  local other
  for other in $(hostname -I 2>/dev/null); do
    case "$other" in *:*) url="http://[$other]:$port/" ;; *) url="http://$other:$port/" ;; esac
    if curl -s -o /dev/null -m 3 "$url"; then fail "$what answers on $other:$port"; fi
  done
  say "$what listens on $(echo $addresses) only"
}

say "localstripe"
stripe_port=$(free_port)
stripe=$(scripts/localstripe.sh start "$work/localstripe" "$stripe_port")
expect_loopback_only localstripe "$stripe_port"
# Both loopback addresses answer, so a browser loading Stripe.js from http://localhost:PORT reaches it either way.
curl -fs -o /dev/null -u sk_test_x: "http://127.0.0.1:$stripe_port/v1/balance" || fail "localstripe does not answer on 127.0.0.1"
if [ -s /proc/net/if_inet6 ] && grep -q ' lo$' /proc/net/if_inet6; then
  curl -fs -o /dev/null -u sk_test_x: "http://[::1]:$stripe_port/v1/balance" || fail "localstripe does not answer on [::1]"
fi
# A DNS-rebinding page reaches 127.0.0.1 under a name of its own: refused.
status=$(curl -s -o /dev/null -w '%{http_code}' -u sk_test_x: -H 'Host: rebind.example' "http://127.0.0.1:$stripe_port/v1/payment_intents")
[ "$status" = 421 ] || fail "localstripe answered $status to Host: rebind.example"
curl -fs -o /dev/null -u sk_test_x: -H "Host: localhost:$stripe_port" "http://127.0.0.1:$stripe_port/v1/payment_intents" \
  || fail "localstripe refuses Host: localhost"
curl -fs -o /dev/null "http://localhost:$stripe_port/js.stripe.com/v3/" || fail "localstripe does not serve its Stripe.js at localhost"
scripts/localstripe.sh stop "$work/localstripe"

say "the embedded PostgreSQL: an older cluster (no password) with a row in it"
pg_port=$(free_port)
url=$(scripts/pg-cluster.sh start "$work/pg" "$pg_port" --ephemeral)
psql -qX -w "$url/postgres" -v ON_ERROR_STOP=1 -c "CREATE TABLE kept (note text)" -c "INSERT INTO kept VALUES ('from before the password')"
scripts/pg-cluster.sh stop "$work/pg"

say "started as \`just run\` starts it: the password is generated and required"
password_file=$work/pg-password
scripts/pg-cluster.sh start "$work/pg" "$pg_port" --password-file "$password_file" >"$work/start.out" 2>&1 \
  || { cat "$work/start.out" >&2; fail "the cluster did not start with --password-file"; }
[ -s "$password_file" ] || fail "no password file"
[ "$(stat -c %a "$password_file")" = 600 ] || fail "the password file is readable by others: $(stat -c %a "$password_file")"
password=$(cat "$password_file")
[ "${#password}" -ge 32 ] || fail "the password is short (${#password} characters)"
for printed in "$work/start.out" "$work/pg/server.log"; do
  if grep -qF "$password" "$printed"; then fail "the password shows in $printed"; fi
done
expect_loopback_only PostgreSQL "$pg_port"

url=$(sed -n '$p' "$work/start.out")
if PGPASSWORD= psql -qX -w "$url/postgres" -c 'SELECT 1' >"$work/none.txt" 2>&1; then fail "a connection without the password was accepted"; fi
grep -q "password" "$work/none.txt" || fail "refused for another reason: $(cat "$work/none.txt")"
if PGPASSWORD=not-the-password psql -qX -w "$url/postgres" -c 'SELECT 1' >"$work/wrong.txt" 2>&1; then
  fail "a connection with a wrong password was accepted"
fi
grep -q "password authentication failed" "$work/wrong.txt" || fail "refused for another reason: $(cat "$work/wrong.txt")"
kept=$(PGPASSWORD=$password psql -qX -w -tA "$url/postgres" -c 'SELECT note FROM kept') || fail "the password is refused"
[ "$kept" = "from before the password" ] || fail "the row from before the password is gone: '$kept'"
grep -qE '^(local|host).*\btrust\b' "$work/pg/pg_hba.conf" && fail "pg_hba.conf still trusts someone: $(cat "$work/pg/pg_hba.conf")"

say "a restart keeps the password"
scripts/pg-cluster.sh stop "$work/pg"
scripts/pg-cluster.sh start "$work/pg" "$pg_port" --password-file "$password_file" >/dev/null
[ "$(cat "$password_file")" = "$password" ] || fail "the restart changed the password file"
PGPASSWORD=$password psql -qX -w -tA "$url/postgres" -c 'SELECT 1' >/dev/null || fail "the password is refused after a restart"
if PGPASSWORD= psql -qX -w "$url/postgres" -c 'SELECT 1' >/dev/null 2>&1; then fail "no password is accepted after a restart"; fi

say "passed"
