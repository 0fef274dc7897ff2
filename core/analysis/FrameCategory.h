// Which kind of code a frame runs, and the colours every flame graph gives it (the desktop application's and
// the SVG export), so the two agree: one hue range per category, varied within it by a stable hash of the
// function's name so neighbours differ; inline frames are a paler shade of their category's colour.
#pragma once

#include "analysis/CallTree.h"
#include "profile/Profile.h"

#include <cstdint>
#include <string_view>

namespace perfglass {

enum class FrameCategory {
    Application,   // the profiled programs, wherever installed (cc1plus in /usr/lib/gcc), and their own
                   // libraries
    SystemLibrary, // shared objects (*.so, *.so.N) under the system's library directories, [vdso]
    Kernel,        // [kernel.kallsyms] and kernel modules
    Jit,           // code generated at run time, named by a JIT map (/tmp/perf-PID.map)
    Unknown,       // addresses outside every known mapping
    Process,       // a process or thread box of a tree grouped by process (kProcessModule)
    Idle,          // the idle task, PID 0 (kIdleModule)
};

struct Rgb {
    uint8_t red = 0;
    uint8_t green = 0;
    uint8_t blue = 0;
    friend bool operator==(const Rgb &, const Rgb &) = default;
};

FrameCategory frameCategory(const Profile &profile, ModuleId module);
// The classification by path alone: "/usr/lib/x86_64-linux-gnu/libc.so.6" is a system library,
// "/usr/lib/gcc/x86_64-linux-gnu/12/cc1plus" (a program, not a shared object) is the application.
FrameCategory frameCategoryOfPath(std::string_view path, bool kernel);

namespace FramePalette {
inline constexpr Rgb kRoot{196, 196, 204};
inline constexpr Rgb kMerged{200, 200, 200}; // frames too narrow to draw, drawn as one
inline constexpr Rgb kBrokenStack{178, 34, 52};

// The fill of a frame of CATEGORY running the function NAME; the same name always gets the same colour.
Rgb frameColour(FrameCategory category, std::string_view name);
// An inline frame's fill: BASE (its out-of-line colour) paler and a little less saturated.
Rgb inlinedColour(Rgb base);
// The dashed outline of an inline frame whose out-of-line colour is BASE.
Rgb inlinedOutline(Rgb base);
// The colour of NODE of TREE were it not inline: the root's, a broken stack's, or its category's for its
// function's name. An inline node is filled with inlinedColour() of it and outlined with inlinedOutline().
Rgb outOfLineColour(const CallTree &tree, uint32_t node);
} // namespace FramePalette

} // namespace perfglass
