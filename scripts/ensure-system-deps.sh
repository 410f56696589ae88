#!/usr/bin/env bash
# Installs the Debian packages the test suite needs (PostgreSQL server, OpenSSH client, Chromium,
# fonts for rendered test forms, native Tesseract with its English, Spanish and French models) only when
# they are missing, so a fresh machine needs no hand steps.
set -euo pipefail

need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || need+=(postgresql)
command -v sftp >/dev/null 2>&1 || need+=(openssh-client)
[ -x /usr/bin/chromium ] || need+=(chromium)
# Native Tesseract: the extractor loads libtesseract (from tesseract-ocr) in process; without it, it uses tesseract.js.
for pkg in fonts-dejavu-core fonts-liberation tesseract-ocr tesseract-ocr-eng tesseract-ocr-spa tesseract-ocr-fra; do have_pkg "$pkg" || need+=("$pkg"); done
for pkg in ${EXTRA_APT_PACKAGES:-}; do have_pkg "$pkg" || need+=("$pkg"); done

if [ ${#need[@]} -gt 0 ]; then
  echo "Installing system packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
