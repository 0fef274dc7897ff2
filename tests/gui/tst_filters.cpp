// Filters and transforms in the desktop application, on a recording (tests/fixtures/hotspots, made once, so
// it runs where recording is refused) of tests/clients/hotspots with three threads in one process and one in
// another (hotLoop ~60 %, warmLoop ~30 %, coldLoop ~10 %, all under spinFor): the context menus of the flame
// graph, Top-Down and Caller/Callee (focus on a function or a call path, merge, drop, collapse a library or
// recursion, hide kernel frames, copy the name), each an undoable step that every view follows; the filter
// bar's chips and their × buttons; the timeline's thread and process filters; the CPU chooser; and
// screenshots of the filter bar and a context menu.
#include "CallTreeModel.h"
#include "CallTreeView.h"
#include "CallerCalleeModel.h"
#include "CallerCalleeView.h"
#include "FilterBar.h"
#include "FilterEdits.h"
#include "FlameGraphModel.h"
#include "FlameGraphView.h"
#include "FlameGraphWidget.h"
#include "FrameActions.h"
#include "FunctionNames.h"
#include "GuiTestSupport.h"
#include "LoadJob.h"
#include "MainWindow.h"
#include "TestSupport.h"
#include "TimelineView.h"
#include "TimelineWidget.h"
#include "Translations.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDir>
#include <QDockWidget>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTest>
#include <QToolButton>
#include <QTreeView>
#include <QUndoStack>

#include <memory>

using namespace perfglass;
using namespace perfglass::test;

namespace {
constexpr int kTimeoutMs = 120000;

QString shortName(const CallTree &tree, uint32_t node) {
    return unqualifiedName(
        withoutParameters(QString::fromStdString(tree.functionName(tree.node(node).function))));
}

// The nodes of TREE whose function's short name is NAME.
QList<uint32_t> nodesNamed(const CallTree &tree, const QString &name) {
    QList<uint32_t> nodes;
    for (uint32_t n = 1; n < tree.nodes().size(); ++n)
        if (shortName(tree, n) == name) nodes << n;
    return nodes;
}

uint32_t heaviestNamed(const CallTree &tree, const QString &name) {
    uint32_t best = CallTree::kRoot;
    for (uint32_t node : nodesNamed(tree, name))
        if (best == CallTree::kRoot || tree.node(node).inclusive > tree.node(best).inclusive) best = node;
    return best;
}

uint64_t costOf(const CallTree &tree, const QString &name) {
    uint64_t cost = 0;
    for (uint32_t node : nodesNamed(tree, name))
        cost += tree.node(node).inclusive;
    return cost;
}

bool hasKernelNode(const CallTree &tree) {
    for (uint32_t n = 1; n < tree.nodes().size(); ++n)
        if (tree.profile().modules[tree.functionModule(tree.node(n).function)].kernel) return true;
    return false;
}

QAction *actionNamed(QMenu *menu, const QString &objectName) {
    for (QAction *action : menu->actions())
        if (action->objectName() == objectName) return action;
    return nullptr;
}
} // namespace

class TestFilters : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void filterEdits();
    void mergeFromFlameGraph();
    void focusFromTopDownContextMenu();
    void focusOnCallPath();
    void dropSamplesWithFunction();
    void collapseLibraryAndRemoveChip();
    void collapseRecursionAndCopyName();
    void hideKernelFrames();
    void callerCalleeMenu();
    void threadAndProcessFilters();
    void cpuChooser();
    void filterBarScreenshot();

private:
    std::unique_ptr<MainWindow> openWindow();
    // Waits until the views show the filter asked for last.
    bool waitApplied(MainWindow &window, QSignalSpy &applied);
    QMenu *menuFor(MainWindow &window, const CallTree &tree, uint32_t node);

    QTemporaryDir dir_;
    QString session_;
};

void TestFilters::initTestCase() {
    useTestSettings(QStringLiteral("tst_filters"));
    QVERIFY(dir_.isValid());
    // `record -g hotspots-fp 600 3 --fork`: three threads in each of two processes, recorded once.
    session_ = hotspotsPath(QStringLiteral("hotspots-fork"));
}

std::unique_ptr<MainWindow> TestFilters::openWindow() {
    return openSessionWindow(session_, kTimeoutMs, QSize(1400, 900), hotspotsSymbols());
}

bool TestFilters::waitApplied(MainWindow &window, QSignalSpy &applied) {
    for (;;) {
        if (applied.isEmpty() && !applied.wait(kTimeoutMs)) return false;
        applied.clear();
        if (window.session()->filter.transforms == window.filter().transforms &&
            window.session()->filter.tids == window.filter().tids &&
            window.session()->filter.pids == window.filter().pids &&
            window.session()->filter.cpus == window.filter().cpus)
            return true;
    }
}

