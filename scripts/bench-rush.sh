#!/usr/bin/env bash
# A sale's rush hour (tools/rush): one company of its own, RUSH_BUYERS buyers (32), RUSH_WORKERS
# workers (64) each placing an order and cancelling it for RUSH_DURATION (10s), beside pgbench
# updating one row from 16 clients in the same seconds; prints supply-moving requests/s, the
# one-row ceiling, their ratio, order p50/p99, and checks that nothing was oversold.
#
#   RUSH_BASE=<git rev>  also measure that revision's build, in alternating rounds with this one
#                        (RUSH_ROUNDS, default 2 when RUSH_BASE is set), on a database of its own
#   RUSH_DATABASE_URL / RUSH_BASE_DATABASE_URL / RUSH_CEILING_DATABASE_URL
#                        prelaunch_rush / prelaunch_rush_base / prelaunch_rush_ceiling
#   RUSH_REDIS_URL       redis://127.0.0.1:6379/11      RUSH_PORT  19280 (metrics: +1)
# Extra arguments go to tools/rush (e.g. -pprof var/bench-rush/cpu.pprof).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=var/bench-rush
mkdir -p bin "$OUT"
go build -o bin/ ./bff-user ./core/cmd/prelaunch
go build -o bin/rush ./tools/rush
args=(-db "${RUSH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/prelaunch_rush?sslmode=disable}"
  -ceiling-db "${RUSH_CEILING_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/prelaunch_rush_ceiling?sslmode=disable}"
  -redis "${RUSH_REDIS_URL:-redis://127.0.0.1:6379/11}" -port "${RUSH_PORT:-19280}" -bin bin
  -buyers "${RUSH_BUYERS:-32}" -workers "${RUSH_WORKERS:-64}" -d "${RUSH_DURATION:-10s}")
if [ -n "${RUSH_BASE:-}" ]; then
  rev=$(git rev-parse --short "$RUSH_BASE")
  src=$OUT/base-$rev
  if [ ! -x "$src/bin/bff-user" ]; then
    echo "==> building $RUSH_BASE ($rev) into $src"
    rm -rf "$src"; mkdir -p "$src"
    git archive "$rev" | tar -x -C "$src"
    (cd "$src" && GOFLAGS=-trimpath go build -o bin/ ./bff-user ./core/cmd/prelaunch)
  fi
  args+=(-base-bin "$src/bin" -rounds "${RUSH_ROUNDS:-2}"
    -base-db "${RUSH_BASE_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/prelaunch_rush_base?sslmode=disable}")
else
  args+=(-rounds "${RUSH_ROUNDS:-1}")
fi
exec bin/rush "${args[@]}" "$@"
