#!/usr/bin/env bash
# Puts Node 24 LTS on the PATH when the machine's Node is older than 22.14 (the oldest this project
# supports), so a fresh machine with Node 20 still needs only the README's commands. Node comes
# from the npm registry into a cache outside the checkout (scripts/install-node.sh): about 10 s
# the first time, nothing after. Sourced before ensure-pnpm.sh (so pnpm and node-gyp run on it) by
# serve.sh, test.sh and .ci/run. One line on stderr when it switches; nothing when Node is recent.
set -euo pipefail
if ! node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 14) ? 0 : 1)'; then
  formloom_old_node="$(node --version)"
  formloom_node_dir="$(bash "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/install-node.sh" 24)"
  export PATH="$formloom_node_dir/bin:$PATH"
  # node-gyp takes the headers of the Node it builds for from here (better-sqlite3 13 needs no build).
  export npm_config_nodedir="$formloom_node_dir"
  echo "Using Node $(node --version) from ${formloom_node_dir/#"$HOME"/\~} (this machine's $formloom_old_node is older than 22.14)" >&2
  unset formloom_old_node formloom_node_dir
fi
