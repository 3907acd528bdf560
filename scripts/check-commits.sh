#!/usr/bin/env bash
# Commit subjects are at most 72 characters (CONTRIBUTING.md, "Commits"). Checked for the commits
# after ADOPTED, the last commit made before the rule; a clone without that commit (a shallow one)
# has nothing to check.
set -euo pipefail
cd "$(dirname "$0")/.."
ADOPTED=54bc14a862f0c6ba94d9b3844fff5806238e56d3
if ! git rev-parse -q --verify "$ADOPTED^{commit}" >/dev/null 2>&1; then
  echo "commit-check: $ADOPTED is not in this clone; nothing to check"
  exit 0
fi
long=$(git log --format='%h %s' "$ADOPTED..HEAD" | awk '{ s = substr($0, index($0, " ") + 1); if (length(s) > 72) print }')
if [ -n "$long" ]; then
  echo "commit-check: these subjects run past 72 characters (put the why in the body):" >&2
  echo "$long" >&2
  exit 1
fi
echo "commit-check: every subject since $ADOPTED is at most 72 characters"
