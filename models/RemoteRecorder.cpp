#include "RemoteRecorder.h"

#include "base/Error.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

namespace perfglass {

namespace {

constexpr int kPollMs = 200;
constexpr qsizetype kMaxLogBytes = 256 * 1024; // the launched program's output arrives here too
constexpr int kTailLines = 6;
const QString kCliPrefix = QStringLiteral("perfglass-cli: ");

// The file's identity, or 0 when it does not exist: a file that was there before is not the recording's.
ino_t inodeOf(const QString &path) {
    struct stat status {};
    return ::stat(QFile::encodeName(path).constData(), &status) == 0 ? status.st_ino : 0;
}

void appendBounded(QByteArray &log, const QByteArray &bytes) {
    log += bytes;
    if (log.size() > kMaxLogBytes) log.remove(0, log.size() - kMaxLogBytes);
}

Message textMessage(const QString &text) {
    return Message{MessageKind::Text, {text.toStdString()}};
}

// What the log says went wrong: the CLI's own messages, else its last lines (ssh's).
QString failureOf(const QStringList &lines, int exitStatus) {
    QStringList messages;
    for (const QString &line : lines)
        if (line.startsWith(kCliPrefix)) messages << line.mid(kCliPrefix.size());
    if (messages.isEmpty()) messages = lines.mid(std::max<qsizetype>(0, lines.size() - kTailLines));
    if (messages.isEmpty())
        return QStringLiteral("perfglass-cli record --host ended with status %1 and wrote nothing")
            .arg(exitStatus);
    return messages.join(QLatin1Char('\n'));
}

// Whatever the CLI started and left behind in its process group (an ssh whose CLI was killed) is killed.
// A group that still has members keeps its id from being reused, so only the CLI's own are reached.
void killGroupRemains(pid_t group) {
    QDir proc(QStringLiteral("/proc"));
    for (const QString &entry : proc.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool isPid = false;
        const pid_t pid = static_cast<pid_t>(entry.toInt(&isPid));
        if (isPid && ::getpgid(pid) == group) {
            ::kill(-group, SIGKILL);
            return;
        }
    }
}

} // namespace

QString RemoteRecorder::cliPath() {
    const QString here = QCoreApplication::applicationDirPath();
    for (const QString &candidate :
         {here + QStringLiteral("/perfglass-cli"), here + QStringLiteral("/../cli/perfglass-cli")})
        if (QFileInfo(candidate).isExecutable()) return QFileInfo(candidate).canonicalFilePath();
    const QString inPath = QStandardPaths::findExecutable(QStringLiteral("perfglass-cli"));
    return inPath.isEmpty() ? QStringLiteral("perfglass-cli") : inPath;
}

namespace {

// One run of the CLI: its output read line by line into the hosts' progress, the files watched, the stop
// requests turned into signals.
class CliRun {
public:
    CliRun(RemoteHostProgress &progress, const RemoteRecorder::Control &control)
        : progress_(progress)
        , control_(control) {
        for (const auto &host : progress_.hosts())
            previousInodes_.push_back(inodeOf(host.outputPath));
    }

    void start(const QStringList &arguments) {
        cli_.setProcessChannelMode(QProcess::MergedChannels);
        cli_.setStandardInputFile(QProcess::nullDevice());
        cli_.setChildProcessModifier([] { ::setsid(); });
        cli_.start(RemoteRecorder::cliPath(), arguments);
        if (!cli_.waitForStarted(-1))
            throw Error(
                ("cannot run " + RemoteRecorder::cliPath() + ": " + cli_.errorString()).toStdString());
        group_ = static_cast<pid_t>(cli_.processId()); // setsid made it the leader of its own group
    }

    // Until the CLI ended; returns its exit status.
    int follow() {
        while (cli_.state() != QProcess::NotRunning) {
            cli_.waitForReadyRead(kPollMs);
            readLines(cli_.readAll());
            bool changed = watchFiles();
            changed = handleStop() || changed;
            if (changed && control_.onProgress) control_.onProgress(progress_);
        }
        readLines(cli_.readAll() + '\n');
        killGroupRemains(group_);
        return cli_.exitStatus() == QProcess::NormalExit ? cli_.exitCode() : 128 + SIGKILL;
    }

    const QByteArray &log() const { return log_; }
    qint64 streamMs() const { return streamMs_ >= 0 ? streamMs_ : (clock_.isValid() ? clock_.elapsed() : 0); }
    // The files of hosts stopped before they started are not the user's recording.
    void removeFilesNotRecorded() const {
        const auto &hosts = progress_.hosts();
        for (size_t i = 0; i < hosts.size(); ++i) {
            const ino_t now = inodeOf(hosts[i].outputPath);
            if (hosts[i].phase == RemoteHostState::Phase::StoppedBeforeStart && now != 0 &&
                now != previousInodes_[i])
                QFile::remove(hosts[i].outputPath);
        }
    }

private:
    void readLines(const QByteArray &bytes) {
        appendBounded(log_, bytes);
        pending_ += bytes;
        for (qsizetype end = pending_.indexOf('\n'); end >= 0; end = pending_.indexOf('\n')) {
            const QString line = QString::fromLocal8Bit(pending_.left(end));
            pending_.remove(0, end + 1);
            if (streamMs_ < 0 && clock_.isValid() &&
                line.startsWith(QStringLiteral("[ perfglass record --host ")))
                streamMs_ = clock_.elapsed();
            // Each line's change is published on its own: lines read together (a host's samples line, then
            // its symbols line) must not skip the phase between them.
            if (progress_.noteLine(line) && control_.onProgress) control_.onProgress(progress_);
        }
        if (pending_.size() > kMaxLogBytes) pending_.clear(); // a program's endless line is not ours
    }

