// CallTreeModel on Profiles in hand: the hand-made profile (HandProfile.h), whose top-down and bottom-up
// trees are known row by row (tst_aggregation checks the trees themselves; here the model must show exactly
// them), and a golden recording (tests/fixtures/golden), whose rows must be its stored report. Qt's model
// checks (QAbstractItemModelTester) run on the model and through a sorting, filtering proxy as the views use
// it; names (readable and full), modules, costs, shares, sort orders and the index of every node are
// asserted.
#include "CallTreeModel.h"
#include "FunctionNames.h"
#include "GoldenFixtures.h"
#include "HandProfile.h"
#include "ModelTreeLines.h"
#include "analysis/CallTree.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>

using namespace perfglass;
using namespace perfglass::test;

namespace {

QStringList rows(const CallTreeModel &model) {
    return modelLines(model, CallTreeModel::FunctionColumn, CallTreeModel::SelfCostColumn,
                      CallTreeModel::InclusiveCostColumn, CallTreeModel::SortRole);
}

QStringList childNames(const QAbstractItemModel &model, const QModelIndex &parent) {
    QStringList names;
    for (int row = 0; row < model.rowCount(parent); ++row)
        names << model.index(row, 0, parent).data().toString();
    return names;
}

QModelIndex childNamed(const QAbstractItemModel &model, const QModelIndex &parent, const QString &name) {
    for (int row = 0; row < model.rowCount(parent); ++row)
        if (model.index(row, 0, parent).data().toString() == name) return model.index(row, 0, parent);
    return {};
}

// The row at PATH (names from the top).
QModelIndex rowAt(const QAbstractItemModel &model, const QStringList &path) {
    QModelIndex index;
    for (const QString &name : path) {
        index = childNamed(model, index, name);
        if (!index.isValid()) return {};
    }
    return index;
}

// The first row named NAME below PARENT, depth first.
QModelIndex firstNamed(const QAbstractItemModel &model, const QModelIndex &parent, const QString &name) {
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        if (index.data().toString() == name) return index;
        const QModelIndex below = firstNamed(model, index, name);
        if (below.isValid()) return below;
    }
    return {};
}

// Every row's node maps back to its index, and its parent is its node's parent.
void checkNodeIndexes(const CallTreeModel &model, const QModelIndex &parent) {
    const CallTree &tree = *model.tree();
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, CallTreeModel::SelfColumn, parent);
        const uint32_t node = model.nodeOf(index);
        QCOMPARE(model.indexForNode(node, CallTreeModel::SelfColumn), index);
        QCOMPARE(index.data(CallTreeModel::NodeRole).toUInt(), node);
        QCOMPARE(index.data(CallTreeModel::FunctionRole).toUInt(), tree.node(node).function);
        QCOMPARE(model.nodeOf(parent), tree.node(node).parent);
        checkNodeIndexes(model, index.siblingAtColumn(0));
    }
}

void compareWithReport(const CallTreeModel &model, const QModelIndex &parent,
                       const nlohmann::json &expected) {
    QCOMPARE(model.rowCount(parent), int(expected["children"].size()));
    for (const auto &child : expected["children"]) {
        const QModelIndex index = childNamed(model, parent, QString::fromStdString(child["function"]));
        QVERIFY2(index.isValid(), child["function"].get<std::string>().c_str());
        QCOMPARE(index.siblingAtColumn(CallTreeModel::ModuleColumn).data().toString(),
                 QString::fromStdString(child["module"]));
        QCOMPARE(index.siblingAtColumn(CallTreeModel::InclusiveCostColumn).data(CallTreeModel::SortRole),
                 QVariant::fromValue<qulonglong>(child["inclusive"].get<uint64_t>()));
        QCOMPARE(index.siblingAtColumn(CallTreeModel::SelfCostColumn).data(CallTreeModel::SortRole),
                 QVariant::fromValue<qulonglong>(child["self"].get<uint64_t>()));
        compareWithReport(model, index, child);
        if (QTest::currentTestFailed()) return;
    }
}

} // namespace

class TestCallTreeModel : public QObject {
    Q_OBJECT

private slots:
    void init() { setReadableNamesShown(true); }

    // Every node of the top-down tree is a row with its costs, in the tree's order (heaviest first).
    void topDownRows() {
        HandProfile hand;
        CallTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setTree(CallTree::topDown(hand.shared(), SampleFilter{}), CostUnit::Count);
        QCOMPARE(reset.size(), 1);
        QCOMPARE(model.columnCount(), int(CallTreeModel::ColumnCount));
        setReadableNamesShown(false);
        QCOMPARE(rows(model), QStringList({
                                  "main 0 10",
                                  "main;a 1 4",
                                  "main;a;b 3 3",
                                  "main;c<int> 0 3",
                                  "main;c<int>;sqrt 0 3",
                                  "main;c<int>;sqrt;sqrt_inner 2 3",
                                  "main;c<int>;sqrt;sqrt_inner;kfunc 1 1",
                                  "main;rec 0 3",
                                  "main;rec;a 0 1",
                                  "main;rec;a;rec 0 1",
                                  "main;rec;a;rec;c<int> 1 1",
                                  "main;rec;rec 0 2",
                                  "main;rec;rec;b 2 2",
                              }));
        // The tree's order: heaviest first, ties in the order the samples made them.
        QCOMPARE(childNames(model, model.index(0, 0)), QStringList({"a", "c<int>", "rec"}));
        checkNodeIndexes(model, {});
        QVERIFY(!model.indexForNode(CallTree::kRoot).isValid());
        QVERIFY(!model.index(0, CallTreeModel::ColumnCount).isValid());
        QCOMPARE(model.rowCount(model.index(0, CallTreeModel::SelfColumn)), 0); // only column 0 has children
    }

