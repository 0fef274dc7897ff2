// Off-CPU time in the window: a session with switch-out samples (here the context-switches event sampled at
// every switch, what --off-cpu's sched:sched_switch gives where tracefs exists) offers Off-CPU Time on the
// toolbar; it weighs those samples by the time their thread stayed blocked (shown as time), undo returns to
// the on-CPU samples, and the timeline hatches when each thread was off the CPU. Screenshots for a person
// to look at.
#include "FlameGraphModel.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "TestSupport.h"
#include "TimelineWidget.h"

#include <QAction>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace perfglass;
using namespace perfglass::test;

class TestOffCpuView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        useTestSettings(QStringLiteral("tst_offcpuview"));
        QVERIFY(dir_.isValid());
        path_ = dir_.filePath(QStringLiteral("offcpu.data"));
        // Blocks twice in sleep, runs in between.
        const ProcessResult result = runCli(
            {QStringLiteral("record"), QStringLiteral("-g"), QStringLiteral("-e"),
             QStringLiteral("cpu-clock,context-switches/period=1/"), QStringLiteral("-o"), path_,
             QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
             QStringLiteral("sleep 0.2; %1 -3 1; sleep 0.2").arg(clientPath(QStringLiteral("hotspots-fp")))});
        // Switch-out samples are taken in the kernel: a user-space-only recording (perf_event_paranoid 2
        // without the helper) has none.
        userSpaceOnly_ = result.err.contains(QLatin1String("recording user space only"));
        if (!QFileInfo::exists(path_) || QFileInfo(path_).size() == 0) {
            qWarning("recording failed: %s", qPrintable(result.err));
            path_.clear();
        }
    }

    void offCpuTime() {
        if (path_.isEmpty()) QSKIP("recording the context-switches event is not permitted here");
        if (userSpaceOnly_)
            QSKIP("this user records user space only: no switch-out samples, which are kernel samples");
        auto window = openSessionWindow(path_, 120000);
        QVERIFY(window);
        QAction *offCpu = part<QAction>(*window, "offCpuTime");
        QVERIFY(offCpu->isVisible());
        QVERIFY(!offCpu->isChecked());
        QCOMPARE(window->filter().cost, CostKind::Period);
        QSignalSpy applied(window.get(), &MainWindow::filterApplied);
        offCpu->trigger();
        QVERIFY(applied.wait(60000) || !applied.isEmpty());
        QCOMPARE(window->filter().cost, CostKind::OffCpu);
        QVERIFY(offCpu->isChecked());
        const auto tree = part<FlameGraphModel>(*window, "flameGraphModel")->tree();
        QVERIFY(tree->total() > 0);
        QVERIFY(tree->sampleCount() >= 2); // at least the two sleeps
        // The timeline hatches the blocked intervals of the session's threads.
        const auto *timeline = window->findChild<TimelineWidget *>();
        QVERIFY(timeline);
        QVERIFY(timeline->offCpu() && timeline->offCpu()->size() >= 2);
        saveScreenshot(window.get(), QStringLiteral("offcpu-time.png"));
        // Undo: back to the on-CPU samples.
        applied.clear();
        window->findChild<QUndoStack *>()->undo();
        QVERIFY(applied.wait(60000) || !applied.isEmpty());
        QCOMPARE(window->filter().cost, CostKind::Period);
        QVERIFY(!offCpu->isChecked());
        saveScreenshot(window.get(), QStringLiteral("offcpu-oncpu.png"));
    }

    // A real --off-cpu session (sched:sched_switch with call chains) of a program that sleeps and blocks on
    // a pipe: the toggle weighs its blocking stacks, which name both places it blocked (DWARF call graphs:
    // with frame pointers, glibc's blocking call hides the function that called it).
    void schedSwitchSession() {
        if (!QFileInfo(QStringLiteral("/sys/kernel/tracing/events/sched/sched_switch")).exists())
            QSKIP("tracefs is not mounted");
        const QString file = dir_.filePath(QStringLiteral("blocker.data"));
        const ProcessResult result =
            runCli({QStringLiteral("record"), QStringLiteral("--off-cpu"), QStringLiteral("--call-graph"),
                    QStringLiteral("dwarf"), QStringLiteral("-o"), file, QStringLiteral("--"),
                    clientPath(QStringLiteral("blocker"))});
        if (result.exitCode != 0 || result.err.contains(QLatin1String("--off-cpu:")))
            QSKIP(qPrintable(QStringLiteral("sched:sched_switch not recorded: ") + result.err.trimmed()));
        auto window = openSessionWindow(file, 120000);
        QVERIFY(window);
        QAction *offCpu = part<QAction>(*window, "offCpuTime");
        QVERIFY(offCpu->isVisible());
        QSignalSpy applied(window.get(), &MainWindow::filterApplied);
        offCpu->trigger();
        QVERIFY(applied.wait(60000) || !applied.isEmpty());
        QCOMPARE(window->filter().cost, CostKind::OffCpu);
        const auto tree = part<FlameGraphModel>(*window, "flameGraphModel")->tree();
        QVERIFY(tree->total() >= 200'000'000); // 6 x 40 ms blocked at least
        bool sleeps = false;
        bool reads = false;
        for (uint32_t node = CallTree::kRoot + 1; node < tree->nodes().size(); ++node) {
            const QString name = QString::fromStdString(
                tree->stacks().functionName(tree->profile(), tree->node(node).function));
            sleeps |= name.contains(QLatin1String("sleepInNanosleep"));
            reads |= name.contains(QLatin1String("waitForPipe"));
        }
        QVERIFY(sleeps);
        QVERIFY(reads);
        saveScreenshot(window.get(), QStringLiteral("offcpu-sched-switch.png"));
    }

    void notOfferedWithoutSwitches() {
        const QString plain = dir_.filePath(QStringLiteral("plain.data"));
        runCli({QStringLiteral("record"), QStringLiteral("-o"), plain, QStringLiteral("--"),
                clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-3"), QStringLiteral("1")});
        if (!QFileInfo::exists(plain)) QSKIP("recording is not permitted here");
        auto window = openSessionWindow(plain, 120000);
        QVERIFY(window);
        QVERIFY(!part<QAction>(*window, "offCpuTime")->isVisible());
    }

private:
    QTemporaryDir dir_;
    QString path_;
    bool userSpaceOnly_ = false;
};

QTEST_MAIN(TestOffCpuView)
#include "tst_offcpuview.moc"
