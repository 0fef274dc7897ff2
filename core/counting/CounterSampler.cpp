#include "counting/CounterSampler.h"

#include <fstream>

namespace perfglass {

namespace {
std::string commOf(pid_t tid) {
    std::ifstream file("/proc/" + std::to_string(tid) + "/comm");
    std::string comm;
    std::getline(file, comm);
    return comm;
}
} // namespace

CounterSampler::CounterSampler(const CounterSession &session, PerfDataWriter &writer, Config config)
    : session_(session)
    , writer_(writer)
    , config_(config) {}

void CounterSampler::writeBytes(const stat::Bytes &bytes) {
    writer_.writeRecord(bytes.data(), bytes.size());
}

void CounterSampler::writeMaps(const std::vector<std::string> &threadNames) {
    std::vector<stat::ThreadMapEntry> threads;
    const auto &tids = session_.target().threads;
    for (size_t i = 0; i < tids.size(); ++i) {
        const bool named = i < threadNames.size() && !threadNames[i].empty();
        threads.push_back({tids[i], named ? threadNames[i] : tids[i] < 0 ? std::string() : commOf(tids[i])});
    }
    writeBytes(stat::encodeThreadMap(threads));
    writeBytes(stat::encodeCpuMap(session_.target().cpus));
    writeBytes(stat::encodeStatConfig(config_.aggrMode, config_.intervalMs, config_.scale));
}

std::vector<std::vector<CounterValue>> CounterSampler::sample(uint64_t time, bool final) {
    auto cumulative = session_.read();
    write(cumulative, time, final);
    return cumulative;
}

void CounterSampler::write(const std::vector<std::vector<CounterValue>> &cumulative, uint64_t time,
                           bool final) {
    const auto &target = session_.target();
    const auto &ids = session_.ids();
    for (size_t e = 0; e < cumulative.size() && e < ids.size(); ++e) {
        for (size_t c = 0; c < target.cpus.size(); ++c) {
            for (size_t t = 0; t < target.threads.size(); ++t) {
                const size_t slot = session_.slot(c, t);
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
