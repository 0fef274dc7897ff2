// The Counters dock (CountersView, CounterChartWidget) on real recordings: counters read per thread (an
// attached program), a launched program's whole-process counter, system-wide counters per CPU; and many CPUs
// as small multiples on a session made by hand. Saves screenshots of each: counters-threads.png,
// counters-process.png, counters-cpus.png, counters-many-cpus.png.
#include "CounterChartWidget.h"
#include "CountersView.h"
#include "GuiTestSupport.h"
#include "LoadJob.h"
#include "TestSupport.h"
#include "load/LoadProfile.h"

#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <linux/perf_event.h>

#include <memory>

using namespace perfglass;
using namespace perfglass::test;

namespace {

std::shared_ptr<const SessionAnalysis> sessionOf(std::shared_ptr<const Profile> profile) {
    auto session = std::make_shared<SessionAnalysis>();
    session->file = LoadJob::sessionFileOf(std::move(profile));
    return session;
}

std::shared_ptr<const SessionAnalysis> loadSession(const QString &file) {
    return sessionOf(loadProfile(file.toStdString()));
}

// Strips of chart INDEX: inside its plot, one below the other, none overlapping.
bool stripsTile(const CounterChartWidget &chart, int index, QString &why) {
    const QRect plot = chart.plotRect(index);
    const int lines = static_cast<int>(chart.charts()[static_cast<size_t>(index)].lines.size());
    for (int line = 0; line < lines; ++line) {
        const QRect strip = chart.stripRect(index, line);
        if (!plot.contains(strip)) why = QStringLiteral("strip %1 leaves the plot").arg(line);
        if (line > 0 && strip.top() <= chart.stripRect(index, line - 1).bottom())
            why = QStringLiteral("strip %1 overlaps the one above").arg(line);
        if (strip.height() < 30) why = QStringLiteral("strip %1 is %2 px high").arg(line).arg(strip.height());
    }
    return why.isEmpty();
}

// A system-wide session of CPUS CPUs made by hand: context switches and a multiplexed event.
std::shared_ptr<Profile> manyCpus(int cpus) {
    auto profile = std::make_shared<Profile>();
    profile->events = {{"context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
                       {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS}};
    constexpr uint64_t kInterval = 100000000; // 100 ms
    for (int cpu = 0; cpu < cpus; ++cpu) {
        CounterSeries switches;
        switches.event = 0;
        switches.eventName = "context-switches";
        switches.cpu = cpu;
        CounterSeries instructions = switches;
        instructions.event = 1;
        instructions.eventName = "instructions";
        for (uint64_t i = 0; i < 40; ++i) {
            // Each CPU busy in its own pattern: a wave whose phase moves with the CPU number.
            const double busy = 0.5 + 0.45 * std::sin(static_cast<double>(i + 3 * cpu) / 4.0);
            const auto busyNs = static_cast<uint64_t>(busy * kInterval);
            const bool multiplexed = i >= 20 && i < 30;
            switches.points.push_back(
                {i * kInterval, (i + 1) * kInterval, busyNs / 10000, kInterval, kInterval, i == 39});
            instructions.points.push_back({i * kInterval, (i + 1) * kInterval, busyNs * 2, kInterval,
                                           multiplexed ? kInterval / 2 : kInterval, i == 39});
        }
        profile->counters.push_back(std::move(switches));
        profile->counters.push_back(std::move(instructions));
    }
    return profile;
}

} // namespace

class TestCountersView : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    std::unique_ptr<CountersView> view_;

    CountersView &show(const std::shared_ptr<const SessionAnalysis> &session) {
        view_ = std::make_unique<CountersView>();
        view_->resize(1000, 720);
        view_->setSession(session);
        view_->show();
        QCoreApplication::processEvents();
        return *view_;
    }

private slots:
    void initTestCase() {
        useTestSettings(QStringLiteral("tst_countersview"));
        QVERIFY(dir_.isValid());
    }

    void cleanup() { view_.reset(); }

