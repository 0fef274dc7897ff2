#!/bin/sh
# Installs the npm packages the tests use, into DIR/node_modules (default: build/npm, where the tests look):
#   @firefox-devtools/profiler-cli: the Firefox Profiler's command-line tool, whose loading and processing code
#   is the web application's; tst_exportconsumers loads our Firefox Profiler exports with it (node, headless).
# Needs node and npm (Debian's nodejs and npm, or NodeSource's nodejs); the tests skip what is not installed.
# Usage: install-npm-test-tools.sh [DIR]
set -eu
dir="${1:-build/npm}"
if ! command -v npm >/dev/null; then
    echo "install-npm-test-tools: npm is not installed (apt-get install nodejs npm)" >&2
    exit 1
fi
mkdir -p "$dir"
npm install --prefix "$dir" --no-audit --no-fund --no-save @firefox-devtools/profiler-cli@0.10.0
