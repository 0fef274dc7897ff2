// The window serves the flame graph, on three recordings of tests/clients/hotspots: frame pointers, DWARF
// (hotspots-nofp) and one made by `perf record` (skipped without perf). The flame graph dock gets most of the
// window and extra height; its root row stays in view at 1400x900 and at the window's minimum size, in flame,
// icicle and bottom-up modes; frames under the merge threshold become one "small frames" block whose tooltip
// names them. Keyboard: Escape and Home from the search field; a double click on a tree row leaves it
// expanded; the status bar says what the views show after the filter is cleared. File ▸ Close, Reload and
// Export (with the filter applied, off the UI thread). The frame-pointer recording is a fixture
// (tests/fixtures/hotspots); where the DWARF and perf ones cannot be recorded, the golden recordings
// (tests/fixtures/golden: golden.c's hot, warm and cold under work, one thread) stand in for them.
// Screenshots of every case go to build/screenshots.
#include "CallTreeModel.h"
#include "CallTreeView.h"
#include "ExportJob.h"
#include "FlameGraphModel.h"
#include "FlameGraphView.h"
#include "FlameGraphWidget.h"
#include "FunctionNames.h"
#include "GuiTestSupport.h"
#include "LoadJob.h"
#include "MainWindow.h"
#include "SessionDocument.h"
#include "TestSupport.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHelpEvent>
#include <QLineEdit>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTest>
#include <QToolButton>
#include <QToolTip>
#include <QTreeView>

#include <zlib.h>

using namespace perfglass;
using namespace perfglass::test;

namespace {
constexpr int kLoadTimeoutMs = 120000;

uint32_t nodeNamed(const FlameGraphModel &model, const QString &name, uint32_t parent = CallTree::kRoot) {
    // Breadth first, so the shallowest (usually heaviest) node of that name comes first.
    std::vector<uint32_t> queue{parent};
    for (size_t i = 0; i < queue.size(); ++i) {
        for (uint32_t child : model.childrenOf(queue[i])) {
            if (unqualifiedName(withoutParameters(model.name(child))) == name) return child;
            queue.push_back(child);
        }
    }
    return CallTree::kRoot;
}

// The root row's rectangle in the scroll area's viewport coordinates.
QRect rootInViewport(const FlameGraphView &view) {
    const auto root = view.graph()->frameRect(CallTree::kRoot);
    if (!root) return {};
    const QPoint topLeft = view.graph()->mapTo(view.scrollArea()->viewport(), root->topLeft().toPoint());
    return {topLeft, root->size().toSize()};
}
} // namespace

class TestFlameGraph : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void rootRowAtEverySize_data();
    void rootRowAtEverySize();
    void minimumWindowShowsRows();
    void extraHeightGoesToFlameGraph();
    void layoutStateIsRestored();
    void smallFramesMerge();
    void escapeAndHomeFromSearch();
    void doubleClickKeepsRowExpanded();
    void statusSaysWhatIsShown();
    void closeAndReload();
    void exportAppliesFilter();
    void exportMenuHasEveryFormat();

private:
    static QString settingsName() {
        return QStringLiteral("tst_flamegraph-%1").arg(QCoreApplication::applicationPid());
    }
    std::unique_ptr<MainWindow> openWindow(const QString &path);
    QString recordWith(const QString &name, const QStringList &options, const QString &client);
    QString recordWithPerf();
    void checkRootVisible(MainWindow &window, const QString &what);

    QTemporaryDir dir_;
    QString fp_;

    QString anySession() const { return fp_; }
};

void TestFlameGraph::initTestCase() {
    // Settings of this process's own: the flame graph's options are remembered, and another run of this
    // suite (another build tree) must not change them underneath.
    useTestSettings(settingsName());
    QVERIFY(dir_.isValid());
    fp_ = hotspotsPath(QStringLiteral("hotspots")); // `record -g hotspots-fp 600 2`, recorded once
}

void TestFlameGraph::cleanupTestCase() {
    QSettings settings;
    settings.clear();
    settings.sync();
    QFile::remove(settings.fileName());
}

