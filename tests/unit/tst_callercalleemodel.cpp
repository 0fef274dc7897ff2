// CallerCalleeModel (both sides of the Caller/Callee dock) on the hand-made profile (HandProfile.h), whose
// callers and callees are known function by function (tst_aggregation checks CallerCallee itself; here the
// model must show exactly it): rows highest cost first, names readable or full, modules, shares as text and
// 0..1, the tooltip naming who calls whom, sorting through the views' proxy; Qt's model checks throughout.
#include "CallerCalleeModel.h"
#include "FunctionNames.h"
#include "HandProfile.h"
#include "analysis/CallerCallee.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace perfglass;
using namespace perfglass::test;

namespace {

// "name cost" per row.
QStringList rows(const QAbstractItemModel &model) {
    QStringList lines;
    for (int row = 0; row < model.rowCount(); ++row)
        lines << QStringLiteral("%1 %2").arg(
            model.index(row, CallerCalleeModel::FunctionColumn).data().toString(),
            model.index(row, CallerCalleeModel::CostColumn).data(CallerCalleeModel::SortRole).toString());
    return lines;
}

std::shared_ptr<const CallerCallee> of(const HandProfile &hand, const char *function) {
    return std::make_shared<const CallerCallee>(
        CallerCallee::compute(hand.profile, SampleFilter{}, hand.function(function)));
}

} // namespace

class TestCallerCalleeModel : public QObject {
    Q_OBJECT

private slots:
    void init() { setReadableNamesShown(true); }

    void callersAndCallees() {
        HandProfile hand;
        const auto profile = hand.shared();
        CallerCalleeModel callers(CallerCalleeModel::Side::Callers);
        CallerCalleeModel callees(CallerCalleeModel::Side::Callees);
        QAbstractItemModelTester callersTester(&callers,
                                               QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester calleesTester(&callees,
                                               QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto rec = of(hand, "rec");
        callers.setResult(rec, profile, CostUnit::Count);
        callees.setResult(rec, profile, CostUnit::Count);
        QCOMPARE(callers.side(), CallerCalleeModel::Side::Callers);
        QCOMPARE(rows(callers), QStringList({"main 3", "a 1"}));
        QCOMPARE(rows(callees), QStringList({"b 2", "a 1", "c<…> 1"}));
        setReadableNamesShown(false);
        QCOMPARE(rows(callees), QStringList({"b 2", "a 1", "c<int> 1"}));
        const QModelIndex main = callers.index(0, CallerCalleeModel::ShareColumn);
        QCOMPARE(main.data().toString(), formatPercent(3, 11));
        QCOMPARE(main.data(CallerCalleeModel::ShareRole).toDouble(), 3.0 / 11.0);
        QCOMPARE(main.siblingAtColumn(CallerCalleeModel::CostColumn).data().toString(),
                 formatCost(3, CostUnit::Count));
        QCOMPARE(main.siblingAtColumn(CallerCalleeModel::ModuleColumn).data().toString(),
                 QStringLiteral("app"));
        QCOMPARE(main.data(CallerCalleeModel::FunctionRole).toUInt(), hand.function("main"));
        QVERIFY(!main.data(CallerCalleeModel::InlinedRole).toBool());
        QCOMPARE(callers.functionAt(1), hand.function("a"));
        QCOMPARE(callees.rowOf(hand.function("c<int>")), 2);
        QCOMPARE(callees.rowOf(hand.function("main")), -1);
        QVERIFY(
            main.data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("<b>main</b> calls <b>rec</b>")));
        QVERIFY(callees.index(0, 0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("<b>rec</b> calls <b>b</b>")));
        QVERIFY(!callers.hasLocations());
        QCOMPARE(callers.headerData(CallerCalleeModel::FunctionColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Caller"));
        QCOMPARE(callees.headerData(CallerCalleeModel::FunctionColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Callee"));
    }

    // Another function replaces the rows; main has no callers; a leaf no callees; no result, no rows.
    void replacedAndCleared() {
        HandProfile hand;
        const auto profile = hand.shared();
        CallerCalleeModel callers(CallerCalleeModel::Side::Callers);
        CallerCalleeModel callees(CallerCalleeModel::Side::Callees);
        QAbstractItemModelTester callersTester(&callers,
                                               QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester calleesTester(&callees,
                                               QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto main = of(hand, "main");
        callers.setResult(main, profile, CostUnit::Count);
        callees.setResult(main, profile, CostUnit::Count);
        QCOMPARE(callers.rowCount(), 0);
        setReadableNamesShown(false);
        QCOMPARE(rows(callees), QStringList({"a 4", "c<int> 3", "rec 3"}));
        const auto b = of(hand, "b");
        callers.setResult(b, profile, CostUnit::Count);
        callees.setResult(b, profile, CostUnit::Count);
        QCOMPARE(rows(callers), QStringList({"a 3", "rec 2"}));
        QCOMPARE(callees.rowCount(), 0);
        callers.setResult(b, nullptr, CostUnit::Count);
        QCOMPARE(callers.rowCount(), 0);
        QVERIFY(!callers.result());
    }

    void throughProxy() {
        HandProfile hand;
        const auto profile = hand.shared();
        CallerCalleeModel callees(CallerCalleeModel::Side::Callees);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&callees);
        proxy.setSortRole(CallerCalleeModel::SortRole);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(CallerCalleeModel::FunctionColumn, Qt::DescendingOrder);
        setReadableNamesShown(false);
        callees.setResult(of(hand, "main"), profile, CostUnit::Count);
        QCOMPARE(rows(proxy), QStringList({"rec 3", "c<int> 3", "a 4"}));
        proxy.sort(CallerCalleeModel::ShareColumn, Qt::AscendingOrder);
        QCOMPARE(rows(proxy).last(), QStringLiteral("a 4"));
    }
};

QTEST_MAIN(TestCallerCalleeModel)
#include "tst_callercalleemodel.moc"
