#!/usr/bin/env bash
# `npm test`: everything a change must pass, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

# Browser tests use Debian's chromium (never a downloaded browser); installing it is a step of
# its own, never a side effect of testing.
if [ ! -x "${CHROME_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium is missing (${CHROME_PATH:-/usr/bin/chromium}): run 'npm run setup:browsers' once (it installs Debian's chromium with apt-get), then 'npm test' again." >&2
  exit 1
fi
[ -d node_modules ] || npm install --no-audit --no-fund

echo "== docs"; npx tsx scripts/check-docs.ts
echo "== format"; npx prettier --check --log-level warn .
echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== unit and API tests (real PostgreSQL, real SMTP)"; npx vitest run
echo "== build the web app"; npm run --silent build
echo "== browser tests (Chromium)"; npx playwright test -c apps/web/playwright.config.ts
