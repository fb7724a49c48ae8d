#!/usr/bin/env bash
# `pnpm test`: vitest.config.ts's two projects as two processes side by side, each one file at a
# time. Vitest runs projects that each allow one worker one after the other, so one process left
# the second core of the 2-core CI machine idle while a test waited on its server: Chromium files
# (`browser`: a browser, a server and the test) never overlap one another, and the other files
# (`node`) use the second core meanwhile. Arguments go to both (a file filter that matches one
# project leaves the other with nothing to run, which passes). The node project's output is kept in
# test-artifacts/ and printed after the browser project's, then both summaries last.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mkdir -p test-artifacts
node_log=test-artifacts/vitest-node.log
browser_log=test-artifacts/vitest-browser.log
vitest run --project node --passWithNoTests "$@" >"$node_log" 2>&1 &
node_pid=$!
# Stop the node project too when this script is stopped.
trap 'kill "$node_pid" 2>/dev/null' INT TERM
vitest run --project browser --passWithNoTests "$@" 2>&1 | tee "$browser_log"
browser=${PIPESTATUS[0]}
wait "$node_pid"
node=$?
echo
echo "----- node project (test-artifacts/vitest-node.log) -----"
cat "$node_log"
echo
summary() { sed 's/\x1b\[[0-9;]*m//g' "$2" | grep -E '^ *(Test Files|Tests|Duration) ' | sed "s/^/$1: /"; }
summary browser "$browser_log"
summary node "$node_log"
echo "vitest projects: browser exited $browser, node exited $node"
[ "$browser" -eq 0 ] && [ "$node" -eq 0 ]