QString TestFlameGraph::recordWith(const QString &name, const QStringList &options, const QString &client) {
    const QString path = dir_.filePath(name);
    if (QFileInfo::exists(path)) return path;
    const ProcessResult result =
        runCli(QStringList{QStringLiteral("record")} + options +
               QStringList{QStringLiteral("-o"), path, QStringLiteral("--"), clientPath(client),
                           QStringLiteral("600"), QStringLiteral("2")});
    if (!QFileInfo::exists(path) || QFileInfo(path).size() == 0) {
        qWarning("recording %s failed: %s", qPrintable(name), qPrintable(result.err));
        return {};
    }
    return path;
}

QString TestFlameGraph::recordWithPerf() {
    const QString path = dir_.filePath(QStringLiteral("perf.data"));
    if (QFileInfo::exists(path)) return path;
    if (perfPath().isEmpty()) return {};
    const ProcessResult result = runPerfRecord(
        {QStringLiteral("-e"), QStringLiteral("cpu-clock"), QStringLiteral("-g"), QStringLiteral("-o"), path,
         QStringLiteral("--"), clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("600"),
         QStringLiteral("2")});
    if (!QFileInfo::exists(path) || QFileInfo(path).size() == 0) {
        qWarning("perf record failed: %s", qPrintable(result.err));
        return {};
    }
    return path;
}

std::unique_ptr<MainWindow> TestFlameGraph::openWindow(const QString &path) {
    return openSessionWindow(path, kLoadTimeoutMs, QSize(1400, 900),
                             path.startsWith(goldenDir())     ? goldenSymbols()
                             : path.startsWith(hotspotsDir()) ? hotspotsSymbols()
                                                              : SymbolSettings{});
}

// The root row is inside the flame graph's viewport, at its bottom edge (its top edge for an icicle).
void TestFlameGraph::checkRootVisible(MainWindow &window, const QString &what) {
    QCoreApplication::processEvents();
    QTest::qWait(20);
    const auto *view = part<FlameGraphView>(&window, "flameGraphView");
    const QRect viewport = view->scrollArea()->viewport()->rect();
    const QRect root = rootInViewport(*view);
    const int row = view->graph()->rowHeight();
    QVERIFY2(!root.isEmpty(), qPrintable(what));
    QVERIFY2(viewport.contains(root.center()),
             qPrintable(QStringLiteral("%1: root at y %2..%3, viewport height %4")
                            .arg(what)
                            .arg(root.top())
                            .arg(root.bottom())
                            .arg(viewport.height())));
    if (view->graph()->isIcicle())
        QVERIFY2(root.top() - viewport.top() < row, qPrintable(what));
    else
        QVERIFY2(viewport.bottom() - root.bottom() < row, qPrintable(what));
}

void TestFlameGraph::rootRowAtEverySize_data() {
    QTest::addColumn<QString>("kind");
    QTest::newRow("fp") << QStringLiteral("fp");
    QTest::newRow("dwarf") << QStringLiteral("dwarf");
    QTest::newRow("perf") << QStringLiteral("perf");
}

