#include "LoadJob.h"

#include "analysis/OffCpuTime.h"

#include "AnalysisJob.h"
#include "FrameDetails.h"
#include "FunctionNames.h"
#include "base/Error.h"
#include "base/MonotonicClock.h"
#include "base/UniqueFd.h"
#include "load/GrowingProfileLoader.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <future>
#include <optional>
#include <unordered_set>

namespace perfglass {

namespace {
constexpr double kReadShare = 0.9;   // reading and symbolizing dominate; the trees take the rest
constexpr double kUnpackShare = 0.1; // of the reading share: unpacking an archive, when the session is one
// Opening in steps: each step reads at least this many times as long as the one before.
constexpr int kStepGrowth = 4;

// PERFGLASS_TIMING=1 (as gui/app/StartupTiming): each live refresh prints what it read and what it cost, for
// bench/live-view.sh: "perfglass timing: live refresh at 11.3 s recorded: 812 new samples, read 3.1 ms, 45123
// samples derived and analysed 40.2 ms, process CPU 39.0 ms, 0.8 s behind" (read: the step and the
// snapshot; then names, unnamed frames, trees; the process's CPU time meanwhile, which a loaded machine does
// not inflate as it does the wall times; how far the last sample lies behind now).
void printLiveTiming(uint64_t newSamples, double readMs, const Profile &profile, double analysedMs,
                     double cpuMs) {
    static const bool enabled = std::getenv("PERFGLASS_TIMING") != nullptr;
    if (!enabled) return;
    const double recorded = profile.endTime > profile.startTime
                                ? static_cast<double>(profile.endTime - profile.startTime) / 1e9
                                : 0;
    // How far the last sample lies behind now, as the status bar says it (on the recorder's clock).
    char behind[32] = "lag unknown";
    if (const auto lag = nanosecondsSince(profile.endTime))
        std::snprintf(behind, sizeof behind, "%.1f s behind", static_cast<double>(*lag) / 1e9);
    std::fprintf(
        stderr,
        "perfglass timing: live refresh at %.1f s recorded: %llu new samples, read %.1f ms, %llu samples "
        "derived and analysed %.1f ms, process CPU %.1f ms, %s\n",
        recorded, static_cast<unsigned long long>(newSamples), readMs,
        static_cast<unsigned long long>(profile.samples.size()), analysedMs, cpuMs, behind);
}

// The process's CPU time: a refresh's analysis uses a second thread (AnalysisJob), so its own thread's
// time would miss part of it.
double processCpuMs() {
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

// Standard input, once nothing will read it again (a stream the user stopped following, or left for another
// file): the reader leaves it open, and its writer (perf record -o -) would block on a full pipe for as long
// as the application runs. /dev/null stands in, and the writer gets EPIPE and ends.
void letGoOfStandardInput() {
    if (const UniqueFd null(::open("/dev/null", O_RDONLY | O_CLOEXEC)); null.get() >= 0)
        ::dup2(null.get(), STDIN_FILENO);
}

// The sorted distinct values of known and of column's entries from FROM on. Ids below pid_max's limit (and
// CPU numbers) are marked in a bitmap: a hash set per sample would cost more than reading the column. The
// column's chunks tell their distinct values (PackedColumn::forEachValueOncePerChunk): decoding each of 10
// million samples' thread and CPU cost 90 ms of the load.
std::vector<uint32_t> withValues(std::vector<uint32_t> known, const PackedColumn<uint32_t> &column,
                                 size_t from) {
    constexpr uint32_t kMarked = 1u << 22;
    std::vector<bool> marked(kMarked, false);
    std::unordered_set<uint32_t> large;
    for (const uint32_t value : known)
        value < kMarked ? static_cast<void>(marked[value] = true) : static_cast<void>(large.insert(value));
    column.forEachValueOncePerChunk(from, [&](uint32_t value) {
        const bool added =
            value < kMarked ? !marked[value] && (marked[value] = true) : large.insert(value).second;
        if (added) known.push_back(value);
    });
    std::sort(known.begin(), known.end());
    return known;
}
} // namespace

// The growing profile of a file being recorded, kept between the live view's refreshes, or of a large file
// opened in steps. Only one step runs at a time (SessionDocument waits for the previous one), so it needs no
// lock.
struct LoadJob::LiveLoad {
    QString path;
    std::unique_ptr<GrowingProfileLoader> loader;
    // Opening in steps: what PATH stood for (an archive is unpacked first), the next step's length.
    std::optional<OpenedSession> opened;
    std::chrono::milliseconds stepBudget{250};
    double analysisShare = 1.0; // LoadStepPlan
    // Of the steps so far: the time they read (with their snapshots) and their snapshots' analyses took.
    std::chrono::nanoseconds readSoFar{0};
    std::chrono::nanoseconds analysesSoFar{0};
    std::shared_ptr<const Profile> finished; // once the recorder has finished the file
    // The loader's counts after the last step (it is released once it has finished).
    uint64_t samplesRead = 0;
    uint64_t bytesRead = 0;
    double shareRead = 0;
    LiveState state = LiveState::CaughtUp;
    std::optional<size_t> deliveredSamples; // of the last snapshot handed over
    // stopFollowing() asked that the next step finish what was read (set on the UI thread, read by the step);
    // the step that did says stopped.
    std::atomic<bool> stopRequested{false};
    bool stopped = false;
    // Requested with stopRequested: it also ends the first step's wait for a stream's writer (its header)
    // when the user stops following before anything arrived; that step then ends cancelled, nothing read.
    std::stop_source followingStopped;
    // Its snapshots' lineage (SessionFile::lineage), and the analysis of the last one, which the next
    // extends.
    uint64_t lineage = nextLineage();
    std::shared_ptr<const SessionAnalysis> lastAnalysis;

