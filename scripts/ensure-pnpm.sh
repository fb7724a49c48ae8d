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
# better-sqlite3 compiles from source here (its prebuilt download is unreachable); build against
# the headers of the Node that runs it (ensure-node.sh sets them for the Node it installs).
if [ -z "${npm_config_nodedir:-}" ]; then
  node_prefix="$(dirname "$(dirname "$(node -p process.execPath)")")"
  if [ -d "$node_prefix/include/node" ]; then export npm_config_nodedir="$node_prefix"; fi
fi
cd "$root"
source "$root/scripts/quiet-step.sh"
# One progress line, not pnpm's and node-gyp's output: the first install compiles better-sqlite3.
install_log="$root/node_modules/.cache/formloom/install.log"
if [ "${CI:-}" = "true" ]; then
  quiet_step "$install_log" "Installing dependencies" pnpm install --frozen-lockfile
elif compgen -G "$root/node_modules/.pnpm/better-sqlite3@*/node_modules/better-sqlite3/build/Release/*.node" >/dev/null; then
  quiet_step "$install_log" "Checking dependencies" pnpm install --prefer-offline
else
  quiet_step "$install_log" "Installing dependencies (the first time compiles better-sqlite3: about 2 minutes)" \
    pnpm install --prefer-offline
fi
# pnpm keeps a built better-sqlite3 across Node versions: after a switch (Node 20 to the Node 24 of
# ensure-node.sh) it would fail to load with "compiled against a different Node.js version".
if ! (cd "$root/apps/server" && node -e 'new (require("better-sqlite3"))(":memory:").close()') >/dev/null 2>&1; then
  quiet_step "$install_log" "Building better-sqlite3 for Node $(node --version) (about 2 minutes)" \
    pnpm rebuild --recursive better-sqlite3
fi
