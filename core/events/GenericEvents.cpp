#include "events/GenericEvents.h"

#include <linux/perf_event.h>

#include <algorithm>
#include <array>
#include <cctype>

namespace perfglass {

namespace {

std::vector<GenericEvent> makeSymbolicEvents() {
    const auto hw = [](std::string name, std::vector<std::string> aliases, uint64_t config,
                       std::string description) {
        return GenericEvent{
            std::move(name), std::move(aliases),    EventCategory::Hardware, PERF_TYPE_HARDWARE,
            config,          std::move(description)};
    };
    const auto sw = [](std::string name, std::vector<std::string> aliases, uint64_t config,
                       std::string description) {
        return GenericEvent{
            std::move(name), std::move(aliases),    EventCategory::Software, PERF_TYPE_SOFTWARE,
            config,          std::move(description)};
    };
    return {
        hw("cycles", {"cpu-cycles"}, PERF_COUNT_HW_CPU_CYCLES,
           "CPU cycles (their rate follows frequency scaling)"),
        hw("instructions", {}, PERF_COUNT_HW_INSTRUCTIONS, "instructions retired"),
        hw("cache-references", {}, PERF_COUNT_HW_CACHE_REFERENCES,
           "cache accesses (usually of the last-level cache)"),
        hw("cache-misses", {}, PERF_COUNT_HW_CACHE_MISSES, "cache misses (usually of the last-level cache)"),
        hw("branches", {"branch-instructions"}, PERF_COUNT_HW_BRANCH_INSTRUCTIONS,
           "branch instructions retired"),
        hw("branch-misses", {}, PERF_COUNT_HW_BRANCH_MISSES, "mispredicted branch instructions"),
        hw("bus-cycles", {}, PERF_COUNT_HW_BUS_CYCLES, "bus cycles, which may differ from CPU cycles"),
        hw("stalled-cycles-frontend", {"idle-cycles-frontend"}, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND,
           "cycles in which no instruction was issued"),
        hw("stalled-cycles-backend", {"idle-cycles-backend"}, PERF_COUNT_HW_STALLED_CYCLES_BACKEND,
           "cycles in which no instruction was retired"),
        hw("ref-cycles", {}, PERF_COUNT_HW_REF_CPU_CYCLES,
           "CPU cycles at a constant reference rate (not affected by frequency scaling)"),
        sw("cpu-clock", {}, PERF_COUNT_SW_CPU_CLOCK,
           "a high-resolution timer per CPU: time on CPU in nanoseconds, for sampling by time"),
        sw("task-clock", {}, PERF_COUNT_SW_TASK_CLOCK,
           "the task's own clock: its running time in nanoseconds"),
        sw("page-faults", {"faults"}, PERF_COUNT_SW_PAGE_FAULTS, "page faults"),
        sw("context-switches", {"cs"}, PERF_COUNT_SW_CONTEXT_SWITCHES, "context switches"),
        sw("cpu-migrations", {"migrations"}, PERF_COUNT_SW_CPU_MIGRATIONS,
           "moves of the task to another CPU"),
        sw("minor-faults", {}, PERF_COUNT_SW_PAGE_FAULTS_MIN, "page faults served without I/O"),
        sw("major-faults", {}, PERF_COUNT_SW_PAGE_FAULTS_MAJ, "page faults that needed I/O"),
        sw("alignment-faults", {}, PERF_COUNT_SW_ALIGNMENT_FAULTS, "unaligned accesses the kernel fixed up"),
        sw("emulation-faults", {}, PERF_COUNT_SW_EMULATION_FAULTS,
           "unimplemented instructions the kernel emulated"),
        sw("dummy", {}, PERF_COUNT_SW_DUMMY,
           "counts nothing; carries the side-band records (memory maps, names, switches)"),
        sw("bpf-output", {}, PERF_COUNT_SW_BPF_OUTPUT,
           "data that BPF programs send with bpf_perf_event_output"),
        sw("cgroup-switches", {}, 11,
           "context switches to a task of another cgroup"), // PERF_COUNT_SW_CGROUP_SWITCHES, Linux 5.13
    };
}

// Spellings perf accepts for the caches, operations and results; the first of each is the canonical one.
struct CacheWords {
    std::vector<std::string_view> words;
};

const std::array<CacheWords, 7> kCaches{{
    {{"L1-dcache", "l1-d", "l1d", "L1-data"}},
    {{"L1-icache", "l1-i", "l1i", "L1-instruction"}},
    {{"LLC", "L2"}},
    {{"dTLB", "d-tlb", "Data-TLB"}},
    {{"iTLB", "i-tlb", "Instruction-TLB"}},
    {{"branch", "branches", "bpu", "btb", "bpc"}},
    {{"node"}},
}};
const std::array<CacheWords, 3> kOperations{{
    {{"load", "loads", "read"}},
    {{"store", "stores", "write"}},
    {{"prefetch", "prefetches", "speculative-read", "speculative-load"}},
}};
const std::array<CacheWords, 2> kResults{{
    {{"refs", "Reference", "ops", "access"}},
    {{"misses", "miss"}},
}};

// Which operations each cache supports (bit per operation), as perf lists them.
constexpr std::array<unsigned, 7> kCacheOperations{7, 5, 7, 7, 1, 1, 7};

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

bool startsWithIgnoreCase(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && equalsIgnoreCase(text.substr(0, prefix.size()), prefix);
}

// Matches one of words at the start of text, followed by the end or '-'; returns its index and consumes it.
template <size_t N>
std::optional<unsigned> consumeWord(std::string_view &text, const std::array<CacheWords, N> &table) {
    std::optional<unsigned> best;
    size_t bestLength = 0;
    for (unsigned i = 0; i < N; ++i) {
        for (std::string_view word : table[i].words) {
            if (word.size() <= bestLength || !startsWithIgnoreCase(text, word)) continue;
            if (text.size() != word.size() && text[word.size()] != '-') continue;
            best = i;
            bestLength = word.size();
        }
    }
    if (best) text.remove_prefix(std::min(text.size(), bestLength + 1));
    return best;
}

std::string cacheDescription(unsigned cache, unsigned op, unsigned result) {
    static constexpr std::array<const char *, 7> kCacheNames{"level 1 data cache",
                                                             "level 1 instruction cache",
                                                             "last-level cache",
                                                             "data TLB",
                                                             "instruction TLB",
                                                             "branch prediction unit",
                                                             "memory of the local NUMA node"};
    static constexpr std::array<const char *, 3> kOperationNames{"loads", "stores", "prefetches"};
    std::string text = std::string(kCacheNames[cache]) + ": " + kOperationNames[op];
    return text + (result == PERF_COUNT_HW_CACHE_RESULT_MISS ? " that missed" : " (all accesses)");
}

std::vector<GenericEvent> makeCacheEvents() {
    std::vector<GenericEvent> events;
    for (unsigned cache = 0; cache < kCaches.size(); ++cache) {
        for (unsigned op = 0; op < kOperations.size(); ++op) {
            if (!(kCacheOperations[cache] & (1u << op))) continue;
            for (unsigned result = 0; result < kResults.size(); ++result) {
                std::string name(kCaches[cache].words[0]);
                if (result == PERF_COUNT_HW_CACHE_RESULT_ACCESS)
                    name += "-" + std::string(kOperations[op].words[1]);
                else
                    name += "-" + std::string(kOperations[op].words[0]) + "-" +
                            std::string(kResults[result].words[0]);
                events.push_back(GenericEvent{name,
                                              {},
                                              EventCategory::Cache,
                                              PERF_TYPE_HW_CACHE,
                                              cache | (uint64_t{op} << 8) | (uint64_t{result} << 16),
                                              cacheDescription(cache, op, result)});
            }
        }
    }
    return events;
}

} // namespace

std::string_view categoryName(EventCategory category) {
    switch (category) {
    case EventCategory::Hardware:
        return "hardware";
    case EventCategory::Software:
        return "software";
    case EventCategory::Cache:
        return "cache";
    case EventCategory::Pmu:
        return "pmu";
    case EventCategory::Raw:
        return "raw";
    case EventCategory::Tracepoint:
        return "tracepoint";
    case EventCategory::Breakpoint:
        return "breakpoint";
    }
    return "unknown";
}

const std::vector<GenericEvent> &symbolicEvents() {
    static const std::vector<GenericEvent> events = makeSymbolicEvents();
    return events;
}

const std::vector<GenericEvent> &cacheEvents() {
    static const std::vector<GenericEvent> events = makeCacheEvents();
    return events;
}

const GenericEvent *findSymbolicEvent(std::string_view name) {
    for (const auto &event : symbolicEvents()) {
        if (event.name == name) return &event;
        if (std::find(event.aliases.begin(), event.aliases.end(), name) != event.aliases.end()) return &event;
    }
    return nullptr;
}

std::optional<uint64_t> decodeCacheEvent(std::string_view name) {
    std::string_view rest = name;
    const auto cache = consumeWord(rest, kCaches);
    if (!cache) return std::nullopt;
    std::optional<unsigned> op;
    std::optional<unsigned> result;
    // After the cache come at most one operation and one result, in either order (perf's rule).
    for (int part = 0; part < 2 && !rest.empty(); ++part) {
        if (!op && (op = consumeWord(rest, kOperations))) continue;
        if (!result && (result = consumeWord(rest, kResults))) continue;
        return std::nullopt;
    }
    if (!rest.empty()) return std::nullopt;
    const unsigned operation = op.value_or(PERF_COUNT_HW_CACHE_OP_READ);
    if (!(kCacheOperations[*cache] & (1u << operation))) return std::nullopt;
    return *cache | (uint64_t{operation} << 8) |
           (uint64_t{result.value_or(PERF_COUNT_HW_CACHE_RESULT_ACCESS)} << 16);
}

std::string genericEventName(uint32_t type, uint64_t config) {
    for (const auto *events : {&symbolicEvents(), &cacheEvents()})
        for (const GenericEvent &event : *events)
            if (event.type == type && event.config == config) return event.name;
    return {};
}

bool isClockEvent(uint32_t type, uint64_t config) {
    return type == PERF_TYPE_SOFTWARE &&
           (config == PERF_COUNT_SW_CPU_CLOCK || config == PERF_COUNT_SW_TASK_CLOCK);
}

} // namespace perfglass
