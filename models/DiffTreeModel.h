// A comparison's call tree (CallTreeDiff, top-down or bottom-up) as a Qt item model: the function (its
// readable name, as the main trees show it; the full name and module in the tooltip), then the baseline's and
// the comparison's inclusive shares and the change in percentage points (or, setNormalize(Time), the seconds
// and the change in seconds), then the change of self share. SortRole gives the numbers for a
// QSortFilterProxyModel (sorting by Delta puts what grew the most first, descending); ChangeSizeRole gives
// their size, so sorting by it puts the largest change first, whichever its sign (as `perfglass-cli diff
// --sort delta` does). ShareRole of the Baseline and Comparison columns draws each side's cost as a bar: a
// share of its side's total, or in seconds a share of the larger side's time.
#pragma once

#include "TreeModelBase.h"
#include "analysis/CallTreeDiff.h"
#include "profile/ReadableNames.h"

#include <memory>
#include <vector>

namespace perfglass {

class DiffTreeModel : public TreeModelBase {
    Q_OBJECT
public:
    enum Column { Function, Baseline, Comparison, Delta, SelfDelta, ColumnCount };

    explicit DiffTreeModel(QObject *parent = nullptr);

    void setDiff(std::shared_ptr<const CallTreeDiff> diff);
    const std::shared_ptr<const CallTreeDiff> &diff() const { return diff_; }
    DiffNormalize normalize() const { return normalize_; }
    void setNormalize(DiffNormalize normalize);

    ColumnKind columnKind(int column) const override;
    int defaultSortColumn() const override { return Delta; }
    int defaultSortRole() const override { return ChangeSizeRole; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    bool lessThan(uint32_t a, uint32_t b, int column) const override;

private:
    void nameFunctions();
    double value(uint32_t node, int column) const;
    QString text(uint32_t node, int column) const;
    // The shown (readable unless switched off) or full name of the node's function, with the inline marker.
    QString functionText(uint32_t node, bool full = false) const;
    double share(uint32_t node, int column) const;
    QVariant foreground(uint32_t node, int column) const;

    std::shared_ptr<const CallTreeDiff> diff_;
    // The readable names of the diff's distinct function names; nameSlot_[node] is the node's name there.
    ReadableNames names_;
    std::vector<uint32_t> nameSlot_;
    DiffNormalize normalize_ = DiffNormalize::Share;
};

} // namespace perfglass
