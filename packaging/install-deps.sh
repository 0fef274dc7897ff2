#!/bin/sh
# Installs the system packages Perfglass needs to build, test and run.
#
# Debian 12 / Ubuntu 22.04+ (apt-get), the reference platform:
#   build:   build-essential cmake ninja-build pkg-config clang-format universal-ctags (structure check)
#            qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev
#            libdw-dev libelf-dev libdebuginfod-dev libzstd-dev libiberty-dev (demangling)
#            libcli11-dev nlohmann-json3-dev libfmt-dev ninja-build
#   fuzz:    clang libclang-rt-14-dev (libFuzzer and the sanitizers' runtime for clang; make fuzz, make test)
#   run:     pkexec (privileged helper), qt6-translations-l10n (Qt's own texts in the user's language),
#            linux-perf, hotspot and hyperfine (comparison tests and bench/),
#            xvfb xauth (screenshots of a real window)
#
# Fedora names, for reference (dnf install):
#   gcc-c++ cmake pkgconf clang-tools-extra clang compiler-rt qt6-qtbase-devel qt6-qttools-devel mesa-libGL-devel
#   elfutils-devel elfutils-debuginfod-client-devel libzstd-devel cli11-devel json-devel fmt-devel
#   polkit qt6-qttranslations perf hotspot xorg-x11-server-Xvfb xorg-x11-xauth
set -eu

packages="build-essential cmake pkg-config clang-format universal-ctags
  qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev
  libdw-dev libelf-dev libdebuginfod-dev libzstd-dev libiberty-dev
  libcli11-dev nlohmann-json3-dev libfmt-dev ninja-build
  clang libclang-rt-14-dev
  pkexec qt6-translations-l10n linux-perf hotspot hyperfine xvfb xauth"

missing=""
for p in $packages; do
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
