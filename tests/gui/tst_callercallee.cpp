// The Caller/Callee dock (function list, callers and callees, sandwich flame graph, Back and Forward),
// readable names (View ▸ Readable Names) and Search Everywhere (Ctrl+K), on a recording of
// tests/clients/hotspots (hotLoop, warmLoop and coldLoop under spinFor, about 60/30/10 %), with screenshots.
// The recording is a fixture (tests/fixtures/hotspots): everything runs where recording is refused.
#include "CallTreeModel.h"
#include "CallTreeView.h"
#include "CallerCalleeModel.h"
#include "CallerCalleeView.h"
#include "FlameGraphModel.h"
#include "FlameGraphView.h"
#include "FunctionListModel.h"
#include "FunctionNames.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "SandwichWidget.h"
#include "SearchEverywhere.h"
#include "SessionPage.h"
#include "TestSupport.h"
#include "analysis/Transform.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

using namespace perfglass;
using namespace perfglass::test;

namespace {
constexpr int kTimeoutMs = 120000;

// The function of PROFILE whose unqualified name without parameters is NAME.
FunctionId functionNamed(const Profile &profile, const QString &name) {
    for (FunctionId f = 0; f < profile.functions.size(); ++f)
        if (unqualifiedName(withoutParameters(QString::fromStdString(profile.functionName(f)))) == name)
            return f;
    return UINT32_MAX;
}
} // namespace

class TestCallerCallee : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void functionList();
    void sandwichAndHistory();
    void followsTheFilter();
    void readableNamesSwitch();
    void searchEverywhere();

private:
    std::unique_ptr<MainWindow> openWindow();
    CallerCalleeView *showCallerCallee(MainWindow &window);

    QTemporaryDir dir_;
    QString session_;
    // The function that calls the three loops, the hottest and the second of them, in hotspots' recording.
    const QString caller_ = QStringLiteral("spinFor");
    const QString hottest_ = QStringLiteral("hotLoop");
    const QString second_ = QStringLiteral("warmLoop");
};

void TestCallerCallee::initTestCase() {
    useTestSettings(QStringLiteral("tst_callercallee"));
    QVERIFY(dir_.isValid());
    session_ = hotspotsPath(QStringLiteral("hotspots"));
}

std::unique_ptr<MainWindow> TestCallerCallee::openWindow() {
    return openSessionWindow(session_, kTimeoutMs, QSize(1400, 900), hotspotsSymbols());
}

// The Caller/Callee dock raised and given most of the window, its function list filled.
CallerCalleeView *TestCallerCallee::showCallerCallee(MainWindow &window) {
    auto *dock = part<QDockWidget>(window, "callerCalleeDock");
    dock->show();
    dock->raise();
    window.currentPage()->resizeDocks({dock}, {620}, Qt::Vertical);
    auto *view = part<CallerCalleeView>(window, "callerCalleeView");
    if (view->functionsModel()->rowCount() == 0) {
        QSignalSpy listed(view, &CallerCalleeView::functionsListed);
        listed.wait(kTimeoutMs);
    }
    return view;
}

