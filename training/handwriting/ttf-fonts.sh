#!/usr/bin/env bash
# Writes the training fonts as TrueType files into one folder (default training/.fonts-ttf), for a machine whose
# Pillow/FreeType cannot open WOFF2 (the npm packages ship WOFF2 only) or that has no npm: point
# LW_TRAINING_FONT_DIR at the folder (handwriting/fonts.py). The same fonts, decompressed; no held-out hand is added.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.fonts-ttf}"
bash ../scripts/ensure-system-deps.sh woff2
mkdir -p "$out"
/usr/bin/python3 -c 'from handwriting.fonts import training_fonts; h, p = training_fonts(); print("\n".join(h + p))' |
while read -r f; do
  tmp="$(mktemp -d)"
  cp "$f" "$tmp/" && woff2_decompress "$tmp/$(basename "$f")" >/dev/null && mv "$tmp"/*.ttf "$out/"
  rm -rf "$tmp"
done
echo "$(ls "$out" | wc -l) fonts in $out"
