#include "CallTreeModel.h"

#include "FrameDetails.h"
#include "FunctionNames.h"

#include <QFont>
#include <QLocale>

#include <algorithm>

namespace perfglass {

CallTreeModel::CallTreeModel(QObject *parent)
    : QAbstractItemModel(parent) {}

void CallTreeModel::setTree(std::shared_ptr<const CallTree> tree, CostUnit unit) {
    beginResetModel();
    tree_ = std::move(tree);
    locations_ = tree_ ? sourceLocationsOf(tree_->sharedProfile()) : nullptr;
    names_ = tree_ ? readableNamesOf(tree_->sharedProfile()) : nullptr;
    unit_ = unit;
    resetOrder();
    endResetModel();
}

void CallTreeModel::resetOrder() {
    children_.clear();
    rowInParent_.clear();
    if (!tree_) return;
    const auto &nodes = tree_->nodes();
    children_.resize(nodes.size());
    rowInParent_.assign(nodes.size(), 0);
    for (size_t n = 0; n < nodes.size(); ++n) {
        children_[n] = nodes[n].children;
        for (size_t row = 0; row < children_[n].size(); ++row)
            rowInParent_[children_[n][row]] = static_cast<int>(row);
    }
}

uint32_t CallTreeModel::nodeOf(const QModelIndex &index) const {
    return index.isValid() ? static_cast<uint32_t>(index.internalId()) : CallTree::kRoot;
}

QModelIndex CallTreeModel::indexForNode(uint32_t node, int column) const {
    if (!tree_ || node == CallTree::kRoot || node >= tree_->nodes().size()) return {};
    return createIndex(rowInParent_[node], column, static_cast<quintptr>(node));
}

QModelIndex CallTreeModel::index(int row, int column, const QModelIndex &parent) const {
    if (!tree_ || row < 0 || column < 0 || column >= ColumnCount) return {};
    if (parent.isValid() && parent.column() != 0) return {};
    const auto &children = children_[nodeOf(parent)];
    if (static_cast<size_t>(row) >= children.size()) return {};
    return createIndex(row, column, static_cast<quintptr>(children[static_cast<size_t>(row)]));
}

QModelIndex CallTreeModel::parent(const QModelIndex &child) const {
    if (!tree_ || !child.isValid()) return {};
    const uint32_t parentNode = tree_->node(nodeOf(child)).parent;
    return indexForNode(parentNode);
}

int CallTreeModel::rowCount(const QModelIndex &parent) const {
    if (!tree_ || (parent.isValid() && parent.column() != 0)) return 0;
    return static_cast<int>(children_[nodeOf(parent)].size());
}

int CallTreeModel::columnCount(const QModelIndex &) const {
    return ColumnCount;
}

QVariant CallTreeModel::data(const QModelIndex &index, int role) const {
    if (!tree_ || !index.isValid()) return {};
    const uint32_t node = nodeOf(index);
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayData(node, column);
    case SortRole:
        return sortData(node, column);
    case Qt::ToolTipRole:
        return toolTip(node);
    case NodeRole:
        return QVariant::fromValue(node);
    case FunctionRole:
        return QVariant::fromValue(tree_->node(node).function);
    case InlinedRole:
        return tree_->node(node).inlined;
    case LocationRole:
        return locationText(tree_->profile(), *locations_, tree_->node(node).function, false);
    case Qt::FontRole:
        if (tree_->node(node).inlined && (column == FunctionColumn || column == LocationColumn)) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case FilterRole: {
        const FunctionId function = tree_->node(node).function;
        return functionText(node) + QLatin1Char(' ') + functionText(node, true) + QLatin1Char(' ') +
               QString::fromStdString(tree_->profile().moduleName(tree_->functionModule(function)));
    }
    case ShareRole: {
        const CallTreeNode &n = tree_->node(node);
        const uint64_t part = column == SelfColumn || column == SelfCostColumn ? n.self : n.inclusive;
        return tree_->total() == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(tree_->total());
    }
    case Qt::TextAlignmentRole:
        if (column >= InclusiveColumn && column != LocationColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant CallTreeModel::displayData(uint32_t node, int column) const {
    const Profile &profile = tree_->profile();
    const CallTreeNode &n = tree_->node(node);
    switch (column) {
    case FunctionColumn:
        return functionText(node);
    case ModuleColumn:
        return QString::fromStdString(profile.moduleName(tree_->functionModule(n.function)));
    case LocationColumn:
        return locationText(profile, *locations_, n.function, true);
    case InclusiveColumn:
        return formatPercent(n.inclusive, tree_->total());
    case SelfColumn:
        return formatPercent(n.self, tree_->total());
    case InclusiveCostColumn:
        return formatCost(n.inclusive, unit_);
    case SelfCostColumn:
        return formatCost(n.self, unit_);
    default:
        return {};
    }
}

QVariant CallTreeModel::sortData(uint32_t node, int column) const {
    const CallTreeNode &n = tree_->node(node);
    switch (column) {
    case FunctionColumn:
    case ModuleColumn:
    case LocationColumn:
        return displayData(node, column);
    case InclusiveColumn:
    case InclusiveCostColumn:
        return QVariant::fromValue<qulonglong>(n.inclusive);
    case SelfColumn:
    case SelfCostColumn:
        return QVariant::fromValue<qulonglong>(n.self);
    default:
        return {};
    }
}

QString CallTreeModel::functionText(uint32_t node, bool full) const {
    const CallTreeNode &n = tree_->node(node);
    const std::string &fullName = tree_->functionName(n.function);
    const QString name =
        full ? QString::fromStdString(fullName) : displayName(names_.get(), n.function, fullName);
    return n.inlined ? name + inlinedSuffix() : name;
}

QString CallTreeModel::toolTip(uint32_t node) const {
    const Profile &profile = tree_->profile();
    const CallTreeNode &n = tree_->node(node);
    const ModuleId module = tree_->functionModule(n.function);
    QString text = tr("<b>%1</b><br>Module: %2<br>Inclusive: %3 (%4)<br>Self: %5 (%6)")
                       .arg(functionText(node, true).toHtmlEscaped(),
                            QString::fromStdString(profile.modulePath(module)).toHtmlEscaped(),
                            formatPercent(n.inclusive, tree_->total()), formatCost(n.inclusive, unit_),
                            formatPercent(n.self, tree_->total()), formatCost(n.self, unit_));
    const QString into = inlinedIntoText(*tree_, node);
    if (!into.isEmpty()) text += tr("<br><i>Inlined into %1</i>").arg(into.toHtmlEscaped());
    const QString location = locationText(profile, *locations_, n.function, false);
    if (!location.isEmpty())
        text += tr("<br>Source: %1 (the function's hottest line)").arg(location.toHtmlEscaped());
    return text;
}

QVariant CallTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case FunctionColumn:
            return tr("Function");
        case ModuleColumn:
            return tr("Module");
        case InclusiveColumn:
            return tr("Inclusive");
        case SelfColumn:
            return tr("Self");
        case InclusiveCostColumn:
            return unit_ == CostUnit::Nanoseconds ? tr("Inclusive time") : tr("Inclusive count");
        case SelfCostColumn:
            return unit_ == CostUnit::Nanoseconds ? tr("Self time") : tr("Self count");
        case LocationColumn:
            return tr("Location");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && section == LocationColumn)
        return tr("Source file and line of the function where most of its samples are (from DWARF debug "
                  "information)");
    if (role == Qt::ToolTipRole && tree_ && tree_->kind() == CallTree::Kind::BottomUp) {
        switch (section) {
        case InclusiveColumn:
            return tr("Top level: share of all samples taken in this function; below: the part of it "
                      "reached through this chain of callers");
        case SelfColumn:
            return tr("Top level: share of all samples taken in this function itself (its self cost, as in "
                      "the flat profile); callers below it have none of their own here");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case InclusiveColumn:
            return tr("Share of all samples whose call stack passes through this call path");
        case SelfColumn:
            return tr("Share of all samples taken in this function itself, on this call path");
        default:
            return {};
        }
    }
    return {};
}

void CallTreeModel::sort(int column, Qt::SortOrder order) {
    if (!tree_ || column < 0 || column >= ColumnCount) return;
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

void CallTreeModel::sortChildren(int column, Qt::SortOrder order) {
    const Profile &profile = tree_->profile();
    const auto &nodes = tree_->nodes();
    auto key = [&](uint32_t n) -> uint64_t {
        return column == SelfColumn || column == SelfCostColumn ? nodes[n].self : nodes[n].inclusive;
    };
    auto text = [&](uint32_t n) -> std::string {
        const FunctionId function = nodes[n].function;
        if (column == LocationColumn) return locations_->text(profile, function);
        return column == ModuleColumn ? profile.moduleName(tree_->functionModule(function))
                                      : tree_->functionName(function);
    };
    const bool textual = column == FunctionColumn || column == ModuleColumn || column == LocationColumn;
    for (auto &children : children_) {
        std::stable_sort(children.begin(), children.end(), [&](uint32_t a, uint32_t b) {
            if (textual) {
                const int c = text(a).compare(text(b));
                return order == Qt::AscendingOrder ? c < 0 : c > 0;
            }
            return order == Qt::AscendingOrder ? key(a) < key(b) : key(a) > key(b);
        });
        for (size_t row = 0; row < children.size(); ++row)
            rowInParent_[children[row]] = static_cast<int>(row);
    }
}

} // namespace perfglass
