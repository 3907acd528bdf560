#!/usr/bin/env bash
# Go hygiene over every module go.work lists (so a module added there is checked without an edit
# here): go vet, gofmt, staticcheck, `go mod tidy -diff`, and a build of each module on its own
# (GOWORK=off), which is how a module is built outside this checkout. Every finding is printed;
# the exit status is 1 when there was any.
set -uo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
# staticcheck 2026.2.2: the first release that knows Go 1.26. Installed once into .tools/.
STATICCHECK_VERSION=v0.8.2
STATICCHECK=$PWD/.tools/staticcheck-$STATICCHECK_VERSION/staticcheck

mapfile -t modules < <($GO work edit -json | sed -n 's/.*"DiskPath": *"\.\/\(.*\)".*/\1/p')
if [ ${#modules[@]} -eq 0 ]; then echo "go-check: go.work lists no module" >&2; exit 1; fi

if [ ! -x "$STATICCHECK" ]; then
  echo "==> installing staticcheck $STATICCHECK_VERSION into .tools/"
  GOBIN=$(dirname "$STATICCHECK") GOWORK=off $GO install "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION" || exit 1
fi

failed=0
finding() { # title, output
  echo "--- $1"
  sed 's/^/    /' <<<"$2"
  failed=1
}
run() { # title, dir, command...: a finding when the command fails
  local title=$1 dir=$2 out
  shift 2
  out=$(cd "$dir" && "$@" 2>&1) || finding "$title" "$out"
}

echo "==> Go checks over ${modules[*]}"
out=$(gofmt -l "${modules[@]}")
[ -z "$out" ] || finding "gofmt -l (run gofmt -w on these)" "$out"
# vet and staticcheck once over the whole workspace: one load of the packages they share, where a
# run per module loaded core again for every module that imports it.
patterns=("${modules[@]/#/./}"); patterns=("${patterns[@]/%//...}")
run "go vet" . $GO vet "${patterns[@]}"
run "staticcheck" . "$STATICCHECK" "${patterns[@]}"
for m in "${modules[@]}"; do
  run "go mod tidy -diff ($m)" "$m" $GO mod tidy -diff
  # -ldflags=-w: every command of the module is still linked, without DWARF (~40% less CPU a link).
  run "GOWORK=off go build ($m builds on its own)" "$m" env GOWORK=off $GO build -ldflags=-w -o /dev/null ./...
done
if [ $failed -ne 0 ]; then
  echo "go-check: findings above" >&2
  exit 1
fi
echo "==> Go checks: clean"
