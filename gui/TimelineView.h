// The Timeline dock's content: a line saying what the views are filtered to, and the per-thread timeline
// (TimelineWidget) in a scroll area. Dragging across the timeline asks to filter every view to that range.
#pragma once

#include "LoadedSession.h"

#include <QWidget>

#include <memory>

class QLabel;
class QToolButton;
class QAction;

namespace perfglass {

class TimelineWidget;

class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget *parent = nullptr);

    TimelineWidget *timeline() const { return timeline_; }
    QLabel *rangeLabel() const { return range_; }
    // A button for ACTION (Clear filter) next to the range.
    void setClearAction(QAction *action);

public slots:
    void setSession(const std::shared_ptr<const LoadedSession> &session);

signals:
    void rangeSelected(uint64_t start, uint64_t end);

private:
    TimelineWidget *timeline_;
    QLabel *range_;
    QToolButton *clear_;
};

} // namespace perfglass
