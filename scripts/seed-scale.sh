#!/usr/bin/env bash
# Load 3 companies, 1,000,000 users and 5,000,000 purchases into prelaunch_scale (skips when
# already loaded; pass -reload to load again). Never touches the development database.
set -euo pipefail
cd "$(dirname "$0")/.."
export APP_ENV=development
export DATABASE_URL=${SCALE_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/prelaunch_scale?sslmode=disable}
export REDIS_URL=${SCALE_REDIS_URL:-redis://127.0.0.1:6379/13}
exec go run ./tools/seedscale "$@"
