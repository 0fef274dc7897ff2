// One event of a session: the kernel attribute, the name the user gave it and the ids the kernel assigned.
#pragma once

#include <linux/perf_event.h>

#include <cstdint>
#include <string>
#include <vector>

namespace perfglass {

struct EventAttr {
    perf_event_attr attr{};
    std::string name;
    std::vector<uint64_t> ids;
};

} // namespace perfglass
