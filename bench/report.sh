#!/bin/sh
# Opening big recordings: perfglass-cli report against hotspot's perfparser and perf report, in one run.
# Usage: bench/report.sh [BUILD_DIR]   (default: build). Needs perf; perfparser is optional (Debian: hotspot).
# BENCH_DIR=DIR keeps the recordings there and reuses them on the next run.
# Prints wall seconds, CPU seconds (user + sys) and peak RSS (KiB) of each, the ratios against the targets of
# issue 4 (by wall time and by CPU time: on a shared machine wall time depends on the other load), and the
# frame-pointer figures at about 40k, 200k and 400k samples (scaling).
# The workload runs a fixed amount of work (negative duration), so the sample counts do not depend on how
# busy the machine is.
set -eu
BUILD=${1:-build}
CLI=$BUILD/cli/perfglass-cli
WORK=${BENCH_DIR:-$(mktemp -d /tmp/perfglass-bench.XXXXXX)}
mkdir -p "$WORK"
PERFPARSER=$(dpkg -L hotspot 2>/dev/null | grep 'perfparser$' | head -1 || true)
command -v perf >/dev/null || { echo "perf is not installed"; exit 1; }

measure() { # label command...: prints "label wall_s cpu_s peak_kib"
    label=$1; shift
    /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" "$@" >/dev/null 2>"$WORK/stderr" || { echo "$label failed:"; cat "$WORK/stderr"; }
    set -- $(tail -1 "$WORK/time")
    echo "$label $1 $(echo "$2 $3" | awk '{ printf "%.2f", $1 + $2 }') $4"
}

record() { # file perf-record-arguments...
    out=$1; shift
    [ -s "$WORK/$out" ] || perf record -q -o "$WORK/$out" "$@" >/dev/null 2>&1
}

samplesIn() {
    "$CLI" report -i "$1" --view flat --limit 1 | sed -n 's/^# \([0-9]*\) samples of.*/\1/p'
}

record dwarf.data -e cpu-clock -F 4000 --call-graph dwarf,8192 -- "$BUILD/bench/workload-nofp" -13000 2
echo "# DWARF recording: $(du -m "$WORK/dwarf.data" | cut -f1) MB, $(samplesIn "$WORK/dwarf.data") samples"
echo "# tool wall_s cpu_s peak_KiB"
ours=$(measure perfglass "$CLI" report -i "$WORK/dwarf.data" --view flat)
echo "$ours"
theirs="perfparser 0 0 0"
if [ -n "$PERFPARSER" ]; then
    theirs=$(measure perfparser "$PERFPARSER" --input "$WORK/dwarf.data" --output /dev/null)
    echo "$theirs"
fi
perfrep=$(measure perf-report perf report --stdio -i "$WORK/dwarf.data")
echo "$perfrep"
echo "$ours $theirs $perfrep" | awk '{
    printf "ratio perfglass/perfparser: wall %.3f, CPU %.3f (target <= 0.20)\n", ($6 > 0 ? $2 / $6 : 0), ($7 > 0 ? $3 / $7 : 0);
    printf "ratio perfglass/perf-report: wall %.3f, CPU %.3f (target <= 0.10)\n", $2 / $10, $3 / $11;
    printf "ratio peak RSS perfglass/perfparser %.2f (target <= 1.50)\n", ($8 > 0 ? $4 / $8 : 0) }'
# The desktop application, offscreen: start, load, aggregate, paint the flame graph, save a PNG, quit. An upper
# bound of "first flame graph painted" (target <= 0.5 s).
if [ -x "$BUILD/gui/perfglass" ]; then
    QT_QPA_PLATFORM=offscreen measure perfglass-gui "$BUILD/gui/perfglass" "$WORK/dwarf.data" --screenshot "$WORK/shot.png" |
        awk '{ printf "perfglass GUI open + first paint + quit: %.2f s wall, %.2f s CPU, %d KiB peak (target <= 0.5 s)\n", $2, $3, $4 }'
fi

echo "# frame-pointer recordings (target for 200k samples: <= 0.5 s, <= 100 bytes per sample)"
for spec in "4000 -13000 40k" "20000 -10000 200k" "20000 -18500 400k"; do
    set -- $spec
    record "fp-$3.data" -e cpu-clock -F "$1" -g -- "$BUILD/bench/workload-fp" "$2" 2
    n=$(samplesIn "$WORK/fp-$3.data")
    result=$(measure "fp-$3" "$CLI" report -i "$WORK/fp-$3.data" --view flat)
    echo "$result $n" | awk '{ printf "%s: %d samples, %.2f s wall, %.2f s CPU, %d KiB peak, %.0f bytes/sample\n", $1, $5, $2, $3, $4, $4 * 1024 / $5 }'
done
echo "# files kept in $WORK"
