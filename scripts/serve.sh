#!/usr/bin/env bash
# Starts the reference server on embedded SQLite (data in ./.formloom unless FORMLOOM_DATA_DIR is
# set). On first start it prints the API key of the `default` account, once.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/ensure-pnpm.sh" >&2
cd "$root"
exec node apps/server/bin/formloom.js serve "$@"
