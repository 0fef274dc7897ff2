// DiffTreeModel on two hand-made profiles (HandComparison.h): the merged rows of both sides with each side's
// share, the change and the self change, as text and as numbers (percent, or seconds with
// setNormalize(Time)); bars (ShareRole) of each side's cost; readable names as the main trees show them, the
// full name and module in the tooltip and the search text; the largest change first through ChangeSizeRole,
// signed through SortRole; sort() on the model itself. Qt's model checks run on the model and through the
// views' proxy.
#include "DiffTreeModel.h"
#include "FunctionNames.h"
#include "HandComparison.h"
#include "analysis/CallTreeDiff.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace perfglass;
using namespace perfglass::test;

namespace {

std::shared_ptr<const CallTreeDiff> topDownDiff() {
    return CallTreeDiff::compute(CallTree::topDown(handBaseline(), SampleFilter{}),
                                 CallTree::topDown(handComparison(), SampleFilter{}));
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

QString cell(const QModelIndex &row, int column) {
    return row.siblingAtColumn(column).data().toString();
}

double number(const QModelIndex &row, int column, int role = DiffTreeModel::SortRole) {
    return row.siblingAtColumn(column).data(role).toDouble();
}

// Every row's node maps back to its index and its parent is its node's parent.
void checkNodeIndexes(const DiffTreeModel &model, const QModelIndex &parent) {
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, DiffTreeModel::Delta, parent);
        const uint32_t node = model.nodeOf(index);
        QCOMPARE(model.indexForNode(node, DiffTreeModel::Delta), index);
        QCOMPARE(index.data(DiffTreeModel::NodeRole).toUInt(), node);
        QCOMPARE(model.nodeOf(parent), model.diff()->node(node).parent);
        checkNodeIndexes(model, index.siblingAtColumn(0));
    }
}

} // namespace

class TestDiffTreeModel : public QObject {
    Q_OBJECT

private slots:
    void init() { setReadableNamesShown(true); }

    // Both sides' rows, merged: the shares, the change and the self change in percent.
    void rowsAndValues() {
        DiffTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setDiff(topDownDiff());
        QCOMPARE(reset.size(), 1);
        QCOMPARE(model.columnCount(), int(DiffTreeModel::ColumnCount));
        QCOMPARE(childNames(model, {}), QStringList({"main"}));
        const QModelIndex main = model.index(0, 0);
        QCOMPARE(childNames(model, main).size(), 5);
        QCOMPARE(cell(main, DiffTreeModel::Baseline), QStringLiteral("91.67 %"));
        QCOMPARE(cell(main, DiffTreeModel::Comparison), QStringLiteral("93.75 %"));
        QCOMPARE(cell(main, DiffTreeModel::Delta), QStringLiteral("+2.08"));
        const QModelIndex a = childNamed(model, main, QStringLiteral("a"));
        QCOMPARE(cell(a, DiffTreeModel::Baseline), QStringLiteral("33.33 %"));
        QCOMPARE(cell(a, DiffTreeModel::Comparison), QStringLiteral("25.00 %"));
        QCOMPARE(cell(a, DiffTreeModel::Delta), QStringLiteral("-8.33"));
        QCOMPARE(cell(a, DiffTreeModel::SelfDelta), QStringLiteral("-2.08")); // 1/12 -> 1/16
        QCOMPARE(number(a, DiffTreeModel::Delta), 25.0 - 100.0 / 3.0);
        QCOMPARE(number(a, DiffTreeModel::Delta, DiffTreeModel::ChangeSizeRole), 100.0 / 3.0 - 25.0);
        QCOMPARE(a.siblingAtColumn(DiffTreeModel::Delta).data(Qt::ForegroundRole).value<QColor>(),
                 QColor(30, 70, 200)); // shrank: blue
        const QModelIndex fresh = childNamed(model, main, QStringLiteral("fresh"));
        QCOMPARE(cell(fresh, DiffTreeModel::Baseline), QStringLiteral("0.00 %"));
        QCOMPARE(cell(fresh, DiffTreeModel::Comparison), QStringLiteral("12.50 %"));
        QCOMPARE(cell(fresh, DiffTreeModel::Delta), QStringLiteral("+12.50"));
        QCOMPARE(fresh.siblingAtColumn(DiffTreeModel::Delta).data(Qt::ForegroundRole).value<QColor>(),
                 QColor(190, 30, 30));                                                // grew: red
        QCOMPARE(model.rowCount(childNamed(model, main, QStringLiteral("c<…>"))), 1); // sqrt
        QCOMPARE(model.headerData(DiffTreeModel::Delta, Qt::Horizontal).toString(), QStringLiteral("Delta"));
        QCOMPARE(main.siblingAtColumn(DiffTreeModel::Delta).data(Qt::TextAlignmentRole),
                 QVariant(Qt::AlignRight | Qt::AlignVCenter));
        checkNodeIndexes(model, {});
        QVERIFY(!model.indexForNode(CallTreeDiff::kRoot).isValid());
    }

