// Code identity of recordings (issue 29): build ids of processes that already run, the BUILD_ID feature of
// files with samples, perf's build-id cache filled at the end of record, namespaces, perf-map files kept in
// the session, buildid-list, -B and -N. Real programs (tests/clients), checked against perf where installed.
#include "TestSupport.h"

#include "base/ProcFs.h"
#include "identity/BuildIdCache.h"
#include "identity/ElfBuildId.h"
#include "perfdata/PerfDataReader.h"
#include "perfdata/PerfRecords.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>
#include <sys/wait.h>

#include <fstream>

using namespace perfglass;
using namespace perfglass::test;

namespace {

// A program run with HOME (and so ~/.debug, perf's build-id cache) in home; PERF_BUILDID_DIR unset.
ProcessResult runWithHome(const QString &program, const QStringList &arguments, const QString &home) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("HOME"), home);
    environment.remove(QStringLiteral("PERF_BUILDID_DIR"));
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    ProcessResult result;
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        result.err = QStringLiteral("timed out: ") + program;
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

QString hexOf(const QString &file) {
    return QString::fromStdString(buildIdHex(elfBuildIdOfFile(file.toStdString())));
}

// The lines of text that mention word.
QString linesMentioning(const QString &text, const QString &word) {
    QStringList found;
    for (const QString &line : text.split(QLatin1Char('\n')))
        if (line.contains(word)) found.append(line);
    return found.join(QLatin1Char('\n'));
}

// The CPU time process PID has used, in clock ticks (/proc/PID/stat's utime + stime); -1 when unknown.
long long cpuTicksOf(qint64 pid) {
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly)) return -1;
    const QByteArray text = stat.readAll();
    // After the command in parentheses: state is field 3, utime 14, stime 15.
    const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
    return fields.size() > 12 ? fields[11].toLongLong() + fields[12].toLongLong() : -1;
}

// "HEX PATH" lines of a buildid-list output, as a set.
QSet<QString> lines(const QString &text) {
    QSet<QString> set;
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        set.insert(line.trimmed());
    return set;
}

QString libcPath() {
    std::ifstream maps("/proc/self/maps");
    for (std::string line; std::getline(maps, line);) {
        const auto slash = line.find('/');
        if (slash != std::string::npos && line.find("/libc.so") != std::string::npos)
            return QString::fromStdString(line.substr(slash));
    }
    return {};
}

// Copies from to to through a temporary name renamed over it: the path names a new file (a new inode), as a
// build or a package upgrade replaces a binary; a process that maps the old one keeps it.
bool replaceFile(const QString &from, const QString &to) {
    const QString temporary = to + QStringLiteral(".new");
    QFile::remove(temporary);
    if (!QFile::copy(from, temporary)) return false;
    QFile(temporary).setPermissions(QFile(from).permissions());
    return std::rename(temporary.toLocal8Bit().constData(), to.toLocal8Bit().constData()) == 0;
}

// A child that runs program inside its own mount namespace (unshare -m), where a tmpfs is mounted over dir
// and program's copy sits at dir/prog: only that namespace sees it. Returns the pid of the program, or -1.
class NamespacedProgram {
public:
    NamespacedProgram(const QString &dir, const QString &program, int milliseconds) {
        const QString script =
            QStringLiteral("mount -t tmpfs perfglass-test %1 && cp %2 %1/prog && exec %1/prog %3 1")
                .arg(dir, program)
                .arg(milliseconds);
        process_.start(QStringLiteral("unshare"),
                       {QStringLiteral("-m"), QStringLiteral("--propagation"), QStringLiteral("private"),
                        QStringLiteral("sh"), QStringLiteral("-c"), script});
        process_.waitForStarted();
        // The shell execs the program: the same pid, once its maps name dir/prog.
        for (int i = 0; i < 100 && process_.state() == QProcess::Running; ++i) {
            QFile maps(QStringLiteral("/proc/%1/maps").arg(process_.processId()));
            if (maps.open(QIODevice::ReadOnly) &&
                maps.readAll().contains((dir + QStringLiteral("/prog")).toUtf8())) {
                pid_ = process_.processId();
                break;
            }
            QThread::msleep(50);
        }
        // ... and once it runs its loops rather than its loader: a recording of a second on a busy machine
        // then has its samples.
        const long long ticks = cpuTicksOf(pid_);
        for (int i = 0; i < 200 && pid_ >= 0 && cpuTicksOf(pid_) < ticks + 5; ++i)
            QThread::msleep(50);
    }
    ~NamespacedProgram() {
        process_.kill();
        process_.waitForFinished();
    }
    qint64 pid() const { return pid_; }
    QString error() { return QString::fromUtf8(process_.readAllStandardError()); }
    // Ends the program (it runs far longer than a test needs, so that a loaded machine's slow attach finds it
    // still running).
    void stop() {
        process_.kill();
        process_.waitForFinished();
    }

private:
    QProcess process_;
    qint64 pid_ = -1;
};

} // namespace

