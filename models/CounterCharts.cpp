#include "CounterCharts.h"

#include "CostFormat.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace perfglass {

namespace {

CounterChartLine chartLine(const CounterLine &line) {
    CounterChartLine result;
    result.label = CounterChart::lineLabel(line);
    result.kind = line.kind;
    result.cpu = line.cpu;
    result.tid = line.tid;
    result.total = line.total;
    result.points.reserve(line.points.size());
    for (const CounterRatePoint &point : line.points)
        result.points.push_back({point.begin, point.end, point.value, point.count, point.runningShare});
    return result;
}

} // namespace

QString CounterChart::lineLabel(const CounterLine &line) {
    const QString name = QString::fromStdString(line.threadName);
    switch (line.kind) {
    case CounterLineKind::Cpu:
        return QCoreApplication::translate("CounterChart", "CPU %1").arg(line.cpu);
    case CounterLineKind::Thread:
        return name.isEmpty()
                   ? QCoreApplication::translate("CounterChart", "thread %1").arg(line.tid)
                   : QCoreApplication::translate("CounterChart", "thread %1 (%2)").arg(line.tid).arg(name);
    case CounterLineKind::Process:
        return name.isEmpty()
                   ? QCoreApplication::translate("CounterChart", "process %1, all threads").arg(line.tid)
                   : QCoreApplication::translate("CounterChart", "process %1 (%2), all threads")
                         .arg(line.tid)
                         .arg(name);
    case CounterLineKind::All:
        break;
    }
    return QCoreApplication::translate("CounterChart", "all");
}

std::vector<CounterChart> CounterChart::build(const Profile &profile) {
    const CounterLines lines = CounterLines::compute(profile); // by event, then CPU, then thread
    std::vector<CounterChart> charts;
    for (const CounterLine &line : lines.lines) {
        if (charts.empty() || charts.back().event != line.event) {
            CounterChart chart;
            chart.event = line.event;
            chart.eventName = QString::fromStdString(line.eventName);
            chart.unit = line.unit;
            chart.utilisation = line.unit != CounterUnit::PerSecond;
            chart.start = lines.start;
            chart.end = lines.end;
            charts.push_back(std::move(chart));
        }
        CounterChart &chart = charts.back();
        // A process line's CPUs utilized and a thread's busy share in one chart: both are CPU time / wall
        // time, and the scale shows CPUs.
        if (line.unit == CounterUnit::CpusUtilized) chart.unit = line.unit;
        chart.maxRate = std::max(chart.maxRate, line.maxValue);
        chart.minRunningShare = std::min(chart.minRunningShare, line.minRunningShare);
        chart.lines.push_back(chartLine(line));
    }
    return charts;
}

QString CounterChart::title() const {
    QString what;
    switch (unit) {
    case CounterUnit::Busy:
        // The kernel runs a CPU's clock counter while the CPU idles too (perf stat -a: "1.000 CPUs
        // utilized").
        what = !lines.empty() && lines.front().kind == CounterLineKind::Cpu
                   ? QCoreApplication::translate(
                         "CounterChart", "%1: time counted on each CPU / wall time (a CPU's clock also "
                                         "counts idle time: not busy time)")
                   : QCoreApplication::translate("CounterChart",
                                                 "%1: busy share of one CPU (CPU time / wall time of each "
                                                 "interval)");
        break;
    case CounterUnit::CpusUtilized:
        what = QCoreApplication::translate("CounterChart",
                                           "%1: CPUs utilized (CPU time / wall time of each interval)");
        break;
    case CounterUnit::PerSecond:
        what = QCoreApplication::translate("CounterChart", "%1: events per second of wall time");
        break;
    }
    QString text = what.arg(eventName);
    if (minRunningShare < 1.0)
        text += QCoreApplication::translate(
                    "CounterChart", " · multiplexed: counted as little as %1 of the time, counts scaled up")
                    .arg(formatPercent(static_cast<uint64_t>(std::llround(minRunningShare * 1000)), 1000));
    return text;
}

QString CounterChart::formatRate(double rate) const {
    const QLocale locale;
    if (unit == CounterUnit::Busy) return locale.toString(rate * 100.0, 'f', 1) + QStringLiteral(" %");
    if (unit == CounterUnit::CpusUtilized)
        return QCoreApplication::translate("CounterChart", "%1 CPUs").arg(locale.toString(rate, 'f', 2));
    static const char *const suffixes[] = {"", " k", " M", " G", " T"};
    size_t suffix = 0;
    while (rate >= 1000.0 && suffix + 1 < std::size(suffixes)) {
        rate /= 1000.0;
        ++suffix;
    }
    const int decimals = rate >= 100 || (suffix == 0 && rate == std::floor(rate)) ? 0 : 1;
    return QCoreApplication::translate("CounterChart", "%1%2/s")
        .arg(locale.toString(rate, 'f', decimals), QLatin1String(suffixes[suffix]));
}

QString CounterChart::formatCount(double count) const {
    const auto rounded = static_cast<uint64_t>(std::llround(std::max(count, 0.0)));
    if (utilisation)
        return QCoreApplication::translate("CounterChart", "%1 of CPU time")
            .arg(formatCost(rounded, CostUnit::Nanoseconds));
    return QCoreApplication::translate("CounterChart", "%1 events")
        .arg(QLocale().toString(static_cast<qulonglong>(rounded)));
}

} // namespace perfglass
