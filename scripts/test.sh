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
echo "[test] go test (the local database's write locks)"
go_bin=$(command -v go || ls /usr/local/go/bin/go /usr/lib/go/bin/go 2>/dev/null | head -n 1)
(cd infra/local/ferretdb && "$go_bin" test ./...)
echo "[test] jest"
mkdir -p .local
status=0
npx jest --ci --json --outputFile=.local/jest-results.json "$@" || status=$?
# One plain closing line a CI reader understands, whatever the reporter printed above.
node -e 'const r=require("./.local/jest-results.json"); console.log(`jest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`)' || true
echo "[test] finished in $(( $(date +%s) - started ))s"
exit "$status"
