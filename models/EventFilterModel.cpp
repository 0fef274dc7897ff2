#include "EventFilterModel.h"

#include "EventListModel.h"

namespace perfglass {

EventFilterModel::EventFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent) {
    setRecursiveFilteringEnabled(true);
    setFilterRole(EventListModel::FilterRole);
}

void EventFilterModel::setSearchText(const QString &text) {
    if (text == search_) return;
    search_ = text;
    invalidateFilter();
}

void EventFilterModel::setAvailableOnly(bool availableOnly) {
    if (availableOnly == availableOnly_) return;
    availableOnly_ = availableOnly;
    invalidateFilter();
}

bool EventFilterModel::matchesText(const QModelIndex &sourceIndex) const {
    return sourceIndex.data(EventListModel::FilterRole).toString().contains(search_, Qt::CaseInsensitive);
}

bool EventFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const {
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const auto kind = static_cast<EventListModel::Kind>(index.data(EventListModel::KindRole).toInt());
    const bool container = kind == EventListModel::Kind::Group || kind == EventListModel::Kind::Pmu ||
                           kind == EventListModel::Kind::Subsystem;
    if (availableOnly_) {
        // Groups, PMUs and subsystems then show only around the events that are left (recursive filtering).
        if (container) return false;
        if (!index.data(EventListModel::AvailableRole).toBool()) return false;
    }
    if (search_.isEmpty()) return true;
    for (QModelIndex at = index; at.isValid(); at = at.parent())
        if (matchesText(at)) return true;
    return false;
}

} // namespace perfglass
