#!/bin/sh
# Runs every fuzz target of BUILD_DIR (a -DPERFGLASS_FUZZ=ON build) for SECONDS each, one after the other, on a
# copy of tests/fuzz/corpus made in BUILD_DIR/fuzz-run (the repository's corpus is never written). Prints the
# executions of each target; a finding (crash, sanitizer report, leak, timeout, out of memory) fails the run and
# prints the path of the input that reproduces it and the command that replays it.
# Usage: run-fuzzers.sh [--smoke] BUILD_DIR SECONDS
#   --smoke  a fixed seed, so that the same build explores the same inputs on every run (make test)
set -eu
cd "$(dirname "$0")/../.."
seed=""
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
if [ "${1:-}" = "--smoke" ]; then seed="-seed=1"; shift; fi
[ $# -eq 2 ] || { echo "usage: $0 [--smoke] BUILD_DIR SECONDS" >&2; exit 2; }
build=$1
seconds=$2
targets="fuzz_reader_file fuzz_reader_pipe fuzz_record_decoder fuzz_event_parser fuzz_helper_protocol fuzz_archive_reader fuzz_jitdump"

total=0
findings=0
for target in $targets; do
    binary=$build/tests/fuzz/$target
    [ -x "$binary" ] || { echo "fuzz: $binary is not built (make build-fuzz)" >&2; exit 2; }
    work=$build/fuzz-run/$target
    rm -rf "$work"
    mkdir -p "$work/corpus" "$work/artifacts"
    cp tests/fuzz/corpus/$target/* "$work/corpus/"
    dict=""
    [ -f tests/fuzz/$target.dict ] && dict="-dict=tests/fuzz/$target.dict"
    status=0
    # A single input may take 25 s and 2 GB at most; ASan reports leaks at the end of each input.
    "$binary" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -malloc_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$work/artifacts/" $seed $dict "$work/corpus" \
        >"$work/log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
    runs=${runs:-0}
    total=$((total + runs))
    if [ "$status" -eq 0 ]; then
        echo "fuzz: $target: $runs executions in ${seconds} s, no finding ($(ls "$work/corpus" | wc -l) inputs in the corpus)"
        continue
    fi
    findings=$((findings + 1))
    echo "fuzz: $target: FINDING after $runs executions (exit $status); the report, from $work/log:"
    grep -v -E '^[[:space:]]*#[0-9]+[[:space:]]' "$work/log" | grep -v '^stat::' | tail -n 30
    for input in "$work"/artifacts/*; do
        [ -e "$input" ] || continue
        echo "fuzz: $target: reproducer: $input (replay: $binary $input)"
    done
done
count=$(echo $targets | wc -w)
if [ "$findings" -ne 0 ]; then
    echo "fuzz: $findings of $count targets found a problem ($total executions in all)"
    echo "fuzz: $((count - findings)) passed, $findings failed"
    exit 1
fi
echo "fuzz: $total executions in all, no finding"
echo "fuzz: $count passed, 0 failed"
