#include "CostFormat.h"

#include "events/GenericEvents.h"

#include <QCoreApplication>
#include <QLocale>

namespace perfglass {

CostUnit costUnitForEvent(const EventInfo &event) {
    return isClockEvent(event.type, event.config) ? CostUnit::Nanoseconds : CostUnit::Count;
}

QString formatCost(uint64_t cost, CostUnit unit) {
    const QLocale locale;
    if (unit == CostUnit::Count) return locale.toString(static_cast<qulonglong>(cost));
    const double ns = static_cast<double>(cost);
    if (ns >= 1e9)
        return QCoreApplication::translate("CostFormat", "%1 s").arg(locale.toString(ns / 1e9, 'f', 2));
    if (ns >= 1e6)
        return QCoreApplication::translate("CostFormat", "%1 ms").arg(locale.toString(ns / 1e6, 'f', 1));
    if (ns >= 1e3)
        return QCoreApplication::translate("CostFormat", "%1 µs").arg(locale.toString(ns / 1e3, 'f', 1));
    return QCoreApplication::translate("CostFormat", "%1 ns").arg(locale.toString(cost));
}

double percentOf(uint64_t part, uint64_t total) {
    return total == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(total);
}

QString formatPercent(uint64_t part, uint64_t total) {
    const double percent = percentOf(part, total);
    if (percent > 0 && percent < 0.05) return QCoreApplication::translate("CostFormat", "< 0.1 %");
    return QCoreApplication::translate("CostFormat", "%1 %").arg(QLocale().toString(percent, 'f', 1));
}

QString formatTimeSlice(const TimeSlice &slice) {
    const QLocale locale;
    const auto ms = [&locale](uint64_t ns) { return locale.toString(static_cast<double>(ns) / 1e6, 'g', 6); };
    return QCoreApplication::translate("CostFormat", "%1–%2 ms of each %3 s")
        .arg(ms(slice.from), ms(slice.to), locale.toString(static_cast<double>(slice.period) / 1e9, 'g', 6));
}

} // namespace perfglass
