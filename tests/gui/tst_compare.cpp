// Comparing sessions and selections in the desktop application, on recordings of hotspots-fp with two and
// with three threads (tests/fixtures/hotspots: nothing is recorded at test time, so it runs where recording
// is refused): File ▸ Compare With… opens a CompareWindow whose differential flame graph draws the
// comparison's shape coloured red where frames grew and blue where they shrank (the baseline's shape on
// request), whose diff trees sort by delta, and whose Summaries show both sessions; the main window's filter
// applies to both sessions (threads by name and CPUs too, not a time range, as a line says); two time ranges,
// and two threads, of one session compare the same way. The trees first put the largest change first and
// sort signed on a header click; Seconds shows costs in seconds; the flame graph's context menu and a double
// click on a tree row move between the two; `perfglass FILE --compare OTHER` opens the comparison. The diff
// trees are the main window's tree views (search field, cost bars, readable names). Two time ranges compare
// on a golden recording (tests/fixtures/golden). Screenshots of each view are saved for a person to look at.
#include "CallTreeView.h"
#include "CompareWindow.h"
#include "CostBarDelegate.h"
#include "DiffFlameGraphModel.h"
#include "DiffTreeModel.h"
#include "FlameGraphView.h"
#include "FlameGraphWidget.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "SessionComparer.h"
#include "SummaryView.h"
#include "TestSupport.h"
#include "TimelineWidget.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPointer>
#include <QProcess>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <vector>

using namespace perfglass;
using namespace perfglass::test;

namespace {
constexpr int kLoadTimeoutMs = 120000;

// The first node of the shown tree (below the root) whose change has the sign of SIGN, or 0.
uint32_t nodeWithChange(const DiffFlameGraphModel &model, int sign) {
    const auto &tree = model.tree();
    for (uint32_t node = 1; node < tree->nodes().size(); ++node) {
        const double change = model.change(node);
        if (tree->node(node).inclusive * 50 > tree->total() && change * sign > 0.05) return node;
    }
    return 0;
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    // hotspots-fp with two threads and with three, recorded once (tests/fixtures/hotspots).
    const QString one_ = hotspotsPath(QStringLiteral("hotspots"));
    const QString three_ = hotspotsPath(QStringLiteral("hotspots-3-threads"));
    CompareWindow *waitForComparison(MainWindow &window) {
        const auto ready = [&] {
            return window.comparer()->compareWindow() && window.comparer()->compareWindow()->comparison();
        };
        return QTest::qWaitFor(ready, kLoadTimeoutMs) ? window.comparer()->compareWindow() : nullptr;
    }

    // Sorted first by the size of the change (what changed most first, either way), then, after a click on
    // the Delta header, by the signed change: what shrank most first, and on a second click what grew most.
    void checkTree(CompareWindow *compare, CallTreeView *tree, const QString &screenshot) {
        compare->tabs()->setCurrentWidget(tree);
        QTreeView *view = tree->treeView();
        QAbstractItemModel *model = view->model();
        QVERIFY(model->rowCount() > 1);
        QCOMPARE(model->headerData(DiffTreeModel::Delta, Qt::Horizontal).toString(), QStringLiteral("Delta"));
        auto deltaOf = [&](int row) {
            return model->index(row, DiffTreeModel::Delta).data(DiffTreeModel::SortRole).toDouble();
        };
        QCOMPARE(static_cast<QSortFilterProxyModel *>(model)->sortRole(), int(DiffTreeModel::ChangeSizeRole));
        for (int row = 1; row < model->rowCount(); ++row)
            QVERIFY(std::abs(deltaOf(row - 1)) >= std::abs(deltaOf(row)));
        saveScreenshot(compare, screenshot);
        QHeaderView *header = view->header();
        const QPoint delta(header->sectionViewportPosition(DiffTreeModel::Delta) + 5, header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, delta);
        QCOMPARE(header->sortIndicatorSection(), int(DiffTreeModel::Delta));
        QCOMPARE(header->sortIndicatorOrder(), Qt::AscendingOrder);
        for (int row = 1; row < model->rowCount(); ++row)
            QVERIFY(deltaOf(row - 1) <= deltaOf(row));
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, delta);
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
        for (int row = 1; row < model->rowCount(); ++row)
            QVERIFY(deltaOf(row - 1) >= deltaOf(row));
        view->expandToDepth(3);
    }

