#!/bin/sh
# Makes the g++-sized DWARF recording that bench/gui.sh and the progressive-opening figures use: `perf record
# --call-graph dwarf -F 2000` of g++ -O2 compiling COMPILES (default 13) of the core's own analysis sources,
# one after another (about 100,000 samples and 800 MB here, deep C++ stacks with many distinct paths).
# Usage: bench/gxx-dwarf-recording.sh OUT [COMPILES]
set -eu
OUT=$1
COMPILES=${2:-13}
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
sources=$(ls "$root"/core/analysis/*.cpp | head -n "$COMPILES")
# shellcheck disable=SC2086 # one word per source
perf record --call-graph dwarf -F 2000 -o "$OUT" -- sh -c '
    root=$1; shift
    for source in "$@"; do
        g++ -std=c++20 -O2 -I"$root/core" -c "$source" -o /dev/null || exit 1
    done' sh "$root" $sources
