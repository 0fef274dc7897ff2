// Helpers shared by the test suites: running perfglass-cli and the test programs, temporary files.
#pragma once

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <signal.h>
#include <unistd.h>

#include <utility>

namespace perfglass::test {

struct ProcessResult {
    int exitCode = -1;
    QString out;
    QString err;
};

// Runs program in process, which the caller set up (environment, working directory), and collects its
// outcome.
inline ProcessResult runConfigured(QProcess &process, const QString &program, const QStringList &arguments,
                                   int timeoutMs = 120000) {
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

inline ProcessResult runProgram(const QString &program, const QStringList &arguments,
                                int timeoutMs = 120000) {
    QProcess process;
    return runConfigured(process, program, arguments, timeoutMs);
}

inline ProcessResult runCli(const QStringList &arguments, int timeoutMs = 120000) {
    return runProgram(QStringLiteral(PERFGLASS_CLI), arguments, timeoutMs);
}

inline QString clientPath(const QString &name) {
    return QStringLiteral(PERFGLASS_CLIENTS_DIR "/") + name;
}

// The benchmark workload (bench/workload.cpp), built with (workload-fp) and without (workload-nofp) frame
// pointers.
inline QString workloadPath(const QString &name) {
    return QStringLiteral(PERFGLASS_WORKLOADS_DIR "/") + name;
}

inline QString perfPath() {
    return QStandardPaths::findExecutable(QStringLiteral("perf"));
}

inline bool isRoot() {
    return ::geteuid() == 0;
}

// Lines of perf's stderr that are problems rather than notices. perf's own "Processed N events and lost M
// chunks!" (its record fell behind on a loaded machine) is not one: every reader of the file sees the same
// records, so comparisons on it stay exact. A bare "Warning:" line is judged by the line after it.
inline QStringList perfProblems(const QString &err) {
    static const QRegularExpression lostChunks(
        QStringLiteral(R"(^Processed \d+ events and lost \d+ chunks!$)"));
    QStringList problems;
    bool warningFollows = false;
    for (const QString &line : err.split(QLatin1Char('\n'))) {
        if (line.trimmed().isEmpty() || line.trimmed() == QLatin1String("Check IO/CPU overload!")) continue;
        if (line.trimmed() == QLatin1String("Warning:")) {
            warningFollows = true;
            continue;
        }
        if (std::exchange(warningFollows, false) && !lostChunks.match(line.trimmed()).hasMatch()) {
            problems << line;
            continue;
        }
        if (line.contains(QLatin1String("WARNING"), Qt::CaseInsensitive) ||
            line.contains(QLatin1String("failed"), Qt::CaseInsensitive) ||
            line.contains(QLatin1String("incompatible"), Qt::CaseInsensitive) ||
            line.contains(QLatin1String("broken"), Qt::CaseInsensitive) ||
            line.contains(QLatin1String("non matching"), Qt::CaseInsensitive))
            problems << line;
    }
    return problems;
}

// Runs `perf COMMAND -i FILE`; returns its stdout, or an empty string (with a warning) when perf does not
// read the file cleanly.
inline QString perfReads(const QStringList &command, const QString &file) {
    const ProcessResult result = runProgram(perfPath(), command + QStringList{QStringLiteral("-i"), file});
    if (result.exitCode != 0 || !perfProblems(result.err).isEmpty()) {
        qWarning("perf %s on %s: exit %d\n%s", qPrintable(command.join(QLatin1Char(' '))), qPrintable(file),
                 result.exitCode, qPrintable(result.err));
        return {};
    }
    return result.out;
}

// A session of the GUI suites: hotspots-fp recorded with frame pointers for MILLISECONDS on 2 threads.
struct RecordedSession {
    QString path;
    ProcessResult result;
    // This machine does not permit recording (the suite skips; why() says so).
    bool refused() const {
        return !QFile::exists(path) && result.err.contains(QLatin1String("perf_event_paranoid"));
    }
    bool made() const { return QFile(path).size() > 0; }
    QString why() const { return QStringLiteral("recording is not permitted here: ") + result.err; }
};

inline RecordedSession recordHotspots(const QString &path, int milliseconds) {
    return {path, runCli({QStringLiteral("record"), QStringLiteral("-g"), QStringLiteral("-o"), path,
                          QStringLiteral("--"), clientPath(QStringLiteral("hotspots-fp")),
                          QString::number(milliseconds), QStringLiteral("2")})};
}

// `perf record ARGUMENTS`, without updating ~/.debug's build-id cache (-N), which the tests do not need.
// Under the parallel `make test`, perf 6.1 dies now and then at the end of a recording, in its build-id code
// ("assertion failed at util/build-id.c:1010", then "stack smashing detected"), with or without -N, leaving a
// file without its feature sections, sometimes three times in a row: such a run is tried again, five times
// at most, after a pause that doubles from half a second (whatever other test's process perf trips over may
// be gone by then).
inline ProcessResult runPerfRecord(const QStringList &arguments, int timeoutMs = 120000) {
    ProcessResult result;
    unsigned long pauseMs = 250; // doubled before each pause: 0.5, 1, 2 and 4 s
    for (int attempt = 0; attempt < 5; ++attempt, pauseMs *= 2) {
        if (attempt > 0) QThread::msleep(pauseMs);
        result = runProgram(
            perfPath(), QStringList{QStringLiteral("record"), QStringLiteral("-N")} + arguments, timeoutMs);
        if (!result.err.contains(QLatin1String("util/build-id.c"))) break;
    }
    return result;
}

// hotspots-fp recorded by perf itself (`perf record -g -e cpu-clock`), a fixed amount of work: the exit code
// is the program's (3).
inline ProcessResult recordHotspotsWithPerf(const QString &path) {
    return runPerfRecord({QStringLiteral("-q"), QStringLiteral("-g"), QStringLiteral("-e"),
                          QStringLiteral("cpu-clock"), QStringLiteral("-o"), path, QStringLiteral("--"),
                          clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-300")});
}

// Starts the test program hotspots-fp with arguments and waits until it runs its own code; kills it when
// done.
class RunningProgram {
public:
    explicit RunningProgram(const QStringList &arguments) {
        process_.setProgram(clientPath(QStringLiteral("hotspots-fp")));
        process_.setArguments(arguments);
        process_.start();
        process_.waitForStarted();
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(QStringLiteral("/proc/%1/maps").arg(pid())), 10000);
        QThread::msleep(200); // let it reach its hot loop; nothing is asserted about timing
    }
    ~RunningProgram() {
        process_.kill();
        process_.waitForFinished();
    }
    RunningProgram(const RunningProgram &) = delete;
    RunningProgram &operator=(const RunningProgram &) = delete;
    qint64 pid() const { return process_.processId(); }
    bool running() const { return process_.state() == QProcess::Running && ::kill(pid(), 0) == 0; }

private:
    QProcess process_;
};

} // namespace perfglass::test
