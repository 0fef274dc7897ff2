#include "CounterReport.h"

#include <fmt/format.h>

namespace perfglass::cli {

namespace {

const char *kindName(CounterLineKind kind) {
    switch (kind) {
    case CounterLineKind::Cpu:
        return "cpu";
    case CounterLineKind::Thread:
        return "thread";
    case CounterLineKind::Process:
        return "process";
    case CounterLineKind::All:
        break;
    }
    return "all";
}

const char *unitTitle(CounterUnit unit, CounterLineKind kind) {
    switch (unit) {
    case CounterUnit::Busy:
        // The kernel runs a CPU's clock counter while the CPU idles too: perf stat -a's "1.000 CPUs
        // utilized".
        return kind == CounterLineKind::Cpu ? "time counted on the CPU / wall time (counts idle time too)"
                                            : "busy share of one CPU (CPU time / wall time)";
    case CounterUnit::CpusUtilized:
        return "CPUs utilized (CPU time / wall time)";
    case CounterUnit::PerSecond:
        break;
    }
    return "events per second of wall time";
}

std::string valueText(CounterUnit unit, double value) {
    return unit == CounterUnit::PerSecond ? fmt::format("{:15.1f}", value) : fmt::format("{:15.3f}", value);
}

} // namespace

nlohmann::json counterLinesToJson(const CounterLines &lines) {
    nlohmann::json series = nlohmann::json::array();
    for (const CounterLine &line : lines.lines) {
        nlohmann::json entry;
        entry["event"] = line.eventName;
        entry["line"] = line.label();
        entry["unit"] = counterUnitName(line.unit);
        entry["kind"] = kindName(line.kind);
        entry["cpu"] = line.cpu;
        entry["tid"] = line.tid;
        nlohmann::json points = nlohmann::json::array();
        nlohmann::json running = nlohmann::json::array();
        for (const CounterRatePoint &point : line.points) {
            const double time = lines.secondsSinceStart(point.end);
            points.push_back({time, point.value});
            running.push_back({time, point.runningShare});
        }
        entry["points"] = std::move(points);
        if (line.minRunningShare < 1.0) entry["running"] = std::move(running);
        series.push_back(std::move(entry));
    }
    return {{"start", lines.start}, {"series", std::move(series)}};
}

void printCounterLines(std::FILE *out, const CounterLines &lines) {
    bool first = true;
    for (const CounterLine &line : lines.lines) {
        if (!first) fmt::print(out, "\n");
        first = false;
        const bool multiplexed = line.minRunningShare < 1.0;
        fmt::print(out, "{}, {}: {}\n", line.eventName, line.label(), unitTitle(line.unit, line.kind));
        fmt::print(out, "{:>12}  {:>15}{}\n", "end (s)", "value", multiplexed ? "  counted" : "");
        for (const CounterRatePoint &point : line.points) {
            const std::string running =
                multiplexed ? fmt::format("  {:6.1f}%", point.runningShare * 100.0) : std::string();
            fmt::print(out, "{:12.3f}  {}{}\n", lines.secondsSinceStart(point.end),
                       valueText(line.unit, point.value), running);
        }
    }
}

} // namespace perfglass::cli
