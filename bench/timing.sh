# Sourced by the bench scripts: the wall and CPU time of one command's own process.
# perf stat times the process from its exec to its exit ("seconds time elapsed") and counts the task-clock of
# all its threads, in finer steps than time's 10 ms; timing through time, timeout and date calls added about
# 4 ms to every run, as much as a small open takes.
# Usage: timed_run STATFILE command...  prints "wall_s cpu_s", or "- -" when the command failed or ran
# longer than TIMEOUT seconds (when set; timeout runs outside what perf stat times).
timed_run() {
    stat_file=$1
    shift
    if timeout "${TIMEOUT:-0}" perf stat -e task-clock -o "$stat_file" -- "$@" >/dev/null 2>"$stat_file.stderr"; then
        awk '/msec task-clock/ { cpu = $1 / 1000 } /seconds time elapsed/ { wall = $1 }
             END { if (wall == "") print "- -"; else printf "%.4f %.4f\n", wall, cpu }' "$stat_file"
    else
        echo "- -"
    fi
}
