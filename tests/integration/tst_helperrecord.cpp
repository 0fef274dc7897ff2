// Recording and counting through the privileged helper as an unprivileged user, against root doing the same:
// the helper is started while the test is root (as tst_helper and tst_record start it, without pkexec), then
// the recorder drops to user nobody and uses it, so every privileged read (kallsyms, other users' /proc,
// tracefs) must go through the helper. Where tracefs is not mounted, each recording runs in a private mount
// namespace with tracefs mounted there, so nothing changes outside the test.
#include "PrivateTracefs.h"
#include "TestSupport.h"

#include "base/Error.h"
#include "counting/CountingRun.h"
#include "events/EventParser.h"
#include "identity/BuildIdCache.h"
#include "identity/ElfBuildId.h"
#include "load/LoadProfile.h"
#include "perfdata/PerfDataReader.h"
#include "perfdata/PerfRecords.h"
#include "record/HelperEventOpener.h"
#include "record/Recorder.h"

#include <QtTest>

#include <QScopeGuard>

#include <grp.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <functional>
#include <optional>

using namespace perfglass;
using namespace perfglass::test;

namespace {

constexpr uid_t kNobody = 65534;

void dropToNobody() {
    if (::setgroups(0, nullptr) != 0 || ::setresgid(kNobody, kNobody, kNobody) != 0 ||
        ::setresuid(kNobody, kNobody, kNobody) != 0)
        throw Error("cannot drop privileges to user nobody");
    // As after an exec: a process that changed its credentials is not dumpable, and neither are the children
    // it forks before they exec, so the kernel would refuse perf events on the launched program.
    ::prctl(PR_SET_DUMPABLE, 1);
}

// How a run in a child process ended: its exit code (0 done, 1 failed, 2 cannot run here) and what it said.
struct ChildResult {
    int code = -1;
    QString text;
};

// Runs work in a forked child with tracefs available. asNobody: a helper is started first, then the child
// drops to user nobody and work gets the helper (null otherwise). work returns what to report.
ChildResult inChild(bool asNobody,
                    const std::function<std::string(std::unique_ptr<HelperEventOpener>)> &work) {
    int fds[2];
    if (::pipe(fds) != 0) return {};
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(fds[0]);
        auto report = [&](int code, const std::string &text) {
            [[maybe_unused]] auto written = ::write(fds[1], text.data(), text.size());
            ::_exit(code);
        };
        if (!ensureTracefs())
            report(2, "tracefs is not mounted and cannot be mounted in a private namespace");
        std::unique_ptr<HelperEventOpener> helper;
        try {
            if (asNobody) {
                helper = startPrivilegedHelper();
                dropToNobody();
            }
            report(0, work(std::move(helper)));
        } catch (const Error &error) {
            report(1, error.what());
        }
    }
    ::close(fds[1]);
    QByteArray text;
    char buffer[4096];
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;)
        text.append(buffer, static_cast<int>(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, QString::fromUtf8(text)};
}

// A factory that hands out the helper started before the privileges were dropped, once.
std::function<std::unique_ptr<EventOpener>()>
handOut(std::shared_ptr<std::unique_ptr<HelperEventOpener>> helper) {
    return [helper]() -> std::unique_ptr<EventOpener> {
        if (!*helper) throw Error("no privileged helper (test)");
        return std::move(*helper);
    };
}

std::string describe(const RecordSummary &summary) {
    std::string text = "samples " + std::to_string(summary.samples) + ", offCpu " +
                       std::to_string(summary.offCpu) + ", kernel " + std::to_string(summary.kernelSamples);
    for (const auto &notice : summary.notices)
        text += "\nnotice: " + notice.english();
    return text;
}

ChildResult record(RecordOptions options, bool asNobody) {
    return inChild(asNobody, [&](std::unique_ptr<HelperEventOpener> helper) {
        options.privilegedOpenerFactory =
            handOut(std::make_shared<std::unique_ptr<HelperEventOpener>>(std::move(helper)));
        return describe(Recorder(options).run());
    });
}

