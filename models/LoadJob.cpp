#include "LoadJob.h"

#include "analysis/OffCpuTime.h"

#include "AnalysisJob.h"
#include "FrameDetails.h"
#include "FunctionNames.h"
#include "base/Error.h"

#include <QFileInfo>

namespace perfglass {

namespace {
constexpr double kReadShare = 0.9; // reading and symbolizing dominate; the trees take the rest
} // namespace

LoadJob::LoadJob(QObject *parent)
    : BackgroundJob(parent) {
    qRegisterMetaType<std::shared_ptr<const LoadedSession>>();
}

void LoadJob::load(const QString &path) {
    path_ = path;
    start(
        [path, options = options_](const std::stop_token &stop, const ReportProgress &report) {
            return read(path, options, stop, report);
        },
        [this](std::shared_ptr<const LoadedSession> session) { emit loaded(std::move(session)); });
}

std::shared_ptr<const LoadedSession> LoadJob::read(const QString &path, LoadOptions options,
                                                   const std::stop_token &stop,
                                                   const ReportProgress &reportProgress) {
    const QFileInfo info(path);
    if (info.isDir()) throw Error(path.toStdString() + ": is a directory, not a session file");
    options.stop = stop;
    options.progress = [&reportProgress](double fraction) { reportProgress(fraction * kReadShare); };
    LoadedSession base;
    base.path = info.absoluteFilePath();
    base.fileSize = static_cast<uint64_t>(info.size());
    base.profile = loadProfile(path.toStdString(), options);
    throwIfCancelled(stop);
    if (base.profile->events.empty()) throw Error(path.toStdString() + ": the session describes no events");
    sourceLocationsOf(base.profile); // computed here, off the UI thread, for the views to share
    readableNamesOf(base.profile);   // likewise
    base.unresolved = std::make_shared<const UnresolvedFrames>(UnresolvedFrames::compute(*base.profile));
    base.offCpuEvent = OffCpuTime::switchEvent(*base.profile);
    if (base.offCpuEvent >= 0) {
        base.offCpuTime = OffCpuTime::compute(*base.profile, base.offCpuEvent);
        base.offCpuIntervals = std::make_shared<const std::vector<OffCpuInterval>>(
            OffCpuTime::intervals(*base.profile, base.offCpuEvent));
    }
    SampleFilter filter;
    filter.event = base.profile->firstSampledEvent(); // events that were only counted have no samples
    return AnalysisJob::compute(base, filter, stop, [&reportProgress](double fraction) {
        reportProgress(kReadShare + fraction * (1.0 - kReadShare));
    });
}

} // namespace perfglass
