#!/usr/bin/env bash
# The whole test suite, as README.md gives it: installs what is missing, builds every package
# (ESM + CJS + .d.ts), then lint + typecheck + tests, then checks the built packages' exports.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/ensure-pnpm.sh"
cd "$root"
pnpm build
pnpm check
pnpm check:packages