    // The diff trees are the main window's tree views: the heavy paths expanded, cost bars behind both
    // sides' shares, and a search field that keeps the rows of NAME and their callers.
    void checkTreeView(CompareWindow *compare, CallTreeView *tree, const QString &name,
                       const QString &screenshot) {
        compare->tabs()->setCurrentWidget(tree);
        QTreeView *view = tree->treeView();
        for (int column : {int(DiffTreeModel::Baseline), int(DiffTreeModel::Comparison)})
            QVERIFY(qobject_cast<CostBarDelegate *>(view->itemDelegateForColumn(column)));
        QVERIFY(!qobject_cast<CostBarDelegate *>(view->itemDelegateForColumn(DiffTreeModel::Delta)));
        QVERIFY(view->isExpanded(view->model()->index(0, 0)));
        const int unfiltered = tree->model()->rowCount();
        tree->filterField()->setText(name);
        QVERIFY(view->model()->rowCount() > 0);
        int matching = 0;
        for (QModelIndex index = view->model()->index(0, 0); index.isValid(); index = view->indexBelow(index))
            matching += index.data().toString() == name;
        QVERIFY2(matching > 0, qPrintable(name));
        saveScreenshot(compare, screenshot);
        tree->filterField()->clear();
        QCOMPARE(view->model()->rowCount(), unfiltered);
    }

    // Readable names, as the main trees show them: some of hotspots' C++ functions show without their
    // parameter lists (and "(anon)" for the anonymous namespace), their full names in the tooltip.
    void checkReadableNames(CallTreeView *tree) {
        QTreeView *view = tree->treeView();
        view->expandAll();
        int shortened = 0;
        for (QModelIndex index = view->model()->index(0, 0); index.isValid();
             index = view->indexBelow(index)) {
            const QString full = index.data(Qt::ToolTipRole).toString().section(QLatin1Char('\n'), 0, 0);
            const QString shown = index.data().toString();
            // The parameter list dropped: "(anon)::hotLoop" for "(anonymous namespace)::hotLoop(int)".
            if (full != shown && full.endsWith(QLatin1Char(')')) && !shown.endsWith(QLatin1Char(')')) &&
                full.contains(shown.section(QStringLiteral("::"), -1) + QLatin1Char('(')))
                ++shortened;
        }
        QVERIFY(shortened > 0);
        view->collapseAll();
    }

    // The flame graph's context menu shows a frame in the diff tree, copies its name, zooms and resets; a
    // double click on a tree row zooms the flame graph into it.
    void checkFrameMenu(CompareWindow *compare, uint32_t node) {
        DiffFlameGraphModel *flame = compare->flameGraphModel();
        FlameGraphView *view = compare->flameGraphView();
        compare->tabs()->setCurrentWidget(view);
        QVERIFY(!view->statusLabel()->text().contains(QStringLiteral("focus")));
        auto trigger = [&](const char *action) {
            emit view->graph()->contextMenuRequested(node, view->graph()->mapToGlobal(QPoint(20, 20)));
            auto *menu = compare->findChild<QMenu *>(QStringLiteral("diffFrameMenu"));
            QVERIFY(menu);
            auto *chosen = menu->findChild<QAction *>(QString::fromLatin1(action));
            QVERIFY(chosen);
            chosen->trigger();
            menu->close();
            delete menu;
        };
        trigger("copyName");
        QCOMPARE(QApplication::clipboard()->text(), flame->name(node));
        trigger("zoomIn");
        QCOMPARE(flame->zoomRoot(), node);
        trigger("resetZoom");
        QCOMPARE(flame->zoomRoot(), CallTree::kRoot);
        trigger("showInTree");
        CallTreeView *treeView = compare->topDownView();
        QCOMPARE(compare->tabs()->currentWidget(), treeView);
        QTreeView *tree = treeView->treeView();
        const QModelIndex current = treeView->proxy()->mapToSource(tree->currentIndex());
        QCOMPARE(compare->topDownModel()->nodeOf(current), flame->diffNode(node));
        saveScreenshot(compare, QStringLiteral("compare-show-in-tree.png"));
        emit tree->activated(tree->currentIndex());
        QCOMPARE(compare->tabs()->currentWidget(), view);
        QCOMPARE(flame->zoomRoot(), node);
        saveScreenshot(compare, QStringLiteral("compare-zoomed-from-tree.png"));
        flame->resetZoom();
    }