void TestFlameGraph::rootRowAtEverySize() {
    QFETCH(QString, kind);
    QString path = fp_;
    if (kind == QLatin1String("dwarf"))
        path = recordWith(QStringLiteral("dwarf.data"),
                          {QStringLiteral("--call-graph"), QStringLiteral("dwarf")},
                          QStringLiteral("hotspots-nofp"));
    if (kind == QLatin1String("perf")) path = recordWithPerf();
    // hotspots' hottest function, and the one samples end in; golden.c's where that cannot be recorded.
    QString hottest = QStringLiteral("hotLoop");
    QString leaf = hottest;
    const bool golden = path.isEmpty();
    if (golden) {
        const QString fixture = kind == QLatin1String("fp")      ? QStringLiteral("perf-fp")
                                : kind == QLatin1String("dwarf") ? QStringLiteral("perfglass-dwarf")
                                                                 : QStringLiteral("perf-dwarf");
        path = goldenPath(fixture);
        hottest = QStringLiteral("hot");
        leaf = QStringLiteral("spin");
    }
    const auto window = openWindow(path);
    QVERIFY(window);
    auto *view = part<FlameGraphView>(window, "flameGraphView");
    const FlameGraphModel &model = *part<FlameGraphModel>(window, "flameGraphModel");
    QVERIFY(!model.isEmpty());
    QVERIFY(nodeNamed(model, hottest) != CallTree::kRoot);

    // Most of the window: taller than the timeline and the trees together.
    const int flame = part<QDockWidget>(window, "flameGraphDock")->height();
    const int others = part<QDockWidget>(window, "timelineDock")->height() +
                       part<QDockWidget>(window, "topDownDock")->height();
    QVERIFY2(flame > others, qPrintable(QStringLiteral("flame %1, others %2").arg(flame).arg(others)));
    qInfo("1400x900: flame graph dock %d px, timeline %d px, trees %d px", flame,
          part<QDockWidget>(window, "timelineDock")->height(),
          part<QDockWidget>(window, "topDownDock")->height());
    checkRootVisible(*window, kind + QStringLiteral(" 1400x900"));
    saveScreenshot(window.get(), QStringLiteral("flame-%1-1400x900.png").arg(kind));

    view->setIcicle(true);
    checkRootVisible(*window, kind + QStringLiteral(" icicle"));
    saveScreenshot(window.get(), QStringLiteral("flame-%1-icicle.png").arg(kind));
    view->setIcicle(false);

    // Bottom-up: the functions samples end in sit on the root. No view showed the bottom-up tree, so the load
    // did not make it: the graph waits for it (a placeholder says so), then shows it.
    QVERIFY(!view->bottomUpButton()->isChecked());
    QVERIFY(!part<SessionDocument>(window, "sessionDocument")->analysis()->bottomUp);
    QVERIFY(view->bottomUpButton()->isEnabled());
    view->bottomUpButton()->click();
    QVERIFY(model.isBottomUp());
    QVERIFY(model.waitsForBottomUp());
    // Grabbed at once: saveScreenshot lets events run, which would bring the tree.
    QVERIFY(view->graph()->grab().save(screenshotDir() +
                                       QStringLiteral("/flame-%1-bottomup-waits.png").arg(kind)));
    QTRY_VERIFY(model.tree());
    QCOMPARE(model.tree()->kind(), CallTree::Kind::BottomUp);
    QCOMPARE(model.tree(), part<SessionDocument>(window, "sessionDocument")->analysis()->bottomUp);
    const uint32_t hot = nodeNamed(model, leaf);
    QVERIFY(hot != CallTree::kRoot);
    QCOMPARE(model.parentOf(hot), CallTree::kRoot);
    checkRootVisible(*window, kind + QStringLiteral(" bottom-up"));
    saveScreenshot(window.get(), QStringLiteral("flame-%1-bottomup.png").arg(kind));
    view->bottomUpButton()->click();
    QVERIFY(!model.isBottomUp());

    // The smallest window: the root row is still there, whatever the depth of the graph.
    window->resize(window->minimumSizeHint());
    QTRY_VERIFY(window->height() <= window->minimumSizeHint().height() + 1);
    qInfo("minimum window %dx%d: flame graph viewport %d px for %d px of rows", window->width(),
          window->height(), view->scrollArea()->viewport()->height(), view->graph()->contentHeight());
    if (!golden) // hotspots' stacks are deeper than the smallest window: they scroll
        QVERIFY(view->graph()->contentHeight() > view->scrollArea()->viewport()->height());
    checkRootVisible(*window, kind + QStringLiteral(" minimum size"));
    saveScreenshot(window.get(), QStringLiteral("flame-%1-minimum.png").arg(kind));
    view->setIcicle(true);
    checkRootVisible(*window, kind + QStringLiteral(" minimum size, icicle"));
    saveScreenshot(window.get(), QStringLiteral("flame-%1-minimum-icicle.png").arg(kind));
    view->setIcicle(false);
    view->bottomUpButton()->click();
    checkRootVisible(*window, kind + QStringLiteral(" minimum size, bottom-up"));
    saveScreenshot(window.get(), QStringLiteral("flame-%1-minimum-bottomup.png").arg(kind));
    view->bottomUpButton()->click();
}

// The smallest window shows eight rows of the flame graph: the docks tabbed below it (trees, Caller/Callee,
// Summary, Events) ask for little height, so the window's minimum is not spent on them.
void TestFlameGraph::minimumWindowShowsRows() {
    const auto window = openWindow(anySession());
    QVERIFY(window);
    auto *view = part<FlameGraphView>(window, "flameGraphView");
    window->resize(window->minimumSizeHint());
    QTRY_VERIFY(window->height() <= window->minimumSizeHint().height() + 1);
    for (QDockWidget *dock : window->findChildren<QDockWidget *>())
        qInfo("%s: %d px high, minimum %d", qPrintable(dock->objectName()), dock->height(),
              dock->minimumSizeHint().height());
    const int rows = view->scrollArea()->viewport()->height() / view->graph()->rowHeight();
    qInfo("minimum window %dx%d: %d flame graph rows", window->width(), window->height(), rows);
    saveScreenshot(window.get(), QStringLiteral("flame-minimum-rows.png"));
    QVERIFY2(rows >= 8, qPrintable(QStringLiteral("%1 rows").arg(rows)));
    // The Events dock, tabbed with the trees, asks for no more height than Caller/Callee.
    QVERIFY(part<QDockWidget>(window, "eventsDock")->minimumSizeHint().height() <=
            part<QDockWidget>(window, "callerCalleeDock")->minimumSizeHint().height() + 30);
}

