#!/bin/sh
# Overhead of counting system-wide every 100 ms: `perfglass-cli stat -I 100 -a` and `perf stat -I 100 -a` on
# the fixed-work workload, in the same run, as wall-time ratios over the unprofiled workload (median of N runs).
# Usage: bench/stat.sh [BUILD_DIR] [RUNS]
set -eu
build=${1:-build}
runs=${2:-5}
cli=$build/cli/perfglass-cli
workload=$build/bench/workload-fp
[ -x "$cli" ] && [ -x "$workload" ] || { echo "build perfglass-cli and workload-fp first (ninja -C $build perfglass-cli workload-fp)" >&2; exit 1; }
have_perf=0
command -v perf >/dev/null 2>&1 && have_perf=1

wall() { # prints the wall seconds of "$@"
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

: >/tmp/stat-bench.base; : >/tmp/stat-bench.pg; : >/tmp/stat-bench.perf
i=0
while [ $i -lt "$runs" ]; do # interleaved, so machine noise hits all three alike
    wall "$workload" -6000 2 >>/tmp/stat-bench.base
    wall "$cli" stat -I 100 -a -- "$workload" -6000 2 >>/tmp/stat-bench.pg
    [ $have_perf = 1 ] && wall perf stat -I 100 -a -- "$workload" -6000 2 >>/tmp/stat-bench.perf
    i=$((i + 1))
done
base=$(median </tmp/stat-bench.base)
pg=$(median </tmp/stat-bench.pg)
printf 'unprofiled                     %.3f s\n' "$base"
printf 'perfglass-cli stat -I 100 -a   %.3f s  ratio %.3f\n' "$pg" "$(echo "$pg / $base" | bc -l)"
if [ $have_perf = 1 ]; then
    perf=$(median </tmp/stat-bench.perf)
    printf 'perf stat -I 100 -a            %.3f s  ratio %.3f\n' "$perf" "$(echo "$perf / $base" | bc -l)"
else
    echo "perf stat: not installed"
fi
