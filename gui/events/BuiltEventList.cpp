#include "BuiltEventList.h"

#include "events/EventBuilder.h"

#include "base/Error.h"

#include <QDropEvent>

namespace perfglass {

BuiltEventList::BuiltEventList(QWidget *parent)
    : QListWidget(parent) {
    setDragDropMode(QAbstractItemView::InternalMove);
    setDefaultDropAction(Qt::MoveAction);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setAccessibleName(tr("Built events"));
    setToolTip(tr("Drag an event onto another to count them as a group; between rows to reorder"));
    connect(model(), &QAbstractItemModel::rowsMoved, this, &BuiltEventList::eventsChanged);
}

QStringList BuiltEventList::events() const {
    QStringList result;
    for (int row = 0; row < count(); ++row)
        result << item(row)->text();
    return result;
}

void BuiltEventList::addEvent(const QString &text) {
    addItem(text);
    setCurrentRow(count() - 1);
    emit eventsChanged();
}

bool BuiltEventList::groupRows(int from, int into) {
    if (from == into || from < 0 || into < 0 || from >= count() || into >= count()) return false;
    std::vector<std::string> members = EventBuilder::members(item(into)->text().toStdString());
    for (const std::string &member : EventBuilder::members(item(from)->text().toStdString()))
        members.push_back(member);
    item(into)->setText(QString::fromStdString(EventBuilder::group(members)));
    delete takeItem(from);
    setCurrentRow(from < into ? into - 1 : into);
    emit eventsChanged();
    return true;
}

void BuiltEventList::ungroupRow(int row) {
    if (row < 0 || row >= count()) return;
    const std::vector<std::string> members = EventBuilder::members(item(row)->text().toStdString());
    if (members.size() < 2) return;
    delete takeItem(row);
    for (size_t i = 0; i < members.size(); ++i)
        insertItem(row + static_cast<int>(i), QString::fromStdString(members[i]));
    emit eventsChanged();
}

void BuiltEventList::dropEvent(QDropEvent *event) {
    const QModelIndex target = indexAt(event->position().toPoint());
    const bool onItem = target.isValid() && dropIndicatorPosition() == QAbstractItemView::OnItem;
    if (event->source() == this && onItem && groupRows(currentRow(), target.row())) {
        event->setDropAction(Qt::IgnoreAction); // nothing for the drag's source to remove
        event->accept();
        return;
    }
    QListWidget::dropEvent(event);
}

} // namespace perfglass
