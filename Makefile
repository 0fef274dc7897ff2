# Perfglass: the two commands of the README, and the steps they are made of.
#   make run   installs what Perfglass needs, builds it and shows a fresh recording of the demo program
#   make test  installs, builds and runs every test (also under ASan+UBSan), the format check and each fuzz
#              target for a few seconds (fuzz-smoke)
#   make fuzz  builds the fuzz targets (clang, libFuzzer, ASan+UBSan) and runs each for FUZZ_SECONDS (default 60)
#   make package  builds the Debian package (and a tarball) in build/ with CPack
# Each installs the package set it needs with packaging/install-deps.sh (build, test or bench).
BUILD ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 6
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: run test deps deps-test deps-bench build build-asan build-fuzz test-release test-asan fuzz fuzz-smoke \
	format-check format bench package clean

deps:
	./packaging/install-deps.sh build

deps-test:
	./packaging/install-deps.sh test
	./packaging/install-npm-test-tools.sh $(BUILD)/npm

deps-bench:
	./packaging/install-deps.sh bench

$(BUILD)/build.ninja: | deps
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS)

build: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

$(ASAN_BUILD)/build.ninja: | deps
	cmake -S . -B $(ASAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPERFGLASS_SANITIZE=ON $(CMAKE_FLAGS)

build-asan: deps $(ASAN_BUILD)/build.ninja
	cmake --build $(ASAN_BUILD) -j $(JOBS)

# The fuzz targets of tests/fuzz: clang++ with libFuzzer, only the parts of the core they reach.
$(FUZZ_BUILD)/build.ninja: | deps
	cmake -S . -B $(FUZZ_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
		-DPERFGLASS_FUZZ=ON -DPERFGLASS_BUILD_GUI=OFF $(CMAKE_FLAGS)

build-fuzz: deps $(FUZZ_BUILD)/build.ninja
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz-targets

run: build
	./packaging/run-demo.sh $(BUILD)

format-check:
	./packaging/format-check.sh

format:
	./packaging/format-check.sh --fix

test-release: build
	ctest --test-dir $(BUILD) --output-on-failure -j 2

test-asan: build-asan
	ctest --test-dir $(ASAN_BUILD) --output-on-failure -j 2

# Each fuzz target for FUZZ_SECONDS on a copy of tests/fuzz/corpus; fails on a finding and names its reproducer.
fuzz: build-fuzz
	./tests/fuzz/run-fuzzers.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

# The same, briefly and with a fixed seed: the corpus (with the inputs of past findings) and a few seconds more.
fuzz-smoke: build-fuzz
	./tests/fuzz/run-fuzzers.sh --smoke $(FUZZ_BUILD) $(FUZZ_SMOKE_SECONDS)

test: deps-test format-check test-release test-asan fuzz-smoke

bench: deps-bench build
	./bench/run.sh $(BUILD)

# The Debian package perfglass_VERSION_ARCH.deb (and perfglass-dbgsym's .ddeb, a .tar.gz) in $(BUILD)/.
package: build
	cd $(BUILD) && cpack

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
