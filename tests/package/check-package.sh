#!/bin/sh
# The Debian package as a user gets it, and `cmake --install` under another prefix (issue: "a package that
# installs and works"). Builds the package with CPack into a scratch directory, then checks:
#  - lintian: no errors, no warnings (the few accepted tags are listed below with the reason);
#  - control fields: extended description, maintainer with an address, runtime Depends/Recommends only;
#  - one helper path everywhere: the packaged file, the polkit policy's exec.path, and the path the installed
#    perfglass-cli starts (perfglass-cli --version), all /usr/libexec/perfglass-helper; no build-tree path in
#    any installed binary; binaries stripped, debug information in the -dbgsym package, hardened (bindnow,
#    fortify);
#  - man pages, copyright, changelog, bash and zsh completion; desktop file, hicolor icons, AppStream metainfo, shared-mime-info
#    definition (validated, and a perf.data file recognized by its magic alone);
#  - the installed tree works: dpkg-deb -x into a throwaway root, then perfglass-cli record and report, and
#    perfglass --version/--help without a display, and a screenshot of the installed GUI (offscreen);
#  - cmake --install --prefix OTHER: the policy and the recorder agree on OTHER's helper, and record and
#    report work from there.
# Usage: check-package.sh BUILD_DIR SOURCE_DIR. Exit 77 (skipped) without dpkg-deb or cpack.
set -eu

build=$(cd "${1:?usage: check-package.sh BUILD_DIR SOURCE_DIR}" && pwd)
source=$(cd "${2:?usage: check-package.sh BUILD_DIR SOURCE_DIR}" && pwd)
skip() { echo "SKIPPED: $*"; exit 77; }
failures=0
fail() { echo "FAILED: $*" >&2; failures=$((failures + 1)); }
for tool in cpack dpkg-deb readelf; do
    command -v "$tool" >/dev/null || skip "$tool is not installed (packaging/install-deps.sh test)"
done

work=$(mktemp -d /tmp/perfglass-package.XXXXXX)
trap 'rm -rf "$work"' EXIT
version=$(sed -n 's/^set(CPACK_PACKAGE_VERSION \(.*\))$/\1/p' "$build/CPackConfig.cmake" | tr -d '"')
[ -n "$version" ] || version=$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")

# --- the package ---------------------------------------------------------------------------------------------
(cd "$build" && cpack -G DEB -B "$work/cpack") >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log" >&2; echo "FAILED: cpack" >&2; exit 1; }
deb=$(ls "$work"/cpack/perfglass_*.deb)
ddeb=$(ls "$work"/cpack/perfglass-dbgsym_*.ddeb 2>/dev/null || true)
echo "package: $(basename "$deb") ($(stat -c %s "$deb") bytes)"
[ -n "$ddeb" ] || fail "no -dbgsym package next to $(basename "$deb")"

field() { dpkg-deb -f "$deb" "$1"; }
field Maintainer | grep -q '<[^ @]*@[^ @]*>' || fail "Maintainer has no address: $(field Maintainer)"
[ "$(dpkg-deb -f "$deb" Description | wc -l)" -ge 3 ] || fail "the description has no extended part"
field Depends | grep -q 'qt6-qpa-plugins' || fail "Depends lacks qt6-qpa-plugins: $(field Depends)"
field Depends | grep -q 'libqt6widgets6' || fail "Depends (dpkg-shlibdeps) lacks the Qt libraries: $(field Depends)"
field Recommends | grep -q 'pkexec' || fail "Recommends lacks pkexec: $(field Recommends)"
field Recommends | grep -q 'polkitd' || fail "Recommends lacks polkitd: $(field Recommends)"
for dev in hotspot hyperfine xvfb linux-perf cmake; do
    field Depends | grep -q "$dev" && fail "Depends forces $dev onto users"
    field Recommends | grep -q "$dev" && fail "Recommends forces $dev onto users"
done

if command -v lintian >/dev/null; then
    # Accepted: none today. Add a tag here only with the reason it cannot be fixed.
    lintian --tag-display-limit 0 "$deb" >"$work/lintian.log" 2>&1 || true
    if grep -q '^[EW]: ' "$work/lintian.log"; then
        fail "lintian reports errors or warnings:"
        grep '^[EW]: ' "$work/lintian.log" >&2
    fi
    echo "lintian: $(grep -c '^[EWIP]: ' "$work/lintian.log" || true) tags, none an error or warning"
else
    echo "lintian is not installed: not run"
fi

