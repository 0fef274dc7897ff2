// The Timeline dock on real sessions: a frame-pointer recording of tests/clients/hotspots (a program with a
// worker thread; tests/fixtures/hotspots, made once), a system-wide recording (many processes, threads and
// CPUs; needs the privilege to record the whole system), a file made by `perf record` (where perf is
// installed; else the golden one, tests/fixtures/golden/perf-fp.data) and the golden perfglass-cli recording,
// which need no recording at test time. At 1400x900 and at the window's minimum size: rows grouped by process
// then thread, busiest first, the idle task last; per-CPU rows for the system-wide session only; every row
// visible, or reachable by scrolling while the time axis stays in place; labels that keep the name's start
// and the whole number; thread colours that stay when the views are filtered. Screenshots of the window and
// of the dock for each case go to build/screenshots.
#include "FrameActions.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "SessionAnalysis.h"
#include "TestSupport.h"
#include "TimelineAxis.h"
#include "TimelineView.h"
#include "TimelineWidget.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QProcess>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <set>

using namespace perfglass;
using namespace perfglass::test;

namespace {
constexpr int kTimeoutMs = 120000;

struct Case {
    QString name;
    QString path;
    bool systemWide = false;
};
} // namespace

class TestTimeline : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void fpRecording();
    void goldenRecording();
    void systemWideRecording();
    void perfRecording();
    void coloursStayWhenFiltered();
    void showOnlyOneCpu();
    void dragAcrossTheAxis();
    void saysWhileTheTimelineIsMade();

private:
    std::unique_ptr<MainWindow> openWindow(const QString &path, QSize size);
    void checkCase(const Case &session);
    void checkRows(const TimelineWidget &timeline, bool systemWide);
    void checkLabels(const TimelineWidget &timeline);
    void checkScrolling(TimelineView &view, bool allRowsShown);

    QTemporaryDir dir_;
    QString fp_;
    QString systemWide_;
    QString systemWideProblem_;
    QString perf_;
};

void TestTimeline::initTestCase() {
    useTestSettings(QStringLiteral("tst_timeline"));
    QVERIFY(dir_.isValid());
    fp_ = hotspotsPath(QStringLiteral("hotspots")); // `record -g hotspots-fp 600 2`, recorded once

    // The whole system for a second while a program with threads runs.
    QProcess busy;
    busy.start(clientPath(QStringLiteral("hotspots-fp")), {QStringLiteral("60000"), QStringLiteral("2")});
    QVERIFY(busy.waitForStarted());
    const QString system = dir_.filePath(QStringLiteral("system-wide.data"));
    const ProcessResult recorded =
        runCli({QStringLiteral("record"), QStringLiteral("-a"), QStringLiteral("-g"),
                QStringLiteral("--duration"), QStringLiteral("1"), QStringLiteral("-o"), system});
    busy.kill(); // it ran through the recording, however late a loaded machine started that
    busy.waitForFinished(kTimeoutMs);
    if (QFileInfo(system).size() > 0 && recorded.exitCode == 0)
        systemWide_ = system;
    else
        systemWideProblem_ = recorded.err;

    if (!perfPath().isEmpty()) {
        const QString perf = dir_.filePath(QStringLiteral("perf.data"));
        const ProcessResult made = runPerfRecord(
            {QStringLiteral("-g"), QStringLiteral("-e"), QStringLiteral("cpu-clock"), QStringLiteral("-o"),
             perf, QStringLiteral("--"), clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("500"),
             QStringLiteral("2")});
        if (QFileInfo(perf).size() > 0)
            perf_ = perf;
        else
            qWarning("perf record failed: %s", qPrintable(made.err));
    }
}

std::unique_ptr<MainWindow> TestTimeline::openWindow(const QString &path, QSize size) {
    return openSessionWindow(path, kTimeoutMs, size,
                             path.startsWith(goldenDir())     ? goldenSymbols()
                             : path.startsWith(hotspotsDir()) ? hotspotsSymbols()
                                                              : SymbolSettings{});
}