QMenu *TestFilters::menuFor(MainWindow &window, const CallTree &tree, uint32_t node) {
    return part<FrameActions>(window, "frameActions")
        ->createMenu(FrameTarget::fromTreeNode(tree, node), &window);
}

void TestFilters::filterEdits() {
    const auto window = openWindow();
    QVERIFY(window);
    const Profile &profile = *window->session()->profile();
    const std::vector<uint32_t> threads = sampledThreads(profile);
    const std::vector<uint32_t> processes = sampledProcesses(profile);
    QVERIFY2(threads.size() >= 3, qPrintable(QString::number(threads.size()))); // main, workers, child
    QCOMPARE(processes.size(), size_t(2));
    QVERIFY(!sampledCpus(profile).empty());

    const SampleFilter all;
    const SampleFilter one = withOnlyThread(all, threads[1]);
    QCOMPARE(one.tids, std::vector<uint32_t>{threads[1]});
    QVERIFY(one.pids.empty());
    // Hiding a thread lists the others; hiding the last one shown is refused.
    const auto hidden = withoutThread(all, profile, threads[0]);
    QVERIFY(hidden);
    QCOMPARE(hidden->tids.size(), threads.size() - 1);
    QVERIFY(!showsThread(*hidden, profile.samples.pid[0], threads[0]));
    QVERIFY(!withoutThread(one, profile, threads[1]));
    // Showing it again brings back the whole session.
    uint32_t pid0 = 0;
    for (size_t i = 0; i < profile.samples.size(); ++i)
        if (profile.samples.tid[i] == threads[0]) pid0 = profile.samples.pid[i];
    QVERIFY(withThread(*hidden, profile, pid0, threads[0]).tids.empty());
    // Only a process: its threads, none of the other's; showing a thread of the other widens the filter.
    const SampleFilter process = withOnlyProcess(all, processes[0]);
    QCOMPARE(process.pids, std::vector<uint32_t>{processes[0]});
    QVERIFY(showsThread(process, processes[0], processes[0]));
    QVERIFY(!showsThread(process, processes[1], processes[1]));
    const SampleFilter widened = withThread(process, profile, processes[1], processes[1]);
    QVERIFY(showsThread(widened, processes[1], processes[1]));
    QVERIFY(showsThread(widened, processes[0], processes[0]));
    // Every CPU is no CPU filter.
    QVERIFY(withCpus(all, profile, sampledCpus(profile)).cpus.empty());
    // Transforms are not added twice; removing a collapse removes what names its frame.
    const auto merged = withTransform(all, Transform::mergeFunction(1));
    QVERIFY(merged);
    QVERIFY(!withTransform(*merged, Transform::mergeFunction(1)));
    SampleFilter chain = *merged;
    const auto synthetic = static_cast<FunctionId>(profile.functions.size());
    chain.transforms.push_back(Transform::collapseModule(0));
    chain.transforms.push_back(Transform::focusFunction(synthetic));
    chain.transforms.push_back(Transform::hideKernel());
    const SampleFilter removed = withoutTransform(chain, 1, synthetic);
    QCOMPARE(removed.transforms.size(), size_t(2));
    QCOMPARE(removed.transforms[0], Transform::mergeFunction(1));
    QCOMPARE(removed.transforms[1], Transform::hideKernel());
    QVERIFY(hidesKernel(removed));
    QVERIFY(!hidesKernel(withoutKernelHiding(removed)));
}

