#!/usr/bin/env bash
# Runs a command with the services tests need, started once for the whole run: a throwaway PostgreSQL cluster
# (PURONOBOI_TEST_PG_URL; tests clone a fresh database per test from it), the Firebase Auth emulator
# (PURONOBOI_TEST_AUTH_EMULATOR, host:port) and localstripe (PURONOBOI_TEST_LOCALSTRIPE, http://127.0.0.1:PORT).
# All vanish when this script exits.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# The emulator also takes port+1 and port+2.
free_port_run() {
  python3 - <<'PY'
import socket
for _ in range(50):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
    try:
        others = [socket.socket() for _ in range(2)]
        for i, o in enumerate(others): o.bind(("127.0.0.1", port + 1 + i))
        print(port); break
    except OSError:
        continue
PY
}
tmp=${TMPDIR:-/tmp}
PURONOBOI_TEST_PG_URL=$("$here/pg-cluster.sh" start "$tmp/puronoboi-test-run-$$" "$(free_port)" --ephemeral --owner-pid $$)
PURONOBOI_TEST_AUTH_EMULATOR=$(FIREBASE_PROJECT_ID=demo-puronoboi "$here/auth-emulator.sh" start "$tmp/puronoboi-test-auth-$$" "$(free_port_run)" --owner-pid $$)
PURONOBOI_TEST_LOCALSTRIPE=$("$here/localstripe.sh" start "$tmp/puronoboi-test-localstripe-$$" "$(free_port)" --owner-pid $$)
export PURONOBOI_TEST_PG_URL PURONOBOI_TEST_AUTH_EMULATOR PURONOBOI_TEST_LOCALSTRIPE
status=0
"$@" || status=$?
"$here/auth-emulator.sh" stop "$tmp/puronoboi-test-auth-$$" || true
rm -rf "$tmp/puronoboi-test-auth-$$"
"$here/localstripe.sh" stop "$tmp/puronoboi-test-localstripe-$$" || true
rm -rf "$tmp/puronoboi-test-localstripe-$$"
exit $status
