# Logomachie: the two commands of the README, and a few helpers.
#   make run    install what is missing, build (release + web client), start the server
#   make test   install what is missing, build, run every test
.PHONY: run test build deps dev-build fuzz-build tsan-build bench clean

JOBS ?= $(shell nproc)

deps:
	@scripts/install-deps.sh

build: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS)
	@scripts/build-web.sh
	@echo "Built build/bin/logomachie (lexicon: build/bin/fr.lex, web client: build/web)"

# The server on http://localhost:8080 (PORT=… BIND=0.0.0.0 to play on the local network).
PORT ?= 8080
BIND ?= 127.0.0.1
run: build
	@build/bin/logomachie serve --port $(PORT) --bind $(BIND)

dev-build: deps
	@cmake --preset dev >/dev/null
	@cmake --build --preset dev -j $(JOBS)

fuzz-build: build
	@cmake --preset fuzz -DLOGO_FUZZ_LEXICON=$(CURDIR)/build/bin/fr.lex >/dev/null
	@cmake --build --preset fuzz -j $(JOBS)

# The server's tests under ThreadSanitizer (it has a network thread, room
# threads and a checkpoint thread), with the release build's lexicon.
tsan-build: build
	@cmake --preset tsan -DLOGO_PREBUILT_LEXICON=$(CURDIR)/build/bin/fr.lex >/dev/null
	@cmake --build --preset tsan -j $(JOBS)

# Every test: the release build (what `make run` ships), the dev build under
# AddressSanitizer + UndefinedBehaviorSanitizer, the server under
# ThreadSanitizer, and a short libFuzzer run.
test: build dev-build fuzz-build tsan-build
	@ctest --preset release
	@ctest --preset dev
	@ctest --preset tsan
	@ctest --preset fuzz
	@echo "All test suites passed."

bench: build
	@scripts/bench.sh

clean:
	rm -rf build
