#!/bin/sh
# The translation catalogues (translations/perfglass_LANG.ts) agree with the sources, run by ctest (label unit):
#  - lupdate, run over the sources on a copy of each catalogue, finds no message that the catalogue lacks
#    (a new tr() string) and none that the catalogue has and the sources no longer do (a vanished one);
#  - every message of a translated catalogue is finished, plural forms included; the English catalogue only
#    holds the plural forms of the source texts, so there only its plural messages must be finished.
# Fix a failure with translations/update.sh (see translations/README.md), then translate what it marks.
# Usage: check-translations.sh LUPDATE TS_DIR SOURCE...
set -eu
lupdate=$1
ts_dir=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "check-translations: $*" >&2; failures=$((failures + 1)); }

# Prints "unfinished", "vanished" or "obsolete" messages of a .ts file as "KIND: CONTEXT: SOURCE" lines; with
# plural_only, unfinished messages count only when they have plural forms.
problems() {
    awk -v plural_only="$2" '
        /<name>/ { sub(/.*<name>/, ""); sub(/<\/name>.*/, ""); context = $0 }
        /<message/ { numerus = ($0 ~ /numerus="yes"/); source = ""; in_source = 0 }
        /<source>/ { in_source = 1; source = "" }
        in_source { line = $0; sub(/.*<source>/, "", line); sub(/<\/source>.*/, "", line); source = source line }
        /<\/source>/ { in_source = 0 }
        /<translation[^>]*type="(vanished|obsolete)"/ {
            match($0, /type="[a-z]*"/); kind = substr($0, RSTART + 6, RLENGTH - 7)
            print kind ": " context ": " source; next
        }
        /<translation[^>]*type="unfinished"/ {
            if (!plural_only || numerus) print "unfinished: " context ": " source
        }
    ' "$1"
}

found=0
for ts in "$ts_dir"/perfglass_*.ts; do
    found=1
    name=$(basename "$ts")
    plural_only=0
    [ "$name" = perfglass_en.ts ] && plural_only=1
    problems "$ts" "$plural_only" > "$work/own" || true
    if [ -s "$work/own" ]; then
        fail "$name has messages to finish or drop:"
        cat "$work/own" >&2
    fi
    cp "$ts" "$work/$name"
    "$lupdate" -silent -locations none "$@" -ts "$work/$name" > "$work/lupdate.log" 2>&1 ||
        { fail "lupdate failed on $name:"; cat "$work/lupdate.log" >&2; continue; }
    problems "$work/$name" "$plural_only" | grep -vxFf "$work/own" > "$work/new" || true
    if [ -s "$work/new" ]; then
        fail "$name does not match the sources (run translations/update.sh):"
        cat "$work/new" >&2
    fi
done
[ "$found" -eq 1 ] || fail "no catalogue in $ts_dir"
[ "$failures" -eq 0 ] || exit 1
echo "check-translations: every catalogue is complete and matches the sources"
