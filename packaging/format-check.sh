#!/bin/sh
# Checks (or with --fix, applies) the clang-format style of every C++ source of the project.
set -eu
cd "$(dirname "$0")/.."
files=$(git ls-files '*.cpp' '*.h' ':!bench/workload.cpp' 2>/dev/null || find core models gui cli tests bench -name '*.cpp' -o -name '*.h')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i $files
  exit 0
fi
if ! clang-format --dry-run --Werror $files; then
  echo "format-check: the files above differ from .clang-format; run 'make format'" >&2
  exit 1
fi
echo "format-check: $(echo "$files" | wc -w) files follow .clang-format"
