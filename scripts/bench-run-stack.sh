#!/usr/bin/env bash
# How fast does the stack serve when started the way `make run` starts it, next to bff-user
# started by hand? Both are measured in one run, in alternating rounds (the order flips each
# round, so a machine that gets busier or quieter during the run weighs on both alike), with wrk
# against GET /api/v1/user/package/price/get signed in as the demo buyer.
#
# It uses its own ports, database and Redis database, never the development ones:
#   BENCH_USER_PORT / BENCH_ADMIN_PORT   58080 / 58081
#   BENCH_DATABASE_URL                   postgres://postgres@127.0.0.1:5432/prelaunch_bench?sslmode=disable
#   BENCH_REDIS_URL                      redis://127.0.0.1:6379/12
#   BENCH_ROUNDS (3), BENCH_DURATION (10s), BENCH_CONNS (64), BENCH_THREADS (2)
#   BENCH_RUN_STACK                      the script `make run` runs (scripts/run-stack.sh); point it
#                                        at another version to compare
# Needs the Go binaries (make build-go) and wrk (installed with apt when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

USER_PORT=${BENCH_USER_PORT:-58080}
ADMIN_PORT=${BENCH_ADMIN_PORT:-58081}
ROUNDS=${BENCH_ROUNDS:-3}
DURATION=${BENCH_DURATION:-10s}
CONNS=${BENCH_CONNS:-64}
THREADS=${BENCH_THREADS:-2}
RUN_STACK=${BENCH_RUN_STACK:-scripts/run-stack.sh}
OUT=$ROOT/var/bench-run-stack
URL=http://127.0.0.1:$USER_PORT/api/v1/user/package/price/get

if ! command -v wrk >/dev/null; then
  echo "==> installing wrk"
  if [ "$(id -u)" = 0 ]; then apt-get install -y -qq wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
  else sudo apt-get install -y -qq wrk >/dev/null || { sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null; }
  fi
fi
for b in bff-user bff-admin worker prelaunch; do
  [ -x "bin/$b" ] || { echo "bench-run-stack: bin/$b is missing; run \`make build\` first" >&2; exit 1; }
done
for port in "$USER_PORT" "$ADMIN_PORT"; do
  if curl -s -o /dev/null "http://127.0.0.1:$port/healthz"; then
    echo "bench-run-stack: port $port is already in use (set BENCH_USER_PORT/BENCH_ADMIN_PORT)" >&2
    exit 1
  fi
done

# The same settings for both ways. These are exported, so they win over .env in both, as they
# would for anyone who exports them before `make run`.
export APP_ENV=development USER_PORT ADMIN_PORT
export DATABASE_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/prelaunch_bench?sslmode=disable}
export REDIS_URL=${BENCH_REDIS_URL:-redis://127.0.0.1:6379/12}
export SEED_ADMIN_PASSWORD=${BENCH_PASSWORD:-Bench-Demo-Pass1}
export MAIL_OUTBOX=$OUT/outbox.jsonl STORAGE_DIR=$OUT/storage
rm -rf "$OUT"; mkdir -p "$OUT"
bin/prelaunch ensure-db
bin/prelaunch seed >/dev/null

pid=
cleanup() {
  if [ -n "$pid" ]; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  pid=
}
trap cleanup EXIT
trap 'exit 130' INT TERM

ready() {
  for _ in $(seq 1 150); do
    kill -0 "$pid" 2>/dev/null || { echo "bench-run-stack: the server exited; log in $1" >&2; tail -n 20 "$1" >&2; exit 1; }
    curl -fsS "http://127.0.0.1:$USER_PORT/readyz" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "bench-run-stack: not ready after 30 s; log in $1" >&2; exit 1
}

token=
sign_in() {
  local company
  company=$(curl -fsS "http://127.0.0.1:$USER_PORT/api/v1/user/site/get" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data.companyId))')
  token=$(curl -fsS -H 'Content-Type: application/json' \
    -d "{\"companyId\":\"$company\",\"user\":\"buyer@demo.test\",\"password\":\"$SEED_ADMIN_PASSWORD\"}" \
    "http://127.0.0.1:$USER_PORT/api/v1/user/auth/login" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data.token))')
  [ -n "$token" ] && [ "$token" != undefined ] || { echo "bench-run-stack: the demo buyer could not sign in" >&2; exit 1; }
  curl -fsS -o /dev/null -H "Authorization: Bearer $token" "$URL" || { echo "bench-run-stack: price/get refused the token" >&2; exit 1; }
}

rps=
measure() { # way: sets rps to its requests per second
  local way=$1 log=$OUT/$1.log res
  case $way in
    make-run) "$RUN_STACK" >"$log" 2>&1 & ;;
    by-hand)  bin/bff-user >"$log" 2>&1 & ;;
  esac
  pid=$!
  ready "$log"
  [ -n "$token" ] || sign_in
  res=$(wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" -H "Authorization: Bearer $token" "$URL")
  cleanup
  for _ in $(seq 1 100); do  # the next run needs the port
    curl -s -o /dev/null "http://127.0.0.1:$USER_PORT/healthz" || break
    sleep 0.2
  done
  rm -f "$log"  # a 10 s run at full speed writes tens of MB of access log
  if grep -q 'Non-2xx' <<<"$res"; then
    echo "bench-run-stack: $way: some answers were not 2xx:" >&2; echo "$res" >&2; exit 1
  fi
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$res")
}

echo "==> GET price/get, wrk -t$THREADS -c$CONNS -d$DURATION, $ROUNDS rounds; make-run = $RUN_STACK"
printf '%-6s %14s %14s %8s\n' round make-run by-hand ratio
mk_all=() hand_all=()
for r in $(seq 1 "$ROUNDS"); do
  if (( r % 2 )); then measure make-run; mk=$rps; measure by-hand; hand=$rps
  else measure by-hand; hand=$rps; measure make-run; mk=$rps; fi
  mk_all+=("$mk"); hand_all+=("$hand")
  printf '%-6s %14.0f %14.0f %8.2f\n' "$r" "$mk" "$hand" "$(awk -v a="$mk" -v b="$hand" 'BEGIN{print a/b}')"
done
awk -v m="${mk_all[*]}" -v h="${hand_all[*]}" 'BEGIN {
  n = split(m, a, " "); split(h, b, " ")
  for (i = 1; i <= n; i++) { sm += a[i]; sh += b[i] }
  printf "%-6s %14.0f %14.0f %8.2f   (ratio = make-run / by-hand)\n", "mean", sm/n, sh/n, sm/sh
}'
