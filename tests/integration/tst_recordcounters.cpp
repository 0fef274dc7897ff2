// perfglass-cli record --counters: counting events read every interval next to the samples, stored as perf's
// stat records (docs/session-format.md) and read back into Profile::counters; perf reads the mixed files.
// Also the per-event sampling terms (period=, freq=) and :S group reads of the recorder. Launched programs do
// a fixed amount of work (hotspots -ROUNDS): as many samples on a busy machine as on an idle one.
#include "TestSupport.h"

#include "load/LoadProfile.h"

#include <QFile>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <unistd.h>

#include <algorithm>
#include <map>
#include <set>

using namespace perfglass;
using namespace perfglass::test;

namespace {

std::vector<const CounterSeries *> seriesOf(const Profile &profile, const std::string &event) {
    std::vector<const CounterSeries *> found;
    for (const auto &series : profile.counters)
        if (series.eventName == event) found.push_back(&series);
    return found;
}

uint64_t totalOf(const std::vector<const CounterSeries *> &series) {
    uint64_t total = 0;
    for (const auto *s : series)
        total += s->total();
    return total;
}

// Every series: times strictly increasing, the last point final, enabled >= running.
bool wellFormed(const CounterSeries &series, QString &why) {
    if (series.points.empty()) {
        why = QStringLiteral("no points");
        return false;
    }
    for (size_t i = 0; i < series.points.size(); ++i) {
        const auto &point = series.points[i];
        if (i > 0 && point.time <= series.points[i - 1].time) {
            why = QStringLiteral("point %1 is not later than the one before").arg(i);
            return false;
        }
        if (point.running > point.enabled) {
            why = QStringLiteral("point %1 ran longer than it was enabled").arg(i);
            return false;
        }
    }
    if (!series.points.back().final) {
        why = QStringLiteral("the last point is not final");
        return false;
    }
    return true;
}

uint64_t periodSum(const Profile &profile, const std::string &event) {
    uint64_t sum = 0;
    for (size_t i = 0; i < profile.samples.size(); ++i)
        if (profile.events[profile.samples.event[i]].name == event) sum += profile.samples.period[i];
    return sum;
}

} // namespace