    // Seconds shows the trees' and the flame graph's values in seconds of the event, as --normalize time.
    void checkSeconds(CompareWindow *compare, uint32_t node) {
        QAction *seconds = compare->secondsAction();
        QVERIFY2(seconds->isEnabled(), "both recordings count cpu-clock by its period");
        DiffTreeModel *model = compare->topDownModel();
        const QModelIndex first = model->index(0, DiffTreeModel::Baseline);
        const uint64_t inclusive = model->diff()->node(model->nodeOf(first)).baseline.inclusive;
        seconds->trigger();
        QCOMPARE(model->normalize(), DiffNormalize::Time);
        QCOMPARE(first.data(DiffTreeModel::SortRole).toDouble(), double(inclusive) / 1e9);
        QVERIFY(first.data().toString().endsWith(QStringLiteral(" s")));
        QVERIFY(compare->flameGraphModel()->extraToolTip(node).contains(QStringLiteral(" s")));
        compare->tabs()->setCurrentWidget(compare->topDownView());
        saveScreenshot(compare, QStringLiteral("compare-topdown-seconds.png"));
        seconds->trigger();
        QCOMPARE(model->normalize(), DiffNormalize::Share);
        QVERIFY(first.data().toString().endsWith(QStringLiteral(" %")));
    }

private slots:
    void initTestCase() { useTestSettings(QStringLiteral("tst_compare")); }

    // Closed, the comparison window is deleted, and the comparison's profile with it; the main window's next
    // filter compares nothing, and the next comparison opens a new window.
    void closedWindowGoesWithItsComparison() {
        auto window = openHotspotsWindow(QStringLiteral("hotspots"), kLoadTimeoutMs);
        QVERIFY(window);
        window->comparer()->compareWith(three_);
        QPointer<CompareWindow> compare = waitForComparison(*window);
        QVERIFY(compare);
        const std::weak_ptr<const Profile> comparisonProfile = compare->comparison()->profile();
        compare->close();
        QTRY_VERIFY_WITH_TIMEOUT(compare.isNull(), 10000);
        QVERIFY(!window->comparer()->compareWindow());
        QTRY_VERIFY_WITH_TIMEOUT(comparisonProfile.expired(), 10000);

        const Profile &profile = *window->session()->profile();
        QSignalSpy applied(window.get(), &MainWindow::filterApplied);
        window->selectTimeRange(profile.startTime,
                                profile.startTime + (profile.endTime - profile.startTime) / 2);
        QVERIFY(applied.wait(kLoadTimeoutMs));
        QVERIFY(!window->comparer()->compareWindow());

        window->comparer()->compareWith(three_);
        compare = waitForComparison(*window);
        QVERIFY(compare);
        QVERIFY(compare->isVisible());
        QVERIFY(compare->comparison()->topDown->sampleCount() > 0);
    }

