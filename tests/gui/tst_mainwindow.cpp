// The desktop application on a recording of tests/clients/hotspots (tests/fixtures/hotspots, about 60 % of
// its time in hotLoop, 30 % in warmLoop, 10 % in coldLoop, all under spinFor): loading off the UI thread, the
// flame graph's data and interaction, the call-tree models (top-down, bottom-up), caller/callee, the timeline
// and its undoable time-range filter, the event picker, broken stacks, counter charts (a `stat -o` session),
// the summary, error paths, inline frames (coldLoop's body is the inlined coldStep) marked in every view with
// their source location, and screenshots for a person to look at. The recordings are fixtures, so this runs
// where recording is refused; only the counter charts count at test time (stat -a) and skip there.
#include "CallTreeModel.h"
#include "CallTreeView.h"
#include "CallerCalleeModel.h"
#include "CallerCalleeView.h"
#include "CounterChartWidget.h"
#include "CountersView.h"
#include "FlameGraphModel.h"
#include "FlameGraphView.h"
#include "FlameGraphWidget.h"
#include "FunctionNames.h"
#include "GuiTestSupport.h"
#include "LoadJob.h"
#include "MainWindow.h"
#include "SessionComparer.h"
#include "SessionPage.h"
#include "SummaryView.h"
#include "TestSupport.h"
#include "TimelineView.h"
#include "TimelineWidget.h"
#include "Translations.h"
#include "analysis/FrameCategory.h"
#include "load/LoadProfile.h"

#include <QAction>
#include <QComboBox>
#include <QMenu>
#include <QMenuBar>
#include <QScrollArea>
#include <QToolBar>
#include <QUndoStack>
#include <unistd.h>

#include <optional>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFont>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTest>
#include <QToolButton>
#include <QToolTip>
#include <QTreeView>

using namespace perfglass;
using namespace perfglass::test;

namespace {
constexpr int kLoadTimeoutMs = 120000;
constexpr double kTolerance = 0.12; // sampling noise on a loaded 2-core VM

// Every node whose function's short name is NAME ("hotLoop" matches "(anonymous namespace)::hotLoop(int)").
QList<uint32_t> nodesNamed(const FlameGraphModel &model, const QString &name) {
    QList<uint32_t> nodes;
    const auto &tree = *model.tree();
    for (uint32_t n = 1; n < tree.nodes().size(); ++n)
        if (unqualifiedName(withoutParameters(model.name(n))) == name) nodes << n;
    return nodes;
}

double shareOf(const FlameGraphModel &model, const QString &name) {
    uint64_t cost = 0;
    for (uint32_t node : nodesNamed(model, name))
        cost += model.cost(node);
    return model.totalCost() == 0 ? 0.0 : static_cast<double>(cost) / static_cast<double>(model.totalCost());
}

// The heaviest spinFor node: the main thread's or the worker's.
uint32_t heaviestNamed(const FlameGraphModel &model, const QString &name) {
    uint32_t best = CallTree::kRoot;
    for (uint32_t node : nodesNamed(model, name))
        if (best == CallTree::kRoot || model.cost(node) > model.cost(best)) best = node;
    return best;
}

uint32_t childNamed(const FlameGraphModel &model, uint32_t parent, const QString &name) {
    for (uint32_t child : model.childrenOf(parent))
        if (unqualifiedName(withoutParameters(model.name(child))) == name) return child;
    return CallTree::kRoot;
}
} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void functionNames();
    void loaderReportsProgressAndResult();
    void callTreeModel();
    void flameGraphData();
    void flameGraphLevelOfDetail();
    void mainWindowShowsSession();
    void clickToZoomAndBack();
    void keyboardNavigation();
    void searchHighlightsMatches();
    void summaryShowsSession();
    void missingFileShowsError();
    void notPerfDataShowsError();
    void cancelLoading();
    void layoutIsRestored();
    void flameGraphFitsItsContent();
    void bottomUpTree();
    void callerCallee();
    void timelineSelectionFiltersEveryView();
    void eventPicker();
    void brokenStacksStandOut();
    void countersDockWithoutSeries();
    void compareSitsBesideOpen();
    void countersDockShowsSeries();
    void inlineFramesAreMarked();

private:
    std::unique_ptr<MainWindow> openWindow(const QString &path = {},
                                           const std::optional<LoadOptions> &options = std::nullopt);

    // The recording of hotspots-fp of tests/fixtures/hotspots: nothing is recorded at test time but the
    // counters (stat -a), so the views are tested where recording is refused.
    QString anySession() const { return session_; }

    QTemporaryDir dir_;
    QString session_;
};

void TestMainWindow::initTestCase() {
    useTestSettings(QStringLiteral("tst_mainwindow"));
    QVERIFY(dir_.isValid());
    session_ = hotspotsPath(QStringLiteral("hotspots"));
    QVERIFY(QFileInfo::exists(session_));
}

std::unique_ptr<MainWindow> TestMainWindow::openWindow(const QString &path,
                                                       const std::optional<LoadOptions> &options) {
    auto window = std::make_unique<MainWindow>();
    window->resize(1400, 900);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) return nullptr;
    window->setSymbolSettings(hotspotsSymbols(), false);
    if (options) {
        LoadOptions withSysroot = *options;
        withSysroot.sysroot = hotspotsDir().toStdString();
        part<LoadJob>(window, "loadJob")->setLoadOptions(withSysroot);
    }
    QSignalSpy loaded(window.get(), &MainWindow::sessionLoaded);
    window->openFile(path.isEmpty() ? session_ : path);
    if (!loaded.wait(kLoadTimeoutMs) && loaded.isEmpty()) return nullptr;
    QCoreApplication::processEvents();
    return window;
}

void TestMainWindow::functionNames() {
    QCOMPARE(withoutParameters(QStringLiteral("(anonymous namespace)::hotLoop(int)")),
             QStringLiteral("(anonymous namespace)::hotLoop"));
    QCOMPARE(unqualifiedName(QStringLiteral("(anonymous namespace)::hotLoop")), QStringLiteral("hotLoop"));
    QCOMPARE(withoutParameters(QStringLiteral("Foo::operator()(int) const")),
             QStringLiteral("Foo::operator()"));
    QCOMPARE(unqualifiedName(QStringLiteral("std::vector<a::b>::push_back")), QStringLiteral("push_back"));
    QCOMPARE(withoutParameters(QStringLiteral("main")), QStringLiteral("main"));
    QCOMPARE(unqualifiedName(QStringLiteral("main")), QStringLiteral("main"));
}

void TestMainWindow::loaderReportsProgressAndResult() {
    LoadJob loader;
    QSignalSpy progress(&loader, &LoadJob::progress);
    QSignalSpy loaded(&loader, &LoadJob::loaded);
    QSignalSpy failed(&loader, &LoadJob::failed);
    loader.load(anySession());
    QVERIFY(loader.isLoading());
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count() + failed.count(), 1, kLoadTimeoutMs);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(0).toString()));
    QVERIFY(!loader.isLoading());
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().first().toDouble(), 1.0);
    const auto session = loaded.first().first().value<std::shared_ptr<const SessionAnalysis>>();
    QVERIFY(session && session->topDown);
    QVERIFY(session->topDown->sampleCount() > 100);
    QCOMPARE(session->file->path, QFileInfo(anySession()).absoluteFilePath());
    QVERIFY(!session->flat.functions.empty());
}

