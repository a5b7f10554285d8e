#!/usr/bin/env bash
# Starts or stops a private PostgreSQL cluster: the embedded default's database (data kept under var/) and the
# throwaway clusters tests use. PostgreSQL refuses to run as root, so as root the server runs as `postgres`.
#
#   pg-cluster.sh start DATADIR PORT [--ephemeral] [--owner-pid PID]
#   pg-cluster.sh stop DATADIR
#
# --ephemeral   trades durability for speed (no fsync): for tests only.
# --owner-pid   stops the cluster and deletes DATADIR once PID exits, however it exits.
set -euo pipefail

die() { echo "pg-cluster: $*" >&2; exit 1; }

find_bin() {
  local name=$1
  if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return; fi
  local candidate
  for candidate in /usr/lib/postgresql/*/bin/"$name"; do
    [ -x "$candidate" ] && { echo "$candidate"; return; }
  done
  die "PostgreSQL's '$name' was not found. Install the PostgreSQL server (Debian: apt-get install postgresql) and try again."
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

cmd=${1:-}; datadir=${2:-}
[ -n "$cmd" ] && [ -n "$datadir" ] || die "usage: pg-cluster.sh start|stop DATADIR [PORT] [--ephemeral] [--owner-pid PID]"
initdb=$(find_bin initdb); pg_ctl=$(find_bin pg_ctl)

case "$cmd" in
  start)
    port=${3:-}; [ -n "$port" ] || die "start needs a port"
    shift 3
    ephemeral=no; owner_pid=
    while [ $# -gt 0 ]; do
      case "$1" in
        --ephemeral) ephemeral=yes ;;
        --owner-pid) owner_pid=$2; shift ;;
        *) die "unknown option $1" ;;
      esac
      shift
    done
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
      die "running as root needs a 'postgres' user to own the cluster (Debian's postgresql package creates it)"
    fi
    mkdir -p "$datadir"
    datadir=$(cd "$datadir" && pwd)
    [ "$(id -u)" = 0 ] && chown postgres: "$datadir"
    chmod 700 "$datadir"
    initdb_log="$datadir.initdb.log"
    if [ ! -f "$datadir/PG_VERSION" ]; then
      as_owner "$initdb" -D "$datadir" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$initdb_log" 2>&1 \
        || as_owner "$initdb" -D "$datadir" -U postgres -A trust -E UTF8 --no-locale >"$initdb_log" 2>&1 \
        || die "initdb failed; see $initdb_log"
    fi
    opts="-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='' -c max_connections=200"
    if [ "$ephemeral" = yes ]; then
      opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    fi
    # In a session of its own, so a Ctrl-C meant for `just run` reaches the server, not the database; whoever
    # started the cluster stops it in order.
    if ! as_owner setsid -w "$pg_ctl" -D "$datadir" -o "$opts" -l "$datadir/server.log" -w -t 30 start >/dev/null; then
      tail -n 20 "$datadir/server.log" >&2 || true
      die "PostgreSQL did not start on port $port (is the port taken?)"
    fi
    if [ -n "$owner_pid" ]; then
      # Detached watchdog: when the owner exits, stop the cluster and remove its files.
      # Its own session: a Ctrl-C or a group kill aimed at the owner must not take the watchdog down with it.
      setsid nohup bash -c "while kill -0 $owner_pid 2>/dev/null; do sleep 0.5; done
        $(declare -f as_owner); as_owner '$pg_ctl' -D '$datadir' -m immediate stop >/dev/null 2>&1; rm -rf '$datadir' '$initdb_log'" \
        >/dev/null 2>&1 &
    fi
    echo "postgres://postgres@127.0.0.1:$port"
    ;;
  stop)
    [ -f "$datadir/postmaster.pid" ] || exit 0
    as_owner "$pg_ctl" -D "$datadir" -m fast -w stop >/dev/null
    ;;
  *) die "unknown command $cmd" ;;
esac
