// The CPU of every sample of a recording whose samples do not carry one (no PERF_SAMPLE_CPU): perf leaves the
// CPU out of per-process recordings, 8 bytes of every sample. The recorder drains one ring buffer per CPU, so
// the samples it writes come in runs of one CPU; the runs, in the order the samples lie in the data section
// (inside compressed records too), are a feature section perf and hotspot skip (format::kFeatSampleCpus).
// Section layout: u64 run count, then per run u32 samples and u32 CPU. A run costs 8 bytes, so the table is
// never larger than the CPU fields it replaces.
#pragma once

#include "perfdata/FeatureCodec.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace perfglass {

class SampleCpuRuns {
public:
    struct Run {
        uint32_t samples;
        uint32_t cpu;
    };

    // The next sample written ran on cpu.
    void append(uint32_t cpu);
    bool empty() const { return runs_.empty(); }
    const std::vector<Run> &runs() const { return runs_; }
    uint64_t sampleCount() const;

    std::vector<uint8_t> encode() const;
    // nullopt when the section is cut short or declares more runs than it holds.
    static std::optional<SampleCpuRuns> decode(FeatureDecoder &decoder);

private:
    std::vector<Run> runs_;
};

// Hands out the CPUs of the runs one sample at a time, in data-section order.
class SampleCpuCursor {
public:
    static constexpr uint32_t kNoCpu = UINT32_MAX;

    explicit SampleCpuCursor(const SampleCpuRuns &runs)
        : runs_(runs.runs()) {}
    // The CPU of the next sample; kNoCpu past the last run (or when there are none).
    uint32_t next();

private:
    const std::vector<SampleCpuRuns::Run> &runs_;
    size_t run_ = 0;
    uint32_t usedInRun_ = 0;
};

} // namespace perfglass