void TestMainWindow::callTreeModel() {
    const auto window = openWindow();
    QVERIFY(window);
    CallTreeModel &model = *part<CallTreeModel>(window, "topDownModel");
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(part<CallTreeView>(window, "topDownView")->proxy(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(model.rowCount() > 0);
    QCOMPARE(model.columnCount(), int(CallTreeModel::ColumnCount));
    QCOMPARE(model.headerData(CallTreeModel::FunctionColumn, Qt::Horizontal).toString(),
             QStringLiteral("Function"));
    QCOMPARE(model.headerData(CallTreeModel::InclusiveCostColumn, Qt::Horizontal).toString(),
             QStringLiteral("Inclusive time")); // cpu-clock counts nanoseconds

    // The hottest leaf under the heaviest spinFor is hotLoop, with about 60 % of spinFor.
    const FlameGraphModel &flame = *part<FlameGraphModel>(window, "flameGraphModel");
    const uint32_t spinFor = heaviestNamed(flame, QStringLiteral("spinFor"));
    QVERIFY(spinFor != CallTree::kRoot);
    const QModelIndex spinIndex = model.indexForNode(spinFor);
    QVERIFY(spinIndex.isValid());
    QCOMPARE(model.nodeOf(spinIndex), spinFor);
    QVERIFY(
        model.data(spinIndex.siblingAtColumn(CallTreeModel::FunctionColumn)).toString().contains("spinFor"));
    QVERIFY(model.data(spinIndex, Qt::ToolTipRole).toString().contains(QLatin1String("hotspots-fp")));
    const QModelIndex first = model.index(0, CallTreeModel::FunctionColumn, spinIndex);
    QVERIFY(model.data(first).toString().contains(QLatin1String("hotLoop")));
    const double hotShare = model.data(first, CallTreeModel::ShareRole).toDouble() /
                            model.data(spinIndex, CallTreeModel::ShareRole).toDouble();
    QVERIFY2(std::abs(hotShare - 0.6) < kTolerance, qPrintable(QString::number(hotShare)));
    QVERIFY(model.data(first.siblingAtColumn(CallTreeModel::InclusiveColumn))
                .toString()
                .endsWith(QLatin1String("%")));

    // Sorting the model itself: by self cost ascending, rows under spinFor grow in self cost and coldLoop
    // comes before hotLoop; sorting back by inclusive cost puts hotLoop first again.
    model.sort(CallTreeModel::SelfColumn, Qt::AscendingOrder);
    const QModelIndex spinAfterSort = model.indexForNode(spinFor);
    QCOMPARE(model.nodeOf(spinAfterSort), spinFor);
    int coldRow = -1;
    int hotRow = -1;
    qulonglong previous = 0;
    for (int row = 0; row < model.rowCount(spinAfterSort); ++row) {
        const QModelIndex child = model.index(row, CallTreeModel::SelfColumn, spinAfterSort);
        const qulonglong self = model.data(child, CallTreeModel::SortRole).toULongLong();
        QVERIFY(self >= previous);
        previous = self;
        const QString name = model.data(child.siblingAtColumn(CallTreeModel::FunctionColumn)).toString();
        if (name.contains(QLatin1String("coldLoop"))) coldRow = row;
        if (name.contains(QLatin1String("hotLoop"))) hotRow = row;
    }
    QVERIFY(coldRow >= 0 && hotRow > coldRow);
    model.sort(CallTreeModel::FunctionColumn, Qt::AscendingOrder);
    model.sort(CallTreeModel::InclusiveColumn, Qt::DescendingOrder);
    QVERIFY(model.data(model.index(0, 0, model.indexForNode(spinFor))).toString().contains("hotLoop"));

    // The filter box keeps matching rows and their callers.
    CallTreeView *view = part<CallTreeView>(window, "topDownView");
    view->filterField()->setText(QStringLiteral("coldLoop"));
    QSortFilterProxyModel *proxy = view->proxy();
    QVERIFY(proxy->rowCount() > 0);
    // Every row left is coldLoop, one of its callers, or (auto-accepted) one of its callees.
    QModelIndex index = proxy->index(0, 0);
    bool sawColdLoop = false;
    while (index.isValid()) {
        sawColdLoop = sawColdLoop || index.data().toString().contains(QLatin1String("coldLoop"));
        index = proxy->index(0, 0, index);
    }
    QVERIFY(sawColdLoop);
    view->filterField()->clear();
}

void TestMainWindow::flameGraphData() {
    const auto window = openWindow();
    QVERIFY(window);
    const FlameGraphModel &model = *part<FlameGraphModel>(window, "flameGraphModel");
    QVERIFY(!model.isEmpty());
    QCOMPARE(model.zoomRoot(), CallTree::kRoot);
    QCOMPARE(model.share(CallTree::kRoot), 1.0);
    // Of all samples: hotLoop ~60 %, warmLoop ~30 %, coldLoop ~10 %.
    QVERIFY2(std::abs(shareOf(model, "hotLoop") - 0.6) < kTolerance,
             qPrintable(QString::number(shareOf(model, "hotLoop"))));
    QVERIFY2(std::abs(shareOf(model, "warmLoop") - 0.3) < kTolerance,
             qPrintable(QString::number(shareOf(model, "warmLoop"))));
    QVERIFY2(std::abs(shareOf(model, "coldLoop") - 0.1) < kTolerance,
             qPrintable(QString::number(shareOf(model, "coldLoop"))));
    // Under each spinFor, hotLoop takes ~60 % of spinFor.
    const QList<uint32_t> spins = nodesNamed(model, QStringLiteral("spinFor"));
    QVERIFY(!spins.isEmpty());
    for (uint32_t spin : spins) {
        const uint32_t hot = childNamed(model, spin, QStringLiteral("hotLoop"));
        if (model.share(spin) < 0.2) continue; // too few samples to judge
        QVERIFY(hot != CallTree::kRoot);
        const double share = static_cast<double>(model.cost(hot)) / static_cast<double>(model.cost(spin));
        QVERIFY2(std::abs(share - 0.6) < kTolerance, qPrintable(QString::number(share)));
        QCOMPARE(model.depth(hot), model.depth(spin) + 1);
        QCOMPARE(model.category(hot), FrameCategory::Application);
        QCOMPARE(model.moduleName(hot), QStringLiteral("hotspots-fp"));
    }
    // The layout at full view: the root spans everything and hotLoop frames are as wide as their share.
    const std::vector<FlameFrame> frames = model.layout(0.001);
    QVERIFY(!frames.empty());
    double hotWidth = 0;
    for (const FlameFrame &frame : frames) {
        if (frame.node == CallTree::kRoot && frame.mergedCount == 0) QCOMPARE(frame.width, 1.0);
        if (frame.mergedCount == 0 && nodesNamed(model, "hotLoop").contains(frame.node))
            hotWidth += frame.width;
        QVERIFY(frame.x >= 0 && frame.x + frame.width <= 1.0 + 1e-9);
    }
    QVERIFY2(std::abs(hotWidth - shareOf(model, "hotLoop")) < 0.01, qPrintable(QString::number(hotWidth)));
    saveScreenshot(part<FlameGraphView>(window, "flameGraphView"), QStringLiteral("flamegraph.png"));
}

void TestMainWindow::flameGraphLevelOfDetail() {
    const auto window = openWindow();
    QVERIFY(window);
    const FlameGraphModel &model = *part<FlameGraphModel>(window, "flameGraphModel");
    // With a threshold of 35 % of the width, warmLoop (~15 % per thread) and coldLoop are merged into one
    // block per spinFor, and nothing narrower than the threshold is drawn on its own.
    const double threshold = 0.35;
    const std::vector<FlameFrame> frames = model.layout(threshold);
    int merged = 0;
    for (const FlameFrame &frame : frames) {
        QVERIFY(frame.width >= threshold || frame.ancestor);
        if (frame.mergedCount > 0) {
            ++merged;
            QVERIFY(frame.cost <= model.cost(frame.node));
        }
    }
    QVERIFY(frames.size() < model.tree()->nodes().size());
    // Merged blocks appear only where the small siblings add up to the threshold; at least the merged warm
    // and cold loops under the heaviest spinFor do (~40 % of it) when spinFor itself is wide enough.
    const uint32_t spin = heaviestNamed(model, QStringLiteral("spinFor"));
    if (model.share(spin) > 0.9) QVERIFY(merged > 0);
    // In the widget (1 px threshold) every drawn frame is at least a pixel wide.
    const FlameGraphWidget *graph = part<FlameGraphView>(window, "flameGraphView")->graph();
    for (const FlameFrame &frame : model.layout(1.0 / (graph->width() - 8)))
        QVERIFY(frame.width * (graph->width() - 8) >= 1.0 - 1e-9);
}

void TestMainWindow::mainWindowShowsSession() {
    const auto window = openWindow();
    QVERIFY(window);
    QVERIFY(window->windowTitle().contains(QLatin1String("hotspots.data")));
    QVERIFY(part<QDockWidget>(window, "flameGraphDock")->isVisible());
    QVERIFY(part<QDockWidget>(window, "flameGraphDock")->features() & QDockWidget::DockWidgetMovable);
    QVERIFY(part<QDockWidget>(window, "flameGraphDock")->features() & QDockWidget::DockWidgetFloatable);
    QVERIFY(window->recentFiles().contains(QFileInfo(session_).absoluteFilePath()));
    // The call tree starts with its hot path expanded.
    QTreeView *tree = part<CallTreeView>(window, "topDownView")->treeView();
    QVERIFY(tree->isExpanded(tree->model()->index(0, 0)));
    saveScreenshot(window.get(), QStringLiteral("mainwindow.png"));
}

void TestMainWindow::clickToZoomAndBack() {
    const auto window = openWindow();
    QVERIFY(window);
    FlameGraphModel &model = *part<FlameGraphModel>(window, "flameGraphModel");
    FlameGraphView *view = part<FlameGraphView>(window, "flameGraphView");
    FlameGraphWidget *graph = view->graph();
    QSignalSpy zoomed(&model, &FlameGraphModel::zoomChanged);
    const uint32_t spin = heaviestNamed(model, QStringLiteral("spinFor"));
    const auto rect = graph->frameRect(spin);
    QVERIFY(rect);
    QVERIFY(graph->rect().contains(rect->center().toPoint()));
    QTest::mouseClick(graph, Qt::LeftButton, {}, rect->center().toPoint());
    QCOMPARE(model.zoomRoot(), spin);
    QCOMPARE(zoomed.count(), 1);
    QVERIFY(model.canGoBack());
    QVERIFY(view->backButton()->isEnabled());
    QVERIFY(view->breadcrumb()->text().contains(QLatin1String("spinFor")));
    // Zoomed: spinFor spans the width and hotLoop takes ~60 % of it.
    const auto spinRect = graph->frameRect(spin);
    QVERIFY(spinRect);
    QVERIFY(spinRect->width() > graph->width() - 12);
    const uint32_t hot = childNamed(model, spin, QStringLiteral("hotLoop"));
    const auto hotRect = graph->frameRect(hot);
    QVERIFY(hotRect);
    const double hotShare = hotRect->width() / spinRect->width();
    QVERIFY2(std::abs(hotShare - 0.6) < kTolerance, qPrintable(QString::number(hotShare)));
    // The callers of spinFor stay visible below it, at full width.
    const auto rootRect = graph->frameRect(CallTree::kRoot);
    QVERIFY(rootRect && rootRect->top() > spinRect->top());
    // The selected node shows in the Top-Down tree.
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")
                 ->nodeOf(part<CallTreeView>(window, "topDownView")
                              ->proxy()
                              ->mapToSource(
                                  part<CallTreeView>(window, "topDownView")->treeView()->currentIndex())),
             spin);
    saveScreenshot(window.get(), QStringLiteral("flamegraph-zoomed.png"));

    // Hovering a frame highlights it and names it; its tooltip gives the function, module and share.
    QSignalSpy hovered(graph, &FlameGraphWidget::hoverChanged);
    QTest::mouseMove(graph, hotRect->center().toPoint());
    QTRY_VERIFY(!hovered.isEmpty());
    QCOMPARE(hovered.last().at(0).toBool(), true);
    QCOMPARE(hovered.last().at(1).toUInt(), hot);
    QHelpEvent help(QEvent::ToolTip, hotRect->center().toPoint(),
                    graph->mapToGlobal(hotRect->center().toPoint()));
    QCoreApplication::sendEvent(graph, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    const QString tip = QToolTip::text();
    QVERIFY2(tip.contains(QLatin1String("hotLoop")) && tip.contains(QLatin1String("hotspots-fp")) &&
                 tip.contains(QLatin1String("%")) && tip.contains(QLatin1String("Inclusive:")),
             qPrintable(tip));
    QToolTip::hideText();

    // Zoom further into hotLoop, then back out with a right click off the frames (on a frame it opens the
    // frame's context menu) and with the back button.
    QTest::mouseClick(graph, Qt::LeftButton, {}, hotRect->center().toPoint());
    QCOMPARE(model.zoomRoot(), hot);
    QPoint offFrames;
    for (int y = 0; y < graph->height() && offFrames.isNull(); y += 2)
        if (!graph->frameAt(QPointF(graph->width() - 2, y))) offFrames = QPoint(graph->width() - 2, y);
    QVERIFY(!offFrames.isNull());
    QTest::mouseClick(graph, Qt::RightButton, {}, offFrames);
    QCOMPARE(model.zoomRoot(), spin);
    QTest::mouseClick(view->backButton(), Qt::LeftButton);
    QCOMPARE(model.zoomRoot(), CallTree::kRoot);
    QVERIFY(!model.canGoBack());
    QVERIFY(!view->backButton()->isEnabled());
    // Clicking a caller below the zoomed frame zooms out to it.
    model.zoomTo(hot);
    const auto spinBelow = graph->frameRect(spin);
    QVERIFY(spinBelow);
    QTest::mouseClick(graph, Qt::LeftButton, {}, spinBelow->center().toPoint());
    QCOMPARE(model.zoomRoot(), spin);
}

void TestMainWindow::keyboardNavigation() {
    const auto window = openWindow();
    QVERIFY(window);
    FlameGraphModel &model = *part<FlameGraphModel>(window, "flameGraphModel");
    FlameGraphWidget *graph = part<FlameGraphView>(window, "flameGraphView")->graph();
    graph->setFocus();
    // Up from the root walks the heaviest path; Enter zooms; Escape goes back; Home resets.
    QTest::keyClick(graph, Qt::Key_Up);
    const uint32_t first = model.childrenOf(CallTree::kRoot).front();
    QCOMPARE(graph->selectedNode().value_or(CallTree::kRoot), first);
    QTest::keyClick(graph, Qt::Key_Return);
    QCOMPARE(model.zoomRoot(), first);
    QTest::keyClick(graph, Qt::Key_Up);
    QTest::keyClick(graph, Qt::Key_Return);
    QCOMPARE(model.depth(model.zoomRoot()), 2u);
    QTest::keyClick(graph, Qt::Key_Escape);
    QCOMPARE(model.zoomRoot(), first);
    QTest::keyClick(graph, Qt::Key_Home);
    QCOMPARE(model.zoomRoot(), CallTree::kRoot);
    QVERIFY(!model.canGoBack());
}

void TestMainWindow::searchHighlightsMatches() {
    const auto window = openWindow();
    QVERIFY(window);
    FlameGraphModel &model = *part<FlameGraphModel>(window, "flameGraphModel");
    FlameGraphView *view = part<FlameGraphView>(window, "flameGraphView");
    QTest::keyClicks(view->searchField(), QStringLiteral("hotloop")); // case-insensitive
    QCOMPARE(model.searchText(), QStringLiteral("hotloop"));
    QVERIFY(model.matchedFrameCount() >= 1);
    QVERIFY2(std::abs(model.matchedShare() - 0.6) < kTolerance,
             qPrintable(QString::number(model.matchedShare())));
    QVERIFY(view->matchLabel()->text().contains(QLatin1String("%")));
    for (uint32_t node : nodesNamed(model, QStringLiteral("hotLoop")))
        QVERIFY(model.isMatch(node));
    QVERIFY(!model.isMatch(heaviestNamed(model, QStringLiteral("spinFor"))));
    saveScreenshot(view, QStringLiteral("flamegraph-search.png"));
    // A search matching spinFor counts each sample once, even though hotLoop lies below it.
    view->searchField()->setText(QStringLiteral("Loop"));
    const double loops = model.matchedShare();
    view->searchField()->setText(QStringLiteral("spinFor"));
    QVERIFY(model.matchedShare() <= 1.0);
    QVERIFY(model.matchedShare() >= loops - 0.02);
    view->searchField()->setText(QStringLiteral("no such function anywhere"));
    QCOMPARE(model.matchedFrameCount(), 0);
    QCOMPARE(model.matchedShare(), 0.0);
    view->searchField()->clear();
    QVERIFY(view->matchLabel()->text().isEmpty());
}

void TestMainWindow::summaryShowsSession() {
    const auto window = openWindow();
    QVERIFY(window);
    const QString text = part<SummaryView>(window, "summaryView")->plainText();
    QVERIFY2(text.contains(QLatin1String("hotLoop")), qPrintable(text));
    QVERIFY(text.contains(QLatin1String("hotspots.data")));
    QVERIFY(text.contains(QString::fromStdString(window->session()->eventName)));
    QVERIFY(text.contains(QLatin1String("hotspots-fp")));
    QVERIFY(text.contains(QLatin1String("Lost samples")));
    QVERIFY(!window->session()->profile()->hostname.empty());
    QVERIFY(text.contains(QString::fromStdString(window->session()->profile()->hostname)));
    part<QDockWidget>(window, "summaryDock")->raise();
    part<QDockWidget>(window, "summaryDock")->show();
    QCoreApplication::processEvents();
    saveScreenshot(window.get(), QStringLiteral("summary.png"));
    // A hotspot link searches the flame graph for the function.
    emit part<SummaryView>(window, "summaryView")
        ->functionActivated(QStringLiteral("(anonymous namespace)::warmLoop(int)"));
    QCOMPARE(part<FlameGraphModel>(window, "flameGraphModel")->searchText(),
             QStringLiteral("(anonymous namespace)::warmLoop(int)"));
    QVERIFY(part<FlameGraphModel>(window, "flameGraphModel")->matchedFrameCount() > 0);
}

void TestMainWindow::missingFileShowsError() {
    MainWindow window;
    window.show();
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    const QString missing = dir_.filePath(QStringLiteral("does-not-exist.data"));
    window.openFile(missing);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kLoadTimeoutMs);
    QVERIFY2(window.lastError().contains(missing), qPrintable(window.lastError()));
    QVERIFY2(window.lastError().contains(QLatin1String("No such file")), qPrintable(window.lastError()));
    QMessageBox *box = window.findChild<QMessageBox *>();
    QVERIFY(box);
    QTRY_VERIFY(box->isVisible());
    QVERIFY(box->informativeText().contains(missing));
    saveScreenshot(box, QStringLiteral("error-missing-file.png"));
    box->close();
    QVERIFY(!window.session());
}

void TestMainWindow::notPerfDataShowsError() {
    const QString path = dir_.filePath(QStringLiteral("not-perf.data"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray("this is a text file, not a perf.data session\n").repeated(20));
    file.close();
    MainWindow window;
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    window.openFile(path);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kLoadTimeoutMs);
    QVERIFY2(window.lastError().contains(path), qPrintable(window.lastError()));
    QVERIFY(!window.session());
}

void TestMainWindow::cancelLoading() {
    MainWindow window;
    window.show();
    QSignalSpy loaded(&window, &MainWindow::sessionLoaded);
    QSignalSpy cancelled(part<LoadJob>(window, "loadJob"), &LoadJob::cancelled);
    window.openFile(anySession());
    part<LoadJob>(window, "loadJob")->cancel();
    // The load stops (or had already finished); either way the window is idle again and usable.
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count() + cancelled.count(), 1, kLoadTimeoutMs);
    QVERIFY(!part<LoadJob>(window, "loadJob")->isLoading());
    // A new load after a cancelled one works.
    window.openFile(anySession());
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), cancelled.isEmpty() ? 2 : 1, kLoadTimeoutMs);
    QVERIFY(window.session());
    // Opening a second file while one loads drops the first.
    window.openFile(anySession());
    window.openFile(anySession());
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), cancelled.isEmpty() ? 3 : 2, kLoadTimeoutMs);
    QTest::qWait(50);
    QCOMPARE(loaded.count(), cancelled.isEmpty() ? 3 : 2);
}

