// Re-aggregates an opened session for another filter (time range, threads, event...) off the UI thread: the
// top-down and bottom-up trees, the flat profile and, when the filter's event, CPUs or transforms changed,
// the timeline (which keeps a row for every thread, whatever the thread filter). A new request cancels the
// one running (BackgroundJob); analyzed() hands the result over on the owner's thread.
// compute() is the aggregation itself, shared with LoadJob.
#pragma once

#include "BackgroundJob.h"
#include "SessionAnalysis.h"

#include <functional>
#include <memory>
#include <stop_token>

namespace perfglass {

class AnalysisJob : public BackgroundJob {
    Q_OBJECT
public:
    // Buckets of the timeline over the whole session (views paint them at any width): about eight samples
    // per bucket, so a busy thread shows as a solid band rather than as single samples, within these bounds.
    static constexpr size_t kMinTimelineBuckets = 64;
    static constexpr size_t kMaxTimelineBuckets = 1600;
    static constexpr size_t kSamplesPerBucket = 8;

    explicit AnalysisJob(QObject *parent = nullptr);

    // FILE aggregated for FILTER. Reuses the timeline of PREVIOUS (an analysis of the same file) when only
    // the time range, processes, threads or CPUs differ; extends PREVIOUS by the samples added when it is of
    // an earlier snapshot of the same growing profile (SessionFile::lineage) with the same sums. Throws
    // Cancelled once STOP is requested, Error for a bad filter. TIMELINE Later leaves a timeline that
    // PREVIOUS or an earlier snapshot does not give null (timelineOf makes it).
    static std::shared_ptr<SessionAnalysis>
    compute(std::shared_ptr<const SessionFile> file, const SampleFilter &filter, const std::stop_token &stop,
            const std::function<void(double)> &progress = {}, const SessionAnalysis *previous = nullptr,
            BottomUpTree bottomUp = BottomUpTree::Make, TimelineWhen timeline = TimelineWhen::WithTrees);
    // The timeline of PROFILE for an analysis of FILTER (what compute() makes with the trees). Throws
    // Cancelled once STOP is requested.
    static std::shared_ptr<const TimelineBuckets>
    timelineOf(const Profile &profile, const SampleFilter &filter, const std::stop_token &stop);
    // Whether analyses of filters A and B have the same timeline (it keeps a row for every thread and CPU and
    // spans the whole session, whatever the filter's threads, CPUs and time range).
    static bool sameTimeline(const SampleFilter &a, const SampleFilter &b);

    // Whether analyze() makes the bottom-up tree (by default it does), and the timeline with the trees (by
    // default it does).
    void setBottomUpTree(BottomUpTree bottomUp) { bottomUp_ = bottomUp; }
    void setTimeline(TimelineWhen timeline) { timeline_ = timeline; }

    // Starts aggregating BASE for FILTER; a request already running is cancelled and its result dropped.
    void analyze(std::shared_ptr<const SessionAnalysis> base, const SampleFilter &filter);
    // The same for FILE, reusing PREVIOUS (null, an analysis of FILE or of an earlier snapshot of it) where
    // it can.
    void analyze(std::shared_ptr<const SessionFile> file, const SampleFilter &filter,
                 std::shared_ptr<const SessionAnalysis> previous);

signals:
    void analyzed(std::shared_ptr<const perfglass::SessionAnalysis> session);

private:
    BottomUpTree bottomUp_ = BottomUpTree::Make;
    TimelineWhen timeline_ = TimelineWhen::WithTrees;
};

} // namespace perfglass