void TestFlameGraph::extraHeightGoesToFlameGraph() {
    const auto window = openWindow(anySession());
    QVERIFY(window);
    auto height = [&window](const char *dock) { return part<QDockWidget>(window, dock)->height(); };
    const int flame = height("flameGraphDock");
    const int timeline = height("timelineDock");
    const int trees = height("topDownDock");
    window->resize(1400, 1200);
    QTRY_VERIFY(window->height() == 1200);
    QTRY_VERIFY(height("flameGraphDock") > flame + 250);
    qInfo("900 -> 1200 px: flame graph %d -> %d, timeline %d -> %d, trees %d -> %d", flame,
          height("flameGraphDock"), timeline, height("timelineDock"), trees, height("topDownDock"));
    QVERIFY2(std::abs(height("timelineDock") - timeline) <= 10,
             qPrintable(QStringLiteral("%1 -> %2").arg(timeline).arg(height("timelineDock"))));
    QVERIFY2(std::abs(height("topDownDock") - trees) <= 10,
             qPrintable(QString::number(height("topDownDock"))));
    checkRootVisible(*window, QStringLiteral("1400x1200"));
    saveScreenshot(window.get(), QStringLiteral("flame-fp-1400x1200.png"));
}

// The default layout changed (state version 3): a layout saved by an older version is not restored, one saved
// by this version is.
void TestFlameGraph::layoutStateIsRestored() {
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        part<QDockWidget>(window, "summaryDock")->hide();
        QSettings().setValue(QStringLiteral("mainWindow/state"), window.saveState(2));
    }
    {
        MainWindow restored;
        restored.show();
        QVERIFY(QTest::qWaitForWindowExposed(&restored));
        QVERIFY(!part<QDockWidget>(restored, "summaryDock")->isHidden()); // the old layout is ignored
        part<QDockWidget>(restored, "summaryDock")->hide();
        restored.close(); // saves the layout
    }
    MainWindow again;
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QVERIFY(part<QDockWidget>(again, "summaryDock")->isHidden());
    QVERIFY(part<QDockWidget>(again, "flameGraphDock")->features() & QDockWidget::DockWidgetMovable);
    again.resetLayout();
    QVERIFY(!part<QDockWidget>(again, "summaryDock")->isHidden());
    QSettings().remove(QStringLiteral("mainWindow/state"));
    QSettings().remove(QStringLiteral("mainWindow/geometry"));
}

