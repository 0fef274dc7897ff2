#include "DiffTreeModel.h"

#include <QColor>

#include <cmath>

namespace perfglass {

DiffTreeModel::DiffTreeModel(QObject *parent)
    : QAbstractItemModel(parent) {}

void DiffTreeModel::setDiff(std::shared_ptr<const CallTreeDiff> diff) {
    beginResetModel();
    diff_ = std::move(diff);
    rowInParent_.assign(diff_ ? diff_->nodes().size() : 0, 0);
    if (diff_)
        for (const DiffTreeNode &node : diff_->nodes())
            for (size_t row = 0; row < node.children.size(); ++row)
                rowInParent_[node.children[row]] = static_cast<int>(row);
    endResetModel();
}

uint32_t DiffTreeModel::nodeOf(const QModelIndex &index) const {
    return index.isValid() ? static_cast<uint32_t>(index.internalId()) : CallTreeDiff::kRoot;
}

QModelIndex DiffTreeModel::indexOf(uint32_t node) const {
    if (!diff_ || node == CallTreeDiff::kRoot || node >= rowInParent_.size()) return {};
    return createIndex(rowInParent_[node], Function, static_cast<quintptr>(node));
}

void DiffTreeModel::setNormalize(DiffNormalize normalize) {
    if (normalize_ == normalize) return;
    // Every number changes and so may the order: a layout change makes views repaint and proxies sort again,
    // keeping what is expanded and selected.
    emit layoutAboutToBeChanged();
    normalize_ = normalize;
    emit layoutChanged();
}

QModelIndex DiffTreeModel::index(int row, int column, const QModelIndex &parent) const {
    if (!diff_ || row < 0 || column < 0 || column >= ColumnCount) return {};
    const auto &children = diff_->node(nodeOf(parent)).children;
    if (static_cast<size_t>(row) >= children.size()) return {};
    return createIndex(row, column, static_cast<quintptr>(children[static_cast<size_t>(row)]));
}

QModelIndex DiffTreeModel::parent(const QModelIndex &child) const {
    if (!diff_ || !child.isValid()) return {};
    const uint32_t parentNode = diff_->node(nodeOf(child)).parent;
    if (parentNode == CallTreeDiff::kRoot) return {};
    return createIndex(rowInParent_[parentNode], 0, static_cast<quintptr>(parentNode));
}

int DiffTreeModel::rowCount(const QModelIndex &parent) const {
    if (!diff_ || parent.column() > 0) return 0;
    return static_cast<int>(diff_->node(nodeOf(parent)).children.size());
}

int DiffTreeModel::columnCount(const QModelIndex &) const {
    return ColumnCount;
}

double DiffTreeModel::value(uint32_t node, int column) const {
    const DiffScale scale = diff_->scale(normalize_);
    const DiffTreeNode &n = diff_->node(node);
    switch (column) {
    case Baseline:
        return scale.baseline(n.baseline.inclusive);
    case Comparison:
        return scale.comparison(n.comparison.inclusive);
    case Delta:
        return scale.delta(n.baseline.inclusive, n.comparison.inclusive);
    case SelfDelta:
        return scale.delta(n.baseline.self, n.comparison.self);
    default:
        return 0;
    }
}

QString DiffTreeModel::text(uint32_t node, int column) const {
    if (column == Function) {
        const QString name = QString::fromStdString(diff_->functionName(node));
        return diff_->node(node).inlined ? tr("%1 (inlined)").arg(name) : name;
    }
    const double v = value(node, column);
    const bool seconds = normalize_ == DiffNormalize::Time;
    const int decimals = seconds ? 4 : 2;
    if (column == Baseline || column == Comparison)
        return seconds ? tr("%1 s").arg(v, 0, 'f', decimals)
                       : QStringLiteral("%1 %").arg(v, 0, 'f', decimals);
    const QString sign = v > 0 ? QStringLiteral("+") : QString();
    return seconds ? tr("%1 s").arg(sign + QString::number(v, 'f', decimals))
                   : sign + QString::number(v, 'f', decimals);
}

QVariant DiffTreeModel::data(const QModelIndex &index, int role) const {
    if (!diff_ || !index.isValid()) return {};
    const uint32_t node = nodeOf(index);
    const int column = index.column();
    if (role == Qt::DisplayRole) return text(node, column);
    if (role == SortRole)
        return column == Function ? QVariant(text(node, column)) : QVariant(value(node, column));
    if (role == ChangeSizeRole)
        return column == Function ? QVariant(text(node, column)) : QVariant(std::abs(value(node, column)));
    if (role == Qt::ToolTipRole && column == Function)
        return tr("%1\nModule: %2")
            .arg(QString::fromStdString(diff_->functionName(node)),
                 QString::fromStdString(diff_->moduleName(node)));
    if (role == Qt::TextAlignmentRole && column != Function)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && (column == Delta || column == SelfDelta)) {
        const double v = value(node, column);
        const double shown = normalize_ == DiffNormalize::Time ? 0.00005 : 0.005; // rounds to nonzero
        if (v >= shown) return QColor(190, 30, 30);
        if (v <= -shown) return QColor(30, 70, 200);
    }
    return {};
}

QVariant DiffTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Function:
        return tr("Function");
    case Baseline:
        return tr("Baseline");
    case Comparison:
        return tr("Comparison");
    case Delta:
        return tr("Delta");
    case SelfDelta:
        return tr("Self Delta");
    default:
        return {};
    }
}

} // namespace perfglass
