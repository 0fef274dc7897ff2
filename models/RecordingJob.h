// One recording run in-process by perfglass::Recorder, as a BackgroundJob on a thread pool of its own (one
// thread: a recording lasts long and must not hold one of the global pool's threads that analysis uses), so
// the UI thread never waits on it. start() hands the options over; recordingStarted() follows once the
// events are open and the target runs, then finished(summary) when the program exits, the duration passes
// or stop() was asked for, or failed(message) when recording could not start (unknown program or event,
// refused permission: the message says what to do). When the kernel refuses an event, the privileged helper
// is asked for, as the CLI does (RecordOptions::privilegedOpenerFactory). With a RemoteTarget the recording
// runs on its hosts instead, all at once through one run of this build's perfglass-cli record --host
// (RemoteRecorder): started once a host's first record reached its file, each host's phase followed
// (hostProgress(), hostsChanged()), stopped cleanly by stop(); a second stop() ends it forcibly (a host that
// does not answer). A failed recording leaves no file behind that it created. Destroying a running job
// stops the recording and waits for it.
#pragma once

#include "BackgroundJob.h"
#include "RemoteHostProgress.h"
#include "RemoteRecorder.h"
#include "RemoteTarget.h"
#include "record/Recorder.h"

#include <QElapsedTimer>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>

#include <atomic>
#include <memory>

namespace perfglass {

class RecordingJob : public BackgroundJob {
    Q_OBJECT
public:
    enum class State { Idle, Starting, Recording, Finished, Failed };
    Q_ENUM(State)

    explicit RecordingJob(QObject *parent = nullptr);
    ~RecordingJob() override;

    // Starts recording with OPTIONS (ignored while one runs: returns false). cmdline is filled with the
    // equivalent perfglass-cli command when empty. A remote target records on that host.
    bool start(RecordOptions options, RemoteTarget remote = {});

    State state() const { return state_; }
    bool isActive() const { return state_ == State::Starting || state_ == State::Recording; }
    const RecordOptions &options() const { return options_; }
    const RemoteTarget &remote() const { return remote_; }
    QString outputPath() const { return QString::fromStdString(options_.outputPath); }
    // Milliseconds since started(), frozen at the end; 0 before.
    qint64 elapsedMs() const;
    const RecordSummary &summary() const { return summary_; }
    // On hosts: what each is doing, then how each ended (its file, its samples line).
    const RemoteHostProgress &hostProgress() const { return hostProgress_; }
    // stop() was asked for.
    bool stopRequested() const { return stopRequested_; }
    QString errorMessage() const { return error_; }

    // What the recording targets, in words: "hotspots-fp 200 1", "processes 12, 34", "all CPUs"; on a
    // host "server: hotspots-fp 200 1".
    static QString describeTarget(const RecordOptions &options, const RemoteTarget &remote = {});
    // The perfglass-cli command that records the same way (record --host ... for a remote target).
    static QStringList equivalentCommand(const RecordOptions &options, const RemoteTarget &remote = {});

public slots:
    // Asks the recording to end (a launched program gets SIGTERM); finished() follows. On hosts, asked
    // again, ends the recording forcibly (the hosts that do not answer lose what had not arrived).
    void stop();

signals:
    void stateChanged(perfglass::RecordingJob::State state);
    // The events are open and the target runs.
    void recordingStarted();
    void finished(const perfglass::RecordSummary &summary);
    // A host of a remote recording changed its phase.
    void hostsChanged();
    // failed(message) is BackgroundJob's: recording could not start or broke off.

private:
    void setState(State state);
    void onStarted();
    void onFinished(const RecordSummary &summary);
    void onFailed(const QString &message);
    static RecordSummary record(RecordOptions options, const std::stop_token &stop);
    static RecordSummary recordOnHost(const RecordOptions &options, const RemoteTarget &remote,
                                      RemoteRecorder::Control control);
    void onHostProgress(const RemoteHostProgress &progress);

    State state_ = State::Idle;
    RecordOptions options_;
    RemoteTarget remote_;
    RemoteHostProgress hostProgress_;
    std::shared_ptr<std::atomic<bool>> force_;
    bool stopRequested_ = false;
    RecordSummary summary_;
    QString error_;
    bool outputExisted_ = false;
    QElapsedTimer clock_;
    qint64 finalElapsedMs_ = -1;
    QThreadPool recorderThread_;
};

} // namespace perfglass

Q_DECLARE_METATYPE(perfglass::RecordSummary)
