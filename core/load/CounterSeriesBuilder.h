// Turns the stat records of a session (THREAD_MAP, CPU_MAP, STAT, STAT_ROUND) into counter series: the
// cumulative values of each STAT record become per-round deltas (docs/session-format.md). Works on files
// written by Perfglass and by `perf stat record`.
#pragma once

#include "events/CounterValue.h"
#include "events/EventAttr.h"
#include "profile/CounterSeries.h"

#include <linux/perf_event.h>

#include <cstdint>
#include <map>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace perfglass {

class CounterSeriesBuilder {
public:
    void setEvents(const std::vector<EventAttr> &events);
    // Consumes a stat record and returns true; returns false for every other record type.
    bool addRecord(const perf_event_header *record);
    std::vector<CounterSeries> finish();
    uint64_t malformedRecords() const { return malformed_; }
    uint64_t unknownIds() const { return unknownIds_; }

    static bool isStatRecord(uint32_t type);

private:
    using Key = std::tuple<uint32_t, int32_t, int32_t>; // event, cpu, tid
    void addStat(const perf_event_header *record);
    void addRound(const perf_event_header *record);

    std::unordered_map<uint64_t, uint32_t> eventById_;
    std::vector<std::string> names_;
    std::vector<int> cpus_;
    std::vector<int64_t> threads_;
    std::map<Key, CounterValue> pending_;  // read in the current round
    std::map<Key, CounterValue> previous_; // cumulative values of the last round
    std::map<Key, CounterSeries> series_;
    uint64_t malformed_ = 0;
    uint64_t unknownIds_ = 0;
};

} // namespace perfglass
