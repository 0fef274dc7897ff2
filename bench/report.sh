#!/bin/sh
# Opening big recordings: perfglass-cli report against hotspot's perfparser and perf report, in one run.
# Usage: bench/report.sh [BUILD_DIR]   (default: build). Needs perf; perfparser is optional (Debian: hotspot).
# Prints wall seconds and peak RSS (KiB) of each, the ratios against the targets of issue 4, and the
# frame-pointer figures at 40k and 400k samples (scaling).
set -eu
BUILD=${1:-build}
CLI=$BUILD/cli/perfglass-cli
WORK=${BENCH_DIR:-$(mktemp -d /tmp/perfglass-bench.XXXXXX)}
PERFPARSER=$(dpkg -L hotspot 2>/dev/null | grep 'perfparser$' | head -1 || true)
command -v perf >/dev/null || { echo "perf is not installed"; exit 1; }

measure() { # label command...: prints "label wall_s peak_kib"
    label=$1; shift
    /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" >/dev/null 2>"$WORK/stderr" || { echo "$label failed:"; cat "$WORK/stderr"; }
    set -- $(tail -1 "$WORK/time")
    echo "$label $1 $2"
}

record() { # file perf-record-arguments...
    out=$1; shift
    [ -s "$WORK/$out" ] || perf record -q -o "$WORK/$out" "$@" >/dev/null 2>&1
}

record dwarf.data -e cpu-clock -F 4000 --call-graph dwarf,8192 -- "$BUILD/bench/workload-nofp" 5 2
samples=$(perf report -i "$WORK/dwarf.data" --stdio --header-only 2>/dev/null | awk '/sample_freq/ {next} /^# Samples|samples/ {print; exit}')
echo "# DWARF recording: $(du -m "$WORK/dwarf.data" | cut -f1) MB"
ours=$(measure perfglass "$CLI" report -i "$WORK/dwarf.data" --view flat)
echo "$ours"
if [ -n "$PERFPARSER" ]; then
    theirs=$(measure perfparser "$PERFPARSER" --input "$WORK/dwarf.data" --output /dev/null)
    echo "$theirs"
fi
perfrep=$(measure perf-report perf report --stdio -i "$WORK/dwarf.data")
echo "$perfrep"
echo "$ours ${theirs:-perfparser 0 0} $perfrep" | awk '{
    printf "ratio wall perfglass/perfparser %.3f (target <= 0.20)\n", ($5 > 0 ? $2 / $5 : 0);
    printf "ratio wall perfglass/perf-report %.3f (target <= 0.10)\n", $2 / $8;
    printf "ratio peak RSS perfglass/perfparser %.2f (target <= 1.50)\n", ($6 > 0 ? $3 / $6 : 0) }'

echo "# frame-pointer recordings (target for 200k samples: <= 0.5 s, <= 100 bytes per sample)"
for spec in "4000 5 40k" "10000 10 200k" "20000 10 400k"; do
    set -- $spec
    record "fp-$3.data" -e cpu-clock -F "$1" -g -- "$BUILD/bench/workload-fp" "$2" 2
    n=$("$CLI" report -i "$WORK/fp-$3.data" --view flat --limit 1 | sed -n 's/^# \([0-9]*\) samples of.*/\1/p')
    result=$(measure "fp-$3" "$CLI" report -i "$WORK/fp-$3.data" --view flat)
    echo "$result samples=$n" | awk '{ printf "%s: %d samples, %.2f s, %d KiB peak, %.0f bytes/sample\n", $1, substr($4, 9), $2, $3, $3 * 1024 / substr($4, 9) }'
done
echo "# files kept in $WORK"