root=$work/root
dpkg-deb -x "$deb" "$root"
helper=/usr/libexec/perfglass-helper
policy=$root/usr/share/polkit-1/actions/com.perfglass.helper.policy
[ -x "$root$helper" ] || fail "the package has no executable $helper"
grep -q '<action id="com.perfglass.helper">' "$policy" || fail "the policy lacks the action com.perfglass.helper"
grep -q "<annotate key=\"org.freedesktop.policykit.exec.path\">$helper</annotate>" "$policy" ||
    fail "the policy's exec.path is not $helper: $(grep exec.path "$policy")"
"$root/usr/bin/perfglass-cli" --version >"$work/version.txt" 2>&1 || fail "perfglass-cli --version failed"
grep -qx "privileged helper: $root$helper" "$work/version.txt" ||
    fail "the installed perfglass-cli starts another helper: $(cat "$work/version.txt")"

for binary in /usr/bin/perfglass /usr/bin/perfglass-cli $helper; do
    file=$root$binary
    if grep -q -F -e "$build" -e "$source/" "$file"; then fail "$binary holds a build-tree path"; fi
    readelf -S "$file" | grep -q '\.debug_info' && fail "$binary is not stripped"
    readelf -n "$file" | grep -q 'Build ID' || fail "$binary has no build id (for its -dbgsym file)"
    readelf -d "$file" | grep -q 'BIND_NOW\|FLAGS.*NOW' || fail "$binary is not linked with -z now"
    readelf -l "$file" | grep -q 'GNU_RELRO' || fail "$binary has no RELRO segment"
    readelf --dyn-syms -W "$file" | grep -q '__[a-z0-9_]*_chk' || fail "$binary calls no fortified function"
done
if [ -n "$ddeb" ]; then
    dpkg-deb -c "$ddeb" | grep -q '/usr/lib/debug/.build-id/.*\.debug' || fail "the -dbgsym package has no debug files"
fi

for page in man1/perfglass.1 man1/perfglass-cli.1 man1/perfglass-cli-record.1 man1/perfglass-cli-report.1 \
    man1/perfglass-cli-script.1 man1/perfglass-cli-stat.1 man1/perfglass-cli-list.1 man1/perfglass-cli-archive.1 \
    man8/perfglass-helper.8; do
    file=$root/usr/share/man/$page.gz
    if [ ! -f "$file" ]; then fail "no man page $page"; continue; fi
    if command -v man >/dev/null; then
        warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$file" 2>&1 >/dev/null || true)
        [ -z "$warnings" ] || fail "man $page warns: $warnings"
    fi
done
doc=$root/usr/share/doc/perfglass
grep -q '^License: GPL-2.0-or-later' "$doc/copyright" 2>/dev/null || fail "no GPL-2.0-or-later copyright file"
zcat "$doc/changelog.gz" 2>/dev/null | head -1 | grep -q "^perfglass ($version)" ||
    fail "the changelog's first entry is not version $version"

# --- desktop integration ----------------------------------------------------------------------------------------
desktop=$root/usr/share/applications/com.perfglass.Perfglass.desktop
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$desktop" >"$work/desktop.log" 2>&1 || fail "desktop-file-validate: $(cat "$work/desktop.log")"
fi
icon=$(sed -n 's/^Icon=//p' "$desktop")
for size in 16 22 24 32 48 64 128 256 512; do
    [ -f "$root/usr/share/icons/hicolor/${size}x${size}/apps/$icon.png" ] || fail "no ${size}x${size} icon named $icon"
done
[ -f "$root/usr/share/icons/hicolor/scalable/apps/$icon.svg" ] || fail "no scalable icon named $icon"
metainfo=$root/usr/share/metainfo/com.perfglass.Perfglass.metainfo.xml
if command -v appstreamcli >/dev/null; then
    appstreamcli validate --no-net "$metainfo" >"$work/appstream.log" 2>&1 ||
        fail "appstreamcli validate: $(cat "$work/appstream.log")"
fi
for shot in $(sed -n 's|.*/packaging/screenshots/\([^<]*\)</image>.*|\1|p' "$metainfo"); do
    [ -f "$source/packaging/screenshots/$shot" ] || fail "the metainfo's screenshot $shot is not in packaging/screenshots"
done
grep -q '<content_rating' "$metainfo" || fail "the metainfo has no content rating"
grep -q '<url type="homepage">' "$metainfo" || fail "the metainfo has no homepage"
mime=$root/usr/share/mime/packages/com.perfglass.Perfglass.xml
mimetype=$(sed -n 's/.*<mime-type type="\([^"]*\)".*/\1/p' "$mime")
grep -q "^MimeType=.*$mimetype;" "$desktop" || fail "the desktop file does not open $mimetype"