// The kernel's map synthesized into the file (PERF_RECORD_MMAP of pid -1): "NAME ADDR PGOFF", or empty.
QString kernelMap(const QString &file) {
    PerfDataReader reader(file.toStdString());
    while (const perf_event_header *record = reader.next()) {
        if (record->type != PERF_RECORD_MMAP) continue;
        MmapFields fields;
        std::memcpy(static_cast<void *>(&fields), record + 1, sizeof fields);
        if (fields.pid != 0xffffffffu) continue;
        const char *name = reinterpret_cast<const char *>(record + 1) + sizeof fields;
        return QStringLiteral("%1 %2 %3")
            .arg(QString::fromLatin1(name))
            .arg(fields.addr, 0, 16)
            .arg(fields.pgoff, 0, 16);
    }
    return {};
}

struct Completeness {
    size_t samples = 0;
    double unmappedShare = 0;
    size_t tracepointSamples = 0;
    size_t workloadSamples = 0;  // of process WORKLOAD
    double workloadUnmapped = 0; // the share of them whose address lies in no known mapping
};

// The whole machine's unmapped share depends on what else ran in that second (a build's short-lived
// compilers differ between two recordings); the workload's, which ran throughout both, does not.
Completeness completeness(const QString &file, qint64 workload = -1) {
    const auto profile = loadProfile(file.toStdString());
    Completeness result;
    const auto &samples = profile->samples;
    result.samples = samples.size();
    if (result.samples > 0)
        result.unmappedShare = static_cast<double>(profile->diagnostics.samplesWithUnmappedFrames) /
                               static_cast<double>(result.samples);
    size_t workloadUnmapped = 0;
    for (size_t i = 0; i < samples.size(); ++i) {
        const uint16_t event = samples.event[i];
        if (event < profile->events.size() && profile->events[event].type == PERF_TYPE_TRACEPOINT)
            ++result.tracepointSamples;
        else if (samples.pid[i] == static_cast<uint32_t>(workload) && samples.stack[i] != kNoStack) {
            ++result.workloadSamples;
            const Frame &leaf = profile->frames[profile->stacks[samples.stack[i]].frame];
            if (profile->strings[profile->modules[leaf.module].path] == "[unknown]") ++workloadUnmapped;
        }
    }
    if (result.workloadSamples > 0)
        result.workloadUnmapped =
            static_cast<double>(workloadUnmapped) / static_cast<double>(result.workloadSamples);
    return result;
}

// The build ids that MMAP2 records of file carry for mappings of path (hex, as perf prints them).
QStringList mmapBuildIds(const QString &file, const QString &path) {
    QStringList ids;
    PerfDataReader reader(file.toStdString());
    while (const perf_event_header *record = reader.next()) {
        if (record->type != PERF_RECORD_MMAP2) continue;
        const Mmap2Record mmap(*record);
        if (QString::fromStdString(std::string(mmap.text())) != path) continue;
        ids << ((record->misc & kMiscMmapBuildId) ? QString::fromStdString(buildIdHex(mmap->buildId()))
                                                  : QStringLiteral("none"));
    }
    return ids;
}

// Of the MMAP2 records of executable files in file, how many carry a build id.
std::pair<size_t, size_t> executableMmapBuildIds(const QString &file) {
    size_t withId = 0, all = 0;
    PerfDataReader reader(file.toStdString());
    while (const perf_event_header *record = reader.next()) {
        if (record->type != PERF_RECORD_MMAP2) continue;
        const Mmap2Record mmap(*record);
        if (!(mmap->prot & PROT_EXEC) || !mmap.text().starts_with('/')) continue;
        ++all;
        if ((record->misc & kMiscMmapBuildId) && !mmap->buildId().empty()) ++withId;
    }
    return {withId, all};
}

} // namespace

class TestHelperRecord : public QObject {
    Q_OBJECT

    QTemporaryDir dir_{QStringLiteral("/tmp/perfglass-helperrecord-XXXXXX")};
    QString path(const QString &name) const { return dir_.filePath(name); }

private slots:
    void initTestCase() {
        if (!isRoot()) QSKIP("needs root to start the helper without pkexec and then drop to user nobody");
        QVERIFY(dir_.isValid());
        QVERIFY(::chmod(dir_.path().toLocal8Bit().constData(), 0777) == 0);
        QVERIFY2(!HelperConnection::findHelper().empty(), "perfglass-helper was not built");
    }