void TestFilters::mergeFromFlameGraph() {
    const auto window = openWindow();
    QVERIFY(window);
    QVERIFY(showBottomUpTree(*window, kTimeoutMs)); // every view follows the filter
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    const auto tree = part<FlameGraphModel>(window, "flameGraphModel")->tree();
    const uint64_t total = tree->total();
    const uint64_t spinSelf =
        costOf(*tree, QStringLiteral("spinFor")) - costOf(*tree, QStringLiteral("hotLoop")) -
        costOf(*tree, QStringLiteral("warmLoop")) - costOf(*tree, QStringLiteral("coldLoop"));
    const uint32_t hot = heaviestNamed(*tree, QStringLiteral("hotLoop"));
    QVERIFY(hot != CallTree::kRoot);
    QVERIFY(part<FilterBar>(window, "filterToolBar")->chipTexts().isEmpty());

    QMenu *menu = menuFor(*window, *tree, hot);
    for (const char *name : {"focusFunction", "focusPath", "mergeFunction", "dropFunction", "collapseModule",
                             "collapseRecursion", "collapseDirectRecursion", "hideKernel", "copyName"})
        QVERIFY2(actionNamed(menu, QLatin1String(name)), name);
    actionNamed(menu, QStringLiteral("mergeFunction"))->trigger();
    QVERIFY(waitApplied(*window, applied));

    // hotLoop is gone from every view; its cost stays, as spinFor's self cost.
    const auto merged = part<CallTreeModel>(window, "topDownModel")->tree();
    QVERIFY(nodesNamed(*merged, QStringLiteral("hotLoop")).isEmpty());
    QVERIFY(nodesNamed(*part<CallTreeModel>(window, "bottomUpModel")->tree(), QStringLiteral("hotLoop"))
                .isEmpty());
    QVERIFY(nodesNamed(*part<FlameGraphModel>(window, "flameGraphModel")->tree(), QStringLiteral("hotLoop"))
                .isEmpty());
    QCOMPARE(merged->total(), total);
    uint64_t spinSelfNow = 0;
    for (uint32_t node : nodesNamed(*merged, QStringLiteral("spinFor")))
        spinSelfNow += merged->node(node).self;
    QVERIFY2(spinSelfNow > spinSelf + costOf(*tree, QStringLiteral("hotLoop")) / 2,
             qPrintable(QStringLiteral("%1 %2").arg(spinSelfNow).arg(spinSelf)));
    QCOMPARE(part<QUndoStack>(window, "undoStack")->count(), 1);
    QCOMPARE(part<QUndoStack>(window, "undoStack")->undoText(), QStringLiteral("Merge hotLoop"));
    QCOMPARE(part<FilterBar>(window, "filterToolBar")->chipTexts(),
             QStringList{QStringLiteral("Merged: hotLoop")});
    QVERIFY(part<QAction>(window, "clearFilterAction")->isEnabled());

    // Edit > Undo brings it back.
    part<QUndoStack>(window, "undoStack")->undo();
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(
        nodesNamed(*part<CallTreeModel>(window, "topDownModel")->tree(), QStringLiteral("hotLoop")).size(),
        nodesNamed(*tree, QStringLiteral("hotLoop")).size());
    QVERIFY(part<FilterBar>(window, "filterToolBar")->chipTexts().isEmpty());
    QVERIFY(!part<QAction>(window, "clearFilterAction")->isEnabled());
    // The same transform twice is one step.
    part<QUndoStack>(window, "undoStack")->redo();
    QVERIFY(waitApplied(*window, applied));
    actionNamed(menuFor(*window, *tree, hot), QStringLiteral("mergeFunction"))->trigger();
    QCOMPARE(part<QUndoStack>(window, "undoStack")->count(), 1);
}

void TestFilters::focusFromTopDownContextMenu() {
    const auto window = openWindow();
    QVERIFY(window);
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    part<QDockWidget>(window, "topDownDock")->raise();
    CallTreeView *view = part<CallTreeView>(window, "topDownView");
    const auto tree = part<CallTreeModel>(window, "topDownModel")->tree();
    const uint32_t warm = heaviestNamed(*tree, QStringLiteral("warmLoop"));
    QVERIFY(warm != CallTree::kRoot);
    const uint64_t warmCost = costOf(*tree, QStringLiteral("warmLoop"));

    // A right click on the warmLoop row opens its menu.
    view->selectNode(warm);
    QTreeView *treeView = view->treeView();
    const QModelIndex index = treeView->currentIndex();
    QVERIFY(index.isValid());
    treeView->scrollTo(index);
    const QPoint pos = treeView->visualRect(index).center();
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos, treeView->viewport()->mapToGlobal(pos));
    QCoreApplication::sendEvent(treeView->viewport(), &event);
    QTRY_VERIFY(qobject_cast<QMenu *>(QApplication::activePopupWidget()));
    auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
    QVERIFY(menu->title().contains(QLatin1String("warmLoop")));
    saveScreenshot(menu, QStringLiteral("filters-context-menu.png"));
    QAction *focus = actionNamed(menu, QStringLiteral("focusFunction"));
    QVERIFY(focus);
    menu->close();
    focus->trigger();
    QVERIFY(waitApplied(*window, applied));

    // warmLoop is the only root now, with all of its cost and nothing else.
    const CallTreeModel &model = *part<CallTreeModel>(window, "topDownModel");
    QCOMPARE(model.rowCount(), 1);
    QVERIFY(model.index(0, 0).data().toString().contains(QLatin1String("warmLoop")));
    QCOMPARE(model.tree()->total(), warmCost);
    QCOMPARE(part<QUndoStack>(window, "undoStack")->undoText(), QStringLiteral("Focus on warmLoop"));
    QCOMPARE(part<FilterBar>(window, "filterToolBar")->chipTexts(),
             QStringList{QStringLiteral("Focus on function: warmLoop")});
    part<QUndoStack>(window, "undoStack")->undo();
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->tree()->total(), tree->total());
}

