# Sourced by backup.sh and restore.sh (after they define `die` and `say` and cd to the repository root): where the
# embedded database and the pictures are, and the embedded cluster started for the length of one script.

db_name=${PURONOBOI_DB_NAME:-puronoboi}
pg_dir=${PURONOBOI_PG_DIR:-$(pwd)/var/postgres}
pg_port=${PURONOBOI_PG_PORT:-54329}
# Its password (scripts/pg-cluster.sh --password-file): var/postgres-password for var/postgres.
pg_password_file=${pg_dir%/}-password
images_dir=${IMAGES_DIR:-$(pwd)/var/images}

require_tools() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || die "'$tool' was not found. Install the PostgreSQL client (Debian: apt-get install postgresql-client)."
  done
}

# The embedded cluster is up and answering (`just run` is probably using it).
cluster_running() {
  [ -f "$pg_dir/postmaster.pid" ] && pg_isready -q -h 127.0.0.1 -p "$pg_port"
}

# Starts the embedded cluster (creating it if the directory is empty, switching one from an older version over to
# its password); it is stopped again when the script exits.
start_cluster() {
  say "starting the database in $pg_dir on port $pg_port"
  scripts/pg-cluster.sh start "$pg_dir" "$pg_port" --password-file "$pg_password_file" >/dev/null \
    || die "the database in $pg_dir did not start (is port $pg_port taken? Set PURONOBOI_PG_PORT.)"
  started_cluster=$pg_dir
}

# psql, pg_dump and pg_restore read the embedded cluster's password from the environment (never a command line,
# which every local user can read). A cluster that `just run` has not yet switched over ignores it.
use_cluster_password() {
  if [ -s "$pg_password_file" ]; then
    PGPASSWORD=$(cat "$pg_password_file")
    export PGPASSWORD
  fi
}

# A private scratch directory, removed when the script exits.
staging=
started_cluster=
cleanup() {
  if [ -n "$staging" ]; then rm -rf "$staging"; fi
  if [ -n "$started_cluster" ]; then
    scripts/pg-cluster.sh stop "$started_cluster" || say "could not stop the database in $started_cluster"
  fi
}
trap cleanup EXIT
