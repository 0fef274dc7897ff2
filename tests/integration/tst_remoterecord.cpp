// record --host over a real ssh: Debian's sshd started by the test on loopback, inside a private network
// namespace the test made for itself, with a throwaway host key and user key in a temporary directory and a
// client configuration of its own (-F; the known_hosts file the test writes: ThrowawaySshd.h), so nothing but
// loopback is ever talked to and no file of the user's ssh setup is read or written. "The host" is this
// machine: the recorder there is this build's perfglass-cli (--remote-cli). Checked: a launched program
// recorded into a complete local file that perf script reads, its symbols fetched by build id into a
// temporary build-id cache (--buildid-dir) and naming the frames after the program is gone, nothing fetched a
// second time, SIGINT to the local CLI keeping a complete file, arguments holding quotes, ';', $() and
// newlines arriving unchanged, a dropped connection keeping what arrived, and the failures' messages (unknown
// host key, no recorder on the host). Skips with the reason where sshd, ip or a network namespace cannot be
// had.
#include "PrivateTracefs.h"
#include "TestSupport.h"
#include "ThrowawaySshd.h"

#include <QtTest>

#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace perfglass::test;

namespace {

QByteArray readFile(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The processes whose parent is parent, from /proc/PID/stat ("PID (COMM) STATE PPID ...").
QList<pid_t> childrenOf(qint64 parent) {
    QList<pid_t> children;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool isPid = false;
        const int pid = entry.toInt(&isPid);
        if (!isPid) continue;
        const QByteArray stat = readFile(QStringLiteral("/proc/%1/stat").arg(pid));
        const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 1 && fields[1].toLongLong() == parent) children.push_back(pid);
    }
    return children;
}

// The program a test left running on "the host" (its shell wrote its pid before exec), ended by that id.
void endProgramOf(const QString &pidFile) {
    const int pid = readFile(pidFile).trimmed().toInt();
    if (pid > 0) ::kill(pid, SIGKILL);
}

// Whether the perf.data file at path says it has FEATURE (a bit of the header's feature bitmap, which
// starts after the magic, sizes and the attrs, data and event types sections: byte 72).
bool hasFeature(const QString &path, int feature) {
    const QByteArray header = readFile(path).left(72 + 32);
    if (header.size() < 72 + 32 || !header.startsWith("PERFILE2")) return false;
    return (static_cast<unsigned char>(header[72 + feature / 8]) >> (feature % 8)) & 1;
}

constexpr int kFeatureTracingData = 1; // HEADER_TRACING_DATA
constexpr int kFeatureCompressed = 27; // HEADER_COMPRESSED

} // namespace

class TestRemoteRecord : public QObject {
    Q_OBJECT

private:
    ThrowawaySshd sshd_;
    QString skipReason_;
    bool tracefs_ = false;

    QString path(const QString &name) const { return sshd_.path(name); }
    QString cache() const { return path(QStringLiteral("buildid-cache")); }

    void requireSshd() {
        if (!skipReason_.isEmpty()) QSKIP(qPrintable(skipReason_));
    }

    // record --host loop with the test's ssh configuration, recorder and build-id cache, then arguments.
    QStringList recordArguments(const QString &output, const QStringList &rest,
                                const QString &config = QStringLiteral("ssh_config")) const {
        return QStringList{QStringLiteral("record"),
                           QStringLiteral("--host"),
                           QStringLiteral("loop"),
                           QStringLiteral("--ssh-config"),
                           path(config),
                           QStringLiteral("--remote-cli"),
                           QStringLiteral(PERFGLASS_CLI),
                           QStringLiteral("--buildid-dir"),
                           cache(),
                           QStringLiteral("-o"),
                           output} +
               rest;
    }

