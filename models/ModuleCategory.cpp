#include "ModuleCategory.h"

#include <array>

namespace perfglass {

ModuleCategory moduleCategoryOfPath(std::string_view path, bool kernel) {
    if (kernel) return ModuleCategory::Kernel;
    if (path.empty() || path == "[unknown]") return ModuleCategory::Unknown;
    if (path.starts_with("[kernel") || path.ends_with(".ko") || path.ends_with(".ko]"))
        return ModuleCategory::Kernel;
    if (path.starts_with("[")) return ModuleCategory::SystemLibrary; // [vdso], [vsyscall]
    static constexpr std::array<std::string_view, 5> systemDirs = {"/usr/lib", "/lib", "/usr/lib64", "/lib64",
                                                                   "/usr/libexec"};
    for (std::string_view dir : systemDirs) {
        if (path.starts_with(dir) && path.size() > dir.size() &&
            (path[dir.size()] == '/' || path.substr(dir.size()).starts_with("32/")))
            return ModuleCategory::SystemLibrary;
    }
    return ModuleCategory::Application;
}

ModuleCategory moduleCategory(const Profile &profile, ModuleId module) {
    if (module >= profile.modules.size()) return ModuleCategory::Unknown;
    return moduleCategoryOfPath(profile.modulePath(module), profile.modules[module].kernel);
}

} // namespace perfglass
