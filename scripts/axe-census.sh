#!/usr/bin/env bash
# The axe-core census (e2e/tools/axe-census.mjs): every screen and main dialog of both apps at 360,
# 768 and 1440 px, on a stack of its own started by scripts/e2e.sh (its ports, database and Redis
# come from the same E2E_* settings). The table goes to stdout, progress to stderr.
#
# To measure another build (docs/accessibility.md's "before"), point E2E_BUILD_ROOT at a checkout
# where `make setup build` ran: its bin/ and apps/*/dist are served, this checkout's census runs.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
if [ -n "${E2E_BUILD_ROOT:-}" ]; then
  for f in bin/prelaunch bin/bff-user bin/bff-admin bin/worker apps/user/dist/index.html apps/admin/dist/index.html; do
    [ -e "$E2E_BUILD_ROOT/$f" ] || { echo "axe-census: $E2E_BUILD_ROOT/$f is missing; run make setup build there" >&2; exit 1; }
  done
fi
exec scripts/e2e.sh node "$ROOT/e2e/tools/axe-census.mjs"
