#!/usr/bin/env bash
# Starts or stops a private PostgreSQL cluster: the embedded default's database (data kept under var/) and the
# throwaway clusters tests use. PostgreSQL refuses to run as root, so as root the server runs as `postgres`.
#
#   pg-cluster.sh start DATADIR PORT [--ephemeral] [--owner-pid PID] [--password-file FILE]
#   pg-cluster.sh stop DATADIR
#
# It listens on 127.0.0.1:PORT only, with no Unix socket. Prints the URL to connect with, without any password.
# --ephemeral      trades durability for speed (no fsync): for tests only.
# --owner-pid      stops the cluster and deletes DATADIR once PID exits, however it exits.
# --set NAME=VALUE a server setting for this start (repeatable), e.g. --set shared_buffers=1GB.
# --password-file  every connection, TCP or socket, must give the `postgres` role's password (scram-sha-256), which
#                  is kept in FILE, readable by its owner only, and generated when FILE does not exist yet. The
#                  password is set on the role at every start, before the server listens: a cluster created without
#                  one (all trust) is upgraded in place, and a new FILE takes over. Nothing here prints it.
#                  Without it every local user connects as superuser: only for throwaway clusters.
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

# Creates FILE with a fresh password unless it exists; private from the first byte.
ensure_password_file() {
  local file=$1
  if [ ! -s "$file" ]; then
    mkdir -p "$(dirname "$file")"
    (umask 077; python3 -c 'import secrets; print(secrets.token_hex(24))' >"$file.tmp")
    mv "$file.tmp" "$file"
  fi
  # Also fixes a file someone made readable by others.
  chmod 600 "$file"
}

# Sets the role's password from FILE and makes every connection present it. PostgreSQL's single-user mode needs no
# connection and no authentication, so this works on a cluster that trusted everyone as well as on one whose old
# password is lost. The server gets a SCRAM verifier computed here (RFC 7677, the format PostgreSQL stores), never
# the password itself, so not even a log line of a failed statement could hold it.
require_password() {
  local datadir=$1 file=$2 postgres verifier out
  command -v python3 >/dev/null || die "python3 is needed to set the database password"
  postgres=$(find_bin postgres)
  verifier=$(python3 -c '
import base64, hashlib, hmac, secrets, sys
password = sys.stdin.readline().strip().encode()
if not password:
    sys.exit("the password file is empty")
salt, iterations = secrets.token_bytes(16), 4096
salted = hashlib.pbkdf2_hmac("sha256", password, salt, iterations)
client_key = hmac.new(salted, b"Client Key", hashlib.sha256).digest()
server_key = hmac.new(salted, b"Server Key", hashlib.sha256).digest()
b64 = lambda b: base64.b64encode(b).decode()
print(f"SCRAM-SHA-256${iterations}:{b64(salt)}${b64(hashlib.sha256(client_key).digest())}:{b64(server_key)}")
' <"$file") || die "could not read the password in $file"
  out=$(printf "ALTER ROLE postgres PASSWORD '%s';\n" "$verifier" \
    | as_owner "$postgres" --single -D "$datadir" -c listen_addresses= -c unix_socket_directories= postgres 2>&1) \
    || die "could not set the database password (PostgreSQL single-user mode failed: is the cluster already running?)"
  case "$out" in *ERROR*|*FATAL*) die "could not set the database password (PostgreSQL single-user mode failed)" ;; esac
  # Loopback only (it listens nowhere else); no replication entries: nothing replicates from this cluster.
  as_owner tee "$datadir/pg_hba.conf" >/dev/null <<'HBA'
# Written by scripts/pg-cluster.sh at every start: every connection needs the postgres role's password.
# TYPE  DATABASE  USER  ADDRESS        METHOD
local   all       all                  scram-sha-256
host    all       all   127.0.0.1/32   scram-sha-256
host    all       all   ::1/128        scram-sha-256
HBA
}

case "$cmd" in
  start)
    port=${3:-}; [ -n "$port" ] || die "start needs a port"
    shift 3
    ephemeral=no; owner_pid=; password_file=; settings=
    while [ $# -gt 0 ]; do
      case "$1" in
        --ephemeral) ephemeral=yes ;;
        --owner-pid) owner_pid=$2; shift ;;
        --set)
          [[ "${2:-}" =~ ^[a-z_]+=[A-Za-z0-9._]+$ ]] || die "--set needs NAME=VALUE (letters, digits, dots), got '${2:-}'"
          settings="$settings -c $2"; shift ;;
        --password-file) password_file=${2:-}; [ -n "$password_file" ] || die "--password-file needs a file"; shift ;;
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
    if [ -n "$password_file" ]; then
      ensure_password_file "$password_file"
      require_password "$datadir" "$password_file"
    fi
    opts="-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='' -c max_connections=200"
    if [ "$ephemeral" = yes ]; then
      opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    fi
    opts="$opts$settings"
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