    void compareSessions() {
        auto window = openHotspotsWindow(QStringLiteral("hotspots"), kLoadTimeoutMs);
        QVERIFY(window);
        QVERIFY(window->comparer()->compareAction()->isEnabled());
        window->comparer()->compareWith(three_);
        CompareWindow *compare = waitForComparison(*window);
        QVERIFY(compare);
        QVERIFY(compare->comparesSessions());
        QVERIFY(compare->windowTitle().contains(QFileInfo(three_).fileName()));

        // The comparison's shape, red where a frame grew, blue where it shrank.
        DiffFlameGraphModel *flame = compare->flameGraphModel();
        QCOMPARE(flame->tree(), flame->diff()->comparisonTree());
        const uint32_t grew = nodeWithChange(*flame, 1);
        const uint32_t shrank = nodeWithChange(*flame, -1);
        QVERIFY2(grew != 0 && shrank != 0, "the two recordings should differ somewhere by 0.05 points");
        QVERIFY(flame->outOfLineColor(grew).red() > flame->outOfLineColor(grew).blue());
        QVERIFY(flame->outOfLineColor(shrank).blue() > flame->outOfLineColor(shrank).red());
        QVERIFY(flame->extraToolTip(grew).contains(QStringLiteral("Change: +")));
        compare->tabs()->setCurrentIndex(0);
        saveScreenshot(compare, QStringLiteral("compare-flamegraph.png"));
        checkFrameMenu(compare, grew);
        checkSeconds(compare, grew);
        QVERIFY(compare->carriedLabel()->text().contains(QStringLiteral("the event")));
        QVERIFY(!compare->carriedLabel()->text().contains(QStringLiteral("Not carried")));

        // The baseline's shape, with frames that vanished.
        compare->baselineShapeAction()->trigger();
        QCOMPARE(flame->tree(), flame->diff()->baselineTree());
        saveScreenshot(compare, QStringLiteral("compare-flamegraph-baseline-shape.png"));
        compare->baselineShapeAction()->trigger();

        // The diff tree models hold up to Qt's model checks, now and when the next comparison replaces them.
        QAbstractItemModelTester topDownTester(compare->topDownModel(),
                                               QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester bottomUpTester(compare->bottomUpModel(),
                                                QAbstractItemModelTester::FailureReportingMode::QtTest);
        checkTree(compare, compare->topDownView(), QStringLiteral("compare-topdown.png"));
        checkTree(compare, compare->bottomUpView(), QStringLiteral("compare-bottomup.png"));
        checkReadableNames(compare->topDownView());

        compare->tabs()->setCurrentIndex(3);
        auto *baselineSummary = part<SummaryView>(compare, "baselineSummary");
        auto *comparisonSummary = part<SummaryView>(compare, "comparisonSummary");
        QVERIFY(baselineSummary->plainText().contains(QFileInfo(one_).fileName()));
        QVERIFY(comparisonSummary->plainText().contains(QFileInfo(three_).fileName()));
        saveScreenshot(compare, QStringLiteral("compare-summaries.png"));

        // The main window's filter applies to both sessions.
        QSignalSpy compared(compare, &CompareWindow::compared);
        window->setHideKernel(true);
        QVERIFY(compared.wait(kLoadTimeoutMs));
        bool hidden = false;
        for (const Transform &transform : compare->comparison()->filter.transforms)
            hidden |= transform.kind == TransformKind::HideKernel;
        QVERIFY(hidden);
        // The analysis the window shows (with its timeline, made after the trees, perhaps added since).
        QCOMPARE(compare->baseline()->topDown, window->session()->topDown);
    }

    // A time range is not carried over to the other session; threads are, by name; the line says so.
    void carryThreadsNotTimeRange() {
        auto window = openHotspotsWindow(QStringLiteral("hotspots-3-threads"), kLoadTimeoutMs);
        QVERIFY(window);
        const Profile &profile = *window->session()->profile();
        const uint32_t pid = profile.samples.pid[0];
        TimelineWidget *timeline = window->findChild<TimelineWidget *>();
        QVERIFY(timeline);
        QSignalSpy applied(window.get(), &MainWindow::filterApplied);
        emit timeline->showOnlyThreadRequested(pid, pid, QString::number(pid)); // the main thread
        QVERIFY(applied.wait(kLoadTimeoutMs));
        window->selectTimeRange(profile.startTime,
                                profile.startTime + (profile.endTime - profile.startTime) / 2);
        QVERIFY(applied.wait(kLoadTimeoutMs));
        window->comparer()->compareWith(one_);
        CompareWindow *compare = waitForComparison(*window);
        QVERIFY(compare);
        const SampleFilter &carried = compare->comparison()->filter;
        QVERIFY(!carried.startTime && !carried.endTime);
        QVERIFY(!carried.tids.empty()); // the two-thread recording's main thread, by name
        const Profile &other = *compare->comparison()->profile();
        for (uint32_t tid : carried.tids)
            QVERIFY(std::any_of(other.threads.begin(), other.threads.end(),
                                [tid](const ThreadInfo &thread) { return thread.tid == tid; }));
        const QString line = compare->carriedLabel()->text();
        QVERIFY2(line.contains(QStringLiteral("threads by name")), qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("Not carried over: the time range")), qPrintable(line));
        QVERIFY(compare->comparison()->topDown->sampleCount() > 0);
        compare->tabs()->setCurrentIndex(0);
        saveScreenshot(compare, QStringLiteral("compare-carried-over.png"));
    }

