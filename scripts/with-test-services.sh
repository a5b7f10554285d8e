#!/usr/bin/env bash
# Runs a command with one throwaway PostgreSQL cluster for the whole run, in PURONOBOI_TEST_PG_URL. Tests clone a
# fresh database per test from it; the cluster and its files vanish when this script exits.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
datadir="${TMPDIR:-/tmp}/puronoboi-test-run-$$"
PURONOBOI_TEST_PG_URL=$("$here/pg-cluster.sh" start "$datadir" "$port" --ephemeral --owner-pid $$)
export PURONOBOI_TEST_PG_URL
"$@"
