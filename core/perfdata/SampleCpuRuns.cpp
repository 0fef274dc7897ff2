#include "perfdata/SampleCpuRuns.h"

#include <numeric>

namespace perfglass {

void SampleCpuRuns::append(uint32_t cpu) {
    if (!runs_.empty() && runs_.back().cpu == cpu && runs_.back().samples < UINT32_MAX) {
        ++runs_.back().samples;
        return;
    }
    runs_.push_back({1, cpu});
}

uint64_t SampleCpuRuns::sampleCount() const {
    return std::accumulate(runs_.begin(), runs_.end(), uint64_t{0},
                           [](uint64_t sum, const Run &run) { return sum + run.samples; });
}

std::vector<uint8_t> SampleCpuRuns::encode() const {
    FeatureEncoder encoder;
    encoder.u64(runs_.size());
    for (const Run &run : runs_) {
        encoder.u32(run.samples);
        encoder.u32(run.cpu);
    }
    return encoder.take();
}

std::optional<SampleCpuRuns> SampleCpuRuns::decode(FeatureDecoder &decoder) {
    const auto count = decoder.u64();
    if (!count || *count > decoder.remaining() / sizeof(Run)) return std::nullopt;
    SampleCpuRuns result;
    result.runs_.resize(static_cast<size_t>(*count));
    for (Run &run : result.runs_) {
        run.samples = *decoder.u32();
        run.cpu = *decoder.u32();
    }
    return result;
}

uint32_t SampleCpuCursor::next() {
    while (run_ < runs_.size() && usedInRun_ == runs_[run_].samples) {
        ++run_;
        usedInRun_ = 0;
    }
    if (run_ == runs_.size()) return kNoCpu;
    ++usedInRun_;
    return runs_[run_].cpu;
}

} // namespace perfglass
