#!/usr/bin/env bash
# Starts the reference server on embedded SQLite (data in ./.formloom unless FORMLOOM_DATA_DIR is
# set). On first start it prints the API key of the `default` account, once. Installs and builds
# first when needed (one progress line each; the full output goes to a log file, named on screen):
# the server runs from its build (apps/server/dist), as a release would.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/ensure-node.sh"
source "$root/scripts/ensure-pnpm.sh"
cd "$root"
built="apps/server/dist/formloom.js"
# Rebuild when any source, manifest or build config is newer than the build.
if [ ! -f "$built" ] || [ -n "$(find packages/contract packages/runtime packages/elements packages/react packages/sdk packages/server \
  apps/server apps/dashboard pnpm-lock.yaml \
  \( -name node_modules -o -name dist \) -prune -o -type f -newer "$built" -print -quit)" ]; then
  # JavaScript only: the type declarations are for publishing the packages, not for running.
  # The dashboard too: the setup link the first start prints opens it.
  quiet_step "$root/node_modules/.cache/formloom/build.log" "Building the server" \
    env FORMLOOM_BUILD_DTS=0 pnpm --filter '@formloom/server...' --filter formloom --filter '@formloom/dashboard...' build
fi
exec node apps/server/bin/formloom.js serve "$@"