void TestMainWindow::layoutIsRestored() {
    {
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        part<QDockWidget>(window, "summaryDock")->hide();
        window.close(); // saves the layout
    }
    MainWindow restored;
    restored.show();
    QVERIFY(QTest::qWaitForWindowExposed(&restored));
    QVERIFY(!part<QDockWidget>(restored, "summaryDock")->isVisible());
    QVERIFY(part<QDockWidget>(restored, "flameGraphDock")->isVisible());
    restored.resetLayout();
    QVERIFY(part<QDockWidget>(restored, "summaryDock")->isVisibleTo(&restored) ||
            !part<QDockWidget>(restored, "summaryDock")->isHidden());
    QSettings().clear();
}

void TestMainWindow::flameGraphFitsItsContent() {
    const auto window = openWindow();
    QVERIFY(window);
    FlameGraphWidget *graph = part<FlameGraphView>(window, "flameGraphView")->graph();
    auto *scroll = qobject_cast<QScrollArea *>(graph->parentWidget()->parentWidget());
    QVERIFY(scroll);
    // The widget is at least as tall as its rows, and the root row is its last.
    QVERIFY(graph->height() >= graph->contentHeight());
    const auto root = graph->frameRect(CallTree::kRoot);
    QVERIFY(root);
    QVERIFY2(graph->height() - root->bottom() < graph->rowHeight(),
             qPrintable(QString::number(root->bottom())));
    // Deeper than the view: scrolled so that the root shows.
    if (graph->height() > scroll->viewport()->height())
        QCOMPARE(graph->y() + graph->height(), scroll->viewport()->height());
    // Shallower than the view (a tall floating dock): the graph fills the view with its root row at the
    // bottom, as flame graphs stand, and the empty band is above it.
    part<QDockWidget>(window, "flameGraphDock")->setFloating(true);
    part<QDockWidget>(window, "flameGraphDock")->resize(1000, graph->contentHeight() + 400);
    QTRY_VERIFY(scroll->viewport()->height() > graph->contentHeight() + 200);
    QCOMPARE(graph->height(), scroll->viewport()->height());
    QCOMPARE(graph->y(), 0);
    const auto anchored = graph->frameRect(CallTree::kRoot);
    QVERIFY(anchored);
    QVERIFY(graph->height() - anchored->bottom() < graph->rowHeight());
    QVERIFY(part<FlameGraphView>(window, "flameGraphView")
                ->legend()
                ->text()
                .contains(QLatin1String("Broken stack")));
    saveScreenshot(part<QDockWidget>(window, "flameGraphDock"), QStringLiteral("flamegraph-compact.png"));
    part<QDockWidget>(window, "flameGraphDock")->setFloating(false);
}