    void systemWideThroughTheHelperIsAsCompleteAsRoot() {
        // A program of another user (root) runs while user nobody records the whole system.
        RunningProgram workload({QStringLiteral("20000"), QStringLiteral("2")});
        RecordOptions options;
        options.systemWide = true;
        options.durationSeconds = 1;
        options.events = "cpu-clock,sched:sched_switch";
        // No call chains: frame-pointer walks through other programs built without frame pointers (a busy
        // machine's compilers) give garbage addresses; the sampled addresses alone show whether maps are
        // missing.
        options.mmapPages = 64;
        options.outputPath = path(QStringLiteral("root.data")).toStdString();
        const ChildResult root = record(options, false);
        if (root.code == 2) QSKIP(qPrintable(root.text));
        QVERIFY2(root.code == 0, qPrintable(root.text));
        options.outputPath = path(QStringLiteral("helper.data")).toStdString();
        const ChildResult helper = record(options, true);
        QVERIFY2(helper.code == 0, qPrintable(helper.text));
        qInfo("root: %s\nhelper: %s", qPrintable(root.text), qPrintable(helper.text));
        QVERIFY2(!helper.text.contains(QLatin1String("user space only")), qPrintable(helper.text));

        const QString rootMap = kernelMap(path(QStringLiteral("root.data")));
        QVERIFY(!rootMap.isEmpty());
        QCOMPARE(kernelMap(path(QStringLiteral("helper.data"))), rootMap);

        const Completeness asRoot = completeness(path(QStringLiteral("root.data")), workload.pid());
        const Completeness asNobody = completeness(path(QStringLiteral("helper.data")), workload.pid());
        qInfo("samples %zu / %zu, unmapped %.4f / %.4f, tracepoint samples %zu / %zu, workload samples "
              "%zu / %zu, unmapped %.4f / %.4f",
              asRoot.samples, asNobody.samples, asRoot.unmappedShare, asNobody.unmappedShare,
              asRoot.tracepointSamples, asNobody.tracepointSamples, asRoot.workloadSamples,
              asNobody.workloadSamples, asRoot.workloadUnmapped, asNobody.workloadUnmapped);
        QVERIFY(asRoot.samples > 0 && asNobody.samples > 0);
        // Root's program, seen by user nobody through the helper, is mapped as completely as root sees it.
        QVERIFY(asRoot.workloadSamples > 0 && asNobody.workloadSamples > 0);
        QVERIFY2(asNobody.workloadUnmapped <= 0.01 && asRoot.workloadUnmapped <= 0.01,
                 qPrintable(QStringLiteral("the workload's unmapped share %1 through the helper, %2 as root")
                                .arg(asNobody.workloadUnmapped)
                                .arg(asRoot.workloadUnmapped)));
        QVERIFY(asRoot.tracepointSamples > 0);
        QVERIFY(asNobody.tracepointSamples > 0);
        // Root's processes' files get their build ids through the helper as root's recording reads them.
        const auto [rootIds, rootMaps] = executableMmapBuildIds(path(QStringLiteral("root.data")));
        const auto [helperIds, helperMaps] = executableMmapBuildIds(path(QStringLiteral("helper.data")));
        qInfo("executable file mappings with a build id: %zu of %zu as root, %zu of %zu through the helper",
              rootIds, rootMaps, helperIds, helperMaps);
        QVERIFY(rootMaps > 0 && helperMaps > 0);
        QVERIFY(double(helperIds) / double(helperMaps) >= double(rootIds) / double(rootMaps) - 0.02);
    }

