#include "SessionDocument.h"

#include "AnalysisJob.h"
#include "FilterCommand.h"
#include "LiveRefreshInterval.h"
#include "LoadJob.h"

#include <QFileInfo>
#include <QStringList>
#include <QTimer>
#include <QUndoStack>

#include <utility>

namespace perfglass {

namespace {

// What a reload could not carry over, for the status bar; empty when everything applies.
QString carriedNotice(const FilterTransfer::Carried &carried) {
    QStringList lost;
    if (carried.timeRangeDropped)
        lost << SessionDocument::tr("the time range is outside the session read again");
    if (carried.processNamesMissing > 0)
        lost << SessionDocument::tr("%n picked process(es) are no longer in it", nullptr,
                                    static_cast<int>(carried.processNamesMissing));
    if (carried.threadNamesMissing > 0)
        lost << SessionDocument::tr("%n picked thread(s) are no longer in it", nullptr,
                                    static_cast<int>(carried.threadNamesMissing));
    if (carried.transformsDropped > 0)
        lost << SessionDocument::tr("%n step(s) of the filter name functions it no longer has", nullptr,
                                    static_cast<int>(carried.transformsDropped));
    if (lost.isEmpty()) return {};
    return SessionDocument::tr("The filter was kept, but %1.").arg(lost.join(QStringLiteral("; ")));
}

// ANALYSIS with PART, one of its products made after the rest (the bottom-up tree, the timeline).
template <typename Part>
std::shared_ptr<const SessionAnalysis> withPart(const SessionAnalysis &analysis,
                                                std::shared_ptr<const Part> SessionAnalysis::*member,
                                                std::shared_ptr<const Part> part) {
    auto whole = std::make_shared<SessionAnalysis>(analysis);
    (*whole).*member = std::move(part);
    return whole;
}

} // namespace

SessionDocument::SessionDocument(QObject *parent)
    : QObject(parent)
    , loader_(new LoadJob(this))
    , analyzer_(new AnalysisJob(this))
    , exporter_(new ExportJob(this))
    , bottomUpMaker_(new BackgroundJob(this))
    , timelineMaker_(new BackgroundJob(this))
    , undoStack_(new QUndoStack(this))
    , stepsFromBytes_(qEnvironmentVariable("PERFGLASS_OPEN_IN_STEPS") == QLatin1String("0")
                          ? UINT64_MAX
                          : LoadJob::kStepsFromBytes)
    , streamTimer_(new QTimer(this)) {
    streamTimer_->setObjectName(QStringLiteral("streamTimer"));
    // The interval is read again at each tick: a change in the Recording dock applies to an open stream from
    // its next tick.
    connect(streamTimer_, &QTimer::timeout, this, [this] {
        if (const auto interval = LiveRefreshInterval::interval();
            streamTimer_->intervalAsDuration() != interval)
            streamTimer_->setInterval(interval);
        refreshLive(streamPath_);
    });
    loader_->setObjectName(QStringLiteral("loadJob"));
    analyzer_->setObjectName(QStringLiteral("analysisJob"));
    exporter_->setObjectName(QStringLiteral("exportJob"));
    bottomUpMaker_->setObjectName(QStringLiteral("bottomUpJob"));
    connect(bottomUpMaker_, &BackgroundJob::failed, this, [this](const QString &message) {
        bottomUpFor_.reset();
        emit analysisFailed(message);
    });
    timelineMaker_->setObjectName(QStringLiteral("timelineJob"));
    connect(timelineMaker_, &BackgroundJob::failed, this, [this](const QString &message) {
        timelineFor_.reset();
        emit analysisFailed(message);
    });
    loader_->setTimeline(TimelineWhen::Later);
    analyzer_->setTimeline(TimelineWhen::Later);
    undoStack_->setObjectName(QStringLiteral("undoStack"));
    connect(loader_, &LoadJob::started, this, &SessionDocument::loadStarted);
    connect(loader_, &LoadJob::progress, this, &SessionDocument::loadProgress);
    connect(loader_, &LoadJob::loaded, this, &SessionDocument::onLoaded);
    connect(loader_, &LoadJob::stepEnded, this, &SessionDocument::followStream);
    connect(loader_, &LoadJob::failed, this, &SessionDocument::loadFailed);
    // After loadFailed: a stream's failure is said first.
    connect(loader_, &LoadJob::failed, this, [this] { setStreaming(false); });
    connect(loader_, &LoadJob::failed, this, [this] { inSteps_ = false; });
    connect(loader_, &LoadJob::cancelled, this, &SessionDocument::loadCancelled);
    connect(loader_, &LoadJob::cancelled, this, [this] { inSteps_ = false; });
    connect(analyzer_, &AnalysisJob::started, this, &SessionDocument::analysisStarted);
    connect(analyzer_, &AnalysisJob::failed, this, &SessionDocument::analysisFailed);
    connect(analyzer_, &AnalysisJob::analyzed, this, [this](std::shared_ptr<const SessionAnalysis> analysis) {
        if (analysis->file != file_) return; // another file was read since
        analysis_ = withTimelineMade(std::move(analysis));
        emit analysisChanged();
        emit filterApplied();
    });
    // Whatever brought the analysis shown (a load, a step, a filter), its bottom-up tree follows when shown.
    connect(this, &SessionDocument::analysisChanged, this, &SessionDocument::makeMissingBottomUp);
    connect(this, &SessionDocument::analysisChanged, this, &SessionDocument::makeMissingTimeline);
}

SessionDocument::~SessionDocument() {
    loader_->cancel();
    analyzer_->cancel();
    bottomUpMaker_->abandon();
    timelineMaker_->abandon();
}

void SessionDocument::open(const QString &path) {
    setStreaming(false);
    reloading_ = false;
    live_ = false;
    inSteps_ = opensInSteps(path);
    if (inSteps_)
        loader_->loadInSteps(path, stepPlan_);
    else
        loader_->load(path);
}

void SessionDocument::reload() {
    if (!file_) return;
    setStreaming(false);
    reloading_ = true;
    live_ = false;
    inSteps_ = opensInSteps(file_->path);
    if (inSteps_)
        loader_->loadInSteps(file_->path, stepPlan_);
    else
        loader_->load(file_->path);
}

bool SessionDocument::opensInSteps(const QString &path) const {
    const QFileInfo info(path);
    return info.isFile() && static_cast<uint64_t>(info.size()) >= stepsFromBytes_;
}

void SessionDocument::refreshLive(const QString &path) {
    if (loader_->isLoading()) return;
    inSteps_ = false;
    reloading_ = file_ && file_->path == QFileInfo(path).absoluteFilePath();
    live_ = true;
    loader_->loadLive(path);
}

void SessionDocument::openStream(const QString &path) {
    streamPath_ = path;
    refreshLive(path);
    setStreaming(true);
}

bool SessionDocument::isStreaming() const {
    return streamTimer_->isActive();
}

void SessionDocument::setStreaming(bool streaming) {
    if (streaming == isStreaming()) return;
    if (streaming)
        streamTimer_->start(LiveRefreshInterval::interval());
    else
        streamTimer_->stop();
    emit streamingChanged();
}

// After a refresh of the live view or of a stream: records still wait (a large file, a burst) are read at
// once rather than at the next tick; an input that ended needs no more ticks.
void SessionDocument::followStream() {
    if (inSteps_) {
        readOn();
        return;
    }
    if (!live_) return;
    const LoadJob::LiveState state = loader_->liveState();
    if (state == LoadJob::LiveState::Ended) setStreaming(false);
    if (state != LoadJob::LiveState::MoreToRead) return;
    QTimer::singleShot(0, this, [this, path = loader_->currentPath()] {
        if (live_ && !loader_->isLoading()) refreshLive(path);
    });
}

// The next step of a file opened in steps, keeping what the user did with the snapshots shown so far.
void SessionDocument::readOn() {
    if (loader_->liveState() != LoadJob::LiveState::MoreToRead) {
        inSteps_ = false;
        return;
    }
    reloading_ = file_ != nullptr;
    loader_->loadLive(loader_->currentPath());
}

void SessionDocument::stopFollowing() {
    if (!isStreaming()) return;
    setStreaming(false);
    reloading_ = file_ != nullptr; // the last snapshot keeps the filter and the undo stack
    loader_->stopFollowing();
}

bool SessionDocument::isStream() const {
    return live_ && !streamPath_.isEmpty() && loader_->currentPath() == streamPath_;
}

void SessionDocument::cancel() {
    // A stream the user stopped following is making its last snapshot of everything read: cancelling that
    // would lose what was read since the last refresh (and the stream would never be marked stopped).
    if (loader_->isStopping()) return;
    setStreaming(false);
    // Between two steps of a file opened in steps no read runs: the next one is not started.
    const bool betweenSteps = inSteps_ && !loader_->isLoading();
    inSteps_ = false;
    loader_->cancel();
    analyzer_->cancel(); // the bottom-up tree being made is of the analysis shown, which stays
    if (betweenSteps) emit loadCancelled();
}

bool SessionDocument::isLoading() const {
    return loader_->isLoading();
}

QString SessionDocument::loadingPath() const {
    return loader_->currentPath();
}

void SessionDocument::setLoadOptions(LoadOptions options, const SymbolSettings &settings) {
    loader_->setLoadOptions(std::move(options));
    loader_->setSymbolSettings(settings);
}

void SessionDocument::onLoaded(std::shared_ptr<const SessionAnalysis> read) {
    analyzer_->cancel();
    if (reloading_ && file_)
        carryOver(std::move(read));
    else
        startAfresh(std::move(read));
}

void SessionDocument::startAfresh(std::shared_ptr<const SessionAnalysis> read) {
    undoStack_->clear();
    file_ = read->file;
    analysis_ = std::move(read);
    states_ = {analysis_->filter};
    state_ = 0;
    filter_ = withViewSettings(analysis_->filter);
    emit filterChanged();
    emit loaded(false);
    emit analysisChanged();
    if (!(filter_ == analysis_->filter)) analyze();
}

// Every state of the undo stack is carried over to the new profile; the views keep showing the old analysis
// until the new one of the current filter is computed (no flash of the whole session).
void SessionDocument::carryOver(std::shared_ptr<const SessionAnalysis> read) {
    const std::shared_ptr<const Profile> before = file_->profile;
    file_ = read->file;
    FilterTransfer::Carried current;
    for (size_t i = 0; i < states_.size(); ++i)
        states_[i] = carriedState(*before, states_[i], *file_, i == state_ ? &current : nullptr);
    filter_ = withViewSettings(states_[state_]);
    emit filterChanged();
    emit loaded(true);
    if (filter_ == read->filter) {
        analysis_ = std::move(read);
        emit analysisChanged();
    } else {
        analyze();
    }
    if (const QString notice = carriedNotice(current); !notice.isEmpty()) emit filterCarried(notice);
}

SampleFilter SessionDocument::carriedState(const Profile &from, const SampleFilter &state,
                                           const SessionFile &to, FilterTransfer::Carried *report) const {
    FilterTransfer::Carried carried = FilterTransfer::reload(from, state, *to.profile);
    SampleFilter &filter = carried.filter;
    if (filter.cost == CostKind::OffCpu && to.offCpuEvent >= 0) {
        filter.offCpuTime = to.offCpuTime;
        filter.event = to.offCpuEvent;
    } else if (filter.cost == CostKind::OffCpu) { // read again without switch-out samples
        filter.cost = CostKind::Period;
        filter.event = to.profile->firstSampledEvent();
    }
    if (filter.cost == CostKind::Latency) {
        filter.latency = to.latency;
        if (!to.latency) filter.cost = CostKind::Period; // read again without context switches
    }
    if (report) *report = carried;
    return filter;
}

void SessionDocument::pushFilter(const QString &text, const SampleFilter &filter) {
    if (!file_) return;
    states_.push_back(filter);
    undoStack_->push(
        new FilterCommand(text, state_, states_.size() - 1, [this](size_t state) { applyState(state); }));
}

void SessionDocument::applyState(size_t state) {
    state_ = state;
    filter_ = withViewSettings(states_[state]);
    emit filterChanged();
    analyze();
}

void SessionDocument::setViewSettings(ProcessGrouping grouping, bool hideIdle) {
    if (grouping == grouping_ && hideIdle == hideIdle_) return;
    grouping_ = grouping;
    hideIdle_ = hideIdle;
    loader_->setViewSettings(grouping, hideIdle);
    if (!file_) return;
    filter_ = withViewSettings(filter_);
    emit filterChanged();
    analyze();
}

void SessionDocument::refresh() {
    if (analysis_) emit analysisChanged();
}

void SessionDocument::setBottomUpShown(bool shown) {
    if (shown == bottomUpShown_) return;
    bottomUpShown_ = shown;
    const BottomUpTree making = shown ? BottomUpTree::Make : BottomUpTree::Later;
    loader_->setBottomUpTree(making);
    analyzer_->setBottomUpTree(making);
    makeMissingBottomUp();
}

// The bottom-up tree of the analysis shown, when a view shows it and the analysis was made without it.
// A job no longer needed is dropped: it holds its tree's profile, perhaps of a file read since.
void SessionDocument::makeMissingBottomUp() {
    if (!bottomUpShown_ || !analysis_ || analysis_->bottomUp || !analysis_->topDown) {
        bottomUpMaker_->abandon();
        bottomUpFor_.reset();
        return;
    }
    if (bottomUpMaker_->isRunning() && bottomUpFor_ == analysis_->topDown) return;
    bottomUpFor_ = analysis_->topDown;
    bottomUpMaker_->start(
        [topDown = analysis_->topDown](const std::stop_token &stop, const BackgroundJob::ReportProgress &) {
            return CallTree::bottomUpOf(*topDown, stop);
        },
        [this](std::shared_ptr<const CallTree> tree) { adoptBottomUp(std::move(tree)); });
}

void SessionDocument::adoptBottomUp(std::shared_ptr<const CallTree> tree) {
    const bool madeFor = analysis_ && !analysis_->bottomUp && analysis_->topDown == bottomUpFor_;
    bottomUpFor_.reset();
    if (!madeFor) return; // another analysis is shown since
    analysis_ = withPart(*analysis_, &SessionAnalysis::bottomUp, std::move(tree));
    emit bottomUpMade();
}

// The timeline of the analysis shown, when it was made without one. A job making the same timeline goes on;
// one no longer needed is dropped.
void SessionDocument::makeMissingTimeline() {
    if (timelineMade_ && (!analysis_ || timelineMade_->profile != analysis_->profile()))
        timelineMade_.reset(); // of a file read before: let go of it
    if (!analysis_ || analysis_->timeline) {
        timelineMaker_->abandon();
        timelineFor_.reset();
        return;
    }
    if (timelineMaker_->isRunning() && timelineFor_ && timelineFor_->fits(*analysis_)) return;
    timelineFor_ = TimelineOf{analysis_->profile(), analysis_->filter, nullptr};
    timelineMaker_->start(
        [of = *timelineFor_](const std::stop_token &stop, const BackgroundJob::ReportProgress &) {
            return AnalysisJob::timelineOf(*of.profile, of.filter, stop);
        },
        [this](std::shared_ptr<const TimelineBuckets> timeline) { adoptTimeline(std::move(timeline)); });
}

bool SessionDocument::TimelineOf::fits(const SessionAnalysis &analysis) const {
    return profile == analysis.profile() && AnalysisJob::sameTimeline(filter, analysis.filter);
}

// ANALYSIS, with the timeline made last when it has none and that one is its timeline.
std::shared_ptr<const SessionAnalysis>
SessionDocument::withTimelineMade(std::shared_ptr<const SessionAnalysis> analysis) const {
    if (analysis->timeline || !timelineMade_ || !timelineMade_->fits(*analysis)) return analysis;
    return withPart(*analysis, &SessionAnalysis::timeline, timelineMade_->buckets);
}

void SessionDocument::adoptTimeline(std::shared_ptr<const TimelineBuckets> timeline) {
    if (!timelineFor_) return;
    timelineMade_ = std::exchange(timelineFor_, std::nullopt);
    timelineMade_->buckets = std::move(timeline);
    const auto shown = analysis_ ? withTimelineMade(analysis_) : nullptr;
    if (shown == analysis_) return; // shown with a timeline already, or another session is shown since
    analysis_ = shown;
    emit timelineMade();
}

void SessionDocument::exportTo(ExportJob::Format format, const QString &path) {
    if (analysis_) exporter_->exportSession(analysis_, format, path);
}

void SessionDocument::analyze() {
    if (!file_) return;
    // After a reload the file is new and the shown analysis is of the old one: nothing of it is reused,
    // unless the new file is a later snapshot of the same growing profile, which extends it.
    const bool reusable =
        analysis_ && (analysis_->file == file_ || file_->sharesLineageWith(*analysis_->file));
    analyzer_->analyze(file_, filter_, reusable ? analysis_ : nullptr);
}

SampleFilter SessionDocument::withViewSettings(SampleFilter filter) const {
    filter.grouping = grouping_;
    filter.hideIdle = hideIdle_;
    return filter;
}

} // namespace perfglass
