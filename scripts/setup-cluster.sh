#!/usr/bin/env bash
# `npm run setup:cluster`: installs what `npm run test:cluster` needs from Debian, once per machine:
# the PostgreSQL 15 server (its initdb, pg_ctl and postgres, for a private cluster in a temporary
# directory; the cluster Debian creates is left alone) and HAProxy. Idempotent: skips what is there.
# (`sed -n 1p`, not `head -1`: head may close the pipe before haproxy has written its other lines,
# and under pipefail the SIGPIPE failed a fresh machine's install with exit 141.)
# `--check` installs nothing: it says how to install what is missing and fails (`npm run test:cluster`).
set -euo pipefail
PG_BIN="${CLUSTER_PG_BIN:-/usr/lib/postgresql/15/bin}"
HAPROXY="${CLUSTER_HAPROXY:-/usr/sbin/haproxy}"
if [ -x "$PG_BIN/initdb" ] && [ -x "$PG_BIN/pg_ctl" ] && [ -x "$HAPROXY" ]; then
  echo "postgresql and haproxy are installed: $("$PG_BIN/postgres" --version), $("$HAPROXY" -v | sed -n 1p)"
  exit 0
fi
if [ "${1:-}" = "--check" ]; then
  echo "test:cluster needs Debian's PostgreSQL 15 server ($PG_BIN) and HAProxy ($HAPROXY): run 'npm run setup:cluster' once (it installs them with apt-get), then 'npm run test:cluster' again." >&2
  exit 1
fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "== installing Debian's postgresql (server 15) and haproxy with apt-get"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql haproxy >/dev/null
"$PG_BIN/postgres" --version
"$HAPROXY" -v | sed -n 1p
