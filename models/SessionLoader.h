// Opens a session file off the UI thread: reads it into a Profile (perfglass::loadProfile), then builds the
// top-down call tree and the flat profile, reporting progress and honouring cancellation. Results arrive on
// the thread that owns the loader, through signals.
#pragma once

#include "LoadedSession.h"
#include "load/LoadProfile.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <memory>

namespace perfglass {

class SessionLoader : public QObject {
    Q_OBJECT
public:
    // What a load produced: a session, or the message of what went wrong, or neither when it was cancelled.
    struct Result {
        std::shared_ptr<const LoadedSession> session;
        QString error;
        bool cancelled = false;
    };

    explicit SessionLoader(QObject *parent = nullptr);
    ~SessionLoader() override;

    bool isLoading() const { return watcher_ != nullptr; }
    // How the next loads read sessions (inline frames, symbol search paths...). Defaults to LoadOptions{},
    // so the core's defaults apply; progress and cancel are the loader's own and are ignored here.
    void setLoadOptions(LoadOptions options) { options_ = std::move(options); }
    const LoadOptions &loadOptions() const { return options_; }
    QString currentPath() const { return path_; }

public slots:
    // Starts loading PATH; a load already running is cancelled and its result dropped.
    void load(const QString &path);
    // Asks the running load to stop; cancelled() follows once it has.
    void cancel();

signals:
    void started(const QString &path);
    // The fraction done, 0..1: reading the file is the first 90 %, building the trees the rest.
    void progress(double fraction);
    void loaded(std::shared_ptr<const perfglass::LoadedSession> session);
    void failed(const QString &path, const QString &message);
    void cancelled(const QString &path);

private:
    void onFinished();
    static Result run(const QString &path, LoadOptions options,
                      const std::shared_ptr<std::atomic<bool>> &cancel,
                      const std::function<void(double)> &reportProgress);

    QPointer<QFutureWatcher<Result>> watcher_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    QString path_;
    LoadOptions options_;
};

} // namespace perfglass
