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
    qRegisterMetaType<std::shared_ptr<const SessionAnalysis>>();
}

void LoadJob::load(const QString &path) {
    path_ = path;
    start([path, options = options_, settings = settings_](
              const std::stop_token &stop,
              const ReportProgress &report) { return read(path, options, settings, stop, report); },
          [this](std::shared_ptr<const SessionAnalysis> session) { emit loaded(std::move(session)); });
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

std::shared_ptr<SessionFile> LoadJob::sessionFileOf(std::shared_ptr<const Profile> profile) {
    auto file = std::make_shared<SessionFile>();
    file->profile = std::move(profile);
    const Profile &read = *file->profile;
    sourceLocationsOf(file->profile); // computed here, off the UI thread, for the views to share
    readableNamesOf(file->profile);   // likewise
    file->unresolved = std::make_shared<const UnresolvedFrames>(UnresolvedFrames::compute(read));
    file->offCpuEvent = OffCpuTime::switchEvent(read);
    if (file->offCpuEvent >= 0) {
        file->offCpuTime = OffCpuTime::compute(read, file->offCpuEvent);
        file->offCpuIntervals = std::make_shared<const std::vector<OffCpuInterval>>(
            OffCpuTime::intervals(read, file->offCpuEvent));
    }
    if (auto parallelism = std::make_shared<const Parallelism>(Parallelism::compute(read));
        parallelism->known()) {
        file->latency = parallelism->latencyWeights(read);
        file->parallelism = std::move(parallelism);
    }
    return file;
}

std::shared_ptr<const SessionAnalysis> LoadJob::read(const QString &path, LoadOptions options,
                                                     const SymbolSettings &symbolSettings,
                                                     const std::stop_token &stop,
                                                     const ReportProgress &reportProgress) {
    const QFileInfo info(path);
    if (info.isDir()) throw Error(path.toStdString() + ": is a directory, not a session file");
    options.stop = stop;
    const OpenedSession opened = openSession(path, options, stop, reportProgress);
    options.progress = [&reportProgress](double fraction) {
        reportProgress(kUnpackShare + fraction * (kReadShare - kUnpackShare));
    };
    auto profile = loadProfile(opened.sessionPath, options);
    throwIfCancelled(stop);
    if (profile->events.empty()) throw Error(path.toStdString() + ": the session describes no events");
    auto file = sessionFileOf(std::move(profile));
    file->path = info.absoluteFilePath();
    file->dataPath = QString::fromStdString(opened.sessionPath);
    file->fileSize = static_cast<uint64_t>(QFileInfo(file->dataPath).size());
    for (const auto &notice : opened.notices)
        file->openNotices.push_back(QString::fromStdString(notice));
    file->symbolSettings = symbolSettings;
    file->buildIdCaches = opened.buildIdCaches;
    SampleFilter filter;
    filter.event = file->profile->firstSampledEvent(); // events that were only counted have no samples
    return AnalysisJob::compute(std::move(file), filter, stop, [&reportProgress](double fraction) {
        reportProgress(kReadShare + fraction * (1.0 - kReadShare));
    });
}

} // namespace perfglass
