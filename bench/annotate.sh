#!/bin/sh
# Annotating one big function: perfglass-cli annotate against perf annotate --stdio, on a function of about
# 10,000 instructions (generated, built with -O1 -g and frame pointers, recorded by perf record -g).
# Usage: bench/annotate.sh [BUILD_DIR]   (default: build). Needs perf and g++.
# Prints the function's instruction count, the annotation's own time (perfglass-cli annotate --timing: after
# loading, wall and CPU time, the best of 5 runs; target <= 50 ms), the whole perfglass-cli annotate and perf annotate wall times
# (best of 3), and their ratio.
set -eu
BUILD=${1:-build}
CLI=$BUILD/cli/perfglass-cli
WORK=${BENCH_DIR:-$(mktemp -d /tmp/perfglass-bench.XXXXXX)}
mkdir -p "$WORK"
command -v perf >/dev/null || { echo "perf is not installed"; exit 1; }

# 1,650 steps of multiply, xor-shift and rotate: about four instructions each.
awk 'BEGIN {
    print "#include <cstdio>\n#include <cstdlib>";
    print "__attribute__((noinline)) unsigned long big(unsigned long x, unsigned long y) {";
    for (i = 0; i < 1650; ++i)
        printf "    x = (x * %du) ^ (y >> %d); y = (y << %d | y >> %d) + x;\n", 2 * i + 3, i % 31 + 1, i % 13 + 1, 64 - (i % 13 + 1);
    print "    return x ^ y;\n}";
    print "int main(int argc, char **argv) {";
    print "    unsigned long s = 1, n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 20000;";
    print "    for (unsigned long i = 0; i < n; ++i) s = big(s, i);";
    print "    std::printf(\"%lu\\n\", s);\n}" }' >"$WORK/big.cpp"
[ -x "$WORK/big" ] || g++ -O1 -g -fno-omit-frame-pointer -o "$WORK/big" "$WORK/big.cpp"
[ -s "$WORK/big.data" ] || perf record -q -g -e cpu-clock -F 4000 -o "$WORK/big.data" -- "$WORK/big" 200000 >/dev/null 2>&1

smaller() { # a b: the smaller number; a may be empty
    if [ -z "$1" ]; then echo "$2"; else echo "$1 $2" | awk '{ print ($2 < $1) ? $2 : $1 }'; fi
}

best() { # runs command... N times, prints the smallest wall time in seconds
    n=$1; shift
    min=""
    i=0
    while [ $i -lt "$n" ]; do
        /usr/bin/time -f "%e" -o "$WORK/time" "$@" >/dev/null 2>"$WORK/stderr" || { cat "$WORK/stderr"; exit 1; }
        t=$(tail -1 "$WORK/time")
        min=$(smaller "$min" "$t")
        i=$((i + 1))
    done
    echo "$min"
}

instructions=$("$CLI" annotate -i "$WORK/big.data" big --asm --format json | grep -c '"address"')
own=""
cpu=""
for i in 1 2 3 4 5; do
    line=$("$CLI" annotate -i "$WORK/big.data" big --timing 2>&1 >/dev/null)
    own=$(smaller "$own" "$(echo "$line" | sed -n 's/.*annotated in \([0-9.]*\) ms.*/\1/p')")
    cpu=$(smaller "$cpu" "$(echo "$line" | sed -n 's/.*(\([0-9.]*\) ms CPU).*/\1/p')")
done
ours=$(best 3 "$CLI" annotate -i "$WORK/big.data" big)
theirs=$(best 3 perf annotate --stdio -i "$WORK/big.data" -s big)
echo "function big: $instructions instructions"
echo "perfglass annotation alone: $own ms wall, $cpu ms CPU (target <= 50 ms)"
echo "perfglass-cli annotate (load + annotate + print): $ours s wall"
echo "perf annotate --stdio: $theirs s wall"
echo "$ours $theirs" | awk '{ printf "ratio perfglass-cli/perf annotate: %.3f\n", $1 / $2 }'
echo "# files kept in $WORK"
