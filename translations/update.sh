#!/bin/sh
# Refreshes every catalogue (translations/perfglass_*.ts) from the sources: lupdate adds the new tr() strings
# (marked unfinished), drops the ones the sources no longer have, and the English catalogue's plural forms are
# filled from the "(s)" notation. Then translate what is unfinished (Qt Linguist: linguist6, or any editor)
# and rebuild. Usage: translations/update.sh [BUILD_DIR]   (default: build, configured with CMake)
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
[ -f "$build/build.ninja" ] || [ -f "$build/Makefile" ] ||
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$build" --target update_translations
python3 translations/fill-english-plurals.py translations/perfglass_en.ts
# The English catalogue holds only plural forms: its other messages stay unfinished on purpose.
for ts in translations/perfglass_*.ts; do
    echo "$ts: $(grep -c 'type="unfinished"' "$ts" || true) unfinished"
done
