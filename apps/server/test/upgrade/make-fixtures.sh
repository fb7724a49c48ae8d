#!/usr/bin/env bash
# Makes the upgrade test's fixtures (apps/server/test/upgrade/fixtures) with the previous release:
#
#   bash apps/server/test/upgrade/make-fixtures.sh [commit]     # default: PREVIOUS_RELEASE of upgrade-kit.ts
#
# Checks the release out into a temporary git worktree, installs it, and runs fill.ts (from this
# tree) against ITS `formloom serve` and CLI: once on a fresh SQLite data folder, once on a fresh
# database of a throwaway PostgreSQL (scripts/with-postgres.sh). Keeps the SQLite file (gzipped),
# a plain pg_dump, the uploads, expected.fixture.json and secrets.fixture.json (biome leaves
# *.fixture.json alone). Takes a few minutes; commit the result together with the new
# PREVIOUS_RELEASE in upgrade-kit.ts.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
release=${1:-$(sed -n "s/^export const PREVIOUS_RELEASE = '\([0-9a-f]*\)';/\1/p" "$here/upgrade-kit.ts")}
release=$(git -C "$root" rev-parse --verify "$release^{commit}")
fixtures="$here/fixtures"

work=$(mktemp -d "${TMPDIR:-/tmp}/formloom-upgrade.XXXXXX")
cleanup() {
  git -C "$root" worktree remove --force "$work/release" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "make-fixtures: release $release in $work/release" >&2
git -C "$root" worktree add --quiet --detach "$work/release" "$release" >/dev/null
(cd "$work/release" && npm_config_nodedir=/usr pnpm install --frozen-lockfile >"$work/install.log" 2>&1) ||
  { cat "$work/install.log" >&2; exit 1; }
# bin/formloom-dev.js runs the release from its TypeScript sources (bin/formloom.js needs a build).
bin="$work/release/apps/server/bin/formloom-dev.js"
fill=(node --conditions=source --import tsx "$here/fill.ts")

rm -rf "$fixtures"
mkdir -p "$fixtures/sqlite" "$fixtures/postgres" "$work/sqlite" "$work/postgres"

echo "make-fixtures: SQLite" >&2
(cd "$root/apps/server" && "${fill[@]}" "$bin" "$work/sqlite" "$fixtures/sqlite")
gzip -9n <"$work/sqlite/formloom.db" >"$fixtures/sqlite/formloom.db.gz"
cp -r "$work/sqlite/uploads" "$fixtures/sqlite/uploads"

echo "make-fixtures: PostgreSQL" >&2
export bin work fixtures
(cd "$root/apps/server" && bash "$root/scripts/with-postgres.sh" bash -euo pipefail -c '
  psql -q -v ON_ERROR_STOP=1 "$FORMLOOM_TEST_POSTGRES_URL" -c "create database formloom_upgrade"
  url="${FORMLOOM_TEST_POSTGRES_URL%/*}/formloom_upgrade"
  node --conditions=source --import tsx test/upgrade/fill.ts "$bin" "$work/postgres" "$fixtures/postgres" "$url"
  # Without the random \restrict guard lines of pg_dump 15.14+: the dump then loads with any psql 15
  # and does not change when nothing else does.
  pg_dump --no-owner --no-privileges "$url" | grep -Ev "^[\\](un)?restrict " >"$fixtures/postgres/dump.sql"
')
cp -r "$work/postgres/uploads" "$fixtures/postgres/uploads"
du -sh "$fixtures" >&2