    void otherUsersBinariesGetTheirBuildIdsThroughTheHelper() {
        // A program of root's, run from a directory only root may enter: user nobody can read neither the
        // file nor root's /proc/PID/map_files or /proc/PID/root, so its build id comes from the helper.
        const QString privateDir = path(QStringLiteral("private"));
        QVERIFY(QDir().mkpath(privateDir));
        QVERIFY(::chmod(privateDir.toLocal8Bit().constData(), 0700) == 0);
        const QString binary = privateDir + QStringLiteral("/hotspots-private");
        QFile::remove(binary);
        QVERIFY(QFile::copy(clientPath(QStringLiteral("hotspots-fp")), binary));
        const QString expected = QString::fromStdString(buildIdHex(elfBuildIdOfFile(binary.toStdString())));
        QVERIFY(!expected.isEmpty());
        QProcess program;
        program.start(binary, {QStringLiteral("1000000"), QStringLiteral("1")});
        QVERIFY(program.waitForStarted());
        const auto stop = qScopeGuard([&] {
            program.kill();
            program.waitForFinished();
        });

        RecordOptions options;
        options.pids = {static_cast<pid_t>(program.processId())};
        options.durationSeconds = 0.5;
        options.events = "cpu-clock";
        options.outputPath = path(QStringLiteral("private.data")).toStdString();
        const std::string cache = path(QStringLiteral("private-cache")).toStdString();
        const ChildResult helper = inChild(true, [&](std::unique_ptr<HelperEventOpener> started) {
            ::setenv("PERF_BUILDID_DIR", cache.c_str(), 1);
            ::setenv("XDG_CACHE_HOME", cache.c_str(), 1);
            options.privilegedOpenerFactory =
                handOut(std::make_shared<std::unique_ptr<HelperEventOpener>>(std::move(started)));
            return describe(Recorder(options).run());
        });
        if (helper.code == 2) QSKIP(qPrintable(helper.text));
        QVERIFY2(helper.code == 0, qPrintable(helper.text));
        qInfo("%s", qPrintable(helper.text));
        const QStringList ids = mmapBuildIds(path(QStringLiteral("private.data")), binary);
        QVERIFY2(!ids.isEmpty(), "no MMAP2 record of the program's binary");
        for (const QString &id : ids)
            QCOMPARE(id, expected);
        // The build-id cache of user nobody keeps the file, in perf's layout, as perf's record would.
        const QString entry =
            QString::fromStdString(cache) + binary + QLatin1Char('/') + expected + QStringLiteral("/elf");
        QVERIFY2(QFile::exists(entry), qPrintable(entry));
        QCOMPARE(QString::fromStdString(buildIdHex(elfBuildIdOfFile(entry.toStdString()))), expected);
    }

    void kernelEventsThroughTheHelperGetTheKernelMap() {
        // And the user's own report names the kernel frames: the recording kept root's kallsyms in the user's
        // cache, since this user reads /proc/kallsyms without addresses.
        RecordOptions options;
        // Fixed work spent in the kernel (clearing user pages), so kernel samples come however busy the
        // machine is.
        options.command = {"/bin/dd", "if=/dev/zero", "of=/dev/null", "bs=1M", "count=1000"};
        options.events = "cpu-clock:k";
        options.callGraph = CallGraphMode::FramePointer;
        options.outputPath = path(QStringLiteral("kernel.data")).toStdString();
        const std::string cache = path(QStringLiteral("cache")).toStdString();
        const ChildResult helper = inChild(true, [&](std::unique_ptr<HelperEventOpener> started) {
            ::setenv("XDG_CACHE_HOME", cache.c_str(), 1);
            options.privilegedOpenerFactory =
                handOut(std::make_shared<std::unique_ptr<HelperEventOpener>>(std::move(started)));
            std::string text = describe(Recorder(options).run());
            const auto profile = loadProfile(options.outputPath);
            size_t named = 0, unknown = 0;
            for (const Frame &frame : profile->frames) {
                if (!profile->modules[frame.module].kernel) continue;
                ++(profile->functionName(frame.function) == "[unknown]" ? unknown : named);
            }
            text += "\nkernel frames named " + std::to_string(named) + ", unknown " + std::to_string(unknown);
            for (const auto &notice : profile->diagnostics.notices)
                text += "\nreport: " + notice.english();
            return text;
        });
        if (helper.code == 2) QSKIP(qPrintable(helper.text));
        QVERIFY2(helper.code == 0, qPrintable(helper.text));
        qInfo("%s", qPrintable(helper.text));
        QVERIFY2(helper.text.contains(QLatin1String("kernel 1")), qPrintable(helper.text));
        QVERIFY2(kernelMap(path(QStringLiteral("kernel.data")))
                     .startsWith(QLatin1String("[kernel.kallsyms]_text ")),
                 qPrintable(kernelMap(path(QStringLiteral("kernel.data")))));
        QVERIFY2(!helper.text.contains(QLatin1String("no kernel symbols")), qPrintable(helper.text));
        QVERIFY2(!helper.text.contains(QLatin1String("kernel frames named 0,")), qPrintable(helper.text));
    }

