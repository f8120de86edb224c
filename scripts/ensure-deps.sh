#!/usr/bin/env bash
# Installs npm dependencies when package-lock.json changed since the last install (cached by hash).
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.kidslearn-lock-hash
want=$(cat package-lock.json package.json | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "[deps] npm dependencies up to date"
  exit 0
fi
echo "[deps] installing npm dependencies (npm ci)"
npm ci --no-audit --no-fund
echo "$want" > "$stamp"
