#include "CounterCharts.h"

#include "CostFormat.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <map>
#include <tuple>

namespace perfglass {

namespace {

constexpr double kNsPerSecond = 1e9;

uint64_t scaled(const CounterPoint &point) {
    if (point.running == 0 || point.running >= point.enabled) return point.delta;
    return static_cast<uint64_t>(static_cast<double>(point.delta) * static_cast<double>(point.enabled) /
                                 static_cast<double>(point.running));
}

CounterLine lineOf(const CounterSeries &series, bool utilisation, CounterChart &chart, bool &first) {
    CounterLine line;
    line.cpu = series.cpu;
    line.tid = series.tid;
    line.label = series.cpu >= 0   ? QCoreApplication::translate("CounterChart", "CPU %1").arg(series.cpu)
                 : series.tid >= 0 ? QCoreApplication::translate("CounterChart", "thread %1").arg(series.tid)
                                   : QCoreApplication::translate("CounterChart", "all");
    for (const CounterPoint &point : series.points) {
        if (point.enabled == 0) continue; // not counting in this interval: no rate to show
        const uint64_t count = scaled(point);
        const double seconds = static_cast<double>(point.enabled) / kNsPerSecond;
        const double rate = utilisation ? static_cast<double>(count) / static_cast<double>(point.enabled)
                                        : static_cast<double>(count) / seconds;
        line.points.push_back({point.time, rate, count});
        line.total += count;
        chart.maxRate = std::max(chart.maxRate, rate);
        const uint64_t begin = point.time > point.enabled ? point.time - point.enabled : 0;
        if (first || begin < chart.start) chart.start = begin;
        chart.end = std::max(chart.end, point.time);
        first = false;
    }
    return line;
}

} // namespace

std::vector<CounterChart> CounterChart::build(const Profile &profile) {
    // Charts in event order; lines by CPU, then thread.
    std::map<uint32_t, std::vector<const CounterSeries *>> byEvent;
    for (const CounterSeries &series : profile.counters)
        byEvent[series.event].push_back(&series);
    std::vector<CounterChart> charts;
    for (auto &[event, seriesList] : byEvent) {
        std::sort(seriesList.begin(), seriesList.end(), [](const CounterSeries *a, const CounterSeries *b) {
            return std::tie(a->cpu, a->tid) < std::tie(b->cpu, b->tid);
        });
        CounterChart chart;
        chart.event = event;
        const std::string name = seriesList.front()->eventName.empty() && event < profile.events.size()
                                     ? profile.events[event].name
                                     : seriesList.front()->eventName;
        chart.eventName = QString::fromStdString(name);
        chart.utilisation =
            event < profile.events.size() && costUnitForEvent(profile.events[event]) == CostUnit::Nanoseconds;
        bool first = true;
        for (const CounterSeries *series : seriesList)
            chart.lines.push_back(lineOf(*series, chart.utilisation, chart, first));
        charts.push_back(std::move(chart));
    }
    return charts;
}

QString CounterChart::formatRate(double rate) const {
    const QLocale locale;
    if (utilisation) return locale.toString(rate * 100.0, 'f', 1) + QStringLiteral(" %");
    static const char *const suffixes[] = {"", " k", " M", " G", " T"};
    size_t suffix = 0;
    while (rate >= 1000.0 && suffix + 1 < std::size(suffixes)) {
        rate /= 1000.0;
        ++suffix;
    }
    const int decimals = rate >= 100 || suffix == 0 ? 0 : 1;
    return QCoreApplication::translate("CounterChart", "%1%2/s")
        .arg(locale.toString(rate, 'f', decimals), QLatin1String(suffixes[suffix]));
}

} // namespace perfglass
