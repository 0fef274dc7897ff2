#!/bin/sh
# The scale table of issue 16: wall, CPU and peak memory of perfglass-cli report, hotspot's perfparser and perf
# report on frame-pointer recordings of 10k to 10M samples, and the bytes of peak memory per added sample.
# Usage: bench/scale.sh [BUILD_DIR]   (default: build). BENCH_DIR=DIR keeps the files there (default: a new
# directory in /tmp, deleted at the end); RUNS=N runs each tool N times, interleaved, and prints the medians
# (default 3; the 10M file once); SIZES="10k 100k 1m 10m" chooses the sizes.
# The files are one recording of bench/workload (about 180k samples at 20 kHz on 2 threads) cut or repeated by
# bench/replicate-samples.py: the same stacks, so the growth is that of the sample table. perf report runs under
# an 8 GB address-space limit (it holds every sample's callchain) and every tool under a 600 s timeout: "-"
# marks those that did not finish.
set -eu
BUILD=${1:-build}
CLI=$BUILD/cli/perfglass-cli
HERE=$(dirname "$0")
. "$HERE/timing.sh"
WORK=${BENCH_DIR:-}
KEEP=1
[ -n "$WORK" ] || { WORK=$(mktemp -d /tmp/perfglass-scale.XXXXXX); KEEP=0; }
mkdir -p "$WORK"
RUNS=${RUNS:-3}
SIZES=${SIZES:-"10k 100k 1m 10m"}
PERFPARSER=$(dpkg -L hotspot 2>/dev/null | grep 'perfparser$' | head -1 || true)
command -v perf >/dev/null || { echo "perf is not installed"; exit 1; }

[ -s "$WORK/base.data" ] ||
    perf record -q -o "$WORK/base.data" -e cpu-clock -F 20000 -g -- "$BUILD/bench/workload-fp" -10000 2 >/dev/null 2>&1
factor() { case $1 in 10k) echo 0.056 ;; 100k) echo 0.556 ;; 1m) echo 6 ;; 10m) echo 56 ;; *) echo "$1" ;; esac; }

command_of() { # tool file: sets COMMAND to the command line that opens file with tool
    case $1 in
    perfglass) COMMAND="$CLI report -i $2 --view flat --limit 5" ;;
    perfparser) COMMAND="$PERFPARSER --input $2 --output /dev/null" ;;
    perf) COMMAND="perf report --stdio -i $2" ;;
    esac
}

# Wall and CPU time (bench/timing.sh). perf report runs under the 8 GB address-space limit, set in a
# subshell.
timed() { # tool file: prints "wall_s cpu_s" or "- -"
    [ "$1" != perfparser ] || [ -n "$PERFPARSER" ] || { echo "- -"; return; }
    command_of "$1" "$2"
    # shellcheck disable=SC2086 # the command's words; none has a space (the files are the script's own)
    (ulimit -v 8000000; TIMEOUT=600 timed_run "$WORK/stat" $COMMAND)
}

# Peak memory from a run of its own under time (%M, in KiB): perf stat's own memory would count in it.
peak() { # tool file: prints the peak in KiB or "-"
    [ "$1" != perfparser ] || [ -n "$PERFPARSER" ] || { echo "-"; return; }
    command_of "$1" "$2"
    # shellcheck disable=SC2086
    if (ulimit -v 8000000; exec timeout 600 /usr/bin/time -f "%M" -o "$WORK/time" $COMMAND \
        >/dev/null 2>"$WORK/stderr"); then
        tail -1 "$WORK/time"
    else
        echo "-"
    fi
}

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0 || v[1] == "-") print "-"; else print v[int((NR + 1) / 2)] }'; }

: >"$WORK/times"
: >"$WORK/peaks"
echo "# $(nproc) cores, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# size samples | tool wall_s cpu_s peak_MB (wall and CPU: perf stat, medians of $RUNS interleaved runs,"
echo "# 10m: 1 run; peak: one more run under time)"
for size in $SIZES; do
    file=$WORK/fp-$size.data
    [ -s "$file" ] || python3 "$HERE/replicate-samples.py" "$WORK/base.data" "$file" "$(factor "$size")" >/dev/null
    samples=$("$CLI" report -i "$file" --view flat --limit 1 | sed -n 's/^# \([0-9]*\) samples of.*/\1/p')
    runs=$RUNS
    [ "$size" != 10m ] || runs=1
    : >"$WORK/results"
    for run in $(seq "$runs"); do
        for tool in perfglass perfparser perf; do
            echo "$tool $(timed "$tool" "$file")" >>"$WORK/results"
        done
    done
    line="$size $samples |"
    for tool in perfglass perfparser perf; do
        wall=$(awk -v t=$tool '$1 == t { print $2 }' "$WORK/results" | median)
        cpu=$(awk -v t=$tool '$1 == t { print $3 }' "$WORK/results" | median)
        kib=$(peak "$tool" "$file")
        mb=$kib
        [ "$mb" = - ] || mb=$(echo "$kib" | awk '{ printf "%.1f", $1 / 1024 }')
        line="$line $tool $wall $cpu $mb |"
        echo "$size $samples $tool $kib" >>"$WORK/peaks"
        echo "$size $samples $tool $wall $cpu" >>"$WORK/times"
    done
    echo "$line"
done
echo "# frame-pointer open time, perfglass/perf report (medians above; target <= 0.10)"
awk '$4 != "-" { wall[$1 " " $3] = $4; cpu[$1 " " $3] = $5; if (!($1 in n)) { order[++k] = $1; n[$1] = $2 } }
    END { for (i = 1; i <= k; ++i) { s = order[i]; w = wall[s " perf"]; c = cpu[s " perf"]
          if (w == "" || wall[s " perfglass"] == "") continue
          printf "%s %d samples: wall %.3f, CPU %.3f\n", s, n[s], (w > 0 ? wall[s " perfglass"] / w : 0),
                 (c > 0 ? cpu[s " perfglass"] / c : 0) } }' "$WORK/times"
echo "# bytes of peak memory per added sample between sizes (target <= 16 from 100k to 10M)"
for tool in perfglass perfparser perf; do
    awk -v t=$tool '$3 == t && $4 != "-" { n[++k] = $2; p[k] = $4 }
        END { for (i = 1; i <= k; ++i) for (j = i + 1; j <= k; ++j)
              printf "%s %d -> %d samples: %.1f bytes/sample\n", t, n[i], n[j], (p[j] - p[i]) * 1024 / (n[j] - n[i]) }' \
        "$WORK/peaks"
done
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$KEEP" = 1 ] || rm -rf "$WORK"
