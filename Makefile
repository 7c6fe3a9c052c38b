# carry: `make test` runs every check CI runs, `make check` a quick subset; the other targets
# are longer runs. CONTRIBUTING.md lists them with their times.
SHELL := /bin/bash
CARGO ?= cargo

# The optional features that the tests turn on, so that their code is tested too.
FEATURES := num-traits serde rand ff
# The second build of the tests: tiny thresholds (Karatsuba, Toom-3, ... on small inputs), the
# zeroize-int mode of Int, and BMI2/ADX enabled at compile time, in its own target directory.
TINY_FEATURES := tiny-thresholds zeroize-int $(FEATURES)
ADX := RUSTFLAGS="-C target-feature=+bmi2,+adx"
ADX_DIR := target/adx

.PHONY: arm cross size test check quick doc deps deb-deps fmt clippy unit tiny soak fuzz bench tasks peers tune ct ct-matrix python-deps test-py bench-py test-c bench-c install bench-calc speed32

test: deps fmt layers asm-check clippy doc unit tiny ct test-py test-c arm cross size

# The quick tier: formatting, the layer and assembly checks, lints, and the unit and differential
# tests at a twentieth of their cases (CARRY_SCALE), on the release build that `make test` uses.
check: fmt layers asm-check clippy quick

quick:
	CARRY_SCALE=$${CARRY_SCALE:-0.05} $(CARGO) test --release -p carry --features "$(FEATURES)" --lib --tests

# What a fresh Debian machine lacks: scripts/deps.sh names each Debian package it installs
# (apt-get) and what for; then the Python tools in their virtual environment.
deps: deb-deps python-deps

deb-deps:
	@scripts/deps.sh

# The Python package's tools (maturin, pytest, hypothesis; gmpy2 and python-flint for the
# benchmarks), pinned in python/requirements-dev.txt, in a virtual environment made here.
PYTHON ?= python3
VENV := python/.venv
python-deps: $(VENV)/.installed
$(VENV)/.installed: python/requirements-dev.txt
	@echo "creating $(VENV) with the pinned Python tools of python/requirements-dev.txt"
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q -r python/requirements-dev.txt
	touch $@

# Builds the extension (release, into the workspace's target/) into the venv, then the Python
# tests: hypothesis properties of Int, Rational, the functions and the fields against int,
# Fraction, gmpy2 and arithmetic mod p, and a few million deterministic cases.
test-py: python-deps
	cd python && VIRTUAL_ENV=$(CURDIR)/$(VENV) .venv/bin/maturin develop --release -q
	$(VENV)/bin/python -m pytest -q -p no:cacheprovider python/tests

# carry.Int against int, gmpy2 and python-flint with timeit (docs/python.md has the table).
bench-py: python-deps
	cd python && VIRTUAL_ENV=$(CURDIR)/$(VENV) .venv/bin/maturin develop --release -q
	$(VENV)/bin/python python/bench/bench.py

fmt:
	$(CARGO) fmt --all -- --check
	cd cross/arm && $(CARGO) fmt -- --check
	cd cross/diff && $(CARGO) fmt -- --check

# Lints on every target with every feature, then the library alone with the default features,
# without std, and with alloc only (code under `cfg(not(feature = ...))`).
clippy:
	$(CARGO) clippy --workspace --all-targets --all-features -- -D warnings
	$(CARGO) clippy -p carry --lib -- -D warnings
	$(CARGO) clippy -p carry --lib --no-default-features -- -D warnings
	$(CARGO) clippy -p carry --lib --no-default-features --features alloc -- -D warnings

# The API documentation, with the README as its front page: no broken intra-doc link with the
# default features or with all of them (the one left in target/doc); scripts/doclinks.py copies
# the repository files the README links to beside it and fails on a link that leads nowhere.
doc:
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps -p carry
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps -p carry --all-features
	python3 scripts/doclinks.py

# Every test and doctest at the measured thresholds (release: the differential suite runs ~10^6
# cases), with the optional features on, `parallel` too (the tiny tier below runs without it).
unit:
	$(CARGO) test --workspace --release --features "$(FEATURES) parallel"

# The library's unit tests and the differential suites again in the second build (see
# TINY_FEATURES): tiny thresholds, Int in its zeroize-int mode, BMI2/ADX at compile time.
tiny:
	$(ADX) $(CARGO) test --release --target-dir $(ADX_DIR) -p carry --features "$(TINY_FEATURES)" \
		--lib --test diff --test limbs --test nt --test field --test zeroize_int --test cpu_modes \
		--test shapes

