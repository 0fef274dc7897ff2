#!/bin/sh
# Both cores and the page-cache floor on a big DWARF recording (issue 16), in one run:
# `cat FILE >/dev/null`, the default `perfglass-cli report` (one unwinding worker per further CPU) and
# `--threads 1`, each the median wall time of RUNS interleaved runs (cat, default, --threads 1, cat, ...),
# with the two ratios against their targets and the median CPU time (user + sys) of the two reports.
# Usage: bench/cores.sh [BUILD_DIR]   (default: build). Needs perf.
# BENCH_DIR=DIR keeps the recording there and reuses it; FILE=PATH measures that recording instead (it should be
# a DWARF recording of 600 MB or more); RUNS=N (default 5). Say the load average (printed) with the figures.
set -eu
BUILD=${1:-build}
CLI=$BUILD/cli/perfglass-cli
. "$(dirname "$0")/timing.sh"
RUNS=${RUNS:-5}
WORK=${BENCH_DIR:-$(mktemp -d /tmp/perfglass-cores.XXXXXX)}
mkdir -p "$WORK"
FILE=${FILE:-$WORK/dwarf700.data}
if [ ! -s "$FILE" ]; then
    command -v perf >/dev/null || { echo "perf is not installed"; exit 1; }
    # About 630 MB: 74k samples of 8 KiB stacks at 4 kHz; a fixed amount of work, so the size does not
    # depend on how busy the machine is.
    perf record -q -o "$FILE" -e cpu-clock -F 4000 --call-graph dwarf,8192 -- \
        "$BUILD/bench/workload-nofp" -30000 2 >/dev/null 2>&1
fi
# The file system matters: the page cache of tmpfs holds 4 KiB pages, which cost about twice as much to map
# and unmap as the large folios of ext4 or xfs (docs/loading-performance.md); say which one was measured.
echo "# $(du -m "$FILE" | cut -f1) MB: $FILE ($(stat -f -c %T "$FILE"))"
echo "# $("$CLI" report -i "$FILE" --view flat --limit 1 | sed -n 's/^# \([0-9]*\) samples of.*/\1 samples/p')"
echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"

wallOf() { # command...: prints "wall_s cpu_s" of one run (bench/timing.sh)
    result=$(timed_run "$WORK/stat" "$@")
    [ "$result" != "- -" ] || { echo "failed: $*" >&2; cat "$WORK/stat.stderr" >&2; exit 1; }
    echo "$result"
}
: >"$WORK/runs"
i=0
while [ "$i" -lt "$RUNS" ]; do
    echo "cat $(wallOf cat "$FILE")" >>"$WORK/runs"
    echo "default $(wallOf "$CLI" report -i "$FILE" --view flat --limit 1)" >>"$WORK/runs"
    echo "one $(wallOf "$CLI" report -i "$FILE" --threads 1 --view flat --limit 1)" >>"$WORK/runs"
    i=$((i + 1))
done
median() { # label column
    awk -v l="$1" '$1 == l { print $'"$2"' }' "$WORK/runs" | sort -n | awk '{ v[NR] = $1 } END {
        printf "%.3f", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
cat=$(median cat 2)
def=$(median default 2)
one=$(median one 2)
echo "# medians of $RUNS interleaved runs (wall s; CPU s: task-clock)"
echo "cat $cat"
echo "default $def (CPU $(median default 3))"
echo "threads-1 $one (CPU $(median one 3))"
echo "$def $one $cat" | awk '{
    printf "ratio default/threads-1: %.2f (target <= 0.65)\n", $1 / $2;
    printf "ratio default/cat: %.2f (target <= 1.50)\n", $1 / $3 }'
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
[ -n "${BENCH_DIR:-}" ] || rm -rf "$WORK" # the recording too, unless BENCH_DIR keeps it
