// Opens a session file off the UI thread (or an archive of one, identity/ArchiveOpener: unpacked into a
// private build-id cache first): reads it into a Profile (perfglass::loadProfile), then builds the top-down
// call tree and the flat profile, reporting progress and honouring cancellation (BackgroundJob). loaded()
// hands the session over on the thread that owns the job.
#pragma once

#include "BackgroundJob.h"
#include "SessionAnalysis.h"
#include "SymbolSettings.h"
#include "identity/ArchiveOpener.h"
#include "load/LoadProfile.h"

#include <QString>

#include <chrono>
#include <cstdint>
#include <memory>

namespace perfglass {

class GrowingProfileLoader;

// How a file opened in steps is read (LoadJob::loadInSteps): the first step's length; each later step reads
// four times as long as the one before while the snapshots' analyses stay within analysisShare of the whole
// load (as predicted from the share of the file read so far); then the last step reads the rest at once.
// analysisShare 1 or more: no such limit. At 2%, one load in eight of the g++ DWARF file (the first step
// having read a little less of it) took a second partial snapshot at a fifth of the file, whose analysis and
// views made that load 11% longer: at 1% a file that loads in about two seconds shows one partial snapshot
// and a 10 GB one three in its first three seconds.
struct LoadStepPlan {
    std::chrono::milliseconds firstStep{120};
    double analysisShare = 0.01;
};

class LoadJob : public BackgroundJob {
    Q_OBJECT
public:
    explicit LoadJob(QObject *parent = nullptr);

    bool isLoading() const { return isRunning(); }
    // How the next loads read sessions (inline frames, symbol search paths...). Defaults to LoadOptions{},
    // so the core's defaults apply; progress and cancel are the job's own and are ignored here.
    void setLoadOptions(LoadOptions options) { options_ = std::move(options); }
    const LoadOptions &loadOptions() const { return options_; }
    // Where the next loads look for symbols (applied to the load options, and kept in each SessionFile).
    void setSymbolSettings(const SymbolSettings &settings) {
        settings_ = settings;
        settings_.applyTo(options_);
    }
    const SymbolSettings &symbolSettings() const { return settings_; }
    // How the analyses of the loads started from now on aggregate: whether they make the bottom-up tree and
    // the timeline with the trees (by default they do), and the document's view settings
    // (SessionDocument::setViewSettings).
    struct AnalysisShape {
        BottomUpTree bottomUp = BottomUpTree::Make;
        TimelineWhen timeline = TimelineWhen::WithTrees;
        ProcessGrouping grouping = ProcessGrouping::None;
        bool hideIdle = false;
    };
    void setBottomUpTree(BottomUpTree bottomUp) { shape_.bottomUp = bottomUp; }
    void setTimeline(TimelineWhen timeline) { shape_.timeline = timeline; }
    void setViewSettings(ProcessGrouping grouping, bool hideIdle) {
        shape_.grouping = grouping;
        shape_.hideIdle = hideIdle;
    }
    // The file the running or last load reads.
    QString currentPath() const { return path_; }

    // The facts computed once for a read PROFILE (unnamed frames, off-CPU time, names and source locations);
    // path and notices are the caller's to fill. Also for profiles in hand (tests, fixtures). EARLIER: the
    // file of an earlier snapshot of the same growing profile, whose sums PROFILE's extend.
    static std::shared_ptr<SessionFile> sessionFileOf(std::shared_ptr<const Profile> profile,
                                                      const SessionFile *earlier = nullptr);

    // Files at least this large open in steps (loadInSteps) in the desktop application; smaller ones are read
    // in well under the 300 ms a first partial view would take.
    static constexpr uint64_t kStepsFromBytes = 64ull << 20;

