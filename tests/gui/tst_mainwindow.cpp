// The desktop application on a real recording of tests/clients/hotspots (about 60 % of its time in hotLoop,
// 30 % in warmLoop, 10 % in coldLoop, all under spinFor): loading off the UI thread, the flame graph's data
// and interaction, the call-tree model, the summary, error paths, and screenshots for a person to look at.
#include "CallTreeModel.h"
#include "FlameGraphModel.h"
#include "FlameGraphView.h"
#include "FlameGraphWidget.h"
#include "FunctionNames.h"
#include "MainWindow.h"
#include "ModuleCategory.h"
#include "SessionLoader.h"
#include "SummaryView.h"
#include "TestSupport.h"
#include "TopDownView.h"
#include "Translations.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
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

QString screenshotDir() {
    return qEnvironmentVariable("PERFGLASS_SCREENSHOT_DIR", QStringLiteral(PERFGLASS_SCREENSHOT_DIR));
}

void saveScreenshot(QWidget *widget, const QString &name) {
    QDir().mkpath(screenshotDir());
    QTest::qWait(50); // let pending layout and paint events run

    const QString path = screenshotDir() + QLatin1Char('/') + name;
    QVERIFY2(widget->grab().save(path), qPrintable(QStringLiteral("cannot save ") + path));
    qInfo("screenshot: %s", qPrintable(path));
}

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
    void moduleCategories();
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

private:
    std::unique_ptr<MainWindow> openWindow();

    QTemporaryDir dir_;
    QString session_;
};

void TestMainWindow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("perfglass-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
    QSettings().clear();
    installTranslations(*QCoreApplication::instance());
    QVERIFY(dir_.isValid());
    session_ = dir_.filePath(QStringLiteral("hotspots.data"));
    const ProcessResult result = runCli(
        {QStringLiteral("record"), QStringLiteral("-g"), QStringLiteral("-o"), session_, QStringLiteral("--"),
         clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("600"), QStringLiteral("2")});
    if (!QFileInfo::exists(session_) && result.err.contains(QLatin1String("perf_event_paranoid")))
        QSKIP(qPrintable(QStringLiteral("recording is not permitted here: ") + result.err));
    QVERIFY2(result.exitCode == 3, qPrintable(result.err)); // the client's own exit status passes through
    QVERIFY2(QFileInfo(session_).size() > 0, qPrintable(result.err));
}

std::unique_ptr<MainWindow> TestMainWindow::openWindow() {
    auto window = std::make_unique<MainWindow>();
    window->resize(1400, 900);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) return nullptr;
    QSignalSpy loaded(window.get(), &MainWindow::sessionLoaded);
    window->openFile(session_);
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

void TestMainWindow::moduleCategories() {
    QCOMPARE(moduleCategoryOfPath("/usr/lib/x86_64-linux-gnu/libc.so.6", false),
             ModuleCategory::SystemLibrary);
    QCOMPARE(moduleCategoryOfPath("/lib64/ld-linux-x86-64.so.2", false), ModuleCategory::SystemLibrary);
    QCOMPARE(moduleCategoryOfPath("[vdso]", false), ModuleCategory::SystemLibrary);
    QCOMPARE(moduleCategoryOfPath("[kernel.kallsyms]", true), ModuleCategory::Kernel);
    QCOMPARE(moduleCategoryOfPath("[unknown]", false), ModuleCategory::Unknown);
    QCOMPARE(moduleCategoryOfPath("/home/me/build/app", false), ModuleCategory::Application);
    QCOMPARE(moduleCategoryOfPath("/usr/library-of-mine/app", false), ModuleCategory::Application);
}

void TestMainWindow::loaderReportsProgressAndResult() {
    SessionLoader loader;
    QSignalSpy progress(&loader, &SessionLoader::progress);
    QSignalSpy loaded(&loader, &SessionLoader::loaded);
    QSignalSpy failed(&loader, &SessionLoader::failed);
    loader.load(session_);
    QVERIFY(loader.isLoading());
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count() + failed.count(), 1, kLoadTimeoutMs);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(1).toString()));
    QVERIFY(!loader.isLoading());
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().first().toDouble(), 1.0);
    const auto session = loaded.first().first().value<std::shared_ptr<const LoadedSession>>();
    QVERIFY(session && session->topDown);
    QVERIFY(session->topDown->sampleCount() > 100);
    QCOMPARE(session->path, QFileInfo(session_).absoluteFilePath());
    QVERIFY(!session->flat.functions.empty());
}

