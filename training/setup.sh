#!/usr/bin/env bash
# Installs what training the handwriting model needs on a fresh Debian machine, only where it is missing (through the
# project's one apt installer): Debian's torch, ONNX, Pillow and OpenCV for /usr/bin/python3, the threaded OpenBLAS
# (torch is several times slower with the reference BLAS), Debian's handwriting fonts (held-out evaluation only) and
# the npm training fonts.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh python3-torch python3-onnx python3-pil python3-opencv python3-numpy libopenblas0-pthread \
  fonts-comic-neue fonts-dkg-handwriting fonts-breip fonts-rufscript fonts-humor-sans fonts-kristi fonts-femkeklaver
[ -d node_modules/@fontsource/playwrite-us-trad ] || npm install -w training --no-audit --no-fund
