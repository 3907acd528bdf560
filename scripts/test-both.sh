#!/usr/bin/env bash
# make test's last part, three lanes side by side, each stopping at its first failure:
#   [go]  the Go checks, the Go tests and the many-copies test (make go-check go-test copies);
#   [web] the web checks, the contract check and the web unit tests (make web-check contract-check
#         web-test);
#   [e2e] the browser journeys (make e2e), themselves on two stacks side by side.
# The lanes share no data: the Go tests use prelaunch_test_* databases and Redis databases 0-13 and
# 15 of the main Redis; copies its own database and Redis database 14; the journeys their own
# databases and Redis servers of their own (scripts/e2e.sh). Much of each lane is spent waiting on
# servers, browsers and timers, so side by side they take little more than the longest one (the Go
# lane, ~600 s of a ~630 s run on 2 cores; docs/testing.md, "Time of make test").
# Lines are prefixed [go], [web] or [e2e] and the seconds since make test's last part began, so
# the slow steps show; the status is non-zero when any lane failed.
# Each lane's lines are also kept in var/test-logs/<lane>.log, and a failed lane's failures are
# printed again at the very end (failure digest): a CI log that keeps only its last lines still
# names the test that failed.
set -uo pipefail
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
SECONDS=0
LOGS=var/test-logs
mkdir -p "$LOGS"
prefix() { local line; while IFS= read -r line; do printf '%s %4ds %s\n' "$1" "$SECONDS" "$line"; done; }
( $MAKE --no-print-directory go-check go-test copies 2>&1 | prefix '[go] ' | tee "$LOGS/go.log"; exit "${PIPESTATUS[0]}" ) &
gopid=$!
( $MAKE --no-print-directory e2e 2>&1 | prefix '[e2e]' | tee "$LOGS/e2e.log"; exit "${PIPESTATUS[0]}" ) &
e2epid=$!
( $MAKE --no-print-directory web-check contract-check web-test 2>&1 | prefix '[web]' | tee "$LOGS/web.log"; exit "${PIPESTATUS[0]}" )
web=$?
wait "$gopid"
go=$?
wait "$e2epid"
e2e=$?
# digest LANE PATTERN: the lines of a failed lane that match PATTERN, each with the 12 lines after
# it, at most 80 lines in all.
digest() {
  echo "==> failure digest of the $1 lane (whole log: $LOGS/$1.log)" >&2
  grep -E -A 12 -e "$2" "$LOGS/$1.log" | head -n 80 >&2
}
[ $go -eq 0 ] || digest go '--- FAIL|^\[go\] +[0-9]+s (FAIL|panic:|WARNING: DATA RACE)|\*\*\* |Error [0-9]'
[ $web -eq 0 ] || digest web 'FAIL|×|error TS[0-9]+|  error  |ERR_PNPM'
[ $e2e -eq 0 ] || digest e2e 'FAILED|e2e: '
[ $go -eq 0 ] || echo "make test: the Go checks, the Go tests or the many-copies test failed (lines marked [go])" >&2
[ $web -eq 0 ] || echo "make test: the web checks, the contract check or the web tests failed (lines marked [web])" >&2
[ $e2e -eq 0 ] || echo "make test: the browser journeys failed (lines marked [e2e])" >&2
[ $go -eq 0 ] && [ $web -eq 0 ] && [ $e2e -eq 0 ]
