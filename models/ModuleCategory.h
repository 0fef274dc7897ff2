// Which kind of code a module holds, so views can tell kernel, application and system-library frames apart.
#pragma once

#include "profile/Profile.h"

#include <string_view>

namespace perfglass {

enum class ModuleCategory {
    Application,   // the profiled program and its own libraries
    SystemLibrary, // shared libraries under the system's library directories, [vdso]
    Kernel,        // [kernel.kallsyms] and kernel modules
    Unknown,       // addresses outside every known mapping
};

ModuleCategory moduleCategory(const Profile &profile, ModuleId module);
// The classification by path alone: "/usr/lib/x86_64-linux-gnu/libc.so.6" is a system library.
ModuleCategory moduleCategoryOfPath(std::string_view path, bool kernel);

} // namespace perfglass