void TestMainWindow::bottomUpTree() {
    const auto window = openWindow();
    QVERIFY(window);
    CallTreeModel &model = *part<CallTreeModel>(window, "bottomUpModel");
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(part<CallTreeView>(window, "bottomUpView")->proxy(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    // Tabbed behind the top-down tree, the bottom-up tree is not made until the dock comes forward.
    QVERIFY(!model.tree());
    QVERIFY(!window->session()->bottomUp);
    QVERIFY(showBottomUpTree(*window, kLoadTimeoutMs));
    QCOMPARE(model.tree(), window->session()->bottomUp);
    QCOMPARE(model.tree()->kind(), CallTree::Kind::BottomUp);
    // The top rows are where samples end: hotLoop first with ~60 %, and its caller below it is spinFor.
    model.sort(CallTreeModel::InclusiveColumn, Qt::DescendingOrder);
    const QModelIndex first = model.index(0, CallTreeModel::FunctionColumn);
    QVERIFY2(first.data().toString().contains(QLatin1String("hotLoop")), qPrintable(first.data().toString()));
    const double share = first.data(CallTreeModel::ShareRole).toDouble();
    QVERIFY2(std::abs(share - 0.6) < kTolerance, qPrintable(QString::number(share)));
    QVERIFY(model.rowCount(first) > 0);
    QVERIFY(model.index(0, 0, first).data().toString().contains(QLatin1String("spinFor")));
    QVERIFY(model.headerData(CallTreeModel::SelfColumn, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QLatin1String("callers")));
    // The top-level inclusive costs add up to all samples; each top-level row's self cost is its whole cost
    // (the function's own), and its callers have none.
    uint64_t sum = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const uint64_t inclusive =
            model.index(row, CallTreeModel::InclusiveColumn).data(CallTreeModel::SortRole).toULongLong();
        QCOMPARE(model.index(row, CallTreeModel::SelfColumn).data(CallTreeModel::SortRole).toULongLong(),
                 inclusive);
        sum += inclusive;
    }
    QCOMPARE(sum, model.tree()->total());
    QCOMPARE(model.index(0, CallTreeModel::SelfColumn, first).data(CallTreeModel::SortRole).toULongLong(),
             qulonglong{0});
    part<QDockWidget>(window, "bottomUpDock")->raise();
    QTreeView *tree = part<CallTreeView>(window, "bottomUpView")->treeView();
    QVERIFY(tree->isExpanded(tree->model()->index(0, 0)));
    saveScreenshot(window.get(), QStringLiteral("bottomup.png"));

    // A row selected in it stays selected when a new analysis comes while the dock is hidden: the tree is
    // made only once the dock shows again, and the row is found again in it.
    tree->setCurrentIndex(tree->model()->index(0, 0, tree->model()->index(0, 0))); // spinFor under hotLoop
    const auto rowPath = [tree] {
        QStringList path;
        for (QModelIndex index = tree->currentIndex(); index.isValid(); index = index.parent())
            path.prepend(index.data().toString());
        return path;
    };
    const QStringList selected = rowPath();
    QCOMPARE(selected.size(), 2);
    part<QDockWidget>(window, "topDownDock")->raise();
    window->reloadSession();
    QTRY_VERIFY_WITH_TIMEOUT(!model.tree(), kLoadTimeoutMs);
    QVERIFY(showBottomUpTree(*window, kLoadTimeoutMs));
    QCOMPARE(rowPath(), selected);
}

void TestMainWindow::callerCallee() {
    const auto window = openWindow();
    QVERIFY(window);
    CallerCalleeView *view = part<CallerCalleeView>(window, "callerCalleeView");
    QAbstractItemModelTester callersTester(view->callersModel(),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester calleesTester(view->calleesModel(),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);
    // Selecting spinFor in the top-down tree shows its callers and callees.
    QSignalSpy updated(view, &CallerCalleeView::updated);
    const FlameGraphModel &flame = *part<FlameGraphModel>(window, "flameGraphModel");
    const uint32_t spin = heaviestNamed(flame, QStringLiteral("spinFor"));
    part<CallTreeView>(window, "topDownView")->selectNode(spin);
    QVERIFY(updated.wait(kLoadTimeoutMs));
    QCOMPARE(view->function().value_or(0), flame.tree()->node(spin).function);
    QVERIFY(view->heading()->text().contains(QLatin1String("spinFor")));
    const CallerCalleeModel &callees = *view->calleesModel();
    QCOMPARE(callees.rowCount(), 3); // hotLoop, warmLoop, coldLoop
    QVERIFY(callees.data(callees.index(0, CallerCalleeModel::FunctionColumn)).toString().contains("hotLoop"));
    const auto &result = *callees.result();
    const double hot =
        static_cast<double>(callees.result()->callees.front().cost) / static_cast<double>(result.inclusive);
    QVERIFY2(std::abs(hot - 0.6) < kTolerance, qPrintable(QString::number(hot)));
    QVERIFY(callees.data(callees.index(0, CallerCalleeModel::ShareColumn))
                .toString()
                .endsWith(QLatin1String("%")));
    const CallerCalleeModel &callers = *view->callersModel();
    QVERIFY(callers.rowCount() >= 1);
    uint64_t callerCost = 0;
    for (int row = 0; row < callers.rowCount(); ++row)
        callerCost +=
            callers.index(row, CallerCalleeModel::CostColumn).data(CallerCalleeModel::SortRole).toULongLong();
    QCOMPARE(callerCost, result.inclusive); // spinFor is never recursive and always has a caller
    QCOMPARE(callers.headerData(CallerCalleeModel::FunctionColumn, Qt::Horizontal).toString(),
             QStringLiteral("Caller"));
    part<QDockWidget>(window, "callerCalleeDock")->raise();
    saveScreenshot(window.get(), QStringLiteral("callercallee.png"));

    // Activating a callee moves to it: hotLoop's caller is spinFor.
    QTreeView *table = view->calleesView();
    table->setCurrentIndex(table->model()->index(0, 0));
    emit table->activated(table->model()->index(0, 0));
    QVERIFY(updated.wait(kLoadTimeoutMs));
    QVERIFY(view->heading()->text().contains(QLatin1String("hotLoop")));
    QCOMPARE(callers.rowCount(), 1);
    QVERIFY(callers.data(callers.index(0, 0)).toString().contains(QLatin1String("spinFor")));
    // A click in the flame graph selects there too.
    part<QDockWidget>(window, "flameGraphDock")->raise();
    FlameGraphWidget *graph = part<FlameGraphView>(window, "flameGraphView")->graph();
    const auto rect = graph->frameRect(spin);
    QVERIFY(rect);
    QTest::mouseClick(graph, Qt::LeftButton, {}, rect->center().toPoint());
    QTRY_VERIFY(view->heading()->text().contains(QLatin1String("spinFor")));
}

void TestMainWindow::timelineSelectionFiltersEveryView() {
    const auto window = openWindow();
    QVERIFY(window);
    part<QDockWidget>(window, "timelineDock")->raise();
    TimelineWidget *timeline = part<TimelineView>(window, "timelineView")->timeline();
    QVERIFY(timeline->rowCount() >= 2); // main thread and worker
    QVERIFY(timeline->threadLabel(0).contains(QLatin1String("hotspots")));
    const uint64_t total = part<FlameGraphModel>(window, "flameGraphModel")->totalCost();
    QVERIFY(showBottomUpTree(*window, kLoadTimeoutMs)); // every view follows the filter
    part<QDockWidget>(window, "timelineDock")->raise();
    const uint64_t bottomUpTotal = part<CallTreeModel>(window, "bottomUpModel")->tree()->total();
    QCOMPARE(bottomUpTotal, total);
    QVERIFY(!part<QAction>(window, "clearFilterAction")->isEnabled());

    // Drag across the second quarter of the first thread's row.
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    const QRect row = timeline->rowRect(0);
    const QPoint from(row.left() + row.width() / 4, row.center().y());
    const QPoint to(row.left() + row.width() / 2, row.center().y());
    QTest::mousePress(timeline, Qt::LeftButton, {}, from);
    QTest::mouseMove(timeline, (from + to) / 2);
    QTest::mouseMove(timeline, to);
    QTest::mouseRelease(timeline, Qt::LeftButton, {}, to);
    QVERIFY(applied.wait(kLoadTimeoutMs));
    const uint64_t filtered = part<FlameGraphModel>(window, "flameGraphModel")->totalCost();
    QVERIFY2(filtered > 0 && filtered < total * 0.6,
             qPrintable(QStringLiteral("%1 of %2").arg(filtered).arg(total)));
    QCOMPARE(part<CallTreeModel>(window, "bottomUpModel")->tree()->total(), filtered);
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->tree()->total(), filtered);
    QVERIFY(window->filter().startTime && window->filter().endTime);
    QCOMPARE(*window->filter().startTime, timeline->timeAt(from.x()));
    QCOMPARE(*window->filter().endTime, timeline->timeAt(to.x()));
    QCOMPARE(window->session()->filter.startTime, window->filter().startTime);
    QCOMPARE(part<QUndoStack>(window, "undoStack")->count(), 1);
    QVERIFY(part<QUndoStack>(window, "undoStack")->canUndo());
    QVERIFY(part<QAction>(window, "clearFilterAction")->isEnabled());
    QVERIFY(
        part<TimelineView>(window, "timelineView")->rangeLabel()->text().contains(QLatin1String("Showing")));
    // The timeline itself keeps showing the whole session.
    QCOMPARE(timeline->buckets()->start, window->session()->profile()->startTime);
    saveScreenshot(window.get(), QStringLiteral("timeline.png"));

    // Undo restores the whole session; redo filters again.
    part<QUndoStack>(window, "undoStack")->undo();
    QVERIFY(applied.wait(kLoadTimeoutMs));
    QCOMPARE(part<FlameGraphModel>(window, "flameGraphModel")->totalCost(), total);
    QVERIFY(!window->filter().startTime);
    part<QUndoStack>(window, "undoStack")->redo();
    QVERIFY(applied.wait(kLoadTimeoutMs));
    QCOMPARE(part<FlameGraphModel>(window, "flameGraphModel")->totalCost(), filtered);
    // Clear Filter is a step of its own, undoable too.
    part<QAction>(window, "clearFilterAction")->trigger();
    QVERIFY(applied.wait(kLoadTimeoutMs));
    QCOMPARE(part<FlameGraphModel>(window, "flameGraphModel")->totalCost(), total);
    QCOMPARE(part<QUndoStack>(window, "undoStack")->count(), 2);
    part<QUndoStack>(window, "undoStack")->undo();
    QVERIFY(applied.wait(kLoadTimeoutMs));
    QCOMPARE(part<FlameGraphModel>(window, "flameGraphModel")->totalCost(), filtered);
    // A tiny drag (a click) selects nothing.
    QTest::mouseClick(timeline, Qt::LeftButton, {}, from);
    QCOMPARE(part<QUndoStack>(window, "undoStack")->count(), 2);
}

void TestMainWindow::eventPicker() {
    const QString path = hotspotsPath(QStringLiteral("two-events")); // -e cpu-clock,page-faults
    const auto window = openWindow(path);
    QVERIFY(window);
    QComboBox *picker = part<QComboBox>(window, "eventPicker");
    QCOMPARE(picker->count(), 2);
    QVERIFY(picker->isVisibleTo(window.get()));
    QCOMPARE(picker->currentText(), QStringLiteral("cpu-clock"));
    const uint64_t clockSamples = part<FlameGraphModel>(window, "flameGraphModel")->tree()->sampleCount();
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    picker->setCurrentIndex(1);
    emit picker->activated(1);
    QVERIFY(applied.wait(kLoadTimeoutMs));
    QCOMPARE(window->session()->eventName, std::string("page-faults"));
    QCOMPARE(part<FlameGraphModel>(window, "flameGraphModel")->costUnit(), CostUnit::Count);
    QVERIFY(part<FlameGraphModel>(window, "flameGraphModel")->tree()->sampleCount() != clockSamples);
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")
                 ->headerData(CallTreeModel::InclusiveCostColumn, Qt::Horizontal)
                 .toString(),
             QStringLiteral("Inclusive count"));
    saveScreenshot(window.get(), QStringLiteral("event-picker.png"));
    part<QUndoStack>(window, "undoStack")->undo();
    QVERIFY(applied.wait(kLoadTimeoutMs));
    QCOMPARE(picker->currentIndex(), 0);
    QCOMPARE(part<FlameGraphModel>(window, "flameGraphModel")->tree()->sampleCount(), clockSamples);
    // A one-event session hides the picker.
    const auto single = openWindow();
    QVERIFY(single);
    QVERIFY(!part<QComboBox>(single, "eventPicker")->isVisibleTo(single.get()));
}