class TestBuildIdRecord : public QObject {
    Q_OBJECT

private:
    QString cli_ = QStringLiteral(PERFGLASS_CLI);

    // record -g -p PID for a second (frame-pointer call chains reach libc's start code, so libc has hits);
    // asUser: run by that user through setpriv, without root's access to /proc/PID/map_files.
    ProcessResult recordAttached(qint64 pid, const QString &file, const QString &home,
                                 const QStringList &extra = {}, const QStringList &asUser = {}) {
        const QStringList arguments = QStringList{QStringLiteral("record"),     QStringLiteral("-g"),
                                                  QStringLiteral("-e"),         QStringLiteral("cpu-clock"),
                                                  QStringLiteral("-p"),         QString::number(pid),
                                                  QStringLiteral("--duration"), QStringLiteral("1"),
                                                  QStringLiteral("-o"),         file} +
                                      extra;
        if (asUser.isEmpty()) return runWithHome(cli_, arguments, home);
        return runWithHome(QStringLiteral("setpriv"), asUser + QStringList{cli_} + arguments, home);
    }
    // Our report of a recording of the rebuilt program: the old build's names when the cache kept its file
    // (cached), else its frames unnamed with the reason; never the new build's (blocker's) names.
    void checkReportOfRebuilt(const QString &file, const QString &home, const QString &oldId,
                              const QString &newId, bool cached) {
        BuildIdCache cache(QDir(home).filePath(QStringLiteral(".debug")).toStdString());
        const std::string kept = cache.find(buildIdFromHex(oldId.toStdString()), "elf");
        QCOMPARE(!kept.empty(), cached);
        if (cached) QCOMPARE(QString::fromStdString(buildIdHex(elfBuildIdOfFile(kept))), oldId);
        const ProcessResult report =
            runWithHome(cli_, {QStringLiteral("report"), QStringLiteral("-i"), file}, home);
        QVERIFY2(report.exitCode == 0, qPrintable(report.err));
        const QString text = report.out + report.err;
        for (const char *newName : {"writeLater", "waitForPipe", "sleepInNanosleep"})
            QVERIFY2(!text.contains(QLatin1String(newName)), qPrintable(text.left(3000)));
        QCOMPARE(text.contains(QLatin1String("hotLoop")), cached);
        if (!cached)
            QVERIFY2(
                text.contains(QStringLiteral("has build id %1, but the recording has %2").arg(newId, oldId)),
                qPrintable(text.left(3000)));
    }

    // perf report names the old build's functions through the cache once the path is gone, perf archive
    // takes the file from the cache, and without the cache perf cannot name them.
    void checkPerfReportOfRebuilt(const QString &file, const QString &home, const QString &oldId) {
        if (perfPath().isEmpty()) return;
        const QStringList report{QStringLiteral("report"),  QStringLiteral("-i"),     file,
                                 QStringLiteral("--stdio"), QStringLiteral("--sort"), QStringLiteral("sym")};
        const ProcessResult named = runWithHome(perfPath(), report, home);
        QVERIFY2(named.out.contains(QLatin1String("hotLoop")), qPrintable(named.out.left(2000) + named.err));
        const ProcessResult archived = runWithHome(perfPath(), {QStringLiteral("archive"), file}, home);
        QVERIFY2(archived.exitCode == 0, qPrintable(archived.err));
        const ProcessResult listing =
            runProgram(QStringLiteral("tar"), {QStringLiteral("tjf"), file + QStringLiteral(".tar.bz2")});
        QVERIFY2(listing.out.contains(QStringLiteral(".build-id/%1/%2").arg(oldId.left(2), oldId.mid(2))),
                 qPrintable(listing.out + listing.err));
        QTemporaryDir emptyHome;
        const ProcessResult unnamed = runWithHome(perfPath(), report, emptyHome.path());
        QVERIFY(!unnamed.out.contains(QLatin1String("hotLoop")));
    }

