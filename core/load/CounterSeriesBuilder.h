// Turns the stat records of a session (THREAD_MAP, CPU_MAP, STAT, STAT_ROUND) into counter series: the
// cumulative values of each STAT record become per-round deltas (docs/session-format.md). Works on files
// written by Perfglass and by `perf stat record`. Each point knows the wall-clock interval it covers, from
// the previous round to its own (intervalBegin for the first).
#pragma once

#include "events/CounterValue.h"
#include "events/EventAttr.h"
#include "perfdata/StatRecords.h"
#include "profile/CounterSeries.h"

#include <linux/perf_event.h>

#include <cstdint>
#include <map>
#include <optional>
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
    // The series of the rounds read so far, as finish() would give them now (for a snapshot of a growing
    // profile); the builder goes on.
    std::vector<CounterSeries> seriesSoFar() const;
    uint64_t malformedRecords() const { return malformed_; }
    uint64_t unknownIds() const { return unknownIds_; }

    static bool isStatRecord(uint32_t type);

private:
    using Key = std::tuple<uint32_t, int32_t, int32_t>; // event, cpu, tid
    void addStat(const perf_event_header *record);
    void addRound(const perf_event_header *record);
    void addConfig(const perf_event_header *record);
    uint64_t intervalBegin(uint64_t time) const;
    CounterSeries &seriesFor(const Key &key);

    std::unordered_map<uint64_t, uint32_t> eventById_;
    std::vector<std::string> names_;
    std::vector<bool> inherited_;
    std::vector<bool> clock_;
    bool launched_ = false; // some event starts at exec
    std::vector<int> cpus_;
    std::vector<stat::ThreadMapEntry> threads_;
    uint64_t intervalNs_ = 0;               // STAT_CONFIG's interval, 0 when none
    std::optional<uint64_t> previousRound_; // time of the last STAT_ROUND
    std::map<Key, CounterValue> pending_;   // read in the current round
    std::map<Key, CounterValue> previous_;  // cumulative values of the last round
    std::map<Key, CounterSeries> series_;
    std::map<Key, std::string> threadNames_;
    uint64_t malformed_ = 0;
    uint64_t unknownIds_ = 0;
};

} // namespace perfglass