    // Attached to a running program: one line per thread, busy share of one CPU, one strip each.
    void perThreadRecording() {
        QProcess program;
        program.start(clientPath(QStringLiteral("hotspots-fp")),
                      {QStringLiteral("60000"), QStringLiteral("3")}); // killed after: outlives a slow attach
        QVERIFY(program.waitForStarted());
        QTest::qWait(300); // its threads start
        const QString file = dir_.filePath(QStringLiteral("threads.data"));
        const ProcessResult record =
            runCli({QStringLiteral("record"), QStringLiteral("-g"), QStringLiteral("--counters"),
                    QStringLiteral("task-clock,page-faults"), QStringLiteral("--interval"),
                    QStringLiteral("100"), QStringLiteral("--duration"), QStringLiteral("2"),
                    QStringLiteral("-o"), file, QStringLiteral("-p"), QString::number(program.processId())});
        program.kill();
        program.waitForFinished();
        if (!QFile::exists(file) && record.err.contains(QLatin1String("perf_event_paranoid")))
            QSKIP(qPrintable(QStringLiteral("recording is not permitted here: ") + record.err));
        QVERIFY2(record.exitCode == 0, qPrintable(record.err));
        CountersView &view = show(loadSession(file));
        QVERIFY(view.showsCharts());
        const CounterChartWidget &chart = *view.chart();
        QCOMPARE(static_cast<int>(chart.charts().size()), 2);
        const CounterChart &clock = chart.charts().front();
        QCOMPARE(clock.unit, CounterUnit::Busy);
        QCOMPARE(static_cast<int>(clock.lines.size()), 3);
        QVERIFY2(clock.maxRate > 0, qPrintable(QString::number(clock.maxRate)));
        // One thread is busy at most all the time. An interval's share is not bounded so: the round is
        // stamped once, after all its reads, so a recorder held up between one thread's read and the stamp
        // moves that time into the thread's next interval (1.54 seen beside a loaded build). Over the
        // recording the thread's time is bounded by the span, with a quarter of it for the first read's own
        // delay.
        const double span = static_cast<double>(clock.end - clock.start);
        for (const CounterChartLine &line : clock.lines) {
            QVERIFY2(
                line.total <= span * 1.25,
                qPrintable(
                    QStringLiteral("%1: %2 ns busy in %3 ns").arg(line.label).arg(line.total).arg(span)));
            QVERIFY2(line.label.startsWith(QLatin1String("thread ")) &&
                         line.label.endsWith(QLatin1String("(hotspots-fp)")),
                     qPrintable(line.label));
            QCOMPARE(line.kind, CounterLineKind::Thread);
        }
        QVERIFY(clock.title().contains(QLatin1String("busy share of one CPU")));
        QVERIFY(chart.charts().back().title().contains(QLatin1String("per second of wall time")));
        QVERIFY(chart.smallMultiples(0));
        QString why;
        QVERIFY2(stripsTile(chart, 0, why), qPrintable(why));
        const QString tip = chart.toolTipAt(chart.stripRect(0, 1).center());
        QVERIFY2(tip.contains(QLatin1String(" %")) && tip.contains(QLatin1String("of CPU time")) &&
                     tip.contains(clock.lines[1].label),
                 qPrintable(tip));
        saveScreenshot(view_.get(), QStringLiteral("counters-threads.png"));
    }

    // A launched program: its counter adds up all its threads, and the chart says so.
    void launchedProcessRecording() {
        const QString file = dir_.filePath(QStringLiteral("process.data"));
        const ProcessResult record =
            runCli({QStringLiteral("record"), QStringLiteral("-g"), QStringLiteral("--counters"),
                    QStringLiteral("task-clock,page-faults"), QStringLiteral("--interval"),
                    QStringLiteral("100"), QStringLiteral("-o"), file, QStringLiteral("--"),
                    clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("1500"), QStringLiteral("3")});
        if (!QFile::exists(file) && record.err.contains(QLatin1String("perf_event_paranoid")))
            QSKIP(qPrintable(QStringLiteral("recording is not permitted here: ") + record.err));
        QCOMPARE(record.exitCode, 3);
        CountersView &view = show(loadSession(file));
        const CounterChartWidget &chart = *view.chart();
        const CounterChart &clock = chart.charts().front();
        QCOMPARE(clock.unit, CounterUnit::CpusUtilized);
        QCOMPARE(static_cast<int>(clock.lines.size()), 1);
        QVERIFY2(clock.lines.front().label.endsWith(QLatin1String("(hotspots-fp), all threads")),
                 qPrintable(clock.lines.front().label));
        QVERIFY(clock.title().contains(QLatin1String("CPUs utilized")));
        QVERIFY(!chart.smallMultiples(0));
        // In CPUs, not in nanoseconds per second: a loaded machine reads some intervals late, so one
        // interval's rate may exceed the CPU count a little, never by orders of magnitude.
        QVERIFY2(clock.maxRate > 0 && clock.maxRate <= sysconf(_SC_NPROCESSORS_ONLN) * 4.0,
                 qPrintable(QString::number(clock.maxRate)));
        QVERIFY(chart.toolTipAt(chart.plotRect(0).center()).contains(QLatin1String("CPUs")));
        saveScreenshot(view_.get(), QStringLiteral("counters-process.png"));
    }

