#include "FunctionListModel.h"

#include "FrameDetails.h"
#include "FunctionNames.h"

#include <QLocale>

namespace perfglass {

FunctionListModel::FunctionListModel(QObject *parent)
    : QAbstractTableModel(parent) {}

void FunctionListModel::setFlatProfile(std::shared_ptr<const FlatProfile> flat,
                                       std::shared_ptr<const Profile> profile, CostUnit unit) {
    beginResetModel();
    flat_ = std::move(flat);
    profile_ = flat_ ? std::move(profile) : nullptr;
    names_ = profile_ ? readableNamesOf(profile_) : nullptr;
    locations_ = profile_ ? sourceLocationsOf(profile_) : nullptr;
    unit_ = unit;
    endResetModel();
}

int FunctionListModel::rowOf(FunctionId function) const {
    if (!flat_) return -1;
    for (size_t row = 0; row < flat_->functions.size(); ++row)
        if (flat_->functions[row].function == function) return static_cast<int>(row);
    return -1;
}

int FunctionListModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() || !flat_ ? 0 : static_cast<int>(flat_->functions.size());
}

int FunctionListModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString FunctionListModel::fullName(FunctionId function) const {
    return QString::fromStdString(flat_->functionName(*profile_, function));
}

QString FunctionListModel::name(FunctionId function) const {
    return displayName(names_.get(), function, flat_->functionName(*profile_, function));
}

QString FunctionListModel::module(FunctionId function) const {
    return QString::fromStdString(profile_->moduleName(flat_->functionModule(*profile_, function)));
}

QVariant FunctionListModel::displayData(const FunctionCost &cost, int column) const {
    switch (column) {
    case FunctionColumn:
        return name(cost.function);
    case ModuleColumn:
        return module(cost.function);
    case SelfColumn:
        return formatPercent(cost.self, flat_->total);
    case InclusiveColumn:
        return formatPercent(cost.inclusive, flat_->total);
    case SamplesColumn:
        return QLocale().toString(static_cast<qulonglong>(cost.samples));
    default:
        return {};
    }
}

QVariant FunctionListModel::sortData(const FunctionCost &cost, int column) const {
    switch (column) {
    case FunctionColumn:
        return name(cost.function);
    case ModuleColumn:
        return module(cost.function);
    case SelfColumn:
        return QVariant::fromValue<qulonglong>(cost.self);
    case InclusiveColumn:
        return QVariant::fromValue<qulonglong>(cost.inclusive);
    case SamplesColumn:
        return QVariant::fromValue<qulonglong>(cost.samples);
    default:
        return {};
    }
}

QString FunctionListModel::toolTip(const FunctionCost &cost) const {
    return tr("<b>%1</b><br>Module: %2<br>Self: %3 (%4)<br>Inclusive: %5 (%6)<br>On the stack of %n "
              "sample(s)",
              nullptr, static_cast<int>(cost.samples))
        .arg(fullName(cost.function).toHtmlEscaped(), module(cost.function).toHtmlEscaped(),
             formatPercent(cost.self, flat_->total), formatCost(cost.self, unit_),
             formatPercent(cost.inclusive, flat_->total), formatCost(cost.inclusive, unit_));
}

QVariant FunctionListModel::data(const QModelIndex &index, int role) const {
    if (!flat_ || !index.isValid() || index.row() >= rowCount()) return {};
    const FunctionCost &cost = flat_->functions[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return displayData(cost, index.column());
    case Qt::ToolTipRole:
        return toolTip(cost);
    case Qt::TextAlignmentRole:
        return index.column() >= SelfColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case SortRole:
        return sortData(cost, index.column());
    case FunctionRole:
        return static_cast<uint>(cost.function);
    case ShareRole:
        if (index.column() == SelfColumn) return percentOf(cost.self, flat_->total) / 100.0;
        if (index.column() == InclusiveColumn) return percentOf(cost.inclusive, flat_->total) / 100.0;
        return {};
    case FilterRole:
        return name(cost.function) + QLatin1Char(' ') + fullName(cost.function) + QLatin1Char(' ') +
               module(cost.function) + QLatin1Char(' ') +
               QString::fromStdString(locations_->text(*profile_, cost.function));
    default:
        return {};
    }
}

QVariant FunctionListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case FunctionColumn:
        return tr("Function");
    case ModuleColumn:
        return tr("Module");
    case SelfColumn:
        return tr("Self");
    case InclusiveColumn:
        return tr("Inclusive");
    case SamplesColumn:
        return tr("Samples");
    default:
        return {};
    }
}

} // namespace perfglass
