// Aggregates counter readings the way perf stat does (whole target, per CPU, core, socket or thread),
// derives metrics (CPUs utilized, rates per second, GHz, insn per cycle, branch-miss and cache-miss
// percentages) and prints them in perf stat's layouts: the human table, CSV in perf-stat(1)'s field order,
// and JSON lines.
#pragma once

#include "counting/CounterSet.h"
#include "events/CounterValue.h"

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace perfglass {

enum class StatAggregation { Global, PerCpu, PerCore, PerSocket, PerThread };
enum class StatOutput { Human, Csv, Json };

// One row key of the output and its counters, one per event.
struct StatGroup {
    std::string label;      // "CPU0", "S0-D0-C0", "S0", "comm-tid"; empty for the whole target
    int aggregatedCpus = 0; // shown for --per-core/--per-socket
    std::vector<CounterValue> values;
    std::vector<double> relativeStddev; // -r: percent per event, empty otherwise
};

struct StatEventInfo {
    std::string name;
    std::string unit;
    double scale = 1.0;
    uint32_t type = 0;
    uint64_t config = 0;
    CounterStatus status = CounterStatus::Counting;
    std::string reason;
    bool userOnly = false; // counts user space only: kernel mode was refused for privileges

    static std::vector<StatEventInfo> from(const std::vector<CounterEvent> &events);
};

// values[event][slot] of a CounterSet laid out over cpus x threads.
std::vector<StatGroup> aggregateCounters(StatAggregation aggregation, const std::vector<int> &cpus,
                                         const std::vector<pid_t> &threads,
                                         const std::vector<std::string> &threadNames,
                                         const std::vector<std::vector<CounterValue>> &values);

struct StatMetric {
    double value = 0;
    std::string unit; // empty: no metric
};

struct StatFormatOptions {
    StatOutput output = StatOutput::Human;
    std::string separator = ",";
    bool scale = true;
    bool bigNum = true;
    StatAggregation aggregation = StatAggregation::Global;
};

class StatFormatter {
public:
    StatFormatter(std::vector<StatEventInfo> events, StatFormatOptions options);

    // The metric of event in group, given the wall time of the measured period.
    StatMetric metric(const StatGroup &group, size_t event, double elapsedNs) const;
    // Every counter line of groups; timestamp (seconds since start) for -I.
    std::string counters(const std::vector<StatGroup> &groups, double elapsedNs,
                         std::optional<double> timestamp = std::nullopt) const;
    // "#           time             counts unit events" for the human interval table.
    std::string intervalHeader() const;
    // " Performance counter stats for 'TARGET' (N runs):"
    std::string title(const std::string &target, int runs) const;
    // Elapsed (with its spread over runs) and, when known, user and sys seconds.
    std::string footer(double elapsedSeconds, double elapsedStddev, int runs,
                       std::optional<double> userSeconds, std::optional<double> sysSeconds) const;
    // "cycles: <not supported>: reason" lines for events that did not count.
    std::vector<std::string> notes() const;

private:
    std::string line(const StatGroup &group, size_t event, double elapsedNs,
                     std::optional<double> timestamp) const;
    std::string humanLine(const StatGroup &group, size_t event, const std::string &value,
                          const StatMetric &metric, std::optional<double> timestamp) const;
    std::string csvLine(const StatGroup &group, size_t event, const std::string &value,
                        const StatMetric &metric, std::optional<double> timestamp) const;
    std::string jsonLine(const StatGroup &group, size_t event, const std::string &value,
                         const StatMetric &metric, std::optional<double> timestamp) const;
    std::optional<size_t> find(uint32_t type, uint64_t config) const;
    std::string statusText(const StatGroup &group, size_t event) const;
    double displayValue(const CounterValue &value, size_t event) const;
    std::string number(double value, bool decimals, bool grouped) const;

    std::vector<StatEventInfo> events_;
    StatFormatOptions options_;
};

} // namespace perfglass
