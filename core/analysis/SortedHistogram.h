// perf report's table: samples grouped by sort keys (comm, pid, tid, dso, sym, cpu, parallelism, as `perf
// report --sort`; pid rows are threads, "tid:comm", as perf's, and tid is the same key under its own title),
// each group's self cost (samples whose leaf frame falls in it) and, with children, its cost including
// callees (samples with the group anywhere on the stack, once per sample). Inline frames count toward the
// function they were inlined into, as perf report counts without --inline. Counts the recorded stacks:
// transforms of the filter do not apply. Percentages are of the total before the comm, dso and symbol
// filters, as perf's default --percentage absolute.
#pragma once

#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

// Parallelism: how many threads of the sample's process ran then (analysis/Parallelism.h, perf 6.15's key).
enum class SortKey : uint8_t { Comm, Pid, Tid, Dso, Sym, Cpu, Parallelism };

// "comm", "pid", "tid", "dso", "sym" or "symbol", "cpu"; nothing for others.
std::optional<SortKey> sortKeyFromName(std::string_view name);
// The names sortKeyFromName knows, for messages.
std::vector<std::string> sortKeyNames();

struct HistogramOptions {
    std::vector<SortKey> keys{SortKey::Comm, SortKey::Dso, SortKey::Sym}; // perf report's default
    bool children = false;
    // Only entries of these comms, modules (file name or path) and function names; empty: all.
    std::vector<std::string> comms;
    std::vector<std::string> dsos;
    std::vector<std::string> symbols;
    // Per sample, its parallelism (for SortKey::Parallelism) and its latency weight (Parallelism.h); with
    // latency the entries carry latency costs beside their own (perf report --latency).
    std::shared_ptr<const std::vector<uint32_t>> parallelism;
    std::shared_ptr<const std::vector<uint64_t>> latency;
};

// One row; fields of keys not sorted by are 0.
struct HistogramEntry {
    StringId comm = 0;
    uint32_t pid = 0;
    uint32_t tid = 0;
    uint32_t cpu = 0;
    ModuleId module = 0;
    FunctionId function = 0;
    uint64_t self = 0;
    uint64_t children = 0; // self plus callees; equal to self without children
    uint32_t parallelism = 0;
    uint64_t latencySelf = 0;
    uint64_t latencyChildren = 0;
};

struct SortedHistogram {
    std::vector<SortKey> keys;
    bool children = false;
    std::vector<HistogramEntry> entries; // by children (with children) or self cost, highest first
    uint64_t total = 0;                  // every sample the filter accepts, before the name filters
    uint64_t latencyTotal = 0;           // their latency, when HistogramOptions::latency is set
    bool latency = false;
    uint64_t sampleCount = 0;

    static SortedHistogram compute(const Profile &profile, const SampleFilter &filter,
                                   const HistogramOptions &options);
};

} // namespace perfglass
