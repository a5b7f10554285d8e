#!/usr/bin/env bash
# Makes sure this machine has what `just test` needs beyond Rust and Node.js: Chromium at /usr/bin/chromium, a font
# with Bengali coverage, the PostgreSQL client (psql) and server binaries (initdb), curl, npm and Python's venv. Idempotent: when
# everything is present it exits 0 at once and prints nothing (`just test` runs it first, every time).
# When something is missing it installs it with apt-get if it can (as root, or with passwordless sudo); otherwise it
# names what is missing and prints the one command to run, and exits 1.
#   --check   never install: only report (exit 1, with the command, if anything is missing).
set -euo pipefail

check_only=no
case "${1:-}" in
  '') ;;
  --check) check_only=yes ;;
  -h | --help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

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