    QString buildIdList(const QString &file) {
        const ProcessResult listed = runCli({QStringLiteral("buildid-list"), QStringLiteral("-i"), file});
        if (listed.exitCode != 0) qWarning("buildid-list: %s", qPrintable(listed.err));
        return listed.out;
    }

private slots:
    void initTestCase() {
        if (!isRoot() && perfEventParanoid() > 1)
            QSKIP("attaching to a process needs kernel.perf_event_paranoid <= 1 or root");
    }

    // -p on a program that already runs: its file and libc are listed with their own build ids, as perf
    // buildid-list reads them from our file, and as perf's own recording of the program lists them.
    void attachedProcessListsItsFiles() {
        QTemporaryDir home;
        RunningProgram program({QStringLiteral("60000"), QStringLiteral("1")});
        const QString file = home.filePath(QStringLiteral("attached.data"));
        const ProcessResult recorded = recordAttached(program.pid(), file, home.path());
        QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
        const QString binary = QFileInfo(clientPath(QStringLiteral("hotspots-fp"))).canonicalFilePath();
        const QSet<QString> ours = lines(buildIdList(file));
        QVERIFY2(ours.contains(hexOf(binary) + QLatin1Char(' ') + binary),
                 qPrintable(QStringList(ours.values()).join('\n')));
        const QString libc = libcPath();
        QVERIFY(!libc.isEmpty());
        QVERIFY2(ours.contains(hexOf(libc) + QLatin1Char(' ') + libc),
                 qPrintable(QStringList(ours.values()).join('\n')));
        // Files it maps but that no sample hit are not listed (perf's "with hits").
        const QString libm = QString(libc).replace(QLatin1String("libc.so"), QLatin1String("libm.so"));
        QFile maps(QStringLiteral("/proc/%1/maps").arg(program.pid()));
        QVERIFY(maps.open(QIODevice::ReadOnly));
        if (maps.readAll().contains(libm.toUtf8()))
            for (const QString &line : ours)
                QVERIFY2(!line.endsWith(QLatin1Char(' ') + libm), qPrintable(line));
        // The program's files are in the cache, under perf's layout.
        BuildIdCache cache(home.filePath(QStringLiteral(".debug")).toStdString());
        QVERIFY(!cache.find(elfBuildIdOfFile(binary.toStdString()), "elf").empty());
        if (perfPath().isEmpty()) return;
        const ProcessResult perfListed =
            runProgram(perfPath(), {QStringLiteral("buildid-list"), QStringLiteral("-i"), file});
        QCOMPARE(perfListed.exitCode, 0);
        QCOMPARE(lines(perfListed.out), ours);
        // perf's own recording of the same program names the same build ids for it and libc.
        const QString perfFile = home.filePath(QStringLiteral("perf.data"));
        const ProcessResult perfRecorded =
            runPerfRecord({QStringLiteral("-q"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                           QStringLiteral("-p"), QString::number(program.pid()), QStringLiteral("-o"),
                           perfFile, QStringLiteral("--"), QStringLiteral("sleep"), QStringLiteral("1")});
        if (perfRecorded.exitCode != 0)
            QSKIP(qPrintable("perf record -p failed here: " + perfRecorded.err.left(300)));
        const QSet<QString> perfs = lines(
            runProgram(perfPath(), {QStringLiteral("buildid-list"), QStringLiteral("-i"), perfFile}).out);
        for (const QString &line : perfs)
            if (line.endsWith(QLatin1Char(' ') + binary) || line.endsWith(QLatin1Char(' ') + libc))
                QVERIFY2(ours.contains(line), qPrintable(line));
    }

    // The program was rebuilt at its path after it started: the synthesized mapping carries the build id of
    // the file that runs, the cache keeps that file where it can be had, and reports never name its frames
    // from the new build. Root reads it through /proc/PID/map_files; its own user (no CAP_SYS_ADMIN) through
    // /proc/PID/exe, or, when the program is not the process's executable (run through ld.so), gets the
    // build id from the process's memory: the cache cannot get the old file then, so its frames stay unnamed.
    void programRebuiltWhileRunning_data() {
        QTest::addColumn<bool>("unprivileged");
        QTest::addColumn<bool>("throughLoader");
        QTest::newRow("root (map_files)") << false << false;
        QTest::newRow("its own user (/proc/PID/exe)") << true << false;
        QTest::newRow("its own user, run by ld.so (its memory)") << true << true;
    }

    void programRebuiltWhileRunning() {
        QFETCH(bool, unprivileged);
        QFETCH(bool, throughLoader);
        const QStringList nobody{QStringLiteral("--reuid=nobody"), QStringLiteral("--regid=nogroup"),
                                 QStringLiteral("--clear-groups")};
        if (unprivileged &&
            (!isRoot() || QStandardPaths::findExecutable(QStringLiteral("setpriv")).isEmpty()))
            QSKIP("needs root and setpriv to run the program and the recorder as another user");
        if (unprivileged && perfEventParanoid() > 2)
            QSKIP("kernel.perf_event_paranoid > 2: users cannot record");
        const QString loader = QStringLiteral("/lib64/ld-linux-x86-64.so.2");
        if (throughLoader && !QFileInfo::exists(loader))
            QSKIP("no /lib64/ld-linux-x86-64.so.2 to run it with");
        QTemporaryDir home;
        QFile(home.path())
            .setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                            QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther);
        const QString path = home.filePath(QStringLiteral("prog"));
        QVERIFY(QFile::copy(clientPath(QStringLiteral("hotspots-fp")), path));
        const QString oldId = hexOf(path);
        const QStringList command = QStringList{path, QStringLiteral("60000"), QStringLiteral("1")};
        QProcess program;
        if (unprivileged)
            program.start(QStringLiteral("setpriv"),
                          nobody + (throughLoader ? QStringList{loader} : QStringList{}) + command);
        else
            program.start(path, command.mid(1));
        QVERIFY(program.waitForStarted());
        QThread::msleep(200);
        QVERIFY(replaceFile(clientPath(QStringLiteral("blocker")), path));
        const QString newId = hexOf(path);
        QVERIFY(newId != oldId);
        const QString file = home.filePath(QStringLiteral("rebuilt.data"));
        const ProcessResult recorded =
            recordAttached(program.processId(), file, home.path(), {}, unprivileged ? nobody : QStringList{});
        program.kill();
        program.waitForFinished();
        QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
        const QSet<QString> listed = lines(buildIdList(file));
        QVERIFY(!listed.contains(newId + QLatin1Char(' ') + path)); // the new file never lends its build id
        QVERIFY2(listed.contains(oldId + QLatin1Char(' ') + path),
                 qPrintable(QStringList(listed.values()).join('\n')));
        if (unprivileged) {
            // Files that were not replaced are read through /proc/PID/root (the same inode).
            const QString libc = libcPath();
            QVERIFY2(listed.contains(hexOf(libc) + QLatin1Char(' ') + libc),
                     qPrintable(QStringList(listed.values()).join('\n')));
        }
        checkReportOfRebuilt(file, home.path(), oldId, newId, !throughLoader);
        if (unprivileged) return;
        QVERIFY(QFile::remove(path)); // gone: only the cache has it now
        checkPerfReportOfRebuilt(file, home.path(), oldId);
    }