// Groups and order: CPUs (system-wide only), then each process's row (when it has several threads) and its
// threads; processes and threads busiest first, kernel threads after programs, the idle task last.
void TestTimeline::checkRows(const TimelineWidget &timeline, bool systemWide) {
    const TimelineRows &rows = timeline.rows();
    QVERIFY(rows.size() > 0);
    QCOMPARE(rows.systemWide(), systemWide);
    std::set<uint32_t> cpus;
    for (const CpuTimeline &cpu : timeline.buckets()->cpus)
        cpus.insert(cpu.cpu);
    int cpuRows = 0;
    while (cpuRows < rows.size() && rows.at(cpuRows).kind == TimelineRow::Cpu)
        ++cpuRows;
    QCOMPARE(static_cast<size_t>(cpuRows), systemWide ? cpus.size() : 0);
    // Process groups in order, each with its cost and rank.
    std::vector<std::pair<int, uint64_t>> groups; // rank (0 program, 1 kernel threads, 2 idle), cost
    std::set<uint32_t> seenPids;
    for (int i = cpuRows; i < rows.size(); ++i) {
        const TimelineRow &row = rows.at(i);
        QVERIFY(row.kind != TimelineRow::Cpu);
        const bool opensGroup = row.depth == 0;
        if (opensGroup) {
            QVERIFY2(seenPids.insert(row.pid).second, "a process's rows are together");
            groups.emplace_back(row.pid == 0 ? 2 : row.kernelThread ? 1 : 0, row.series->totalCost);
        } else {
            QCOMPARE(row.kind, TimelineRow::Thread);
            const TimelineRow &above = rows.at(i - 1);
            QCOMPARE(above.pid, row.pid);
            if (above.kind == TimelineRow::Thread) QVERIFY(above.series->totalCost >= row.series->totalCost);
        }
        if (row.idle) {
            QCOMPARE(row.name, QStringLiteral("swapper (idle)"));
            QVERIFY(!timeline.threadLabel(i).contains(QLatin1String("thread")));
        }
        QVERIFY2(!timeline.threadLabel(i).startsWith(QLatin1String("thread (")),
                 qPrintable(timeline.threadLabel(i)));
    }
    for (size_t g = 1; g < groups.size(); ++g) {
        QVERIFY(groups[g - 1].first <= groups[g].first);
        if (groups[g - 1].first == groups[g].first) QVERIFY(groups[g - 1].second >= groups[g].second);
    }
}

// Every label keeps its number whole and the start of its name.
void TestTimeline::checkLabels(const TimelineWidget &timeline) {
    const QString ellipsis(QChar(0x2026));
    for (int i = 0; i < timeline.rowCount(); ++i) {
        const TimelineRow &row = timeline.rows().at(i);
        const QString painted = timeline.paintedLabel(i);
        QString name = painted;
        if (!row.id.isEmpty()) {
            QVERIFY2(painted.endsWith(QLatin1Char(' ') + row.id), qPrintable(painted));
            name.chop(row.id.size() + 1);
        }
        if (name.endsWith(ellipsis)) name.chop(1);
        QVERIFY2(row.name.startsWith(name), qPrintable(painted));
        QVERIFY2(name.size() >= std::min<qsizetype>(row.name.size(), 4), qPrintable(painted));
    }
}

// Every row is visible, or the rows scroll under an axis that stays where it is.
void TestTimeline::checkScrolling(TimelineView &view, bool allRowsShown) {
    auto *scroll = part<QScrollArea>(view, "timelineScroll");
    TimelineWidget *timeline = view.timeline();
    QWidget *axis = view.axis();
    QVERIFY(!scroll->isAncestorOf(axis));
    const int viewport = scroll->viewport()->height();
    const int content = timeline->height();
    QCOMPARE(content, timeline->rowCount() * TimelineWidget::kRowHeight + 2);
    if (allRowsShown)
        QVERIFY2(viewport >= content, qPrintable(QStringLiteral("%1 < %2").arg(viewport).arg(content)));
    if (content <= viewport) return;
    QScrollBar *bar = scroll->verticalScrollBar();
    QVERIFY(bar->isVisible());
    QCOMPARE(bar->maximum(), content - viewport);
    const QPoint axisAt = axis->mapTo(view.window(), QPoint());
    bar->setValue(bar->maximum());
    QCoreApplication::processEvents();
    QCOMPARE(axis->mapTo(view.window(), QPoint()), axisAt);
    // The last row is in view now.
    const QRect last = timeline->rowRect(timeline->rowCount() - 1);
    QVERIFY(scroll->viewport()->rect().contains(timeline->mapTo(scroll->viewport(), last.bottomLeft())));
    bar->setValue(0);
}

