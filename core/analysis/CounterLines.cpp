#include "analysis/CounterLines.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <tuple>

namespace perfglass {

namespace {

constexpr double kNsPerSecond = 1e9;

CounterLineKind kindOf(const CounterSeries &series, size_t threadsOfEvent) {
    if (series.cpu >= 0) return CounterLineKind::Cpu;
    if (series.tid < 0) return CounterLineKind::All;
    // One inherited counter for the target (a launched program, perf stat record of a command): it adds
    // up the counts of every thread the program runs. Several inherited ones (attached threads) each
    // stand for their thread and what it starts later, and are shown as the thread.
    return series.inherited && threadsOfEvent == 1 ? CounterLineKind::Process : CounterLineKind::Thread;
}

CounterUnit unitOf(const CounterSeries &series, CounterLineKind kind) {
    if (!series.clock) return CounterUnit::PerSecond;
    return kind == CounterLineKind::Process || kind == CounterLineKind::All ? CounterUnit::CpusUtilized
                                                                            : CounterUnit::Busy;
}

// The value of one interval, or false when it has none (no wall time, or never counted while enabled).
bool rateOf(const CounterPoint &point, CounterUnit unit, CounterRatePoint &out) {
    if (point.time <= point.begin) return false;
    if (point.running == 0 && point.enabled > 0 && point.delta == 0) {
        // Enabled but never scheduled on a PMU: not counted, nothing to say about the interval.
        return false;
    }
    const double wall = static_cast<double>(point.time - point.begin);
    out.begin = point.begin;
    out.end = point.time;
    out.runningShare = point.enabled > 0 && point.running > 0 && point.running < point.enabled
                           ? static_cast<double>(point.running) / static_cast<double>(point.enabled)
                           : 1.0;
    out.count = static_cast<double>(point.delta) / out.runningShare;
    out.value = unit == CounterUnit::PerSecond ? out.count / (wall / kNsPerSecond) : out.count / wall;
    return true;
}

CounterLine lineOf(const Profile &profile, const CounterSeries &series, size_t threadsOfEvent) {
    CounterLine line;
    line.event = series.event;
    line.eventName = series.eventName.empty() && series.event < profile.events.size()
                         ? profile.events[series.event].name
                         : series.eventName;
    line.kind = kindOf(series, threadsOfEvent);
    line.unit = unitOf(series, line.kind);
    line.cpu = series.cpu;
    line.tid = series.tid;
    line.threadName = series.threadName;
    for (const CounterPoint &point : series.points) {
        CounterRatePoint rate;
        if (!rateOf(point, line.unit, rate)) continue;
        line.maxValue = std::max(line.maxValue, rate.value);
        line.minRunningShare = std::min(line.minRunningShare, rate.runningShare);
        line.total += rate.count;
        line.points.push_back(rate);
    }
    return line;
}

} // namespace

std::string CounterLine::label() const {
    const std::string name = threadName.empty() ? std::string() : fmt::format(" ({})", threadName);
    switch (kind) {
    case CounterLineKind::Cpu:
        return fmt::format("CPU {}", cpu);
    case CounterLineKind::Thread:
        return fmt::format("thread {}{}", tid, name);
    case CounterLineKind::Process:
        return fmt::format("process {}{}, all threads", tid, name);
    case CounterLineKind::All:
        break;
    }
    return "all";
}

const char *counterUnitName(CounterUnit unit) {
    switch (unit) {
    case CounterUnit::Busy:
        return "busy";
    case CounterUnit::CpusUtilized:
        return "cpus-utilized";
    case CounterUnit::PerSecond:
        break;
    }
    return "per-second";
}

CounterLines CounterLines::compute(const Profile &profile) {
    std::vector<const CounterSeries *> ordered;
    std::map<uint32_t, size_t> threadsOfEvent;
    for (const CounterSeries &series : profile.counters) {
        ordered.push_back(&series);
        if (series.tid >= 0 && series.cpu < 0) ++threadsOfEvent[series.event];
    }
    std::sort(ordered.begin(), ordered.end(), [](const CounterSeries *a, const CounterSeries *b) {
        return std::tie(a->event, a->cpu, a->tid) < std::tie(b->event, b->cpu, b->tid);
    });
    CounterLines result;
    bool first = true;
    for (const CounterSeries *series : ordered) {
        CounterLine line = lineOf(profile, *series, threadsOfEvent[series->event]);
        for (const CounterRatePoint &point : line.points) {
            result.start = first ? point.begin : std::min(result.start, point.begin);
            result.end = first ? point.end : std::max(result.end, point.end);
            first = false;
        }
        result.lines.push_back(std::move(line));
    }
    return result;
}

} // namespace perfglass
