#!/usr/bin/env bash
# Lighthouse (npm `lighthouse`, installed into .tools/lighthouse on first use) with Debian
# chromium on both login pages, served by the built binaries as `make run` serves them (bff-user
# :19180, bff-admin :19181, the development database and .env). Writes docs/lighthouse.md, which
# `make bench` includes in docs/performance.md. Needs `make build` (apps/*/dist, bin/).
set -euo pipefail
cd "$(dirname "$0")/.."
LH_VERSION=${LH_VERSION:-12.8.2}  # 13.x needs Node 22.19+
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
LH=.tools/lighthouse/node_modules/.bin/lighthouse
if [ ! -x "$LH" ]; then
  echo "==> installing lighthouse $LH_VERSION into .tools/lighthouse"
  npm install --silent --no-audit --no-fund --prefix .tools/lighthouse "lighthouse@$LH_VERSION" >/dev/null
fi
set -a; [ -f .env ] && . ./.env; set +a
export APP_ENV=${APP_ENV:-development}
export JWT_SECRET=${JWT_SECRET:-lighthouse-run-only-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')}
export USER_ADDR=127.0.0.1:19180 ADMIN_ADDR=127.0.0.1:19181
out=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$out"; }
trap cleanup EXIT
bin/bff-user >"$out/user.log" 2>&1 & pids+=($!)
bin/bff-admin >"$out/admin.log" 2>&1 & pids+=($!)
for _ in $(seq 1 50); do
  curl -fsS "http://$USER_ADDR/healthz" >/dev/null 2>&1 && curl -fsS "http://$ADMIN_ADDR/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done
flags="--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run"
row() { # name, url
  "$LH" "$2" --quiet --only-categories=performance,accessibility,best-practices,seo --output=json \
    --output-path="$out/lh.json" --chrome-flags="$flags" >/dev/null 2>"$out/lh.err" || { cat "$out/lh.err" >&2; return 1; }
  node -e '
    const r = require(process.argv[1]); const c = r.categories; const s = k => Math.round(c[k].score * 100);
    const a = r.audits;
    console.log(`| ${process.argv[2]} | ${process.argv[3]} | ${s("performance")} | ${s("accessibility")} | ${s("best-practices")} | ${s("seo")} | ${a["first-contentful-paint"].displayValue} | ${a["largest-contentful-paint"].displayValue} | ${a["total-blocking-time"].displayValue} |`);
  ' "$out/lh.json" "$1" "$2"
}
{
  echo "Lighthouse $LH_VERSION, $(/usr/bin/chromium --version 2>/dev/null | head -1), default (mobile, simulated throttling) settings, $(date -u '+%Y-%m-%d %H:%M UTC'):"
  echo
  echo "| page | url | performance | accessibility | best practices | SEO | FCP | LCP | TBT |"
  echo "|---|---|--:|--:|--:|--:|--:|--:|--:|"
  row "buyer login" "http://$USER_ADDR/"
  row "admin login" "http://$ADMIN_ADDR/admin/login"
} > "$out/lighthouse.md"
cp "$out/lighthouse.md" docs/lighthouse.md
cat docs/lighthouse.md