    // The local CLI's environment: its private archive cache in the test's directory, not ~/.cache.
    void configure(QProcess &process) const {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("XDG_CACHE_HOME"), path(QStringLiteral("xdg-cache")));
        environment.insert(QStringLiteral("PERF_BUILDID_DIR"), cache());
        process.setProcessEnvironment(environment);
    }

    ProcessResult recordRemotely(const QString &output, const QStringList &rest,
                                 const QString &config = QStringLiteral("ssh_config")) const {
        QProcess process;
        configure(process);
        return runConfigured(process, QStringLiteral(PERFGLASS_CLI), recordArguments(output, rest, config),
                             180000);
    }

    // Starts record --host of a shell that runs hotspots-fp for 200 ms of work, writes its pid to MARKER.pid,
    // creates MARKER, then runs hotspots-fp without end (endProgramOf(MARKER.pid) ends it).
    void startEndlessRecording(QProcess &recorder, const QString &output, const QString &marker) const {
        const QString script =
            QStringLiteral("\"$1\" -200 1; echo $$ > \"$3\"; : > \"$2\"; exec \"$1\" -100000000 1");
        configure(recorder);
        recorder.start(
            QStringLiteral(PERFGLASS_CLI),
            recordArguments(output, {QStringLiteral("-e"), QStringLiteral("cpu-clock"), QStringLiteral("-g"),
                                     QStringLiteral("--"), QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                                     script, QStringLiteral("sh"), clientPath(QStringLiteral("hotspots-fp")),
                                     marker, marker + QStringLiteral(".pid")}));
    }

    // A copy of hotspots-fp that the test can delete, so that naming must come from the fetched symbols.
    QString copyOfHotspots(const QString &name) const {
        const QString copy = path(name);
        QFile::remove(copy);
        return QFile::copy(clientPath(QStringLiteral("hotspots-fp")), copy) &&
                       QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner)
                   ? copy
                   : QString();
    }

    // The build id the session lists for a path ending with name (buildid-list: "HEX PATH").
    static QString buildIdOf(const QString &session, const QString &name) {
        const auto listed = runCli({QStringLiteral("buildid-list"), QStringLiteral("-i"), session});
        for (const QString &line : listed.out.split(QLatin1Char('\n')))
            if (line.endsWith(name)) return line.section(QLatin1Char(' '), 0, 0);
        return {};
    }

    QString flatReport(const QString &session) const {
        QProcess process;
        configure(process);
        return runConfigured(process, QStringLiteral(PERFGLASS_CLI),
                             {QStringLiteral("report"), QStringLiteral("-i"), session,
                              QStringLiteral("--view"), QStringLiteral("flat"),
                              QStringLiteral("--buildid-dir"), cache()})
            .out;
    }

    // The files with samples differ a little from run to run (a library sampled once, not the next time):
    // the second recording asks the host only for the build ids the cache did not hold before it.
    void secondRecordingFetchesOnlyWhatIsNew() {
        const QStringList cachedBefore = cachedBuildIds();
        QVERIFY(!cachedBefore.isEmpty());
        const QString again = copyOfHotspots(QStringLiteral("hotspots-remote"));
        const QString session = path(QStringLiteral("again.data"));
        const auto second = recordRemotely(session, {QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                                                     QStringLiteral("-g"), QStringLiteral("--"), again,
                                                     QStringLiteral("-100"), QStringLiteral("1")});
        QVERIFY2(second.exitCode == 3, qPrintable(second.err));
        const auto listed = runCli({QStringLiteral("buildid-list"), QStringLiteral("-i"), session});
        int listedIds = 0, newIds = 0;
        for (const QString &line : listed.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            ++listedIds;
            if (!cachedBefore.contains(line.section(QLatin1Char(' '), 0, 0))) ++newIds;
        }
        const QString expected = QStringLiteral("%1 build ids, %2 already in %3, %4 fetched")
                                     .arg(listedIds)
                                     .arg(listedIds - newIds)
                                     .arg(cache())
                                     .arg(newIds);
        QVERIFY2(second.err.contains(expected), qPrintable(expected + QLatin1Char('\n') + second.err));
    }

    // The build ids the cache holds (ROOT/.build-id/XX/REST).
    QStringList cachedBuildIds() const {
        QStringList ids;
        QDirIterator links(cache() + QStringLiteral("/.build-id"),
                           QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot,
                           QDirIterator::Subdirectories);
        while (links.hasNext()) {
            const QFileInfo link(links.next());
            if (link.fileName().size() > 2) ids.push_back(link.dir().dirName() + link.fileName());
        }
        return ids;
    }

