// The Timeline dock's content: a line saying what the views are filtered to, the time axis (TimelineAxis),
// and under it the rows of the timeline (TimelineWidget) in a scroll area, so the axis stays in place while
// the rows scroll. Dragging across the timeline asks to filter every view to that range. When another
// session file comes, preferredHeightChanged() says how tall the dock should be to show every row (up to a
// limit; more rows scroll).
#pragma once

#include "SessionAnalysis.h"

#include <QWidget>

#include <memory>

class QLabel;
class QToolButton;
class QAction;
class QScrollArea;

namespace perfglass {

class TimelineAxis;
class TimelineWidget;

class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget *parent = nullptr);

    TimelineWidget *timeline() const { return timeline_; }
    QLabel *rangeLabel() const { return range_; }
    TimelineAxis *axis() const { return axis_; }
    // The height that shows every row, or kMaxRowsShown of them (the rest scroll).
    int preferredHeight() const;
    static constexpr int kMaxRowsShown = 8;
    QSize sizeHint() const override;
    // A button for ACTION (Clear filter) next to the range.
    void setClearAction(QAction *action);

public slots:
    void setSession(const std::shared_ptr<const SessionAnalysis> &session);

signals:
    void rangeSelected(uint64_t start, uint64_t end);
    // Another session file was shown: HEIGHT shows its rows (see preferredHeight()).
    void preferredHeightChanged(int height);

private:
    TimelineWidget *timeline_;
    QLabel *range_;
    QToolButton *clear_;
    TimelineAxis *axis_;
    QScrollArea *scroll_;
    QString shownPath_; // the session whose rows the dock was last sized for
};

} // namespace perfglass
