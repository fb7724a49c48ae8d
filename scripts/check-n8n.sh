#!/usr/bin/env bash
# `pnpm check:n8n`: the n8n package inside a real n8n. Installs n8n (N8N_VERSION, default below) on
# Node 24, which n8n 2.40+ needs, into a cache outside the checkout that survives between runs
# (${XDG_CACHE_HOME:-~/.cache}/formloom/n8n-<version>, about 2 GB, 10 to 20 minutes the first time),
# then runs tests/e2e/n8n-real.check.ts: the packed package installed in ~/.n8n/nodes as its
# README says, and a workflow with the node run through `n8n execute` against the reference server.
# Not part of `pnpm test` (the install alone takes longer than the whole suite).
#
# n8n is installed with --ignore-scripts: some of its integrations' native modules (Kafka's
# librdkafka) download sources from GitHub at install time, which fails where only the npm
# registry is reachable. Only sqlite3, n8n's own database, is then built (from source, against
# Node 24's headers).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/ensure-node.sh
source scripts/ensure-pnpm.sh
version="${N8N_VERSION:-2.41.0}"
node24="$(bash scripts/install-node.sh 24)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/formloom"
dir="$cache/n8n-$version"
if [ ! -f "$dir/node_modules/n8n/bin/n8n" ]; then
  mkdir -p "$cache"
  # Installed beside its final place, then renamed into it: an interrupted install is never cached.
  tmp="$(mktemp -d "$cache/.n8n-$version.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  source scripts/quiet-step.sh
  quiet_step "$tmp.log" "Installing n8n $version (about 2 GB; 10 to 20 minutes the first time)" \
    env PATH="$node24/bin:$PATH" npm_config_nodedir="$node24" \
    npm install --prefix "$tmp" --no-save --no-audit --no-fund --ignore-scripts "n8n@$version"
  quiet_step "$tmp.log" "Building sqlite3 for n8n" \
    env PATH="$node24/bin:$PATH" npm_config_nodedir="$node24" npm rebuild --prefix "$tmp" sqlite3
  rm -f "$tmp.log"
  rm -rf "$dir"
  mv -T "$tmp" "$dir"
fi
N8N_BIN="$dir/node_modules/n8n/bin/n8n" N8N_NODE="$node24/bin/node" \
  pnpm exec vitest run --config tests/e2e/vitest.check.config.ts
