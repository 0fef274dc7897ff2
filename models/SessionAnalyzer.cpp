#include "SessionAnalyzer.h"

#include "base/Error.h"
#include "load/LoadProfile.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace perfglass {

namespace {

bool sameTimeline(const SampleFilter &a, const SampleFilter &b) {
    return a.event == b.event && a.cost == b.cost && a.cpus == b.cpus && a.transforms == b.transforms;
}

void check(const std::atomic<bool> *cancel) {
    if (cancel && cancel->load()) throw Cancelled();
}

} // namespace

SessionAnalyzer::SessionAnalyzer(QObject *parent)
    : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const LoadedSession>>();
}

SessionAnalyzer::~SessionAnalyzer() {
    if (cancel_) cancel_->store(true);
}

std::shared_ptr<LoadedSession> SessionAnalyzer::compute(const LoadedSession &base, const SampleFilter &filter,
                                                        const std::atomic<bool> *cancel,
                                                        const std::function<void(double)> &progress) {
    const auto &profile = base.profile;
    if (filter.event < 0 || static_cast<size_t>(filter.event) >= profile->events.size())
        throw Error("event " + std::to_string(filter.event) + " is not one of the session's " +
                    std::to_string(profile->events.size()) + " events");
    auto session = std::make_shared<LoadedSession>();
    session->path = base.path;
    session->fileSize = base.fileSize;
    session->profile = profile;
    session->filter = filter;
    session->event = filter.event;
    session->eventName = profile->events[static_cast<size_t>(filter.event)].name;
    session->costUnit = costUnitForEvent(profile->events[static_cast<size_t>(filter.event)]);
    AggregationControl control;
    control.cancel = cancel;
    auto report = [&progress](double fraction) {
        if (progress) progress(fraction);
    };
    try {
        session->topDown = CallTree::topDown(profile, filter, control);
        report(0.4);
        session->bottomUp = CallTree::bottomUp(profile, filter, control);
        report(0.7);
        session->flat = FlatProfile::compute(*profile, filter, control);
        report(0.85);
        if (base.timeline && sameTimeline(base.filter, filter)) {
            session->timeline = base.timeline;
        } else {
            SampleFilter whole = filter;
            whole.startTime.reset();
            whole.endTime.reset();
            whole.pids.clear(); // every thread keeps its row; the views grey those the filter leaves out
            whole.tids.clear();
            const size_t buckets = std::clamp(profile->samples.size() / kSamplesPerBucket,
                                              kMinTimelineBuckets, kMaxTimelineBuckets);
            session->timeline = std::make_shared<const TimelineBuckets>(
                TimelineBuckets::compute(*profile, whole, buckets, control));
        }
        report(1.0);
    } catch (const AggregationCancelled &) {
        throw Cancelled();
    }
    check(cancel);
    return session;
}

void SessionAnalyzer::analyze(std::shared_ptr<const LoadedSession> base, const SampleFilter &filter) {
    if (watcher_) {
        watcher_->disconnect(this);
        cancel_->store(true);
        watcher_->deleteLater();
        watcher_ = nullptr;
    }
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    auto *watcher = new QFutureWatcher<Result>(this);
    watcher_ = watcher;
    connect(watcher, &QFutureWatcher<Result>::finished, this, &SessionAnalyzer::onFinished);
    emit started();
    auto cancelFlag = cancel_;
    watcher->setFuture(QtConcurrent::run([base = std::move(base), filter, cancelFlag] {
        Result result;
        try {
            result.session = compute(*base, filter, cancelFlag.get());
        } catch (const Cancelled &) {
            result.cancelled = true;
        } catch (const std::exception &error) {
            result.error = QString::fromStdString(error.what());
        }
        return result;
    }));
}

void SessionAnalyzer::cancel() {
    if (cancel_) cancel_->store(true);
}

void SessionAnalyzer::onFinished() {
    QFutureWatcher<Result> *watcher = watcher_;
    if (!watcher) return;
    watcher_ = nullptr;
    watcher->deleteLater();
    const Result result = watcher->result();
    if (result.session)
        emit finished(result.session);
    else if (!result.cancelled)
        emit failed(result.error);
}

} // namespace perfglass
