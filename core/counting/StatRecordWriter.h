// Writes the readings of a CounterSet into a session file as perf's stat records, so `perf stat report`
// reads the counts and Perfglass reads them back as counter series (docs/session-format.md).
//
// Use: construct after the PerfDataWriter (whose events must include counters.fileAttrs()), call
// writeMaps() once, then sample() every interval and sample(time, true) at the end. The recorder
// (`record --counters`) calls it from its drain loop with CLOCK_MONOTONIC times; `stat -o` with the time
// since counting began, as `perf stat record` does.
#pragma once

#include "counting/CounterSet.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/StatRecords.h"

#include <string>
#include <vector>

namespace perfglass {

class StatRecordWriter {
public:
    struct Config {
        uint64_t aggrMode = stat::kAggrGlobal;
        uint64_t intervalMs = 0;
        bool scale = true;
    };

    StatRecordWriter(const CounterSet &counters, PerfDataWriter &writer, Config config);

    // THREAD_MAP, CPU_MAP and STAT_CONFIG; once, before the first sample. The thread map names each thread
    // by its /proc comm, or by threadNames[i] where given and not empty (a launched program that has not
    // exec'd yet still has the recorder's name).
    void writeMaps(const std::vector<std::string> &threadNames = {});
    // Reads every counter, writes one STAT record per opened counter and a STAT_ROUND. Returns the
    // cumulative readings ([event][slot], as CounterSet::read()).
    std::vector<std::vector<CounterValue>> sample(uint64_t time, bool final = false);
    // Same with readings the caller already took.
    void write(const std::vector<std::vector<CounterValue>> &cumulative, uint64_t time, bool final = false);

    size_t rounds() const { return rounds_; }

private:
    void writeBytes(const stat::Bytes &bytes);

    const CounterSet &counters_;
    PerfDataWriter &writer_;
    Config config_;
    size_t rounds_ = 0;
};

} // namespace perfglass
