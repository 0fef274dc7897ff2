// How costs are shown: time for clock events (their period is in nanoseconds), plain counts for the rest.
#pragma once

#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <QString>

#include <cstdint>
#include <string>

namespace perfglass {

enum class CostUnit {
    Nanoseconds, // cpu-clock, task-clock: the period is time
    Count,       // every other event: the period counts events
};

CostUnit costUnitForEvent(const EventInfo &event);
// "1.25 s", "340 ms", "12.5 µs" or "1,234,567" (in the locale's digit grouping).
QString formatCost(uint64_t cost, CostUnit unit);
// "61.3 %" with one decimal; "< 0.1 %" for small non-zero shares.
QString formatPercent(uint64_t part, uint64_t total);
double percentOf(uint64_t part, uint64_t total);
// A heat map rectangle's part of each column: "200–400 ms of each 1 s".
QString formatTimeSlice(const TimeSlice &slice);

} // namespace perfglass