    void offCpuThroughTheHelperRecordsSchedSwitch() {
        RecordOptions options;
        options.command = {"/bin/sh", "-c", "for i in 1 2 3 4 5; do sleep 0.01; done"};
        options.offCpu = true;
        options.outputPath = path(QStringLiteral("offcpu.data")).toStdString();
        const ChildResult helper = record(options, true);
        if (helper.code == 2) QSKIP(qPrintable(helper.text));
        QVERIFY2(helper.code == 0, qPrintable(helper.text));
        QVERIFY2(helper.text.contains(QLatin1String("offCpu 1")), qPrintable(helper.text));
        QVERIFY(completeness(path(QStringLiteral("offcpu.data"))).tracepointSamples > 0);
    }

    void offCpuWithoutTheHelperSaysWhy() {
        RecordOptions options;
        options.command = {"/bin/true"};
        options.offCpu = true;
        options.outputPath = path(QStringLiteral("offcpu-nohelper.data")).toStdString();
        const ChildResult result = inChild(true, [&](std::unique_ptr<HelperEventOpener>) {
            options.privilegedOpenerFactory = []() -> std::unique_ptr<EventOpener> {
                throw Error("cannot start the privileged helper: pkexec is not installed (test)");
            };
            return describe(Recorder(options).run());
        });
        if (result.code == 2) QSKIP(qPrintable(result.text));
        QVERIFY2(result.code == 0, qPrintable(result.text));
        QVERIFY2(result.text.contains(QLatin1String("offCpu 0")), qPrintable(result.text));
        const QStringList notices = result.text.split(QLatin1Char('\n')).filter(QLatin1String("--off-cpu"));
        QVERIFY2(!notices.isEmpty() &&
                     notices.join(QLatin1Char('\n')).contains(QLatin1String("pkexec is not installed")),
                 qPrintable(result.text));
    }

    void tracepointsThroughTheHelperAreResolved() {
        // tracefs is root's only: the events are parsed with tracefs read through the helper, globs included.
        RecordOptions options;
        options.command = {"/bin/sh", "-c", "sleep 0.01"};
        options.events = "sched:sched_process_e*";
        options.outputPath = path(QStringLiteral("tracepoints.data")).toStdString();
        const ChildResult helper = record(options, true);
        if (helper.code == 2) QSKIP(qPrintable(helper.text));
        QVERIFY2(helper.code == 0, qPrintable(helper.text));
        QVERIFY(completeness(path(QStringLiteral("tracepoints.data"))).tracepointSamples > 0);
        if (perfPath().isEmpty()) return;
        // The tracing data (formats and headers, read through the helper) lets perf name the fields.
        const ProcessResult script =
            runProgram(perfPath(), {QStringLiteral("script"), QStringLiteral("-f"), QStringLiteral("-i"),
                                    path(QStringLiteral("tracepoints.data"))});
        QVERIFY2(script.out.contains(QLatin1String("sched:sched_process_e")), qPrintable(script.err));
    }

    void statCountsSystemWideAndOtherUsersThroughTheHelper() {
        RunningProgram workload({QStringLiteral("20000"), QStringLiteral("2")});
        const pid_t other = static_cast<pid_t>(workload.pid());
        for (const bool systemWide : {true, false}) {
            const ChildResult result = inChild(true, [&](std::unique_ptr<HelperEventOpener> started) {
                auto shared = std::make_shared<std::unique_ptr<HelperEventOpener>>(std::move(started));
                CountingOptions options;
                options.systemWide = systemWide;
                if (systemWide)
                    options.command = {"/bin/sleep", "0.2"};
                else
                    options.pids = {other};
                options.intervalMs = 100;
                options.intervalCount = 2;
                options.privilegedOpenerFactory =
                    [shared](bool wide, const std::vector<pid_t> &pids) -> std::unique_ptr<EventOpener> {
                    (*shared)->setScope(wide, pids);
                    return std::move(*shared);
                };
                CountingRun counting(EventParser().parse("cpu-clock,page-faults"), options);
                const CountingResult counted = counting.run({});
                std::string text = counting.throughHelper() ? "helper" : "direct";
                for (size_t e = 0; e < counting.counters().events().size(); ++e) {
                    const CounterEvent &event = counting.counters().events()[e];
                    uint64_t sum = 0;
                    for (const CounterValue &value : counted.final[e])
                        sum += value.value;
                    text += " " + event.spec.name + (event.userOnly ? ":u" : "") + "=" +
                            (event.status == CounterStatus::Counting ? std::to_string(sum) : event.reason);
                }
                return text;
            });
            if (result.code == 2) QSKIP(qPrintable(result.text));
            qInfo("%s: %s", systemWide ? "-a" : "-p", qPrintable(result.text));
            QVERIFY2(result.code == 0, qPrintable(result.text));
            QVERIFY2(result.text.startsWith(QLatin1String("helper cpu-clock=")), qPrintable(result.text));
            QVERIFY2(!result.text.contains(QLatin1String("cpu-clock=0 ")), qPrintable(result.text));
            QVERIFY2(!result.text.contains(QLatin1String(":u")), qPrintable(result.text));
        }
    }

