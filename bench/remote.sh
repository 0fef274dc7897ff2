#!/bin/sh
# Recording over ssh (record --host) against recording locally, on the workload of bench/workload.cpp: the
# wall time of a fixed amount of work (4 kHz cpu-clock, frame pointers and DWARF) unprofiled, recorded here and
# recorded through ssh, lost samples, stream bytes per sample, and the time the symbols take to come home
# after the recording (an empty build-id cache). "The host" is this machine, reached through a throwaway sshd
# on loopback in a private network namespace, as tests/integration/tst_remoterecord.cpp does it (root only).
# Usage: bench/remote.sh [BUILD_DIR]   (RUNS=N to change the runs)
set -eu

build=$(cd "${1:-build}" && pwd)
if [ -z "${PERFGLASS_BENCH_NETNS:-}" ]; then
  [ "$(id -u)" -eq 0 ] || { echo "remote.sh: needs root (a private network namespace, sshd)" >&2; exit 1; }
  PERFGLASS_BENCH_NETNS=1 exec unshare -n "$0" "$build"
fi
runs=${RUNS:-3}
cli=$build/cli/perfglass-cli
for tool in "$cli" "$build/bench/workload-fp" "$build/bench/workload-nofp" /usr/sbin/sshd; do
  [ -x "$tool" ] || { echo "remote.sh: $tool is missing" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'kill "$(cat "$work/sshd.pid" 2>/dev/null)" 2>/dev/null; rm -rf "$work"' EXIT
ip link set lo up
mkdir -p /run/sshd
ssh-keygen -q -t ed25519 -N '' -f "$work/hostkey"
ssh-keygen -q -t ed25519 -N '' -f "$work/userkey"
printf 'HostKey %s\nAuthorizedKeysFile %s\nStrictModes no\nUsePAM no\nPidFile %s\nListenAddress 127.0.0.1\n' \
  "$work/hostkey" "$work/userkey.pub" "$work/sshd.pid" > "$work/sshd_config"
echo "[127.0.0.1]:2222 $(cut -d' ' -f1,2 "$work/hostkey.pub")" > "$work/known_hosts"
printf 'Host loop\n HostName 127.0.0.1\n Port 2222\n User root\n IdentityFile %s\n UserKnownHostsFile %s\n BatchMode yes\n' \
  "$work/userkey" "$work/known_hosts" > "$work/ssh_config"
/usr/sbin/sshd -f "$work/sshd_config" -p 2222
remote="--host loop --ssh-config $work/ssh_config --remote-cli $cli"

# Median wall seconds of RUNS runs of the command; its standard error of the last run goes to $work/err.
wall() {
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    "$@" > /dev/null 2> "$work/err"
    echo "$(date +%s.%N) - $start" | bc
  done | sort -n | sed -n "$(( (runs + 1) / 2 ))p"
}

events="-e cpu-clock -F 4000"
for mode in fp dwarf; do
  program="$build/bench/workload-fp -3000 2"; graph=-g
  [ "$mode" = dwarf ] && { program="$build/bench/workload-nofp -3000 2"; graph="--call-graph dwarf"; }
  base=$(wall $program)
  here=$(wall "$cli" record $events $graph -o "$work/here.data" -- $program)
  over=$(wall "$cli" record $remote -N $events $graph -o "$work/remote.data" -- $program)
  line=$(grep 'written to standard output' "$work/err")
  samples=$(echo "$line" | sed 's/.* \([0-9]*\) samples.*/\1/')
  lost=$(echo "$line" | sed 's/.* samples, \([0-9]*\) lost.*/\1/')
  kb=$(echo "$line" | sed 's/.*, \([0-9.]*\) kB written.*/\1/; s/.*, \([0-9.]*\) MB written.*/\1 * 1000/' | bc)
  printf '%-5s unprofiled %.2f s, recorded here %.2fx, over ssh %.2fx; over ssh: %s samples, %s lost, %.0f stream bytes per sample\n' \
    "$mode" "$base" "$(echo "$here / $base" | bc -l)" "$(echo "$over / $base" | bc -l)" "$samples" "$lost" \
    "$(echo "$kb * 1000 / $samples" | bc -l)"
done
rm -rf "$work/cache"
start=$(date +%s.%N)
"$cli" record $remote --buildid-dir "$work/cache" $events -g -o "$work/symbols.data" -- "$build/bench/workload-fp" -3000 2 \
  > /dev/null 2> "$work/err"
grep 'perfglass symbols' "$work/err" || true
echo "record + symbols home (empty cache): $(echo "$(date +%s.%N) - $start" | bc) s"
