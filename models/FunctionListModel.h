// A table model over a FlatProfile: every function with samples, one row each, with its module, its self and
// inclusive cost (shares of all samples, the absolute cost in the tooltip) and how many samples have it on
// their stack. Names follow FunctionNames.h (readable unless switched off); FilterRole holds the shown and
// the full name and the module, for a search box. Sortable through SortRole.
#pragma once

#include "CostFormat.h"
#include "analysis/FlatProfile.h"
#include "profile/ReadableNames.h"
#include "profile/SourceLocations.h"

#include <QAbstractTableModel>

#include <memory>

namespace perfglass {

class FunctionListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { FunctionColumn, ModuleColumn, SelfColumn, InclusiveColumn, SamplesColumn, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1, // a number or string that orders the column
        FunctionRole,                // the row's FunctionId (uint)
        ShareRole,                   // the self or inclusive share of all samples, 0..1 (for bar delegates)
        FilterRole,                  // "shown-name full-name module source-file:line"
    };

    explicit FunctionListModel(QObject *parent = nullptr);

    // FLAT was computed on PROFILE; an empty pointer clears the model.
    void setFlatProfile(std::shared_ptr<const FlatProfile> flat, std::shared_ptr<const Profile> profile,
                        CostUnit unit);
    const std::shared_ptr<const FlatProfile> &flatProfile() const { return flat_; }
    // The row of FUNCTION, or -1.
    int rowOf(FunctionId function) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString name(FunctionId function) const;
    QString fullName(FunctionId function) const;
    QString module(FunctionId function) const;
    QVariant displayData(const FunctionCost &cost, int column) const;
    QVariant sortData(const FunctionCost &cost, int column) const;
    QString toolTip(const FunctionCost &cost) const;

    std::shared_ptr<const FlatProfile> flat_;
    std::shared_ptr<const Profile> profile_;
    std::shared_ptr<const ReadableNames> names_;
    std::shared_ptr<const SourceLocations> locations_;
    CostUnit unit_ = CostUnit::Count;
};

} // namespace perfglass
