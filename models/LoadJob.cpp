#include "LoadJob.h"

#include "analysis/OffCpuTime.h"

#include "AnalysisJob.h"
#include "FrameDetails.h"
#include "FunctionNames.h"
#include "base/Error.h"

#include <QFileInfo>

namespace perfglass {

namespace {
constexpr double kReadShare = 0.9;   // reading and symbolizing dominate; the trees take the rest
constexpr double kUnpackShare = 0.1; // of the reading share: unpacking an archive, when the session is one
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

// What PATH stands for: the session itself, a session with its archive beside it, or an archive (perf
// archive's or ours), unpacked into a private cache whose build-id entries the symbolizer searches first.
OpenedSession LoadJob::openSession(const QString &path, LoadOptions &options, const std::stop_token &stop,
                                   const ReportProgress &reportProgress) {
    ArchiveOpenOptions archiveOptions;
    archiveOptions.stop = stop;
    archiveOptions.progress = [&reportProgress](uint64_t done, uint64_t total) {
        if (total > 0) reportProgress(kUnpackShare * static_cast<double>(done) / static_cast<double>(total));
    };
    OpenedSession opened = ArchiveOpener(std::move(archiveOptions)).open(path.toStdString());
    options.buildIdCaches.insert(options.buildIdCaches.begin(), opened.buildIdCaches.begin(),
                                 opened.buildIdCaches.end());
    return opened;
}

std::shared_ptr<const LoadedSession> LoadJob::read(const QString &path, LoadOptions options,
                                                   const std::stop_token &stop,
                                                   const ReportProgress &reportProgress) {
    const QFileInfo info(path);
    if (info.isDir()) throw Error(path.toStdString() + ": is a directory, not a session file");
    options.stop = stop;
    const OpenedSession opened = openSession(path, options, stop, reportProgress);
    options.progress = [&reportProgress](double fraction) {
        reportProgress(kUnpackShare + fraction * (kReadShare - kUnpackShare));
    };
    LoadedSession base;
    base.path = info.absoluteFilePath();
    base.sessionFile = QString::fromStdString(opened.sessionPath);
    base.fileSize = static_cast<uint64_t>(QFileInfo(base.sessionFile).size());
    for (const auto &notice : opened.notices)
        base.openNotices.push_back(QString::fromStdString(notice));
    base.profile = loadProfile(opened.sessionPath, options);
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