# --- the installed tree works -------------------------------------------------------------------------------
cli=$root/usr/bin/perfglass-cli
busy="i=0; while [ \$i -lt 300000 ]; do i=\$((i+1)); done"
"$cli" record -e cpu-clock -o "$work/session.data" -- sh -c "$busy" >"$work/record.log" 2>&1 ||
    fail "the installed perfglass-cli record failed: $(cat "$work/record.log")"
"$cli" report -i "$work/session.data" --view flat --limit 5 >"$work/report.txt" 2>&1 ||
    fail "the installed perfglass-cli report failed: $(cat "$work/report.txt")"
grep -q '^# [1-9][0-9,]* samples of cpu-clock' "$work/report.txt" ||
    fail "the report counts no samples: $(head -3 "$work/report.txt")"
echo "installed tree: $(head -1 "$work/report.txt")"
# Shell completion where bash-completion and zsh find it; the bash one completes the installed program's options.
completion=$root/usr/share/bash-completion/completions/perfglass-cli
[ -f "$root/usr/share/zsh/vendor-completions/_perfglass-cli" ] || fail "no zsh completion"
if [ ! -f "$completion" ]; then
    fail "no bash completion"
elif command -v bash >/dev/null; then
    completed=$(PATH="$root/usr/bin:$PATH" bash -c '. "$1"; COMP_WORDS=(perfglass-cli report --sor); COMP_CWORD=2
        _perfglass_cli; echo "${COMPREPLY[*]}"' sh "$completion")
    [ "$completed" = "--sort" ] || fail "the bash completion completes 'report --sor' as '$completed', not --sort"
fi

gui=$root/usr/bin/perfglass
for option in --version --help; do
    env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$gui" $option >"$work/gui.txt" 2>&1 ||
        fail "perfglass $option without a display failed ($?): $(cat "$work/gui.txt")"
done
env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$gui" --version | grep -q "perfglass $version" ||
    fail "perfglass --version does not say $version"
mkdir -p "$build/screenshots"
QT_QPA_PLATFORM=offscreen timeout 120 "$gui" "$work/session.data" --screenshot "$build/screenshots/package-installed.png" \
    >"$work/gui.log" 2>&1 || fail "the installed perfglass did not show the session: $(cat "$work/gui.log")"

# The file is a perf.data session by its magic alone (its name matches no glob), in a MIME database built
# from the system's definitions and ours.
if command -v update-mime-database >/dev/null && command -v gio >/dev/null && [ -f /usr/share/mime/packages/freedesktop.org.xml ]; then
    mkdir -p "$work/xdg/mime/packages" "$work/xdg-home"
    cp /usr/share/mime/packages/freedesktop.org.xml "$mime" "$work/xdg/mime/packages/"
    update-mime-database "$work/xdg/mime" >/dev/null 2>&1
    cp "$work/session.data" "$work/recording.bin"
    found=$(XDG_DATA_HOME="$work/xdg-home" XDG_DATA_DIRS="$work/xdg" gio info -a standard::content-type \
        "$work/recording.bin" | sed -n 's/.*standard::content-type: //p')
    [ "$found" = "$mimetype" ] || fail "a perf.data file is recognized as '$found', not $mimetype"
    printf 'PERFILE2\020\0\0\0\0\0\0\0' >"$work/pipe.bin"
    found=$(XDG_DATA_HOME="$work/xdg-home" XDG_DATA_DIRS="$work/xdg" gio info -a standard::content-type \
        "$work/pipe.bin" | sed -n 's/.*standard::content-type: //p')
    [ "$found" = "$mimetype" ] || fail "a pipe-mode perf.data stream is recognized as '$found', not $mimetype"
fi

# --- cmake --install under another prefix -----------------------------------------------------------------------
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 || fail "cmake --install --prefix failed"
grep -q "<annotate key=\"org.freedesktop.policykit.exec.path\">$prefix/libexec/perfglass-helper</annotate>" \
    "$prefix/share/polkit-1/actions/com.perfglass.helper.policy" || fail "cmake --install's policy names another helper"
"$prefix/bin/perfglass-cli" --version | grep -qx "privileged helper: $prefix/libexec/perfglass-helper" ||
    fail "perfglass-cli under $prefix starts another helper: $("$prefix/bin/perfglass-cli" --version)"
"$prefix/bin/perfglass-cli" record -e cpu-clock -o "$work/prefix.data" -- sh -c "$busy" >/dev/null 2>&1 &&
    "$prefix/bin/perfglass-cli" report -i "$work/prefix.data" | grep -q '^# [1-9][0-9,]* samples' ||
    fail "record and report from $prefix failed"

[ "$failures" -eq 0 ] || { echo "$failures check(s) failed" >&2; exit 1; }
echo "PASSED: the package and a cmake --install tree agree on every path and work"
