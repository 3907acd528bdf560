# Prelaunch — one command to run, one to test. See README.md.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PNPM_VERSION := 10.34.8
PNPM := $(CURDIR)/.tools/node_modules/.bin/pnpm
GO ?= go
# The Go modules are the ones go.work lists, so adding a module there is enough.
GO_MODULES := $(shell $(GO) work edit -json 2>/dev/null | sed -n 's/.*"DiskPath": *"\.\/\(.*\)".*/\1/p')
GO_PKGS := $(addprefix ./,$(addsuffix /...,$(GO_MODULES)))
WEB_SRC := $(shell find apps/user apps/admin packages -type f \( -name '*.ts' -o -name '*.tsx' -o -name '*.css' -o -name '*.html' -o -name '*.json' -o -name '*.svg' -o -name '*.png' \) -not -path '*/node_modules/*' -not -path '*/dist/*' 2>/dev/null)

export PATH := $(CURDIR)/.tools/node_modules/.bin:$(PATH)
# -trimpath keeps this checkout's path out of the build cache's keys: a fresh clone elsewhere (CI)
# reuses the packages already compiled instead of compiling every package of the workspace again.
export GOFLAGS := $(strip $(GOFLAGS) -trimpath)

.PHONY: help run test setup build build-web build-go services db go-check web-check go-test web-test e2e chromium haproxy redis-server copies pdftotext clean

help:
	@echo "make run    - install what is missing, build, start Postgres/Redis checks, migrate, seed, run everything"
	@echo "make test   - the same set-up, then Go tests (-race), web unit tests and browser journeys"
	@echo "make build  - build both web apps and the Go binaries"
	@echo "make go-check, make web-check - the static checks make test starts with"
	@echo "make copies - two copies of each server and two workers behind haproxy (part of make test)"
	@echo "make clean  - remove build output and installed tools"
	@echo "make contract       - regenerate packages/api's wire types from docs/openapi"
	@echo "make contract-check - fail when the committed wire types differ from docs/openapi"

## ---- set-up (each step is skipped when nothing changed) ----
setup: .tools/.stamp node_modules/.modules.yaml .go-mod.stamp .env

.tools/.stamp:
	@command -v node >/dev/null || { echo "Node.js 20.19+ is required (https://nodejs.org)"; exit 1; }
	@command -v $(GO) >/dev/null || { echo "Go 1.26+ is required (https://go.dev/dl)"; exit 1; }
	@echo "==> installing pnpm $(PNPM_VERSION) into .tools/"
	@npm install --silent --no-audit --no-fund --prefix .tools pnpm@$(PNPM_VERSION) >/dev/null
	@touch $@

node_modules/.modules.yaml: pnpm-lock.yaml package.json .tools/.stamp $(wildcard apps/*/package.json packages/*/package.json e2e/package.json contracts/package.json)
	@echo "==> installing web packages"
	@$(PNPM) install --frozen-lockfile --reporter=silent
	@touch $@

.go-mod.stamp: go.work $(wildcard */go.mod */go.sum)
	@echo "==> downloading Go modules"
	@for m in $(GO_MODULES); do (cd $$m && $(GO) mod download) || exit 1; done
	@touch $@

# A development .env with random secrets, made once. Edit it freely; it is never committed.
.env:
	@echo "==> writing .env (development settings with a random admin password)"
	@printf 'APP_ENV=development\nJWT_SECRET=%s\nSEED_ADMIN_PASSWORD=%s\n' \
		"$$(head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 48)" \
		"Demo-$$(head -c 12 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 10)" > .env

## ---- build ----
build: build-web build-go

build-web: apps/user/dist/index.html apps/admin/dist/index.html

apps/user/dist/index.html apps/admin/dist/index.html &: $(WEB_SRC) node_modules/.modules.yaml
	@echo "==> building the web apps"
	@$(PNPM) run --silent build >/dev/null
	@touch apps/user/dist/index.html apps/admin/dist/index.html

build-go: .go-mod.stamp
	@echo "==> building the Go binaries"
	@mkdir -p bin
	@$(GO) build -o bin/ ./bff-user ./bff-admin ./worker ./core/cmd/prelaunch

## ---- services and database ----
services: build-go
	@scripts/services.sh

db: services
	@bin/prelaunch ensure-db
	@bin/prelaunch seed

## ---- the main job ----
run: setup build db
	@$(MAKE) --no-print-directory .tools/bin/geth || echo "==> geth could not be installed: make run goes on without the development chain"
	@scripts/run-stack.sh