# Constant-time check (scripts/ct.sh, docs/constant-time.md): the crate ct/, which depends on
# carry as users' crates do, under valgrind memcheck with the secrets marked undefined (it must
# report nothing), and each deliberately leaking function of its self-test (each must be
# reported), in two builds: cargo's default release profile for a dependency, and opt-level s,
# codegen-units 1, fat LTO, -C target-cpu=native (BMI2/ADX compiled in) and debug info. Prints
# the matrix it ran and the functions checked in each build.
ct:
	scripts/ct.sh subset

# The constant-time check of ct/ (a crate depending on carry as users' crates do) in all 48
# builds: opt-level 2/3/s x codegen-units 1/16 x lto off/fat x target-cpu generic/native x
# debug info off/on (scripts/ct.sh; about two minutes a build on two cores).
ct-matrix:
	scripts/ct.sh full

# Longer differential runs: CARRY_SCALE multiplies every case count; the last with every
# instruction-set extension off (CARRY_CPU, docs/performance.md).
soak: deps
	CARRY_SCALE=$${CARRY_SCALE:-20} $(CARGO) test --release -p carry --features "$(FEATURES)" --test diff --test limbs --test nt --test parse_props --test field --test shapes
	CARRY_SCALE=$${CARRY_SCALE:-20} $(ADX) $(CARGO) test --release --target-dir $(ADX_DIR) -p carry --features "$(TINY_FEATURES)" --test diff --test limbs --test nt --test field --test shapes
	CARRY_CPU=generic CARRY_SCALE=$${CARRY_SCALE:-20} $(CARGO) test --release -p carry --features "$(FEATURES)" --test diff --test limbs

# Coverage-guided fuzzing against GMP (rug) and identities (fuzz/, nightly + cargo-fuzz, which
# this installs when missing): each target for FUZZ_SECONDS (default 600), from the committed
# seeds (fuzz/seeds/T) and the growing corpus (fuzz/corpus/T, not committed). An input slower
# than FUZZ_TIMEOUT seconds (default 10; 5 for the calculator, whose instrumented build with
# AddressSanitizer and debug assertions runs about 7 to 13 times slower than a release build)
# is a finding too.
FUZZ_TARGETS ?= parse int rational blip field calc
fuzz:
	command -v cargo-fuzz >/dev/null || $(CARGO) install cargo-fuzz
	cd fuzz && $(CARGO) +nightly fuzz build
	for t in $(FUZZ_TARGETS); do \
		timeout=$${FUZZ_TIMEOUT:-10}; [ $$t = calc ] && timeout=$${FUZZ_TIMEOUT:-5}; \
		mkdir -p fuzz/corpus/$$t fuzz/artifacts/$$t; \
		echo "fuzz: $$t for $${FUZZ_SECONDS:-600} s"; \
		fuzz/target/x86_64-unknown-linux-gnu/release/$$t fuzz/corpus/$$t fuzz/seeds/$$t \
			-max_total_time=$${FUZZ_SECONDS:-600} -timeout=$$timeout \
			-artifact_prefix=fuzz/artifacts/$$t/ -print_final_stats=1 || exit 1; \
	done

# carry against GMP (rug) and num-bigint, with a ratio table.
bench: deps
	$(CARGO) bench --bench int
	$(CARGO) bench --bench nt
	$(CARGO) bench --bench shapes

# The calculator's speed table (docs/calculator-reals.md): carry against bc -l, python3 and
# mpmath with gmpy2 (pinned, in cli/bench/.venv), whole commands on one core.
bench-calc:
	cli/bench/run.sh

# The bigint-benchmark tasks as whole programs, carry against rug (GMP): e to 10^6 digits and
# fib(10^7), both printed in decimal; the outputs must match.
tasks: deps
	$(CARGO) build --release --example e --example fib
	for p in "e 1000000" "fib 10000000"; do \
		set -- $$p; \
		/usr/bin/time -f "$$1 $$2 carry: %es" target/release/examples/$$1 $$2 | md5sum; \
		/usr/bin/time -f "$$1 $$2 rug:   %es" target/release/examples/$$1 $$2 --rug | md5sum; \
	done

