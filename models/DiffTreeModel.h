// A comparison's call tree (CallTreeDiff, top-down or bottom-up) as a Qt item model: the function (with its
// module in the tooltip), then the baseline's and the comparison's inclusive shares and the change in
// percentage points, then the change of self share. SortRole gives the numbers for a QSortFilterProxyModel
// (sorting by Delta puts what grew the most first, descending).
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

    explicit DiffTreeModel(QObject *parent = nullptr);

    void setDiff(std::shared_ptr<const CallTreeDiff> diff);
    const std::shared_ptr<const CallTreeDiff> &diff() const { return diff_; }
    uint32_t nodeOf(const QModelIndex &index) const;

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
};

} // namespace perfglass
