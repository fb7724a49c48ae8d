#!/usr/bin/env bash
# The whole test suite, as README.md gives it: installs what is missing, builds every package
# (.d.ts + ESM, and CJS for the contract and SDK), then lint + typecheck + tests, then checks the built packages' exports.
# The checks run beside a throwaway PostgreSQL (scripts/with-postgres.sh), so every server test
# runs on SQLite and on PostgreSQL; if PostgreSQL cannot start, the run fails.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/ensure-node.sh"
source "$root/scripts/ensure-pnpm.sh"
cd "$root"
pnpm build
bash scripts/with-postgres.sh pnpm check
pnpm check:packages
