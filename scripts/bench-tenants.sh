#!/usr/bin/env bash
# price/get for one company against 1,000 companies, each request on its own company's host
#, in alternating rounds on one bff-user (ports 19080/19081). Uses its own small
# database (prelaunch_bench_tenants: migrated and seeded with the demo data) and Redis DB 12;
# the 999 extra companies are removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
DSN=${TENANTS_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/prelaunch_bench_tenants?sslmode=disable}
RURL=${TENANTS_REDIS_URL:-redis://127.0.0.1:6379/12}
mkdir -p bin
go build -o bin/ ./bff-user ./bff-admin ./worker ./core/cmd/prelaunch
go build -o bin/bench ./tools/bench
export DATABASE_URL="$DSN" REDIS_URL="$RURL" APP_ENV=development JWT_SECRET=bench-migrate-only-bench-migrate-only-0
bin/prelaunch ensure-db
bin/prelaunch migrate
SEED_ADMIN_PASSWORD=Bench-Password-2026 bin/prelaunch seed >/dev/null
exec bin/bench -db "$DSN" -redis "$RURL" -bin bin -d "${BENCH_DURATION:-5s}" -c "${BENCH_CONNS:-64}" \
  -pairs "${BENCH_PAIRS:-5}" -only compan "$@"