    void statCountsTracepointsThroughTheHelper() {
        // tracefs is root's only: the events are parsed with tracefs read through the helper, which then
        // counts.
        const ChildResult result = inChild(true, [&](std::unique_ptr<HelperEventOpener> started) {
            const std::vector<EventSpec> specs =
                EventParser(PmuCatalog::load(), TracepointCatalog(*started)).parse("sched:sched_switch");
            auto shared = std::make_shared<std::unique_ptr<HelperEventOpener>>(std::move(started));
            CountingOptions options;
            options.command = {"/bin/sh", "-c", "sleep 0.01; sleep 0.01"};
            options.privilegedOpenerFactory =
                [shared](bool wide, const std::vector<pid_t> &pids) -> std::unique_ptr<EventOpener> {
                (*shared)->setScope(wide, pids);
                return std::move(*shared);
            };
            CountingRun counting(specs, options);
            const CountingResult counted = counting.run({});
            uint64_t sum = 0;
            for (const CounterValue &value : counted.final.front())
                sum += value.value;
            return std::string(counting.throughHelper() ? "helper " : "direct ") + std::to_string(sum);
        });
        if (result.code == 2) QSKIP(qPrintable(result.text));
        QVERIFY2(result.code == 0, qPrintable(result.text));
        QVERIFY2(result.text.startsWith(QLatin1String("helper ")) &&
                     !result.text.endsWith(QLatin1String(" 0")),
                 qPrintable(result.text));
    }

    void cliStatSaysWhyATracepointCannotBeRead() {
        // As user nobody without pkexec's authorization: the tracefs refusal and the helper's failure,
        // exit 1.
        const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
        if (setpriv.isEmpty()) QSKIP("setpriv is not installed");
        const QString err = path(QStringLiteral("stat-err.txt"));
        const ChildResult result = inChild(false, [&](std::unique_ptr<HelperEventOpener>) {
            const QString command =
                QStringLiteral("'%1' --reuid=65534 --regid=65534 --clear-groups '%2' stat -e "
                               "sched:sched_switch -- true 2> '%3'")
                    .arg(setpriv, QStringLiteral(PERFGLASS_CLI), err);
            const int status = std::system(command.toLocal8Bit().constData());
            return std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        });
        if (result.code == 2) QSKIP(qPrintable(result.text));
        QFile file(err);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY2(result.text == QLatin1String("1"), qPrintable(result.text + QLatin1Char(' ') + text));
        QVERIFY2(text.contains(QLatin1String("readable by root only")) &&
                     text.contains(QLatin1String("cannot start the privileged helper")),
                 qPrintable(text));
    }

    void statWithoutTheHelperFailsNamingItsReason() {
        const ChildResult result = inChild(true, [&](std::unique_ptr<HelperEventOpener>) {
            CountingOptions options;
            options.systemWide = true;
            options.command = {"/bin/true"};
            options.privilegedOpenerFactory = [](bool,
                                                 const std::vector<pid_t> &) -> std::unique_ptr<EventOpener> {
                throw Error("cannot start the privileged helper: pkexec is not installed (test)");
            };
            CountingRun counting(EventParser().parse("cpu-clock"), options);
            return std::string("counted");
        });
        if (result.code == 2) QSKIP(qPrintable(result.text));
        if (result.code == 0) QSKIP("this user may count system-wide here (perf_event_paranoid below 1)");
        QCOMPARE(result.code, 1);
        QVERIFY2(result.text.contains(QLatin1String("nothing could be counted")) &&
                     result.text.contains(QLatin1String("pkexec is not installed")),
                 qPrintable(result.text));
    }
};

QTEST_GUILESS_MAIN(TestHelperRecord)
#include "tst_helperrecord.moc"
