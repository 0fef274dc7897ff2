// One open session of the desktop application: its file, read with the application's load options (LoadJob),
// the filter its views count with an undo stack of its own (FilterCommand), its analyses (AnalysisJob) and
// exports (ExportJob). Views subscribe to analysisChanged() and read analysis(); nobody feeds them by hand.
// Reading the same file again (File ▸ Reload, every refresh of the live view) keeps the filter and the undo
// stack: each filter state is carried over to the new profile (FilterTransfer::reload), and filterCarried()
// says what no longer applies.
#pragma once

#include "ExportJob.h"
#include "LoadJob.h"
#include "SessionAnalysis.h"
#include "SymbolSettings.h"
#include "analysis/FilterTransfer.h"
#include "load/LoadProfile.h"

#include <QObject>
#include <QString>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QTimer;
class QUndoStack;

namespace perfglass {

class AnalysisJob;

class SessionDocument : public QObject {
    Q_OBJECT
public:
    explicit SessionDocument(QObject *parent = nullptr);
    ~SessionDocument() override;

    // Reads PATH, a new file: the filter and the undo stack start afresh. A large file (stepsFromBytes()) is
    // read in steps: its first snapshot shows within a fraction of a second, marked partial, the next ones
    // follow as it is read (the filter kept, as by a reload), and the last is the complete profile.
    void open(const QString &path);
    // Reads the open file again, keeping the filter and the undo stack (in steps too, when it is large).
    void reload();
    // Whether a large file is being opened in steps (its snapshots are partial until the last).
    bool isOpeningInSteps() const { return inSteps_; }
    // Files of at least FROMBYTES open in steps as PLAN says (LoadJob::kStepsFromBytes and a default
    // LoadStepPlan by default; PERFGLASS_OPEN_IN_STEPS=0 in the environment turns steps off, for
    // comparisons).
    void setSteps(uint64_t fromBytes, LoadStepPlan plan = {}) {
        stepsFromBytes_ = fromBytes;
        stepPlan_ = plan;
    }
    // A refresh of the live view of PATH, a recording in progress: reads only what was added since the last
    // refresh (LoadJob::loadLive) and keeps the filter and the undo stack as reload() does when PATH is the
    // open file; as open() otherwise. Skipped while the previous refresh runs. Its failures are not the
    // user's errors.
    void refreshLive(const QString &path);
    // Reads PATH as it arrives ("-": standard input, a pipe from `perf record -o -`; or a file still being
    // written, or a large one): refreshed at the live interval (LiveRefreshInterval, 1 s by default), and at
    // once while records wait, until it ends; the filter and the undo stack stay as with the live view.
    void openStream(const QString &path);
    bool isStreaming() const;
    // Whether what was read last is a stream openStream() read, followed still or no longer.
    bool isStream() const;
    // Stops following the stream openStream() reads: the views keep everything read so far, its snapshot
    // marked SessionFile::Growth::Stopped, and the rest of the stream is not read (its writer gets EPIPE).
    void stopFollowing();
    // Stops the read running (a file opened in steps keeps the snapshot shown); not the last step of a stream
    // whose following was stopped, which hands over what was read.
    void cancel();
    bool isLoading() const;
    bool isLiveRefresh() const { return live_; }
    // What is being read or was read last.
    QString loadingPath() const;
    void setLoadOptions(LoadOptions options, const SymbolSettings &settings);

    const std::shared_ptr<const SessionAnalysis> &analysis() const { return analysis_; }
    std::shared_ptr<const SessionFile> file() const { return file_; }
    bool isOpen() const { return file_ != nullptr; }
    // The filter asked for last (the analysis shown may still be computing).
    const SampleFilter &filter() const { return filter_; }
    QUndoStack *undoStack() const { return undoStack_; }
    ExportJob *exporter() const { return exporter_; }
    AnalysisJob *analyzer() const { return analyzer_; }
    LoadJob *loader() const { return loader_; }

