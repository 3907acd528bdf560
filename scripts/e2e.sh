#!/usr/bin/env bash
# Browser journeys against a stack of its own: ports 18080/18081, database prelaunch_e2e (made
# afresh), Redis database 14, its own outbox and storage, a geth --dev chain on 18545. Stops the
# stack afterwards.
# With arguments, runs that command against the stack instead of the journeys (scripts/axe-census.sh);
# E2E_BUILD_ROOT serves the binaries and web builds of another checkout (default: this one).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${E2E_BUILD_ROOT:-$ROOT}
E2E_DIR=$ROOT/var/e2e
rm -rf "$E2E_DIR"; mkdir -p "$E2E_DIR"

export APP_ENV=test
export USER_PORT=${E2E_USER_PORT:-18080} ADMIN_PORT=${E2E_ADMIN_PORT:-18081}
export USER_ADDR=127.0.0.1:$USER_PORT ADMIN_ADDR=127.0.0.1:$ADMIN_PORT
export DATABASE_URL=${E2E_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/prelaunch_e2e?sslmode=disable}
export REDIS_URL=${E2E_REDIS_URL:-redis://127.0.0.1:6379/14}
export MAIL_OUTBOX=$E2E_DIR/outbox.jsonl STORAGE_DIR=$E2E_DIR/storage
export SMS_OUTBOX=$E2E_DIR/sms.jsonl
export SEED_ADMIN_PASSWORD=${E2E_SEED_PASSWORD:-E2e-Demo-Pass1}
export JWT_SECRET=e2e-only-jwt-secret-0123456789abcdef0123456789
# More super admins for the journeys that add a company of their own (many companies, rounds sold
# by requests), so the journeys' OTP sends stay within the per-address limit (3 at once, 5 in 10
# minutes).
export SUPERADMIN_EMAILS=tenants@demo.test,requests@demo.test
export USER_DIST=$BUILD/apps/user/dist ADMIN_DIST=$BUILD/apps/admin/dist
export USER_URL=http://127.0.0.1:$USER_PORT ADMIN_URL=http://127.0.0.1:$ADMIN_PORT
export CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}

for port in "$USER_PORT" "$ADMIN_PORT"; do
  if curl -s -o /dev/null "http://127.0.0.1:$port/healthz"; then
    echo "e2e: port $port is already in use; stop whatever runs there (or set E2E_USER_PORT/E2E_ADMIN_PORT)" >&2
    exit 1
  fi
done

# The chain of the delivery journey: geth --dev (a block a second) on E2E_CHAIN_PORT (18545), its
# data under var/e2e. `prelaunch chain-dev` below deploys each seeded company's token and funds
# its treasury (keys in var/e2e/keys); the worker's delivery loop sends to it. Without
# .tools/bin/geth (make .tools/bin/geth) the journeys run without a chain and the delivery
# journey is skipped, unless E2E_REQUIRE_CHAIN=1 (make test) makes that a failure.
CHAIN_PORT=${E2E_CHAIN_PORT:-18545}
export CHAIN_RPC_URL=http://127.0.0.1:$CHAIN_PORT TREASURY_KEY_DIR=$E2E_DIR/keys CHAIN_CONFIRMATIONS=1
if curl -fsS -H 'Content-Type: application/json' -d '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' "$CHAIN_RPC_URL" >/dev/null 2>&1; then
  echo "e2e: port $CHAIN_PORT already answers as a chain; stop it (or set E2E_CHAIN_PORT)" >&2
  exit 1
fi
GETH=$ROOT/.tools/bin/geth
geth_pid=
if [ -x "$GETH" ]; then
  "$GETH" --dev --dev.period 1 --datadir "$E2E_DIR/chain" --http --http.addr 127.0.0.1 --http.port "$CHAIN_PORT" \
    --http.api eth,net,web3 --ipcdisable --nodiscover --maxpeers 0 --port 0 --authrpc.port 0 --verbosity 2 >"$E2E_DIR/geth.log" 2>&1 &
  geth_pid=$!