void TestFlameGraph::smallFramesMerge() {
    const auto window = openWindow(fp_);
    QVERIFY(window);
    auto *view = part<FlameGraphView>(window, "flameGraphView");
    FlameGraphWidget *graph = view->graph();
    FlameGraphModel &model = *part<FlameGraphModel>(window, "flameGraphModel");
    QCOMPARE(view->thresholdBox()->value(), FlameGraphModel::kDefaultMergeThreshold * 100.0);
    // coldLoop is about 5 % of the samples: an 8 % threshold merges it with the other small frames.
    view->thresholdBox()->setValue(8.0);
    QCOMPARE(model.mergeThreshold(), 0.08);
    QCOMPARE(graph->mergeWidth(), 0.08);
    const std::vector<FlameFrame> frames = model.layout(graph->mergeWidth(), 1.0 / (graph->width() - 8));
    const FlameFrame *merged = nullptr;
    for (const FlameFrame &frame : frames) {
        if (frame.mergedCount == 0) {
            QVERIFY(frame.ancestor || frame.width >= 0.08 - 1e-9);
            continue;
        }
        const auto children = model.mergedChildren(frame.node, graph->mergeWidth());
        QCOMPARE(children.size(), size_t(frame.mergedCount));
        uint64_t cost = 0;
        for (uint32_t child : children)
            cost += model.cost(child);
        QCOMPARE(cost, frame.cost);
        if (!merged || frame.cost > merged->cost) merged = &frame;
    }
    QVERIFY(merged);
    // Its tooltip names what it merges.
    const auto rect = graph->frameRect(merged->node);
    QVERIFY(rect);
    const double left = 4 + merged->x * (graph->width() - 8);
    const QRectF box(left, graph->isIcicle() ? rect->bottom() + 2 : rect->top() - graph->rowHeight(),
                     merged->width * (graph->width() - 8), graph->rowHeight() - 1);
    const QPoint at = box.center().toPoint();
    QVERIFY(graph->frameAt(at) && graph->frameAt(at)->mergedCount > 0);
    QHelpEvent help(QEvent::ToolTip, at, graph->mapToGlobal(at));
    QApplication::sendEvent(graph, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    const QString firstName =
        unqualifiedName(withoutParameters(model.name(model.mergedChildren(merged->node, 0.08).front())));
    QVERIFY2(QToolTip::text().contains(firstName), qPrintable(QToolTip::text()));
    QVERIFY(QToolTip::text().contains(QLatin1String("small frame")));
    saveScreenshot(window.get(), QStringLiteral("flame-fp-merge-8.png"));
    for (QWidget *top : QApplication::topLevelWidgets())
        if (top->inherits("QTipLabel") && top->isVisible())
            saveScreenshot(top, QStringLiteral("flame-fp-merge-8-tooltip.png"));
    QToolTip::hideText();
    view->thresholdBox()->setValue(FlameGraphModel::kDefaultMergeThreshold * 100.0);
}

void TestFlameGraph::escapeAndHomeFromSearch() {
    const auto window = openWindow(fp_);
    QVERIFY(window);
    auto *view = part<FlameGraphView>(window, "flameGraphView");
    FlameGraphModel &model = *part<FlameGraphModel>(window, "flameGraphModel");
    const uint32_t hot = nodeNamed(model, QStringLiteral("hotLoop"));
    QVERIFY(hot != CallTree::kRoot);
    QLineEdit *search = view->searchField();
    view->focusSearch();
    QTest::keyClicks(search, QStringLiteral("Loop"));
    QVERIFY(model.matchedFrameCount() > 0);

    model.zoomTo(hot);
    QVERIFY(model.isZoomed());
    QTest::keyClick(search, Qt::Key_Home);
    QVERIFY(!model.isZoomed());
    QCOMPARE(search->cursorPosition(), 0); // the key still moves the cursor
    QCOMPARE(search->text(), QStringLiteral("Loop"));

    model.zoomTo(model.parentOf(hot));
    model.zoomTo(hot);
    QTest::keyClick(search, Qt::Key_Escape);
    QCOMPARE(model.zoomRoot(), model.parentOf(hot));
    QTest::keyClick(search, Qt::Key_Escape);
    QVERIFY(!model.isZoomed());
    QCOMPARE(search->text(), QStringLiteral("Loop"));
    QTest::keyClick(search, Qt::Key_Escape); // nothing to go back to: the search is cleared
    QVERIFY(search->text().isEmpty());
    QCOMPARE(model.matchedFrameCount(), 0);
}

void TestFlameGraph::doubleClickKeepsRowExpanded() {
    const auto window = openWindow(anySession());
    QVERIFY(window);
    auto *topDown = part<CallTreeView>(window, "topDownView");
    QTreeView *tree = topDown->treeView();
    const QModelIndex first = tree->model()->index(0, 0);
    QVERIFY(tree->isExpanded(first));
    const QRect rect = tree->visualRect(first);
    auto doubleClick = [tree, &rect] { // the events a real double click sends
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
        QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
        QTest::mouseRelease(tree->viewport(), Qt::LeftButton, {}, rect.center());
    };
    doubleClick();
    QVERIFY(tree->isExpanded(first));
    const FlameGraphModel &model = *part<FlameGraphModel>(window, "flameGraphModel");
    QCOMPARE(model.zoomRoot(), topDown->model()->nodeOf(topDown->proxy()->mapToSource(first)));

    // With the flame graph bottom-up, the function is searched for instead.
    part<FlameGraphView>(window, "flameGraphView")->setBottomUp(true);
    doubleClick();
    QVERIFY(tree->isExpanded(first));
    QVERIFY(!model.searchText().isEmpty());
    QTRY_VERIFY(model.matchedFrameCount() > 0); // once the bottom-up tree is made
    part<FlameGraphView>(window, "flameGraphView")->setBottomUp(false);
}

void TestFlameGraph::statusSaysWhatIsShown() {
    const auto window = openWindow(anySession());
    QVERIFY(window);
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    const auto &profile = *window->session()->profile();
    window->selectTimeRange(profile.startTime, profile.startTime + (profile.endTime - profile.startTime) / 2);
    QVERIFY(applied.wait(kLoadTimeoutMs));
    QVERIFY2(window->statusBar()->currentMessage().startsWith(QLatin1String("Filter applied")),
             qPrintable(window->statusBar()->currentMessage()));
    window->clearFilter();
    QVERIFY(applied.wait(kLoadTimeoutMs));
    QCOMPARE(window->statusBar()->currentMessage(), QStringLiteral("Showing the whole session."));
}

void TestFlameGraph::closeAndReload() {
    const auto window = openWindow(fp_);
    QVERIFY(window);
    auto *close = part<QAction>(window, "closeAction");
    auto *reload = part<QAction>(window, "reloadAction");
    QVERIFY(close->isEnabled() && reload->isEnabled());
    close->trigger();
    QVERIFY(!window->session());
    QVERIFY(part<FlameGraphModel>(window, "flameGraphModel")->isEmpty());
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->rowCount(), 0);
    QVERIFY(!close->isEnabled() && !reload->isEnabled());
    QVERIFY(!part<QComboBox>(window, "eventPicker")->isVisibleTo(window.get()));
    QVERIFY(!part<QMenu>(window, "exportMenu")->isEnabled());
    QCOMPARE(window->windowTitle(), QStringLiteral("Perfglass"));
    saveScreenshot(window.get(), QStringLiteral("flame-closed.png"));

    QSignalSpy loaded(window.get(), &MainWindow::sessionLoaded);
    window->openFile(fp_);
    QVERIFY(loaded.wait(kLoadTimeoutMs));
    const auto first = window->session();
    reload->trigger();
    QVERIFY(loaded.wait(kLoadTimeoutMs));
    QVERIFY(window->session() != first);
    QCOMPARE(window->session()->file->path, first->file->path);
    QVERIFY(!part<FlameGraphModel>(window, "flameGraphModel")->isEmpty());
}

