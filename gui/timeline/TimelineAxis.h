// The time axis above the timeline's rows: "Thread" over the labels, then seconds since the session's start
// at round steps, and the range the views are filtered to. It lines up with a TimelineWidget (same x
// coordinates: both sit at the left edge of the Timeline dock) and stays in place while the rows scroll.
// Dragging across the axis selects a time range as dragging across the rows does.
#pragma once

#include <QWidget>

namespace perfglass {

class TimelineWidget;

class TimelineAxis : public QWidget {
    Q_OBJECT
public:
    static constexpr int kHeight = 22;

    explicit TimelineAxis(TimelineWidget *timeline, QWidget *parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    // The timeline's x of the axis's x.
    int offset() const;
    // Hands EVENT to the timeline, at the same x and on its first row.
    void forward(QMouseEvent *event);

    TimelineWidget *timeline_;
};

} // namespace perfglass
