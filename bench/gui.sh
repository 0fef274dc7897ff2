#!/bin/sh
# The desktop application's own start-up figures (PERFGLASS_TIMING=1, gui/StartupTiming): milliseconds since
# main() when the window was shown, the session loaded and the first flame graph painted, medians of RUNS runs
# (default 5) under QT_QPA_PLATFORM=offscreen (or the display given with PLATFORM=xcb).
# Usage: bench/gui.sh FILE [BUILD_DIR]   (target: first flame graph <= 150 ms for the 5 s DWARF recording).
# Not measured yet: re-render and re-aggregation times of zoom, search and timeline drags (issue 16).
set -eu
FILE=$1
BUILD=${2:-build}
GUI=$BUILD/gui/perfglass
RUNS=${RUNS:-5}
WORK=$(mktemp -d /tmp/perfglass-gui.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
echo "# $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $FILE"
for run in $(seq "$RUNS"); do
    PERFGLASS_TIMING=1 QT_QPA_PLATFORM=${PLATFORM:-offscreen} "$GUI" "$FILE" --screenshot "$WORK/shot.png" \
        2>>"$WORK/timing" >/dev/null || echo "run $run failed"
done
for what in "window shown" "session loaded" "first flame graph painted"; do
    grep "^perfglass timing: $what " "$WORK/timing" | awk '{ print $(NF - 1) }' | sort -n |
        awk -v w="$what" '{ v[NR] = $1 } END { if (NR) printf "%s: median %.1f ms (min %.1f, max %.1f, %d runs)\n",
            w, v[int((NR + 1) / 2)], v[1], v[NR], NR }'
done