    // Readable names as the main trees show them (switchable); tooltip and search text keep the full name.
    void names() {
        DiffTreeModel model;
        model.setDiff(topDownDiff());
        const QModelIndex main = model.index(0, 0);
        const QModelIndex parse = childNamed(model, main, QStringLiteral("ns::Parser::parse"));
        QVERIFY2(parse.isValid(), qPrintable(childNames(model, main).join(QLatin1Char('|'))));
        const QString full = QString::fromStdString(kParseName);
        QVERIFY(parse.data(Qt::ToolTipRole).toString().contains(full));
        QVERIFY(parse.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Module: app")));
        const QString filter = parse.data(DiffTreeModel::FilterRole).toString();
        QVERIFY(filter.contains(full) && filter.contains(QStringLiteral("ns::Parser::parse ")) &&
                filter.endsWith(QStringLiteral(" app")));
        QVERIFY(childNamed(model, main, QStringLiteral("c<…>")).isValid());
        setReadableNamesShown(false);
        QVERIFY(childNamed(model, main, full).isValid());
        QVERIFY(childNamed(model, main, QStringLiteral("c<int>")).isValid());
    }

    // Bars: each side's share of its total (percent), or of the larger side's time (seconds); column 0 the
    // larger of the two.
    void shares() {
        DiffTreeModel model;
        model.setDiff(topDownDiff());
        const QModelIndex main = model.index(0, 0);
        QCOMPARE(number(main, DiffTreeModel::Baseline, DiffTreeModel::ShareRole), 11.0 / 12.0);
        QCOMPARE(number(main, DiffTreeModel::Comparison, DiffTreeModel::ShareRole), 15.0 / 16.0);
        QCOMPARE(number(main, DiffTreeModel::Function, DiffTreeModel::ShareRole), 15.0 / 16.0);
        QCOMPARE(number(main, DiffTreeModel::Delta, DiffTreeModel::ShareRole), 0.0);
        QCOMPARE(model.columnKind(DiffTreeModel::Baseline), TreeModelBase::ColumnKind::Share);
        QCOMPARE(model.columnKind(DiffTreeModel::Delta), TreeModelBase::ColumnKind::Number);
        QCOMPARE(model.columnKind(DiffTreeModel::Function), TreeModelBase::ColumnKind::Name);
        model.setNormalize(DiffNormalize::Time);
        QCOMPARE(number(main, DiffTreeModel::Baseline, DiffTreeModel::ShareRole), 11.0 / 16.0);
        QCOMPARE(number(main, DiffTreeModel::Comparison, DiffTreeModel::ShareRole), 15.0 / 16.0);
    }

    // Seconds: the hand profiles count cpu-clock with a period of 1 ns per sample.
    void seconds() {
        DiffTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDiff(topDownDiff());
        const QModelIndex main = model.index(0, 0);
        QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
        model.setNormalize(DiffNormalize::Time);
        QCOMPARE(layout.size(), 1);
        QCOMPARE(model.normalize(), DiffNormalize::Time);
        QCOMPARE(number(main, DiffTreeModel::Baseline), 11e-9);
        QCOMPARE(number(main, DiffTreeModel::Delta), 15e-9 - 11e-9);
        QCOMPARE(cell(main, DiffTreeModel::Baseline), QStringLiteral("0.0000 s"));
        model.setNormalize(DiffNormalize::Time);
        QCOMPARE(layout.size(), 1); // unchanged: no signal
        model.setNormalize(DiffNormalize::Share);
        QCOMPARE(cell(main, DiffTreeModel::Baseline), QStringLiteral("91.67 %"));
    }

    // The views' proxy: the largest change first by ChangeSizeRole, signed by SortRole; search by name.
    void sortingThroughProxy() {
        DiffTreeModel model;
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(model.defaultSortRole());
        proxy.setFilterRole(DiffTreeModel::FilterRole);
        proxy.setRecursiveFilteringEnabled(true);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(model.defaultSortColumn(), Qt::DescendingOrder);
        model.setDiff(topDownDiff());
        setReadableNamesShown(false);
        const QModelIndex main = proxy.index(0, 0);
        QCOMPARE(childNames(proxy, main).mid(0, 4),
                 QStringList({"fresh", "a", "rec", QString::fromStdString(kParseName)}));
        proxy.setSortRole(DiffTreeModel::SortRole);
        QCOMPARE(childNames(proxy, main),
                 QStringList({"fresh", QString::fromStdString(kParseName), "c<int>", "rec", "a"}));
        proxy.setFilterFixedString(QStringLiteral("sqrt_inner"));
        QCOMPARE(childNames(proxy, proxy.index(0, 0)), QStringList({"c<int>"}));
    }

    // sort() on the model itself, persistent indexes following their nodes.
    void sortingTheModel() {
        DiffTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDiff(topDownDiff());
        setReadableNamesShown(false);
        const QModelIndex main = model.index(0, 0);
        const QPersistentModelIndex fresh = childNamed(model, main, QStringLiteral("fresh"));
        const uint32_t node = model.nodeOf(fresh);
        model.sort(DiffTreeModel::Delta, Qt::AscendingOrder);
        QCOMPARE(childNames(model, main),
                 QStringList({"a", "rec", "c<int>", QString::fromStdString(kParseName), "fresh"}));
        model.sort(DiffTreeModel::Function, Qt::AscendingOrder);
        QCOMPARE(childNames(model, main),
                 QStringList({"a", "c<int>", "fresh", QString::fromStdString(kParseName), "rec"}));
        QCOMPARE(model.nodeOf(fresh), node);
        QCOMPARE(fresh.row(), 2);
        checkNodeIndexes(model, {});
    }

    // The bottom-up comparison: the functions samples end in at the top; fresh is the comparison's only.
    void bottomUp() {
        DiffTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDiff(CallTreeDiff::compute(CallTree::bottomUp(handBaseline(), SampleFilter{}),
                                            CallTree::bottomUp(handComparison(), SampleFilter{})));
        setReadableNamesShown(false);
        QCOMPARE(childNames(model, {}).size(), 7); // b, sqrt_inner, a, c<int>, kfunc, parse, fresh
        const QModelIndex b = childNamed(model, {}, QStringLiteral("b"));
        QCOMPARE(cell(b, DiffTreeModel::Baseline), QStringLiteral("41.67 %"));   // 5/12
        QCOMPARE(cell(b, DiffTreeModel::Comparison), QStringLiteral("31.25 %")); // 5/16
        QCOMPARE(cell(b, DiffTreeModel::SelfDelta), QStringLiteral("-10.42"));
        QCOMPARE(childNames(model, b), QStringList({"a", "rec"}));
        checkNodeIndexes(model, {});
        model.setDiff(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestDiffTreeModel)
#include "tst_difftreemodel.moc"