void TestCallerCallee::functionList() {
    const auto window = openWindow();
    QVERIFY(window);
    CallerCalleeView *view = showCallerCallee(*window);
    FunctionListModel &model = *view->functionsModel();
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(model.rowCount() >= 4);
    // Sorted by self cost: hotLoop first, with most of the samples; every column filled.
    QTreeView *list = view->functionsView();
    const QModelIndex first = list->model()->index(0, FunctionListModel::FunctionColumn);
    QCOMPARE(first.data().toString(), QStringLiteral("(anon)::hotLoop"));
    QVERIFY(first.data(Qt::ToolTipRole)
                .toString()
                .contains(QLatin1String("(anonymous namespace)::hotLoop(int)")));
    const double hotShare =
        list->model()->index(0, FunctionListModel::SelfColumn).data(FunctionListModel::ShareRole).toDouble();
    QVERIFY2(hotShare > 0.4 && hotShare < 0.8, qPrintable(QString::number(hotShare)));
    QVERIFY(list->model()
                ->index(0, FunctionListModel::SamplesColumn)
                .data(FunctionListModel::SortRole)
                .toULongLong() > 0);
    // Sorting by inclusive cost puts main's callers' chain (spinFor's ancestors) first.
    list->sortByColumn(FunctionListModel::InclusiveColumn, Qt::DescendingOrder);
    const double topInclusive = list->model()
                                    ->index(0, FunctionListModel::InclusiveColumn)
                                    .data(FunctionListModel::ShareRole)
                                    .toDouble();
    QVERIFY(topInclusive > 0.9);
    // The search field narrows the list; choosing a row shows that function.
    QTest::keyClicks(view->functionSearch(), QStringLiteral("warm"));
    QCOMPARE(list->model()->rowCount(), 1);
    QSignalSpy updated(view, &CallerCalleeView::updated);
    list->setCurrentIndex(list->model()->index(0, 0));
    QVERIFY(updated.wait(kTimeoutMs));
    QVERIFY(view->heading()->text().contains(QLatin1String("(anon)::warmLoop")));
    QCOMPARE(view->callersModel()->rowCount(), 1); // spinFor
    saveScreenshot(window.get(), QStringLiteral("callercallee-list.png"));
}

void TestCallerCallee::sandwichAndHistory() {
    const auto window = openWindow();
    QVERIFY(window);
    CallerCalleeView *view = showCallerCallee(*window);
    const Profile &profile = *window->session()->profile();
    const FunctionId spin = functionNamed(profile, caller_);
    const FunctionId hot = functionNamed(profile, hottest_);
    QSignalSpy updated(view, &CallerCalleeView::updated);
    view->showFunction(spin);
    QVERIFY(updated.wait(kTimeoutMs));
    QVERIFY(!view->canGoBack());
    // The sandwich: spinFor full width in the middle, its callees above (hotLoop the widest), callers below.
    SandwichWidget *sandwich = view->sandwich();
    const auto middle = sandwich->frameRect(false, SandwichTree::kRoot);
    QVERIFY(middle);
    QCOMPARE(middle->width(), double(sandwich->width()));
    const SandwichTree &callees = view->result()->calleeTree;
    const uint32_t hotNode = callees.node(SandwichTree::kRoot).children.front();
    QCOMPARE(callees.node(hotNode).function, hot);
    const auto hotRect = sandwich->frameRect(false, hotNode);
    QVERIFY(hotRect);
    QVERIFY(hotRect->bottom() <= middle->top());
    QVERIFY2(hotRect->width() > 0.4 * middle->width(), qPrintable(QString::number(hotRect->width())));
    const SandwichTree &callers = view->result()->callerTree;
    QVERIFY(!callers.node(SandwichTree::kRoot).children.empty());
    const auto callerRect = sandwich->frameRect(true, callers.node(SandwichTree::kRoot).children.front());
    QVERIFY(callerRect);
    QVERIFY(callerRect->top() >= middle->bottom());
    saveScreenshot(window.get(), QStringLiteral("callercallee-sandwich.png"));

    // A click on hotLoop in the sandwich moves to it; Back and Forward retrace.
    QTest::mouseClick(sandwich, Qt::LeftButton, {}, hotRect->center().toPoint());
    QVERIFY(updated.wait(kTimeoutMs));
    QCOMPARE(view->function().value_or(0), hot);
    QVERIFY(view->canGoBack());
    QVERIFY(!view->canGoForward());
    part<QAction>(view, "callerCalleeBack")->trigger();
    QVERIFY(updated.wait(kTimeoutMs));
    QCOMPARE(view->function().value_or(0), spin);
    QVERIFY(view->canGoForward());
    part<QAction>(view, "callerCalleeForward")->trigger();
    QVERIFY(updated.wait(kTimeoutMs));
    QCOMPARE(view->function().value_or(0), hot);
    // Double-clicking a caller (spinFor) in the table moves too, and empties Forward.
    QTreeView *table = view->callersView();
    emit table->activated(table->model()->index(0, 0));
    QVERIFY(updated.wait(kTimeoutMs));
    QCOMPARE(view->function().value_or(0), spin);
    QVERIFY(!view->canGoForward());
    // The list marks the function shown.
    QCOMPARE(view->functionsView()->currentIndex().data(FunctionListModel::FunctionRole).toUInt(), spin);
}