void TestFilters::focusOnCallPath() {
    const auto window = openWindow();
    QVERIFY(window);
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    const auto tree = part<FlameGraphModel>(window, "flameGraphModel")->tree();
    // The main thread's path to spinFor (through main), not the worker's (through the thread start).
    uint32_t spin = CallTree::kRoot;
    for (uint32_t node : nodesNamed(*tree, QStringLiteral("spinFor")))
        if (shortName(*tree, tree->node(node).parent) == QLatin1String("main")) spin = node;
    QVERIFY(spin != CallTree::kRoot);
    const uint64_t pathCost = tree->node(spin).inclusive;
    QVERIFY(pathCost < costOf(*tree, QStringLiteral("spinFor")));

    // Through the flame graph: a right click on the frame asks for its menu.
    part<QDockWidget>(window, "flameGraphDock")->raise();
    FlameGraphWidget *graph = part<FlameGraphView>(window, "flameGraphView")->graph();
    QSignalSpy requested(graph, &FlameGraphWidget::contextMenuRequested);
    const auto rect = graph->frameRect(spin);
    QVERIFY(rect);
    QContextMenuEvent event(QContextMenuEvent::Mouse, rect->center().toPoint(),
                            graph->mapToGlobal(rect->center().toPoint()));
    QCoreApplication::sendEvent(graph, &event);
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.first().at(0).toUInt(), spin);
    QTRY_VERIFY(qobject_cast<QMenu *>(QApplication::activePopupWidget()));
    auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
    saveScreenshot(menu, QStringLiteral("filters-flamegraph-menu.png"));
    QAction *focusPath = actionNamed(menu, QStringLiteral("focusPath"));
    QVERIFY(focusPath);
    menu->close();
    focusPath->trigger();
    QVERIFY(waitApplied(*window, applied));

    // spinFor is the root, with the main thread's cost only.
    const CallTreeModel &model = *part<CallTreeModel>(window, "topDownModel");
    QCOMPARE(model.rowCount(), 1);
    QVERIFY(model.index(0, 0).data().toString().contains(QLatin1String("spinFor")));
    QCOMPARE(model.tree()->total(), pathCost);
    const QString chip = part<FilterBar>(window, "filterToolBar")->chipTexts().value(0);
    QVERIFY2(chip.startsWith(QLatin1String("Focus: ")) && chip.contains(QLatin1String("main > spinFor")),
             qPrintable(chip));
    QVERIFY2(
        part<QUndoStack>(window, "undoStack")->undoText().startsWith(QLatin1String("Focus on call path ")) &&
            part<QUndoStack>(window, "undoStack")->undoText().endsWith(QLatin1String("main > spinFor")),
        qPrintable(part<QUndoStack>(window, "undoStack")->undoText()));
    // A right click off the frames still goes back out of a zoom.
    part<FlameGraphModel>(window, "flameGraphModel")
        ->zoomTo(part<FlameGraphModel>(window, "flameGraphModel")->childrenOf(CallTree::kRoot).front());
    QVERIFY(part<FlameGraphModel>(window, "flameGraphModel")->isZoomed());
    QPoint empty;
    for (int y = 0; y < graph->height() && empty.isNull(); y += 2)
        if (!graph->frameAt(QPointF(graph->width() - 2, y))) empty = QPoint(graph->width() - 2, y);
    QVERIFY(!empty.isNull());
    QTest::mouseClick(graph, Qt::RightButton, {}, empty);
    QVERIFY(!part<FlameGraphModel>(window, "flameGraphModel")->isZoomed());
    QCOMPARE(requested.size(), 1);
}

void TestFilters::dropSamplesWithFunction() {
    const auto window = openWindow();
    QVERIFY(window);
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    const auto tree = part<CallTreeModel>(window, "topDownModel")->tree();
    const uint32_t hot = heaviestNamed(*tree, QStringLiteral("hotLoop"));
    const uint64_t hotCost = costOf(*tree, QStringLiteral("hotLoop"));
    actionNamed(menuFor(*window, *tree, hot), QStringLiteral("dropFunction"))->trigger();
    QVERIFY(waitApplied(*window, applied));
    const auto dropped = part<CallTreeModel>(window, "topDownModel")->tree();
    QCOMPARE(dropped->total(), tree->total() - hotCost);
    QVERIFY(dropped->sampleCount() < tree->sampleCount());
    QVERIFY(nodesNamed(*dropped, QStringLiteral("hotLoop")).isEmpty());
    QCOMPARE(part<FilterBar>(window, "filterToolBar")->chipTexts(),
             QStringList{QStringLiteral("Dropped: hotLoop")});
    QCOMPARE(part<QUndoStack>(window, "undoStack")->undoText(), QStringLiteral("Drop samples with hotLoop"));
}

