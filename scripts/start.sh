#!/usr/bin/env bash
# The whole portal: installs what is missing (cached), starts infrastructure, services, gateway, shell and
# remotes with demo data, prints where to go and how to log in, and stops everything it started on Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
exec node --import tsx infra/local/src/cli.ts up portal