    // Where the last loadLive() or loadInSteps() (below) stopped: everything that had arrived was read,
    // records wait (a live step reads for about a quarter of a second), or the input ended (the recorder
    // finished the file, the pipe closed, a file opened in steps was read to its end).
    enum class LiveState { CaughtUp, MoreToRead, Ended };
    LiveState liveState() const;

public slots:
    // Starts loading PATH (started() follows, then progress()); a load already running is dropped.
    void load(const QString &path);
    // The live view of PATH, a file being recorded: reads what was added to it since the last call for the
    // same file (a GrowingProfileLoader kept between calls; the first call reads it from the start), then
    // loaded() hands over a snapshot of the profile so far, whose sealed sample chunks it shares with the
    // previous one. Once the recorder has finished the file, the snapshot is the complete profile.
    void loadLive(const QString &path);
    // Opens PATH, a finished file or an archive, in steps (a large file that shows itself while it loads):
    // loaded() hands over a first snapshot after about FIRSTSTEP of reading, marked partial
    // (SessionFile::partialShare), then liveState() is MoreToRead and each loadLive(PATH) reads on for a
    // longer step (LoadStepPlan); the last step hands over the complete profile (Ended). Progress reports the
    // share read.
    void loadInSteps(const QString &path, LoadStepPlan plan = {});
    // Stops following what loadLive() reads (a stream the user no longer wants to wait for): once the step
    // running, if any, has ended, a last step hands over everything read so far as the complete profile,
    // marked SessionFile::Growth::Stopped (GrowingProfileLoader::finish: its notice says how much was read),
    // and lets go of the input, so that its writer ends rather than waits on a full pipe. Nothing happens
    // when nothing was read yet, or when the input has ended.
    void stopFollowing();
    // Whether stopFollowing() was asked for and its steps still run: what they hand over is what was read.
    bool isStopping() const;

signals:
    void loaded(std::shared_ptr<const perfglass::SessionAnalysis> session);
    // A step of loadLive() or loadInSteps() ended: after loaded(), when it found something to show, unless
    // records wait (liveState() MoreToRead), when it comes first so that a next step may read on meanwhile.
    void stepEnded();

private:
    static OpenedSession openSession(const QString &path, LoadOptions &options, const std::stop_token &stop,
                                     const ReportProgress &reportProgress);
    struct LiveLoad;
    static std::shared_ptr<const SessionAnalysis>
    readLive(const QString &path, LoadOptions options, const SymbolSettings &symbolSettings,
             const std::shared_ptr<LiveLoad> &live, const AnalysisShape &shape, const std::stop_token &stop,
             const ReportProgress &reportProgress);
    static std::shared_ptr<const Profile> readStep(const QString &path, LoadOptions &options, LiveLoad &live,
                                                   const std::stop_token &stop,
                                                   const std::function<void(double)> &progress);
    static std::shared_ptr<const Profile> finishStopped(LiveLoad &live);
    static GrowingProfileLoader &liveLoader(const QString &path, LoadOptions &options, LiveLoad &live,
                                            const std::stop_token &stop);
    void startStep();
    static void describeOpened(SessionFile &file, const OpenedSession &opened);
    static void deriveFacts(SessionFile &file, const SessionFile *earlier);
    static std::shared_ptr<const SessionAnalysis>
    analysedWithFacts(std::shared_ptr<SessionFile> file, const SessionFile *earlierFile,
                      const std::stop_token &stop, const ReportProgress &reportProgress,
                      const AnalysisShape &shape, const SessionAnalysis *earlier = nullptr);
    static void planNextStep(LiveLoad &live, double shareRead, std::chrono::nanoseconds read,
                             std::chrono::nanoseconds analysis);
    static std::shared_ptr<const SessionAnalysis> analysed(std::shared_ptr<SessionFile> file,
                                                           const std::stop_token &stop,
                                                           const ReportProgress &reportProgress,
                                                           const AnalysisShape &shape,
                                                           const SessionAnalysis *earlier = nullptr);
    static std::shared_ptr<const SessionAnalysis>
    read(const QString &path, LoadOptions options, const SymbolSettings &symbolSettings,
         const AnalysisShape &shape, const std::stop_token &stop, const ReportProgress &reportProgress);

    QString path_;
    std::shared_ptr<LiveLoad> live_; // the growing profile of the file loadLive() follows
    LoadOptions options_;
    SymbolSettings settings_;
    AnalysisShape shape_;
};

} // namespace perfglass
