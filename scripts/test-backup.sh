#!/usr/bin/env bash
# `just test-backup`: a backup brings everything back. Seeds a throwaway cluster through the real server (the demo
# seed: accounts, books, pending and paid orders with their payments, each book's picture) plus a photo in a
# subfolder, stops the cluster, backs it up with scripts/backup.sh (which must start and stop it by itself),
# restores the file into a FRESH cluster and picture folder with scripts/restore.sh, and compares every table row
# by row (a hash of each table's rows, every sequence's position, and the ids of accounts, books, orders and
# payments) and every picture byte for byte. Then checks that a second restore over the now non-empty database is
# refused and changes nothing, and that FORCE=1 replaces it after backing up what it replaces, both in the embedded
# cluster and in a database named by DATABASE_URL, and that a damaged file is refused.
#
# SERVER_BIN: a built puronoboi-server to seed with (default: builds the debug one).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

fail() { echo "test-backup: FAILED: $*" >&2; exit 1; }
say() { echo "test-backup: $*" >&2; }

if [ -z "${SERVER_BIN:-}" ]; then
  cargo build --locked -q -p puronoboi-server
  target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
  SERVER_BIN=$target_dir/debug/puronoboi-server
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/puronoboi-test-backup.XXXXXX")
chmod 755 "$work" # the cluster runs as `postgres` when this runs as root
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  for dir in "$work/pg-source" "$work/pg-restored"; do scripts/pg-cluster.sh stop "$dir" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
source_port=$(free_port)
restored_port=$(free_port)
[ "$source_port" != "$restored_port" ] || restored_port=$(free_port)