void TestCallerCallee::followsTheFilter() {
    const auto window = openWindow();
    QVERIFY(window);
    CallerCalleeView *view = showCallerCallee(*window);
    const Profile &profile = *window->session()->profile();
    const FunctionId hot = functionNamed(profile, hottest_);
    QVERIFY(view->functionsModel()->rowOf(hot) >= 0);
    QSignalSpy listed(view, &CallerCalleeView::functionsListed);
    window->addTransform(Transform::dropFunction(hot), QStringLiteral("drop ") + hottest_);
    QVERIFY(listed.wait(kTimeoutMs));
    QCOMPARE(view->functionsModel()->rowOf(hot), -1);
    QVERIFY(view->functionsModel()->rowOf(functionNamed(profile, second_)) >= 0);
}

void TestCallerCallee::readableNamesSwitch() {
    const auto window = openWindow();
    QVERIFY(window);
    QAction *action = part<QAction>(window, "readableNames");
    QVERIFY(action->isChecked());
    const FlameGraphModel &flame = *part<FlameGraphModel>(window, "flameGraphModel");
    const CallTreeModel &topDown = *part<CallTreeModel>(window, "topDownModel");
    const auto nodeOf = [&](const QString &full) {
        for (uint32_t n = 1; n < flame.tree()->nodes().size(); ++n)
            if (flame.fullName(n) == full) return n;
        return uint32_t(0);
    };
    const uint32_t hot = nodeOf(QStringLiteral("(anonymous namespace)::hotLoop(int)"));
    QVERIFY(hot != 0);
    QCOMPARE(flame.name(hot), QStringLiteral("(anon)::hotLoop"));
    QCOMPARE(topDown.indexForNode(hot).data().toString(), QStringLiteral("(anon)::hotLoop"));
    QVERIFY(topDown.indexForNode(hot)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QLatin1String("(anonymous namespace)::hotLoop(int)")));
    saveScreenshot(window.get(), QStringLiteral("readable-names-on.png"));

    action->trigger(); // off
    QVERIFY(!action->isChecked());
    QCOMPARE(QSettings().value(QStringLiteral("view/readableNames")).toBool(), false);
    const uint32_t fullHot = nodeOf(QStringLiteral("(anonymous namespace)::hotLoop(int)"));
    QCOMPARE(flame.name(fullHot), QStringLiteral("(anonymous namespace)::hotLoop(int)"));
    QCOMPARE(topDown.indexForNode(fullHot).data().toString(),
             QStringLiteral("(anonymous namespace)::hotLoop(int)"));
    saveScreenshot(window.get(), QStringLiteral("readable-names-off.png"));

    // A new window starts as the setting was left.
    const auto second = std::make_unique<MainWindow>();
    QVERIFY(!part<QAction>(second, "readableNames")->isChecked());
    action->trigger(); // on again
    QCOMPARE(QSettings().value(QStringLiteral("view/readableNames")).toBool(), true);
    QCOMPARE(flame.name(nodeOf(QStringLiteral("(anonymous namespace)::hotLoop(int)"))),
             QStringLiteral("(anon)::hotLoop"));
}

