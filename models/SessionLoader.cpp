#include "SessionLoader.h"

#include "FrameDetails.h"
#include "SessionAnalyzer.h"
#include "base/Error.h"
#include "load/LoadProfile.h"

#include <QFileInfo>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace perfglass {

namespace {
constexpr int kProgressSteps = 1000;
constexpr double kReadShare = 0.9; // reading and symbolizing dominate; the trees take the rest
} // namespace

SessionLoader::SessionLoader(QObject *parent)
    : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const LoadedSession>>();
}

SessionLoader::~SessionLoader() {
    // The job holds its own reference to the flag and to everything it touches, so it may finish after us.
    if (cancel_) cancel_->store(true);
}

void SessionLoader::load(const QString &path) {
    if (watcher_) {
        watcher_->disconnect(this);
        cancel_->store(true);
        watcher_->deleteLater();
        watcher_ = nullptr;
    }
    path_ = path;
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    auto *watcher = new QFutureWatcher<Result>(this);
    watcher_ = watcher;
    connect(watcher, &QFutureWatcher<Result>::progressValueChanged, this,
            [this](int value) { emit progress(static_cast<double>(value) / kProgressSteps); });
    connect(watcher, &QFutureWatcher<Result>::finished, this, &SessionLoader::onFinished);
    emit started(path);
    auto cancelFlag = cancel_;
    watcher->setFuture(QtConcurrent::run([path, options = options_, cancelFlag](QPromise<Result> &promise) {
        promise.setProgressRange(0, kProgressSteps);
        int last = -1;
        auto report = [&promise, &last](double fraction) {
            const int value = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * kProgressSteps);
            if (value != last) {
                last = value;
                promise.setProgressValue(value);
            }
        };
        promise.addResult(run(path, options, cancelFlag, report));
    }));
}

void SessionLoader::cancel() {
    if (cancel_) cancel_->store(true);
}

void SessionLoader::onFinished() {
    QFutureWatcher<Result> *watcher = watcher_;
    if (!watcher) return;
    watcher_ = nullptr;
    watcher->deleteLater();
    const QString path = path_;
    const Result result = watcher->future().resultCount() > 0 ? watcher->result() : Result{{}, {}, true};
    if (result.cancelled)
        emit cancelled(path);
    else if (result.session)
        emit loaded(result.session);
    else
        emit failed(path, result.error);
}

SessionLoader::Result SessionLoader::run(const QString &path, LoadOptions options,
                                         const std::shared_ptr<std::atomic<bool>> &cancel,
                                         const std::function<void(double)> &reportProgress) {
    Result result;
    try {
        const QFileInfo info(path);
        if (info.isDir()) throw Error(path.toStdString() + ": is a directory, not a session file");
        options.cancel = cancel.get();
        options.progress = [&reportProgress](double fraction) { reportProgress(fraction * kReadShare); };
        LoadedSession base;
        base.path = info.absoluteFilePath();
        base.fileSize = static_cast<uint64_t>(info.size());
        base.profile = loadProfile(path.toStdString(), options);
        if (cancel->load()) throw Cancelled();
        if (base.profile->events.empty())
            throw Error(path.toStdString() + ": the session describes no events");
        sourceLocationsOf(base.profile); // computed here, off the UI thread, for the views to share
        auto session = SessionAnalyzer::compute(base, SampleFilter{}, cancel.get(), [&](double fraction) {
            reportProgress(kReadShare + fraction * (1.0 - kReadShare));
        });
        result.session = std::move(session);
    } catch (const Cancelled &) {
        result.cancelled = true;
    } catch (const std::exception &error) {
        result.error = QString::fromStdString(error.what());
    }
    return result;
}

} // namespace perfglass
