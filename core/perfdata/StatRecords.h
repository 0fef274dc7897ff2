// perf's records for counting sessions (`perf stat record`), which `perf stat report` and `perf script` read
// and `perf report` skips: THREAD_MAP (73), CPU_MAP (74), STAT_CONFIG (75), STAT (76) and STAT_ROUND (77).
// Layouts from tools/lib/perf/include/perf/event.h in the Linux sources; docs/session-format.md describes how
// Perfglass uses them.
#pragma once

#include "events/CounterValue.h"

#include <linux/perf_event.h>
#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace perfglass::stat {

// enum aggr_mode of perf 6.1 (tools/perf/util/stat.h), stored in STAT_CONFIG.
enum AggrMode : uint64_t {
    kAggrNone = 0,
    kAggrGlobal = 1,
    kAggrSocket = 2,
    kAggrDie = 3,
    kAggrCore = 4,
    kAggrThread = 5,
};
enum ConfigTag : uint64_t { kTagAggrMode = 0, kTagInterval = 1, kTagScale = 2 };
enum RoundType : uint64_t { kRoundInterval = 0, kRoundFinal = 1 };

struct StatEntry {
    uint64_t id = 0;
    int32_t cpu = 0;          // the CPU number (not an index), -1 for a counter on any CPU
    uint32_t threadIndex = 0; // index into the thread map
    CounterValue value;       // cumulative
};

struct StatRound {
    uint64_t type = kRoundInterval;
    uint64_t time = 0;
};

struct ThreadMapEntry {
    int64_t pid = -1; // -1: any thread (system-wide)
    std::string comm;
};

using Bytes = std::vector<uint8_t>;

Bytes encodeThreadMap(const std::vector<ThreadMapEntry> &threads);
// The CPU list encoding (type 0) every perf version reads; -1 stands for "any CPU".
Bytes encodeCpuMap(const std::vector<int> &cpus);
Bytes encodeStatConfig(uint64_t aggrMode, uint64_t intervalMs, bool scale);
Bytes encodeStat(const StatEntry &entry);
Bytes encodeStatRound(const StatRound &round);

// Decoders return nullopt when the record is too short or malformed for its type.
std::optional<std::vector<ThreadMapEntry>> decodeThreadMap(const perf_event_header *record);
// Reads the list (0), mask (1) and range (2) encodings.
std::optional<std::vector<int>> decodeCpuMap(const perf_event_header *record);
std::optional<std::vector<std::pair<uint64_t, uint64_t>>> decodeStatConfig(const perf_event_header *record);
std::optional<StatEntry> decodeStat(const perf_event_header *record);
std::optional<StatRound> decodeStatRound(const perf_event_header *record);

} // namespace perfglass::stat
