// Comparing sessions and selections in the desktop application, on recordings of the bench workload with one
// and with three threads: File ▸ Compare With… opens a CompareWindow whose differential flame graph draws the
// comparison's shape coloured red where frames grew and blue where they shrank (the baseline's shape on
// request), whose diff trees sort by delta, and whose Summaries show both sessions; the main window's filter
// applies to both sessions; two time ranges, and two threads, of one session compare the same way.
// Screenshots of each view are saved for a person to look at.
#include "CompareWindow.h"
#include "DiffFlameGraphModel.h"
#include "DiffTreeModel.h"
#include "FlameGraphView.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "SessionComparer.h"
#include "SummaryView.h"
#include "TestSupport.h"
#include "TimelineWidget.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <algorithm>
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
    QString one_;
    QString three_;

    CompareWindow *waitForComparison(MainWindow &window) {
        const auto ready = [&] {
            return window.comparer()->compareWindow() && window.comparer()->compareWindow()->comparison();
        };
        return QTest::qWaitFor(ready, kLoadTimeoutMs) ? window.comparer()->compareWindow() : nullptr;
    }

    void checkTree(CompareWindow *compare, QTreeView *view, const QString &screenshot) {
        compare->tabs()->setCurrentWidget(view);
        QAbstractItemModel *model = view->model();
        QVERIFY(model->rowCount() > 0);
        QCOMPARE(model->headerData(DiffTreeModel::Delta, Qt::Horizontal).toString(), QStringLiteral("Delta"));
        // Sorted by delta, what grew most first; a click on the header puts what shrank most first.
        auto deltaOf = [&](int row) {
            return model->index(row, DiffTreeModel::Delta).data(DiffTreeModel::SortRole);
        };
        for (int row = 1; row < model->rowCount(); ++row)
            QVERIFY(deltaOf(row - 1).toDouble() >= deltaOf(row).toDouble());
        view->sortByColumn(DiffTreeModel::Delta, Qt::AscendingOrder);
        for (int row = 1; row < model->rowCount(); ++row)
            QVERIFY(deltaOf(row - 1).toDouble() <= deltaOf(row).toDouble());
        view->sortByColumn(DiffTreeModel::Delta, Qt::DescendingOrder);
        view->expandToDepth(3);
        saveScreenshot(compare, screenshot);
    }

private slots:
    void initTestCase() {
        useTestSettings(QStringLiteral("tst_compare"));
        one_ = dir_.filePath("workload-1-thread.data");
        three_ = dir_.filePath("workload-3-threads.data");
        for (const auto &[file, threads] : {std::pair{one_, "1"}, std::pair{three_, "3"}}) {
            const ProcessResult recorded =
                runCli({"record", "-g", "-o", file, "--", workloadPath("workload-fp"), "-800", threads});
            QVERIFY2(QFile::exists(file), qPrintable(recorded.err));
        }
    }

    void compareSessions() {
        auto window = openSessionWindow(one_, kLoadTimeoutMs);
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
        QCOMPARE(compare->baseline(), window->session());
    }

    void compareTimeRanges() {
        auto window = openSessionWindow(three_, kLoadTimeoutMs);
        QVERIFY(window);
        const auto profile = window->session()->profile;
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
        QCOMPARE(compare->baseline()->profile, compare->comparison()->profile);
        compare->tabs()->setCurrentIndex(0);
        saveScreenshot(compare, QStringLiteral("compare-time-ranges.png"));
    }

    void compareThreads() {
        auto window = openSessionWindow(three_, kLoadTimeoutMs);
        QVERIFY(window);
        // Two of the workload's worker threads (those with the most samples after the busiest).
        std::map<uint32_t, size_t> samples;
        const Profile &profile = *window->session()->profile;
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
