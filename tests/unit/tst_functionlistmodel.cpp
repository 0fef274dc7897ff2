// FunctionListModel (the Caller/Callee dock's function list, the flat profile) on Profiles in hand: the
// hand-made profile (HandProfile.h), whose flat costs are known function by function, and a golden recording
// (tests/fixtures/golden). Rows in the flat profile's order, names readable or full, modules, shares as text
// and 0..1, sample counts, the search text, sorting through the views' proxy; Qt's model checks throughout.
#include "FunctionListModel.h"
#include "FunctionNames.h"
#include "GoldenFixtures.h"
#include "HandProfile.h"
#include "analysis/FlatProfile.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace perfglass;
using namespace perfglass::test;

namespace {

QStringList column(const QAbstractItemModel &model, int column, int role = Qt::DisplayRole) {
    QStringList values;
    for (int row = 0; row < model.rowCount(); ++row)
        values << model.index(row, column).data(role).toString();
    return values;
}

std::shared_ptr<const FlatProfile> flatOf(const std::shared_ptr<const Profile> &profile,
                                          const SampleFilter &filter = {}) {
    return std::make_shared<const FlatProfile>(FlatProfile::compute(*profile, filter));
}

} // namespace

class TestFunctionListModel : public QObject {
    Q_OBJECT

private slots:
    void init() { setReadableNamesShown(true); }

    void rowsAndValues() {
        HandProfile hand;
        const auto profile = hand.shared();
        FunctionListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFlatProfile(flatOf(profile), profile, CostUnit::Count);
        QCOMPARE(model.columnCount(), int(FunctionListModel::ColumnCount));
        // The flat profile's order: by self, then inclusive, then function id.
        QCOMPARE(column(model, FunctionListModel::FunctionColumn),
                 QStringList({"b", "sqrt_inner", "a", "c<…>", "kfunc", "main", "sqrt", "rec"}));
        QCOMPARE(column(model, FunctionListModel::SelfColumn, FunctionListModel::SortRole),
                 QStringList({"5", "2", "1", "1", "1", "0", "0", "0"}));
        QCOMPARE(column(model, FunctionListModel::InclusiveColumn, FunctionListModel::SortRole),
                 QStringList({"5", "3", "5", "4", "1", "10", "3", "3"}));
        QCOMPARE(column(model, FunctionListModel::SamplesColumn),
                 QStringList({"5", "3", "5", "4", "1", "10", "3", "3"}));
        QCOMPARE(
            column(model, FunctionListModel::ModuleColumn),
            QStringList({"app", "libm.so.6", "app", "app", "[kernel.kallsyms]", "app", "libm.so.6", "app"}));
        const QModelIndex b = model.index(0, FunctionListModel::SelfColumn);
        QCOMPARE(b.data().toString(), formatPercent(5, 11));
        QCOMPARE(b.data(FunctionListModel::ShareRole).toDouble(), 5.0 / 11.0);
        QCOMPARE(b.siblingAtColumn(FunctionListModel::FunctionColumn).data(FunctionListModel::ShareRole),
                 QVariant());
        QCOMPARE(b.data(FunctionListModel::FunctionRole).toUInt(), hand.function("b"));
        QCOMPARE(model.rowOf(hand.function("main")), 5);
        QCOMPARE(model.rowOf(12345), -1);
        const QModelIndex c = model.index(3, FunctionListModel::FunctionColumn);
        QVERIFY(
            c.data(FunctionListModel::FilterRole).toString().startsWith(QStringLiteral("c<…> c<int> app")));
        QVERIFY(c.data(Qt::ToolTipRole).toString().contains(QStringLiteral("c&lt;int&gt;")));
        QCOMPARE(model.headerData(FunctionListModel::SamplesColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Samples"));
        setReadableNamesShown(false);
        QCOMPARE(c.data().toString(), QStringLiteral("c<int>"));
    }

    // The views sort through a proxy by SortRole and search by FilterRole.
    void throughProxy() {
        HandProfile hand;
        const auto profile = hand.shared();
        FunctionListModel model;
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(FunctionListModel::SortRole);
        proxy.setFilterRole(FunctionListModel::FilterRole);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFlatProfile(flatOf(profile), profile, CostUnit::Count);
        proxy.sort(FunctionListModel::InclusiveColumn, Qt::DescendingOrder);
        QCOMPARE(column(proxy, FunctionListModel::FunctionColumn).first(), QStringLiteral("main"));
        proxy.sort(FunctionListModel::FunctionColumn, Qt::AscendingOrder);
        QCOMPARE(column(proxy, FunctionListModel::FunctionColumn).first(), QStringLiteral("a"));
        proxy.setFilterFixedString(QStringLiteral("libm"));
        QCOMPARE(column(proxy, FunctionListModel::FunctionColumn), QStringList({"sqrt", "sqrt_inner"}));
    }

    // A filter (one thread) gives other costs; no flat profile, no rows.
    void filteredAndCleared() {
        HandProfile hand;
        const auto profile = hand.shared();
        FunctionListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        SampleFilter worker;
        worker.tids = {2}; // k 1, 3, 5, 7, 9
        model.setFlatProfile(flatOf(profile, worker), profile, CostUnit::Nanoseconds);
        QCOMPARE(model.index(model.rowOf(hand.function("main")), FunctionListModel::InclusiveColumn)
                     .data(FunctionListModel::SortRole)
                     .toULongLong(),
                 5ull);
        QCOMPARE(model.rowOf(hand.function("kfunc")), -1); // k 6 is the app thread's
        model.setFlatProfile(nullptr, profile, CostUnit::Count);
        QCOMPARE(model.rowCount(), 0);
    }

    // The golden recording: spin has (nearly) every sample's self cost; hot, warm and cold none.
    void goldenRecording() {
        const auto profile = loadGolden("perf-fp");
        SampleFilter samples;
        samples.cost = CostKind::Samples;
        FunctionListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFlatProfile(flatOf(profile, samples), profile, CostUnit::Count);
        QCOMPARE(model.index(0, FunctionListModel::FunctionColumn).data().toString(), QStringLiteral("spin"));
        QCOMPARE(model.index(0, FunctionListModel::ModuleColumn).data().toString(),
                 QStringLiteral("golden-fp"));
        QVERIFY(model.index(0, FunctionListModel::SelfColumn).data(FunctionListModel::ShareRole).toDouble() >
                0.9);
        const QStringList names = column(model, FunctionListModel::FunctionColumn);
        for (const char *name : {"main", "work", "hot", "warm", "cold"}) {
            QVERIFY2(names.contains(QLatin1String(name)), name);
            const int row = static_cast<int>(names.indexOf(QLatin1String(name)));
            QCOMPARE(model.index(row, FunctionListModel::SelfColumn)
                         .data(FunctionListModel::SortRole)
                         .toULongLong(),
                     0ull);
        }
    }
};

QTEST_MAIN(TestFunctionListModel)
#include "tst_functionlistmodel.moc"
