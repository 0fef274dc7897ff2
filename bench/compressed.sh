#!/bin/sh
# Compressed against uncompressed recordings of the same workload (issue 16: compressed recordings cost no
# more per sample to open than uncompressed ones). Records DWARF and frame-pointer pairs with
# `perfglass-cli record [-z]`, then opens each pair RUNS times, interleaved, with `report --view flat`, and
# prints the median wall and CPU (task-clock) time per sample of each and the ratio compressed/uncompressed
# (target <= 1.00 for both; on a shared 2-core machine wall time depends on the other load). The workload
# runs a fixed amount of work (negative duration), so both files of a pair hold about as many samples.
# Usage: bench/compressed.sh [BUILD_DIR]   (default: build). RUNS=N (default 9); BENCH_DIR=DIR keeps the
# recordings there and reuses them on the next run.
set -eu
command -v perf >/dev/null || { echo "perf is not installed"; exit 1; }
BUILD=${1:-build}
CLI=$BUILD/cli/perfglass-cli
RUNS=${RUNS:-9}
WORK=${BENCH_DIR:-$(mktemp -d /tmp/perfglass-bench.XXXXXX)}
mkdir -p "$WORK"

record() { # file record-arguments...
    out=$1; shift
    [ -s "$WORK/$out" ] || "$CLI" record -o "$WORK/$out" "$@" >/dev/null 2>&1
}

samplesIn() {
    "$CLI" report -i "$1" --view flat --limit 1 | sed -n 's/^# \([0-9]*\) samples of.*/\1/p'
}

once() { # file: appends "wall cpu" in seconds (perf stat: duration_time, task-clock) to file.times
    perf stat -x, -e duration_time,task-clock -o "$WORK/stat" "$CLI" report -i "$1" --view flat >/dev/null 2>&1
    awk -F, '/duration_time/ { wall = $1 / 1e9 } /task-clock/ { cpu = $1 / 1e3 } END { printf "%.5f %.5f\n", wall, cpu }' \
        "$WORK/stat" >>"$1.times"
}

median() { # column file
    awk -v c="$1" '{ print $c }' "$2" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

pair() { # label plain compressed
    rm -f "$2.times" "$3.times"
    once "$2"; once "$3" # warm-up, not counted
    rm -f "$2.times" "$3.times"
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        once "$2"; once "$3"
        i=$((i + 1))
    done
    n2=$(samplesIn "$2"); n3=$(samplesIn "$3")
    echo "$1 $n2 $(median 1 "$2.times") $(median 2 "$2.times") $n3 $(median 1 "$3.times") $(median 2 "$3.times") $(du -k "$2" | cut -f1) $(du -k "$3" | cut -f1)" |
        awk '{
            pw = $3 / $2 * 1e6; pc = $4 / $2 * 1e6; zw = $6 / $5 * 1e6; zc = $7 / $5 * 1e6;
            printf "%s uncompressed: %d samples, %d KiB, median %.4f s wall, %.4f s CPU: %.2f us wall, %.2f us CPU per sample\n", $1, $2, $8, $3, $4, pw, pc;
            printf "%s compressed:   %d samples, %d KiB, median %.4f s wall, %.4f s CPU: %.2f us wall, %.2f us CPU per sample\n", $1, $5, $9, $6, $7, zw, zc;
            printf "%s ratio compressed/uncompressed per sample: wall %.2f, CPU %.2f (target <= 1.00)\n", $1, zw / pw, zc / pc }'
}

echo "# load average: $(cut -d' ' -f1-3 /proc/loadavg); $RUNS interleaved runs each, medians"
record dwarf.data -F 4000 --call-graph dwarf -- "$BUILD/bench/workload-nofp" -10000 2
record dwarf-z.data -z -F 4000 --call-graph dwarf -- "$BUILD/bench/workload-nofp" -10000 2
pair DWARF "$WORK/dwarf.data" "$WORK/dwarf-z.data"
record fp.data -F 4000 -g -- "$BUILD/bench/workload-fp" -10000 2
record fp-z.data -z -F 4000 -g -- "$BUILD/bench/workload-fp" -10000 2
pair FP "$WORK/fp.data" "$WORK/fp-z.data"
echo "# load average: $(cut -d' ' -f1-3 /proc/loadavg); files kept in $WORK"
