#include "TreeModelBase.h"

#include <algorithm>

namespace perfglass {

TreeModelBase::TreeModelBase(int columnCount, QObject *parent)
    : QAbstractItemModel(parent)
    , columnCount_(columnCount) {}

void TreeModelBase::updateRows() {
    rowInParent_.assign(parents_.size(), 0);
    for (size_t node = 0; node < parents_.size(); ++node) {
        const auto children = childrenOf(static_cast<uint32_t>(node));
        for (size_t row = 0; row < children.size(); ++row)
            rowInParent_[children[row]] = static_cast<int>(row);
    }
}

uint32_t TreeModelBase::nodeOf(const QModelIndex &index) const {
    return index.isValid() ? static_cast<uint32_t>(index.internalId()) : kRoot;
}

QModelIndex TreeModelBase::indexForNode(uint32_t node, int column) const {
    if (node == kRoot || node >= parents_.size()) return {};
    return createIndex(rowInParent_[node], column, static_cast<quintptr>(node));
}

QModelIndex TreeModelBase::index(int row, int column, const QModelIndex &parent) const {
    if (!hasTree() || row < 0 || column < 0 || column >= columnCount_) return {};
    if (parent.isValid() && parent.column() != 0) return {};
    const auto children = childrenOf(nodeOf(parent));
    if (static_cast<size_t>(row) >= children.size()) return {};
    return createIndex(row, column, static_cast<quintptr>(children[static_cast<size_t>(row)]));
}

QModelIndex TreeModelBase::parent(const QModelIndex &child) const {
    if (!hasTree() || !child.isValid()) return {};
    return indexForNode(parents_[nodeOf(child)]);
}

int TreeModelBase::rowCount(const QModelIndex &parent) const {
    if (!hasTree() || (parent.isValid() && parent.column() != 0)) return 0;
    return static_cast<int>(childrenOf(nodeOf(parent)).size());
}

int TreeModelBase::columnCount(const QModelIndex &) const {
    return columnCount_;
}

void TreeModelBase::sort(int column, Qt::SortOrder order) {
    if (!hasTree() || column < 0 || column >= columnCount_) return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<uint32_t> nodesBefore;
    nodesBefore.reserve(static_cast<size_t>(before.size()));
    for (const QModelIndex &index : before)
        nodesBefore.push_back(nodeOf(index));
    sortChildren(column, order);
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype i = 0; i < before.size(); ++i)
        after.append(indexForNode(nodesBefore[static_cast<size_t>(i)], before[i].column()));
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void TreeModelBase::sortChildren(int column, Qt::SortOrder order) {
    for (size_t node = 0; node < parents_.size(); ++node) {
        std::stable_sort(children_.begin() + firstChild_[node], children_.begin() + firstChild_[node + 1],
                         [&](uint32_t a, uint32_t b) {
                             return order == Qt::AscendingOrder ? lessThan(a, b, column)
                                                                : lessThan(b, a, column);
                         });
    }
    updateRows();
}

} // namespace perfglass
