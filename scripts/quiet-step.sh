#!/usr/bin/env bash
# Sourced by ensure-pnpm.sh and serve.sh: `quiet_step LOG "what" command...` runs a long step with
# one progress line instead of its pages of output,
# keeps the whole output in LOG, and on failure prints its last lines and where the rest is.
quiet_step() {
  local log="$1" what="$2"
  shift 2
  mkdir -p "$(dirname "$log")"
  local started=$SECONDS
  printf '%s (log: %s) ...' "$what" "${log#"$PWD"/}" >&2
  local status=0
  if [ -t 2 ]; then
    # At a terminal, a dot every 5 s shows it is still working.
    ("$@" >"$log" 2>&1) &
    local pid=$!
    while kill -0 "$pid" 2>/dev/null; do
      sleep 5
      kill -0 "$pid" 2>/dev/null && printf '.' >&2
    done
    wait "$pid" || status=$?
  else
    "$@" >"$log" 2>&1 || status=$?
  fi
  if [ "$status" -ne 0 ]; then
    printf ' failed after %s s. Its last lines (all of it is in %s):\n' "$((SECONDS - started))" "$log" >&2
    tail -n 40 "$log" >&2
    return "$status"
  fi
  printf ' done in %s s\n' "$((SECONDS - started))" >&2
}
