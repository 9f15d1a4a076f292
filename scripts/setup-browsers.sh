#!/usr/bin/env bash
# `npm run setup:browsers`: installs Debian's chromium (and a font) for the browser tests and the
# Lighthouse bench, once per machine. Never a browser downloaded by a test tool.
set -euo pipefail
CHROME="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$CHROME" ]; then
  echo "chromium is installed: $("$CHROME" --version 2>/dev/null || echo "$CHROME")"
  exit 0
fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "== installing Debian's chromium with apt-get"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
"$CHROME" --version
