// Re-aggregates an opened session for another filter (time range, threads, event...) off the UI thread: the
// top-down and bottom-up trees, the flat profile and, when the filter's event, CPUs or transforms changed,
// the timeline (which keeps a row for every thread, whatever the thread filter). A new request cancels the
// one running; results arrive through finished() on the owner's thread.
// compute() is the aggregation itself, shared with SessionLoader.
#pragma once

#include "LoadedSession.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>

#include <atomic>
#include <functional>
#include <memory>

namespace perfglass {

class SessionAnalyzer : public QObject {
    Q_OBJECT
public:
    // Buckets of the timeline over the whole session (views paint them at any width): about eight samples
    // per bucket, so a busy thread shows as a solid band rather than as single samples, within these bounds.
    static constexpr size_t kMinTimelineBuckets = 64;
    static constexpr size_t kMaxTimelineBuckets = 1600;
    static constexpr size_t kSamplesPerBucket = 8;

    explicit SessionAnalyzer(QObject *parent = nullptr);
    ~SessionAnalyzer() override;

    bool isRunning() const { return watcher_ != nullptr; }

    // The session of BASE's profile (and path) aggregated for FILTER. Reuses BASE's timeline when only the
    // time range differs. Throws Cancelled when *cancel becomes true, Error for a bad filter.
    static std::shared_ptr<LoadedSession> compute(const LoadedSession &base, const SampleFilter &filter,
                                                  const std::atomic<bool> *cancel,
                                                  const std::function<void(double)> &progress = {});

    // Starts aggregating BASE for FILTER; a request already running is cancelled and its result dropped.
    void analyze(std::shared_ptr<const LoadedSession> base, const SampleFilter &filter);
    void cancel();

signals:
    void started();
    void finished(std::shared_ptr<const perfglass::LoadedSession> session);
    void failed(const QString &message);

private:
    struct Result {
        std::shared_ptr<const LoadedSession> session;
        QString error;
        bool cancelled = false;
    };
    void onFinished();

    QPointer<QFutureWatcher<Result>> watcher_;
    std::shared_ptr<std::atomic<bool>> cancel_;
};

} // namespace perfglass