    // FILTER becomes the one every view counts (undoable; TEXT names the step).
    void pushFilter(const QString &text, const SampleFilter &filter);
    // The grouping by process and the idle setting, applied to every filter; not undone with it.
    void setViewSettings(ProcessGrouping grouping, bool hideIdle);
    // Says analysisChanged() again for the same analysis (the views name their functions anew).
    void refresh();
    // Whether a view shows the bottom-up tree (yes by default). While none does, analyses leave it out
    // (BottomUpTree::Later): on deep stacks it costs more than the rest of an analysis. Once one does, the
    // analysis shown gets it (bottomUpMade()), and the next analyses make it with the rest.
    void setBottomUpShown(bool shown);
    void exportTo(ExportJob::Format format, const QString &path);

signals:
    void loadStarted();
    void loadProgress(double fraction);
    // A new file was read (REPLACED false) or the open one again (true); analysis() is its analysis.
    void loaded(bool reloaded);
    void loadFailed(const QString &message);
    void loadCancelled();
    // isStreaming() changed: a stream is followed, or no longer (it ended, failed or was stopped).
    void streamingChanged();
    void analysisStarted();
    void analysisChanged();
    // analysis() is the same analysis with its bottom-up tree, made after the rest (setBottomUpShown).
    void bottomUpMade();
    // analysis() is the same analysis with its timeline, made after the trees (TimelineWhen::Later): the
    // flame graph of a large session shows without waiting for it.
    void timelineMade();
    // analysis() is a new analysis of the filter (after a step, an undo or a redo), not the one a read
    // brought.
    void filterApplied();
    void analysisFailed(const QString &message);
    // filter() changed: asked by a step, an undo or a redo, or carried over by a reload.
    void filterChanged();
    // A reload could not carry the whole filter over; MESSAGE says which part no longer applies.
    void filterCarried(const QString &message);

private:
    void onLoaded(std::shared_ptr<const SessionAnalysis> read);
    void startAfresh(std::shared_ptr<const SessionAnalysis> read);
    void carryOver(std::shared_ptr<const SessionAnalysis> read);
    SampleFilter carriedState(const Profile &from, const SampleFilter &state, const SessionFile &to,
                              FilterTransfer::Carried *report) const;
    void applyState(size_t state);
    void followStream();
    void setStreaming(bool streaming);
    void readOn();
    bool opensInSteps(const QString &path) const;
    void analyze();
    void makeMissingBottomUp();
    void adoptBottomUp(std::shared_ptr<const CallTree> tree);
    void makeMissingTimeline();
    std::shared_ptr<const SessionAnalysis>
    withTimelineMade(std::shared_ptr<const SessionAnalysis> analysis) const;
    void adoptTimeline(std::shared_ptr<const TimelineBuckets> timeline);
    SampleFilter withViewSettings(SampleFilter filter) const;

    LoadJob *loader_;
    AnalysisJob *analyzer_;
    ExportJob *exporter_;
    BackgroundJob *bottomUpMaker_;
    BackgroundJob *timelineMaker_;
    QUndoStack *undoStack_;
    std::shared_ptr<const SessionFile> file_;
    std::shared_ptr<const SessionAnalysis> analysis_;
    bool bottomUpShown_ = true;
    std::shared_ptr<const CallTree> bottomUpFor_; // the top-down tree whose bottom-up tree is being made
    // A timeline of PROFILE for analyses of FILTER (AnalysisJob::sameTimeline): the one being made, and the
    // one made last (BUCKETS), which an analysis that arrives without it (started before it was made) gets.
    struct TimelineOf {
        std::shared_ptr<const Profile> profile;
        SampleFilter filter;
        std::shared_ptr<const TimelineBuckets> buckets; // null while it is made
        bool fits(const SessionAnalysis &analysis) const;
    };
    std::optional<TimelineOf> timelineFor_;
    std::optional<TimelineOf> timelineMade_;
    SampleFilter filter_;
    std::vector<SampleFilter> states_; // every filter the undo stack can go back or forth to
    size_t state_ = 0;
    ProcessGrouping grouping_ = ProcessGrouping::None;
    bool hideIdle_ = false;
    bool reloading_ = false; // the read running is of the open file
    bool live_ = false;      // ... and is a refresh of the live view
    bool inSteps_ = false;   // a large file is being opened in steps
    uint64_t stepsFromBytes_;
    LoadStepPlan stepPlan_;
    QTimer *streamTimer_; // refreshes openStream()'s view at the live interval
    QString streamPath_;
};

} // namespace perfglass
