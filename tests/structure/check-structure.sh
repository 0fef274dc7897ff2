#!/bin/sh
# The rules of docs/architecture.md that a machine can check, run by ctest (label unit):
#  - core/ has no source file at its top level: every file lives in one stage folder;
#  - an include in core/ names its folder and points only to the same or an earlier stage (CORE_STAGES in
#    core/CMakeLists.txt gives the order); core/ includes no Qt;
#  - models/ uses no widgets; the helper includes only its protocol and header-only files of core/base/;
#  - descriptors and mappings are released only by their owning types (base/UniqueFd.h, base/MappedRegion.h);
#  - no function in core/, models/, gui/, cli/ or helper/ is longer than 100 lines (Universal Ctags' end lines).
# Usage: check-structure.sh SOURCE_DIR
set -eu
cd "${1:-$(dirname "$0")/../..}"
failures=0
fail() { echo "check-structure: $*" >&2; failures=$((failures + 1)); }

top=$(find core -maxdepth 1 -name '*.cpp' -o -maxdepth 1 -name '*.h')
[ -z "$top" ] || fail "source files at core/'s top level (move them into a stage folder): $top"

stages=$(sed -n 's/^set(CORE_STAGES \(.*\))$/\1/p' core/CMakeLists.txt)
[ -n "$stages" ] || fail "core/CMakeLists.txt has no set(CORE_STAGES ...) line"
rank() { i=0; for s in $stages; do [ "$s" = "$1" ] && { echo $i; return; }; i=$((i + 1)); done; echo -1; }

for stage in $stages; do
    own=$(rank "$stage")
    for file in core/"$stage"/*; do
        grep -n '^#include "' "$file" | while IFS= read -r line; do
            target=$(echo "$line" | sed 's/.*#include "\([^"]*\)".*/\1/')
            folder=${target%%/*}
            if [ "$folder" = "$target" ]; then
                echo "$file:${line%%:*}: include \"$target\" does not name its folder"
                continue
            fi
            r=$(rank "$folder")
            if [ "$r" -lt 0 ] || [ "$r" -gt "$own" ]; then
                echo "$file:${line%%:*}: $stage/ includes $target from a later or unknown stage"
            fi
        done
    done
done > /tmp/check-structure.$$ 2>&1 || true
if [ -s /tmp/check-structure.$$ ]; then fail "includes that break the stage order:"; cat /tmp/check-structure.$$ >&2; fi
rm -f /tmp/check-structure.$$

qt=$(grep -rln '#include <Q' core || true)
[ -z "$qt" ] || fail "core/ must not use Qt: $qt"
widgets=$(grep -rln '#include <QtWidgets\|#include <QWidget\|#include <QAbstractButton' models || true)
[ -z "$widgets" ] || fail "models/ must not use widgets: $widgets"
helper=$(grep -rhn '^#include "' helper | grep -v '"protocol/\|"base/UniqueFd.h"\|"base/PerfEventOpen.h"\|"base/X86_64Registers.h"\|"HelperServer.h"\|"MappedFileOpener.h"\|"SafeFile.h"' || true)
[ -z "$helper" ] || fail "the helper includes more than its protocol and header-only base files: $helper"

raw=$(grep -rn '::close(\|munmap(' core models gui cli helper | grep -v '^core/base/UniqueFd.h:\|^core/base/MappedRegion.h:' || true)
[ -z "$raw" ] || fail "raw ::close/munmap outside the owning types:
$raw"

if command -v ctags >/dev/null && ctags --version 2>/dev/null | grep -q 'Universal Ctags'; then
    long=$(ctags -R --languages=C++ --kinds-C++=f --fields=+ne -x --_xformat='%{end} %{line} %F %N' \
        core models gui cli helper 2>/dev/null | awk '$1 != "" && $1 - $2 + 1 > 100 { print $3 ":" $2 " " $4 " (" $1 - $2 + 1 " lines)" }')
    [ -z "$long" ] || fail "functions longer than 100 lines:
$long"
else
    echo "check-structure: Universal Ctags is not installed; function lengths not checked" >&2
fi

[ "$failures" -eq 0 ] || exit 1
echo "check-structure: the tree follows docs/architecture.md"
