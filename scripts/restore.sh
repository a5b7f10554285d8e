#!/usr/bin/env bash
# `just restore FILE`: brings back the database and the pictures from a file `just backup` wrote.
#
#   restore.sh FILE [--force]      (FORCE=1 is the same as --force)
#
# Where to: DATABASE_URL when set; otherwise the embedded cluster of `just run` (var/postgres, port
# PURONOBOI_PG_PORT, default 54329, database `puronoboi`, password in var/postgres-password), created if it does not
# exist yet. Pictures go to IMAGES_DIR (default var/images).
#
# A database that holds any table, or a picture directory that holds any file, is refused: restoring never
# overwrites data silently. With --force it first backs up what is there (`backup.sh`, into var/backups/, and
# says where), then replaces the database and the pictures entirely.
# The embedded database must not be in use: stop `just run` first (the restore starts the database itself and
# stops it afterwards).
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "restore: $*" >&2; exit 1; }
say() { echo "restore: $*" >&2; }

file=${1:-}
force=no
case "${FORCE:-}" in 1 | true | yes) force=yes ;; esac
case "${2:-}" in
  "") ;;
  --force) force=yes ;;
  *) die "unknown option '$2' (the only one is --force)" ;;
esac
[ -n "$file" ] || die "usage: restore.sh FILE [--force]   (FILE from \`just backup\`, e.g. var/backups/puronoboi-...tar)"
[ -f "$file" ] || die "$file does not exist"
file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
. scripts/backup-common.sh
require_tools pg_restore pg_isready psql tar sha256sum

umask 077
staging=$(mktemp -d "${TMPDIR:-/tmp}/puronoboi-restore.XXXXXX")

# The whole file is checked before anything is touched.
tar -C "$staging" -xf "$file" || die "$file is not a readable tar file"
[ -f "$staging/MANIFEST" ] && [ -f "$staging/database.dump" ] && [ -d "$staging/images" ] \
  || die "$file is not a Puronoboi backup (it needs MANIFEST, database.dump and images/)"
expected=$(sed -n 's/^database.dump sha256: //p' "$staging/MANIFEST")
actual=$(sha256sum "$staging/database.dump" | cut -d' ' -f1)
[ "$expected" = "$actual" ] || die "$file is damaged: database.dump does not match the sha256 in its MANIFEST"
pg_restore --list "$staging/database.dump" >/dev/null || die "$file holds a dump this pg_restore cannot read ($(pg_restore --version))"
say "restoring $file:"
sed 's/^/  /' "$staging/MANIFEST" >&2

if [ -n "${DATABASE_URL:-}" ]; then
  url=$DATABASE_URL
  embedded=no
else
  embedded=yes
  if cluster_running; then
    die "the database in $pg_dir is running (is \`just run\` up?). Stop it first: a restore replaces the database under the server."
  fi
  start_cluster
  use_cluster_password
  cluster="postgres://postgres@127.0.0.1:$pg_port"
  url="$cluster/$db_name"
  if [ -z "$(psql "$cluster/postgres" -qtAc "SELECT 1 FROM pg_database WHERE datname = '$db_name'")" ]; then
    psql "$cluster/postgres" -qc "CREATE DATABASE $db_name" >/dev/null
  fi
fi

tables=$(psql "$url" -qtAc "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'") \
  || die "cannot connect to the database"
pictures=0
[ -d "$images_dir" ] && pictures=$(find "$images_dir" -type f | wc -l)
if [ "$tables" -gt 0 ] || [ "$pictures" -gt 0 ]; then
  if [ "$force" != yes ]; then
    die "the database holds $tables tables and $images_dir holds $pictures pictures: refusing to overwrite them.
  To replace them (after a backup of what is there now), run: FORCE=1 just restore $file"
  fi
  say "backing up what is there now before replacing it"
  safety=$(DATABASE_URL="$url" IMAGES_DIR="$images_dir" scripts/backup.sh) || die "could not back up the current data; nothing was changed"
  say "the data this restore replaces is in $safety"
  if [ "$embedded" = yes ]; then
    psql "$cluster/postgres" -qc "DROP DATABASE $db_name WITH (FORCE)" -c "CREATE DATABASE $db_name" >/dev/null
  else
    # A managed database usually cannot be dropped by its own user: empty its schemas instead.
    psql "$url" -qtAc "SELECT format('DROP SCHEMA %I CASCADE;', nspname) FROM pg_namespace
      WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg_toast%' AND nspname NOT LIKE 'pg_temp%'" \
      | psql "$url" -q -v ON_ERROR_STOP=1 >/dev/null
    psql "$url" -qc 'CREATE SCHEMA IF NOT EXISTS public' >/dev/null
  fi
fi

# All or nothing: a failure rolls the whole restore back.
pg_restore --exit-on-error --single-transaction --no-owner --no-acl --dbname="$url" "$staging/database.dump" \
  || die "pg_restore failed; the database was left as it was before this step"
# Emptied rather than removed: the folder may be a mount or a link to shared storage.
mkdir -p "$images_dir"
find "$images_dir/" -mindepth 1 -delete
cp -a "$staging/images/." "$images_dir/"
restored=$(find "$images_dir" -type f | wc -l)
say "restored the database ($db_name) and $restored pictures into $images_dir"
