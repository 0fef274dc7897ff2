#!/bin/sh
# The desktop application's own start-up figures (PERFGLASS_TIMING=1, gui/StartupTiming): milliseconds since
# main() when the window was shown, the session loaded and the first flame graph painted, medians of RUNS runs
# (default 5) under QT_QPA_PLATFORM=offscreen (or the display given with PLATFORM=xcb).
# Then the times of a zoom, a search, a timeline drag and the heat map's redraw and rebuild
# (bench/gui-interactions.cpp) on BIG_FILE (default FILE),
# medians of RUNS: re-render (a synchronous repaint, target one frame: 16 ms) and re-aggregate (range selected
# to filter applied, target 100 ms); SEARCH=TEXT sets the searched text. Make BIG_FILE with bench/replicate-samples.py (1,000,000 samples).
# Usage: bench/gui.sh FILE [BUILD_DIR] [BIG_FILE]   (target: first flame graph <= 150 ms for the 5 s DWARF
# recording).
set -eu
FILE=$1
BUILD=${2:-build}
BIG=${3:-$FILE}
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
if [ -x "$BUILD/bench/gui-interactions" ]; then
    echo "# $(cut -d' ' -f1-3 /proc/loadavg) load average; interactions on $BIG"
    QT_QPA_PLATFORM=${PLATFORM:-offscreen} "$BUILD/bench/gui-interactions" "$BIG" "$RUNS" ${SEARCH:+"$SEARCH"}
else
    echo "build gui-interactions for the zoom, search and drag figures (cmake --build $BUILD --target gui-interactions)"
fi
