// A Qt item model over a CallTree (top-down or bottom-up): one row per call path, columns for the function,
// its module and its inclusive and self costs (as shares and as absolute costs). Sortable by any column; the
// tree itself stays immutable, the model keeps its own child order.
#pragma once

#include "CallTree.h"
#include "CostFormat.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace perfglass {

class CallTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        FunctionColumn,
        ModuleColumn,
        InclusiveColumn,
        SelfColumn,
        InclusiveCostColumn,
        SelfCostColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // a number or string that orders the column
        NodeRole,                    // the CallTree node index (uint)
        ShareRole,                   // inclusive or self share of the total, 0..1 (for bar delegates)
        FilterRole,                  // "function module", what a search box matches against
        FunctionRole,                // the node's FunctionId (uint; may be synthetic, see CallTree)
    };

    explicit CallTreeModel(QObject *parent = nullptr);

    void setTree(std::shared_ptr<const CallTree> tree, CostUnit unit);
    const std::shared_ptr<const CallTree> &tree() const { return tree_; }
    // The index of a CallTree node (not the root), or an invalid index.
    QModelIndex indexForNode(uint32_t node, int column = 0) const;
    uint32_t nodeOf(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    QVariant displayData(uint32_t node, int column) const;
    QVariant sortData(uint32_t node, int column) const;
    QString toolTip(uint32_t node) const;
    void resetOrder();
    void sortChildren(int column, Qt::SortOrder order);

    std::shared_ptr<const CallTree> tree_;
    CostUnit unit_ = CostUnit::Count;
    // children_[n] is node n's children in the model's current order; rowInParent_[c] is c's row there.
    std::vector<std::vector<uint32_t>> children_;
    std::vector<int> rowInParent_;
};

} // namespace perfglass
