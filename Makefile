# VoicePlug — set-up, build and tests. `make test` and `make demo` work on a
# fresh Debian machine with the Swift toolchain: they install what is missing.
SHELL := /bin/bash
SWIFT ?= swift
# Debian packages the build, the tests and the demo use.
DEB_PACKAGES := mosquitto mosquitto-clients libmosquitto-dev libsqlite3-dev pkg-config openssl gcc \
    libpocketsphinx-dev libsphinxbase-dev pocketsphinx-en-us pocketsphinx sphinxtrain espeak-ng libespeak-ng-dev flite sox \
    python3 libmicrohttpd-dev chromium chromium-driver python3-selenium libasound2-dev
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Python packages only the tests use, from PyPI, kept in .build (never used by the product): Home Assistant's own
# Tasmota library judges plugsim's Tasmota announcements.
PY_TEST_PACKAGES := hatasmota==0.9.2
PY_TEST_DIR := $(CURDIR)/.build/python
# The Swift driver leaves a `TemporaryDirectory.*` folder in TMPDIR on every
# run; the build's and the tests' temporary files stay under .build instead of /tmp.
SWIFT_TMP := $(CURDIR)/.build/tmp
SWIFT_RUN = mkdir -p $(SWIFT_TMP) && TMPDIR=$(SWIFT_TMP) $(SWIFT)

.PHONY: all deps build release test demo install bench-mqtt format lint clean fuzz soak

all: build

## deps: install missing Debian packages (offline and quick when all are there)
deps:
	@missing=$$(for p in $(DEB_PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed$$' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	    echo "make deps: installing" $$missing; \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	else echo "make deps: all Debian packages present"; fi
	@if [ ! -f "$(PY_TEST_DIR)/.installed" ] || [ "$$(cat $(PY_TEST_DIR)/.installed)" != "$(PY_TEST_PACKAGES)" ]; then \
	    echo "make deps: installing the tests' Python packages:" $(PY_TEST_PACKAGES); \
	    rm -rf "$(PY_TEST_DIR)" && /usr/bin/python3 -m pip install -q --disable-pip-version-check --no-warn-script-location --root-user-action=ignore \
	        --target "$(PY_TEST_DIR)" $(PY_TEST_PACKAGES) && echo "$(PY_TEST_PACKAGES)" > "$(PY_TEST_DIR)/.installed"; \
	fi

## build: debug build of everything
build: deps
	$(SWIFT_RUN) build

## release: optimised build
release: deps
	$(SWIFT_RUN) build -c release

## test: deps, build, and the whole test suite. plugsim at scale (1,000 plugs, each answering within a bound) runs
## alone afterwards (among the speech suites it measured their load, not plugsim), and runs even when the first
## run failed, so a failure elsewhere never hides whether scale still holds.
test: deps lint
	$(SWIFT_RUN) build --build-tests
	@# Both runs always run; the target fails after them when either failed.
	@status=0; \
	$(SWIFT_RUN) test --skip-build --skip ScaleTests || status=1; \
	$(SWIFT_RUN) test --skip-build --filter ScaleTests || status=1; \
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_TEST_SECONDS) || status=1; \
	exit $$status

## soak: SOAK_MINUTES (30) of mixed phrases at 200 a second with plug faults and two broker restarts, against
## real processes; prints the figures as one JSON line (also in .build/soak.json). Not part of `make test`.
SOAK_MINUTES ?= 30
soak: deps
	$(SWIFT_RUN) build --build-tests
	export VOICEPLUG_SOAK_MINUTES=$(SOAK_MINUTES) VOICEPLUG_SOAK_REPORT=$(CURDIR)/.build/soak.json; \
	    $(SWIFT_RUN) test --skip-build --filter SoakTests
	@cat .build/soak.json

## fuzz: libFuzzer on the phrase matcher, the configuration reader, the plugs' payload readers and the WAV reader
## (Fuzz/FuzzTarget.swift), FUZZ_SECONDS long (make test runs it for FUZZ_TEST_SECONDS). The modules' sources are
## compiled into one instrumented module; a crash or a broken invariant leaves its input in .build/fuzz.
FUZZ_SECONDS ?= 300
FUZZ_TEST_SECONDS ?= 30
FUZZ_DIR := $(CURDIR)/.build/fuzz
FUZZ_SOURCES := $(wildcard Sources/VoiceShortcuts/*/*.swift) $(wildcard Sources/PlugProtocols/*.swift) $(wildcard Sources/SpeechAudio/*.swift) \
    $(wildcard Sources/JSONText/*.swift)
fuzz: deps
	@rm -rf $(FUZZ_DIR)/src && mkdir -p $(FUZZ_DIR)/src $(FUZZ_DIR)/corpus $(SWIFT_TMP)
	@for f in $(FUZZ_SOURCES); do sed '/^import VoiceShortcuts$$/d; /^import JSONText$$/d' $$f > $(FUZZ_DIR)/src/$$(echo $$f | tr / _); done
	@cp Fuzz/FuzzTarget.swift $(FUZZ_DIR)/src/
	@# The linker's notes on the sanitizer runtime's own symbols (140 lines, harmless) are left out.
	set -o pipefail; TMPDIR=$(SWIFT_TMP) swiftc -sanitize=fuzzer,address -parse-as-library -O -swift-version 6 \
	    -module-name VoicePlugFuzz -package-name VoicePlug $(FUZZ_DIR)/src/*.swift -o $(FUZZ_DIR)/voiceplug-fuzz 2>&1 \
	    | { grep -v "Cannot export local symbol '__asan" || true; }
	set -o pipefail; cd $(FUZZ_DIR) && ./voiceplug-fuzz -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -timeout=10 \
	    -print_final_stats=1 corpus $(CURDIR)/Fuzz/seeds 2>&1 | tail -15

## format: rewrite the Swift sources as .swift-format says
SWIFT_SOURCES := Package.swift Sources Simulator Tests Fuzz
format:
	$(SWIFT) format -i -r $(SWIFT_SOURCES)

## lint: fail when a Swift source does not follow .swift-format (`make format` mends it); part of `make test`
lint:
	$(SWIFT) format lint --strict -r $(SWIFT_SOURCES)

## demo: the main job on a private local broker
demo: release
	.build/release/voiceplug demo

## install: the two programs into $(DESTDIR)$(PREFIX)/bin, the examples (configuration, systemd unit,
## broker configuration and ACL) into $(DESTDIR)$(PREFIX)/share/voiceplug
PREFIX ?= /usr/local
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/voiceplug
	install -m 755 .build/release/voiceplug .build/release/plugsim $(DESTDIR)$(PREFIX)/bin/
	install -m 644 examples/voiceplug.json examples/voiceplug.service examples/mosquitto-secure.conf examples/mosquitto.acl \
	    $(DESTDIR)$(PREFIX)/share/voiceplug/
	@sed -i 's|/usr/local/bin/voiceplug|$(PREFIX)/bin/voiceplug|' $(DESTDIR)$(PREFIX)/share/voiceplug/voiceplug.service
	@echo "installed in $(DESTDIR)$(PREFIX): bin/voiceplug, bin/plugsim, share/voiceplug/ (see voiceplug.service)"

## bench-mqtt: round-trip latency of the Swift client next to plain libmosquitto
bench-mqtt: release
	@mkdir -p bench/bin
	cc -O2 -o bench/bin/mqtt_roundtrip bench/mqtt_roundtrip.c -lmosquitto -lpthread
	bench/mqtt-latency.sh

clean:
	rm -rf .build bench/bin
