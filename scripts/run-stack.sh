#!/usr/bin/env bash
# Run bff-user, bff-admin and the worker in the foreground. Ctrl-C stops the three it started,
# and nothing else.
#
# Each process writes straight to this terminal, with no pipe in between: every log line already
# names its process (service=bff-user, service=bff-admin, service=worker), and a per-line filter
# such as `sed` costs most of a core under load, a tenth of the binaries' speed
# (scripts/bench-run-stack.sh measures it).
set -uo pipefail
cd "$(dirname "$0")/.."

# The settings, with the configuration's own rule (core/infra/config): a variable already in the
# environment wins over .env. The seed ran with that rule, so the banner shows the password that
# works. The exported environment is saved, .env is read, then the saved values are put back.
saved_env=$(export -p)
set -a; [ -f .env ] && . ./.env; set +a
eval "$saved_env" 2>/dev/null; unset saved_env  # (read-only variables cannot be put back, nor changed)
USER_PORT=${USER_PORT:-8080}; ADMIN_PORT=${ADMIN_PORT:-8081}
export USER_PORT ADMIN_PORT

pids=() names=() geth_pid=
start() { # binary: runs it in the background and remembers its process id
  "$PWD/bin/$1" &
  pids+=($!) names+=("$1")
}

# Stop by process id only: a match by name would also stop the servers of any other checkout
# on the machine. Each process drains what it is serving; one that is still running after the
# grace period is killed.
stopping=
stop() {
  [ -n "$stopping" ] && return
  stopping=1
  trap - INT TERM EXIT
  echo; echo "==> stopping"
  local p alive
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; done
  [ -n "$geth_pid" ] && kill -TERM "$geth_pid" 2>/dev/null
  for _ in $(seq 1 100); do
    alive=
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ -z "$alive" ] && break
    sleep 0.2
  done
  for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null && echo "==> process $p did not stop in 20 s; killed"; done
  wait 2>/dev/null
  exit "${1:-0}"
}
trap stop INT TERM EXIT

# The development chain: geth --dev (a block a second) on 127.0.0.1:$CHAIN_PORT (8545), its data and log under
# var/. Optional: when it is missing or does not start, everything else runs as usual.
CHAIN_PORT=${CHAIN_PORT:-8545}
CHAIN_RPC_URL=${CHAIN_RPC_URL:-http://127.0.0.1:$CHAIN_PORT}
export CHAIN_RPC_URL
chain_note="not running (see below)"
if [ -x .tools/bin/geth ]; then
  mkdir -p var/chain
  .tools/bin/geth --dev --dev.period 1 --datadir var/chain/geth --http --http.addr 127.0.0.1 --http.port "$CHAIN_PORT" \
    --http.api eth,net,web3 --ipcdisable --nodiscover --maxpeers 0 --port 0 --authrpc.port 0 --verbosity 2 >var/chain/geth.log 2>&1 &
  geth_pid=$!
  for _ in $(seq 1 50); do
    curl -fsS -H 'Content-Type: application/json' -d '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' \
      "$CHAIN_RPC_URL" >/dev/null 2>&1 && { chain_note=up; break; }
    sleep 0.2
  done
  if [ "$chain_note" = up ]; then
    chain_out=$("$PWD/bin/prelaunch" chain-dev 2>&1) && chain_note="$chain_out" ||
      chain_note="geth is up but chain-dev failed: $chain_out"
  else
    chain_note="geth did not answer on $CHAIN_RPC_URL (log: var/chain/geth.log); running without the chain"
    echo "==> $chain_note" >&2
  fi
else
  chain_note="no .tools/bin/geth (make .tools/bin/geth); running without the chain"
  echo "==> $chain_note" >&2
fi

start bff-user
start bff-admin
start worker

ready=
for _ in $(seq 1 100); do
  for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null || break 2; done
  curl -fsS "http://127.0.0.1:$USER_PORT/healthz" >/dev/null 2>&1 &&
    curl -fsS "http://127.0.0.1:$ADMIN_PORT/healthz" >/dev/null 2>&1 && { ready=1; break; }
  sleep 0.2
done
if [ -z "$ready" ]; then
  echo "==> the servers did not answer on :$USER_PORT and :$ADMIN_PORT; see the log above" >&2
  stop 1
fi

if [ -n "${SEED_ADMIN_PASSWORD:-}" ]; then
  pw_from="SEED_ADMIN_PASSWORD"
  pw=$SEED_ADMIN_PASSWORD
else
  pw_from="no SEED_ADMIN_PASSWORD set: the seed chose one the first time it ran"
  pw="(printed by the seed when it created the account)"
fi
cat <<MSG

  Prelaunch is running.  Ctrl-C stops everything.

  Buyer site:   http://localhost:$USER_PORT/
  Admin site:   http://localhost:$ADMIN_PORT/admin/login
  Super admin:  http://localhost:$ADMIN_PORT/superadmin/login

  Demo sign-ins (password: $pw_from):
    admin        admin@demo.test   / $pw
    buyer        buyer@demo.test   / $pw
    super admin  superadmin@demo.test  (emailed code: see ${MAIL_OUTBOX:-var/mail/outbox.jsonl})

  Development chain (geth --dev, RPC $CHAIN_RPC_URL, log var/chain/geth.log):
$(printf '%s\n' "$chain_note" | sed 's/^/    /')

MSG
# Ctrl-C reaches the three processes too (they share the terminal's process group), so the
# first to finish its shutdown usually ends this wait; stop then waits for the others.
wait -n "${pids[@]}"
rc=$?
for i in "${!pids[@]}"; do
  kill -0 "${pids[$i]}" 2>/dev/null || { echo "==> ${names[$i]} exited (status $rc); stopping the rest"; break; }
done
stop "$rc"