private slots:
    void initTestCase() {
        tracefs_ = ensureTracefs(); // before sshd starts, so that its sessions see it too
        skipReason_ = sshd_.start();
    }

    // A launched program: the local file is complete (perf script reads it), its exit status comes back,
    // its symbols come home into the temporary cache and name its frames after the program is deleted; a
    // second recording fetches nothing new.
    void launchedProgramAndItsSymbols() {
        requireSshd();
        const QString program = copyOfHotspots(QStringLiteral("hotspots-remote"));
        QVERIFY(!program.isEmpty());
        const QString session = path(QStringLiteral("launch.data"));
        const auto result =
            recordRemotely(session, {QStringLiteral("-e"), QStringLiteral("cpu-clock"), QStringLiteral("-F"),
                                     QStringLiteral("2000"), QStringLiteral("-g"), QStringLiteral("--"),
                                     program, QStringLiteral("-300"), QStringLiteral("1")});
        QVERIFY2(result.exitCode == 3, qPrintable(result.err)); // hotspots' own status, through ssh
        QVERIFY2(result.err.contains(QStringLiteral("written to ") + session), qPrintable(result.err));
        QVERIFY2(result.err.contains(QStringLiteral("symbols only")), qPrintable(result.err));
        const QString id = buildIdOf(session, QStringLiteral("hotspots-remote"));
        QVERIFY2(!id.isEmpty(), "the session lists no build id for the program");
        QVERIFY2(QFileInfo::exists(cache() + QStringLiteral("/.build-id/") + id.left(2) + QLatin1Char('/') +
                                   id.mid(2)),
                 qPrintable(QStringLiteral("not in the cache: ") + id + QLatin1Char('\n') + result.err));
        QVERIFY(QFile::remove(program));
        QVERIFY2(flatReport(session).contains(QStringLiteral("hotLoop")),
                 "frames are not named from the cache");
        if (!perfPath().isEmpty()) {
            const QString script = perfReads({QStringLiteral("script")}, session);
            QVERIFY2(script.contains(QStringLiteral("hotspots-remote")), qPrintable(script.left(2000)));
        }
        secondRecordingFetchesOnlyWhatIsNew();
    }

    // An attach (-p) and the whole system (-a) on the host, each stopped there by --duration: the files
    // are complete and hold the running program's hot function; -N fetches no symbols.
    void attachAndSystemWide() {
        requireSshd();
        RunningProgram program({QStringLiteral("600000"), QStringLiteral("1")});
        QVERIFY(program.running());
        // -a fetches nothing (-N): its files with samples are whatever else runs here (other builds'
        // compilers).
        const QStringList targets[] = {{QStringLiteral("-p"), QString::number(program.pid())},
                                       {QStringLiteral("-a"), QStringLiteral("-N")}};
        for (const QStringList &target : targets) {
            const QString session = path(QStringLiteral("target%1.data").arg(target.front()));
            const auto result = recordRemotely(
                session, QStringList{QStringLiteral("-e"), QStringLiteral("cpu-clock"), QStringLiteral("-g"),
                                     QStringLiteral("--duration"), QStringLiteral("1")} +
                             target);
            QVERIFY2(result.exitCode == 0, qPrintable(result.err));
            const QString report = flatReport(session);
            QVERIFY2(report.contains(QStringLiteral("hotLoop")),
                     qPrintable(target.front() + report.left(2000) + result.err));
            QCOMPARE(result.err.contains(QStringLiteral("perfglass symbols from")),
                     !target.contains(QStringLiteral("-N")));
        }
        QVERIFY(program.running()); // attached processes are never signalled
    }

    // SIGINT to the local CLI ends the remote recording cleanly: the file is complete and names the work
    // done before the signal.
    void interruptKeepsACompleteFile() {
        requireSshd();
        const QString marker = path(QStringLiteral("first-run-done"));
        QProcess recorder;
        startEndlessRecording(recorder, path(QStringLiteral("interrupted.data")), marker);
        QVERIFY(recorder.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(marker), 120000);
        const auto endProgram = qScopeGuard([&] { endProgramOf(marker + QStringLiteral(".pid")); });
        ::kill(static_cast<pid_t>(recorder.processId()), SIGINT);
        QVERIFY(recorder.waitForFinished(120000));
        const QString err = QString::fromUtf8(recorder.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("written to ")), qPrintable(err));
        const QString report = flatReport(path(QStringLiteral("interrupted.data")));
        QVERIFY2(report.contains(QStringLiteral("hotLoop")), qPrintable(report.left(2000) + err));
        if (!perfPath().isEmpty())
            QVERIFY(
                !perfReads({QStringLiteral("script")}, path(QStringLiteral("interrupted.data"))).isEmpty());
    }

    // Arguments reach the program on the host exactly: no shell on either side reads them.
    void hostileArgumentsArriveUnchanged() {
        requireSshd();
        const QString output = path(QStringLiteral("arguments.txt"));
        const QString pwned = path(QStringLiteral("pwned"));
        const QStringList hostile{QStringLiteral("it's"),
                                  QStringLiteral("a \"quoted\" word"),
                                  QStringLiteral("; touch ") + pwned,
                                  QStringLiteral("$(touch ") + pwned + QLatin1Char(')'),
                                  QStringLiteral("`touch ") + pwned + QLatin1Char('`'),
                                  QStringLiteral("two\nlines"),
                                  QString(),
                                  QStringLiteral("--host")};
        const QString script =
            QStringLiteral("out=$1; shift; for a in \"$@\"; do printf '[%s]' \"$a\"; done > \"$out\"");
        const auto result =
            recordRemotely(path(QStringLiteral("arguments.data")),
                           QStringList{QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                                       QStringLiteral("--"), QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                                       script, QStringLiteral("sh"), output} +
                               hostile);
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QString expected;
        for (const QString &argument : hostile)
            expected += QLatin1Char('[') + argument + QLatin1Char(']');
        QCOMPARE(QString::fromUtf8(readFile(output)), expected);
        QVERIFY(!QFileInfo::exists(pwned));
    }

    // An unknown host key is refused, and the message says how to add it; no file is left.
    void unknownHostKeyIsRefused() {
        requireSshd();
        const QString session = path(QStringLiteral("refused.data"));
        const auto result = recordRemotely(session, {QStringLiteral("--"), QStringLiteral("true")},
                                           QStringLiteral("ssh_config_unknown"));
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains(QStringLiteral("unknown host key is never accepted")),
                 qPrintable(result.err));
        QVERIFY2(result.err.contains(QStringLiteral("known_hosts")), qPrintable(result.err));
        QVERIFY(!QFileInfo::exists(session));
    }

    // No recorder at the given path on the host: the message says what to do.
    void missingRecorderIsNamed() {
        requireSshd();
        QProcess process;
        configure(process);
        QStringList arguments = recordArguments(path(QStringLiteral("missing.data")),
                                                {QStringLiteral("--"), QStringLiteral("true")});
        arguments[arguments.indexOf(QStringLiteral(PERFGLASS_CLI))] =
            path(QStringLiteral("no-such-perfglass-cli"));
        const auto result = runConfigured(process, QStringLiteral(PERFGLASS_CLI), arguments);
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains(QStringLiteral("install Perfglass there")), qPrintable(result.err));
    }

    // Two hosts at once (two names of this sshd): one complete file each, FILE-HOST.data.
    void twoHostsRecordTogether() {
        requireSshd();
        QProcess process;
        configure(process);
        QStringList arguments = recordArguments(
            path(QStringLiteral("both.data")),
            {QStringLiteral("-e"), QStringLiteral("cpu-clock"), QStringLiteral("-g"), QStringLiteral("--"),
             clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-200"), QStringLiteral("1")});
        arguments.insert(3, QStringLiteral("--host"));
        arguments.insert(4, QStringLiteral("loop2"));
        const auto result = runConfigured(process, QStringLiteral(PERFGLASS_CLI), arguments, 180000);
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        for (const QString &host : {QStringLiteral("loop"), QStringLiteral("loop2")}) {
            const QString session = path(QStringLiteral("both-%1.data").arg(host));
            QVERIFY2(result.err.contains(QStringLiteral("record --host %1: ").arg(host)),
                     qPrintable(result.err));
            QVERIFY2(flatReport(session).contains(QStringLiteral("hotLoop")),
                     qPrintable(session + result.err));
        }
        // The closing lines name the command that reports both together, each host above its processes.
        const QString both =
            QStringLiteral("perfglass-cli report %1 %2")
                .arg(path(QStringLiteral("both-loop.data")), path(QStringLiteral("both-loop2.data")));
        QVERIFY2(result.err.contains(both), qPrintable(result.err));
        QProcess reporter;
        configure(reporter);
        const QStringList reportArguments = both.split(QLatin1Char(' ')).mid(1);
        const auto together =
            runConfigured(reporter, QStringLiteral(PERFGLASS_CLI),
                          reportArguments + QStringList{QStringLiteral("--buildid-dir"), cache()});
        QVERIFY2(together.exitCode == 0, qPrintable(together.err));
        for (const QString &host : {QStringLiteral("loop"), QStringLiteral("loop2")}) {
            // One machine's sshd: the same host name, told apart by the file.
            const QString frame =
                QStringLiteral(" (%1)]").arg(path(QStringLiteral("both-%1.data").arg(host)));
            QVERIFY2(together.out.contains(frame), qPrintable(together.out));
        }
        QVERIFY2(together.out.contains(QStringLiteral("hotLoop")), qPrintable(together.out));
    }

    // A tracepoint recorded on the host: the saved file keeps its tracing data (perf script decodes its
    // fields) and, with -z, compresses its records; without -z it does not.
    void tracingDataAndCompressionKept() {
        requireSshd();
        if (!tracefs_) QSKIP("no tracefs, and it cannot be mounted in a private mount namespace here");
        const QString session = path(QStringLiteral("tracepoints.data"));
        const auto result = recordRemotely(
            session, {QStringLiteral("-z"), QStringLiteral("-e"), QStringLiteral("sched:sched_switch"),
                      QStringLiteral("-e"), QStringLiteral("cpu-clock"), QStringLiteral("--"),
                      QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                      QStringLiteral("sleep 0.01; sleep 0.01; sleep 0.01")});
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(hasFeature(session, kFeatureTracingData), qPrintable(result.err));
        QVERIFY2(hasFeature(session, kFeatureCompressed), qPrintable(result.err));
        QVERIFY2(flatReport(session).contains(QStringLiteral("samples of")), qPrintable(result.err));
        if (!perfPath().isEmpty()) {
            const QString script = perfReads({QStringLiteral("script")}, session);
            QVERIFY2(script.contains(QStringLiteral("prev_comm=")) &&
                         script.contains(QStringLiteral("next_pid=")),
                     qPrintable(script.left(3000)));
            const QString header =
                perfReads({QStringLiteral("report"), QStringLiteral("--header-only")}, session);
            QVERIFY2(header.contains(QStringLiteral("compressed : Zstd, level = 1")), qPrintable(header));
        }
        const QString plain = path(QStringLiteral("uncompressed.data"));
        const auto uncompressed =
            recordRemotely(plain, {QStringLiteral("-e"), QStringLiteral("cpu-clock"), QStringLiteral("-N"),
                                   QStringLiteral("--"), QStringLiteral("/bin/true")});
        QVERIFY2(uncompressed.exitCode == 0, qPrintable(uncompressed.err));
        QVERIFY(QFileInfo::exists(plain));
        QVERIFY(!hasFeature(plain, kFeatureCompressed));
    }

    // Samples the host's kernel dropped (a DWARF stack larger than the one-page ring buffer: every sample
    // is lost) are said in the host's summary line, as a local record says them, and match the file's count.
    void lostSamplesAreReported() {
        requireSshd();
        const QString session = path(QStringLiteral("lossy.data"));
        const auto result = recordRemotely(
            session,
            {QStringLiteral("-N"), QStringLiteral("-m"), QStringLiteral("1"), QStringLiteral("-e"),
             QStringLiteral("cpu-clock"), QStringLiteral("-F"), QStringLiteral("1000"),
             QStringLiteral("--call-graph"), QStringLiteral("dwarf,32768"), QStringLiteral("--"),
             clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-100"), QStringLiteral("1")});
        QVERIFY2(result.exitCode == 3, qPrintable(result.err));
        const auto line =
            QRegularExpression(
                QStringLiteral(R"(\[ perfglass record --host loop: (\d+) samples, (\d+) lost in (\d+) )"
                               R"(LOST records, \d+ records, [\d.]+ MB written to (.+) \]\n)"))
                .match(result.err);
        QVERIFY2(line.hasMatch(), qPrintable(result.err));
        QCOMPARE(line.captured(4), session);
        const qulonglong lost = line.captured(2).toULongLong();
        QVERIFY2(lost > 0, qPrintable(result.err));
        QVERIFY(line.captured(3).toULongLong() > 0);
        const auto report = runCli({QStringLiteral("report"), QStringLiteral("-i"), session});
        QVERIFY2(report.out.contains(QStringLiteral("# %1 samples were lost").arg(lost)),
                 qPrintable(report.out.left(2000) + result.err));
    }

    // --deploy copies this build into the host user's cache (XDG_CACHE_HOME, set by the test's sshd to its
    // directory) once, named by its SHA-256, and records with it; the next run reuses it.
    void deployCopiesThisBuildOnce() {
        requireSshd();
        QStringList arguments =
            recordArguments(path(QStringLiteral("deployed.data")),
                            {QStringLiteral("--deploy"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                             QStringLiteral("--"), clientPath(QStringLiteral("hotspots-fp")),
                             QStringLiteral("-100"), QStringLiteral("1")});
        arguments.removeAt(arguments.indexOf(QStringLiteral("--remote-cli")) + 1);
        arguments.removeAt(arguments.indexOf(QStringLiteral("--remote-cli")));
        const QString deployRoot = path(QStringLiteral("host-cache/perfglass/deploy"));
        QProcess first;
        configure(first);
        const auto copied = runConfigured(first, QStringLiteral(PERFGLASS_CLI), arguments, 180000);
        QVERIFY2(copied.exitCode == 3, qPrintable(copied.err));
        QVERIFY2(copied.err.contains(QStringLiteral("copied this build to loop:") + deployRoot),
                 qPrintable(copied.err));
        const QStringList hashes = QDir(deployRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QCOMPARE(hashes.size(), 1);
        QCOMPARE(hashes.front().size(), 64);
        QVERIFY(QFileInfo(deployRoot + QLatin1Char('/') + hashes.front() + QStringLiteral("/perfglass-cli"))
                    .isExecutable());
        QProcess second;
        configure(second);
        const auto reused = runConfigured(second, QStringLiteral(PERFGLASS_CLI), arguments, 180000);
        QVERIFY2(reused.exitCode == 3, qPrintable(reused.err));
        QVERIFY2(reused.err.contains(QStringLiteral("reusing loop:") + deployRoot), qPrintable(reused.err));
    }

    // A connection dropped mid-recording: the file keeps every whole record that arrived, and says so.
    void droppedConnectionKeepsWhatArrived() {
        requireSshd();
        const QString marker = path(QStringLiteral("drop-first-run-done"));
        QProcess recorder;
        startEndlessRecording(recorder, path(QStringLiteral("dropped.data")), marker);
        QVERIFY(recorder.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(marker), 120000);
        const auto endProgram = qScopeGuard([&] { endProgramOf(marker + QStringLiteral(".pid")); });
        // Rounds of the stream reach the file as they arrive: wait until some have.
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(path(QStringLiteral("dropped.data"))).size() > 8192, 120000);
        // The sessions' sshd processes are the listener's children: ending them drops the connection.
        const QList<pid_t> sessions = childrenOf(sshd_.processId());
        QVERIFY(!sessions.isEmpty());
        for (pid_t session : sessions)
            ::kill(session, SIGKILL);
        QVERIFY(recorder.waitForFinished(120000));
        const QString err = QString::fromUtf8(recorder.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("the connection ended")), qPrintable(err));
        const QString report = flatReport(path(QStringLiteral("dropped.data")));
        QVERIFY2(report.contains(QStringLiteral("hotLoop")), qPrintable(report.left(2000) + err));
    }
};

QTEST_GUILESS_MAIN(TestRemoteRecord)
#include "tst_remoterecord.moc"