void TestFilters::collapseLibraryAndRemoveChip() {
    const auto window = openWindow();
    QVERIFY(window);
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    const auto tree = part<CallTreeModel>(window, "topDownModel")->tree();
    const uint32_t hot = heaviestNamed(*tree, QStringLiteral("hotLoop"));
    const QString module =
        QString::fromStdString(tree->profile().moduleName(tree->functionModule(tree->node(hot).function)));
    QCOMPARE(module, QStringLiteral("hotspots-fp"));
    QMenu *menu = menuFor(*window, *tree, hot);
    QAction *collapse = actionNamed(menu, QStringLiteral("collapseModule"));
    QVERIFY(collapse->text().contains(module));
    collapse->trigger();
    QVERIFY(waitApplied(*window, applied));

    // The program's frames are one frame named after it now.
    const auto collapsed = part<CallTreeModel>(window, "topDownModel")->tree();
    QVERIFY(nodesNamed(*collapsed, QStringLiteral("hotLoop")).isEmpty());
    QVERIFY(nodesNamed(*collapsed, QStringLiteral("spinFor")).isEmpty());
    const uint32_t frame = heaviestNamed(*collapsed, module);
    QVERIFY(frame != CallTree::kRoot);
    QCOMPARE(collapsed->total(), tree->total());
    QCOMPARE(part<FilterBar>(window, "filterToolBar")->chipTexts(),
             QStringList{QStringLiteral("Collapsed: hotspots-fp")});

    // The collapsed frame has a menu too (no second collapse of its library); focus on it.
    const FrameTarget target = FrameTarget::fromTreeNode(*collapsed, frame);
    QVERIFY(target.collapsed);
    QMenu *collapsedMenu = part<FrameActions>(window, "frameActions")->createMenu(target, window.get());
    QVERIFY(!actionNamed(collapsedMenu, QStringLiteral("collapseModule")));
    actionNamed(collapsedMenu, QStringLiteral("focusFunction"))->trigger();
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(part<FilterBar>(window, "filterToolBar")->chipTexts(),
             (QStringList{QStringLiteral("Collapsed: hotspots-fp"),
                          QStringLiteral("Focus on function: hotspots-fp")}));
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->rowCount(), 1);

    // The × of the collapse removes it and the focus on its frame: one undoable step.
    const QList<QToolButton *> buttons = part<FilterBar>(window, "filterToolBar")->removeButtons();
    QCOMPARE(buttons.size(), 2);
    QTest::mouseClick(buttons.first(), Qt::LeftButton);
    QVERIFY(waitApplied(*window, applied));
    QVERIFY(window->filter().transforms.empty());
    QVERIFY(part<FilterBar>(window, "filterToolBar")->chipTexts().isEmpty());
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->tree()->total(), tree->total());
    QVERIFY(!nodesNamed(*part<CallTreeModel>(window, "topDownModel")->tree(), QStringLiteral("hotLoop"))
                 .isEmpty());
    QCOMPARE(part<QUndoStack>(window, "undoStack")->undoText(),
             QStringLiteral("Remove Collapsed: hotspots-fp"));
    part<QUndoStack>(window, "undoStack")->undo();
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(part<FilterBar>(window, "filterToolBar")->chipTexts().size(), 2);
    // The × of the focus removes only the focus.
    QTest::mouseClick(part<FilterBar>(window, "filterToolBar")->removeButtons().at(1), Qt::LeftButton);
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(part<FilterBar>(window, "filterToolBar")->chipTexts(),
             QStringList{QStringLiteral("Collapsed: hotspots-fp")});
}

void TestFilters::collapseRecursionAndCopyName() {
    const auto window = openWindow();
    QVERIFY(window);
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    const auto tree = part<CallTreeModel>(window, "topDownModel")->tree();
    const uint32_t spin = heaviestNamed(*tree, QStringLiteral("spinFor"));
    QMenu *menu = menuFor(*window, *tree, spin);
    actionNamed(menu, QStringLiteral("copyName"))->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(),
             QString::fromStdString(tree->functionName(tree->node(spin).function)));
    QCOMPARE(part<QUndoStack>(window, "undoStack")->count(), 0);
    // spinFor does not recurse: the tree keeps its shape, but the step and its chip are there.
    actionNamed(menu, QStringLiteral("collapseRecursion"))->trigger();
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->tree()->nodes().size(), tree->nodes().size());
    QCOMPARE(part<FilterBar>(window, "filterToolBar")->chipTexts(),
             QStringList{QStringLiteral("Collapsed recursion: spinFor")});
    actionNamed(menu, QStringLiteral("collapseDirectRecursion"))->trigger();
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(part<FilterBar>(window, "filterToolBar")->chipTexts().value(1),
             QStringLiteral("Collapsed direct recursion: spinFor"));
    QCOMPARE(part<QUndoStack>(window, "undoStack")->count(), 2);
}

