#include "GrowthMark.h"

#include <QCoreApplication>

namespace perfglass {

namespace {
// Seconds from the first sample to the last, as the status bar says them.
QString secondsOf(const SessionFile &file) {
    return QString::number(static_cast<double>(file.durationNs()) / 1e9, 'f', 1);
}
} // namespace

GrowthMark GrowthMark::of(const SessionFile &file) {
    if (file.isPartial()) {
        const QString percent = QString::number(file.partialShare * 100, 'f', 0);
        return {QCoreApplication::translate("GrowthMark", "Partial: %1 % read").arg(percent),
                QCoreApplication::translate("GrowthMark",
                                            "The file is still being read: the views grow as it is"),
                QCoreApplication::translate("GrowthMark", "so far (%1 % of the file read)").arg(percent)};
    }
    switch (file.growth) {
    case SessionFile::Growth::Growing:
        return {QCoreApplication::translate("GrowthMark", "Live: %1 s recorded").arg(secondsOf(file)),
                QCoreApplication::translate("GrowthMark",
                                            "The session is still arriving: the views grow as it does"),
                QCoreApplication::translate("GrowthMark", "so far (still arriving)")};
    case SessionFile::Growth::Stopped:
        return {QCoreApplication::translate("GrowthMark", "Stopped: %1 s read").arg(secondsOf(file)),
                QCoreApplication::translate("GrowthMark",
                                            "Following the stream was stopped: the views show what was read "
                                            "until then, and the rest of the stream was not read"),
                QCoreApplication::translate("GrowthMark", "(the rest of the stream was not read)")};
    case SessionFile::Growth::Whole:
        break;
    }
    return {};
}

} // namespace perfglass
