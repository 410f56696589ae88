#!/usr/bin/env bash
# The project's one installer of Debian packages: installs only what is missing, so a fresh machine needs no hand
# steps. With no arguments it installs what the test suite needs (PostgreSQL server, OpenSSH client, Chromium,
# fonts for rendered test forms, native Tesseract with its English, Spanish and French models) plus any named in
# EXTRA_APT_PACKAGES; with arguments, just the packages named (training/setup.sh uses that).
set -euo pipefail

need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
if [ $# -eq 0 ]; then
  command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || need+=(postgresql)
  command -v sftp >/dev/null 2>&1 || need+=(openssh-client)
  [ -x /usr/bin/chromium ] || need+=(chromium)
  # Native Tesseract: the extractor loads libtesseract (from tesseract-ocr) in process; without it, it uses tesseract.js.
  set -- fonts-dejavu-core fonts-liberation tesseract-ocr tesseract-ocr-eng tesseract-ocr-spa tesseract-ocr-fra ${EXTRA_APT_PACKAGES:-}
fi
for pkg in "$@"; do have_pkg "$pkg" || need+=("$pkg"); done

if [ ${#need[@]} -gt 0 ]; then
  echo "Installing system packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
