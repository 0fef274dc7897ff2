#!/bin/sh
# The desktop application's own start-up figures (PERFGLASS_TIMING=1, gui/StartupTiming): milliseconds since
# main() when the window was shown, the session loaded, the first flame graph and the timeline (made after the
# trees) painted; for a file of 64 MiB or more, which opens in steps, also its first partial flame graph, and
# the whole load in one go. Medians of RUNS runs (default 5) under QT_QPA_PLATFORM=offscreen (or the display
# given with PLATFORM=xcb), and for a file opened in steps the ratio of its whole load (flame graph and
# timeline painted) to the load in one go (target at most 1.05).
# Then `perfglass-cli report` of FILE (whole process, run for run) and the ratio of the application's first
# complete flame graph to it (target at most 1.2).
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
# A file of 64 MiB or more opens in steps (its first partial flame graph, then the whole); it is also opened
# in one go (PERFGLASS_OPEN_IN_STEPS=0), run for run alternately, for the ratio of the two whole loads.
steps=$([ "$(stat -c %s "$FILE")" -ge $((64 << 20)) ] && echo 1 || echo 0)
values() { # FILE WHAT: the milliseconds of each "perfglass timing: WHAT N ms" line of FILE
    grep "^perfglass timing: $2 " "$1" | awk '{ print $(NF - 1) }'
}
# One unmeasured run of each first: the first run after a build or after the file was written pays for
# cold caches (the program's pages, fonts, the file's pages) that the later ones do not.
PERFGLASS_OPEN_IN_STEPS=0 QT_QPA_PLATFORM=${PLATFORM:-offscreen} "$GUI" "$FILE" --screenshot "$WORK/shot.png" \
    >/dev/null 2>&1 || echo "warm-up run failed"
"$BUILD/cli/perfglass-cli" report -i "$FILE" >/dev/null 2>&1 || true
for run in $(seq "$RUNS"); do
    PERFGLASS_TIMING=1 QT_QPA_PLATFORM=${PLATFORM:-offscreen} "$GUI" "$FILE" --screenshot "$WORK/shot.png" \
        2>"$WORK/run" >/dev/null || echo "run $run failed"
    cat "$WORK/run" >>"$WORK/timing"
    # The CLI's report of the same file, whole process, for the ratio of the two loads (target 1.2).
    start=$(date +%s%N)
    "$BUILD/cli/perfglass-cli" report -i "$FILE" >/dev/null 2>&1 || echo "run $run (perfglass-cli report) failed"
    echo "perfglass timing: cli report $((($(date +%s%N) - start) / 1000000)) ms" >>"$WORK/cli"
    [ "$steps" = 1 ] || continue
    PERFGLASS_OPEN_IN_STEPS=0 PERFGLASS_TIMING=1 QT_QPA_PLATFORM=${PLATFORM:-offscreen} "$GUI" "$FILE" \
        --screenshot "$WORK/shot.png" 2>"$WORK/run-one-go" >/dev/null || echo "run $run (in one go) failed"
    cat "$WORK/run-one-go" >>"$WORK/timing-one-go"
    # This run's pair: its whole load in steps against its whole load in one go, each up to the moment both the
    # complete flame graph and the timeline were painted: in steps the last step brings both at once, in one
    # go the timeline follows the flame graph.
    inSteps=$(values "$WORK/run" "first flame graph painted")
    oneGo=$( (values "$WORK/run-one-go" "first flame graph painted"
        values "$WORK/run-one-go" "first timeline painted") | sort -n | tail -1)
    [ -n "$inSteps" ] && [ -n "$oneGo" ] && echo "$inSteps $oneGo" >>"$WORK/pairs"
done
median() { # FILE WHAT LABEL
    values "$1" "$2" | sort -n |
        awk -v w="$3" '{ v[NR] = $1 } END { if (NR) printf "%s: median %.1f ms (min %.1f, max %.1f, %d runs)\n",
            w, v[int((NR + 1) / 2)], v[1], v[NR], NR }'
}
for what in "window shown" "first partial flame graph painted" "session loaded" "first flame graph painted" \
    "first timeline painted"; do
    median "$WORK/timing" "$what" "$what"
done
if [ "$steps" = 1 ]; then
    median "$WORK/timing-one-go" "session loaded" "session loaded in one go (PERFGLASS_OPEN_IN_STEPS=0)"
    median "$WORK/timing-one-go" "first flame graph painted" "first flame graph painted in one go"
    median "$WORK/timing-one-go" "first timeline painted" "first timeline painted in one go"
fi
# The application's first complete flame graph (in one go) against `perfglass-cli report`'s whole process.
middle() { # FILE WHAT: the median of WHAT's values
    values "$1" "$2" | sort -n |
        awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'
}
median "$WORK/cli" "cli report" "perfglass-cli report (whole process)"
painted=$(middle "$WORK/$([ "$steps" = 1 ] && echo timing-one-go || echo timing)" "first flame graph painted")
cli=$(middle "$WORK/cli" "cli report")
[ -n "$painted" ] && [ -n "$cli" ] && [ "$cli" -gt 0 ] &&
    awk -v a="$painted" -v b="$cli" 'BEGIN { printf "first flame graph (in one go) / perfglass-cli report: %.2f times (target at most 1.2)\n", a / b }'
# The whole load in steps against in one go (target at most 1.05): the median of the runs' ratios, each run in
# steps paired with the run in one go right after it, so that a slow spell of the machine weighs on both.
if [ "$steps" = 1 ] && [ -f "$WORK/pairs" ]; then
    echo "pairs (in steps, in one go; ms): $(awk '{ printf "%s%s/%s", (NR > 1 ? " " : ""), $1, $2 }' "$WORK/pairs")"
    awk '$2 > 0 { print $1 / $2 }' "$WORK/pairs" | sort -n |
        awk '{ v[NR] = $1 } END { if (NR) printf "whole load (flame graph and timeline painted) in steps / in one go: median %.2f times (min %.2f, max %.2f, %d pairs; target at most 1.05)\n", v[int((NR + 1) / 2)], v[1], v[NR], NR }'
fi
if [ -x "$BUILD/bench/gui-interactions" ]; then
    echo "# $(cut -d' ' -f1-3 /proc/loadavg) load average; interactions on $BIG"
    QT_QPA_PLATFORM=${PLATFORM:-offscreen} "$BUILD/bench/gui-interactions" "$BIG" "$RUNS" ${SEARCH:+"$SEARCH"}
else
    echo "build gui-interactions for the zoom, search and drag figures (cmake --build $BUILD --target gui-interactions)"
fi
