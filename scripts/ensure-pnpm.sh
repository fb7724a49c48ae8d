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
# the local Node headers.
if [ -d /usr/include/node ]; then export npm_config_nodedir=/usr; fi
cd "$root"
if [ "${CI:-}" = "true" ]; then
  pnpm install --frozen-lockfile
else
  pnpm install --prefer-offline
fi