# The side-by-side harness of other libraries with a carry column. It is not part of this
# repository: PEERS names its checkout (docs/performance.md); CASES selects cases.
PEERS ?= ../shared/peers
peers: deps
	@test -x $(PEERS)/run.sh || { echo "peers: no harness at PEERS=$(PEERS) (see docs/performance.md)"; exit 1; }
	CARRY_PARTS=$${CARRY_PARTS:-int,fields,nt} CARRY_DIR=$(CURDIR) $(PEERS)/run.sh $(CASES)

# Re-measure the algorithm crossovers of src/thresholds.rs and write docs/calibration.md
# (pin it to one core on an idle machine: taskset -c 1 make tune).
tune: deps
	$(CARGO) run --release --example tune

# The import graph of src/ against the layer table (scripts/layers.py, docs/architecture.md).
.PHONY: layers
layers:
	python3 scripts/layers.py --self-test
	python3 scripts/layers.py

# libcarry, the C library (capi/): mini-gmp's own test programs (GMP 6.3, from the sources
# cargo unpacked) against <carry/gmp.h>, plainly and under valgrind, then GMP's demo programs
# and capi/tests/programs compared output for output with the same programs on GMP.
test-c: deps
	capi/tests/mini-gmp/run.sh
	capi/tests/mini-gmp/run.sh --valgrind
	capi/tests/programs/run.sh

# The C benchmark (capi/bench/): one program linked to libcarry and to GMP, with ratios (docs/c.md).
bench-c: deps
	capi/bench/run.sh

# Installs libcarry: lib/libcarry.{a,so}, include/carry/{gmp,carry}.h, lib/pkgconfig/carry.pc.
PREFIX ?= /usr/local
install:
	$(CARGO) build --release -p carry-capi
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/carry
	install -m 644 target/release/libcarry.a $(DESTDIR)$(PREFIX)/lib/libcarry.a
	install -m 755 target/release/libcarry.so $(DESTDIR)$(PREFIX)/lib/libcarry.so
	install -m 644 include/carry/gmp.h include/carry/carry.h $(DESTDIR)$(PREFIX)/include/carry/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e "s|@VERSION@|$$(sed -n 's/^version = \"\(.*\)\"/\1/p' capi/Cargo.toml)|" \
		capi/carry.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/carry.pc

# Regenerate the inline assembly of the x86_64 kernels (scripts/asm, docs/design/asm.md).
.PHONY: asm asm-check
asm:
	python3 scripts/asm/gen.py
# Fails when a committed kernel differs from its generator's output.
asm-check:
	python3 scripts/asm/gen.py --self-test
	python3 scripts/asm/gen.py --check

# Cortex-M4 and Cortex-M0+ with no std and no heap: builds carry for thumbv7em-none-eabihf and
# thumbv6m-none-eabi and runs the known-answer program cross/arm (DH-3072 exponentiations, a
# P-256 inverse) under qemu-system-arm with semihosting (scripts/arm.sh, docs/embedded.md).
arm:
	scripts/arm.sh

# What a 32-bit host pays: cross/diff/examples/speed.rs on x86_64 and on i686 (docs/embedded.md).
speed32:
	cd cross/diff && $(CARGO) build -q --release --example speed \
		&& $(CARGO) build -q --release --example speed --target i686-unknown-linux-gnu
	@echo "x86_64:" && taskset -c 1 cross/diff/target/release/examples/speed
	@echo "i686:" && taskset -c 1 cross/diff/target/i686-unknown-linux-gnu/release/examples/speed

# The num-bigint differential suite (cross/diff) on aarch64 under qemu-aarch64 and on i686;
# the library with `alloc` built for wasm32.
cross:
	$(CARGO) clippy -q -p carry --all-features --target aarch64-unknown-linux-gnu -- -D warnings
	cd cross/diff && CARRY_SCALE=$${CARRY_SCALE:-1} $(CARGO) test -q --test diff --target aarch64-unknown-linux-gnu
	cd cross/diff && CARRY_SCALE=$${CARRY_SCALE:-1} $(CARGO) test -q --test diff --target i686-unknown-linux-gnu
	$(CARGO) build -q -p carry --no-default-features --features alloc --target wasm32-unknown-unknown

# Code size on Cortex-M4 (docs/embedded.md's table; fails past 8 KiB for the DH-3072 library).
size:
	scripts/size.sh