    // Columns: readable and full names, the module's file name, shares as text and 0..1, costs.
    void topDownValues() {
        HandProfile hand;
        CallTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(CallTree::topDown(hand.shared(), SampleFilter{}), CostUnit::Count);
        const QModelIndex c = rowAt(model, {"main", "c<…>"});
        QVERIFY2(c.isValid(), "c<int> reads c<…>");
        QCOMPARE(c.siblingAtColumn(CallTreeModel::ModuleColumn).data().toString(), QStringLiteral("app"));
        QCOMPARE(c.siblingAtColumn(CallTreeModel::InclusiveColumn).data().toString(), formatPercent(3, 11));
        QCOMPARE(c.siblingAtColumn(CallTreeModel::SelfColumn).data().toString(), formatPercent(0, 11));
        QCOMPARE(c.siblingAtColumn(CallTreeModel::InclusiveCostColumn).data().toString(),
                 formatCost(3, CostUnit::Count));
        QCOMPARE(c.siblingAtColumn(CallTreeModel::InclusiveColumn).data(CallTreeModel::ShareRole).toDouble(),
                 3.0 / 11.0);
        QCOMPARE(c.siblingAtColumn(CallTreeModel::SelfColumn).data(CallTreeModel::ShareRole).toDouble(), 0.0);
        const QString filter = c.data(CallTreeModel::FilterRole).toString();
        QVERIFY2(filter.contains(QStringLiteral("c<…>")) && filter.contains(QStringLiteral("c<int>")) &&
                     filter.contains(QStringLiteral("app")),
                 qPrintable(filter));
        QVERIFY(c.data(Qt::ToolTipRole).toString().contains(QStringLiteral("c&lt;int&gt;")));
        QVERIFY(!c.data(CallTreeModel::InlinedRole).toBool());
        QCOMPARE(c.siblingAtColumn(CallTreeModel::SelfColumn).data(Qt::TextAlignmentRole),
                 QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter));
        const QModelIndex kfunc = rowAt(model, {"main", "c<…>", "sqrt", "sqrt_inner", "kfunc"});
        QVERIFY(kfunc.isValid());
        QCOMPARE(kfunc.siblingAtColumn(CallTreeModel::ModuleColumn).data().toString(),
                 QStringLiteral("[kernel.kallsyms]"));
        QCOMPARE(model.headerData(CallTreeModel::FunctionColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Function"));
        QCOMPARE(model.headerData(CallTreeModel::InclusiveCostColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Inclusive count"));
        QVERIFY(!model.hasLocations()); // a hand-made profile has no source lines
        model.setTree(model.tree(), CostUnit::Nanoseconds);
        QCOMPARE(model.headerData(CallTreeModel::SelfCostColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Self time"));
        QCOMPARE(model.columnKind(CallTreeModel::FunctionColumn), TreeModelBase::ColumnKind::Name);
        QCOMPARE(model.columnKind(CallTreeModel::InclusiveColumn), TreeModelBase::ColumnKind::Share);
        QCOMPARE(model.columnKind(CallTreeModel::LocationColumn), TreeModelBase::ColumnKind::Location);
        QCOMPARE(model.defaultSortColumn(), int(CallTreeModel::InclusiveColumn));
    }

    // The bottom-up tree: the functions samples end in at the top with their self costs, callers below.
    void bottomUpRows() {
        HandProfile hand;
        CallTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(CallTree::bottomUp(hand.shared(), SampleFilter{}), CostUnit::Count);
        setReadableNamesShown(false);
        QCOMPARE(childNames(model, {}), QStringList({"b", "sqrt_inner", "a", "kfunc", "c<int>"}));
        const QStringList lines = rows(model);
        for (const char *line : {"b 5 5", "b;a 0 3", "b;a;main 0 3", "b;rec;rec;main 0 2", "sqrt_inner 2 2",
                                 "kfunc;sqrt_inner;sqrt;c<int>;main 0 1", "c<int>;rec;a;rec;main 0 1"})
            QVERIFY2(lines.contains(QLatin1String(line)), line);
        QCOMPARE(lines.size(), 22);
        QVERIFY(model.headerData(CallTreeModel::SelfColumn, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("flat profile")));
        checkNodeIndexes(model, {});
    }

    // sort() reorders every level by any column, both ways, and persistent indexes follow their nodes.
    void sorting() {
        HandProfile hand;
        CallTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(CallTree::topDown(hand.shared(), SampleFilter{}), CostUnit::Count);
        setReadableNamesShown(false);
        const QPersistentModelIndex sqrtInner = rowAt(model, {"main", "c<int>", "sqrt", "sqrt_inner"});
        const uint32_t node = model.nodeOf(sqrtInner);
        QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
        model.sort(CallTreeModel::FunctionColumn, Qt::DescendingOrder);
        QCOMPARE(layout.size(), 1);
        QCOMPARE(childNames(model, model.index(0, 0)), QStringList({"rec", "c<int>", "a"}));
        // Sorting is stable: rows of equal cost keep their order.
        model.sort(CallTreeModel::SelfCostColumn, Qt::AscendingOrder); // 0, 0, 1
        QCOMPARE(childNames(model, model.index(0, 0)), QStringList({"rec", "c<int>", "a"}));
        model.sort(CallTreeModel::InclusiveColumn, Qt::AscendingOrder); // 3, 3, 4
        QCOMPARE(childNames(model, model.index(0, 0)), QStringList({"rec", "c<int>", "a"}));
        model.sort(CallTreeModel::ModuleColumn, Qt::AscendingOrder); // all of app: the order stays
        QCOMPARE(childNames(model, model.index(0, 0)), QStringList({"rec", "c<int>", "a"}));
        model.sort(CallTreeModel::SelfColumn, Qt::DescendingOrder);
        QCOMPARE(childNames(model, model.index(0, 0)), QStringList({"a", "rec", "c<int>"}));
        QVERIFY(sqrtInner.isValid());
        QCOMPARE(model.nodeOf(sqrtInner), node);
        QCOMPARE(sqrtInner.data().toString(), QStringLiteral("sqrt_inner"));
        checkNodeIndexes(model, {});
        const QStringList before = rows(model);
        model.sort(CallTreeModel::InclusiveColumn, Qt::DescendingOrder);
        QCOMPARE(rows(model), before); // the same rows, in another order
        QCOMPARE(childNames(model, model.index(0, 0)), QStringList({"a", "rec", "c<int>"})); // stable
    }

    // Through the views' proxy: sorted by SortRole, filtered by FilterRole (matches keep their callers).
    void throughProxy() {
        HandProfile hand;
        CallTreeModel model;
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(CallTreeModel::SortRole);
        proxy.setFilterRole(CallTreeModel::FilterRole);
        proxy.setRecursiveFilteringEnabled(true);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(CallTreeModel::SelfCostColumn, Qt::DescendingOrder);
        model.setTree(CallTree::topDown(hand.shared(), SampleFilter{}), CostUnit::Count);
        setReadableNamesShown(false);
        QCOMPARE(childNames(proxy, proxy.index(0, 0)), QStringList({"a", "c<int>", "rec"}));
        proxy.setFilterFixedString(QStringLiteral("libm"));
        QCOMPARE(childNames(proxy, {}), QStringList({"main"}));
        QCOMPARE(childNames(proxy, proxy.index(0, 0)), QStringList({"c<int>"}));
        proxy.setFilterFixedString(QStringLiteral("nothing like it"));
        QCOMPARE(proxy.rowCount(), 0);
    }

    // No tree: no rows; a new tree resets the model.
    void emptyAndReplaced() {
        CallTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.index(0, 0).isValid());
        HandProfile hand;
        model.setTree(CallTree::topDown(hand.shared(), SampleFilter{}), CostUnit::Count);
        QCOMPARE(model.rowCount(), 1);
        model.setTree(nullptr, CostUnit::Count);
        QCOMPARE(model.rowCount(), 0);
        SampleFilter workerOnly;
        workerOnly.tids = {2};
        model.setTree(CallTree::topDown(hand.shared(), workerOnly), CostUnit::Count);
        QCOMPARE(
            model.index(0, CallTreeModel::InclusiveCostColumn).data(CallTreeModel::SortRole).toULongLong(),
            5ull); // the worker's samples: k 1, 3, 5, 7, 9
    }

    // A golden recording's rows are its stored report (names, modules, sample counts), and its functions
    // have source lines (golden.c has debug information).
    void goldenRecording_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("perf, frame pointers") << "perf-fp";
        QTest::newRow("perfglass-cli, DWARF stacks") << "perfglass-dwarf";
    }

    void goldenRecording() {
        QFETCH(QString, name);
        std::ifstream in(goldenDir().toStdString() + "/" + name.toStdString() + ".expected.json");
        const nlohmann::json expected = nlohmann::json::parse(in);
        SampleFilter samples;
        samples.cost = CostKind::Samples;
        CallTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(CallTree::topDown(loadGolden(name.toStdString()), samples), CostUnit::Count);
        compareWithReport(model, {}, expected["root"]);
        const QModelIndex main = firstNamed(model, {}, QStringLiteral("main"));
        QVERIFY(main.isValid());
        QCOMPARE(childNames(model, main), QStringList({"work"}));
        QCOMPARE(childNames(model, model.index(0, 0, main)), QStringList({"hot", "warm", "cold"}));
        checkNodeIndexes(model, {});
    }
};

QTEST_MAIN(TestCallTreeModel)
#include "tst_calltreemodel.moc"
