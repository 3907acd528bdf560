#!/usr/bin/env bash
# make test's last part, two lanes side by side: the Go checks and tests (make go-check go-test) and
# the web checks, the contract check, the web unit tests, the many-copies test and the browser
# journeys (make web-check contract-check web-test copies e2e); each lane stops at its first failure.
# The Go checks (vet and staticcheck: minutes of CPU when many packages changed) ran before both
# lanes until they pushed a fresh clone's make test to 14 minutes. The two lanes share no
# data (the Go tests use prelaunch_test_* databases and Redis databases 0-13 and 15; copies and the
# journeys their own databases and Redis database 14, one at a time), and each lane spends much of
# its time waiting on servers, so side by side they take less than one after the other.
# Lines are prefixed [go] or [web] and the seconds since make test's last part began, so the slow
# steps show; the status is non-zero when either failed.
set -uo pipefail
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
SECONDS=0
prefix() { local line; while IFS= read -r line; do printf '%s %4ds %s\n' "$1" "$SECONDS" "$line"; done; }
( $MAKE --no-print-directory go-check go-test 2>&1 | prefix '[go] '; exit "${PIPESTATUS[0]}" ) &
gopid=$!
( $MAKE --no-print-directory web-check contract-check web-test copies e2e 2>&1 | prefix '[web]'; exit "${PIPESTATUS[0]}" )
web=$?
wait "$gopid"
go=$?
[ $go -eq 0 ] || echo "make test: the Go checks or tests failed (lines marked [go])" >&2
[ $web -eq 0 ] || echo "make test: the web checks, the contract check, the web tests, the many-copies test or the browser journeys failed (lines marked [web])" >&2
[ $go -eq 0 ] && [ $web -eq 0 ]
