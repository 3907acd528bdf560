#!/usr/bin/env bash
# Benchmark bff-user/bff-admin (ports 19080/19081, Redis DB 13) on prelaunch_scale against a bare
# Fiber route; prints a table and writes docs/performance.md. Run `make seed-scale` first.
set -euo pipefail
cd "$(dirname "$0")/.."
DSN=${SCALE_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/prelaunch_scale?sslmode=disable}
mkdir -p bin
go build -o bin/ ./bff-user ./bff-admin ./worker
go build -o bin/bench ./tools/bench
go build -o bin/prelaunch ./core/cmd/prelaunch
# Migrate first: a migration over the 5M purchases (a backfill) can take longer than the BFFs'
# start-up wait.
DATABASE_URL="$DSN" REDIS_URL="${SCALE_REDIS_URL:-redis://127.0.0.1:6379/13}" APP_ENV=development \
  JWT_SECRET=bench-migrate-only-bench-migrate-only-0 bin/prelaunch migrate
note=$(psql -XAtc "SELECT 'loaded in ' || round(seconds) || ' s' FROM scale_meta ORDER BY loaded_at DESC LIMIT 1" "${DSN%%\?*}" 2>/dev/null || true)
exec bin/bench -db "$DSN" -redis "${SCALE_REDIS_URL:-redis://127.0.0.1:6379/13}" -bin bin \
  -d "${BENCH_DURATION:-5s}" -c "${BENCH_CONNS:-64}" -seed-note "$note" -out docs/performance.md "$@"