void TestCallerCallee::searchEverywhere() {
    const auto window = openWindow();
    QVERIFY(window);
    auto *search = window->findChild<SearchEverywhere *>(QStringLiteral("searchEverywhere"));
    QVERIFY(search);
    part<QAction>(window, "searchEverywhereAction")->trigger();
    QTRY_VERIFY(search->isVisible());
    QSignalSpy searched(search, &SearchEverywhere::searched);
    search->search(QStringLiteral("loop"));
    QTRY_VERIFY_WITH_TIMEOUT(search->result() && !search->isBusy(), kTimeoutMs);
    // hotLoop, warmLoop, coldLoop: nearly every sample has one of them on its stack.
    const ProfileSearch &result = *search->result();
    QVERIFY(result.functions.size() >= 3);
    QVERIFY2(static_cast<double>(result.matchedCost) > 0.9 * static_cast<double>(result.total),
             qPrintable(search->summary()->text()));
    QVERIFY(search->summary()->text().contains(QLatin1String("have a match on their stack")));
    QTreeWidget *tree = search->results();
    QVERIFY(tree->topLevelItem(0)->text(0).startsWith(QLatin1String("Functions")));
    QVERIFY(tree->topLevelItem(0)->child(0)->text(0).startsWith(QLatin1String("(anon)::hotLoop")));
    saveScreenshot(search, QStringLiteral("search-everywhere.png"));

    // Enter takes the first match to the flame graph (no view had the focus): its frames are highlighted.
    QTest::keyClick(search->field(), Qt::Key_Return);
    QTRY_VERIFY(!search->isVisible());
    const FlameGraphModel &flame = *part<FlameGraphModel>(window, "flameGraphModel");
    QCOMPARE(flame.searchText(), QStringLiteral("(anonymous namespace)::hotLoop(int)"));
    QVERIFY(flame.matchedShare() > 0.4);

    // From the top-down tree, a function is selected there.
    auto *topDown = part<CallTreeView>(window, "topDownView");
    part<QDockWidget>(window, "topDownDock")->raise();
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    topDown->filterField()->setFocus();
    QTRY_COMPARE(QApplication::focusWidget(), topDown->filterField());
    search->search(QStringLiteral("warmLoop"));
    QTRY_VERIFY_WITH_TIMEOUT(search->result() && !search->isBusy(), kTimeoutMs);
    QTest::keyClick(search->field(), Qt::Key_Return);
    const CallTreeModel &model = *part<CallTreeModel>(window, "topDownModel");
    const auto *treeView = topDown->findChild<QTreeView *>();
    QVERIFY(treeView);
    const uint32_t node = model.nodeOf(qobject_cast<const QSortFilterProxyModel *>(treeView->model())
                                           ->mapToSource(treeView->currentIndex()));
    QVERIFY(node != 0);
    QCOMPARE(unqualifiedName(withoutParameters(
                 QString::fromStdString(model.tree()->functionName(model.tree()->node(node).function)))),
             QStringLiteral("warmLoop"));

    // A module goes to the Caller/Callee function list when no call tree had the focus.
    part<CallerCalleeView>(window, "callerCalleeView")->functionsView()->setFocus();
    search->search(QStringLiteral("hotspots-fp"));
    QTRY_VERIFY_WITH_TIMEOUT(search->result() && !search->isBusy(), kTimeoutMs);
    QCOMPARE(search->result()->modules.size(), size_t(1));
    QTreeWidgetItem *modules = tree->topLevelItem(tree->topLevelItemCount() - 1);
    QVERIFY(modules->text(0).startsWith(QLatin1String("Modules")));
    tree->setCurrentItem(modules->child(0));
    emit tree->itemActivated(modules->child(0), 0);
    auto *view = part<CallerCalleeView>(window, "callerCalleeView");
    QCOMPARE(view->functionSearch()->text(), QStringLiteral("hotspots-fp"));
    saveScreenshot(window.get(), QStringLiteral("search-everywhere-module.png"));
}

QTEST_MAIN(TestCallerCallee)
#include "tst_callercallee.moc"
