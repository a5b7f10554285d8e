#!/usr/bin/env bash
# `just backup`: one file holding everything Puronoboi keeps: the database (pg_dump's custom format, one consistent
# snapshot) and the stored pictures. Prints the file's path.
#
#   backup.sh [OUTPUT_FILE]        default: var/backups/puronoboi-<UTC time>.tar
#
# Which database: DATABASE_URL when set; otherwise the embedded cluster of `just run` (data in var/postgres, port
# PURONOBOI_PG_PORT, default 54329, database `puronoboi`). A cluster that is not running is started for the dump
# and stopped again; a running one (`just run` up) is dumped as it is, without stopping anything. Its password is
# read from var/postgres-password (PURONOBOI_PG_DIR's path followed by -password).
# Which pictures: IMAGES_DIR (default var/images). They are gathered before and again after the dump, so every
# picture the dumped rows point at is in the file even while people upload and replace photos.
#
# The file is a tar of database.dump, images/ and MANIFEST (what it holds and the dump's sha256). It holds
# people's e-mail addresses and phone numbers: it is written readable by its owner only.
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "backup: $*" >&2; exit 1; }
say() { echo "backup: $*" >&2; }

. scripts/backup-common.sh
require_tools pg_dump pg_isready psql tar sha256sum python3

backup_dir=${BACKUP_DIR:-$(pwd)/var/backups}
if [ -n "${1:-}" ]; then
  output=$1
else
  # Named by the second it was taken; two backups in one second (a forced restore backs up first) get -2, -3...
  stem=$backup_dir/puronoboi-$(date -u +%Y%m%dT%H%M%SZ)
  output=$stem.tar
  n=2
  while [ -e "$output" ]; do output=$stem-$n.tar; n=$((n + 1)); done
fi

umask 077
mkdir -p "$(dirname "$output")"
[ -e "$output" ] && die "$output already exists; not overwriting it"
staging=$(mktemp -d "$(dirname "$output")/.backup.XXXXXX")

if [ -n "${DATABASE_URL:-}" ]; then
  url=$DATABASE_URL
  # Never the password: the manifest says only where the dump came from.
  source_name="DATABASE_URL ($(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(f"{p.hostname}:{p.port or 5432}{p.path}")' "$url"))"
else
  [ -f "$pg_dir/PG_VERSION" ] || die "no database in $pg_dir: nothing to back up (has \`just run\` ever run? Or set DATABASE_URL.)"
  if cluster_running; then
    say "the database on port $pg_port is running: dumping it as it is"
  else
    start_cluster
  fi
  use_cluster_password
  url="postgres://postgres@127.0.0.1:$pg_port/$db_name"
  source_name="embedded cluster $pg_dir, database $db_name"
fi
psql "$url" -qtAc 'SELECT 1' >/dev/null 2>&1 || die "cannot connect to the database ($source_name)"

# Hard links cost no space and keep a picture's content even if it is deleted before the archive is written; a
# plain copy when the backup directory is on another filesystem. -n keeps the first copy of a name.
gather_images() {
  [ -d "$images_dir" ] || return 0
  cp -a -l -n "$images_dir/." "$staging/images/" 2>/dev/null || cp -a -n "$images_dir/." "$staging/images/"
}
mkdir "$staging/images"
gather_images
# One transaction, one snapshot: the rows are consistent with each other however busy the server is.
pg_dump --format=custom --compress=6 --no-owner --no-acl --file="$staging/database.dump" "$url" || die "pg_dump failed ($source_name)"
gather_images

picture_count=$(find "$staging/images" -type f | wc -l)
{
  echo "format: puronoboi-backup 1"
  echo "created: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "database: $source_name"
  echo "pg_dump: $(pg_dump --version)"
  echo "database.dump sha256: $(sha256sum "$staging/database.dump" | cut -d' ' -f1)"
  echo "pictures: $picture_count (from $images_dir)"
} >"$staging/MANIFEST"

tar -C "$staging" -cf "$staging/archive.tar" MANIFEST database.dump images
mv "$staging/archive.tar" "$output"
chmod 600 "$output"
say "wrote $output ($(du -h "$output" | cut -f1), $picture_count pictures)"
echo "$output"
