#include "profile/Profile.h"

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
