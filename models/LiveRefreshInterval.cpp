#include "LiveRefreshInterval.h"

#include <QSettings>

#include <algorithm>
#include <optional>

namespace perfglass {

namespace {
const QString kSecondsKey = QStringLiteral("liveView/refreshSeconds");
std::optional<int> overridden; // by the command line, for this run

int clamped(int seconds) {
    return std::clamp(seconds, LiveRefreshInterval::kMinSeconds, LiveRefreshInterval::kMaxSeconds);
}
} // namespace

int LiveRefreshInterval::seconds() {
    if (overridden) return *overridden;
    return clamped(QSettings().value(kSecondsKey, kDefaultSeconds).toInt());
}

void LiveRefreshInterval::setSeconds(int seconds) {
    overridden.reset();
    QSettings().setValue(kSecondsKey, clamped(seconds));
}

void LiveRefreshInterval::overrideSeconds(int seconds) {
    overridden = clamped(seconds);
}

} // namespace perfglass
