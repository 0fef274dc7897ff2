// speedscope's own file format (https://www.speedscope.app/file-format-schema.json): shared frames (one per
// function, with its module as the file) and one "sampled" profile per thread, samples in time order as
// frame indices outermost first, with their weights. Filters and transforms apply.
#pragma once

#include "Profile.h"
#include "SampleFilter.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace perfglass {

class SpeedscopeExporter {
public:
    // unit: "nanoseconds" when weighing clock events by period, else "none".
    static nlohmann::json toJson(const Profile &profile, const SampleFilter &filter, const std::string &name);
    // Throws Error naming the file when it cannot be written.
    static void writeFile(const Profile &profile, const SampleFilter &filter, const std::string &name,
                          const std::string &path);
};

} // namespace perfglass