    bool watchFiles() {
        bool changed = false;
        const auto &hosts = progress_.hosts();
        for (size_t i = 0; i < hosts.size(); ++i) {
            if (hosts[i].phase != RemoteHostState::Phase::Connecting) continue;
            const ino_t now = inodeOf(hosts[i].outputPath);
            if (now == 0 || now == previousInodes_[i]) continue;
            changed = progress_.noteFileAppeared(i) || changed;
            if (!clock_.isValid()) {
                clock_.start();
                if (control_.onStarted) control_.onStarted();
            }
        }
        return changed;
    }

    // The first stop asks the CLI to end the recordings cleanly; a second stop, or a host that still had not
    // started kForceAfterMs after it, ends ssh (the CLI's second SIGINT); and if even that does not end the
    // CLI, it is killed with what it started.
    bool handleStop() {
        bool changed = false;
        if (control_.stop.stop_requested() && !stopClock_.isValid() && stillRecording()) {
            ::kill(group_, SIGINT);
            stopClock_.start();
            stoppedWhileConnecting_ = progress_.anyConnecting();
            changed = progress_.noteStopRequested();
        }
        const bool forceAsked = control_.force && control_.force->load();
        const bool hung = stoppedWhileConnecting_ && stopClock_.isValid() &&
                          stopClock_.elapsed() > RemoteRecorder::kForceAfterMs;
        if ((forceAsked || hung) && !forceClock_.isValid()) {
            ::kill(group_, SIGINT);
            forceClock_.start();
            changed = progress_.noteForced() || changed;
        }
        if (forceClock_.isValid() && forceClock_.elapsed() > RemoteRecorder::kKillAfterMs && !killed_) {
            ::kill(-group_, SIGKILL);
            killed_ = true;
        }
        return changed;
    }

    bool stillRecording() const {
        return std::any_of(progress_.hosts().begin(), progress_.hosts().end(), [](const auto &host) {
            return host.phase == RemoteHostState::Phase::Connecting ||
                   host.phase == RemoteHostState::Phase::Recording;
        });
    }

    RemoteHostProgress &progress_;
    const RemoteRecorder::Control &control_;
    std::vector<ino_t> previousInodes_;
    QProcess cli_;
    pid_t group_ = 0;
    QByteArray log_;
    QByteArray pending_;
    QElapsedTimer clock_;     // since the first host's file appeared
    qint64 streamMs_ = -1;    // until the streams ended; the symbols fetched afterwards do not count
    QElapsedTimer stopClock_; // since the stop was sent
    QElapsedTimer forceClock_;
    bool stoppedWhileConnecting_ = false;
    bool killed_ = false;
};

} // namespace

RecordSummary RemoteRecorder::run(const QStringList &arguments, RemoteHostProgress &progress,
                                  const Control &control) {
    CliRun run(progress, control);
    run.start(arguments);
    const int status = run.follow();
    progress.noteEnd();
    run.removeFilesNotRecorded();
    if (control.onProgress) control.onProgress(progress);
    if (progress.allStoppedBeforeStart()) return {};
    const QString log = QString::fromLocal8Bit(run.log());
    RecordSummary summary;
    try {
        summary = summaryOf(log, status);
    } catch (const Error &error) {
        if (!progress.forced()) throw;
        throw Error("the recording was ended forcibly: " + std::string(error.what()));
    }
    summary.bytes = 0;
    for (const auto &host : progress.hosts())
        if (host.written) summary.bytes += static_cast<uint64_t>(QFileInfo(host.outputPath).size());
    summary.seconds = static_cast<double>(run.streamMs()) / 1000;
    return summary;
}

RecordSummary RemoteRecorder::summaryOf(const QString &log, int exitStatus) {
    static const QRegularExpression progress(QStringLiteral(R"(^\[ (perfglass (symbols|deploy).*) \]$)"));
    QStringList lines;
    for (const QString &line : log.split(QLatin1Char('\n')))
        if (!line.trimmed().isEmpty()) lines << line.trimmed();
    RecordSummary summary;
    bool wasWritten = false;
    for (const QString &line : lines) {
        if (const auto samples = RemoteHostProgress::parseSamplesLine(line)) {
            wasWritten = true;
            summary.samples += samples->summary.samples;
            summary.lostSamples += samples->summary.lostSamples;
            summary.lostRecords += samples->summary.lostRecords;
            summary.throttles += samples->summary.throttles;
        } else if (const auto step = progress.match(line); step.hasMatch()) {
            summary.notices.push_back(textMessage(step.captured(1)));
        } else if (line.startsWith(kCliPrefix)) {
            QString text = line.mid(kCliPrefix.size());
            if (text.startsWith(QStringLiteral("note: "))) text = text.mid(6);
            summary.notices.push_back(textMessage(text));
        }
    }
    if (!wasWritten) throw Error(failureOf(lines, exitStatus).toStdString());
    summary.exitCode = exitStatus;
    return summary;
}

} // namespace perfglass
