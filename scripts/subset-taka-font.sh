#!/usr/bin/env bash
# Makes apps/web/src/assets/fonts/hind-siliguri-taka-{400,600}.woff2: the taka sign (৳, U+09F3) alone, cut from Hind
# Siliguri's Bengali faces (SIL Open Font License, as shipped by @fontsource/hind-siliguri). Every price on every page
# carries the sign; without these files a browser downloads a whole Bengali face (about 70 KiB for each weight) to
# draw that one glyph. The output is committed; run this again only when the font package or the weights change.
# Needs python3 (fonttools and brotli are installed into a throwaway virtualenv).
set -euo pipefail
cd "$(dirname "$0")/.."
fonts=apps/web/node_modules/@fontsource/hind-siliguri/files
out=apps/web/src/assets/fonts
[ -d "$fonts" ] || { echo "subset-taka-font: run 'just web-install' first ($fonts is missing)" >&2; exit 1; }
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet fonttools==4.68.0 brotli==1.2.1
mkdir -p "$out"
for weight in 400 600; do
  "$venv/bin/pyftsubset" "$fonts/hind-siliguri-bengali-$weight-normal.woff2" --unicodes=U+09F3 --flavor=woff2 \
    --layout-features='' --no-hinting --desubroutinize --output-file="$out/hind-siliguri-taka-$weight.woff2"
  echo "$out/hind-siliguri-taka-$weight.woff2: $(stat -c %s "$out/hind-siliguri-taka-$weight.woff2") bytes"
done
