#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL server:
#
#   bash scripts/with-postgres.sh pnpm exec vitest run packages/server
#
# Starts PostgreSQL (initdb + pg_ctl, as docs/self-hosting.md and the stack notes describe) in a
# temporary folder on a free port of 127.0.0.1, exports FORMLOOM_TEST_POSTGRES_URL (the server's
# suite then runs on SQLite and on PostgreSQL), runs the command, and stops the server and removes
# the folder when the command ends, whether it passed, failed or was interrupted. The exit status
# is the command's. If PostgreSQL cannot be started the script fails: it never runs the command
# without it, so a run that was meant to cover PostgreSQL cannot quietly skip it.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

fail() {
  echo "with-postgres: $*" >&2
  exit 1
}

# initdb and pg_ctl: on PATH (/usr/local/bin on the CI machines), else Debian's versioned folder.
find_pg_tool() {
  local found
  found=$(command -v "$1" 2>/dev/null || true)
  if [ -z "$found" ]; then
    found=$(ls -d /usr/lib/postgresql/*/bin/"$1" 2>/dev/null | sort -V | tail -n 1 || true)
  fi
  [ -n "$found" ] && [ -x "$found" ] || fail "$1 not found: install the PostgreSQL 15 server binaries"
  echo "$found"
}
INITDB=$(find_pg_tool initdb)
PG_CTL=$(find_pg_tool pg_ctl)

# initdb refuses to run as root: as root, run the server as the unprivileged `postgres` user
# (made here when the machine has none); as anyone else, run it as ourselves.
as_pg=()
if [ "$(id -u)" -eq 0 ]; then
  if ! id -u postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres ||
      fail "could not create the postgres user to run PostgreSQL as"
  fi
  as_pg=(runuser -u postgres --)
fi

PGTMP=$(mktemp -d "${TMPDIR:-/tmp}/formloom-pg.XXXXXX")
started=0
cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ "$started" = 1 ]; then
    "${as_pg[@]}" "$PG_CTL" -D "$PGTMP/data" -m immediate -w -t 30 stop >/dev/null 2>&1 ||
      echo "with-postgres: pg_ctl stop failed (see $PGTMP/server.log)" >&2
  fi
  rm -rf "$PGTMP"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ "${#as_pg[@]}" -gt 0 ]; then chown postgres:postgres "$PGTMP"; fi

if ! "${as_pg[@]}" "$INITDB" -D "$PGTMP/data" -U postgres --auth=trust -E UTF8 --no-locale --no-sync \
  >"$PGTMP/initdb.log" 2>&1; then
  cat "$PGTMP/initdb.log" >&2
  fail "initdb failed"
fi

free_port() {
  node -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# A port picked as free can be taken before the server binds it: try a few.
port=''
for _ in 1 2 3 4 5; do
  candidate=$(free_port)
  if "${as_pg[@]}" "$PG_CTL" -D "$PGTMP/data" -l "$PGTMP/server.log" -w -t 30 \
    -o "-p $candidate -c listen_addresses=127.0.0.1 -k $PGTMP -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
    start >/dev/null 2>&1; then
    port=$candidate
    started=1
    break
  fi
  grep -q 'could not bind\|could not create listen socket' "$PGTMP/server.log" 2>/dev/null || break
done
if [ -z "$port" ]; then
  cat "$PGTMP/server.log" >&2 2>/dev/null || true
  fail "PostgreSQL did not start"
fi

export FORMLOOM_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("${as_pg[@]}" "$PG_CTL" --version | awk '{print $3}') at $FORMLOOM_TEST_POSTGRES_URL" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
