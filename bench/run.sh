#!/bin/sh
# Runs every benchmark of bench/ in one go: each script measures Perfglass against perf (and hotspot's
# perfparser) in the same run and prints ratios. Usage: bench/run.sh [BUILD_DIR]
set -eu
here=$(dirname "$0")
build=${1:-build}
for script in "$here"/record.sh "$here"/report.sh "$here"/stat.sh "$here"/annotate.sh "$here"/compressed.sh; do
  if [ -x "$script" ]; then
    echo "== $(basename "$script")"
    "$script" "$build"
  fi
done
