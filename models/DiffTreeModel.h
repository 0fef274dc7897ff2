// A comparison's call tree (CallTreeDiff, top-down or bottom-up) as a Qt item model: the function (with its
// module in the tooltip), then the baseline's and the comparison's inclusive shares and the change in
// percentage points (or, setNormalize(Time), the seconds and the change in seconds), then the change of self
// share. SortRole gives the numbers for a QSortFilterProxyModel (sorting by Delta puts what grew the most
// first, descending); ChangeSizeRole gives their size, so sorting by it puts the largest change first,
// whichever its sign (as `perfglass-cli diff --sort delta` does).
#pragma once

#include "analysis/CallTreeDiff.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace perfglass {

class DiffTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { Function, Baseline, Comparison, Delta, SelfDelta, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int ChangeSizeRole = Qt::UserRole + 2;

    explicit DiffTreeModel(QObject *parent = nullptr);

    void setDiff(std::shared_ptr<const CallTreeDiff> diff);
    const std::shared_ptr<const CallTreeDiff> &diff() const { return diff_; }
    uint32_t nodeOf(const QModelIndex &index) const;
    // The index of NODE (a node of diff()) in the Function column; invalid for the root.
    QModelIndex indexOf(uint32_t node) const;
    DiffNormalize normalize() const { return normalize_; }
    void setNormalize(DiffNormalize normalize);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    double value(uint32_t node, int column) const;
    QString text(uint32_t node, int column) const;

    std::shared_ptr<const CallTreeDiff> diff_;
    std::vector<int> rowInParent_;
    DiffNormalize normalize_ = DiffNormalize::Share;
};

} // namespace perfglass
