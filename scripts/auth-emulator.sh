#!/usr/bin/env bash
# Starts or stops the Firebase Auth emulator: the local identity service of `just run` and the tests.
#
#   auth-emulator.sh start WORKDIR PORT [--persist] [--owner-pid PID]
#   auth-emulator.sh stop WORKDIR
#
# --persist     keeps accounts in WORKDIR/export between runs (imported at start, exported at a clean stop).
# --owner-pid   stops the emulator once PID exits, however it exits.
# Prints the emulator's host:port when it answers. It also takes PORT+1 and PORT+2 (its hub and logging ports).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tool="$here/../tools/auth-emulator"
project=${FIREBASE_PROJECT_ID:-demo-puronoboi}

die() { echo "auth-emulator: $*" >&2; exit 1; }

cmd=${1:-}; workdir=${2:-}
[ -n "$cmd" ] && [ -n "$workdir" ] || die "usage: auth-emulator.sh start|stop WORKDIR [PORT] [--persist] [--owner-pid PID]"

case "$cmd" in
  start)
    port=${3:-}; [ -n "$port" ] || die "start needs a port"
    shift 3
    persist=no; owner_pid=
    while [ $# -gt 0 ]; do
      case "$1" in
        --persist) persist=yes ;;
        --owner-pid) owner_pid=$2; shift ;;
        *) die "unknown option $1" ;;
      esac
      shift
    done
    command -v node >/dev/null || die "Node.js is needed to run the Firebase Auth emulator."
    if [ ! -x "$tool/node_modules/.bin/firebase" ] || [ "$tool/package-lock.json" -nt "$tool/node_modules/.package-lock.json" ]; then
      # --omit=optional skips re2, which would otherwise compile for minutes.
      npm --prefix "$tool" ci --omit=optional --no-audit --no-fund >&2
    fi
    mkdir -p "$workdir"
    workdir=$(cd "$workdir" && pwd)
    cat >"$workdir/firebase.json" <<JSON
{ "emulators": { "auth": { "host": "127.0.0.1", "port": $port }, "hub": { "host": "127.0.0.1", "port": $((port + 1)) },
  "logging": { "host": "127.0.0.1", "port": $((port + 2)) }, "ui": { "enabled": false }, "singleProjectMode": true } }
JSON
    args=(emulators:start --only auth --project "$project" --config "$workdir/firebase.json")
    if [ "$persist" = yes ]; then
      [ -f "$workdir/export/firebase-export-metadata.json" ] && args+=(--import "$workdir/export")
      args+=(--export-on-exit "$workdir/export")
    fi
    # Its own session: a Ctrl-C meant for `just run` must not kill it before it has exported its accounts.
    rm -f "$workdir/emulator.pid"
    # Every stream of the background job is redirected, so nothing keeps a caller's pipe open: $(...) returns.
    (cd "$workdir" && NO_UPDATE_NOTIFIER=1 FIREBASE_CLI_DISABLE_UPDATE_CHECK=1 \
      exec setsid bash -c 'echo $$ >emulator.pid; exec "$0" "$@"' "$tool/node_modules/.bin/firebase" "${args[@]}") \
      </dev/null >"$workdir/emulator.log" 2>&1 &
    for _ in $(seq 1 20); do [ -s "$workdir/emulator.pid" ] && break; sleep 0.1; done
    pid=$(cat "$workdir/emulator.pid")
    for _ in $(seq 1 120); do
      if curl -fs "http://127.0.0.1:$port/" >/dev/null 2>&1; then break; fi
      kill -0 "$pid" 2>/dev/null || { tail -n 20 "$workdir/emulator.log" >&2; die "the emulator exited (is port $port taken?)"; }
      sleep 0.5
    done
    curl -fs "http://127.0.0.1:$port/" >/dev/null 2>&1 || { tail -n 20 "$workdir/emulator.log" >&2; die "the emulator did not answer within 60 s"; }
    if [ -n "$owner_pid" ]; then
      # Its own session: a Ctrl-C or a group kill aimed at the owner must not take the watchdog down with it.
      setsid nohup bash -c "while kill -0 $owner_pid 2>/dev/null; do sleep 0.5; done; kill -INT -$pid 2>/dev/null; sleep 5; kill -KILL -$pid 2>/dev/null" \
        >/dev/null 2>&1 &
    fi
    echo "127.0.0.1:$port"
    ;;
  stop)
    [ -f "$workdir/emulator.pid" ] || exit 0
    pid=$(cat "$workdir/emulator.pid")
    # SIGINT lets it export accounts (--persist) before it exits; the whole process group goes.
    kill -INT -- "-$pid" 2>/dev/null || exit 0
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -KILL -- "-$pid" 2>/dev/null || true
    rm -f "$workdir/emulator.pid"
    ;;
  *) die "unknown command $cmd" ;;
esac