class TestRecordCounters : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    QString path(const QString &name) const { return dir_.filePath(name); }
    bool havePerf() const { return !perfPath().isEmpty(); }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void launchedProgramSeries() {
        const QString file = path(QStringLiteral("launch.data"));
        const ProcessResult result =
            runCli({QStringLiteral("record"), QStringLiteral("-g"), QStringLiteral("-e"),
                    QStringLiteral("cpu-clock"), QStringLiteral("--counters"),
                    QStringLiteral("task-clock,page-faults"), QStringLiteral("--interval"),
                    QStringLiteral("50"), QStringLiteral("-o"), file, QStringLiteral("--"),
                    clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-600"), QStringLiteral("2")});
        QCOMPARE(result.exitCode, 3);
        QVERIFY2(result.err.contains(QLatin1String("of 2 counters")), qPrintable(result.err));

        const auto profile = loadProfile(file.toStdString());
        const auto taskClock = seriesOf(*profile, "task-clock");
        const auto faults = seriesOf(*profile, "page-faults");
        QCOMPARE(taskClock.size(), size_t{1}); // one thread counted (with its children), on any CPU
        QCOMPARE(faults.size(), size_t{1});
        QCOMPARE(taskClock[0]->cpu, -1);
        QVERIFY(taskClock[0]->tid > 0);
        for (const auto *series : {taskClock[0], faults[0]}) {
            QString why;
            QVERIFY2(wellFormed(*series, why), qPrintable(why));
            // The program works for the better part of a second even on an idle machine, longer on a busy
            // one: a read every 50 ms gives many points.
            QVERIFY2(series->points.size() >= 5, qPrintable(QString::number(series->points.size())));
        }
        // A program touches pages when it starts: at least a few dozen faults.
        QVERIFY2(totalOf(faults) >= 10, qPrintable(QString::number(totalOf(faults))));
        // task-clock counts the CPU time that cpu-clock sampled: the totals agree to a factor of two.
        const uint64_t counted = totalOf(taskClock);
        const uint64_t sampled = periodSum(*profile, "cpu-clock");
        qInfo("task-clock %.1f ms in %zu points; cpu-clock samples %.1f ms; page-faults %llu", counted / 1e6,
              taskClock[0]->points.size(), sampled / 1e6, static_cast<unsigned long long>(totalOf(faults)));
        QVERIFY(sampled > 0);
        QVERIFY2(counted > sampled / 2 && counted < sampled * 2,
                 qPrintable(
                     QStringLiteral("task-clock %1 ns, cpu-clock samples %2 ns").arg(counted).arg(sampled)));
        // One clock for samples and counter reads: the reads fall within the recording.
        const uint64_t firstSample =
            *std::min_element(profile->samples.time.begin(), profile->samples.time.end());
        const uint64_t lastSample =
            *std::max_element(profile->samples.time.begin(), profile->samples.time.end());
        QVERIFY(taskClock[0]->points.front().time >= firstSample - 1000000000ull);
        QVERIFY(taskClock[0]->points.back().time <= lastSample + 1000000000ull);

        if (!havePerf()) QSKIP("perf is not installed");
        const QString report = perfReads({QStringLiteral("report"), QStringLiteral("--stdio")}, file);
        QVERIFY2(report.contains(QLatin1String("hotLoop")), qPrintable(report.left(2000)));
        QVERIFY(!perfReads({QStringLiteral("script")}, file).isEmpty());
        // perf stat report prints to stderr.
        const ProcessResult stat = runProgram(
            perfPath(), {QStringLiteral("stat"), QStringLiteral("report"), QStringLiteral("-i"), file});
        QCOMPARE(stat.exitCode, 0);
        QVERIFY2(stat.err.contains(QLatin1String("task-clock")) &&
                     stat.err.contains(QLatin1String("hotspots-fp")),
                 qPrintable(stat.err.left(2000)));
    }

    void dwarfRecordingWithCounters() {
        // The counters' session attributes carry the DWARF sampling type (user registers and stack).
        const QString file = path(QStringLiteral("dwarf.data"));
        const ProcessResult result = runCli(
            {QStringLiteral("record"), QStringLiteral("--call-graph"), QStringLiteral("dwarf"),
             QStringLiteral("-e"), QStringLiteral("cpu-clock"), QStringLiteral("--counters"),
             QStringLiteral("context-switches,page-faults"), QStringLiteral("-o"), file, QStringLiteral("--"),
             clientPath(QStringLiteral("hotspots-nofp")), QStringLiteral("-200")});
        QCOMPARE(result.exitCode, 3);
        const auto profile = loadProfile(file.toStdString());
        QCOMPARE(seriesOf(*profile, "page-faults").size(), size_t{1});
        QVERIFY(totalOf(seriesOf(*profile, "page-faults")) > 0);
        if (!havePerf()) QSKIP("perf is not installed");
        const QString report = perfReads(
            {QStringLiteral("report"), QStringLiteral("--stdio"), QStringLiteral("--no-children")}, file);
        QVERIFY2(report.contains(QLatin1String("hotLoop")), qPrintable(report.left(2000)));
    }

    void systemWidePerCpu() {
        const QString file = path(QStringLiteral("system.data"));
        const ProcessResult result =
            runCli({QStringLiteral("record"), QStringLiteral("-a"), QStringLiteral("--duration"),
                    QStringLiteral("1"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                    QStringLiteral("--counters"), QStringLiteral("cpu-clock,context-switches"),
                    QStringLiteral("--interval"), QStringLiteral("100"), QStringLiteral("-o"), file});
        if (result.exitCode != 0 && result.err.contains(QLatin1String("privilege")))
            QSKIP("system-wide recording needs privileges this user lacks");
        QCOMPARE(result.exitCode, 0);
        const auto profile = loadProfile(file.toStdString());
        const auto clock = seriesOf(*profile, "cpu-clock");
        std::set<int32_t> cpus;
        for (const auto *series : clock) {
            QCOMPARE(series->tid, -1);
            QString why;
            QVERIFY2(wellFormed(*series, why), qPrintable(why));
            QVERIFY2(series->points.size() >= 3, qPrintable(QString::number(series->points.size())));
            // A CPU's clock runs whether it is idle or not: about the interval per read, never far above.
            QVERIFY(series->total() > 0);
            cpus.insert(series->cpu);
        }
        QCOMPARE(cpus.size(), static_cast<size_t>(::sysconf(_SC_NPROCESSORS_ONLN)));
        QVERIFY(*cpus.begin() >= 0);
        if (!havePerf()) QSKIP("perf is not installed");
        QVERIFY(!perfReads({QStringLiteral("report"), QStringLiteral("--stdio")}, file).isEmpty());
        const ProcessResult stat = runProgram(perfPath(), {QStringLiteral("stat"), QStringLiteral("report"),
                                                           QStringLiteral("-A"), QStringLiteral("-i"), file});
        QCOMPARE(stat.exitCode, 0);
        QVERIFY2(stat.err.contains(QLatin1String("CPU0")) &&
                     stat.err.contains(QLatin1String("context-switches")),
                 qPrintable(stat.err.left(2000)));
    }

    void attachedProcessPerThread() {
        const RunningProgram program({QStringLiteral("60000"), QStringLiteral("2")});
        const auto pid = static_cast<int32_t>(program.pid());
        const QString file = path(QStringLiteral("attach.data"));
        const ProcessResult result =
            runCli({QStringLiteral("record"), QStringLiteral("-p"), QString::number(pid),
                    QStringLiteral("--duration"), QStringLiteral("1"), QStringLiteral("--counters"),
                    QStringLiteral("task-clock"), QStringLiteral("-o"), file});
        QCOMPARE(result.exitCode, 0);
        const auto profile = loadProfile(file.toStdString());
        const auto clock = seriesOf(*profile, "task-clock");
        QSet<int32_t> tids;
        for (const auto *series : clock) {
            QCOMPARE(series->cpu, -1);
            tids.insert(series->tid);
            qInfo("thread %d: %zu points, %.1f ms", series->tid, series->points.size(),
                  series->total() / 1e6);
        }
        QVERIFY2(tids.contains(pid), "the main thread is counted");
        QVERIFY2(tids.size() >= 2, "every thread of the process is counted");
        QVERIFY(totalOf(clock) > 0);
    }

    void badCounterOptions() {
        const QString file = path(QStringLiteral("bad.data"));
        const QStringList program{QStringLiteral("--"), QStringLiteral("true")};
        const ProcessResult zero = runCli(
            QStringList{QStringLiteral("record"), QStringLiteral("--counters"), QStringLiteral("task-clock"),
                        QStringLiteral("--interval"), QStringLiteral("0"), QStringLiteral("-o"), file} +
            program);
        QVERIFY(zero.exitCode != 0);
        QVERIFY2(zero.err.contains(QLatin1String("at least 1 ms")), qPrintable(zero.err));
        const ProcessResult alone = runCli(QStringList{QStringLiteral("record"), QStringLiteral("--interval"),
                                                       QStringLiteral("10"), QStringLiteral("-o"), file} +
                                           program);
        QVERIFY(alone.exitCode != 0);
        QVERIFY2(alone.err.contains(QLatin1String("--counters")), qPrintable(alone.err));
        const ProcessResult unknown =
            runCli(QStringList{QStringLiteral("record"), QStringLiteral("--counters"),
                               QStringLiteral("task-clock,no-such-event"), QStringLiteral("-o"), file} +
                   program);
        QVERIFY(unknown.exitCode != 0);
        QVERIFY2(unknown.err.contains(QLatin1String("no-such-event")), qPrintable(unknown.err));
        QVERIFY(!QFile::exists(file));
    }

    void periodTermOverridesFrequency() {
        const QString file = path(QStringLiteral("period.data"));
        const ProcessResult result = runCli(
            {QStringLiteral("record"), QStringLiteral("-F"), QStringLiteral("999"), QStringLiteral("-e"),
             QStringLiteral("software/config=0,period=2000000/"), QStringLiteral("-o"), file,
             QStringLiteral("--"), clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-200")});
        QCOMPARE(result.exitCode, 3);
        const auto profile = loadProfile(file.toStdString());
        QVERIFY(profile->samples.size() > 0);
        for (uint64_t period : profile->samples.period)
            QCOMPARE(period, uint64_t{2000000});
    }

    void frequencyTermOverridesPeriod() {
        const QString file = path(QStringLiteral("freq.data"));
        const ProcessResult result = runCli(
            {QStringLiteral("record"), QStringLiteral("-c"), QStringLiteral("1000000"), QStringLiteral("-e"),
             QStringLiteral("software/config=0,freq=200/"), QStringLiteral("-o"), file, QStringLiteral("--"),
             clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-300")});
        QCOMPARE(result.exitCode, 3);
        const auto profile = loadProfile(file.toStdString());
        QVERIFY(profile->samples.size() > 0);
        // With -c alone every period would be 1000000; frequency mode adapts the period (200 Hz of a CPU
        // clock is about 5 ms per sample once settled).
        const bool adapted = std::any_of(profile->samples.period.begin(), profile->samples.period.end(),
                                         [](uint64_t period) { return period != 1000000; });
        QVERIFY2(adapted, "freq= did not switch the event to frequency mode");
    }

    void groupReadOnSample() {
        const QString file = path(QStringLiteral("sampleread.data"));
        const ProcessResult result =
            runCli({QStringLiteral("record"), QStringLiteral("-e"),
                    QStringLiteral("{cpu-clock,page-faults}:S"), QStringLiteral("-o"), file,
                    QStringLiteral("--"), clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-200")});
        QCOMPARE(result.exitCode, 3);
        const auto profile = loadProfile(file.toStdString());
        QVERIFY(profile->samples.size() > 0);
        if (!havePerf()) QSKIP("perf is not installed");
        // perf turns each read of the group into a sample of every member.
        const QString report = perfReads({QStringLiteral("report"), QStringLiteral("--stdio")}, file);
        QVERIFY2(report.contains(QLatin1String("of event 'cpu-clock'")) &&
                     report.contains(QLatin1String("of event 'page-faults'")),
                 qPrintable(report.left(3000)));
    }
};

QTEST_GUILESS_MAIN(TestRecordCounters)
#include "tst_recordcounters.moc"
