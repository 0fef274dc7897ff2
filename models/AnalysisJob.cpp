#include "AnalysisJob.h"

#include "base/Error.h"

#include <algorithm>

namespace perfglass {

namespace {

bool sameTimeline(const SampleFilter &a, const SampleFilter &b) {
    return a.event == b.event && a.cost == b.cost && a.transforms == b.transforms;
}

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

std::shared_ptr<const TimelineBuckets> timelineFor(const Profile &profile, const SampleFilter &filter,
                                                   const SessionAnalysis *previous,
                                                   const AggregationControl &control) {
    if (previous && previous->timeline && previous->profile().get() == &profile &&
        sameTimeline(previous->filter, filter))
        return previous->timeline;
    SampleFilter whole = filter;
    whole.clearTimeSelection();
    whole.pids.clear(); // every thread and CPU keeps its row; the views grey those the filter leaves out
    whole.tids.clear();
    whole.cpus.clear();
    const size_t buckets = std::clamp(profile.samples.size() / AnalysisJob::kSamplesPerBucket,
                                      AnalysisJob::kMinTimelineBuckets, AnalysisJob::kMaxTimelineBuckets);
    return std::make_shared<const TimelineBuckets>(
        TimelineBuckets::compute(profile, whole, buckets, control));
}

} // namespace

AnalysisJob::AnalysisJob(QObject *parent)
    : BackgroundJob(parent) {
    qRegisterMetaType<std::shared_ptr<const SessionAnalysis>>();
}

std::shared_ptr<SessionAnalysis> AnalysisJob::compute(std::shared_ptr<const SessionFile> file,
                                                      const SampleFilter &filter, const std::stop_token &stop,
                                                      const std::function<void(double)> &progress,
                                                      const SessionAnalysis *previous) {
    auto analysis = emptyAnalysis(std::move(file), filter);
    const auto &profile = analysis->profile();
    AggregationControl control;
    control.stop = stop;
    auto report = [&progress](double fraction) {
        if (progress) progress(fraction);
    };
    analysis->topDown = CallTree::topDown(profile, filter, control);
    report(0.4);
    analysis->bottomUp = CallTree::bottomUp(profile, filter, control);
    report(0.7);
    analysis->flat = FlatProfile::compute(*profile, filter, control);
    report(0.85);
    analysis->timeline = timelineFor(*profile, filter, previous, control);
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
        [file = std::move(file), filter, previous = std::move(previous)](const std::stop_token &stop,
                                                                         const ReportProgress &) {
            return std::shared_ptr<const SessionAnalysis>(compute(file, filter, stop, {}, previous.get()));
        },
        [this](std::shared_ptr<const SessionAnalysis> analysis) { emit analyzed(std::move(analysis)); });
}

} // namespace perfglass
