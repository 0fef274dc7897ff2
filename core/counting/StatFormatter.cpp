#include "counting/StatFormatter.h"

#include "base/CpuTopology.h"
#include "base/ProcFs.h"
#include "events/GenericEvents.h"

#include <fmt/format.h>
#include <linux/perf_event.h>

#include <algorithm>
#include <cmath>
#include <locale>
#include <map>
#include <tuple>

namespace perfglass {

namespace {

std::string jsonEscape(const std::string &text) {
    std::string out;
    for (char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
        } else {
            out += c;
        }
    }
    return out;
}

// Thousands separator of the user's locale, as perf's --big-num; none in the C locale.
std::string localeSeparator() {
    try {
        const std::locale locale("");
        const auto &punct = std::use_facet<std::numpunct<char>>(locale);
        if (punct.grouping().empty() || punct.grouping()[0] <= 0) return {};
        return std::string(1, punct.thousands_sep());
    } catch (const std::runtime_error &) {
        return {};
    }
}

std::string groupThousands(const std::string &digits, const std::string &separator) {
    if (separator.empty()) return digits;
    const size_t dot = digits.find('.');
    const std::string integer = digits.substr(0, dot);
    const std::string rest = dot == std::string::npos ? std::string() : digits.substr(dot);
    std::string out;
    const size_t start = integer.size() > 0 && integer[0] == '-' ? 1 : 0;
    for (size_t i = 0; i < integer.size(); ++i) {
        if (i > start && (integer.size() - i) % 3 == 0) out += separator;
        out += integer[i];
    }
    return out + rest;
}

// perf's convert_unit_double: K, M, G per second.
StatMetric ratePerSecond(double perSecond) {
    if (perSecond >= 1e9) return {perSecond / 1e9, "G/sec"};
    if (perSecond >= 1e6) return {perSecond / 1e6, "M/sec"};
    if (perSecond >= 1e3) return {perSecond / 1e3, "K/sec"};
    return {perSecond, "/sec"};
}

} // namespace

std::vector<StatEventInfo> StatEventInfo::from(const std::vector<CounterEvent> &events) {
    std::vector<StatEventInfo> infos;
    for (const auto &event : events)
        infos.push_back({event.spec.name, event.unit, event.scale, event.spec.attr.type,
                         event.spec.attr.config, event.status, event.reason, event.userOnly});
    return infos;
}

std::vector<StatGroup> aggregateCounters(StatAggregation aggregation, const std::vector<int> &cpus,
                                         const std::vector<pid_t> &threads,
                                         const std::vector<std::string> &threadNames,
                                         const std::vector<std::vector<CounterValue>> &values) {
    // Key of each slot's row; ordered so rows come out by socket, core, CPU or thread.
    using Key = std::tuple<int, int, int, int>;
    std::map<Key, StatGroup> rows;
    const size_t eventCount = values.size();
    for (size_t c = 0; c < cpus.size(); ++c) {
        for (size_t t = 0; t < threads.size(); ++t) {
            Key key{0, 0, 0, 0};
            std::string label;
            bool newCpu = t == 0;
            switch (aggregation) {
            case StatAggregation::Global:
                break;
            case StatAggregation::PerCpu:
                key = {cpus[c], 0, 0, 0};
                label = fmt::format("CPU{}", cpus[c]);
                break;
            case StatAggregation::PerCore: {
                const CpuPlace place = cpuPlace(cpus[c]);
                key = {place.socket, place.die, place.core, 0};
                label = fmt::format("S{}-D{}-C{}", place.socket, place.die, place.core);
                break;
            }
            case StatAggregation::PerSocket: {
                const CpuPlace place = cpuPlace(cpus[c]);
                key = {place.socket, 0, 0, 0};
                label = fmt::format("S{}", place.socket);
                break;
            }
            case StatAggregation::PerThread:
                key = {static_cast<int>(t), 0, 0, 0};
                label = fmt::format("{}-{}", t < threadNames.size() ? threadNames[t] : std::string("?"),
                                    threads[t]);
                newCpu = c == 0;
                break;
            }
            auto [row, inserted] = rows.try_emplace(key);
            if (inserted) {
                row->second.label = label;
                row->second.values.resize(eventCount);
            }
            if (newCpu && cpus[c] >= 0) ++row->second.aggregatedCpus;
            const size_t slot = c * threads.size() + t;
            for (size_t e = 0; e < eventCount; ++e)
                if (slot < values[e].size()) row->second.values[e] += values[e][slot];
        }
    }
    std::vector<StatGroup> groups;
    for (auto &[key, group] : rows)
        groups.push_back(std::move(group));
    return groups;
}

