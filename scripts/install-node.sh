#!/usr/bin/env bash
# `bash scripts/install-node.sh <major>` prints the folder of Node <major> (the npm registry's
# node-<platform>-<arch> package: bin/node, and include/node, the headers node-gyp builds
# better-sqlite3 against), installing it first when missing into a cache outside the checkout that
# survives between runs: ${XDG_CACHE_HOME:-~/.cache}/formloom/node-<major> (delete it to update).
# Used by ensure-node.sh (Node 24 on machines whose Node is too old) and by the Node 22 test.
set -euo pipefail
major="${1:?usage: install-node.sh <major>}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/formloom"
dir="$cache/node-$major"
pkg_name="node-$(node -p 'process.platform + "-" + process.arch')"
pkg="$dir/node_modules/$pkg_name"
if [ ! -x "$pkg/bin/node" ]; then
  mkdir -p "$cache"
  # Installed beside its final place, then renamed into it: an interrupted install is never taken
  # for a cached one, and of two runs installing at once the first rename wins.
  tmp="$(mktemp -d "$cache/.node-$major.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  chmod 755 "$tmp"
  source "$root/scripts/quiet-step.sh"
  quiet_step "$tmp.log" "Installing Node $major ($pkg_name@$major from the npm registry, about 190 MB)" \
    npm install --prefix "$tmp" --no-save --no-package-lock --no-audit --no-fund "$pkg_name@$major"
  rm -f "$tmp.log"
  if [ ! -x "$pkg/bin/node" ]; then
    rm -rf "$dir" # what an older copy of this script or a hand may have left half-done
    mv -T "$tmp" "$dir"
  fi
fi
echo "$pkg"
