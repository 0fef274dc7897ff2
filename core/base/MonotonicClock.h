// The one clock of a session: CLOCK_MONOTONIC, which samples (use_clockid), counter reads and the UI share.
#pragma once

#include <cstdint>
#include <ctime>
#include <optional>

namespace perfglass {

inline uint64_t monotonicNanoseconds() {
    timespec now{};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<uint64_t>(now.tv_sec) * 1'000'000'000u + static_cast<uint64_t>(now.tv_nsec);
}

// How long ago TIME (nanoseconds on this clock) was; none when TIME cannot be on this boot's clock: 0, in the
// future, or more than an hour ago (an older file's, or another clock's).
inline std::optional<uint64_t> nanosecondsSince(uint64_t time) {
    const uint64_t now = monotonicNanoseconds();
    if (time == 0 || time > now || now - time >= 3'600'000'000'000u) return std::nullopt;
    return now - time;
}

} // namespace perfglass
