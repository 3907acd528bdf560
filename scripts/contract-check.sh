#!/usr/bin/env bash
# The TypeScript wire types of packages/api are generated from the OpenAPI contract:
# docs/openapi/user.yaml -> packages/api/src/generated/user.ts, admin.yaml -> admin.ts.
#
#   scripts/contract-check.sh          lint the documents (@redocly/cli, rules in redocly.yaml: any
#                                      error fails), regenerate into a temporary directory and fail
#                                      when the committed files differ (make contract-check)
#   scripts/contract-check.sh --write  regenerate the committed files (make contract)
set -euo pipefail
cd "$(dirname "$0")/.."

APIS=(user admin)
GEN=packages/api/node_modules/.bin/openapi-typescript
LINT=node_modules/.bin/redocly
OUT=packages/api/src/generated

if [ ! -x "$GEN" ]; then
	echo "contract: $GEN is missing; run 'make setup' first." >&2
	exit 2
fi

if [ ! -x "$LINT" ]; then
	echo "contract: $LINT is missing; run 'make setup' first." >&2
	exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ "${1:-}" != "--write" ]; then
	docs=()
	for api in "${APIS[@]}"; do docs+=("docs/openapi/$api.yaml"); done
	# No telemetry and no update check: the lint reads the documents and nothing else.
	if ! REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
		"$LINT" lint --format=stylish "${docs[@]}" >"$tmp/lint.log" 2>&1; then
		grep -vE '^\s*$' "$tmp/lint.log" >&2
		echo "contract-check: FAILED. The documents in docs/openapi must lint without errors (redocly.yaml)." >&2
		exit 1
	fi
	echo "contract-check: docs/openapi lints clean (redocly)"
fi

for api in "${APIS[@]}"; do
	if ! "$GEN" "docs/openapi/$api.yaml" -o "$tmp/$api.ts" >"$tmp/$api.log" 2>&1; then
		echo "contract: openapi-typescript could not read docs/openapi/$api.yaml:" >&2
		cat "$tmp/$api.log" >&2
		exit 1
	fi
done

if [ "${1:-}" = "--write" ]; then
	mkdir -p "$OUT"
	for api in "${APIS[@]}"; do
		cp "$tmp/$api.ts" "$OUT/$api.ts"
		echo "contract: wrote $OUT/$api.ts from docs/openapi/$api.yaml"
	done
	exit 0
fi

stale=0
for api in "${APIS[@]}"; do
	if ! diff -u --label "$OUT/$api.ts (committed)" --label "$OUT/$api.ts (from docs/openapi/$api.yaml)" \
		"$OUT/$api.ts" "$tmp/$api.ts" >"$tmp/$api.diff" 2>&1; then
		echo "contract-check: $OUT/$api.ts is not what docs/openapi/$api.yaml generates:" >&2
		head -60 "$tmp/$api.diff" >&2
		stale=1
	fi
done
if [ "$stale" = 1 ]; then
	echo "contract-check: FAILED. Run 'make contract' and commit packages/api/src/generated/ with the documents." >&2
	exit 1
fi
echo "contract-check: packages/api/src/generated matches docs/openapi"
