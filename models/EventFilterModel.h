// The Events dock's filter over an EventListModel: rows whose name, aliases, PMU or description contain the
// search text (case-insensitive), with their ancestors (so the groups stay) and their descendants (so
// "sched" or "msr" shows a whole subsystem or PMU); optionally only the events that open now.
#pragma once

#include <QSortFilterProxyModel>

namespace perfglass {

class EventFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit EventFilterModel(QObject *parent = nullptr);

    void setSearchText(const QString &text);
    QString searchText() const { return search_; }
    void setAvailableOnly(bool availableOnly);
    bool availableOnly() const { return availableOnly_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    bool matchesText(const QModelIndex &sourceIndex) const;

    QString search_;
    bool availableOnly_ = false;
};

} // namespace perfglass
