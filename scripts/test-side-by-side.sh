#!/usr/bin/env bash
# `pnpm test`: vitest.config.ts's two projects side by side, each one file at a time. Chromium
# files (`browser`: a browser, a server and the test) never overlap, and the other files (`node`)
# use the second core meanwhile: on the 2-core CI machine one vitest alone left it mostly idle.
# Arguments go to both (a file filter that matches one project leaves the other with nothing to
# run, which passes). The node project's output is kept in test-artifacts/ and printed at the end.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mkdir -p test-artifacts
node_log=test-artifacts/vitest-node.log
vitest run --project node --passWithNoTests "$@" >"$node_log" 2>&1 &
node_pid=$!
# Stop the node project too when this script is stopped.
trap 'kill "$node_pid" 2>/dev/null' INT TERM
vitest run --project browser --passWithNoTests "$@"
browser=$?
wait "$node_pid"
node=$?
echo
echo "----- node project (test-artifacts/vitest-node.log) -----"
cat "$node_log"
echo "vitest projects: browser exited $browser, node exited $node"
[ "$browser" -eq 0 ] && [ "$node" -eq 0 ]
