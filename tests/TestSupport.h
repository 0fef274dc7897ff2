// Helpers shared by the test suites: running perfglass-cli and the test programs, temporary files.
#pragma once

#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <unistd.h>

namespace perfglass::test {

struct ProcessResult {
    int exitCode = -1;
    QString out;
    QString err;
};

inline ProcessResult runProgram(const QString &program, const QStringList &arguments,
                                int timeoutMs = 120000) {
    QProcess process;
    process.start(program, arguments);
    ProcessResult result;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err =
            QStringLiteral("timed out: ") + program + QLatin1Char(' ') + arguments.join(QLatin1Char(' '));
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

inline ProcessResult runCli(const QStringList &arguments, int timeoutMs = 120000) {
    return runProgram(QStringLiteral(PERFGLASS_CLI), arguments, timeoutMs);
}

inline QString clientPath(const QString &name) {
    return QStringLiteral(PERFGLASS_CLIENTS_DIR "/") + name;
}

inline QString perfPath() {
    return QStandardPaths::findExecutable(QStringLiteral("perf"));
}

inline bool isRoot() {
    return ::geteuid() == 0;
}

} // namespace perfglass::test