    // `perfglass FILE --compare OTHER --screenshot PNG` opens the comparison window and pictures it.
    void commandLineOpensComparison() {
        // Their frames may be unnamed (the command line gives no sysroot): only the window is checked.
        const QString baseline = one_;
        const QString comparison = three_;
        const QString png = QDir(screenshotDir()).filePath(QStringLiteral("compare-command-line.png"));
        QDir().mkpath(screenshotDir());
        QFile::remove(png);
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(PERFGLASS_GUI), {baseline, QStringLiteral("--compare"), comparison,
                                                      QStringLiteral("--screenshot"), png});
        QVERIFY(process.waitForFinished(kLoadTimeoutMs));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), QSize(1300, 850)); // the comparison window's size, not the main window's
    }

    // Two halves of a golden recording (no recording needed): the diff trees are the main window's tree
    // views.
    void compareTimeRanges() {
        auto window = openGoldenWindow(QStringLiteral("perf-dwarf"), kLoadTimeoutMs);
        QVERIFY(window);
        const auto profile = window->session()->profile();
        const uint64_t middle = profile->startTime + (profile->endTime - profile->startTime) / 2;
        QSignalSpy applied(window.get(), &MainWindow::filterApplied);
        window->selectTimeRange(profile->startTime, middle);
        QVERIFY(applied.wait(kLoadTimeoutMs));
        QVERIFY(!window->comparer()->compareSelectionAction()->isEnabled());
        window->comparer()->pinAction()->trigger();
        QVERIFY(window->comparer()->compareSelectionAction()->isEnabled());
        window->selectTimeRange(middle, profile->endTime);
        QVERIFY(applied.wait(kLoadTimeoutMs));
        window->comparer()->compareSelectionAction()->trigger();
        CompareWindow *compare = waitForComparison(*window);
        QVERIFY(compare);
        QVERIFY(!compare->comparesSessions());
        QCOMPARE(compare->baseline()->filter.endTime, std::optional<uint64_t>(middle));
        QCOMPARE(compare->comparison()->filter.startTime, std::optional<uint64_t>(middle));
        QVERIFY(compare->windowTitle().contains(QStringLiteral(" s")));
        QVERIFY(compare->carriedLabel()->text().contains(QStringLiteral("each with its own filter")));
        QCOMPARE(compare->baseline()->profile(), compare->comparison()->profile());
        compare->tabs()->setCurrentIndex(0);
        saveScreenshot(compare, QStringLiteral("compare-time-ranges.png"));
        QAbstractItemModelTester tester(compare->topDownModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        checkTreeView(compare, compare->topDownView(), QStringLiteral("warm"),
                      QStringLiteral("compare-time-ranges-search.png"));
        checkTreeView(compare, compare->bottomUpView(), QStringLiteral("cold"),
                      QStringLiteral("compare-time-ranges-bottomup-search.png"));
    }

    void compareThreads() {
        auto window = openHotspotsWindow(QStringLiteral("hotspots-3-threads"), kLoadTimeoutMs);
        QVERIFY(window);
        // Two of the workload's worker threads (those with the most samples after the busiest).
        std::map<uint32_t, size_t> samples;
        const Profile &profile = *window->session()->profile();
        for (size_t i = 0; i < profile.samples.size(); ++i)
            ++samples[profile.samples.tid[i]];
        QVERIFY(samples.size() >= 3);
        std::vector<std::pair<size_t, uint32_t>> busiest;
        for (const auto &[tid, count] : samples)
            busiest.emplace_back(count, tid);
        std::sort(busiest.rbegin(), busiest.rend());
        const uint32_t first = busiest[0].second;
        const uint32_t second = busiest[1].second;
        TimelineWidget *timeline = window->findChild<TimelineWidget *>();
        QVERIFY(timeline);
        QSignalSpy applied(window.get(), &MainWindow::filterApplied);
        emit timeline->showOnlyThreadRequested(profile.samples.pid[0], first, QString::number(first));
        QVERIFY(applied.wait(kLoadTimeoutMs));
        window->comparer()->pinAction()->trigger();
        emit timeline->showOnlyThreadRequested(profile.samples.pid[0], second, QString::number(second));
        QVERIFY(applied.wait(kLoadTimeoutMs));
        window->comparer()->compareSelectionAction()->trigger();
        CompareWindow *compare = waitForComparison(*window);
        QVERIFY(compare);
        QCOMPARE(compare->baseline()->filter.tids, std::vector<uint32_t>{first});
        QCOMPARE(compare->comparison()->filter.tids, std::vector<uint32_t>{second});
        QVERIFY(compare->windowTitle().contains(QStringLiteral("threads %1").arg(second)));
        compare->tabs()->setCurrentIndex(1);
        saveScreenshot(compare, QStringLiteral("compare-threads-topdown.png"));
    }
};

QTEST_MAIN(TestCompare)
#include "tst_compare.moc"
