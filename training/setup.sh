#!/usr/bin/env bash
# Installs what training the handwriting model needs on a fresh Debian machine, only where it is missing:
# Debian's torch, ONNX, Pillow and OpenCV for /usr/bin/python3, the threaded OpenBLAS (torch is several times slower
# with the reference BLAS), Debian's handwriting fonts (held-out evaluation only) and the npm training fonts.
set -euo pipefail
cd "$(dirname "$0")/.."
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
need=()
for pkg in python3-torch python3-onnx python3-pil python3-opencv python3-numpy libopenblas0-pthread \
  fonts-comic-neue fonts-dkg-handwriting fonts-breip fonts-rufscript fonts-humor-sans fonts-kristi fonts-femkeklaver; do
  have_pkg "$pkg" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing system packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
[ -d node_modules/@fontsource/playwrite-us-trad ] || npm install -w training --no-audit --no-fund
