// Wall-clock times (CLOCK_REALTIME, and the times of files) as nanoseconds since the epoch: how file times,
// process start times and a recording's start are compared.
#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <ctime>

namespace perfglass {

inline int64_t nanosecondsOf(const timespec &time) {
    return int64_t{time.tv_sec} * 1'000'000'000 + time.tv_nsec;
}

inline int64_t nanosecondsOf(const struct statx_timestamp &time) {
    return int64_t{time.tv_sec} * 1'000'000'000 + time.tv_nsec;
}

inline int64_t wallClockNanoseconds() {
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    return nanosecondsOf(now);
}

} // namespace perfglass
