#!/bin/sh
# run-refused.sh BUILD [LABEL]: runs each Qt Test suite of the ctest label LABEL (gui unless given) of the build
# folder BUILD with perf_event_open refused (refuse-perf-events), and counts the test functions that passed,
# failed and skipped, suite by suite. The reasons of the skips are in BUILD/refused/SUITE.log.
# Exits 1 when a suite failed. Run it as the user to test, e.g. as nobody (who must be able to write the
# screenshots, also those an earlier run as root left):
#   chmod -R a+rwX build/screenshots build/Testing; mkdir -p build/refused; chmod a+rwX build/refused
#   runuser -u nobody -- env HOME=/tmp/nobody-home XDG_RUNTIME_DIR=/tmp/nobody-home sh run-refused.sh build
# A suite whose initTestCase skips counts as one skip: its functions are not listed.
set -u
build=${1:?usage: run-refused.sh BUILD [LABEL]}
label=${2:-gui}
refuse="$build/tests/refuse-perf-events"
[ -x "$refuse" ] || { echo "run-refused.sh: $refuse is not built" >&2; exit 2; }
logs="$build/refused"
mkdir -p "$logs" || exit 2
export QT_QPA_PLATFORM=offscreen ASAN_OPTIONS=detect_leaks=0
suites=$(ctest --test-dir "$build" -N -L "$label" | sed -n 's/^ *Test *#[0-9]*: *\(tst_[a-z0-9_]*\)$/\1/p')
status=0
passed=0
failed=0
skipped=0
for suite in $suites; do
    program=$(find "$build/tests" -maxdepth 1 -name "$suite" -type f -perm -u+x | head -n 1)
    [ -n "$program" ] || { echo "$suite: not built"; status=1; continue; }
    "$refuse" "$program" > "$logs/$suite.log" 2>&1
    code=$?
    # Test functions (rows of data-driven ones), without initTestCase and cleanupTestCase.
    ran=$(grep -c '^PASS   : ' "$logs/$suite.log" | tr -d ' ')
    setup=$(grep -Ec '^PASS   : [A-Za-z]+::(initTestCase|cleanupTestCase)\(\)' "$logs/$suite.log")
    ran=$((ran - setup))
    failures=$(grep -c '^FAIL!  : ' "$logs/$suite.log")
    skips=$(grep -c '^SKIP   : ' "$logs/$suite.log")
    [ "$code" -eq 0 ] || [ "$failures" -gt 0 ] || failures=1
    echo "$suite: $ran passed, $failures failed, $skips skipped (exit $code)"
    passed=$((passed + ran))
    failed=$((failed + failures))
    skipped=$((skipped + skips))
    [ "$code" -eq 0 ] || status=1
done
echo "all: $passed passed, $failed failed, $skipped skipped"
exit $status
