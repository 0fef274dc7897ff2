// What the call-tree models share (CallTreeModel: top-down and bottom-up; DiffTreeModel: a comparison's
// trees): one row per node of an immutable tree whose node 0 is the root, the model's own child order (so
// sort() reorders rows without touching the tree), the roles views read, and what kind of value each column
// shows (columnKind), so that one view (gui/CallTreeView) serves them all.
#pragma once

#include <QAbstractItemModel>

#include <cstdint>
#include <span>
#include <vector>

namespace perfglass {

class TreeModelBase : public QAbstractItemModel {
    Q_OBJECT
public:
    static constexpr uint32_t kRoot = 0;

    enum Role {
        SortRole = Qt::UserRole + 1, // a number or string that orders the column
        NodeRole,                    // the tree's node index (uint)
        ShareRole,                   // a share, 0..1, for bar delegates (column 0: the row's inclusive share)
        FilterRole,                  // "shown-name full-name module", what a search box matches against
        FunctionRole,                // CallTreeModel: the node's FunctionId (uint); invalid where none
        InlinedRole,                 // bool: the node is an inline frame
        LocationRole,                // CallTreeModel: the function's "path/file.cpp:line", or ""
        ChangeSizeRole,              // DiffTreeModel: the size of a change whatever its sign (as SortRole)
    };
    // What a column shows, for views: the name of the row's function, other text, a share of a total (drawn
    // as a bar from ShareRole), another number, or a source location (hidden unless hasLocations()).
    enum class ColumnKind { Name, Text, Share, Number, Location };

    virtual ColumnKind columnKind(int column) const = 0;
    // Whether any row has a source location.
    virtual bool hasLocations() const { return false; }
    // The column a view sorts by first (descending), and the role it sorts by until the user picks a column.
    virtual int defaultSortColumn() const = 0;
    virtual int defaultSortRole() const { return SortRole; }

    // The index of a node (not the root), or an invalid index.
    QModelIndex indexForNode(uint32_t node, int column = 0) const;
    // The node of INDEX; the root for an invalid index.
    uint32_t nodeOf(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

protected:
    TreeModelBase(int columnCount, QObject *parent);

    // Takes the shape of a tree (NODES[n].parent, NODES[n].children, the root first) in the tree's own child
    // order, or no tree for an empty NODES; between beginResetModel and endResetModel.
    template <typename Node> void setStructure(const std::vector<Node> &nodes) {
        // One array for every node's children: a vector per node would cost an allocation per node on the UI
        // thread, which deep trees (millions of nodes) notice.
        parents_.resize(nodes.size());
        firstChild_.resize(nodes.empty() ? 0 : nodes.size() + 1);
        children_.clear();
        children_.reserve(nodes.empty() ? 0 : nodes.size() - 1);
        for (size_t n = 0; n < nodes.size(); ++n) {
            parents_[n] = nodes[n].parent;
            firstChild_[n] = static_cast<uint32_t>(children_.size());
            children_.insert(children_.end(), nodes[n].children.begin(), nodes[n].children.end());
        }
        if (!nodes.empty()) firstChild_.back() = static_cast<uint32_t>(children_.size());
        updateRows();
    }
    bool hasTree() const { return !parents_.empty(); }
    // Whether node A sorts before node B by COLUMN, ascending.
    virtual bool lessThan(uint32_t a, uint32_t b, int column) const = 0;

private:
    void updateRows();
    void sortChildren(int column, Qt::SortOrder order);
    std::span<const uint32_t> childrenOf(uint32_t node) const {
        return {children_.data() + firstChild_[node], children_.data() + firstChild_[node + 1]};
    }

    int columnCount_;
    std::vector<uint32_t> parents_;
    // Node n's children in the model's current order are children_[firstChild_[n]] up to
    // children_[firstChild_[n + 1]]; rowInParent_[c] is c's row there.
    std::vector<uint32_t> firstChild_;
    std::vector<uint32_t> children_;
    std::vector<int> rowInParent_;
};

} // namespace perfglass