# Every table's row count and a hash of its rows in primary-key order (whole rows, as text), plus the ids of the
# four tables the product cannot lose, one per line.
fingerprint() {
  local url=$1
  psql "$url" -qtA -v ON_ERROR_STOP=1 <<'SQL'
CREATE TEMP TABLE fingerprint (line text);
DO $$
DECLARE t record; rows bigint; hash text;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname LOOP
    EXECUTE format('SELECT count(*), md5(coalesce(string_agg(x::text, E''\n'' ORDER BY x::text), '''')) FROM %I x', t.relname)
      INTO rows, hash;
    INSERT INTO fingerprint VALUES (format('table %s: %s rows, md5 %s', t.relname, rows, hash));
  END LOOP;
END $$;
SELECT line FROM fingerprint;
SELECT 'account ' || id FROM accounts ORDER BY id;
SELECT 'book ' || id FROM books ORDER BY id;
SELECT 'order ' || id || ' ' || status FROM orders ORDER BY id;
SELECT 'payment ' || id || ' ' || order_id || ' ' || transaction_id FROM payments ORDER BY id;
SELECT 'sequence ' || sequencename || ' at ' || coalesce(last_value::text, 'unused') FROM pg_sequences ORDER BY 1;
SQL
}
pictures() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 -r sha256sum); }
count() { grep -c "^$1 " "$2" || true; }

say "seeding a throwaway cluster through the server's demo seed"
source_url=$(scripts/pg-cluster.sh start "$work/pg-source" "$source_port" --ephemeral)
psql "$source_url/postgres" -qc "CREATE DATABASE puronoboi" >/dev/null
mkdir -p "$work/images-source/photos"
http_port=$(free_port)
DATABASE_URL="$source_url/puronoboi" SEED_DEMO=true IMAGES_DIR="$work/images-source" HOST=127.0.0.1 PORT=$http_port \
  RUST_LOG=warn "$SERVER_BIN" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do
  curl -fs "http://127.0.0.1:$http_port/api/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; fail "the server stopped while seeding"; }
  sleep 0.2
done
curl -fs "http://127.0.0.1:$http_port/api/health" >/dev/null || { cat "$work/server.log" >&2; fail "the server never came up"; }
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=
# A picture in a subfolder, and one whose name needs quoting, as uploads may leave.
head -c 4096 /dev/urandom >"$work/images-source/photos/a photo.jpg"
fingerprint "$source_url/puronoboi" >"$work/source.txt"
pictures "$work/images-source" >"$work/source-pictures.txt"
for kind in account book order payment; do
  [ "$(count "$kind" "$work/source.txt")" -gt 0 ] || fail "the seeded database has no ${kind}s: $(cat "$work/source.txt")"
done
[ "$(wc -l <"$work/source-pictures.txt")" -gt 1 ] || fail "the seed stored no pictures"
scripts/pg-cluster.sh stop "$work/pg-source"

say "backing up (the cluster is stopped: the backup starts and stops it)"
export BACKUP_DIR="$work/backups"
backup=$(PURONOBOI_PG_DIR="$work/pg-source" PURONOBOI_PG_PORT=$source_port IMAGES_DIR="$work/images-source" scripts/backup.sh)
[ -f "$backup" ] || fail "backup.sh printed '$backup', which is not a file"
[ ! -f "$work/pg-source/postmaster.pid" ] || fail "backup.sh left the cluster it started running"
[ "$(stat -c %a "$backup")" = 600 ] || fail "the backup is readable by others: $(stat -c %a "$backup")"
# The seeded cluster trusted every local user, as `just run`'s did before it had a password: starting it for the
# backup switched it over to a generated password, kept readable by its owner only, and it dumped every row (the
# comparison after the restore).
[ -s "$work/pg-source-password" ] || fail "backup.sh did not give the cluster a password file"
[ "$(stat -c %a "$work/pg-source-password")" = 600 ] || fail "the password file is readable by others"
tar -tf "$backup" | grep -x 'database.dump' >/dev/null || fail "the backup holds no database.dump"

say "restoring into a fresh cluster and picture folder"
restore() {
  PURONOBOI_PG_DIR="$work/pg-restored" PURONOBOI_PG_PORT=$restored_port IMAGES_DIR="$work/images-restored" scripts/restore.sh "$@"
}
restore "$backup"
[ ! -f "$work/pg-restored/postmaster.pid" ] || fail "restore.sh left the cluster it started running"
[ -s "$work/pg-restored-password" ] || fail "restore.sh created a cluster without a password"
PGPASSWORD=$(cat "$work/pg-restored-password")
export PGPASSWORD
restored_url=$(scripts/pg-cluster.sh start "$work/pg-restored" "$restored_port" --password-file "$work/pg-restored-password")
fingerprint "$restored_url/puronoboi" >"$work/restored.txt"
pictures "$work/images-restored" >"$work/restored-pictures.txt"
diff -u "$work/source.txt" "$work/restored.txt" >&2 || fail "the restored database differs from the one backed up"
diff -u "$work/source-pictures.txt" "$work/restored-pictures.txt" >&2 || fail "the restored pictures differ"

say "a restore over a non-empty database is refused and changes nothing"
psql "$restored_url/puronoboi" -v ON_ERROR_STOP=1 -qc "UPDATE books SET title = 'changed after the restore' WHERE id = (SELECT id FROM books ORDER BY id LIMIT 1)"
fingerprint "$restored_url/puronoboi" >"$work/changed.txt"
scripts/pg-cluster.sh stop "$work/pg-restored"
if restore "$backup" 2>"$work/refused.txt"; then fail "a restore over a non-empty database went ahead"; fi
grep -q "refusing to overwrite" "$work/refused.txt" || fail "the refusal does not say why: $(cat "$work/refused.txt")"
restored_url=$(scripts/pg-cluster.sh start "$work/pg-restored" "$restored_port" --password-file "$work/pg-restored-password")
fingerprint "$restored_url/puronoboi" | diff -u "$work/changed.txt" - >&2 || fail "a refused restore changed the database"
scripts/pg-cluster.sh stop "$work/pg-restored"

say "FORCE=1 backs up what is there, then replaces it"
FORCE=1 restore "$backup" 2>"$work/forced.txt" || { cat "$work/forced.txt" >&2; fail "FORCE=1 restore failed"; }
safety=$(sed -n 's/^restore: the data this restore replaces is in //p' "$work/forced.txt")
[ -f "$safety" ] || fail "the forced restore did not say where it kept the replaced data: $(cat "$work/forced.txt")"
restored_url=$(scripts/pg-cluster.sh start "$work/pg-restored" "$restored_port" --password-file "$work/pg-restored-password")
fingerprint "$restored_url/puronoboi" | diff -u "$work/source.txt" - >&2 || fail "the forced restore differs from the backup"
pictures "$work/images-restored" | diff -u "$work/source-pictures.txt" - >&2 || fail "the forced restore's pictures differ"

say "the same into a database named by DATABASE_URL (as for a managed PostgreSQL: its schemas are emptied, not dropped)"
psql "$restored_url/puronoboi" -v ON_ERROR_STOP=1 -qc "CREATE TABLE stray (id int); UPDATE accounts SET name = 'changed'"
DATABASE_URL="$restored_url/puronoboi" FORCE=1 restore "$backup" 2>"$work/forced-url.txt" \
  || { cat "$work/forced-url.txt" >&2; fail "FORCE=1 restore into DATABASE_URL failed"; }
fingerprint "$restored_url/puronoboi" | diff -u "$work/source.txt" - >&2 || fail "the restore into DATABASE_URL differs from the backup"

say "a damaged file is refused, even with FORCE=1, before anything is touched"
mkdir "$work/damaged"
tar -C "$work/damaged" -xf "$backup"
printf 'X' | dd of="$work/damaged/database.dump" bs=1 seek=200 conv=notrunc 2>/dev/null
tar -C "$work/damaged" -cf "$work/damaged.tar" MANIFEST database.dump images
if FORCE=1 restore "$work/damaged.tar" 2>"$work/damaged.txt"; then fail "a damaged backup was restored"; fi
grep -q "is damaged" "$work/damaged.txt" || fail "the refusal does not say the file is damaged: $(cat "$work/damaged.txt")"
fingerprint "$restored_url/puronoboi" | diff -u "$work/source.txt" - >&2 || fail "a refused damaged restore changed the database"

say "passed: $(count account "$work/source.txt") accounts, $(count book "$work/source.txt") books, $(count order "$work/source.txt") orders, \
$(count payment "$work/source.txt") payments, $(grep -c '^table ' "$work/source.txt") tables and $(wc -l <"$work/source-pictures.txt") pictures came back identical"