elif [ "${E2E_REQUIRE_CHAIN:-}" = 1 ]; then
  echo "e2e: $GETH is missing (make .tools/bin/geth)" >&2
  exit 1
fi
stop_geth() { [ -n "$geth_pid" ] && kill -TERM "$geth_pid" 2>/dev/null; }

# A fresh database each run: drop it through the server's own database, then create and seed.
DBNAME=$(sed -E 's#.*/([^/?]+)(\?.*)?$#\1#' <<<"$DATABASE_URL")
ADMIN_DSN=$(sed -E "s#/$DBNAME(\?|$)#/postgres\1#" <<<"$DATABASE_URL")
if command -v psql >/dev/null; then
  PGOPTIONS="-c client_min_messages=warning" psql -q "$ADMIN_DSN" -c "DROP DATABASE IF EXISTS \"$DBNAME\" WITH (FORCE)" >/dev/null || exit 1
fi
redis-cli -u "$REDIS_URL" FLUSHDB >/dev/null 2>&1 || true
"$BUILD/bin/prelaunch" ensure-db && "$BUILD/bin/prelaunch" seed >/dev/null || { echo "e2e: could not prepare the database" >&2; stop_geth; exit 1; }

if [ -n "$geth_pid" ]; then
  up=
  for _ in $(seq 1 100); do
    curl -fsS -H 'Content-Type: application/json' -d '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' \
      "$CHAIN_RPC_URL" >/dev/null 2>&1 && { up=1; break; }
    sleep 0.2
  done
  if [ -n "$up" ] && "$BUILD/bin/prelaunch" chain-dev >"$E2E_DIR/chain-dev.log" 2>&1; then
    export E2E_CHAIN=1
  else
    echo "e2e: the chain did not start (logs: $E2E_DIR/geth.log, $E2E_DIR/chain-dev.log)" >&2
    tail -n 5 "$E2E_DIR/geth.log" "$E2E_DIR/chain-dev.log" >&2 2>/dev/null
    stop_geth
    [ "${E2E_REQUIRE_CHAIN:-}" = 1 ] && exit 1
  fi
fi

pids=()
for svc in bff-user bff-admin worker; do
  "$BUILD/bin/$svc" >"$E2E_DIR/$svc.log" 2>&1 &
  pids+=($!)
done
cleanup() { for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; done; stop_geth; wait 2>/dev/null; }
trap cleanup EXIT

for _ in $(seq 1 100); do
  curl -fsS "$USER_URL/readyz" >/dev/null 2>&1 && curl -fsS "$ADMIN_URL/readyz" >/dev/null 2>&1 && break
  sleep 0.2
done
if ! curl -fsS "$USER_URL/readyz" >/dev/null 2>&1 || ! curl -fsS "$ADMIN_URL/readyz" >/dev/null 2>&1; then
  echo "e2e: the stack did not become ready; logs in $E2E_DIR" >&2
  tail -n 20 "$E2E_DIR"/*.log >&2
  exit 1
fi

if [ $# -gt 0 ]; then
  "$@"
  rc=$?
else
  echo "==> browser journeys (Chromium at $CHROMIUM_PATH)"
  "$ROOT/.tools/node_modules/.bin/pnpm" run --silent e2e
  rc=$?
  # After the journeys: no whole Aadhaar or bank account number in a dump of what they stored
  # (scripts/pii-dump-check.mjs, docs/compliance.md).
  if [ $rc -eq 0 ]; then
    echo "==> pg_dump check for personal numbers at rest"
    node "$ROOT/scripts/pii-dump-check.mjs" --self-test && node "$ROOT/scripts/pii-dump-check.mjs" "$DATABASE_URL"
    rc=$?
  fi
fi
if [ $rc -ne 0 ]; then echo "e2e: failed; server logs in $E2E_DIR" >&2; fi
exit $rc
