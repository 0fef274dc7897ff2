#include "RecordingJob.h"

#include "base/Error.h"
#include "record/HelperEventOpener.h"

#include <QFile>
#include <QFileInfo>

namespace perfglass {

RecordingJob::RecordingJob(QObject *parent)
    : BackgroundJob(parent) {
    qRegisterMetaType<RecordSummary>();
    recorderThread_.setMaxThreadCount(1);
    setThreadPool(&recorderThread_);
    // Connected first, so the state is Failed and the file gone before anyone else hears of the failure.
    connect(this, &BackgroundJob::failed, this, &RecordingJob::onFailed);
}

RecordingJob::~RecordingJob() {
    cancel();
    waitForFinished();
}

bool RecordingJob::start(RecordOptions options, RemoteTarget remote) {
    if (isActive()) return false;
    if (options.cmdline.empty())
        for (const QString &word : equivalentCommand(options))
            options.cmdline.push_back(word.toStdString());
    options_ = options;
    remote_ = remote;
    hostProgress_ = RemoteHostProgress(remote, outputPath());
    force_ = std::make_shared<std::atomic<bool>>(false);
    stopRequested_ = false;
    summary_ = {};
    error_.clear();
    finalElapsedMs_ = -1;
    clock_.invalidate();
    outputExisted_ = QFileInfo::exists(outputPath());
    // Called on the recorder's thread; what it reports is handed to this object's thread.
    options.onStarted = [this] { QMetaObject::invokeMethod(this, &RecordingJob::onStarted); };
    setState(State::Starting);
    RemoteRecorder::Control control;
    control.force = force_;
    control.onStarted = options.onStarted;
    control.onProgress = [this](const RemoteHostProgress &progress) {
        QMetaObject::invokeMethod(this, [this, progress] { onHostProgress(progress); });
    };
    BackgroundJob::start(
        [options = std::move(options), remote = std::move(remote),
         control = std::move(control)](const std::stop_token &stop, const ReportProgress &) {
            RemoteRecorder::Control withStop = control;
            withStop.stop = stop;
            return remote.isRemote() ? recordOnHost(options, remote, withStop) : record(options, stop);
        },
        [this](const RecordSummary &summary) { onFinished(summary); });
    return true;
}

RecordSummary RecordingJob::record(RecordOptions options, const std::stop_token &stop) {
    // Recorder::run appends why the privileged helper could not be had to the error it throws.
    options.privilegedOpenerFactory = []() -> std::unique_ptr<EventOpener> {
        return startPrivilegedHelper();
    };
    Recorder recorder(std::move(options));
    const std::stop_callback stopRecorder(stop, [&recorder] { recorder.stop(); });
    return recorder.run();
}

RecordSummary RecordingJob::recordOnHost(const RecordOptions &options, const RemoteTarget &remote,
                                         RemoteRecorder::Control control) {
    const QStringList command = equivalentCommand(options, remote);
    RemoteHostProgress progress(remote, QString::fromStdString(options.outputPath));
    RecordSummary summary = RemoteRecorder::run(command.mid(1), progress, control);
    if (!options.events.empty()) summary.eventNames.push_back(options.events);
    // The CLI's status is the program's only for a launch on one host.
    if (options.command.empty() || remote.hosts().size() > 1) summary.exitCode = 0;
    return summary;
}

void RecordingJob::stop() {
    if (!isActive()) return;
    if (stopRequested_ && remote_.isRemote()) {
        force_->store(true);
        return;
    }
    stopRequested_ = true;
    cancel();
}

void RecordingJob::onHostProgress(const RemoteHostProgress &progress) {
    hostProgress_ = progress;
    emit hostsChanged();
}

qint64 RecordingJob::elapsedMs() const {
    if (finalElapsedMs_ >= 0) return finalElapsedMs_;
    return clock_.isValid() ? clock_.elapsed() : 0;
}

void RecordingJob::setState(State state) {
    if (state_ == state) return;
    state_ = state;
    emit stateChanged(state);
}

void RecordingJob::onStarted() {
    if (state_ != State::Starting) return;
    clock_.start();
    setState(State::Recording);
    emit recordingStarted();
}

void RecordingJob::onFinished(const RecordSummary &summary) {
    summary_ = summary;
    finalElapsedMs_ = static_cast<qint64>(summary.seconds * 1000);
    setState(State::Finished);
    emit finished(summary_);
}

void RecordingJob::onFailed(const QString &message) {
    // Never leave a half session behind (the recorder removes what it wrote; this covers the rest), but never
    // remove a file that was there before either.
    if (!outputExisted_ && QFileInfo::exists(outputPath())) QFile::remove(outputPath());
    error_ = message;
    finalElapsedMs_ = clock_.isValid() ? clock_.elapsed() : 0;
    setState(State::Failed);
}

QString RecordingJob::describeTarget(const RecordOptions &options, const RemoteTarget &remote) {
    if (remote.isRemote())
        return tr("%1: %2").arg(remote.hosts().join(QStringLiteral(", ")), describeTarget(options));
    if (!options.command.empty()) {
        QStringList words;
        for (const auto &word : options.command)
            words << QString::fromStdString(word);
        words.first() = QFileInfo(words.first()).fileName();
        return words.join(QLatin1Char(' '));
    }
    auto idList = [](const std::vector<pid_t> &ids) {
        QStringList list;
        for (pid_t id : ids)
            list << QString::number(id);
        return list.join(QStringLiteral(", "));
    };
    if (!options.pids.empty())
        return (options.pids.size() == 1 ? tr("process %1") : tr("processes %1")).arg(idList(options.pids));
    if (!options.tids.empty())
        return tr("thread(s) %1", nullptr, int(options.tids.size())).arg(idList(options.tids));
    if (options.cpus.empty()) return tr("the whole system, all CPUs");
    QStringList cpus;
    for (int cpu : options.cpus)
        cpus << QString::number(cpu);
    return tr("the whole system, CPU(s) %1", nullptr, int(options.cpus.size()))
        .arg(cpus.join(QLatin1Char(',')));
}

QStringList RecordingJob::equivalentCommand(const RecordOptions &options, const RemoteTarget &remote) {
    QStringList args{QStringLiteral("perfglass-cli"), QStringLiteral("record")};
    if (remote.isRemote()) args << remote.recordOptions();
    auto ids = [](const auto &list) {
        QStringList words;
        for (auto id : list)
            words << QString::number(id);
        return words.join(QLatin1Char(','));
    };
    if (!options.events.empty()) args << QStringLiteral("-e") << QString::fromStdString(options.events);
    if (options.period > 0)
        args << QStringLiteral("-c") << QString::number(options.period);
    else
        args << QStringLiteral("-F") << QString::number(options.frequency);
    if (options.callGraph == CallGraphMode::FramePointer)
        args << QStringLiteral("--call-graph") << QStringLiteral("fp");
    if (options.callGraph == CallGraphMode::Dwarf)
        args << QStringLiteral("--call-graph") << QStringLiteral("dwarf,%1").arg(options.dwarfStackSize);
    if (options.offCpu) args << QStringLiteral("--off-cpu");
    if (options.latency) args << QStringLiteral("--latency");
    if (options.sampleCpu) args << QStringLiteral("--sample-cpu");
    if (options.durationSeconds > 0)
        args << QStringLiteral("--duration") << QString::number(options.durationSeconds);
    if (!options.pids.empty()) args << QStringLiteral("-p") << ids(options.pids);
    if (!options.tids.empty()) args << QStringLiteral("-t") << ids(options.tids);
    if (options.systemWide) args << QStringLiteral("-a");
    if (!options.cpus.empty()) args << QStringLiteral("-C") << ids(options.cpus);
    if (!options.workingDirectory.empty())
        args << QStringLiteral("--cwd") << QString::fromStdString(options.workingDirectory);
    for (const auto &entry : options.extraEnvironment)
        args << QStringLiteral("--env") << QString::fromStdString(entry);
    args << QStringLiteral("-o") << QString::fromStdString(options.outputPath);
    if (!options.command.empty()) {
        args << QStringLiteral("--");
        for (const auto &word : options.command)
            args << QString::fromStdString(word);
    }
    return args;
}

} // namespace perfglass