    // System-wide: one line per CPU.
    void systemWideRecording() {
        const QString file = dir_.filePath(QStringLiteral("cpus.data"));
        const ProcessResult result =
            runCli({QStringLiteral("stat"), QStringLiteral("-o"), file, QStringLiteral("-a"),
                    QStringLiteral("-I"), QStringLiteral("100"), QStringLiteral("-e"),
                    QStringLiteral("cpu-clock,context-switches"), QStringLiteral("--"),
                    clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("1500"), QStringLiteral("1")});
        if (!QFileInfo::exists(file) && result.err.contains(QLatin1String("perf_event_paranoid")))
            QSKIP(qPrintable(QStringLiteral("system-wide counting is not permitted here: ") + result.err));
        QVERIFY2(QFileInfo(file).size() > 0, qPrintable(result.err));
        CountersView &view = show(loadSession(file));
        const CounterChartWidget &chart = *view.chart();
        const CounterChart &clock = chart.charts().front();
        const int cpus = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
        QCOMPARE(clock.unit, CounterUnit::Busy);
        QCOMPARE(static_cast<int>(clock.lines.size()), cpus);
        QCOMPARE(clock.lines.front().label, QStringLiteral("CPU 0"));
        // A CPU's clock runs while it idles too: the title does not call it busy time.
        QVERIFY2(clock.title().contains(QLatin1String("counts idle time")), qPrintable(clock.title()));
        QVERIFY2(clock.maxRate > 0 && clock.maxRate <= 1.1, qPrintable(QString::number(clock.maxRate)));
        QString why;
        QVERIFY2(cpus == 1 || stripsTile(chart, 0, why), qPrintable(why));
        saveScreenshot(view_.get(), QStringLiteral("counters-cpus.png"));
    }

    // Sixteen CPUs stay readable: one strip each, on one scale; a multiplexed stretch is said in the title
    // and the tooltip.
    void manyCpusAsSmallMultiples() {
        CountersView &view = show(sessionOf(manyCpus(16)));
        const CounterChartWidget &chart = *view.chart();
        QCOMPARE(chart.seriesCount(), 32);
        QVERIFY(chart.smallMultiples(0));
        QString why;
        QVERIFY2(stripsTile(chart, 0, why), qPrintable(why));
        QVERIFY2(stripsTile(chart, 1, why), qPrintable(why));
        const CounterChart &instructions = chart.charts().back();
        QCOMPARE(instructions.minRunningShare, 0.5);
        QVERIFY(instructions.title().contains(QLatin1String("multiplexed")));
        // 2.5 s into the session lies in a multiplexed interval (2.0 to 3.0 s).
        const QRect strip = chart.stripRect(1, 0);
        const int x = strip.left() + static_cast<int>(strip.width() * 2.55 / 4.0);
        const QString tip = chart.toolTipAt(QPoint(x, strip.center().y()));
        QVERIFY2(tip.contains(QLatin1String("multiplexed")), qPrintable(tip));
        saveScreenshot(view_.get(), QStringLiteral("counters-many-cpus.png"));
        saveScreenshot(view.chart(), QStringLiteral("counters-many-cpus-full.png")); // all strips
    }
};

QTEST_MAIN(TestCountersView)
#include "tst_countersview.moc"
