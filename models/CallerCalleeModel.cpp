#include "CallerCalleeModel.h"

#include "FrameDetails.h"
#include "FunctionNames.h"

#include <QFont>

namespace perfglass {

CallerCalleeModel::CallerCalleeModel(Side side, QObject *parent)
    : QAbstractTableModel(parent)
    , side_(side) {}

void CallerCalleeModel::setResult(std::shared_ptr<const CallerCallee> result,
                                  std::shared_ptr<const Profile> profile, CostUnit unit) {
    beginResetModel();
    result_ = std::move(result);
    profile_ = std::move(profile);
    unit_ = unit;
    if (!profile_) result_.reset();
    locations_ = profile_ ? sourceLocationsOf(profile_) : nullptr;
    names_ = profile_ ? readableNamesOf(profile_) : nullptr;
    endResetModel();
}

const std::vector<CallerCalleeEntry> &CallerCalleeModel::entries() const {
    static const std::vector<CallerCalleeEntry> none;
    if (!result_) return none;
    return side_ == Side::Callers ? result_->callers : result_->callees;
}

FunctionId CallerCalleeModel::functionAt(int row) const {
    return entries().at(static_cast<size_t>(row)).function;
}

int CallerCalleeModel::rowOf(FunctionId function) const {
    const auto &all = entries();
    for (size_t row = 0; row < all.size(); ++row)
        if (all[row].function == function) return static_cast<int>(row);
    return -1;
}

QString CallerCalleeModel::name(FunctionId function) const {
    return displayName(names_.get(), function,
                       result_->stacks ? result_->stacks->functionName(*profile_, function)
                                       : profile_->functionName(function));
}

QString CallerCalleeModel::fullName(FunctionId function) const {
    return QString::fromStdString(result_->stacks ? result_->stacks->functionName(*profile_, function)
                                                  : profile_->functionName(function));
}

QString CallerCalleeModel::module(FunctionId function) const {
    const ModuleId id = result_->stacks ? result_->stacks->functionModule(*profile_, function)
                                        : profile_->functions[function].module;
    return QString::fromStdString(profile_->moduleName(id));
}

QString CallerCalleeModel::entryName(const CallerCalleeEntry &entry) const {
    return entry.inlined ? name(entry.function) + inlinedSuffix() : name(entry.function);
}

QString CallerCalleeModel::toolTip(const CallerCalleeEntry &entry) const {
    const QString selected = fullName(result_->function).toHtmlEscaped();
    const QString other = fullName(entry.function).toHtmlEscaped();
    QString text = (side_ == Side::Callers
                        ? tr("<b>%1</b> calls <b>%2</b><br>%3 of all samples (%4)").arg(other, selected)
                        : tr("<b>%1</b> calls <b>%2</b><br>%3 of all samples (%4)").arg(selected, other))
                       .arg(formatPercent(entry.cost, result_->total), formatCost(entry.cost, unit_));
    if (entry.inlined)
        text += side_ == Side::Callers
                    ? tr("<br><i>%1 is inline code here, inlined into its own caller</i>").arg(other)
                    : tr("<br><i>Inlined into %1</i>").arg(selected);
    const QString location = locationText(*profile_, *locations_, entry.function, false);
    if (!location.isEmpty())
        text += tr("<br>Source: %1 (the function's hottest line)").arg(location.toHtmlEscaped());
    return text;
}

int CallerCalleeModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(entries().size());
}

int CallerCalleeModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CallerCalleeModel::data(const QModelIndex &index, int role) const {
    if (!result_ || !index.isValid() || index.row() >= rowCount()) return {};
    const CallerCalleeEntry &entry = entries()[static_cast<size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case FunctionColumn:
            return entryName(entry);
        case ModuleColumn:
            return module(entry.function);
        case LocationColumn:
            return locationText(*profile_, *locations_, entry.function, true);
        case ShareColumn:
            return formatPercent(entry.cost, result_->total);
        case CostColumn:
            return formatCost(entry.cost, unit_);
        default:
            return {};
        }
    case SortRole:
        if (column == FunctionColumn || column == ModuleColumn || column == LocationColumn)
            return data(index, Qt::DisplayRole);
        return QVariant::fromValue<qulonglong>(entry.cost);
    case FunctionRole:
        return QVariant::fromValue(entry.function);
    case ShareRole:
        return result_->total == 0 ? 0.0
                                   : static_cast<double>(entry.cost) / static_cast<double>(result_->total);
    case InlinedRole:
        return entry.inlined;
    case LocationRole:
        return locationText(*profile_, *locations_, entry.function, false);
    case Qt::FontRole:
        if (entry.inlined && (column == FunctionColumn || column == LocationColumn)) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        return toolTip(entry);
    case Qt::TextAlignmentRole:
        if (column >= ShareColumn && column != LocationColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant CallerCalleeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case FunctionColumn:
            return side_ == Side::Callers ? tr("Caller") : tr("Callee");
        case ModuleColumn:
            return tr("Module");
        case ShareColumn:
            return tr("Cost");
        case CostColumn:
            return unit_ == CostUnit::Nanoseconds ? tr("Time") : tr("Count");
        case LocationColumn:
            return tr("Location");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && (section == ShareColumn || section == CostColumn)) {
        return side_ == Side::Callers
                   ? tr("Share of all samples in which the selected function was called from this caller")
                   : tr("Share of all samples spent in this callee (inclusive) when the selected function "
                        "called it");
    }
    return {};
}

} // namespace perfglass
