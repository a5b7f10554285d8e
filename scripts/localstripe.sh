#!/usr/bin/env bash
# Starts or stops localstripe, the local stand-in for Stripe of `just run` and the tests, and registers webhooks on it.
#
#   localstripe.sh start WORKDIR PORT [--persist] [--owner-pid PID]
#   localstripe.sh stop WORKDIR
#   localstripe.sh webhook BASE_URL ID TARGET_URL SECRET
#
# start         installs localstripe 1.15.10 in var/localstripe-venv (once), runs scripts/localstripe/serve.py (localstripe
#               plus the two Stripe behaviours the card adapter needs) on 127.0.0.1:PORT and [::1]:PORT (loopback
#               only: its API has no real authentication) and prints its base URL, http://127.0.0.1:PORT, once it answers.
# --persist     keeps its data in WORKDIR/store.pickle between runs; otherwise it starts empty and writes nothing.
# --owner-pid   stops it once PID exits, however it exits.
# webhook       makes localstripe deliver payment_intent.succeeded events to TARGET_URL, signed with SECRET (whsec_...).
#               Registrations live in memory only: register again after every start.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
venv="$root/var/localstripe-venv"
version=1.15.10

die() { echo "localstripe: $*" >&2; exit 1; }

# Creates the venv with localstripe in it unless it is there already. Test binaries may start several at once, so the
# install happens under a lock and is marked done only when it has finished.
ensure_venv() {
  local marker="$venv/.localstripe-$version"
  [ -f "$marker" ] && return 0
  command -v python3 >/dev/null || die "python3 is needed to run localstripe (Debian: apt-get install python3 python3-venv)."
  mkdir -p "$root/var"
  exec 9>"$root/var/localstripe-venv.lock"
  command -v flock >/dev/null && flock 9
  if [ ! -f "$marker" ]; then
    rm -rf "$venv"
    python3 -m venv "$venv" >&2 \
      || die "python3 -m venv failed: install Python's venv module (Debian: apt-get install python3-venv) and try again."
    "$venv/bin/pip" install --quiet --disable-pip-version-check "localstripe==$version" >&2 \
      || die "pip could not install localstripe==$version (is PyPI reachable?)"
    touch "$marker"
  fi
  exec 9>&-
}

cmd=${1:-}
case "$cmd" in
  start)
    workdir=${2:-}; port=${3:-}
    [ -n "$workdir" ] && [ -n "$port" ] || die "usage: localstripe.sh start WORKDIR PORT [--persist] [--owner-pid PID]"
    shift 3
    persist=no; owner_pid=
    while [ $# -gt 0 ]; do
      case "$1" in
        --persist) persist=yes ;;
        --owner-pid) owner_pid=${2:-}; [ -n "$owner_pid" ] || die "--owner-pid needs a pid"; shift ;;
        *) die "unknown option $1" ;;
      esac
      shift
    done
    ensure_venv
    mkdir -p "$workdir"
    workdir=$(cd "$workdir" && pwd)
    if [ "$persist" = yes ]; then
      args=(--store "$workdir/store.pickle")
    else
      args=(--from-scratch)
    fi
    rm -f "$workdir/localstripe.pid"
    # Its own session, so a Ctrl-C meant for `just run` or a group kill aimed at a test run is delivered in order by
    # whoever started it. Every stream is redirected, so nothing keeps a caller's pipe open: $(...) returns.
    (cd "$workdir" && exec setsid bash -c 'echo $$ >localstripe.pid; exec "$0" "$@"' \
      "$venv/bin/python" "$here/localstripe/serve.py" --port "$port" "${args[@]}") \
      </dev/null >"$workdir/localstripe.log" 2>&1 &
    for _ in $(seq 1 50); do [ -s "$workdir/localstripe.pid" ] && break; sleep 0.1; done
    [ -s "$workdir/localstripe.pid" ] || die "localstripe did not start"
    pid=$(cat "$workdir/localstripe.pid")
    url="http://127.0.0.1:$port"
    # /v1/balance needs nothing but a secret key: it answers once the server is up.
    for _ in $(seq 1 300); do
      if curl -fs "$url/v1/balance" -u sk_test_localstripe: >/dev/null 2>&1; then break; fi
      kill -0 "$pid" 2>/dev/null || { tail -n 20 "$workdir/localstripe.log" >&2; die "localstripe exited (is port $port taken?)"; }
      sleep 0.1
    done
    curl -fs "$url/v1/balance" -u sk_test_localstripe: >/dev/null 2>&1 \
      || { tail -n 20 "$workdir/localstripe.log" >&2; die "localstripe did not answer within 30 s"; }
    if [ -n "$owner_pid" ]; then
      # Its own session: a Ctrl-C or a group kill aimed at the owner must not take the watchdog down with it.
      # Without --persist nothing in WORKDIR is worth keeping once the server is gone.
      cleanup="rm -f '$workdir/localstripe.pid'"
      [ "$persist" = yes ] || cleanup="$cleanup '$workdir/localstripe.log'; rmdir '$workdir' 2>/dev/null"
      setsid nohup bash -c "while kill -0 $owner_pid 2>/dev/null; do sleep 0.5; done; kill -TERM -$pid 2>/dev/null
        for _ in \$(seq 1 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done; kill -KILL -$pid 2>/dev/null; $cleanup" \
        >/dev/null 2>&1 &
    fi
    echo "$url"
    ;;
  stop)
    workdir=${2:-}
    [ -n "$workdir" ] || die "usage: localstripe.sh stop WORKDIR"
    [ -f "$workdir/localstripe.pid" ] || exit 0
    pid=$(cat "$workdir/localstripe.pid")
    # The whole session's process group goes; SIGTERM lets aiohttp close its sockets first.
    kill -TERM -- "-$pid" 2>/dev/null || { rm -f "$workdir/localstripe.pid"; exit 0; }
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$pid" 2>/dev/null || true
    rm -f "$workdir/localstripe.pid"
    ;;
  webhook)
    base=${2:-}; id=${3:-}; target=${4:-}; secret=${5:-}
    [ -n "$base" ] && [ -n "$id" ] && [ -n "$target" ] && [ -n "$secret" ] \
      || die "usage: localstripe.sh webhook BASE_URL ID TARGET_URL SECRET"
    # localstripe's config_webhook (server.py): url and secret are required, events[] narrows the event types.
    curl -fsS -X POST "$base/_config/webhooks/$id" \
      --data-urlencode "url=$target" --data-urlencode "secret=$secret" --data-urlencode "events[]=payment_intent.succeeded" >/dev/null \
      || die "could not register webhook $id on $base"
    ;;
  *) die "usage: localstripe.sh start|stop|webhook ..." ;;
esac
