#include "RecordingSession.h"

#include "base/Error.h"
#include "record/HelperEventOpener.h"

#include <QFile>
#include <QFileInfo>

namespace perfglass {

RecordingSession::RecordingSession(QObject *parent)
    : QObject(parent) {
    qRegisterMetaType<RecordSummary>();
}

RecordingSession::~RecordingSession() {
    if (recorder_) recorder_->stop();
    if (worker_.joinable()) worker_.join();
}

bool RecordingSession::start(RecordOptions options) {
    if (isActive()) return false;
    if (worker_.joinable()) worker_.join();
    if (options.cmdline.empty())
        for (const QString &word : equivalentCommand(options))
            options.cmdline.push_back(word.toStdString());
    options_ = options;
    summary_ = {};
    error_.clear();
    finalElapsedMs_ = -1;
    clock_.invalidate();
    outputExisted_ = QFileInfo::exists(outputPath());

    // The callbacks run on the worker; what they report is handed to this object's thread.
    options.onStarted = [this] { QMetaObject::invokeMethod(this, &RecordingSession::onStarted); };
    options.privilegedOpenerFactory = []() -> std::unique_ptr<EventOpener> {
        return startPrivilegedHelper();
    };
    recorder_ = std::make_unique<Recorder>(std::move(options));
    setState(State::Starting);
    worker_ = std::thread([this, recorder = recorder_.get()] {
        try {
            const RecordSummary summary = recorder->run();
            QMetaObject::invokeMethod(this, [this, summary] { onFinished(summary); });
        } catch (const std::exception &error) {
            const QString message = QString::fromStdString(error.what());
            QMetaObject::invokeMethod(this, [this, message] { onFailed(message); });
        }
    });
    return true;
}

void RecordingSession::stop() {
    if (recorder_ && isActive()) recorder_->stop();
}

qint64 RecordingSession::elapsedMs() const {
    if (finalElapsedMs_ >= 0) return finalElapsedMs_;
    return clock_.isValid() ? clock_.elapsed() : 0;
}

void RecordingSession::setState(State state) {
    if (state_ == state) return;
    state_ = state;
    emit stateChanged(state);
}

void RecordingSession::onStarted() {
    if (state_ != State::Starting) return;
    clock_.start();
    setState(State::Recording);
    emit started();
}

void RecordingSession::onFinished(const RecordSummary &summary) {
    if (worker_.joinable()) worker_.join();
    recorder_.reset();
    summary_ = summary;
    finalElapsedMs_ = static_cast<qint64>(summary.seconds * 1000);
    setState(State::Finished);
    emit finished(summary_);
}

void RecordingSession::onFailed(const QString &message) {
    if (worker_.joinable()) worker_.join();
    recorder_.reset();
    // Never leave a half session behind (the recorder removes what it wrote; this covers the rest), but never
    // remove a file that was there before either.
    if (!outputExisted_ && QFileInfo::exists(outputPath())) QFile::remove(outputPath());
    error_ = message;
    finalElapsedMs_ = clock_.isValid() ? clock_.elapsed() : 0;
    setState(State::Failed);
    emit failed(message);
}

QString RecordingSession::describeTarget(const RecordOptions &options) {
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

QStringList RecordingSession::equivalentCommand(const RecordOptions &options) {
    QStringList args{QStringLiteral("perfglass-cli"), QStringLiteral("record")};
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