// Drops coldLoop from the window's stacks and waits until the filter is applied; false when it cannot.
bool dropColdLoop(MainWindow &window) {
    const FlameGraphModel &model = *part<FlameGraphModel>(&window, "flameGraphModel");
    const uint32_t cold = nodeNamed(model, QStringLiteral("coldLoop"));
    if (cold == CallTree::kRoot) return false;
    QSignalSpy applied(&window, &MainWindow::filterApplied);
    window.addTransform(Transform::dropFunction(model.tree()->node(cold).function), QStringLiteral("drop"));
    return applied.wait(kLoadTimeoutMs);
}

void TestFlameGraph::exportAppliesFilter() {
    const auto window = openWindow(fp_);
    QVERIFY(window);
    QVERIFY(dropColdLoop(*window));

    QSignalSpy finished(window.get(), &MainWindow::exportFinished);
    QSignalSpy failed(window.get(), &MainWindow::exportFailed);
    auto *job = part<ExportJob>(window, "exportJob");
    const QString collapsed = dir_.filePath(QStringLiteral("out.collapsed"));
    window->exportSession(ExportJob::Format::CollapsedStacks, collapsed);
    QVERIFY(job->isRunning()); // returned at once: the work runs on the thread pool
    QVERIFY(!part<QMenu>(window, "exportMenu")->isEnabled());
    QVERIFY(finished.wait(kLoadTimeoutMs));
    QCOMPARE(finished.takeFirst().at(0).toString(), collapsed);
    QFile file(collapsed);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    QVERIFY(text.contains(QLatin1String("hotLoop")));
    QVERIFY2(!text.contains(QLatin1String("coldLoop")), "the dropped function is exported");
    QVERIFY(part<QMenu>(window, "exportMenu")->isEnabled());

    const QString svg = dir_.filePath(QStringLiteral("out.svg"));
    window->exportSession(ExportJob::Format::SvgFlameGraph, svg);
    QVERIFY(finished.wait(kLoadTimeoutMs));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(!svgText.contains("coldLoop"));
    // A bottom-up flame graph on screen still exports the (top-down) SVG the exporter draws.
    part<FlameGraphView>(window, "flameGraphView")->setBottomUp(true);
    finished.clear();
    window->exportSession(ExportJob::Format::SvgFlameGraph, svg);
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), kLoadTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    part<FlameGraphView>(window, "flameGraphView")->setBottomUp(false);

    const QString speedscope = dir_.filePath(QStringLiteral("out.speedscope.json"));
    window->exportSession(ExportJob::Format::Speedscope, speedscope);
    QVERIFY(finished.wait(kLoadTimeoutMs));
    QFile json(speedscope);
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QByteArray jsonText = json.readAll();
    QVERIFY(jsonText.contains("speedscope"));
    QVERIFY(jsonText.contains("hotLoop"));
    QVERIFY(failed.isEmpty());

    window->exportSession(ExportJob::Format::CollapsedStacks,
                          QStringLiteral("/nonexistent/dir/out.collapsed"));
    QVERIFY(failed.wait(kLoadTimeoutMs));
    QVERIFY(window->statusBar()->currentMessage().startsWith(QLatin1String("Export failed")));
}