void TestFilters::hideKernelFrames() {
    const auto window = openWindow();
    QVERIFY(window);
    QVERIFY(showBottomUpTree(*window, kTimeoutMs)); // every view follows the filter
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    const auto tree = part<CallTreeModel>(window, "topDownModel")->tree();
    if (!hasKernelNode(*tree))
        QSKIP("the recording has no kernel frames (kernel sampling not permitted here)");
    QAction *hide = part<FrameActions>(window, "frameActions")->hideKernelAction();
    QVERIFY(!hide->isChecked());
    hide->trigger(); // as from View > Hide Kernel Frames or the filter bar
    QVERIFY(waitApplied(*window, applied));
    QVERIFY(hide->isChecked());
    QVERIFY(!hasKernelNode(*part<CallTreeModel>(window, "topDownModel")->tree()));
    QVERIFY(!hasKernelNode(*part<CallTreeModel>(window, "bottomUpModel")->tree()));
    QVERIFY(!hasKernelNode(*part<FlameGraphModel>(window, "flameGraphModel")->tree()));
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->tree()->total(),
             tree->total()); // kernel cost goes to the caller
    QCOMPARE(part<FilterBar>(window, "filterToolBar")->chipTexts(),
             QStringList{QStringLiteral("Kernel frames hidden")});
    QCOMPARE(part<QUndoStack>(window, "undoStack")->undoText(), QStringLiteral("Hide kernel frames"));
    // Undo unchecks it; toggling it off again is a step of its own.
    part<QUndoStack>(window, "undoStack")->undo();
    QVERIFY(waitApplied(*window, applied));
    QVERIFY(!hide->isChecked());
    QVERIFY(hasKernelNode(*part<CallTreeModel>(window, "topDownModel")->tree()));
    part<QUndoStack>(window, "undoStack")->redo();
    QVERIFY(waitApplied(*window, applied));
    hide->trigger();
    QVERIFY(waitApplied(*window, applied));
    QVERIFY(!hide->isChecked());
    QCOMPARE(part<QUndoStack>(window, "undoStack")->undoText(), QStringLiteral("Show kernel frames"));
    QVERIFY(hasKernelNode(*part<CallTreeModel>(window, "topDownModel")->tree()));
}

void TestFilters::callerCalleeMenu() {
    const auto window = openWindow();
    QVERIFY(window);
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    CallerCalleeView *view = part<CallerCalleeView>(window, "callerCalleeView");
    QSignalSpy updated(view, &CallerCalleeView::updated);
    const auto tree = part<CallTreeModel>(window, "topDownModel")->tree();
    view->showFunction(tree->node(heaviestNamed(*tree, QStringLiteral("spinFor"))).function);
    QVERIFY(updated.wait(kTimeoutMs));
    part<QDockWidget>(window, "callerCalleeDock")->raise();
    QTreeView *callees = view->calleesView();
    QVERIFY(callees->model()->rowCount() >= 3);
    const QModelIndex first = callees->model()->index(0, 0); // hotLoop, the heaviest callee
    QVERIFY(first.data().toString().contains(QLatin1String("hotLoop")));
    QSignalSpy requested(view, &CallerCalleeView::contextMenuRequested);
    const QPoint pos = callees->visualRect(first).center();
    emit callees->customContextMenuRequested(pos);
    QCOMPARE(requested.size(), 1);
    QTRY_VERIFY(qobject_cast<QMenu *>(QApplication::activePopupWidget()));
    auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
    QAction *merge = actionNamed(menu, QStringLiteral("mergeFunction"));
    QVERIFY(merge);
    QVERIFY(!actionNamed(menu, QStringLiteral("focusPath"))); // a function, not a call path
    menu->close();
    merge->trigger();
    QVERIFY(waitApplied(*window, applied));
    QVERIFY(nodesNamed(*part<CallTreeModel>(window, "topDownModel")->tree(), QStringLiteral("hotLoop"))
                .isEmpty());
    // spinFor's callees follow: hotLoop is gone (what hotLoop called is spinFor's now), warmLoop stays.
    QTRY_VERIFY(!view->isBusy());
    bool warm = false;
    for (int row = 0; row < view->calleesModel()->rowCount(); ++row) {
        const QString name = view->calleesModel()->index(row, 0).data().toString();
        QVERIFY2(!name.contains(QLatin1String("hotLoop")), qPrintable(name));
        warm = warm || name.contains(QLatin1String("warmLoop"));
    }
    QVERIFY(warm);
}

