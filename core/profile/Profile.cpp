#include "profile/Profile.h"

#include <algorithm>
#include <cctype>

namespace perfglass {

void SampleTable::shrinkToFit() {
    time.shrink_to_fit();
    pid.shrink_to_fit();
    tid.shrink_to_fit();
    cpu.shrink_to_fit();
    event.shrink_to_fit();
    period.shrink_to_fit();
    stack.shrink_to_fit();
}

size_t SampleTable::memoryBytes() const {
    return time.memoryBytes() + pid.memoryBytes() + tid.memoryBytes() + cpu.memoryBytes() +
           event.memoryBytes() + period.memoryBytes() + stack.memoryBytes();
}

const std::string &Profile::modulePath(ModuleId id) const {
    static const std::string process = "[process]";
    static const std::string idle = "[idle]";
    static const std::string unknown = "[unknown]";
    if (id < modules.size()) return strings[modules[id].path];
    return id == kProcessModule ? process : id == kIdleModule ? idle : unknown;
}

std::string Profile::moduleName(ModuleId id) const {
    const std::string &path = modulePath(id);
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

int Profile::firstSampledEvent() const {
    for (size_t i = 0; i < events.size(); ++i)
        if (events[i].samples > 0) return static_cast<int>(i);
    return 0;
}

bool Profile::systemWide() const {
    for (size_t i = 1; i < cmdline.size(); ++i) {
        const std::string &arg = cmdline[i];
        if (arg == "--") break;
        if (arg == "-a" || arg == "--all-cpus") return true;
        // A cluster of short flags without value, such as perf's "-ag".
        const bool cluster =
            arg.size() > 2 && arg[0] == '-' && arg[1] != '-' &&
            std::all_of(arg.begin() + 1, arg.end(), [](unsigned char c) { return std::isalpha(c) != 0; });
        if (cluster && arg.find('a') != std::string::npos) return true;
    }
    return false;
}

std::string Profile::processName(uint32_t pid) const {
    const ThreadInfo *any = nullptr;
    for (const ThreadInfo &thread : threads) {
        if (thread.pid != pid || strings[thread.name].empty()) continue;
        if (thread.tid == pid) return strings[thread.name];
        if (!any) any = &thread;
    }
    return any ? strings[any->name] : "[pid " + std::to_string(pid) + "]";
}

} // namespace perfglass
