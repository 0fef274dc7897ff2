// The events built in the Events dock's builder, in perf's syntax, one per row. Dragging a row onto another
// joins them into a group ("{a,b}", perf's syntax for events counted together); a row dropped between rows
// only moves. Ungroup splits a group's row back into its members.
#pragma once

#include <QListWidget>

namespace perfglass {

class BuiltEventList : public QListWidget {
    Q_OBJECT

public:
    explicit BuiltEventList(QWidget *parent = nullptr);

    // Every row's text, in order.
    QStringList events() const;
    void addEvent(const QString &text);
    // Joins row FROM into row INTO as a group (INTO's members first); false when they are the same row.
    bool groupRows(int from, int into);
    // Replaces the group at ROW by one row per member.
    void ungroupRow(int row);

signals:
    // The rows changed (added, removed, moved, grouped).
    void eventsChanged();

protected:
    void dropEvent(QDropEvent *event) override;
};

} // namespace perfglass