void TestFilters::threadAndProcessFilters() {
    const auto window = openWindow();
    QVERIFY(window);
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    part<QDockWidget>(window, "timelineDock")->raise();
    TimelineWidget *timeline = part<TimelineView>(window, "timelineView")->timeline();
    const int rows = timeline->rowCount();
    // The thread rows in the order shown (process rows stand over processes with several threads).
    QList<int> threadRows;
    for (int row = 0; row < rows; ++row)
        if (timeline->rows().at(row).kind == TimelineRow::Thread) threadRows << row;
    QVERIFY2(threadRows.size() >= 3, qPrintable(QString::number(threadRows.size()))); // main, workers, child
    const int first = threadRows[0];
    const int second = threadRows[1];
    const uint64_t firstSamples = timeline->rows().at(first).series->totalSamples;
    const uint64_t secondSamples = timeline->rows().at(second).series->totalSamples;
    const uint64_t samples = part<CallTreeModel>(window, "topDownModel")->tree()->sampleCount();
    const auto &threads = timeline->buckets()->threads;

    // Show only the first thread: fewer samples, every other row greyed but still there.
    QMenu *menu = timeline->createContextMenu(first);
    QVERIFY(actionNamed(menu, QStringLiteral("showOnlyProcess")));
    QVERIFY(actionNamed(menu, QStringLiteral("hideThread")));
    actionNamed(menu, QStringLiteral("showOnlyThread"))->trigger();
    QVERIFY(waitApplied(*window, applied));
    const uint64_t onlyFirst = part<CallTreeModel>(window, "topDownModel")->tree()->sampleCount();
    QCOMPARE(onlyFirst, firstSamples);
    QVERIFY(onlyFirst < samples);
    QCOMPARE(timeline->rowCount(), rows);
    QVERIFY(timeline->isThreadShown(first));
    QVERIFY(!timeline->isThreadShown(second));
    QVERIFY2(
        part<FilterBar>(window, "filterToolBar")->chipTexts().value(0).startsWith(QLatin1String("Thread: ")),
        qPrintable(part<FilterBar>(window, "filterToolBar")->chipTexts().value(0)));
    QVERIFY(part<QUndoStack>(window, "undoStack")->undoText().startsWith(QLatin1String("Show only thread ")));
    // A greyed row offers to show it again.
    QMenu *hiddenMenu = timeline->createContextMenu(second);
    QVERIFY(!actionNamed(hiddenMenu, QStringLiteral("hideThread")));
    actionNamed(hiddenMenu, QStringLiteral("showThread"))->trigger();
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->tree()->sampleCount(),
             firstSamples + secondSamples);

    // Only the last process listed: its threads' samples.
    const uint32_t otherPid = timeline->rows().at(threadRows.back()).pid;
    actionNamed(timeline->createContextMenu(threadRows.back()), QStringLiteral("showOnlyProcess"))->trigger();
    QVERIFY(waitApplied(*window, applied));
    uint64_t processSamples = 0;
    for (const ThreadTimeline &thread : threads)
        if (thread.pid == otherPid) processSamples += thread.totalSamples;
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->tree()->sampleCount(), processSamples);
    QCOMPARE(window->filter().pids, std::vector<uint32_t>{otherPid});
    QVERIFY(part<FilterBar>(window, "filterToolBar")
                ->chipTexts()
                .value(0)
                .startsWith(QLatin1String("Process: ")));

    // Clear, then hide one thread: all samples but its own.
    part<QAction>(window, "clearFilterAction")->trigger();
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->tree()->sampleCount(), samples);
    actionNamed(timeline->createContextMenu(first), QStringLiteral("hideThread"))->trigger();
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->tree()->sampleCount(), samples - firstSamples);
    QVERIFY2(part<FilterBar>(window, "filterToolBar")
                 ->chipTexts()
                 .value(0)
                 .startsWith(QLatin1String("Hidden thread: ")),
             qPrintable(part<FilterBar>(window, "filterToolBar")->chipTexts().value(0)));
    QVERIFY(!timeline->isThreadShown(first));
    saveScreenshot(window.get(), QStringLiteral("filters-hidden-thread.png"));
    // Its chip's × shows it again; undo hides it again.
    QTest::mouseClick(part<FilterBar>(window, "filterToolBar")->removeButtons().at(0), Qt::LeftButton);
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->tree()->sampleCount(), samples);
    QVERIFY(part<FilterBar>(window, "filterToolBar")->chipTexts().isEmpty());
    part<QUndoStack>(window, "undoStack")->undo();
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->tree()->sampleCount(), samples - firstSamples);
}

