#!/bin/sh
# Installs the system packages of one or more sets, with apt-get (through sudo when not root).
# Usage: install-deps.sh [SET...]   (no SET: run)
#
# Debian 12 / Ubuntu 22.04+ names, the reference platform:
#   run:     what the programs need to run, for an installation from source (cmake --install); the Debian
#            package declares the same itself: the Qt 6, elfutils, zstd, capstone, {fmt}, libarchive and nettle
#            libraries (session archives: tar.bz2 read and written, SHA-256 names their caches), Qt's platform
#            plugins, pkexec and polkitd (recordings that need privileges, through perfglass-helper),
#            qt6-translations-l10n (Qt's own texts in the user's language)
#   build:   run, and what builds it (make run): build-essential cmake ninja-build pkg-config
#            qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev libdw-dev libelf-dev
#            libdebuginfod-dev libzstd-dev libiberty-dev libcapstone-dev libcli11-dev nlohmann-json3-dev libfmt-dev
#            libarchive-dev nettle-dev
#   test:    build, and what make test uses: clang-format universal-ctags (format and structure checks),
#            clang libclang-rt-14-dev (libFuzzer and the sanitizers' runtime for clang), linux-perf and
#            hotspot (perf and perfparser read our files), xvfb xauth (screenshots of a real window),
#            dpkg-dev lintian desktop-file-utils appstream shared-mime-info man-db (the package test),
#            dbus-daemon polkitd pkexec util-linux (the pkexec end-to-end test), binutils
#            python3 (tst_symbolsettings: split debug files, a local debuginfod server), golang-go (go tool pprof
#            reads our pprof exports), chromium librsvg2-bin nodejs (the SVG export rendered and its script
#            run; node also runs the Firefox Profiler's tool, see packaging/install-npm-test-tools.sh), bash
#            zsh (the shell completion tests), rustc (tst_symbols builds a Rust program to demangle its symbols;
#            tst_runtimenames and tst_runtimeflamegraphs record one), default-jdk-headless (tst_runtimenames and
#            tst_runtimeflamegraphs compile and record a Java program named by HotSpot's perf map),
#            libc6-dbg (glibc's debug file: script names glibc's inlined functions from it as perf does, and
#            tst_addr2linenames checks those names against binutils' addr2line), openssh-server
#            openssh-client iproute2 (tst_remoterecord records through a throwaway sshd on loopback in a private
#            network namespace), mold (links the test programs in a third of gold's time)
#   bench:   build, and linux-perf hotspot hyperfine python3 (make bench compares against perf and perfparser;
#            bench/replicate-samples.py makes the big files of bench/scale.sh)
#   icons:   librsvg2-bin (packaging/render-icons.sh)
# Users of the Debian package (make package) need none of this: apt installs what the package declares.
#
# Fedora names, for reference (dnf install):
#   run:   qt6-qtbase-gui elfutils-libs libzstd fmt capstone libarchive nettle polkit qt6-qttranslations
#   build: gcc-c++ cmake ninja-build pkgconf qt6-qtbase-devel qt6-qttools-devel mesa-libGL-devel elfutils-devel
#          elfutils-debuginfod-client-devel libzstd-devel binutils-devel capstone-devel cli11-devel json-devel fmt-devel
#          libarchive-devel nettle-devel
#   test:  clang-tools-extra clang compiler-rt perf hotspot xorg-x11-server-Xvfb xorg-x11-xauth
#          desktop-file-utils appstream dbus-daemon openssh-server openssh-clients iproute
set -eu

run="libqt6widgets6 libqt6concurrent6 qt6-qpa-plugins libdw1 libelf1 libdebuginfod1 libzstd1 libfmt9
  libcapstone4 libarchive13 libnettle8 pkexec polkitd qt6-translations-l10n"
build="$run build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev
  libdw-dev libelf-dev libdebuginfod-dev libzstd-dev libiberty-dev libcapstone-dev
  libcli11-dev nlohmann-json3-dev libfmt-dev libarchive-dev nettle-dev"
test="$build clang-format universal-ctags clang libclang-rt-14-dev linux-perf hotspot xvfb xauth
  dpkg-dev lintian desktop-file-utils appstream shared-mime-info man-db
  dbus-daemon polkitd pkexec util-linux binutils python3 golang-go chromium librsvg2-bin nodejs bash zsh rustc
  default-jdk-headless libc6-dbg openssh-server openssh-client iproute2 mold"
bench="$build linux-perf hotspot hyperfine python3"
icons="librsvg2-bin"

packages=""
[ $# -gt 0 ] || set -- run
for set in "$@"; do
    case "$set" in
    run) packages="$packages $run" ;;
    build) packages="$packages $build" ;;
    test) packages="$packages $test" ;;
    bench) packages="$packages $bench" ;;
    icons) packages="$packages $icons" ;;
    *) echo "install-deps: unknown set '$set' (run, build, test, bench, icons)" >&2; exit 2 ;;
    esac
done

missing=""
for p in $(echo $packages | tr ' ' '\n' | sort -u); do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null; then
    echo "install-deps: no apt-get here; install these packages with your package manager:$missing" >&2
    exit 1
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing$missing"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
