#include "CallTreeModel.h"

#include "FrameDetails.h"
#include "FunctionNames.h"

#include <QFont>
#include <QLocale>

#include <vector>

namespace perfglass {

CallTreeModel::CallTreeModel(QObject *parent)
    : TreeModelBase(ColumnCount, parent) {}

void CallTreeModel::setTree(std::shared_ptr<const CallTree> tree, CostUnit unit) {
    beginResetModel();
    tree_ = std::move(tree);
    locations_ = tree_ ? sourceLocationsOf(tree_->sharedProfile()) : nullptr;
    names_ = tree_ ? readableNamesOf(tree_->sharedProfile()) : nullptr;
    unit_ = unit;
    static const std::vector<CallTreeNode> kNoNodes;
    setStructure(tree_ ? tree_->nodes() : kNoNodes);
    endResetModel();
}

TreeModelBase::ColumnKind CallTreeModel::columnKind(int column) const {
    switch (column) {
    case FunctionColumn:
        return ColumnKind::Name;
    case ModuleColumn:
        return ColumnKind::Text;
    case InclusiveColumn:
    case SelfColumn:
        return ColumnKind::Share;
    case LocationColumn:
        return ColumnKind::Location;
    default:
        return ColumnKind::Number;
    }
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

std::string CallTreeModel::sortText(uint32_t node, int column) const {
    const Profile &profile = tree_->profile();
    const FunctionId function = tree_->node(node).function;
    if (column == LocationColumn) return locations_->text(profile, function);
    return column == ModuleColumn ? profile.moduleName(tree_->functionModule(function))
                                  : tree_->functionName(function);
}

bool CallTreeModel::lessThan(uint32_t a, uint32_t b, int column) const {
    if (column == FunctionColumn || column == ModuleColumn || column == LocationColumn)
        return sortText(a, column).compare(sortText(b, column)) < 0;
    const CallTreeNode &left = tree_->node(a);
    const CallTreeNode &right = tree_->node(b);
    if (column == SelfColumn || column == SelfCostColumn) return left.self < right.self;
    return left.inclusive < right.inclusive;
}

} // namespace perfglass
