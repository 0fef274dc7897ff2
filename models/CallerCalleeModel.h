// A table model over one side of a CallerCallee result: the callers of a function or its callees, one row
// each, with the function, its module and the cost (share of all samples and absolute cost). Sortable.
#pragma once

#include "CallerCallee.h"
#include "CostFormat.h"
#include "Profile.h"

#include <QAbstractTableModel>

#include <memory>

namespace perfglass {

class CallerCalleeModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Side { Callers, Callees };
    enum Column { FunctionColumn, ModuleColumn, ShareColumn, CostColumn, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1, // a number or string that orders the column
        FunctionRole,                // the row's FunctionId (uint)
        ShareRole,                   // the row's share of all samples, 0..1 (for bar delegates)
    };

    explicit CallerCalleeModel(Side side, QObject *parent = nullptr);

    // RESULT was computed on PROFILE; an empty pointer clears the model.
    void setResult(std::shared_ptr<const CallerCallee> result, std::shared_ptr<const Profile> profile,
                   CostUnit unit);
    const std::shared_ptr<const CallerCallee> &result() const { return result_; }
    Side side() const { return side_; }
    FunctionId functionAt(int row) const;
    // The row of FUNCTION, or -1.
    int rowOf(FunctionId function) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const std::vector<CallerCalleeEntry> &entries() const;
    QString name(FunctionId function) const;
    QString module(FunctionId function) const;

    Side side_;
    std::shared_ptr<const CallerCallee> result_;
    std::shared_ptr<const Profile> profile_;
    CostUnit unit_ = CostUnit::Count;
};

} // namespace perfglass