    LiveLoad() = default;
    LiveLoad(const LiveLoad &) = delete;
    LiveLoad &operator=(const LiveLoad &) = delete;
    // A stream on standard input that nobody follows any more lets go of it, its reader first.
    ~LiveLoad() {
        if (path != QLatin1String("-")) return;
        loader.reset();
        letGoOfStandardInput();
    }

    static uint64_t nextLineage() {
        static std::atomic<uint64_t> lineages{0};
        return ++lineages;
    }
};

LoadJob::LoadJob(QObject *parent)
    : BackgroundJob(parent) {
    qRegisterMetaType<std::shared_ptr<const SessionAnalysis>>();
}

void LoadJob::load(const QString &path) {
    path_ = path;
    live_.reset();
    start([path, options = options_, settings = settings_, shape = shape_](
              const std::stop_token &stop,
              const ReportProgress &report) { return read(path, options, settings, shape, stop, report); },
          [this](std::shared_ptr<const SessionAnalysis> session) { emit loaded(std::move(session)); });
}

void LoadJob::loadLive(const QString &path) {
    path_ = path;
    // A stopped stream opened again starts afresh.
    if (!live_ || live_->path != path || live_->stopRequested) {
        live_ = std::make_shared<LiveLoad>();
        live_->path = path;
    }
    startStep();
}

void LoadJob::loadInSteps(const QString &path, LoadStepPlan plan) {
    path_ = path;
    live_ = std::make_shared<LiveLoad>();
    live_->path = path;
    live_->opened.emplace();
    live_->stepBudget = plan.firstStep;
    live_->analysisShare = plan.analysisShare;
    startStep();
}

void LoadJob::startStep() {
    start(
        [path = path_, options = options_, settings = settings_, live = live_,
         shape = shape_](const std::stop_token &stop, const ReportProgress &report) {
            return readLive(path, options, settings, live, shape, stop, report);
        },
        [this](std::shared_ptr<const SessionAnalysis> session) {
            // A step that began before stopFollowing(): the next one finishes, with all this one read.
            if (live_ && live_->stopRequested && live_->state != LiveState::Ended) {
                startStep();
                return;
            }
            // While records wait (a file opened in steps, a burst on a pipe), the next step reads on
            // while this snapshot is shown, rather than after the views have taken it in.
            const bool readsOn = live_ && live_->state == LiveState::MoreToRead;
            if (readsOn) emit stepEnded();
            if (session) emit loaded(std::move(session)); // none: nothing new to show
            if (!readsOn) emit stepEnded();
        });
}

void LoadJob::stopFollowing() {
    if (!live_ || live_->opened || live_->stopRequested) return;
    if (!isRunning() && (!live_->loader || live_->state == LiveState::Ended)) return;
    live_->stopRequested = true;
    live_->followingStopped.request_stop();
    if (!isRunning()) startStep();
}

bool LoadJob::isStopping() const {
    return live_ && live_->stopRequested && isRunning();
}

LoadJob::LiveState LoadJob::liveState() const {
    return live_ && !isRunning() ? live_->state : LiveState::CaughtUp;
}

// The loader of a live view or of a file opened in steps, made by the first step (which unpacks an archive
// opened in steps first).
GrowingProfileLoader &LoadJob::liveLoader(const QString &path, LoadOptions &options, LiveLoad &live,
                                          const std::stop_token &stop) {
    if (live.loader) return *live.loader;
    std::string dataPath = path.toStdString();
    if (live.opened) {
        if (QFileInfo(path).isDir()) throw Error(dataPath + ": is a directory, not a session file");
        *live.opened = openSession(path, options, stop, [](double) {});
        dataPath = live.opened->sessionPath;
    }
    std::stop_source opening; // the step's cancel or the user's Stop ends a wait for the stream's writer
    const std::stop_callback onCancel(stop, [&opening] { opening.request_stop(); });
    const std::stop_callback onStop(live.followingStopped.get_token(),
                                    [&opening] { opening.request_stop(); });
    live.loader = std::make_unique<GrowingProfileLoader>(dataPath, options, opening.get_token());
    return *live.loader;
}

// Reads what has arrived since the last refresh into LIVE's loader, then takes its snapshot, or its
// complete profile where the input ended. The loader is released as soon as it has finished: its unwinding
// caches and read buffers (40 MB of heap on the 861 MB g++ DWARF recording) go back to the heap, where the
// last analysis finds them, as the load in one go does, rather than that analysis asking the kernel for fresh
// pages. On a virtual machine page faults are dear: with the loader kept, the last analysis of that file took
// 219-248 ms, against 124-163 ms since (about 100 ms in one go).
std::shared_ptr<const Profile> LoadJob::readStep(const QString &path, LoadOptions &options, LiveLoad &live,
                                                 const std::stop_token &stop,
                                                 const std::function<void(double)> &progress) {
    if (live.finished) return live.finished;
    if (live.stopRequested && live.loader) return finishStopped(live);
    GrowingProfileLoader &loader = liveLoader(path, options, live, stop);
    using StepEnd = GrowingProfileLoader::StepEnd;
    StepEnd end = loader.step(live.stepBudget, stop, progress);
    throwIfCancelled(stop);
    if (live.opened && end == StepEnd::CaughtUp) end = StepEnd::Ended;
    live.state = end == StepEnd::Ended    ? LiveState::Ended
                 : end == StepEnd::Budget ? LiveState::MoreToRead
                                          : LiveState::CaughtUp;
    live.samplesRead = loader.samplesRead();
    live.bytesRead = loader.bytesRead();
    live.shareRead = loader.shareRead();
    if (end != StepEnd::Ended) return loader.snapshot();
    live.finished = loader.finish();
    live.loader.reset();
    return live.finished;
}

// What was read of a stream the user stopped following, as its complete profile. Standard input is let go
// too (letGoOfStandardInput).
std::shared_ptr<const Profile> LoadJob::finishStopped(LiveLoad &live) {
    live.finished = live.loader->finish();
    live.loader.reset();
    live.stopped = true;
    live.state = LiveState::Ended;
    if (live.path == QLatin1String("-")) letGoOfStandardInput();
    return live.finished;
}

// Reads what has arrived since the last refresh; a cancelled refresh leaves the loader where it stopped. A
// file opened in steps reads on for a longer step (LoadStepPlan), and ends where what arrived ends
// (a file whose writer never completed its header reads as far as it goes).
std::shared_ptr<const SessionAnalysis>
LoadJob::readLive(const QString &path, LoadOptions options, const SymbolSettings &symbolSettings,
                  const std::shared_ptr<LiveLoad> &live, const AnalysisShape &shape,
                  const std::stop_token &stop, const ReportProgress &reportProgress) {
    const bool inSteps = live->opened.has_value();
    QElapsedTimer clock;
    clock.start();
    const double cpuBefore = processCpuMs();
    const uint64_t samplesBefore = live->samplesRead;
    const auto progress = [&reportProgress](double share) { reportProgress(share * kReadShare); };
    auto profile =
        readStep(path, options, *live, stop, inSteps ? std::function<void(double)>(progress) : nullptr);
    // A refresh that found no new samples costs no analysis and shows nothing new (the file grows per round
    // of the recorder, which need not fall between two refreshes); nor is an empty snapshot shown (the round
    // orderer holds the first round until the second arrives).
    if (!live->finished &&
        (profile->samples.size() == 0 || live->deliveredSamples == profile->samples.size()))
        return nullptr;
    live->deliveredSamples = profile->samples.size();
    const qint64 readNs = clock.nsecsElapsed(); // the step and the snapshot
    if (profile->events.empty()) throw Error(path.toStdString() + ": the session describes no events");
    auto file = std::make_shared<SessionFile>();
    file->profile = std::move(profile);
    file->lineage = live->lineage;
    file->path = QFileInfo(path).absoluteFilePath();
    file->dataPath = path;
    const QFileInfo info(path);
    // A pipe has no size: what came through it so far.
    file->fileSize = info.isFile() ? static_cast<uint64_t>(info.size()) : live->bytesRead;
    file->symbolSettings = symbolSettings;
    if (inSteps) {
        describeOpened(*file, *live->opened);
        if (!live->finished) file->partialShare = std::clamp(live->shareRead, 1e-3, 0.999);
    } else if (live->stopped) {
        file->growth = SessionFile::Growth::Stopped;
    } else if (!live->finished) {
        file->growth = SessionFile::Growth::Growing;
    }
    const std::shared_ptr<const Profile> shown = file->profile;
    const SessionFile *earlierFile = live->lastAnalysis ? live->lastAnalysis->file.get() : nullptr;
    auto analysis =
        analysedWithFacts(std::move(file), earlierFile, stop, {}, shape, live->lastAnalysis.get());
    live->lastAnalysis = analysis;
    const qint64 analysisNs = clock.nsecsElapsed() - readNs;
    if (inSteps && !live->finished)
        planNextStep(*live, live->shareRead, std::chrono::nanoseconds(readNs),
                     std::chrono::nanoseconds(analysisNs));
    printLiveTiming(live->samplesRead - samplesBefore, static_cast<double>(readNs) / 1e6, *shown,
                    static_cast<double>(analysisNs) / 1e6, processCpuMs() - cpuBefore);
    return analysis;
}

// A snapshot of a file opened in steps costs an analysis of all that was read so far, about in proportion to
// it (deep DWARF stacks: a fifth of the time their reading took; frame pointers: a tenth). The next step
// reads four times as long, unless its snapshot's analysis, with those before, would exceed analysisShare
// of the whole load predicted from the share read so far: then it reads the rest at once. A step longer
// than the file needs ends at the file's end.
void LoadJob::planNextStep(LiveLoad &live, double shareRead, std::chrono::nanoseconds read,
                           std::chrono::nanoseconds analysis) {
    live.readSoFar += read;
    live.analysesSoFar += analysis;
    const auto longer = live.stepBudget * kStepGrowth;
    live.stepBudget = longer;
    if (live.analysisShare >= 1.0 || shareRead <= 0.0) return;
    using Ms = std::chrono::duration<double, std::milli>;
    const double readMs = Ms(live.readSoFar).count();
    const double analysisMs = Ms(analysis).count();
    const double wholeLoadMs = (readMs + analysisMs) / shareRead;
    const double nextShare = shareRead * (1.0 + Ms(longer).count() / readMs);
    const double nextAnalysisMs = analysisMs * nextShare / shareRead;
    if (nextShare >= 1.0 ||
        Ms(live.analysesSoFar).count() + nextAnalysisMs > live.analysisShare * wholeLoadMs)
        live.stepBudget = std::chrono::hours(24); // the rest at once
}

// The first aggregation of a read session: every sample of the first sampled event, no filter but the
// document's view settings (SHAPE), so that a live view's snapshot is analysed once, as it is shown.
std::shared_ptr<const SessionAnalysis> LoadJob::analysed(std::shared_ptr<SessionFile> file,
                                                         const std::stop_token &stop,
                                                         const ReportProgress &reportProgress,
                                                         const AnalysisShape &shape,
                                                         const SessionAnalysis *earlier) {
    SampleFilter filter;
    filter.event = file->profile->firstSampledEvent(); // events that were only counted have no samples
    filter.grouping = shape.grouping;
    filter.hideIdle = shape.hideIdle;
    return AnalysisJob::compute(
        std::move(file), filter, stop,
        [&reportProgress](double fraction) {
            if (reportProgress) reportProgress(kReadShare + fraction * (1.0 - kReadShare));
        },
        earlier, shape.bottomUp, shape.timeline);
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

// What opening found: the session file read (inside an archive's private cache for an archive), the notices
// and the build-id caches it added.
void LoadJob::describeOpened(SessionFile &file, const OpenedSession &opened) {
    file.dataPath = QString::fromStdString(opened.sessionPath);
    file.fileSize = static_cast<uint64_t>(QFileInfo(file.dataPath).size());
    for (const auto &notice : opened.notices)
        file.openNotices.push_back(QString::fromStdString(notice));
    file.buildIdCaches = opened.buildIdCaches;
}

std::shared_ptr<SessionFile> LoadJob::sessionFileOf(std::shared_ptr<const Profile> profile,
                                                    const SessionFile *earlier) {
    auto file = std::make_shared<SessionFile>();
    file->profile = std::move(profile);
    deriveFacts(*file, earlier);
    return file;
}

void LoadJob::deriveFacts(SessionFile &file, const SessionFile *earlier) {
    const Profile &read = *file.profile;
    // computed here, off the UI thread, for the views to share
    sourceLocationsOf(file.profile, earlier ? earlier->profile : nullptr);
    readableNamesOf(file.profile, earlier ? earlier->profile : nullptr); // likewise
    SampleFilter everySample;
    everySample.event = -1;
    everySample.cost = CostKind::Samples;
    file.stackSamples = earlier && earlier->stackSamples
                            ? StackSampleSums::extend(*earlier->stackSamples, read, everySample)
                            : StackSampleSums::compute(read, everySample);
    file.unresolved = std::make_shared<const UnresolvedFrames>(
        earlier && earlier->unresolved ? UnresolvedFrames::extend(*earlier->unresolved, read)
                                       : UnresolvedFrames::compute(read, file.stackSamples->count));
    const size_t known = earlier ? earlier->profile->samples.size() : 0;
    file.sampledThreads =
        withValues(earlier ? earlier->sampledThreads : std::vector<uint32_t>{}, read.samples.tid, known);
    file.sampledCpus =
        withValues(earlier ? earlier->sampledCpus : std::vector<uint32_t>{}, read.samples.cpu, known);
    file.offCpuEvent = OffCpuTime::switchEvent(read);
    if (file.offCpuEvent >= 0) {
        file.offCpuTime = OffCpuTime::compute(read, file.offCpuEvent);
        file.offCpuIntervals = std::make_shared<const std::vector<OffCpuInterval>>(
            OffCpuTime::intervals(read, file.offCpuEvent));
    }
    if (auto parallelism = std::make_shared<const Parallelism>(Parallelism::compute(read));
        parallelism->known()) {
        file.latency = parallelism->latencyWeights(read);
        file.parallelism = std::move(parallelism);
    }
}

// FILE's facts (deriveFacts) and its first analysis, made at once on two threads: after the trees of deep
// stacks, the facts are the largest part of what the desktop application does beyond `perfglass-cli report`.
// The analysis reads only the file's profile and lineage, which the facts leave alone, and neither is handed
// over before both are done.
std::shared_ptr<const SessionAnalysis>
LoadJob::analysedWithFacts(std::shared_ptr<SessionFile> file, const SessionFile *earlierFile,
                           const std::stop_token &stop, const ReportProgress &reportProgress,
                           const AnalysisShape &shape, const SessionAnalysis *earlier) {
    auto facts = std::async(std::launch::async, [&file, earlierFile] { deriveFacts(*file, earlierFile); });
    auto analysis = analysed(file, stop, reportProgress, shape, earlier);
    facts.get();
    return analysis;
}

std::shared_ptr<const SessionAnalysis> LoadJob::read(const QString &path, LoadOptions options,
                                                     const SymbolSettings &symbolSettings,
                                                     const AnalysisShape &shape, const std::stop_token &stop,
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
    auto file = std::make_shared<SessionFile>();
    file->profile = std::move(profile);
    file->path = info.absoluteFilePath();
    file->symbolSettings = symbolSettings;
    describeOpened(*file, opened);
    return analysedWithFacts(std::move(file), nullptr, stop, reportProgress, shape);
}

} // namespace perfglass
