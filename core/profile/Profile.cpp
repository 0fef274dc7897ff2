#include "profile/Profile.h"

namespace perfglass {

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

} // namespace perfglass
