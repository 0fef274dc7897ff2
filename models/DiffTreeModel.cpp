#include "DiffTreeModel.h"

#include "FunctionNames.h"

#include <QColor>
#include <QFont>

#include <algorithm>
#include <cmath>
#include <string_view>
#include <unordered_map>

namespace perfglass {

DiffTreeModel::DiffTreeModel(QObject *parent)
    : TreeModelBase(ColumnCount, parent) {}

void DiffTreeModel::setDiff(std::shared_ptr<const CallTreeDiff> diff) {
    beginResetModel();
    diff_ = std::move(diff);
    static const std::vector<DiffTreeNode> kNoNodes;
    setStructure(diff_ ? diff_->nodes() : kNoNodes);
    nameFunctions();
    endResetModel();
}

// The diff names functions by their full names only (both sides' FunctionIds differ), so their readable
// names come from those names, each distinct name once.
void DiffTreeModel::nameFunctions() {
    nameSlot_.assign(diff_ ? diff_->nodes().size() : 0, 0);
    std::vector<std::string_view> fullNames;
    std::unordered_map<uint32_t, uint32_t> slotOfName;
    for (uint32_t node = 1; node < nameSlot_.size(); ++node) {
        const auto [slot, added] =
            slotOfName.try_emplace(diff_->node(node).name, static_cast<uint32_t>(fullNames.size()));
        if (added) fullNames.push_back(diff_->functionName(node));
        nameSlot_[node] = slot->second;
    }
    names_ = ReadableNames(fullNames);
}

void DiffTreeModel::setNormalize(DiffNormalize normalize) {
    if (normalize_ == normalize) return;
    // Every number changes and so may the order: a layout change makes views repaint and proxies sort again,
    // keeping what is expanded and selected.
    emit layoutAboutToBeChanged();
    normalize_ = normalize;
    emit layoutChanged();
}

TreeModelBase::ColumnKind DiffTreeModel::columnKind(int column) const {
    switch (column) {
    case Function:
        return ColumnKind::Name;
    case Baseline:
    case Comparison:
        return ColumnKind::Share;
    default:
        return ColumnKind::Number;
    }
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

// Shares are in percent of each side's total; seconds are measured against the larger side's time, so the
// bars of both columns compare. Column 0 gives the larger of the two, which views expand the heavy rows by.
double DiffTreeModel::share(uint32_t node, int column) const {
    if (column == Function) return std::max(share(node, Baseline), share(node, Comparison));
    if (column != Baseline && column != Comparison) return 0;
    const double whole = normalize_ == DiffNormalize::Share
                             ? 100.0
                             : std::max(value(kRoot, Baseline), value(kRoot, Comparison));
    return whole <= 0 ? 0.0 : value(node, column) / whole;
}

QString DiffTreeModel::functionText(uint32_t node, bool full) const {
    const QString name = full || !readableNamesShown() ? QString::fromStdString(diff_->functionName(node))
                                                       : QString::fromStdString(names_.name(nameSlot_[node]));
    return diff_->node(node).inlined ? tr("%1 (inlined)").arg(name) : name;
}

QString DiffTreeModel::text(uint32_t node, int column) const {
    if (column == Function) return functionText(node);
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

QVariant DiffTreeModel::foreground(uint32_t node, int column) const {
    if (column != Delta && column != SelfDelta) return {};
    const double v = value(node, column);
    const double shown = normalize_ == DiffNormalize::Time ? 0.00005 : 0.005; // rounds to nonzero
    if (v >= shown) return QColor(190, 30, 30);
    if (v <= -shown) return QColor(30, 70, 200);
    return {};
}

QVariant DiffTreeModel::data(const QModelIndex &index, int role) const {
    if (!diff_ || !index.isValid()) return {};
    const uint32_t node = nodeOf(index);
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(node, column);
    case SortRole:
        return column == Function ? QVariant(text(node, column)) : QVariant(value(node, column));
    case ChangeSizeRole:
        return column == Function ? QVariant(text(node, column)) : QVariant(std::abs(value(node, column)));
    case NodeRole:
        return QVariant::fromValue(node);
    case InlinedRole:
        return diff_->node(node).inlined;
    case ShareRole:
        return share(node, column);
    case FilterRole:
        return functionText(node) + QLatin1Char(' ') + functionText(node, true) + QLatin1Char(' ') +
               QString::fromStdString(diff_->moduleName(node));
    case Qt::ToolTipRole:
        if (column != Function) return {};
        return tr("%1\nModule: %2")
            .arg(QString::fromStdString(diff_->functionName(node)),
                 QString::fromStdString(diff_->moduleName(node)));
    case Qt::TextAlignmentRole:
        return column == Function ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        return foreground(node, column);
    case Qt::FontRole: { // inline frames in italics, as in the main trees
        if (column != Function || !diff_->node(node).inlined) return {};
        QFont font;
        font.setItalic(true);
        return font;
    }
    default:
        return {};
    }
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

bool DiffTreeModel::lessThan(uint32_t a, uint32_t b, int column) const {
    if (column == Function) return diff_->functionName(a) < diff_->functionName(b);
    return value(a, column) < value(b, column);
}

} // namespace perfglass