void TestTimeline::checkCase(const Case &session) {
    auto probe = std::make_unique<MainWindow>();
    const QSize minimum = probe->minimumSizeHint().expandedTo(probe->minimumSize());
    probe.reset();
    for (const QSize size : {QSize(1400, 900), minimum}) {
        const auto window = openWindow(session.path, size);
        QVERIFY(window);
        part<QDockWidget>(window, "timelineDock")->raise();
        auto *view = part<TimelineView>(window, "timelineView");
        QTest::qWait(50);
        checkRows(*view->timeline(), session.systemWide);
        if (QTest::currentTestFailed()) return;
        checkLabels(*view->timeline());
        if (QTest::currentTestFailed()) return;
        // At 1400x900 the dock is made taller for more rows (up to TimelineView::kMaxRowsShown, as far as
        // the other docks leave room): at least five are in view.
        const bool large = size.height() >= 900;
        const int shownRows =
            part<QScrollArea>(*view, "timelineScroll")->viewport()->height() / TimelineWidget::kRowHeight;
        if (large)
            QVERIFY2(shownRows >= std::min(5, view->timeline()->rowCount()),
                     qPrintable(QString::number(shownRows)));
        checkScrolling(*view, large && view->timeline()->rowCount() <= 5);
        if (QTest::currentTestFailed()) return;
        const QString suffix = large ? QStringLiteral("1400x900") : QStringLiteral("minimum");
        saveScreenshot(window.get(), QStringLiteral("timeline-%1-%2.png").arg(session.name, suffix));
        saveScreenshot(part<QDockWidget>(window, "timelineDock"),
                       QStringLiteral("timeline-%1-%2-dock.png").arg(session.name, suffix));
    }
}

void TestTimeline::fpRecording() {
    checkCase({QStringLiteral("fp"), fp_, false});
}

// A recording of perfglass-cli's (DWARF stacks), one thread.
void TestTimeline::goldenRecording() {
    checkCase({QStringLiteral("golden"), goldenPath(QStringLiteral("perfglass-dwarf")), false});
}

void TestTimeline::systemWideRecording() {
    if (systemWide_.isEmpty())
        QSKIP(qPrintable(QStringLiteral("no system-wide recording here: ") + systemWideProblem_));
    checkCase({QStringLiteral("system-wide"), systemWide_, true});
}

void TestTimeline::perfRecording() {
    checkCase(
        {QStringLiteral("perf"), perf_.isEmpty() ? goldenPath(QStringLiteral("perf-fp")) : perf_, false});
}

// Hiding kernel frames aggregates the timeline again; every thread keeps its colour.
void TestTimeline::coloursStayWhenFiltered() {
    const QString path = systemWide_.isEmpty() ? fp_ : systemWide_;
    const auto window = openWindow(path, QSize(1400, 900));
    QVERIFY(window);
    TimelineWidget *timeline = part<TimelineView>(window, "timelineView")->timeline();
    std::map<uint32_t, QRgb> colours;
    for (const TimelineRow &row : timeline->rows().rows())
        if (row.kind == TimelineRow::Thread) colours[row.tid] = row.colour.rgb();
    const auto before = timeline->buckets();
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    part<FrameActions>(window, "frameActions")->hideKernelAction()->trigger();
    // The timeline of the filter follows its trees: until then the widget has none.
    QTRY_VERIFY_WITH_TIMEOUT(timeline->buckets() && timeline->buckets() != before, kTimeoutMs);
    int compared = 0;
    for (const TimelineRow &row : timeline->rows().rows()) {
        if (row.kind != TimelineRow::Thread || !colours.count(row.tid)) continue;
        QCOMPARE(row.colour.rgb(), colours.at(row.tid));
        ++compared;
    }
    QVERIFY(compared >= 2);
    saveScreenshot(part<QDockWidget>(window, "timelineDock"), QStringLiteral("timeline-filtered-dock.png"));
}

