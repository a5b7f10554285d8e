#!/usr/bin/env bash
# Makes the small font files in apps/web/src/assets/fonts/ from the faces @fontsource ships (Hind Siliguri and Lora,
# both under the SIL Open Font License):
# - hind-siliguri-taka-{400,600}.woff2: the taka sign (৳, U+09F3) alone. Every price on every page carries it;
#   without these a browser downloads a whole Bengali face (about 70 KiB a weight) to draw that one glyph.
# - hind-siliguri-ascii-{400,600}.woff2 and lora-ascii-700.woff2: printable ASCII and the marks the app writes
#   (© · – — ‘ ’ “ ” • …), about 60% of the size of the Latin faces. They are what a page's first screen draws, so
#   they are what the HTML preloads; any other Latin character still loads the full Latin face of its weight
#   (apps/web/src/fonts.css declares the ranges).
# - hind-siliguri-bangla-word-400.woff2: the letters of "বাংলা" (ব া ং ল), the language switch's label in the bar of
#   every page. An English page draws no other Bengali at weight 400 before its content arrives; without this face
#   that one word cost a whole Bengali face on every page view.
# - hind-siliguri-bengali-{400,600}.woff2: the packaged Bengali faces (the whole Bengali block, every conjunct and
#   shaping rule kept) without their hinting instructions: 38 KiB instead of 71 KiB a weight. Phones (Android, iOS)
#   and Chrome on macOS ignore hinting; on a slow connection the Bangla pages waited for these bytes before their text
#   settled (Lighthouse LCP 3.2 s in Bangla against 2.3 s in English).
# The output is committed; run this again only when the font packages or the weights change.
# Needs python3 (fonttools and brotli are installed into a throwaway virtualenv).
set -euo pipefail
cd "$(dirname "$0")/.."
fontsource=apps/web/node_modules/@fontsource
out=apps/web/src/assets/fonts
[ -d "$fontsource/hind-siliguri/files" ] || { echo "subset-fonts: run 'just web-install' first ($fontsource is missing)" >&2; exit 1; }
# Keep in step with the unicode-range of the ASCII faces in apps/web/src/fonts.css.
ascii='U+0020-007E,U+00A0,U+00A9,U+00B7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026'
# Keep in step with the unicode-range of the Bengali faces in apps/web/src/fonts.css (the packaged faces' own range).
bengali='U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0,U+1CD2,U+1CD5-1CD6,U+1CD8,U+1CE1,U+1CEA,U+1CED,U+1CF2,U+1CF5-1CF7,U+200C-200D,U+20B9,U+25CC,U+A8F1'
# Keep in step with the unicode-range of the "বাংলা" face in apps/web/src/fonts.css.
bangla_word='U+0982,U+09AC,U+09B2,U+09BE'
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet fonttools==4.68.0 brotli==1.2.1
mkdir -p "$out"
subset() {
  local from=$1 unicodes=$2 to=$3
  shift 3
  # All names kept: browsers report a face by the family its file names.
  "$venv/bin/pyftsubset" "$from" --unicodes="$unicodes" --flavor=woff2 --name-IDs='*' --output-file="$to" "$@"
  echo "$to: $(stat -c %s "$to") bytes (from $(stat -c %s "$from"))"
}
for weight in 400 600; do
  subset "$fontsource/hind-siliguri/files/hind-siliguri-bengali-$weight-normal.woff2" U+09F3 \
    "$out/hind-siliguri-taka-$weight.woff2" --layout-features='' --no-hinting --desubroutinize
  [ "$weight" = 400 ] && subset "$fontsource/hind-siliguri/files/hind-siliguri-bengali-$weight-normal.woff2" "$bangla_word" \
    "$out/hind-siliguri-bangla-word-$weight.woff2" --layout-features='*' --no-hinting
  subset "$fontsource/hind-siliguri/files/hind-siliguri-bengali-$weight-normal.woff2" "$bengali" \
    "$out/hind-siliguri-bengali-$weight.woff2" --layout-features='*' --no-hinting
  subset "$fontsource/hind-siliguri/files/hind-siliguri-latin-$weight-normal.woff2" "$ascii" \
    "$out/hind-siliguri-ascii-$weight.woff2" --layout-features='kern,liga'
done
subset "$fontsource/lora/files/lora-latin-700-normal.woff2" "$ascii" "$out/lora-ascii-700.woff2" --layout-features='kern,liga'
