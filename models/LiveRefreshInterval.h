// How often the live view of a recording and a stream (`perfglass -`, File > Open Stream) are read again: a
// user setting ("liveView/refreshSeconds", 1 s by default), set from the Recording dock, which
// `perfglass --refresh SECONDS` overrides for one run.
#pragma once

#include <chrono>

namespace perfglass {

class LiveRefreshInterval {
public:
    static constexpr int kDefaultSeconds = 1;
    static constexpr int kMinSeconds = 1;
    static constexpr int kMaxSeconds = 60;

    static int seconds();
    static std::chrono::milliseconds interval() { return std::chrono::seconds(seconds()); }
    // Kept in the settings, for this run and the next ones (clamped to kMinSeconds..kMaxSeconds).
    static void setSeconds(int seconds);
    // For this run only, over the setting.
    static void overrideSeconds(int seconds);
};

} // namespace perfglass
