// The Firefox Profiler's Gecko profile format (the JSON the Gecko profiler writes, which profiler.firefox.com
// and its command-line tool upgrade and process on loading; docs-developer/gecko-profile-format.md in
// github.com/firefox-devtools/profiler): one thread per thread of the session with its pid, tid and name and
// the process's name, samples in time order (milliseconds after the first sample of the session) with
// their stacks, and per thread string, frame and stack tables. A frame's location is "function (in
// module)", which the profiler reads as a native function of that library; inline frames say so in their
// name (" (inlined)") and carry their source line where known. Frames get one of the profiler's categories
// per FrameCategory (application, system library, kernel, JIT, unknown), coloured as close to the desktop
// application's palette as the profiler's named colours allow. Samples have no weights in this format:
// each sample counts once, so with varying periods the shares are of samples; for a clock event each
// sample's period goes into threadCPUDelta (nanoseconds), which the profiler draws as CPU use. Filters and
// transforms apply.
#pragma once

#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace perfglass {

class FirefoxProfileExporter {
public:
    static constexpr int kGeckoFormatVersion = 36;

    static nlohmann::json toJson(const Profile &profile, const SampleFilter &filter, const std::string &name);
    // Throws Error naming the file when it cannot be written.
    static void writeFile(const Profile &profile, const SampleFilter &filter, const std::string &name,
                          const std::string &path);
};

} // namespace perfglass