// File > Export offers every format; pprof and the Firefox Profiler's format are written with the filter.
void TestFlameGraph::exportMenuHasEveryFormat() {
    const auto window = openWindow(fp_);
    QVERIFY(window);
    auto *menu = part<QMenu>(window, "exportMenu");
    QStringList texts;
    for (const QAction *action : menu->actions())
        texts << action->text();
    QCOMPARE(texts, QStringList({"Flame Graph as &SVG…", "speedscope &JSON…", "&Collapsed Stacks…",
                                 "&pprof Profile…", "&Firefox Profiler…", "&Heat Map Page (HTML)…"}));
    QCOMPARE(ExportJob::suffix(ExportJob::Format::Pprof), QStringLiteral("pb.gz"));
    QVERIFY(ExportJob::fileFilter(ExportJob::Format::FirefoxProfiler).contains(QLatin1String("*.json")));
    menu->popup(window->mapToGlobal(QPoint(40, 40)));
    QTRY_VERIFY(menu->isVisible());
    saveScreenshot(menu, QStringLiteral("export-menu.png"));
    menu->hide();

    QVERIFY(dropColdLoop(*window));
    QSignalSpy finished(window.get(), &MainWindow::exportFinished);
    QSignalSpy failed(window.get(), &MainWindow::exportFailed);

    const QString pprof = dir_.filePath(QStringLiteral("out.pb.gz"));
    window->exportSession(ExportJob::Format::Pprof, pprof);
    QVERIFY(finished.wait(kLoadTimeoutMs));
    QFile pprofFile(pprof);
    QVERIFY(pprofFile.open(QIODevice::ReadOnly));
    const QByteArray gzipped = pprofFile.readAll();
    QVERIFY(gzipped.startsWith("\x1f\x8b"));
    QByteArray raw(4 << 20, Qt::Uninitialized); // the protobuf's strings are plain bytes
    z_stream stream{};
    QCOMPARE(inflateInit2(&stream, 15 + 16), Z_OK);
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(gzipped.constData()));
    stream.avail_in = static_cast<uInt>(gzipped.size());
    stream.next_out = reinterpret_cast<Bytef *>(raw.data());
    stream.avail_out = static_cast<uInt>(raw.size());
    QCOMPARE(inflate(&stream, Z_FINISH), Z_STREAM_END);
    raw.resize(static_cast<qsizetype>(stream.total_out));
    inflateEnd(&stream);
    QVERIFY(raw.contains("hotLoop"));
    QVERIFY2(!raw.contains("coldLoop"), "the dropped function is exported");

    const QString firefox = dir_.filePath(QStringLiteral("out.firefox.json"));
    window->exportSession(ExportJob::Format::FirefoxProfiler, firefox);
    QVERIFY(finished.wait(kLoadTimeoutMs));
    QFile firefoxFile(firefox);
    QVERIFY(firefoxFile.open(QIODevice::ReadOnly));
    const QByteArray json = firefoxFile.readAll();
    QVERIFY(json.contains("\"threads\"") && json.contains("hotLoop"));
    QVERIFY(!json.contains("coldLoop"));
    QVERIFY(failed.isEmpty());
}

QTEST_MAIN(TestFlameGraph)
#include "tst_flamegraph.moc"