## ---- the contract: docs/openapi/*.yaml -> packages/api/src/generated/*.ts ----
.PHONY: contract contract-check
contract: node_modules/.modules.yaml
	@scripts/contract-check.sh --write

contract-check: node_modules/.modules.yaml
	@scripts/contract-check.sh

## ---- tests ----
test: setup build services .tools/bin/versitygw .tools/bin/geth pdftotext haproxy chromium redis-server
	@MAKE="$(MAKE)" scripts/test-both.sh

# vet, gofmt, staticcheck, go mod tidy and a GOWORK=off build of every module in go.work.
go-check: .go-mod.stamp
	@GO=$(GO) scripts/go-check.sh

web-check: node_modules/.modules.yaml
	@echo "==> web checks (typecheck, lint)"
	@$(PNPM) run typecheck
	@$(PNPM) run lint
	@scripts/check-commits.sh

# A real S3-compatible server for the storage tests, built from Go modules. About
# 1.5 min of CPU on a fresh clone (a minute of downloads), nothing once built.
VERSITYGW_VERSION := v1.8.0
.tools/bin/versitygw:
	@echo "==> installing versitygw $(VERSITYGW_VERSION) into .tools/bin (the S3 server of the tests)"
	@mkdir -p .tools/bin
	@GOBIN=$(CURDIR)/.tools/bin GOWORK=off $(GO) install github.com/versity/versitygw/cmd/versitygw@$(VERSITYGW_VERSION)

# The development chain (make run) and the delivery tests' real node: geth --dev, built from Go
# modules like versitygw (a few minutes of CPU on a fresh clone, nothing once built).
GETH_VERSION := v1.17.10
.tools/bin/geth:
	@echo "==> installing geth $(GETH_VERSION) into .tools/bin (the development chain)"
	@mkdir -p .tools/bin
	@GOBIN=$(CURDIR)/.tools/bin GOWORK=off $(GO) install github.com/ethereum/go-ethereum/cmd/geth@$(GETH_VERSION)

# Tests use their own databases (prelaunch_test_*) and Redis databases 1-15; never the dev data.
# PRELAUNCH_REQUIRE_S3=1: the S3 tests fail instead of skipping when versitygw is missing.
# PRELAUNCH_REQUIRE_GETH=1: the delivery tests against a real node fail instead of skipping.
# -ldflags=-w: the test binaries are linked without DWARF (debuggers' tables; race reports and
# panics read the symbol table, which stays), ~40% less CPU per link, and every run links all of
# them again (docs/testing.md, "Time of make test").
# -timeout 30m guards against a hang only: under make test's three lanes on 2 cores, bff-user's
# package took 621 s (98 s alone), too close to the 15 minutes it had.
go-test: .tools/bin/versitygw .tools/bin/geth pdftotext
	@echo "==> Go tests (-race)"
	@APP_ENV=test PRELAUNCH_REQUIRE_S3=1 PRELAUNCH_REQUIRE_GETH=1 $(GO) test -race -count=1 -timeout 30m -ldflags=-w $(GO_PKGS)

web-test: node_modules/.modules.yaml
	@echo "==> web unit tests"
	@$(PNPM) test

chromium:
	@command -v chromium >/dev/null || test -x /usr/bin/chromium || { \
		echo "==> installing Debian chromium for the browser tests"; \
		if [ "$$(id -u)" = 0 ]; then (apt-get update -qq && apt-get install -y -qq chromium >/dev/null); \
		else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi; }

# The receipt tests read the PDF's text back with poppler's pdftotext.
pdftotext:
	@command -v pdftotext >/dev/null || { \
		echo "==> installing Debian poppler-utils for the receipt tests"; \
		if [ "$$(id -u)" = 0 ]; then (apt-get update -qq && apt-get install -y -qq poppler-utils >/dev/null); \
		else sudo apt-get update -qq && sudo apt-get install -y -qq poppler-utils >/dev/null; fi; }

# The journeys' stack includes a geth --dev chain (the delivery journey); E2E_REQUIRE_CHAIN=1 makes
# a missing or failed chain an error instead of a skipped journey.
e2e: chromium build .tools/bin/geth
	@E2E_REQUIRE_CHAIN=1 scripts/e2e.sh

# The journeys' stacks each start a Redis server of their own (scripts/e2e.sh); Debian's
# redis-server package has the binary (a Redis already running on 6379 is left alone).
redis-server:
	@command -v redis-server >/dev/null || { \
		echo "==> installing Debian redis-server for the journeys' own Redis servers"; \
		if [ "$$(id -u)" = 0 ]; then (apt-get update -qq && apt-get install -y -qq redis-server >/dev/null); \
		else sudo apt-get update -qq && sudo apt-get install -y -qq redis-server >/dev/null; fi; }

