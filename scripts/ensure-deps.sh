#!/usr/bin/env bash
# Installs npm dependencies when package-lock.json changed since the last install (cached by hash).
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.kidslearn-lock-hash
hash_inputs() { cat package-lock.json package.json */package.json services/*/package.json infra/local/package.json | sha256sum | cut -d' ' -f1; }
want=$(hash_inputs)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "[deps] npm dependencies up to date"
  exit 0
fi
# `npm install` (lockfile-driven) rather than `npm ci`: npm 11.19 rejects this lock in `ci` for the
# optional platform binaries of @swc/core and friends, even when the lock is freshly generated.
echo "[deps] installing npm dependencies (npm install from package-lock.json)"
npm install --no-audit --no-fund
# Hash again: the install may have completed the lock file.
hash_inputs > "$stamp"
