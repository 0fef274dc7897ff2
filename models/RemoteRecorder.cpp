#include "RemoteRecorder.h"

#include "base/Error.h"

#include <QCoreApplication>
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

} // namespace

QString RemoteRecorder::cliPath() {
    const QString here = QCoreApplication::applicationDirPath();
    for (const QString &candidate :
         {here + QStringLiteral("/perfglass-cli"), here + QStringLiteral("/../cli/perfglass-cli")})
        if (QFileInfo(candidate).isExecutable()) return QFileInfo(candidate).canonicalFilePath();
    const QString inPath = QStandardPaths::findExecutable(QStringLiteral("perfglass-cli"));
    return inPath.isEmpty() ? QStringLiteral("perfglass-cli") : inPath;
}

RecordSummary RemoteRecorder::run(const QStringList &arguments, const QString &outputPath,
                                  const std::function<void()> &onStarted, const std::stop_token &stop) {
    const ino_t previous = inodeOf(outputPath);
    QProcess cli;
    cli.setProcessChannelMode(QProcess::MergedChannels);
    cli.setStandardInputFile(QProcess::nullDevice());
    cli.setChildProcessModifier([] { ::setsid(); });
    cli.start(cliPath(), arguments);
    if (!cli.waitForStarted(-1))
        throw Error(("cannot run " + cliPath() + ": " + cli.errorString()).toStdString());
    QByteArray log;
    QElapsedTimer clock;
    qint64 streamMs = -1; // until the stream ended; the symbols fetched afterwards do not count
    bool interrupted = false;
    while (cli.state() != QProcess::NotRunning) {
        cli.waitForReadyRead(kPollMs);
        appendBounded(log, cli.readAll());
        const ino_t now = clock.isValid() ? 0 : inodeOf(outputPath);
        if (!clock.isValid() && now != 0 && now != previous) {
            clock.start();
            onStarted();
        }
        if (clock.isValid() && streamMs < 0 && log.contains("[ perfglass record --host "))
            streamMs = clock.elapsed();
        if (stop.stop_requested() && !interrupted) {
            ::kill(static_cast<pid_t>(cli.processId()), SIGINT);
            interrupted = true;
        }
    }
    appendBounded(log, cli.readAll());
    const int status = cli.exitStatus() == QProcess::NormalExit ? cli.exitCode() : 128 + SIGKILL;
    RecordSummary summary = summaryOf(QString::fromLocal8Bit(log), status);
    if (clock.isValid() && streamMs < 0) streamMs = clock.elapsed();
    summary.seconds = static_cast<double>(std::max<qint64>(streamMs, 0)) / 1000;
    summary.bytes = static_cast<uint64_t>(QFileInfo(outputPath).size());
    return summary;
}

RecordSummary RemoteRecorder::summaryOf(const QString &log, int exitStatus) {
    static const QRegularExpression written(
        QStringLiteral(R"(^\[ perfglass record --host [^:]+: (\d+) samples, .* written to .+ \]$)"));
    static const QRegularExpression progress(QStringLiteral(R"(^\[ (perfglass (symbols|deploy).*) \]$)"));
    QStringList lines;
    for (const QString &line : log.split(QLatin1Char('\n')))
        if (!line.trimmed().isEmpty()) lines << line.trimmed();
    RecordSummary summary;
    bool wasWritten = false;
    for (const QString &line : lines) {
        if (const auto match = written.match(line); match.hasMatch()) {
            wasWritten = true;
            summary.samples = match.captured(1).toULongLong();
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
