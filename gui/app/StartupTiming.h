// PERFGLASS_TIMING=1: the application measures its own start (issue 16). It prints to stderr, once each, the
// milliseconds since main() began when the main window was shown, when the session given on the command line
// was loaded and when the flame graph first painted frames: "perfglass timing: session loaded 212.4 ms".
// bench/gui.sh reads these lines. Without the variable, mark() does nothing.
#pragma once

#include <string_view>

namespace perfglass {

class StartupTiming {
public:
    // Starts the clock; call first thing in main().
    static void start();
    // Prints what happened and when, the first time it is marked.
    static void mark(std::string_view what);
    static bool enabled();
};

} // namespace perfglass