StatFormatter::StatFormatter(std::vector<StatEventInfo> events, StatFormatOptions options)
    : events_(std::move(events))
    , options_(std::move(options)) {}

std::optional<size_t> StatFormatter::find(uint32_t type, uint64_t config) const {
    for (size_t i = 0; i < events_.size(); ++i)
        if (events_[i].type == type && events_[i].config == config &&
            events_[i].status == CounterStatus::Counting)
            return i;
    return std::nullopt;
}

double StatFormatter::displayValue(const CounterValue &value, size_t event) const {
    const double count = options_.scale ? value.scaled() : static_cast<double>(value.value);
    return count * events_[event].scale;
}

StatMetric StatFormatter::metric(const StatGroup &group, size_t event, double elapsedNs) const {
    const StatEventInfo &info = events_[event];
    const CounterValue &value = group.values[event];
    if (info.status != CounterStatus::Counting || value.notCounted()) return {};
    const double count = options_.scale ? value.scaled() : static_cast<double>(value.value);
    auto countOf = [&](uint32_t type, uint64_t config) -> std::optional<double> {
        const auto index = find(type, config);
        if (!index || group.values[*index].notCounted()) return std::nullopt;
        const CounterValue &other = group.values[*index];
        return options_.scale ? other.scaled() : static_cast<double>(other.value);
    };
    if (isClockEvent(info.type, info.config))
        return elapsedNs > 0 ? StatMetric{count / elapsedNs, "CPUs utilized"} : StatMetric{};
    const auto taskClock = countOf(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK)
                               ? countOf(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK)
                               : countOf(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK);
    if (info.type == PERF_TYPE_HARDWARE) {
        switch (info.config) {
        case PERF_COUNT_HW_CPU_CYCLES:
            if (taskClock && *taskClock > 0) return {count / *taskClock, "GHz"};
            return {};
        case PERF_COUNT_HW_INSTRUCTIONS:
            if (const auto cycles = countOf(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
                cycles && *cycles > 0)
                return {count / *cycles, "insn per cycle"};
            return {};
        case PERF_COUNT_HW_BRANCH_MISSES:
            if (const auto branches = countOf(PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS);
                branches && *branches > 0)
                return {100.0 * count / *branches, "% of all branches"};
            return {};
        case PERF_COUNT_HW_CACHE_MISSES:
            if (const auto references = countOf(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES);
                references && *references > 0)
                return {100.0 * count / *references, "% of all cache refs"};
            return {};
        default:
            break;
        }
    }
    if (taskClock && *taskClock > 0) return ratePerSecond(count * 1e9 / *taskClock);
    return {};
}

std::string StatFormatter::number(double value, bool decimals, bool grouped) const {
    const std::string text = decimals ? fmt::format("{:.2f}", value) : fmt::format("{:.0f}", value);
    if (!grouped || !options_.bigNum) return text;
    static const std::string separator = localeSeparator();
    return groupThousands(text, separator);
}

std::string StatFormatter::statusText(const StatGroup &group, size_t event) const {
    if (events_[event].status == CounterStatus::NotSupported) return "<not supported>";
    if (events_[event].status == CounterStatus::NotCounted || group.values[event].notCounted())
        return "<not counted>";
    return {};
}

std::string StatFormatter::humanLine(const StatGroup &group, size_t event, const std::string &value,
                                     const StatMetric &metric, std::optional<double> timestamp) const {
    const StatEventInfo &info = events_[event];
    std::string out;
    if (timestamp) out += fmt::format("{:>16.9f} ", *timestamp);
    switch (options_.aggregation) {
    case StatAggregation::Global:
        break;
    case StatAggregation::PerCpu:
        out += fmt::format("{:<10} ", group.label);
        break;
    case StatAggregation::PerCore:
        out += fmt::format("{:<12}{:>8} ", group.label, group.aggregatedCpus);
        break;
    case StatAggregation::PerSocket:
        out += fmt::format("{:<6}{:>5} ", group.label, group.aggregatedCpus);
        break;
    case StatAggregation::PerThread: {
        const auto dash = group.label.rfind('-');
        out += fmt::format("{:>16}-{:<8} ", group.label.substr(0, dash), group.label.substr(dash + 1));
        break;
    }
    }
    out += fmt::format("{:>18} {:<4} {:<32}", value, info.unit, info.name);
    const bool counted = statusText(group, event).empty();
    if (!metric.unit.empty()) {
        if (metric.unit[0] == '%')
            out += fmt::format(" # {:>7.2f}{:<24}", metric.value, metric.unit);
        else
            out += fmt::format(" # {:>8.3f} {:<23}", metric.value, metric.unit);
    } else {
        out += std::string(35, ' ');
    }
    if (counted && !group.relativeStddev.empty() && event < group.relativeStddev.size())
        out += fmt::format("  ( +-{:>6.2f}% )", group.relativeStddev[event]);
    const CounterValue &reading = group.values[event];
    if (counted && reading.running < reading.enabled)
        out += fmt::format("  ({:.2f}%)", reading.runningPercent());
    while (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

std::string StatFormatter::csvLine(const StatGroup &group, size_t event, const std::string &value,
                                   const StatMetric &metric, std::optional<double> timestamp) const {
    const std::string &sep = options_.separator;
    const StatEventInfo &info = events_[event];
    const CounterValue &reading = group.values[event];
    const bool counted = statusText(group, event).empty();
    std::string out;
    if (timestamp) out += fmt::format("{:>16.9f}{}", *timestamp, sep);
    if (options_.aggregation != StatAggregation::Global) out += group.label + sep;
    if (options_.aggregation == StatAggregation::PerCore ||
        options_.aggregation == StatAggregation::PerSocket)
        out += fmt::format("{}{}", group.aggregatedCpus, sep);
    out += value + sep + info.unit + sep + info.name + sep;
    out += fmt::format("{}{}{:.2f}", counted ? reading.running : 0, sep,
                       counted ? reading.runningPercent() : 100.0);
    if (counted && !group.relativeStddev.empty() && event < group.relativeStddev.size())
        out += fmt::format("{}{:.2f}%", sep, group.relativeStddev[event]);
    if (!metric.unit.empty()) {
        std::string unit = metric.unit;
        if (unit[0] == '%') unit = unit.substr(2); // "of all branches": the value is the percentage
        out += fmt::format("{}{:.3f}{}{}", sep, metric.value, sep, unit);
    } else {
        out += sep + sep;
    }
    return out;
}

std::string StatFormatter::jsonLine(const StatGroup &group, size_t event, const std::string &value,
                                    const StatMetric &metric, std::optional<double> timestamp) const {
    const StatEventInfo &info = events_[event];
    const CounterValue &reading = group.values[event];
    const bool counted = statusText(group, event).empty();
    std::string out = "{";
    if (timestamp) out += fmt::format("\"interval\" : {:.9f}, ", *timestamp);
    switch (options_.aggregation) {
    case StatAggregation::Global:
        break;
    case StatAggregation::PerCpu:
        out += fmt::format("\"cpu\" : \"{}\", ", group.label.substr(3));
        break;
    case StatAggregation::PerCore:
        out +=
            fmt::format("\"core\" : \"{}\", \"aggregate-number\" : {}, ", group.label, group.aggregatedCpus);
        break;
    case StatAggregation::PerSocket:
        out += fmt::format("\"socket\" : \"{}\", \"aggregate-number\" : {}, ", group.label,
                           group.aggregatedCpus);
        break;
    case StatAggregation::PerThread:
        out += fmt::format("\"thread\" : \"{}\", ", jsonEscape(group.label));
        break;
    }
    out += fmt::format("\"counter-value\" : \"{}\", \"unit\" : \"{}\", \"event\" : \"{}\", ",
                       jsonEscape(value), info.unit, jsonEscape(info.name));
    out += fmt::format("\"event-runtime\" : {}, \"pcnt-running\" : {:.2f}, ", counted ? reading.running : 0,
                       counted ? reading.runningPercent() : 100.0);
    if (counted && !group.relativeStddev.empty() && event < group.relativeStddev.size())
        out += fmt::format("\"variance\" : {:.2f}, ", group.relativeStddev[event]);
    out += fmt::format("\"metric-value\" : {:.6f}, \"metric-unit\" : \"{}\"", metric.value,
                       jsonEscape(metric.unit));
    if (!counted && !info.reason.empty())
        out += fmt::format(", \"reason\" : \"{}\"", jsonEscape(info.reason));
    return out + "}";
}

std::string StatFormatter::line(const StatGroup &group, size_t event, double elapsedNs,
                                std::optional<double> timestamp) const {
    std::string value = statusText(group, event);
    const bool counted = value.empty();
    const StatMetric metric = counted ? this->metric(group, event, elapsedNs) : StatMetric{};
    const double shown = counted ? displayValue(group.values[event], event) : 0.0;
    const bool decimals = !events_[event].unit.empty();
    switch (options_.output) {
    case StatOutput::Human:
        if (counted) value = number(shown, decimals, true);
        return humanLine(group, event, value, metric, timestamp);
    case StatOutput::Csv:
        if (counted) value = number(shown, decimals, false);
        return csvLine(group, event, value, metric, timestamp);
    case StatOutput::Json:
        if (counted) value = fmt::format("{:.6f}", shown);
        return jsonLine(group, event, value, metric, timestamp);
    }
    return {};
}

std::string StatFormatter::counters(const std::vector<StatGroup> &groups, double elapsedNs,
                                    std::optional<double> timestamp) const {
    std::string out;
    // perf prints per CPU and per thread rows event by event, per core and per socket rows group by group.
    const bool eventMajor = options_.aggregation == StatAggregation::PerCpu ||
                            options_.aggregation == StatAggregation::PerThread ||
                            options_.aggregation == StatAggregation::Global;
    if (eventMajor) {
        for (size_t e = 0; e < events_.size(); ++e)
            for (const auto &group : groups)
                out += line(group, e, elapsedNs, timestamp) + "\n";
    } else {
        for (const auto &group : groups)
            for (size_t e = 0; e < events_.size(); ++e)
                out += line(group, e, elapsedNs, timestamp) + "\n";
    }
    return out;
}

std::string StatFormatter::intervalHeader() const {
    switch (options_.aggregation) {
    case StatAggregation::PerCpu:
        return "#           time CPU                    counts unit events\n";
    case StatAggregation::PerCore:
        return "#           time core            cpus             counts unit events\n";
    case StatAggregation::PerSocket:
        return "#           time socket cpus             counts unit events\n";
    case StatAggregation::PerThread:
        return "#           time             comm-pid                  counts unit events\n";
    case StatAggregation::Global:
        break;
    }
    return "#           time             counts unit events\n";
}

std::string StatFormatter::title(const std::string &target, int runs) const {
    std::string out = fmt::format("\n Performance counter stats for {}", target);
    if (runs > 1) out += fmt::format(" ({} runs)", runs);
    return out + ":\n\n";
}

std::string StatFormatter::footer(double elapsedSeconds, double elapsedStddev, int runs,
                                  std::optional<double> userSeconds, std::optional<double> sysSeconds) const {
    std::string out = "\n";
    if (runs > 1) {
        const int precision =
            (elapsedStddev > 0 && elapsedStddev < 1 ? static_cast<int>(std::ceil(-std::log10(elapsedStddev)))
                                                    : 0) +
            2;
        out += fmt::format(" {:>17.{}f} +- {:.{}f} seconds time elapsed", elapsedSeconds, precision,
                           elapsedStddev, precision);
        out += fmt::format("  ( +-{:>6.2f}% )\n",
                           elapsedSeconds > 0 ? 100.0 * elapsedStddev / elapsedSeconds : 0.0);
    } else {
        out += fmt::format(" {:>17.9f} seconds time elapsed\n", elapsedSeconds);
    }
    if (userSeconds && sysSeconds)
        out += fmt::format("\n {:>17.9f} seconds user\n {:>17.9f} seconds sys\n", *userSeconds, *sysSeconds);
    return out + "\n";
}

std::vector<std::string> StatFormatter::notes() const {
    // One line per status and reason: "<not supported>: cycles, instructions: this machine has no ...".
    std::vector<std::pair<std::string, std::string>> lines; // (status and reason, event names)
    for (const auto &event : events_) {
        if (event.status == CounterStatus::Counting) continue;
        const std::string key =
            event.status == CounterStatus::NotSupported ? "<not supported>" : "<not counted>";
        auto found = std::find_if(lines.begin(), lines.end(),
                                  [&](const auto &line) { return line.first == key + "\n" + event.reason; });
        if (found == lines.end())
            lines.emplace_back(key + "\n" + event.reason, event.name);
        else
            found->second += ", " + event.name;
    }
    std::vector<std::string> out;
    std::string userOnly;
    for (const auto &event : events_)
        if (event.userOnly) userOnly += (userOnly.empty() ? "" : ", ") + event.name;
    if (!userOnly.empty())
        out.push_back(fmt::format("{} count user space only: counting kernel mode needs privileges this user "
                                  "lacks (kernel.perf_event_paranoid = {})",
                                  userOnly, perfEventParanoid()));
    for (const auto &[key, names] : lines) {
        const auto split = key.find('\n');
        out.push_back(fmt::format("{} {}: {}", key.substr(0, split), names, key.substr(split + 1)));
    }
    return out;
}

} // namespace perfglass
