#!/usr/bin/env bash
# Makes `pnpm` (the version pinned in package.json's packageManager) available and installs the
# workspace. Sourced by serve.sh and test.sh so a fresh machine with only Node and npm works.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
want="$(node -p "require('$root/package.json').packageManager.split('@')[1]")"
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$want" ]; then
  echo "Installing pnpm $want (corepack's signature check fails on these machines, so npm is used)" >&2
  npm install -g "pnpm@$want" >/dev/null
fi
# better-sqlite3 13 carries its binaries in the package (N-API, one per platform), so nothing
# compiles on install. node-gyp still gets the headers of the Node that runs it (ensure-node.sh
# sets them for the Node it installs), should a native dependency ever need building.
if [ -z "${npm_config_nodedir:-}" ]; then
  node_prefix="$(dirname "$(dirname "$(node -p process.execPath)")")"
  if [ -d "$node_prefix/include/node" ]; then export npm_config_nodedir="$node_prefix"; fi
fi
cd "$root"
source "$root/scripts/quiet-step.sh"
# One progress line, not pnpm's output.
install_log="$root/node_modules/.cache/formloom/install.log"
if [ "${CI:-}" = "true" ]; then
  quiet_step "$install_log" "Installing dependencies" pnpm install --frozen-lockfile
else
  quiet_step "$install_log" "Installing dependencies" pnpm install --prefer-offline
fi
