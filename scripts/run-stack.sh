#!/usr/bin/env bash
# Run bff-user, bff-admin and the worker in the foreground with prefixed logs. Ctrl-C stops all.
set -uo pipefail
cd "$(dirname "$0")/.."
set -a; [ -f .env ] && . ./.env; set +a
USER_PORT=${USER_PORT:-8080}; ADMIN_PORT=${ADMIN_PORT:-8081}
export USER_PORT ADMIN_PORT

pids=()
start() { # name, binary
  local name=$1 bin=$2
  ( exec "$bin" 2>&1 | sed -u "s/^/[$name] /" ) &
  pids+=($!)
}
stop() {
  trap - INT TERM EXIT
  echo; echo "==> stopping"
  pkill -TERM -f "bin/(bff-user|bff-admin|worker)$" 2>/dev/null || true
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  wait 2>/dev/null
  exit 0
}
trap stop INT TERM EXIT

start user "$PWD/bin/bff-user"
start admin "$PWD/bin/bff-admin"
start worker "$PWD/bin/worker"

for _ in $(seq 1 50); do
  curl -fsS "http://127.0.0.1:$USER_PORT/healthz" >/dev/null 2>&1 && curl -fsS "http://127.0.0.1:$ADMIN_PORT/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done
cat <<MSG

  Prelaunch is running.  Ctrl-C stops everything.

  Buyer site:   http://localhost:$USER_PORT/
  Admin site:   http://localhost:$ADMIN_PORT/admin/login
  Super admin:  http://localhost:$ADMIN_PORT/superadmin/login

  Demo sign-ins (password from SEED_ADMIN_PASSWORD in .env):
    admin        admin@demo.test   / ${SEED_ADMIN_PASSWORD:-see the seed output above}
    buyer        buyer@demo.test   / ${SEED_ADMIN_PASSWORD:-see the seed output above}
    super admin  superadmin@demo.test  (emailed code: see ${MAIL_OUTBOX:-var/mail/outbox.jsonl})

MSG
wait -n "${pids[@]}"
echo "==> a process exited; stopping the rest"
stop
