#!/usr/bin/env bash
# Makes sure this machine has what `just test` needs beyond Rust and Node.js: Chromium at /usr/bin/chromium, a font
# with Bengali coverage, the PostgreSQL client (psql) and server binaries (initdb), curl, npm and Python's venv, and
# cargo-machete (the unused-dependency check of `just lint`). Idempotent: when everything is present it exits 0 at once
# and prints nothing (`just test` and `just lint` run it first, every time).
# When something is missing it installs it (apt-get as root or with passwordless sudo; cargo install for cargo tools);
# otherwise it names what is missing and prints the one command to run, and exits 1.
#   --check   never install: only report (exit 1, with the command, if anything is missing).
#   --cargo   only the cargo tools (what `just lint` needs).
set -euo pipefail

check_only=no
cargo_only=no
for arg in "$@"; do
  case "$arg" in
    --check) check_only=yes ;;
    --cargo) cargo_only=yes ;;
    -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: $0 [--check] [--cargo]" >&2; exit 2 ;;
  esac
done

have() { command -v "$1" >/dev/null 2>&1; }
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

has_chromium() { [ -x /usr/bin/chromium ]; }
has_bengali_font() {
  if have dpkg-query; then installed fonts-lohit-beng-bengali; else [ -n "$(fc-list ':lang=bn' 2>/dev/null)" ]; fi
}
has_psql() { have psql; }
has_initdb() { have initdb || compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; }
has_curl() { have curl; }
has_npm() { have npm; }
# localstripe (the local card payment provider) runs in a Python venv.
has_venv() { have python3 && python3 -c 'import venv, ensurepip' 2>/dev/null; }

# check | Debian packages | what it is
tools=(
  'has_chromium|chromium|Chromium at /usr/bin/chromium'
  'has_bengali_font|fonts-lohit-beng-bengali|a font with Bengali coverage'
  'has_psql|postgresql-client|the PostgreSQL client (psql)'
  'has_initdb|postgresql|the PostgreSQL server binaries (initdb)'
  'has_curl|curl|curl'
  'has_npm|nodejs npm|npm'
  'has_venv|python3-venv|Python 3 with its venv module'
)

missing=()
packages=()
scan() {
  missing=()
  packages=()
  local entry check pkgs what
  for entry in "${tools[@]}"; do
    IFS='|' read -r check pkgs what <<<"$entry"
    if ! "$check"; then
      missing+=("$what|$pkgs")
      # shellcheck disable=SC2206 # a space-separated package list
      packages+=($pkgs)
    fi
  done
}

# Cargo tools come from crates.io, not Debian: installed with cargo, pinned so every machine runs the same check.
CARGO_MACHETE_VERSION=0.9.2
has_cargo_machete() { cargo machete --version 2>/dev/null | grep -qF "$CARGO_MACHETE_VERSION"; }
if ! has_cargo_machete; then
  if [ "$check_only" = yes ]; then
    echo "missing: cargo-machete $CARGO_MACHETE_VERSION (the unused-dependency check)" >&2
    echo "To install it, run: cargo install cargo-machete --version $CARGO_MACHETE_VERSION --locked" >&2
    exit 1
  fi
  echo "ensure-tools: installing cargo-machete $CARGO_MACHETE_VERSION"
  if ! cargo install cargo-machete --version "$CARGO_MACHETE_VERSION" --locked --quiet; then
    echo "ensure-tools: cargo install cargo-machete failed (see above)." >&2
    exit 1
  fi
fi
[ "$cargo_only" = yes ] && exit 0

scan
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
else
  sudo=(sudo -n)
fi
hint_prefix=
[ "$(id -u)" -eq 0 ] || hint_prefix='sudo '

report() {
  local entry what pkgs
  for entry in "${missing[@]}"; do
    IFS='|' read -r what pkgs <<<"$entry"
    echo "missing: $what (Debian package: $pkgs)" >&2
  done
  echo "To install it, run: ${hint_prefix}apt-get update && ${hint_prefix}apt-get install -y ${packages[*]}" >&2
}

can_install() {
  have apt-get || return 1
  [ "$(id -u)" -eq 0 ] && return 0
  have sudo && sudo -n true 2>/dev/null
}

if [ "$check_only" = yes ] || ! can_install; then
  report
  exit 1
fi

for pkg in "${packages[@]}"; do echo "ensure-tools: installing $pkg"; done
apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300)
if ! { "${apt[@]}" update -qq >/dev/null && "${apt[@]}" install -y -qq "${packages[@]}" >/dev/null; }; then
  echo "ensure-tools: apt-get failed (see above)." >&2
  report
  exit 1
fi

scan
if [ ${#missing[@]} -ne 0 ]; then
  echo "ensure-tools: still missing after installing:" >&2
  report
  exit 1
fi
