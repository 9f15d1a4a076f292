#!/usr/bin/env bash
# `npm test`: everything a change must pass, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

# Browser tests use Debian's chromium (never a downloaded browser).
if [ ! -x "${CHROME_PATH:-/usr/bin/chromium}" ]; then
  echo "== installing Debian's chromium for the browser tests"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi
[ -d node_modules ] || npm install --no-audit --no-fund

echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== unit and API tests (real PostgreSQL, real SMTP)"; npx vitest run
echo "== build the web app"; npm run --silent build
echo "== browser tests (Chromium)"; npx playwright test -c apps/web/playwright.config.ts
