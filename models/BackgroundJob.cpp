#include "BackgroundJob.h"

#include "CoreMessages.h"
#include "base/Error.h"

#include <QPromise>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace perfglass {

namespace {
constexpr int kProgressSteps = 1000;
} // namespace

BackgroundJob::BackgroundJob(QObject *parent)
    : QObject(parent) {}

BackgroundJob::~BackgroundJob() {
    stopSource_.request_stop();
}

void BackgroundJob::run(ErasedWork work) {
    abandon();
    stopSource_ = std::stop_source();
    auto *watcher = new QFutureWatcher<Outcome>(this);
    watcher_ = watcher;
    connect(watcher, &QFutureWatcher<Outcome>::progressValueChanged, this,
            [this](int value) { emit progress(static_cast<double>(value) / kProgressSteps); });
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, &BackgroundJob::onFinished);
    emit started();
    QThreadPool *pool = pool_ ? pool_ : QThreadPool::globalInstance();
    watcher->setFuture(QtConcurrent::run(
        pool, [work = std::move(work), stop = stopSource_.get_token()](QPromise<Outcome> &promise) {
            promise.setProgressRange(0, kProgressSteps);
            int last = -1;
            const ReportProgress report = [&promise, &last](double fraction) {
                const int value = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * kProgressSteps);
                if (value == last) return;
                last = value;
                promise.setProgressValue(value);
            };
            promise.addResult(outcomeOf(work, stop, report));
        }));
}

BackgroundJob::Outcome BackgroundJob::outcomeOf(const ErasedWork &work, const std::stop_token &stop,
                                                const ReportProgress &report) {
    Outcome outcome;
    try {
        outcome.deliver = work(stop, report);
    } catch (const Cancelled &) {
        outcome.cancelled = true;
    } catch (const Error &error) {
        outcome.error = CoreMessages::text(error.message()); // in the user's language
    } catch (const std::exception &error) {
        outcome.error = QString::fromStdString(error.what());
    }
    return outcome;
}

void BackgroundJob::abandon() {
    if (!watcher_) return;
    stopSource_.request_stop();
    watcher_->disconnect(this);
    watcher_->deleteLater();
    watcher_ = nullptr;
}

void BackgroundJob::cancel() {
    if (watcher_) stopSource_.request_stop();
}

void BackgroundJob::waitForFinished() {
    if (watcher_) watcher_->waitForFinished();
}

void BackgroundJob::onFinished() {
    QFutureWatcher<Outcome> *watcher = watcher_;
    if (!watcher) return;
    watcher_ = nullptr;
    watcher->deleteLater();
    const Outcome outcome = watcher->future().resultCount() > 0 ? watcher->result() : Outcome{{}, {}, true};
    if (outcome.deliver)
        outcome.deliver();
    else if (outcome.cancelled)
        emit cancelled();
    else
        emit failed(outcome.error);
}

} // namespace perfglass
