#!/usr/bin/env bash
# The whole test suite: installs what it needs, checks types and lint, then runs every Jest project
# (unit, integration against the real local infrastructure, browser journeys in Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
bash scripts/ensure-deps.sh
npx tsx infra/local/src/cli.ts install infra
echo "[test] lint"; npm run -s lint
echo "[test] typecheck"; npm run -s typecheck
echo "[test] jest"; npx jest --ci "$@"
echo "[test] finished in $(( $(date +%s) - started ))s"
