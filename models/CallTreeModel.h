// A Qt item model over a CallTree (top-down or bottom-up): one row per call path, columns for the function,
// its module, its inclusive and self costs (as shares and as absolute costs) and its source location (the
// function's hottest line, FrameDetails.h; empty unless the profile was loaded with inline frames). Inline
// frames are rows of their own, named "function (inlined)" in italics, their tooltip says what they were
// inlined into. Sortable by any column; the tree itself stays immutable, the model keeps its own child order.
#pragma once

#include "CostFormat.h"
#include "analysis/CallTree.h"
#include "profile/ReadableNames.h"
#include "profile/SourceLocations.h"

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
        LocationColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // a number or string that orders the column
        NodeRole,                    // the CallTree node index (uint)
        ShareRole,                   // inclusive or self share of the total, 0..1 (for bar delegates)
        FilterRole,                  // "shown-name full-name module", what a search box matches against
        FunctionRole,                // the node's FunctionId (uint; may be synthetic, see CallTree)
        InlinedRole,                 // bool: the node is an inline frame (CallTreeNode::inlined)
        LocationRole,                // the full "path/file.cpp:line" of the function, or "" when unknown
    };

    explicit CallTreeModel(QObject *parent = nullptr);

    void setTree(std::shared_ptr<const CallTree> tree, CostUnit unit);
    const std::shared_ptr<const CallTree> &tree() const { return tree_; }
    // Whether any function has a source location (else views may hide LocationColumn).
    bool hasLocations() const { return locations_ && !locations_->empty(); }
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

    // The shown (readable) or full name of the node's function, with the inline marker.
    QString functionText(uint32_t node, bool full = false) const;

    std::shared_ptr<const CallTree> tree_;
    std::shared_ptr<const SourceLocations> locations_;
    std::shared_ptr<const ReadableNames> names_;
    CostUnit unit_ = CostUnit::Count;
    // children_[n] is node n's children in the model's current order; rowInParent_[c] is c's row there.
    std::vector<std::vector<uint32_t>> children_;
    std::vector<int> rowInParent_;
};

} // namespace perfglass
