#!/bin/sh
# The main job of `make run`: record the bundled demo program, then show the recording, in the window when
# there is a display and as a top-down report in the terminal when there is none.
set -eu
build=${1:-build}
demo="$build/tests/clients/hotspots-fp"
session="$build/demo.data"
"$build/cli/perfglass-cli" record -g -o "$session" -- "$demo" 2000 2 || [ $? -eq 3 ] # the demo exits with 3
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x "$build/gui/perfglass" ]; then
  exec "$build/gui/perfglass" "$session"
fi
exec "$build/cli/perfglass-cli" report -i "$session"
