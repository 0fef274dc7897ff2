// A table model over one side of a CallerCallee result: the callers of a function or its callees, one row
// each, with the function, its module, the cost (share of all samples and absolute cost) and the function's
// source location (FrameDetails.h). Inline frames (a callee inlined into the function, a caller that is
// itself inline code) are rows of their own, named "function (inlined)" in italics. Sortable.
#pragma once

#include "CostFormat.h"
#include "analysis/CallerCallee.h"
#include "profile/Profile.h"
#include "profile/ReadableNames.h"
#include "profile/SourceLocations.h"

#include <QAbstractTableModel>

#include <memory>

namespace perfglass {

class CallerCalleeModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Side { Callers, Callees };
    enum Column { FunctionColumn, ModuleColumn, ShareColumn, CostColumn, LocationColumn, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1, // a number or string that orders the column
        FunctionRole,                // the row's FunctionId (uint)
        ShareRole,                   // the row's share of all samples, 0..1 (for bar delegates)
        InlinedRole,                 // bool: the row's frame is an inline frame (CallerCalleeEntry::inlined)
        LocationRole,                // the full "path/file.cpp:line" of the function, or "" when unknown
    };

    explicit CallerCalleeModel(Side side, QObject *parent = nullptr);

    // RESULT was computed on PROFILE; an empty pointer clears the model.
    void setResult(std::shared_ptr<const CallerCallee> result, std::shared_ptr<const Profile> profile,
                   CostUnit unit);
    const std::shared_ptr<const CallerCallee> &result() const { return result_; }
    // Whether any function has a source location (else views may hide LocationColumn).
    bool hasLocations() const { return locations_ && !locations_->empty(); }
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
    QString name(FunctionId function) const; // the shown name (FunctionNames.h)
    QString fullName(FunctionId function) const;
    QString module(FunctionId function) const;
    QString entryName(const CallerCalleeEntry &entry) const;
    QString toolTip(const CallerCalleeEntry &entry) const;

    Side side_;
    std::shared_ptr<const CallerCallee> result_;
    std::shared_ptr<const Profile> profile_;
    std::shared_ptr<const SourceLocations> locations_;
    std::shared_ptr<const ReadableNames> names_;
    CostUnit unit_ = CostUnit::Count;
};

} // namespace perfglass
