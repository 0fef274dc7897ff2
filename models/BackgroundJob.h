// How the models run work off the UI thread, one way for all of them (loading, analysis, recording, the
// caller/callee tables): start() hands a function to a thread pool; the function reports progress and
// checks the std::stop_token it is given; its outcome comes back on the job's own thread, as the result
// handed to the caller's callback, as failed(message) or as cancelled(). Starting again asks the running
// work to stop and drops its outcome. The work keeps copies of what it uses, so a job destroyed while its
// work runs never waits for it (unless it calls waitForFinished()) and delivers nothing.
#pragma once

#include "base/Cancellation.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>
#include <stop_token>
#include <type_traits>
#include <utility>

class QThreadPool;

namespace perfglass {

class BackgroundJob : public QObject {
    Q_OBJECT
public:
    // Called by the work, on its thread, with the fraction done (0..1).
    using ReportProgress = std::function<void(double)>;

    explicit BackgroundJob(QObject *parent = nullptr);
    ~BackgroundJob() override;

    // The pool the next start() runs on; the global pool when none is set. The pool must outlive the work.
    void setThreadPool(QThreadPool *pool) { pool_ = pool; }
    bool isRunning() const { return watcher_ != nullptr; }

    // Runs work(stop, reportProgress) on the pool; on this job's thread, onResult then receives what it
    // returned. The work throws Cancelled to end as cancelled and any other std::exception to fail.
    template <typename Work, typename OnResult> void start(Work work, OnResult onResult) {
        using Result = std::invoke_result_t<const Work &, const std::stop_token &, const ReportProgress &>;
        run([work = std::move(work), onResult = std::move(onResult)](
                const std::stop_token &stop, const ReportProgress &report) -> Delivery {
            auto result = std::make_shared<Result>(work(stop, report));
            return [onResult, result] { onResult(std::move(*result)); };
        });
    }
    // Asks the running work to stop and drops its outcome: nothing more is heard of it.
    void abandon();
    // Blocks until the running work has returned (its outcome still arrives through the event loop).
    void waitForFinished();

public slots:
    // Asks the running work to stop; cancelled() follows once it has, unless it finished first.
    void cancel();

signals:
    void started();
    void progress(double fraction);
    void failed(const QString &message);
    void cancelled();

private:
    using Delivery = std::function<void()>;
    using ErasedWork = std::function<Delivery(const std::stop_token &, const ReportProgress &)>;
    struct Outcome {
        Delivery deliver; // hands the result over, on this job's thread
        QString error;
        bool cancelled = false;
    };

    void run(ErasedWork work);
    void onFinished();
    static Outcome outcomeOf(const ErasedWork &work, const std::stop_token &stop,
                             const ReportProgress &report);

    QThreadPool *pool_ = nullptr;
    QPointer<QFutureWatcher<Outcome>> watcher_;
    std::stop_source stopSource_;
};

} // namespace perfglass
