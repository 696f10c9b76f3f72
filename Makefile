# umpire — the two commands a new user needs are `make demo` and `make test`.
GO        ?= go
BIN       ?= bin/umpire
VERSION   ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -X main.version=$(VERSION)
FUZZTIME  ?= 10s
# The fuzzer's minimisation of a new input can take most of a short run for
# slow targets (report writers, legal input): bound it.
FUZZMINTIME ?= 2s

.PHONY: all build demo test test-race test-browser vet bench load fuzz fuzz-ledger hostile hostile-host clean

all: build

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/umpire

# The main job on the embedded default.
demo: build
	./$(BIN) selftest

# Vet and every test. The longest package (harness/bangarena/probe, the
# BangArena fault matrices) is named first so that it starts first: go test
# runs the packages in the order given, GOMAXPROCS at a time, and the
# others fit beside it.
test:
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 30m ./harness/bangarena/probe/ ./cmd/umpire/ ./harness/inference/probe/ ./...

# The race detector on the packages where goroutines meet: the agent
# adapters, the embedded servers and certification (the longest,
# certify, named first so that it starts first).
test-race:
	$(GO) test -race -count=1 ./harness/certify/ ./harness/*/certifyside/ ./harness/agent/ ./harness/server/... ./harness/*/server/

# The HTML report rendered in headless Chromium (installed with apt when
# missing); the screenshot lands in umpire-report/browser/.
test-browser:
	bash scripts/browser-test.sh

vet:
	$(GO) vet ./...

# Benchmarks: figures for the notes, never asserted in tests.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# The certify load benchmark alone: decisions/s against an echo round trip,
# harness-caused deadline misses (CERTIFY_LOAD_N=1024 CERTIFY_LOAD_WAVES=1
# for a thousand matches at once; see harness/certify/bench_test.go).
load:
	$(GO) test -run '^$$' -bench Load -benchtime 1x -timeout 60m ./harness/certify/

# The hostile-input suite: verify and validate of both games on 1 GiB of
# blank lines, one giant line, invalid UTF-8, deep nesting and 16 Mi bad
# lines, generated through pipes; peak RSS, wall time and exit code of
# each run, failing over 64 MiB (a few minutes; not part of make test).
hostile: build
	bash scripts/hostile.sh $(BIN)

# A short run of every fuzz target (FUZZTIME each).
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "== $$pkg $$f"; \
	    $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINTIME) $$pkg; \
	  done; \
	done

# The fuzz hours: run each target whose passing time in
# scripts/fuzz-ledger.tsv is under GOAL seconds (default 600) for LEDGERTIME,
# one worker, and record the run; `bash scripts/fuzz-ledger.sh --report`
# prints the totals.
LEDGERTIME ?= 10m
fuzz-ledger:
	FUZZTIME=$(LEDGERTIME) bash scripts/fuzz-ledger.sh

# Hostile clients and agents against umpire serve and certify, on loopback
# only: each attack's verdict, the server's peak RSS and the wall time
# (about two minutes; UMPIRE=old/binary measures another build). The agent
# attacks: setsid grandchild, a daemon with an empty environment under a
# normal user, a root grandchild leaving the cgroup, 1 GiB under
# --agent-memory 128MiB; and a 1 MB JSON-RPC batch to /mcp. Hostile
# servers and files: conform against BangArena observe answers padded to
# 8 MiB (a long field; small events) and nested 8 MiB deep; the proxy
# relaying 3,000 observe answers of 1 MiB; a report relabelled pass,
# merged; a merge written to /dev/null.
hostile-host:
	bash scripts/hostile-host.sh

clean:
	rm -rf bin umpire-report