// A CPU's row offers to show only that CPU; the other CPUs' rows stay, greyed.
void TestTimeline::showOnlyOneCpu() {
    if (systemWide_.isEmpty())
        QSKIP(qPrintable(QStringLiteral("no system-wide recording here: ") + systemWideProblem_));
    const auto window = openWindow(systemWide_, QSize(1400, 900));
    QVERIFY(window);
    TimelineWidget *timeline = part<TimelineView>(window, "timelineView")->timeline();
    QCOMPARE(timeline->rows().at(0).kind, TimelineRow::Cpu);
    const uint32_t cpu = timeline->rows().at(0).cpu;
    const int rows = timeline->rowCount();
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    QMenu *menu = timeline->createContextMenu(0);
    QAction *only = menu->findChild<QAction *>(QStringLiteral("showOnlyCpu"));
    QVERIFY(only);
    only->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(window->session()->filter.cpus == std::vector<uint32_t>{cpu}, kTimeoutMs);
    QCOMPARE(timeline->rowCount(), rows);
    QVERIFY(timeline->isThreadShown(0));
    if (timeline->rows().at(1).kind == TimelineRow::Cpu) QVERIFY(!timeline->isThreadShown(1));
    saveScreenshot(part<QDockWidget>(window, "timelineDock"), QStringLiteral("timeline-one-cpu-dock.png"));
}

// The axis selects a time range as the rows do.
void TestTimeline::dragAcrossTheAxis() {
    const auto window =
        openWindow(fp_.isEmpty() ? goldenPath(QStringLiteral("perf-fp")) : fp_, QSize(1400, 900));
    QVERIFY(window);
    auto *view = part<TimelineView>(window, "timelineView");
    TimelineWidget *timeline = view->timeline();
    QWidget *axis = view->axis();
    const int shift = timeline->mapTo(window.get(), QPoint()).x() - axis->mapTo(window.get(), QPoint()).x();
    const QPoint from(shift + timeline->plotLeft() + timeline->plotWidth() / 4, axis->height() / 2);
    const QPoint to(shift + timeline->plotLeft() + timeline->plotWidth() / 2, axis->height() / 2);
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    QTest::mousePress(axis, Qt::LeftButton, {}, from);
    QTest::mouseMove(axis, to);
    QTest::mouseRelease(axis, Qt::LeftButton, {}, to);
    QVERIFY(applied.wait(kTimeoutMs));
    QVERIFY(window->filter().startTime && window->filter().endTime);
    QCOMPARE(*window->filter().startTime, timeline->timeAt(from.x() - shift));
    QCOMPARE(*window->filter().endTime, timeline->timeAt(to.x() - shift));
    saveScreenshot(part<QDockWidget>(window, "timelineDock"), QStringLiteral("timeline-fp-range-dock.png"));
}

// A session's timeline is made after its trees (SessionDocument::timelineMade): until it comes the view says
// it is being worked out, and once it does the view asks for the height its rows need.
void TestTimeline::saysWhileTheTimelineIsMade() {
    const auto window = openWindow(goldenPath(QStringLiteral("perf-fp")), QSize(1400, 900));
    QVERIFY(window);
    const auto withTimeline = window->session();
    auto withoutTimeline = std::make_shared<SessionAnalysis>(*withTimeline);
    withoutTimeline->timeline.reset();
    TimelineView view;
    view.resize(900, 160);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy preferredHeight(&view, &TimelineView::preferredHeightChanged);
    view.setSession(withoutTimeline);
    QCOMPARE(view.timeline()->rowCount(), 0);
    QCOMPARE(view.timeline()->profile(), withTimeline->profile());
    QVERIFY(preferredHeight.isEmpty());
    saveScreenshot(&view, QStringLiteral("timeline-being-made.png"));
    view.setSession(withTimeline);
    QVERIFY(view.timeline()->rowCount() > 0);
    QCOMPARE(preferredHeight.size(), 1);
    saveScreenshot(&view, QStringLiteral("timeline-made.png"));
}

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