void TestMainWindow::brokenStacksStandOut() {
    // DWARF unwinding with 64-byte stack copies cannot reach main: those stacks hang under "[broken stack]".
    const QString path = hotspotsPath(QStringLiteral("broken-stacks"));
    const auto window = openWindow(path);
    QVERIFY(window);
    QVERIFY(window->session()->profile()->diagnostics.brokenStacks > 0);
    FlameGraphModel &model = *part<FlameGraphModel>(window, "flameGraphModel");
    uint32_t broken = CallTree::kRoot;
    for (uint32_t node : model.childrenOf(CallTree::kRoot))
        if (model.isBrokenStack(node)) broken = node;
    QVERIFY(broken != CallTree::kRoot);
    QCOMPARE(model.name(broken), QStringLiteral("[broken stack]"));
    QVERIFY(
        !model.isBrokenStack(model.childrenOf(broken).empty() ? broken : model.childrenOf(broken).front()));
    FlameGraphWidget *graph = part<FlameGraphView>(window, "flameGraphView")->graph();
    const auto rect = graph->frameRect(broken);
    QVERIFY(rect);
    const QImage image = graph->grab().toImage();
    const QColor painted =
        image.pixelColor((rect->topLeft() + QPointF(2, 2)).toPoint() * image.devicePixelRatio());
    QCOMPARE(painted.name(), toQColor(FramePalette::kBrokenStack).name());
    saveScreenshot(part<FlameGraphView>(window, "flameGraphView"), QStringLiteral("flamegraph-broken.png"));
}

