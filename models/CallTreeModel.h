// A Qt item model over a CallTree (top-down or bottom-up): one row per call path, columns for the function,
// its module, its inclusive and self costs (as shares and as absolute costs) and its source location (the
// function's hottest line, FrameDetails.h; empty unless the profile was loaded with inline frames). Inline
// frames are rows of their own, named "function (inlined)" in italics, their tooltip says what they were
// inlined into. Sortable by any column (TreeModelBase: the tree itself stays immutable, the model keeps its
// own child order).
#pragma once

#include "CostFormat.h"
#include "TreeModelBase.h"
#include "analysis/CallTree.h"
#include "profile/ReadableNames.h"
#include "profile/SourceLocations.h"

#include <memory>

namespace perfglass {

class CallTreeModel : public TreeModelBase {
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
    explicit CallTreeModel(QObject *parent = nullptr);

    void setTree(std::shared_ptr<const CallTree> tree, CostUnit unit);
    const std::shared_ptr<const CallTree> &tree() const { return tree_; }
    // Whether any function has a source location (else views may hide LocationColumn).
    bool hasLocations() const override { return locations_ && !locations_->empty(); }
    ColumnKind columnKind(int column) const override;
    int defaultSortColumn() const override { return InclusiveColumn; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    bool lessThan(uint32_t a, uint32_t b, int column) const override;

private:
    QVariant displayData(uint32_t node, int column) const;
    QVariant sortData(uint32_t node, int column) const;
    QString toolTip(uint32_t node) const;
    // The text a textual column sorts by.
    std::string sortText(uint32_t node, int column) const;

    // The shown (readable) or full name of the node's function, with the inline marker.
    QString functionText(uint32_t node, bool full = false) const;

    std::shared_ptr<const CallTree> tree_;
    std::shared_ptr<const SourceLocations> locations_;
    std::shared_ptr<const ReadableNames> names_;
    CostUnit unit_ = CostUnit::Count;
};

} // namespace perfglass
