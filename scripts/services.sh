#!/usr/bin/env bash
# Make sure Postgres and Redis answer. If they do not and a Docker engine runs, start the
# docker-compose services; otherwise say exactly what to start.
set -euo pipefail
cd "$(dirname "$0")/.."
if bin/prelaunch wait 2>/tmp/prelaunch-wait.$$; then rm -f /tmp/prelaunch-wait.$$; exit 0; fi
if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
  echo "==> Postgres or Redis not answering; starting them with docker compose"
  docker compose up -d
  for _ in $(seq 1 30); do bin/prelaunch wait 2>/dev/null && exit 0; sleep 2; done
fi
cat /tmp/prelaunch-wait.$$ >&2; rm -f /tmp/prelaunch-wait.$$
cat >&2 <<'MSG'

Prelaunch needs PostgreSQL (16 recommended; 15 works) and Redis 7.
Start them, or point DATABASE_URL / REDIS_URL (in .env) at running ones:
  - with Docker:   docker compose up -d
  - on Debian:     pg_ctlcluster <version> main start   and   redis-server --daemonize yes
MSG
exit 1
