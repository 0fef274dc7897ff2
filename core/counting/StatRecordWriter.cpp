#include "counting/StatRecordWriter.h"

#include "base/ProcFs.h"

namespace perfglass {

StatRecordWriter::StatRecordWriter(const CounterSet &counters, PerfDataWriter &writer, Config config)
    : counters_(counters)
    , writer_(writer)
    , config_(config) {}

void StatRecordWriter::writeBytes(const stat::Bytes &bytes) {
    writer_.writeRecord(bytes.data(), bytes.size());
}

void StatRecordWriter::writeMaps(const std::vector<std::string> &threadNames) {
    std::vector<stat::ThreadMapEntry> threads;
    const auto &tids = counters_.target().threads;
    for (size_t i = 0; i < tids.size(); ++i) {
        const bool named = i < threadNames.size() && !threadNames[i].empty();
        threads.push_back({tids[i], named ? threadNames[i] : tids[i] < 0 ? std::string() : commOf(tids[i])});
    }
    writeBytes(stat::encodeThreadMap(threads));
    writeBytes(stat::encodeCpuMap(counters_.target().cpus));
    writeBytes(stat::encodeStatConfig(config_.aggrMode, config_.intervalMs, config_.scale));
}

std::vector<std::vector<CounterValue>> StatRecordWriter::sample(uint64_t time, bool final) {
    auto cumulative = counters_.read();
    write(cumulative, time, final);
    return cumulative;
}

void StatRecordWriter::write(const std::vector<std::vector<CounterValue>> &cumulative, uint64_t time,
                             bool final) {
    const auto &target = counters_.target();
    const auto &ids = counters_.ids();
    for (size_t e = 0; e < cumulative.size() && e < ids.size(); ++e) {
        for (size_t c = 0; c < target.cpus.size(); ++c) {
            for (size_t t = 0; t < target.threads.size(); ++t) {
                const size_t slot = counters_.slot(c, t);
                if (ids[e][slot] == 0) continue;
                stat::StatEntry entry;
                entry.id = ids[e][slot];
                entry.cpu = target.cpus[c];
                entry.threadIndex = static_cast<uint32_t>(t);
                entry.value = cumulative[e][slot];
                writeBytes(stat::encodeStat(entry));
            }
        }
    }
    writeBytes(stat::encodeStatRound({final ? stat::kRoundFinal : stat::kRoundInterval, time}));
    ++rounds_;
}

} // namespace perfglass
