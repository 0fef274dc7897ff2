#include "AnalysisJob.h"

#include "base/Error.h"

#include <algorithm>

namespace perfglass {

namespace {

bool sameTimeline(const SampleFilter &a, const SampleFilter &b) {
    return a.event == b.event && a.cost == b.cost && a.transforms == b.transforms;
}

std::shared_ptr<LoadedSession> emptyAnalysis(const LoadedSession &base, const SampleFilter &filter) {
    const auto &profile = base.profile;
    if (filter.event < 0 || static_cast<size_t>(filter.event) >= profile->events.size())
        throw Error("event " + std::to_string(filter.event) + " is not one of the session's " +
                    std::to_string(profile->events.size()) + " events");
    auto session = std::make_shared<LoadedSession>();
    session->path = base.path;
    session->fileSize = base.fileSize;
    session->sessionFile = base.sessionFile;
    session->openNotices = base.openNotices;
    session->profile = profile;
    session->unresolved = base.unresolved;
    session->offCpuEvent = base.offCpuEvent;
    session->offCpuTime = base.offCpuTime;
    session->offCpuIntervals = base.offCpuIntervals;
    session->filter = filter;
    session->event = filter.event;
    session->eventName = profile->events[static_cast<size_t>(filter.event)].name;
    session->costUnit = filter.cost == CostKind::OffCpu
                            ? CostUnit::Nanoseconds // time blocked, whatever the switch event counts
                            : costUnitForEvent(profile->events[static_cast<size_t>(filter.event)]);
    return session;
}

std::shared_ptr<const TimelineBuckets> timelineFor(const LoadedSession &base, const SampleFilter &filter,
                                                   const AggregationControl &control) {
    if (base.timeline && sameTimeline(base.filter, filter)) return base.timeline;
    SampleFilter whole = filter;
    whole.startTime.reset();
    whole.endTime.reset();
    whole.pids.clear(); // every thread and CPU keeps its row; the views grey those the filter leaves out
    whole.tids.clear();
    whole.cpus.clear();
    const Profile &profile = *base.profile;
    const size_t buckets = std::clamp(profile.samples.size() / AnalysisJob::kSamplesPerBucket,
                                      AnalysisJob::kMinTimelineBuckets, AnalysisJob::kMaxTimelineBuckets);
    return std::make_shared<const TimelineBuckets>(
        TimelineBuckets::compute(profile, whole, buckets, control));
}

} // namespace

AnalysisJob::AnalysisJob(QObject *parent)
    : BackgroundJob(parent) {
    qRegisterMetaType<std::shared_ptr<const LoadedSession>>();
}

std::shared_ptr<LoadedSession> AnalysisJob::compute(const LoadedSession &base, const SampleFilter &filter,
                                                    const std::stop_token &stop,
                                                    const std::function<void(double)> &progress) {
    auto session = emptyAnalysis(base, filter);
    const auto &profile = base.profile;
    AggregationControl control;
    control.stop = stop;
    auto report = [&progress](double fraction) {
        if (progress) progress(fraction);
    };
    session->topDown = CallTree::topDown(profile, filter, control);
    report(0.4);
    session->bottomUp = CallTree::bottomUp(profile, filter, control);
    report(0.7);
    session->flat = FlatProfile::compute(*profile, filter, control);
    report(0.85);
    session->timeline = timelineFor(base, filter, control);
    report(1.0);
    throwIfCancelled(stop);
    return session;
}

void AnalysisJob::analyze(std::shared_ptr<const LoadedSession> base, const SampleFilter &filter) {
    start(
        [base = std::move(base), filter](const std::stop_token &stop, const ReportProgress &) {
            return std::shared_ptr<const LoadedSession>(compute(*base, filter, stop));
        },
        [this](std::shared_ptr<const LoadedSession> session) { emit analyzed(std::move(session)); });
}

} // namespace perfglass
