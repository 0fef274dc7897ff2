// The one clock of a session: CLOCK_MONOTONIC, which samples (use_clockid), counter reads and the UI share.
#pragma once

#include <cstdint>
#include <ctime>

namespace perfglass {

inline uint64_t monotonicNanoseconds() {
    timespec now{};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<uint64_t>(now.tv_sec) * 1'000'000'000u + static_cast<uint64_t>(now.tv_nsec);
}

} // namespace perfglass
