// speedscope's own file format (https://www.speedscope.app/file-format-schema.json): shared frames (one per
// function, with its module as the file) and one "sampled" profile per thread, the heaviest
// thread first (speedscope opens on the first profile), samples in time order as
// frame indices outermost first, with their weights. Filters and transforms apply. An inlined function is a
// frame of its own, apart from out-of-line calls of it: its name ends in " (inlined)" (as perf marks inline
// frames), its file is its source file and its line the function's hottest line (SourceLocations) where the
// debug information says, else its module.
#pragma once

#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace perfglass {

class SpeedscopeExporter {
public:
    static constexpr const char *kInlineSuffix = " (inlined)";

    // unit: "nanoseconds" when weighing clock events by period, else "none".
    static nlohmann::json toJson(const Profile &profile, const SampleFilter &filter, const std::string &name);
    // Throws Error naming the file when it cannot be written.
    static void writeFile(const Profile &profile, const SampleFilter &filter, const std::string &name,
                          const std::string &path);
};

} // namespace perfglass
