#!/usr/bin/env bash
# Browser journeys against stacks of their own, side by side. The journey files
# (e2e/journeys/*.test.mjs) are shared out among E2E_SHARDS stacks (default 2): each stack takes the
# next file nobody has taken yet, in name order, until none is left, so a slow file does not hold
# the others back. A journey spends most of its time waiting on the browser, the servers, the
# chain's one-second blocks and its own polls (alone, one stack kept 0.8 of a CPU busy), so two
# stacks take about half the time of one (docs/testing.md, "Time of make test").
# Stack k (0, 1, ...) has its own everything: ports 18080+100k/18081+100k, database prelaunch_e2e
# (k = 0) or prelaunch_e2e_k (made afresh), a Redis server of its own on 18379+k (redis-server,
# nothing kept on disk; E2E_REDIS_URL points at another instead), its own outbox and storage under
# var/e2e (k = 0) or var/e2e-k, and a geth --dev chain on 18545+k. Each stack is stopped afterwards.
# Lines are prefixed [e2e k]; the status is non-zero when any journey failed.
# With arguments, runs that command against one stack instead of the journeys
# (scripts/axe-census.sh); E2E_BUILD_ROOT serves the binaries and web builds of another checkout
# (default: this one).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${E2E_BUILD_ROOT:-$ROOT}

if [ $# -eq 0 ] && [ -z "${E2E_SHARD:-}" ]; then
  shards=${E2E_SHARDS:-2}
  if ! [[ $shards =~ ^[1-9][0-9]?$ ]]; then echo "e2e: E2E_SHARDS must be a number from 1 to 99" >&2; exit 1; fi
  if [ "$shards" -gt 1 ] && [ -z "${E2E_REDIS_URL:-}" ] && ! command -v redis-server >/dev/null; then
    echo "e2e: redis-server is missing, so the journeys run on one stack (Redis database 14 of 127.0.0.1:6379)" >&2
    shards=1
  fi
  if [ "$shards" -gt 1 ] && [ -n "${E2E_REDIS_URL:-}" ]; then
    echo "e2e: E2E_REDIS_URL names one Redis database, which two stacks cannot share; set E2E_SHARDS=1 with it" >&2
    exit 1
  fi
  claims=$(mktemp -d)
  trap 'rm -rf "$claims"' EXIT
  echo "==> browser journeys on $shards stacks side by side (Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium})"
  SECONDS=0
  pids=()
  for k in $(seq 0 $((shards - 1))); do
    ( E2E_SHARD=$k E2E_SHARDS=$shards E2E_CLAIMS=$claims "$0" 2>&1 |
        while IFS= read -r line; do printf '[e2e %d] %s\n' "$k" "$line"; done
      exit "${PIPESTATUS[0]}" ) &
    pids+=($!)
  done
  rc=0
  for k in "${!pids[@]}"; do
    wait "${pids[$k]}" || { echo "e2e: stack $k failed (its lines are marked [e2e $k]; its logs in var/e2e$([ "$k" -gt 0 ] && echo "-$k"))" >&2; rc=1; }
  done
  [ $rc -eq 0 ] && echo "==> browser journeys: all passed on $shards stacks in ${SECONDS}s"
  exit $rc
fi

K=${E2E_SHARD:-0}
if [ "$K" -eq 0 ]; then SUFFIX=; else SUFFIX=-$K; fi
E2E_DIR=$ROOT/var/e2e$SUFFIX
# A Redis server left by a killed run of this stack (it runs in E2E_DIR) is stopped before the
# directory goes; one of anything else on its port is reported below.
if [ -z "${E2E_REDIS_URL:-}" ] && command -v redis-cli >/dev/null &&
  [ "$(redis-cli -p $((18379 + K)) config get dir 2>/dev/null | sed -n 2p)" = "$E2E_DIR" ]; then
  redis-cli -p $((18379 + K)) shutdown nosave >/dev/null 2>&1
  sleep 0.5
fi
rm -rf "$E2E_DIR"; mkdir -p "$E2E_DIR"

export APP_ENV=test
export USER_PORT=${E2E_USER_PORT:-$((18080 + 100 * K))} ADMIN_PORT=${E2E_ADMIN_PORT:-$((18081 + 100 * K))}
export USER_ADDR=127.0.0.1:$USER_PORT ADMIN_ADDR=127.0.0.1:$ADMIN_PORT
export DATABASE_URL=${E2E_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/prelaunch_e2e${SUFFIX//-/_}?sslmode=disable}
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

# Redis: a server of this stack's own (the worker's queues, the rate limits and the caches of two
# stacks must not meet), nothing kept on disk; E2E_REDIS_URL uses another instead.
redis_pid=
if [ -n "${E2E_REDIS_URL:-}" ]; then
  export REDIS_URL=$E2E_REDIS_URL
elif command -v redis-server >/dev/null; then
  REDIS_PORT=$((18379 + K))
  if redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    echo "e2e: port $REDIS_PORT already answers as Redis; stop it (or set E2E_REDIS_URL)" >&2
    exit 1
  fi
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no --dir "$E2E_DIR" \
    --logfile "$E2E_DIR/redis.log" &
  redis_pid=$!
  for _ in $(seq 1 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
  export REDIS_URL=redis://127.0.0.1:$REDIS_PORT/0
else
  export REDIS_URL=redis://127.0.0.1:6379/14
fi

# The chain of the delivery journey: geth --dev (a block a second) on E2E_CHAIN_PORT (18545), its
# data under var/e2e. `prelaunch chain-dev` below deploys each seeded company's token and funds
# its treasury (keys in var/e2e/keys); the worker's delivery loop sends to it. Without
# .tools/bin/geth (make .tools/bin/geth) the journeys run without a chain and the delivery
# journey is skipped, unless E2E_REQUIRE_CHAIN=1 (make test) makes that a failure.
CHAIN_PORT=${E2E_CHAIN_PORT:-$((18545 + K))}
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
stop_geth() { # the chain and the Redis server
  [ -n "$geth_pid" ] && kill -TERM "$geth_pid" 2>/dev/null
  [ -n "$redis_pid" ] && kill -TERM "$redis_pid" 2>/dev/null
}

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
  # Each journey file in its own node --test, taken when no other stack has taken it (mkdir is
  # atomic); a failed file does not stop the others.
  rc=0
  for f in "$ROOT"/e2e/journeys/*.test.mjs; do
    name=$(basename "$f")
    if [ -n "${E2E_CLAIMS:-}" ]; then mkdir "$E2E_CLAIMS/$name" 2>/dev/null || continue; fi
    echo "--- $name"
    started=$SECONDS
    (cd "$ROOT/e2e" && node --test --test-concurrency=1 --test-reporter=./lib/reporter.mjs "journeys/$name") || { rc=1; echo "--- $name FAILED"; }
    echo "--- $name: $((SECONDS - started)) s"
  done
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
