#!/bin/sh
# Makes the g++-sized DWARF recording that bench/gui.sh and the progressive-opening figures use: `perf record
# --call-graph dwarf -F 2000` of g++ -O2 compiling 13 of the core's own analysis sources, one after another
# (about 80,000 samples and 670 MB here: deep C++ stacks with many distinct paths). Needs g++ and the build's
# headers ({fmt}: `make deps`).
# Usage: bench/gxx-dwarf-recording.sh OUT
set -eu
if [ $# -ne 1 ]; then
    echo "usage: $0 OUT" >&2
    exit 2
fi
OUT=$1
root=$(cd "$(dirname "$0")/.." && pwd)
sources=
for name in AggregationRunner CallTree CallTreeDiff CallerCallee CounterLines FilterTransfer FlatDiff \
    FlatProfile FrameCategory FunctionMatcher GrowingTimeline Heatmap OffCpuTime; do
    sources="$sources $root/core/analysis/$name.cpp"
done
# shellcheck disable=SC2086 # one word per source
perf record --call-graph dwarf -F 2000 -o "$OUT" -- sh -c '
    root=$1; shift
    for source in "$@"; do
        g++ -std=c++20 -O2 -I"$root/core" -c "$source" -o /dev/null || exit 1
    done' sh "$root" $sources
