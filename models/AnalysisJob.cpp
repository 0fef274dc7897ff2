#include "AnalysisJob.h"

#include "analysis/StackCosts.h"
#include "base/Error.h"

#include <algorithm>
#include <future>

namespace perfglass {

namespace {

std::shared_ptr<SessionAnalysis> emptyAnalysis(std::shared_ptr<const SessionFile> file,
                                               const SampleFilter &filter) {
    const Profile &profile = *file->profile;
    if (filter.event < 0 || static_cast<size_t>(filter.event) >= profile.events.size())
        throw Error("event " + std::to_string(filter.event) + " is not one of the session's " +
                    std::to_string(profile.events.size()) + " events");
    auto analysis = std::make_shared<SessionAnalysis>();
    analysis->file = std::move(file);
    analysis->filter = filter;
    analysis->event = filter.event;
    const EventInfo &event = profile.events[static_cast<size_t>(filter.event)];
    analysis->eventName = event.name;
    analysis->costUnit = filter.cost == CostKind::OffCpu
                             ? CostUnit::Nanoseconds // time blocked, whatever the switch event counts
                             : costUnitForEvent(event);
    return analysis;
}

SampleFilter wholeTimeline(SampleFilter filter) {
    filter.clearTimeSelection();
    filter.pids.clear(); // every thread and CPU keeps its row; the views grey those the filter leaves out
    filter.tids.clear();
    filter.cpus.clear();
    return filter;
}

// An analysis whose sums and growing timeline FILE may extend: of an earlier snapshot of the same growing
// profile, which holds no more samples than FILE's.
const SessionAnalysis *earlierSnapshot(const SessionFile &file, const SessionAnalysis *previous) {
    if (!previous || !file.sharesLineageWith(*previous->file)) return nullptr;
    return previous->profile()->samples.size() <= file.profile->samples.size() ? previous : nullptr;
}

StackCosts costsFor(const Profile &profile, const SampleFilter &filter, const SessionAnalysis *earlier,
                    const AggregationControl &control) {
    if (earlier && earlier->sums && StackSampleSums::canExtend(earlier->filter, filter))
        return StackCosts::fold(profile, filter,
                                StackSampleSums::extend(*earlier->sums, profile, filter, control),
                                earlier->topDown ? &earlier->topDown->stacks() : nullptr);
    if (earlier && earlier->groupedSums && GroupedSampleSums::canExtend(earlier->filter, filter))
        return StackCosts::foldGrouped(
            profile, filter, GroupedSampleSums::extend(*earlier->groupedSums, profile, filter, control),
            earlier->groupedFold.get());
    return StackCosts::compute(profile, filter, control);
}

// A growing profile's timeline extends the earlier snapshot's, in buckets of a width that doubles as it grows
// (the complete profile a growing one ends in too: the same buckets, without a pass over every sample).
void growTimeline(SessionAnalysis &analysis, const SampleFilter &whole, const SessionAnalysis *earlier) {
    const Profile &profile = *analysis.profile();
    if (earlier && earlier->growingTimeline &&
        GrowingTimeline::canExtend(wholeTimeline(earlier->filter), whole))
        analysis.growingTimeline = earlier->growingTimeline->extend(profile, whole);
    if (!analysis.growingTimeline) analysis.growingTimeline = GrowingTimeline::compute(profile, whole);
    analysis.timeline = analysis.growingTimeline->buckets();
}

std::shared_ptr<const TimelineBuckets> bucketsOf(const Profile &profile, const SampleFilter &whole,
                                                 const AggregationControl &control) {
    const size_t buckets = std::clamp(profile.samples.size() / AnalysisJob::kSamplesPerBucket,
                                      AnalysisJob::kMinTimelineBuckets, AnalysisJob::kMaxTimelineBuckets);
    return std::make_shared<const TimelineBuckets>(
        TimelineBuckets::compute(profile, whole, buckets, control));
}

// The timeline of PREVIOUS when it has the same one, else that of an earlier snapshot grown (a growing
// profile's, which costs what was added), else made now or left to timelineOf (WHEN).
void computeTimeline(SessionAnalysis &analysis, const SessionAnalysis *previous,
                     const SessionAnalysis *earlier, const AggregationControl &control, TimelineWhen when) {
    if (previous && previous->timeline && previous->profile() == analysis.profile() &&
        AnalysisJob::sameTimeline(previous->filter, analysis.filter)) {
        analysis.timeline = previous->timeline;
        analysis.growingTimeline = previous->growingTimeline;
        return;
    }
    const SampleFilter whole = wholeTimeline(analysis.filter);
    if (analysis.file->lineage != 0) return growTimeline(analysis, whole, earlier);
    if (when == TimelineWhen::WithTrees) analysis.timeline = bucketsOf(*analysis.profile(), whole, control);
}

} // namespace

AnalysisJob::AnalysisJob(QObject *parent)
    : BackgroundJob(parent) {
    qRegisterMetaType<std::shared_ptr<const SessionAnalysis>>();
}

bool AnalysisJob::sameTimeline(const SampleFilter &a, const SampleFilter &b) {
    return a.event == b.event && a.cost == b.cost && a.transforms == b.transforms && a.hideIdle == b.hideIdle;
}

std::shared_ptr<const TimelineBuckets>
AnalysisJob::timelineOf(const Profile &profile, const SampleFilter &filter, const std::stop_token &stop) {
    AggregationControl control;
    control.stop = stop;
    return bucketsOf(profile, wholeTimeline(filter), control);
}

std::shared_ptr<SessionAnalysis> AnalysisJob::compute(std::shared_ptr<const SessionFile> file,
                                                      const SampleFilter &filter, const std::stop_token &stop,
                                                      const std::function<void(double)> &progress,
                                                      const SessionAnalysis *previous, BottomUpTree bottomUp,
                                                      TimelineWhen timeline) {
    auto analysis = emptyAnalysis(std::move(file), filter);
    const auto &profile = analysis->profile();
    AggregationControl control;
    control.stop = stop;
    auto report = [&progress](double fraction) {
        if (progress) progress(fraction);
    };
    const SessionAnalysis *earlier = earlierSnapshot(*analysis->file, previous);
    const StackCosts costs = costsFor(*profile, filter, earlier, control);
    analysis->sums = costs.sums;
    if (analysis->file->lineage != 0) {
        analysis->groupedSums = costs.groupedSums;
        analysis->groupedFold = costs.groupedFold;
    }
    report(0.4);
    analysis->topDown = CallTree::topDownFromCosts(profile, costs);
    // The bottom-up tree walks every leaf's path to the outermost frame: on deep stacks (DWARF) it costs as
    // much as the rest together, so it is made on a second thread meanwhile.
    std::future<std::shared_ptr<const CallTree>> bottomUpTree;
    if (bottomUp == BottomUpTree::Make)
        bottomUpTree = std::async(std::launch::async, [topDown = analysis->topDown, &stop] {
            return CallTree::bottomUpOf(*topDown, stop);
        });
    report(0.55);
    analysis->flat = FlatProfile::fromCosts(costs);
    report(0.7);
    computeTimeline(*analysis, previous, earlier, control, timeline);
    report(0.85);
    if (bottomUpTree.valid()) analysis->bottomUp = bottomUpTree.get();
    report(1.0);
    throwIfCancelled(stop);
    return analysis;
}

void AnalysisJob::analyze(std::shared_ptr<const SessionAnalysis> base, const SampleFilter &filter) {
    auto file = base->file;
    analyze(std::move(file), filter, std::move(base));
}

void AnalysisJob::analyze(std::shared_ptr<const SessionFile> file, const SampleFilter &filter,
                          std::shared_ptr<const SessionAnalysis> previous) {
    start(
        [file = std::move(file), filter, previous = std::move(previous), bottomUp = bottomUp_,
         timeline = timeline_](const std::stop_token &stop, const ReportProgress &) {
            return std::shared_ptr<const SessionAnalysis>(
                compute(file, filter, stop, {}, previous.get(), bottomUp, timeline));
        },
        [this](std::shared_ptr<const SessionAnalysis> analysis) { emit analyzed(std::move(analysis)); });
}

} // namespace perfglass
