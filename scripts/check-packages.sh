#!/usr/bin/env bash
# Checks each built package as it would be published: packs it with pnpm (which applies
# publishConfig, so the workspace-only `source` condition and test exports are gone), then lints the
# tarball with publint (strict) and @arethetypeswrong/cli (n8n-nodes-formloom: n8n's community-node lint
# instead). Run after `pnpm build`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cd "$root"
for dir in packages/*/; do
  name="$(node -p "require('./${dir}package.json').name")"
  tarball="$(cd "$dir" && pnpm pack --pack-destination "$out" | tail -n 1)"
  echo "== $name ($(basename "$tarball"))"
  pnpm exec publint run --strict "$tarball"
  # npm always ships a package's LICENSE file; each package keeps a copy of the repository's.
  tar -tzf "$tarball" | grep -x 'package/LICENSE' >/dev/null || { echo "$name: the tarball has no LICENSE" >&2; exit 1; }
  # An n8n community package has no exports or types (n8n requires the files its `n8n` block
  # names): instead of attw, n8n's own community-node lint, which needs the workspace built.
  if [ "$(node -p "require('./${dir}package.json').n8n !== undefined")" = true ]; then
    (cd "$dir" && pnpm lint)
    continue
  fi
  # node16 leaves out TypeScript's legacy `node10` resolution, which cannot see subpath exports
  # (engines say Node >= 20); the server ships ESM only (Node-only, and file-type has no CommonJS).
  profile=node16
  [ "$(node -p "require('./${dir}package.json').exports['.'].require === undefined")" = true ] && profile=esm-only
  pnpm exec attw --profile "$profile" --no-emoji --format table-flipped "$tarball"
done
