// DiffFlameGraphModel on two hand-made profiles (HandComparison.h): the comparison's shape by default, the
// baseline's on request, each frame's change in points (or seconds), its colour (red where it grew, blue
// where it shrank, full red for frames new in the comparison, full blue for those that vanished), the
// tooltip, the map between the frames shown and the merged comparison, and the bottom-up comparison.
#include "DiffFlameGraphModel.h"
#include "HandComparison.h"
#include "analysis/CallTreeDiff.h"

#include <QGuiApplication>
#include <QSignalSpy>
#include <QTest>

using namespace perfglass;
using namespace perfglass::test;

class TestDiffFlameGraphModel : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const CallTreeDiff> topDown_;
    std::shared_ptr<const CallTreeDiff> bottomUp_;

    void show(DiffFlameGraphModel &model) const { model.setDiffs(topDown_, bottomUp_, CostUnit::Count); }

private slots:
    void initTestCase() {
        const auto baseline = handBaseline();
        const auto comparison = handComparison();
        topDown_ = CallTreeDiff::compute(CallTree::topDown(baseline, SampleFilter{}),
                                         CallTree::topDown(comparison, SampleFilter{}));
        bottomUp_ = CallTreeDiff::compute(CallTree::bottomUp(baseline, SampleFilter{}),
                                          CallTree::bottomUp(comparison, SampleFilter{}));
    }

    // The comparison's shape, each frame coloured by its change.
    void comparisonShape() {
        DiffFlameGraphModel model;
        QSignalSpy changed(&model, &FlameGraphModel::treeChanged);
        show(model);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(model.diff(), topDown_);
        QCOMPARE(model.tree(), topDown_->comparisonTree());
        QVERIFY(!model.isBaselineShape());
        QCOMPARE(model.totalCost(), uint64_t(16));
        const uint32_t fresh = model.findNode(QStringLiteral("fresh"));
        const uint32_t a = model.findNode(QStringLiteral("a"));
        QVERIFY(fresh != CallTree::kRoot && a != CallTree::kRoot);
        QCOMPARE(model.change(fresh), 12.5);
        QCOMPARE(model.change(a), 25.0 - 100.0 / 3.0);
        QCOMPARE(model.largestChange(), 12.5);
        QCOMPARE(model.outOfLineColor(fresh), DiffFlameGraphModel::newColor());
        const QColor shrank = model.outOfLineColor(a);
        QVERIFY(shrank.blue() > shrank.red());
        const QColor grew = model.outOfLineColor(model.findNode(QStringLiteral("main"))); // +2.08
        QVERIFY(grew.red() > grew.blue());
        QCOMPARE(model.extraToolTip(fresh),
                 QStringLiteral("Baseline: 0.0 % · Comparison: 12.5 % · Change: +12.50 "
                                "points<br><b>New in the comparison</b>"));
        QVERIFY(model.extraToolTip(a).contains(QStringLiteral("Change: -8.33 points")));
        // Frames and merged nodes map both ways.
        const uint32_t merged = model.diffNode(fresh);
        QCOMPARE(QString::fromStdString(topDown_->functionName(merged)), QStringLiteral("fresh"));
        QCOMPARE(model.shownNode(merged), std::optional<uint32_t>(fresh));
    }

    // The baseline's shape: fresh is not there; frames map to the same merged nodes.
    void baselineShape() {
        DiffFlameGraphModel model;
        show(model);
        const uint32_t freshMerged = model.diffNode(model.findNode(QStringLiteral("fresh")));
        const uint32_t aMerged = model.diffNode(model.findNode(QStringLiteral("a")));
        model.setBaselineShape(true);
        QVERIFY(model.isBaselineShape());
        QCOMPARE(model.tree(), topDown_->baselineTree());
        QCOMPARE(model.totalCost(), uint64_t(12));
        QCOMPARE(model.findNode(QStringLiteral("fresh")), CallTree::kRoot);
        QCOMPARE(model.shownNode(freshMerged), std::nullopt);
        const uint32_t a = model.findNode(QStringLiteral("a"));
        QCOMPARE(model.diffNode(a), aMerged);
        QCOMPARE(model.change(a), 25.0 - 100.0 / 3.0);
        model.setBaselineShape(false);
        QCOMPARE(model.tree(), topDown_->comparisonTree());
    }

    // Seconds: the change in seconds of cpu-clock (1 ns per sample here).
    void seconds() {
        DiffFlameGraphModel model;
        show(model);
        model.setNormalize(DiffNormalize::Time);
        QCOMPARE(model.normalize(), DiffNormalize::Time);
        const uint32_t fresh = model.findNode(QStringLiteral("fresh"));
        QCOMPARE(model.change(fresh), 2e-9);
        QVERIFY(model.extraToolTip(fresh).contains(QStringLiteral("Change: +0.0000 s")));
        QCOMPARE(model.largestChange(), 4e-9); // main: 11 -> 15 samples
    }

    // The bottom-up comparison, shown on request.
    void bottomUp() {
        DiffFlameGraphModel model;
        show(model);
        model.setBottomUp(true);
        QCOMPARE(model.diff(), bottomUp_);
        QCOMPARE(model.tree(), bottomUp_->comparisonTree());
        const uint32_t b = model.findNode(QStringLiteral("b"));
        QCOMPARE(model.cost(b), uint64_t(5));
        QCOMPARE(model.change(b), 500.0 / 16.0 - 500.0 / 12.0);
        QVERIFY(model.outOfLineColor(b).blue() > model.outOfLineColor(b).red());
    }

    // The legend's scale: pale near no change, saturated at the largest.
    void colours() {
        QCOMPARE(DiffFlameGraphModel::changeColor(0.0), QColor(250, 238, 238)); // no change: near white
        QCOMPARE(DiffFlameGraphModel::changeColor(1.0), QColor(250, 48, 48));
        QCOMPARE(DiffFlameGraphModel::changeColor(-1.0), QColor(48, 48, 250));
        QCOMPARE(DiffFlameGraphModel::changeColor(2.0), DiffFlameGraphModel::changeColor(1.0));
    }
};

QTEST_MAIN(TestDiffFlameGraphModel)
#include "tst_diffflamegraphmodel.moc"