void TestMainWindow::countersDockWithoutSeries() {
    const auto window = openWindow(anySession());
    QVERIFY(window);
    QVERIFY(!part<CountersView>(window, "countersView")->showsCharts());
    QVERIFY(part<CountersView>(window, "countersView")
                ->emptyNote()
                ->text()
                .contains(QLatin1String("perfglass-cli stat -o")));
}

// File > Compare With… opens a second session: it follows Open….
void TestMainWindow::compareSitsBesideOpen() {
    MainWindow window;
    const QList<QAction *> menus = window.menuBar()->actions();
    QVERIFY(!menus.isEmpty() && menus.front()->menu());
    const QList<QAction *> file = menus.front()->menu()->actions();
    const qsizetype compare = file.indexOf(window.comparer()->compareAction());
    QVERIFY(compare > 0);
    QCOMPARE(file[compare - 1]->text(), MainWindow::tr("&Open…"));
}

// A counters-only session (stat -o) hides the views of samples, which would be empty, and gives the charts
// their room; a session with samples opened next brings them back.
void TestMainWindow::countersDockShowsSeries() {
    // Counted at test time: the charts have a series per CPU of this machine.
    const QString path = dir_.filePath(QStringLiteral("counters.data"));
    const ProcessResult result =
        runCli({QStringLiteral("stat"), QStringLiteral("-o"), path, QStringLiteral("-a"),
                QStringLiteral("-I"), QStringLiteral("50"), QStringLiteral("-e"),
                QStringLiteral("task-clock,context-switches"), QStringLiteral("--"),
                clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("500"), QStringLiteral("2")});
    if (!QFileInfo::exists(path) && result.err.contains(QLatin1String("perf_event_paranoid")))
        QSKIP(qPrintable(QStringLiteral("system-wide counting is not permitted here: ") + result.err));
    QVERIFY2(QFileInfo(path).size() > 0, qPrintable(result.err));
    const auto window = openWindow(path);
    QVERIFY(window);
    const QStringList sampleViews{QStringLiteral("timelineDock"), QStringLiteral("flameGraphDock"),
                                  QStringLiteral("topDownDock"), QStringLiteral("bottomUpDock"),
                                  QStringLiteral("callerCalleeDock")};
    for (const QString &name : sampleViews)
        QVERIFY2(window->findChild<QDockWidget *>(name)->isHidden(), qPrintable(name));
    QDockWidget *countersDock = part<QDockWidget>(window, "countersDock");
    QVERIFY(countersDock->isVisible() && !countersDock->visibleRegion().isEmpty());
    QVERIFY(!part<QDockWidget>(window, "summaryDock")->visibleRegion().isEmpty()); // raised below the charts
    QVERIFY2(countersDock->height() > window->height() / 2,
             qPrintable(QString::number(countersDock->height())));
    QCOMPARE(part<QLabel>(window, "sessionLabel")->text(), QStringLiteral("Counters only, no samples"));
    const Profile &profile = *window->session()->profile();
    const int cpus = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
    QCOMPARE(static_cast<int>(profile.counters.size()), 2 * cpus);
    CountersView *view = part<CountersView>(window, "countersView");
    QVERIFY(view->showsCharts());
    CounterChartWidget *chart = view->chart();
    QCOMPARE(chart->seriesCount(), 2 * cpus);
    QCOMPARE(static_cast<int>(chart->charts().size()), 2);
    const CounterChart &clock = chart->charts().front();
    QCOMPARE(clock.eventName, QStringLiteral("task-clock"));
    QVERIFY(clock.utilisation);
    // task-clock: each CPU was busy at most the whole interval (some slack for the interval's edges).
    QVERIFY2(clock.maxRate > 0 && clock.maxRate <= 1.2, qPrintable(QString::number(clock.maxRate)));
    QVERIFY(clock.lines.front().points.size() >= 5); // 500 ms at 50 ms intervals
    QCOMPARE(clock.lines.front().label, QStringLiteral("CPU 0"));
    const CounterChart &switches = chart->charts().back();
    QVERIFY(!switches.utilisation);
    QVERIFY(switches.formatRate(2500).endsWith(QLatin1String("/s")));
    part<QDockWidget>(window, "countersDock")->show();
    part<QDockWidget>(window, "countersDock")->raise();
    QCoreApplication::processEvents();
    const QRect plot = chart->plotRect(0);
    const QString tip = chart->toolTipAt(plot.center());
    QVERIFY2(tip.contains(QLatin1String("task-clock")) && tip.contains(QLatin1String("CPU 0")) &&
                 tip.contains(QLatin1String("%")),
             qPrintable(tip));
    QVERIFY(chart->toolTipAt(QPoint(2, 2)).isEmpty());
    saveScreenshot(window.get(), QStringLiteral("counters.png"));

    QSignalSpy loaded(window.get(), &MainWindow::sessionLoaded);
    window->openFile(session_);
    QVERIFY(loaded.wait(kLoadTimeoutMs) || !loaded.isEmpty());
    QCoreApplication::processEvents();
    // The session with samples opens in a page of its own, whose sample views are all there.
    QCOMPARE(window->pages().size(), 2);
    SessionPage *samples = window->currentPage();
    for (const QString &name : sampleViews)
        QVERIFY2(!samples->findChild<QDockWidget *>(name)->isHidden(), qPrintable(name));
    QVERIFY(part<QDockWidget>(samples, "flameGraphDock")->isVisible());
    QVERIFY(part<QDockWidget>(samples, "timelineDock")->isVisible());
    saveScreenshot(window.get(), QStringLiteral("counters-then-samples.png"));
}