void TestFilters::cpuChooser() {
    const auto window = openWindow();
    QVERIFY(window);
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    const Profile &profile = *window->session()->profile();
    const std::vector<uint32_t> cpus = sampledCpus(profile);
    QMenu *menu = part<FilterBar>(window, "filterToolBar")->cpuMenu();
    QList<QAction *> cpuActions;
    for (QAction *action : menu->actions())
        if (action->isCheckable()) cpuActions << action;
    QCOMPARE(static_cast<size_t>(cpuActions.size()), cpus.size());
    for (QAction *action : cpuActions)
        QVERIFY(action->isChecked());
    QCOMPARE(part<FilterBar>(window, "filterToolBar")->cpuButton()->text(), QStringLiteral("CPUs: all"));
    if (cpus.size() == 1) {
        // The only CPU cannot be unchecked: no step, still checked.
        cpuActions[0]->trigger();
        QVERIFY(cpuActions[0]->isChecked());
        QCOMPARE(part<QUndoStack>(window, "undoStack")->count(), 0);
    }
    if (cpus.size() < 2) QSKIP("the recording's samples are all on one CPU: nothing to choose");
    // Uncheck the first CPU: the views count the samples of the others.
    uint64_t onFirst = 0;
    for (size_t i = 0; i < profile.samples.size(); ++i)
        if (profile.samples.cpu[i] == cpus[0] && profile.samples.event[i] == 0) ++onFirst;
    const uint64_t samples = part<CallTreeModel>(window, "topDownModel")->tree()->sampleCount();
    cpuActions[0]->trigger(); // unchecks it
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(window->filter().cpus, std::vector<uint32_t>(cpus.begin() + 1, cpus.end()));
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->tree()->sampleCount(), samples - onFirst);
    QVERIFY(!cpuActions[0]->isChecked());
    QVERIFY(part<FilterBar>(window, "filterToolBar")->chipTexts().value(0).startsWith(QLatin1String("CPU")));
    QVERIFY(part<FilterBar>(window, "filterToolBar")->cpuButton()->text() != QLatin1String("CPUs: all"));
    // Checking it again is all CPUs: no CPU filter.
    cpuActions[0]->trigger();
    QVERIFY(waitApplied(*window, applied));
    QVERIFY(window->filter().cpus.empty());
    QCOMPARE(part<CallTreeModel>(window, "topDownModel")->tree()->sampleCount(), samples);
}

void TestFilters::filterBarScreenshot() {
    const auto window = openWindow();
    QVERIFY(window);
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    const auto tree = part<CallTreeModel>(window, "topDownModel")->tree();
    // A time range, a hidden thread, a merged function, a focus on a call path and hidden kernel frames.
    TimelineWidget *timeline = part<TimelineView>(window, "timelineView")->timeline();
    window->selectTimeRange(timeline->buckets()->start +
                                (timeline->buckets()->end - timeline->buckets()->start) / 10,
                            timeline->buckets()->end);
    QVERIFY(waitApplied(*window, applied));
    actionNamed(timeline->createContextMenu(timeline->rowCount() - 1), QStringLiteral("hideThread"))
        ->trigger();
    QVERIFY(waitApplied(*window, applied));
    actionNamed(menuFor(*window, *tree, heaviestNamed(*tree, QStringLiteral("coldLoop"))),
                QStringLiteral("mergeFunction"))
        ->trigger();
    QVERIFY(waitApplied(*window, applied));
    uint32_t spin = CallTree::kRoot;
    for (uint32_t node : nodesNamed(*tree, QStringLiteral("spinFor")))
        if (shortName(*tree, tree->node(node).parent) == QLatin1String("main")) spin = node;
    actionNamed(menuFor(*window, *tree, spin), QStringLiteral("focusPath"))->trigger();
    QVERIFY(waitApplied(*window, applied));
    part<FrameActions>(window, "frameActions")->hideKernelAction()->trigger();
    QVERIFY(waitApplied(*window, applied));
    const QStringList chips = part<FilterBar>(window, "filterToolBar")->chipTexts();
    QCOMPARE(chips.size(), 5);
    QVERIFY(chips[0].startsWith(QLatin1String("Time: ")));
    QVERIFY(chips[1].startsWith(QLatin1String("Hidden thread: ")));
    QCOMPARE(chips[2], QStringLiteral("Merged: coldLoop"));
    QVERIFY(chips[3].startsWith(QLatin1String("Focus: ")));
    QCOMPARE(chips[4], QStringLiteral("Kernel frames hidden"));
    QCOMPARE(part<QUndoStack>(window, "undoStack")->count(), 5);
    saveScreenshot(part<FilterBar>(window, "filterToolBar"), QStringLiteral("filters-bar.png"));
    saveScreenshot(window.get(), QStringLiteral("filters-mainwindow.png"));
    // Clear Filter removes every chip at once; undo brings them all back.
    part<QAction>(window, "clearFilterAction")->trigger();
    QVERIFY(waitApplied(*window, applied));
    QVERIFY(part<FilterBar>(window, "filterToolBar")->chipTexts().isEmpty());
    part<QUndoStack>(window, "undoStack")->undo();
    QVERIFY(waitApplied(*window, applied));
    QCOMPARE(part<FilterBar>(window, "filterToolBar")->chipTexts(), chips);
}

QTEST_MAIN(TestFilters)
#include "tst_filters.moc"