    void containerProcess_data() {
        QTest::addColumn<bool>("shadowed");
        QTest::addColumn<bool>("systemWide");
        QTest::newRow("only inside, -p") << false << false;
        QTest::newRow("shadowed on the host, -p") << true << false;
        QTest::newRow("shadowed on the host, -a") << true << true;
    }

    // A process in its own mount namespace whose binary exists only there (a tmpfs over a directory), or
    // whose path names another file on the host: the cache gets the file it runs, read from inside, and
    // perf report names its functions after it exited.
    void containerProcess() {
        QFETCH(bool, shadowed);
        QFETCH(bool, systemWide);
        if (!isRoot()) QSKIP("mounting inside a new mount namespace needs root");
        if (QStandardPaths::findExecutable(QStringLiteral("unshare")).isEmpty())
            QSKIP("unshare is not installed");
        QTemporaryDir home;
        const QString dir = home.filePath(QStringLiteral("inside"));
        QVERIFY(QDir().mkpath(dir));
        const QString path = dir + QStringLiteral("/prog");
        if (shadowed) QVERIFY(QFile::copy(clientPath(QStringLiteral("blocker")), path));
        const QString programId = hexOf(clientPath(QStringLiteral("hotspots-fp")));
        NamespacedProgram program(dir, clientPath(QStringLiteral("hotspots-fp")), 60000);
        if (program.pid() < 0)
            QSKIP(qPrintable("unshare -m with a tmpfs is not allowed here: " + program.error()));
        QCOMPARE(QFile::exists(path), shadowed); // the host sees the other file, or none
        const QString file = home.filePath(QStringLiteral("container.data"));
        const ProcessResult recorded =
            systemWide
                ? runWithHome(cli_,
                              {QStringLiteral("record"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                               QStringLiteral("-a"), QStringLiteral("--duration"), QStringLiteral("1"),
                               QStringLiteral("-o"), file},
                              home.path())
                : recordAttached(program.pid(), file, home.path());
        QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
        program.stop(); // gone: its files are named from the cache
        const QSet<QString> listed = lines(buildIdList(file));
        QVERIFY2(listed.contains(programId + QLatin1Char(' ') + path),
                 qPrintable(QStringList(listed.values()).join('\n')));
        BuildIdCache cache(home.filePath(QStringLiteral(".debug")).toStdString());
        const std::string kept = cache.find(buildIdFromHex(programId.toStdString()), "elf");
        QVERIFY(!kept.empty());
        QCOMPARE(QString::fromStdString(buildIdHex(elfBuildIdOfFile(kept))), programId);
        // The program's samples only (a system-wide recording holds every process of a busy machine; other
        // tests run programs named prog too), down to the smallest share.
        const QString programPid = QString::number(program.pid());
        const ProcessResult ours =
            runWithHome(cli_,
                        {QStringLiteral("report"), QStringLiteral("-i"), file, QStringLiteral("--pid"),
                         programPid, QStringLiteral("--min-percent"), QStringLiteral("0")},
                        home.path());
        QVERIFY2(ours.exitCode == 0 && ours.out.contains(QLatin1String("hotLoop")),
                 qPrintable(ours.out.left(900) + ours.err + QStringLiteral("\nits lines of prog:\n") +
                            linesMentioning(ours.out, QStringLiteral("prog"))));
        if (perfPath().isEmpty()) return;
        const QStringList report{QStringLiteral("report"),
                                 QStringLiteral("-i"),
                                 file,
                                 QStringLiteral("--stdio"),
                                 QStringLiteral("--sort"),
                                 QStringLiteral("dso,sym"),
                                 QStringLiteral("--pid"),
                                 programPid};
        ProcessResult named = runWithHome(perfPath(), report, home.path());
        if (!named.out.contains(QLatin1String("hotLoop"))) {
            // Seen once in CI, never here (stop 51): perf left the program's frames unnamed although the
            // list and the cache above were right. The same file and cache are read once more, verbosely, and
            // what perf said goes to the log: a file that perf cannot name fails twice.
            named = runWithHome(perfPath(), report + QStringList{QStringLiteral("-v")}, home.path());
            qWarning("perf report named no hotLoop, then %s on a second reading. The file's build ids of the "
                     "program:\n%s\nperf -v said:\n%s",
                     named.out.contains(QLatin1String("hotLoop")) ? "did" : "did not",
                     qPrintable(linesMentioning(buildIdList(file), path)), qPrintable(named.err.left(6000)));
        }
        QVERIFY2(named.out.contains(QLatin1String("hotLoop")), qPrintable(named.out.left(900) + named.err));
    }

    // A perf map last changed before its process (running before the recording began) started was written by
    // a former process with the same id (the kernel hands ids out again): the recording does not keep it,
    // says so, and still says it kept every map there was (readers do not look in /tmp for it).
    void formerProcessPerfMapIsNotKept() {
        RunningProgram program({QStringLiteral("60000"), QStringLiteral("1")});
        const QString map = QStringLiteral("/tmp/perf-%1.map").arg(program.pid());
        const auto removeMap = qScopeGuard([&] { QFile::remove(map); });
        QFile mapFile(map);
        QVERIFY(mapFile.open(QIODevice::WriteOnly));
        mapFile.write("7f0000001000 40 former_process_function\n");
        QVERIFY(mapFile.flush());
        QVERIFY(mapFile.setFileTime(QDateTime::currentDateTime().addSecs(-3600),
                                    QFileDevice::FileModificationTime));
        mapFile.close();
        QTemporaryDir home;
        const QString file = home.filePath(QStringLiteral("former.data"));
        const ProcessResult recorded = recordAttached(program.pid(), file, home.path());
        QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
        QVERIFY2(
            recorded.err.contains(QStringLiteral("perf map not kept in the session: %1: last changed before "
                                                 "process %2 started")
                                      .arg(map)
                                      .arg(program.pid())),
            qPrintable(recorded.err));
        PerfDataReader reader(file.toStdString());
        QVERIFY(reader.metadata().perfMapsKept);
        QVERIFY(!reader.metadata().perfMaps.count(static_cast<int32_t>(program.pid())));
    }

    // -B: no build ids and no cache; -N: build ids, no cache.
    void noBuildIdOptions() {
        RunningProgram program({QStringLiteral("60000"), QStringLiteral("1")});
        QTemporaryDir homeB;
        const QString fileB = homeB.filePath(QStringLiteral("b.data"));
        ProcessResult recorded = recordAttached(program.pid(), fileB, homeB.path(), {QStringLiteral("-B")});
        QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
        QVERIFY(lines(buildIdList(fileB)).isEmpty());
        QVERIFY(!QFile::exists(homeB.filePath(QStringLiteral(".debug"))));
        PerfDataReader readerB(fileB.toStdString());
        for (const perf_event_header *record = readerB.next(); record; record = readerB.next())
            QVERIFY(record->type != PERF_RECORD_MMAP2 || !(record->misc & kMiscMmapBuildId));
        QTemporaryDir homeN;
        const QString fileN = homeN.filePath(QStringLiteral("n.data"));
        recorded = recordAttached(program.pid(), fileN, homeN.path(), {QStringLiteral("-N")});
        QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
        const QString binary = QFileInfo(clientPath(QStringLiteral("hotspots-fp"))).canonicalFilePath();
        QVERIFY(lines(buildIdList(fileN)).contains(hexOf(binary) + QLatin1Char(' ') + binary));
        QVERIFY(!QFile::exists(homeN.filePath(QStringLiteral(".debug"))));
    }

    // A cache that cannot be written (here ~/.debug is a file, which stops root too) is a note; the
    // recording is complete and lists its build ids.
    void unwritableCacheIsANote() {
        RunningProgram program({QStringLiteral("60000"), QStringLiteral("1")});
        QTemporaryDir home;
        QFile blocker(home.filePath(QStringLiteral(".debug")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const QString file = home.filePath(QStringLiteral("nocache.data"));
        const ProcessResult recorded = recordAttached(program.pid(), file, home.path());
        QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
        QVERIFY2(recorded.err.contains(QLatin1String("build-id cache")), qPrintable(recorded.err));
        const QString binary = QFileInfo(clientPath(QStringLiteral("hotspots-fp"))).canonicalFilePath();
        QVERIFY(lines(buildIdList(file)).contains(hexOf(binary) + QLatin1Char(' ') + binary));
    }

    // Synthesized MMAP2 records carry build ids, NAMESPACES records are synthesized for every thread
    // (root), and perf script shows them; perf-map files of sampled processes are kept in the session.
    void synthesizedRecordsAndPerfMaps() {
        RunningProgram program({QStringLiteral("60000"), QStringLiteral("1")});
        const QString map = QStringLiteral("/tmp/perf-%1.map").arg(program.pid());
        QFile mapFile(map);
        QVERIFY(mapFile.open(QIODevice::WriteOnly));
        mapFile.write("7f0000001000 40 jitted_function\n");
        mapFile.close();
        QTemporaryDir home;
        const QString file = home.filePath(QStringLiteral("synth.data"));
        const ProcessResult recorded = recordAttached(program.pid(), file, home.path());
        QFile::remove(map);
        QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
        PerfDataReader reader(file.toStdString());
        size_t buildIdMmaps = 0;
        size_t namespaces = 0;
        for (const perf_event_header *record = reader.next(); record; record = reader.next()) {
            if (record->type == PERF_RECORD_MMAP2 && (record->misc & kMiscMmapBuildId) &&
                !Mmap2Record(*record)->buildId().empty())
                ++buildIdMmaps;
            if (record->type == PERF_RECORD_NAMESPACES) {
                const NamespacesRecord ns(*record);
                QCOMPARE(ns->nrNamespaces, NamespacesFields::kKnownNamespaces);
                QVERIFY(namespaceLink(ns, 5).has_value()); // mnt
                ++namespaces;
            }
        }
        QVERIFY(buildIdMmaps > 0);
        // Our own report reads MMAP2 records with build ids and NAMESPACES records, and names the functions.
        const ProcessResult ours = runCli({QStringLiteral("report"), QStringLiteral("-i"), file});
        QVERIFY2(ours.exitCode == 0 && ours.out.contains(QLatin1String("hotLoop")), qPrintable(ours.err));
        const auto &maps = reader.metadata().perfMaps;
        QVERIFY(maps.count(static_cast<int32_t>(program.pid())));
        QCOMPARE(QString::fromStdString(maps.at(static_cast<int32_t>(program.pid()))),
                 QStringLiteral("7f0000001000 40 jitted_function\n"));
        if (!isRoot()) return;
        QVERIFY(namespaces > 0);
        if (perfPath().isEmpty()) return;
        const ProcessResult script =
            runProgram(perfPath(), {QStringLiteral("script"), QStringLiteral("-i"), file,
                                    QStringLiteral("--show-namespace-events")});
        QCOMPARE(script.exitCode, 0);
        QVERIFY2(script.out.contains(QLatin1String("PERF_RECORD_NAMESPACES")),
                 qPrintable(script.out.left(2000)));
        const ProcessResult report = runProgram(
            perfPath(), {QStringLiteral("report"), QStringLiteral("-i"), file, QStringLiteral("--stdio")});
        QCOMPARE(report.exitCode, 0);
        QVERIFY(report.out.contains(QLatin1String("hotLoop")));
    }

    // buildid-list prints what perf buildid-list prints on perf's own files; our reader takes perf's
    // NAMESPACES records.
    void buildIdListOfPerfFiles() {
        if (perfPath().isEmpty()) QSKIP("perf is not installed (Debian: linux-perf)");
        QTemporaryDir home;
        const QString file = home.filePath(QStringLiteral("perf.data"));
        const ProcessResult recorded = runPerfRecord(
            {QStringLiteral("-q"), QStringLiteral("-g"), QStringLiteral("--namespaces"), QStringLiteral("-e"),
             QStringLiteral("cpu-clock"), QStringLiteral("-o"), file, QStringLiteral("--"),
             clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-300")});
        if (!QFile::exists(file))
            QSKIP(qPrintable("perf record cannot record here: " + recorded.err.left(300)));
        const ProcessResult perfListed =
            runProgram(perfPath(), {QStringLiteral("buildid-list"), QStringLiteral("-i"), file});
        QCOMPARE(perfListed.exitCode, 0);
        QVERIFY(!lines(perfListed.out).isEmpty());
        QCOMPARE(lines(buildIdList(file)), lines(perfListed.out));
        size_t namespaces = 0;
        PerfDataReader reader(file.toStdString());
        for (const perf_event_header *record = reader.next(); record; record = reader.next())
            namespaces += record->type == PERF_RECORD_NAMESPACES ? 1 : 0;
        QVERIFY(namespaces > 0);
        const ProcessResult report = runCli({QStringLiteral("report"), QStringLiteral("-i"), file});
        QVERIFY2(report.exitCode == 0 && report.out.contains(QLatin1String("hotLoop")),
                 qPrintable(report.err));
    }
};

QTEST_GUILESS_MAIN(TestBuildIdRecord)
#include "tst_buildidrecord.moc"