void TestMainWindow::callTreeModel() {
    const auto window = openWindow();
    QVERIFY(window);
    CallTreeModel &model = *window->callTreeModel();
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(window->topDownView()->proxy(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(model.rowCount() > 0);
    QCOMPARE(model.columnCount(), int(CallTreeModel::ColumnCount));
    QCOMPARE(model.headerData(CallTreeModel::FunctionColumn, Qt::Horizontal).toString(),
             QStringLiteral("Function"));
    QCOMPARE(model.headerData(CallTreeModel::InclusiveCostColumn, Qt::Horizontal).toString(),
             QStringLiteral("Inclusive time")); // cpu-clock counts nanoseconds

    // The hottest leaf under the heaviest spinFor is hotLoop, with about 60 % of spinFor.
    const FlameGraphModel &flame = *window->flameGraphModel();
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
    TopDownView *view = window->topDownView();
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
    const FlameGraphModel &model = *window->flameGraphModel();
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
        QCOMPARE(model.category(hot), ModuleCategory::Application);
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
    saveScreenshot(window->flameGraphView(), QStringLiteral("flamegraph.png"));
}

void TestMainWindow::flameGraphLevelOfDetail() {
    const auto window = openWindow();
    QVERIFY(window);
    const FlameGraphModel &model = *window->flameGraphModel();
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
    const FlameGraphWidget *graph = window->flameGraphView()->graph();
    for (const FlameFrame &frame : model.layout(1.0 / (graph->width() - 8)))
        QVERIFY(frame.width * (graph->width() - 8) >= 1.0 - 1e-9);
}

void TestMainWindow::mainWindowShowsSession() {
    const auto window = openWindow();
    QVERIFY(window);
    QVERIFY(window->windowTitle().contains(QLatin1String("hotspots.data")));
    QVERIFY(window->flameGraphDock()->isVisible());
    QVERIFY(window->flameGraphDock()->features() & QDockWidget::DockWidgetMovable);
    QVERIFY(window->flameGraphDock()->features() & QDockWidget::DockWidgetFloatable);
    QVERIFY(window->recentFiles().contains(QFileInfo(session_).absoluteFilePath()));
    // The call tree starts with its hot path expanded.
    QTreeView *tree = window->topDownView()->treeView();
    QVERIFY(tree->isExpanded(tree->model()->index(0, 0)));
    saveScreenshot(window.get(), QStringLiteral("mainwindow.png"));
}

void TestMainWindow::clickToZoomAndBack() {
    const auto window = openWindow();
    QVERIFY(window);
    FlameGraphModel &model = *window->flameGraphModel();
    FlameGraphView *view = window->flameGraphView();
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
    QCOMPARE(window->callTreeModel()->nodeOf(window->topDownView()->proxy()->mapToSource(
                 window->topDownView()->treeView()->currentIndex())),
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

    // Zoom further into hotLoop, then back out with a right click and with the back button.
    QTest::mouseClick(graph, Qt::LeftButton, {}, hotRect->center().toPoint());
    QCOMPARE(model.zoomRoot(), hot);
    QTest::mouseClick(graph, Qt::RightButton, {}, graph->rect().center());
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
    FlameGraphModel &model = *window->flameGraphModel();
    FlameGraphWidget *graph = window->flameGraphView()->graph();
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
    FlameGraphModel &model = *window->flameGraphModel();
    FlameGraphView *view = window->flameGraphView();
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
    const QString text = window->summaryView()->plainText();
    QVERIFY2(text.contains(QLatin1String("hotLoop")), qPrintable(text));
    QVERIFY(text.contains(QLatin1String("hotspots.data")));
    QVERIFY(text.contains(QString::fromStdString(window->session()->eventName)));
    QVERIFY(text.contains(QLatin1String("hotspots-fp")));
    QVERIFY(text.contains(QLatin1String("Lost samples")));
    QVERIFY(!window->session()->profile->hostname.empty());
    QVERIFY(text.contains(QString::fromStdString(window->session()->profile->hostname)));
    window->summaryDock()->raise();
    window->summaryDock()->show();
    QCoreApplication::processEvents();
    saveScreenshot(window.get(), QStringLiteral("summary.png"));
    // A hotspot link searches the flame graph for the function.
    emit window->summaryView()->functionActivated(QStringLiteral("(anonymous namespace)::warmLoop(int)"));
    QCOMPARE(window->flameGraphModel()->searchText(), QStringLiteral("(anonymous namespace)::warmLoop(int)"));
    QVERIFY(window->flameGraphModel()->matchedFrameCount() > 0);
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
    QSignalSpy cancelled(window.loader(), &SessionLoader::cancelled);
    window.openFile(session_);
    window.loader()->cancel();
    // The load stops (or had already finished); either way the window is idle again and usable.
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count() + cancelled.count(), 1, kLoadTimeoutMs);
    QVERIFY(!window.loader()->isLoading());
    // A new load after a cancelled one works.
    window.openFile(session_);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), cancelled.isEmpty() ? 2 : 1, kLoadTimeoutMs);
    QVERIFY(window.session());
    // Opening a second file while one loads drops the first.
    window.openFile(session_);
    window.openFile(session_);
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
        window.summaryDock()->hide();
        window.close(); // saves the layout
    }
    MainWindow restored;
    restored.show();
    QVERIFY(QTest::qWaitForWindowExposed(&restored));
    QVERIFY(!restored.summaryDock()->isVisible());
    QVERIFY(restored.flameGraphDock()->isVisible());
    restored.resetLayout();
    QVERIFY(restored.summaryDock()->isVisibleTo(&restored) || !restored.summaryDock()->isHidden());
    QSettings().clear();
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
