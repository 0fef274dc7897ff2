// How a comparison puts two profiles' costs on one scale (FlatDiff, CallTreeDiff): as a share of each side's
// total in percent (the default, as `perf diff` does, so a longer or busier run compares with a shorter one),
// or as seconds of the event (for time events, whose period is in nanoseconds: what got slower in absolute
// terms).
#pragma once

#include "analysis/SampleFilter.h"
#include "events/GenericEvents.h"
#include "profile/Profile.h"

#include <cstdint>

namespace perfglass {

enum class DiffNormalize { Share, Time };

// Whether FILTER weighs PROFILE's samples in nanoseconds of a time event (a clock event's periods), so that
// DiffNormalize::Time puts them in seconds.
inline bool measuresTime(const Profile &profile, const SampleFilter &filter) {
    if (filter.cost == CostKind::Samples || filter.event < 0 ||
        static_cast<size_t>(filter.event) >= profile.events.size())
        return false;
    const EventInfo &event = profile.events[static_cast<size_t>(filter.event)];
    return isClockEvent(event.type, event.config);
}

struct DiffScale {
    DiffNormalize normalize = DiffNormalize::Share;
    uint64_t baselineTotal = 0;
    uint64_t comparisonTotal = 0;

    // A baseline or comparison cost on the scale: percent of that side's total, or seconds.
    double baseline(uint64_t cost) const { return scaled(cost, baselineTotal); }
    double comparison(uint64_t cost) const { return scaled(cost, comparisonTotal); }
    // The comparison's value minus the baseline's: positive where it grew.
    double delta(uint64_t baselineCost, uint64_t comparisonCost) const {
        return comparison(comparisonCost) - baseline(baselineCost);
    }
    // The unit of the values: "%" or "s".
    const char *unit() const { return normalize == DiffNormalize::Share ? "%" : "s"; }

private:
    double scaled(uint64_t cost, uint64_t total) const {
        if (normalize == DiffNormalize::Time) return static_cast<double>(cost) / 1e9;
        return total == 0 ? 0.0 : 100.0 * static_cast<double>(cost) / static_cast<double>(total);
    }
};

} // namespace perfglass