void TestMainWindow::inlineFramesAreMarked() {
    LoadOptions options;
    options.inlineFrames = true;
    const auto window = openWindow({}, options);
    QVERIFY(window);
    FlameGraphModel &flame = *part<FlameGraphModel>(window, "flameGraphModel");
    // coldStep, inlined into coldLoop, is a frame of its own right above it, marked inline, with its source.
    const uint32_t step = heaviestNamed(flame, QStringLiteral("coldStep"));
    QVERIFY2(step != CallTree::kRoot, "no coldStep frame: inline frames were not loaded");
    QVERIFY(flame.isInlined(step));
    const uint32_t cold = flame.parentOf(step);
    QCOMPARE(unqualifiedName(withoutParameters(flame.name(cold))), QStringLiteral("coldLoop"));
    QVERIFY(!flame.isInlined(cold));
    QVERIFY2(flame.inlinedInto(step).contains(QLatin1String("coldLoop")),
             qPrintable(flame.inlinedInto(step)));
    QVERIFY(flame.inlinedInto(cold).isEmpty());
    QVERIFY2(flame.location(step).contains(QRegularExpression(QStringLiteral("hotspots\\.cpp:\\d+$"))),
             qPrintable(flame.location(step)));

    // Top-Down: the row says "(inlined)" in italics, has a role for tests and a tooltip saying where it was
    // inlined, and the Location column (shown now that locations are known) gives file:line.
    CallTreeModel &model = *part<CallTreeModel>(window, "topDownModel");
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QModelIndex stepIndex = model.indexForNode(step);
    QVERIFY(stepIndex.isValid());
    QVERIFY(stepIndex.data(CallTreeModel::InlinedRole).toBool());
    QVERIFY(!stepIndex.parent().data(CallTreeModel::InlinedRole).toBool());
    QVERIFY2(stepIndex.data().toString().endsWith(QLatin1String("coldStep (inlined)")),
             qPrintable(stepIndex.data().toString()));
    QVERIFY(!stepIndex.parent().data().toString().contains(QLatin1String("inlined")));
    QVERIFY(stepIndex.data(Qt::FontRole).value<QFont>().italic());
    QVERIFY(!stepIndex.parent().data(Qt::FontRole).value<QFont>().italic());
    const QString tip = stepIndex.data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QLatin1String("Inlined into")) && tip.contains(QLatin1String("coldLoop")) &&
                 tip.contains(QLatin1String("hotspots.cpp:")),
             qPrintable(tip));
    QCOMPARE(stepIndex.data(CallTreeModel::LocationRole).toString(), flame.location(step));
    const QString shown = stepIndex.siblingAtColumn(CallTreeModel::LocationColumn).data().toString();
    QVERIFY2(shown.startsWith(QLatin1String("hotspots.cpp:")), qPrintable(shown));
    QCOMPARE(model.headerData(CallTreeModel::LocationColumn, Qt::Horizontal).toString(),
             QStringLiteral("Location"));
    QVERIFY(!part<CallTreeView>(window, "topDownView")
                 ->treeView()
                 ->isColumnHidden(CallTreeModel::LocationColumn));
    QVERIFY(model.indexForNode(cold)
                .siblingAtColumn(CallTreeModel::LocationColumn)
                .data()
                .toString()
                .startsWith(QLatin1String("hotspots.cpp:")));

    // Bottom-Up: coldStep is where samples end, inlined into its caller coldLoop.
    QVERIFY(showBottomUpTree(*window, kLoadTimeoutMs));
    CallTreeModel &bottomUp = *part<CallTreeModel>(window, "bottomUpModel");
    QModelIndex bottomStep;
    for (int row = 0; row < bottomUp.rowCount(); ++row) {
        const QModelIndex index = bottomUp.index(row, CallTreeModel::FunctionColumn);
        if (index.data().toString().contains(QLatin1String("coldStep"))) bottomStep = index;
    }
    QVERIFY(bottomStep.isValid());
    QVERIFY(bottomStep.data(CallTreeModel::InlinedRole).toBool());
    QVERIFY(bottomStep.data(Qt::ToolTipRole).toString().contains(QLatin1String("Inlined into")));
    QVERIFY(bottomUp.index(0, 0, bottomStep).data().toString().contains(QLatin1String("coldLoop")));

    // Flame graph: zoomed into coldLoop, coldStep is drawn as an inline frame; its tooltip says so.
    FlameGraphWidget *graph = part<FlameGraphView>(window, "flameGraphView")->graph();
    QVERIFY(
        part<FlameGraphView>(window, "flameGraphView")->legend()->text().contains(QLatin1String("Inlined")));
    saveScreenshot(part<FlameGraphView>(window, "flameGraphView"), QStringLiteral("flamegraph-inline.png"));
    flame.zoomTo(flame.parentOf(cold)); // spinFor: coldLoop and coldStep beside hotLoop and warmLoop
    saveScreenshot(part<FlameGraphView>(window, "flameGraphView"),
                   QStringLiteral("flamegraph-inline-zoomed.png"));
    flame.zoomTo(cold);
    bool drawnInlined = false;
    for (const FlameFrame &frame : flame.layout(0.001))
        if (frame.node == step) drawnInlined = frame.inlined;
    QVERIFY(drawnInlined);
    const auto rect = graph->frameRect(step);
    QVERIFY(rect);
    QHelpEvent help(QEvent::ToolTip, rect->center().toPoint(), graph->mapToGlobal(rect->center().toPoint()));
    QCoreApplication::sendEvent(graph, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    const QString flameTip = QToolTip::text();
    QVERIFY2(flameTip.contains(QLatin1String("coldStep (inlined)")) &&
                 flameTip.contains(QLatin1String("Inlined into")) &&
                 flameTip.contains(QLatin1String("hotspots.cpp:")),
             qPrintable(flameTip));
    QToolTip::hideText();
    saveScreenshot(part<FlameGraphView>(window, "flameGraphView"),
                   QStringLiteral("flamegraph-inline-coldloop.png"));

    // Caller/Callee of coldLoop: coldStep is a callee marked inlined.
    CallerCalleeView *view = part<CallerCalleeView>(window, "callerCalleeView");
    QSignalSpy updated(view, &CallerCalleeView::updated);
    part<CallTreeView>(window, "topDownView")->selectNode(cold);
    QVERIFY(updated.wait(kLoadTimeoutMs));
    const CallerCalleeModel &callees = *view->calleesModel();
    int stepRow = -1;
    for (int row = 0; row < callees.rowCount(); ++row)
        if (callees.index(row, 0).data().toString().contains(QLatin1String("coldStep"))) stepRow = row;
    QVERIFY(stepRow >= 0);
    const QModelIndex callee = callees.index(stepRow, CallerCalleeModel::FunctionColumn);
    QVERIFY(callee.data(CallerCalleeModel::InlinedRole).toBool());
    QVERIFY(callee.data().toString().endsWith(QLatin1String("(inlined)")));
    QVERIFY(callee.data(Qt::ToolTipRole).toString().contains(QLatin1String("Inlined into")));
    QVERIFY(callee.siblingAtColumn(CallerCalleeModel::LocationColumn)
                .data()
                .toString()
                .startsWith(QLatin1String("hotspots.cpp:")));
    part<CallTreeView>(window, "topDownView")->selectNode(step);
    part<QDockWidget>(window, "topDownDock")->raise();
    saveScreenshot(window.get(), QStringLiteral("mainwindow-inline.png"));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
