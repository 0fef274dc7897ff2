# Perfglass: the two commands of the README, and the steps they are made of.
#   make run   installs what Perfglass needs, builds it and shows a fresh recording of the demo program
#   make test  installs, builds and runs every test (also under ASan+UBSan) and the format check
BUILD ?= build
ASAN_BUILD ?= build-asan
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: run test deps build build-asan test-release test-asan format-check format bench clean

deps:
	./packaging/install-deps.sh

$(BUILD)/build.ninja: | deps
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS)

build: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

$(ASAN_BUILD)/build.ninja: | deps
	cmake -S . -B $(ASAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPERFGLASS_SANITIZE=ON $(CMAKE_FLAGS)

build-asan: deps $(ASAN_BUILD)/build.ninja
	cmake --build $(ASAN_BUILD) -j $(JOBS)

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

test: deps format-check test-release test-asan

bench: build
	./bench/run.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