haproxy:
	@command -v haproxy >/dev/null || test -x /usr/sbin/haproxy || { \
		echo "==> installing Debian haproxy for the many-copies test"; \
		if [ "$$(id -u)" = 0 ]; then (apt-get update -qq && apt-get install -y -qq haproxy >/dev/null); \
		else sudo apt-get update -qq && sudo apt-get install -y -qq haproxy >/dev/null; fi; }

# Two copies of each BFF and two workers behind haproxy, from the built binaries
# (figures in docs/copies.md). Its own database prelaunch_copies and Redis database 14; the store is
# an S3 bucket on versitygw (PRELAUNCH_REQUIRE_S3=1: no falling back to a shared directory).
copies: haproxy .tools/bin/versitygw build services
	@echo "==> many copies (tools/copies)"
	@cd tools && $(GO) vet -tags copies ./copies/
	@APP_ENV=test PRELAUNCH_REQUIRE_S3=1 $(GO) test -tags copies -count=1 -timeout 5m -v -run TestManyCopies ./tools/copies/


clean:
	rm -rf bin apps/*/dist .tools node_modules */node_modules apps/*/node_modules packages/*/node_modules .go-mod.stamp

## ---- performance (the figures are in docs/performance.md) ----
.PHONY: seed-scale bench bench-run-stack
seed-scale: setup services
	@scripts/seed-scale.sh

bench: setup build-web services seed-scale
	@scripts/bench.sh
	@$(MAKE) --no-print-directory bench-reconcile
	@$(MAKE) --no-print-directory bench-invoice
	@$(MAKE) --no-print-directory bench-delivery

# Token delivery at scale: the preview and merkle.json over 10,000 allocations, then 1,000
# transfers sent by the worker's code on a real geth --dev chain (tools/deliverybench: database
# prelaunch_deliverybench, Redis database 12, the chain on 127.0.0.1:18545).
.PHONY: bench-delivery
bench-delivery: setup services .tools/bin/geth
	@echo "==> delivery: preview and merkle.json over 10,000 allocations, 1,000 transfers on geth --dev"
	@$(GO) run ./tools/deliverybench

# Approvals per second with GST invoicing off and on, side by side (core/purchase, its own database).
.PHONY: bench-invoice
bench-invoice: setup services
	@echo "==> approvals with invoicing off vs on (8 at once)"
	@cd core && $(GO) test -run '^$$' -bench BenchmarkApproveInvoicing -benchtime 400x ./purchase

# A 100,000-line statement imported and matched, 10,000 matches approved (its own database).
.PHONY: bench-reconcile
bench-reconcile: setup services
	@echo "==> reconciliation: 100,000-line statement, 10,000 approvals (tools/reconbench)"
	@$(GO) run ./tools/reconbench

# Issue 27, findings 3 and 4: bff-admin's peak memory (VmHWM) under held 20 MB bodies and hostile
# workbooks, then a real 100,000-line statement, each on a fresh process (tools/memprobe:
# database prelaunch_memprobe, Redis DB 12).
.PHONY: memprobe
memprobe: setup
	@$(GO) build -o bin/bff-admin ./bff-admin
	@$(GO) run ./tools/memprobe -bin bin/bff-admin

# price/get for one company against 1,000 companies on their own hosts, side by side.
.PHONY: bench-tenants
bench-tenants: setup services
	@scripts/bench-tenants.sh

# A sale's rush: 64 workers ordering and cancelling beside pgbench updating one row (tools/rush).
# RUSH_BASE=<git rev> measures that build too, in alternating rounds (docs/performance.md).
.PHONY: bench-rush
bench-rush: setup services
	@command -v pgbench >/dev/null || { \
		echo "==> installing Debian postgresql-client for pgbench"; \
		if [ "$$(id -u)" = 0 ]; then (apt-get update -qq && apt-get install -y -qq postgresql-client >/dev/null); \
		else sudo apt-get update -qq && sudo apt-get install -y -qq postgresql-client >/dev/null; fi; } || true
	@scripts/bench-rush.sh

# price/get through `make run`'s start script next to bff-user started by hand.
bench-run-stack: setup build services
	@scripts/bench-run-stack.sh

# axe-core on every screen and dialog at 360, 768 and 1440 px (the tables are in docs/accessibility.md).
.PHONY: axe-census
axe-census: chromium build
	@scripts/axe-census.sh

.PHONY: lighthouse
lighthouse: setup build db chromium
	@scripts/lighthouse.sh
