// Latency in the window: a session recorded with --latency (context switches of every thread) of a program
// whose two threads run side by side offers Latency on the toolbar; it weighs every sample by its period
// divided by the parallelism of its process then (the views' total is the sum of those weights, never more
// than the CPU time), undo returns to CPU time, and the timeline has each process's parallelism over time to
// draw. A session without context switches offers neither. Screenshots for a
// person to look at.
#include "FlameGraphModel.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "SessionDocument.h"
#include "SessionPage.h"
#include "TestSupport.h"
#include "TimelineWidget.h"
#include "analysis/Parallelism.h"
#include "load/LoadProfile.h"

#include <QAction>
#include <QDockWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace perfglass;
using namespace perfglass::test;

namespace {
constexpr int kTimeoutMs = 120000;
} // namespace

class TestLatencyView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        useTestSettings(QStringLiteral("tst_latencyview"));
        QVERIFY(dir_.isValid());
        path_ = dir_.filePath(QStringLiteral("latency.data"));
        // Two threads doing a fixed amount of work each: they run together where the machine lets them.
        const RecordedSession session{
            path_,
            runCli({QStringLiteral("record"), QStringLiteral("--latency"), QStringLiteral("-g"),
                    QStringLiteral("-o"), path_, QStringLiteral("--"),
                    clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-20"), QStringLiteral("2")})};
        if (!session.made()) {
            if (!session.refused()) QFAIL(qPrintable(session.result.err));
            path_.clear();
            return;
        }
        switchesRecorded_ = Parallelism::compute(*loadProfile(path_.toStdString())).known();
    }

    void latencyWeighsByParallelism() {
        if (path_.isEmpty()) QSKIP("recording is refused here");
        if (!switchesRecorded_) QSKIP("this user's recording has no context-switch records");
        auto window = openSessionWindow(path_, kTimeoutMs);
        QVERIFY(window);
        QAction *latency = part<QAction>(*window, "latency");
        QVERIFY(latency->isVisible());
        QVERIFY(!latency->isChecked());
        const uint64_t cpuTime = part<FlameGraphModel>(*window, "flameGraphModel")->tree()->total();
        QSignalSpy applied(window.get(), &MainWindow::filterApplied);
        latency->trigger();
        QVERIFY(applied.wait(kTimeoutMs) || !applied.isEmpty());
        const SampleFilter filter = window->filter();
        QCOMPARE(filter.cost, CostKind::Latency);
        QVERIFY(latency->isChecked());
        QVERIFY(filter.latency);
        // The views count each sample's latency weight: the period over the parallelism at its time.
        const auto file = window->currentPage()->document()->file();
        const Profile &profile = *file->profile;
        const auto weights = Parallelism::compute(profile).latencyWeights(profile);
        uint64_t expected = 0;
        for (size_t i = 0; i < profile.samples.size(); ++i)
            if (filter.accepts(profile, i)) expected += (*weights)[i];
        const auto tree = part<FlameGraphModel>(*window, "flameGraphModel")->tree();
        QCOMPARE(tree->total(), expected);
        QVERIFY(expected > 0 && expected <= cpuTime);
        saveScreenshot(window.get(), QStringLiteral("latency-window.png"));
        applied.clear();
        window->findChild<QUndoStack *>()->undo();
        QVERIFY(applied.wait(kTimeoutMs) || !applied.isEmpty());
        QCOMPARE(window->filter().cost, CostKind::Period);
        QVERIFY(!latency->isChecked());
        QCOMPARE(part<FlameGraphModel>(*window, "flameGraphModel")->tree()->total(), cpuTime);
    }

    void timelineShowsParallelism() {
        if (path_.isEmpty()) QSKIP("recording is refused here");
        if (!switchesRecorded_) QSKIP("this user's recording has no context-switch records");
        auto window = openSessionWindow(path_, kTimeoutMs);
        QVERIFY(window);
        const auto *timeline = window->findChild<TimelineWidget *>();
        QVERIFY(timeline && timeline->parallelism());
        int processRow = -1;
        for (int row = 0; row < timeline->rowCount() && processRow < 0; ++row)
            if (timeline->rows().at(row).kind == TimelineRow::Process &&
                !timeline->parallelism()->steps(timeline->rows().at(row).pid).empty())
                processRow = row;
        QVERIFY2(processRow >= 0, "no process row has parallelism steps");
        const TimelineRow &row = timeline->rows().at(processRow);
        uint32_t most = 0;
        for (const ParallelismStep &step : timeline->parallelism()->steps(row.pid))
            most = std::max(most, step.running);
        QVERIFY(most >= 1 && most <= 3); // the main thread and two workers at most
        saveScreenshot(part<QDockWidget>(window, "timelineDock"), QStringLiteral("latency-timeline.png"));
    }

    void notOfferedWithoutSwitches() {
        auto window = openGoldenWindow(QStringLiteral("perf-fp"), kTimeoutMs);
        QVERIFY(window);
        QVERIFY(!part<QAction>(*window, "latency")->isVisible());
        QVERIFY(!window->findChild<TimelineWidget *>()->parallelism());
    }

private:
    QTemporaryDir dir_;
    QString path_;
    bool switchesRecorded_ = false;
};

QTEST_MAIN(TestLatencyView)
#include "tst_latencyview.moc"
