// A custom-painted timeline: one row per thread (its name and id on the left), showing how densely it was
// sampled over the session (TimelineBuckets), under a time axis. Dragging across it selects a time range
// (rangeSelected); the range the views are filtered to is shown lit, the rest shaded. Buckets are summed
// per pixel, so painting costs the same at any number of buckets; only exposed rows are painted.
#pragma once

#include "CostFormat.h"
#include "Profile.h"
#include "TimelineBuckets.h"

#include <QWidget>

#include <memory>
#include <optional>

namespace perfglass {

class TimelineWidget : public QWidget {
    Q_OBJECT
public:
    explicit TimelineWidget(QWidget *parent = nullptr);

    void setData(std::shared_ptr<const TimelineBuckets> buckets, std::shared_ptr<const Profile> profile,
                 CostUnit unit);
    // The time range the views are filtered to (nothing: the whole session).
    void setSelection(std::optional<uint64_t> start, std::optional<uint64_t> end);
    const std::shared_ptr<const TimelineBuckets> &buckets() const { return buckets_; }

    int threadCount() const;
    QString threadLabel(int row) const;
    // The plot area of row ROW (widget coordinates); x runs from the timeline's start to its end.
    QRect rowRect(int row) const;
    double xForTime(uint64_t time) const;
    uint64_t timeAt(double x) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // The user dragged across [start, end) (ns, the profile's clock).
    void rangeSelected(uint64_t start, uint64_t end);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    int plotLeft() const;
    int plotWidth() const;
    int contentHeight() const;
    void paintAxis(QPainter &painter) const;
    void paintRow(QPainter &painter, int row) const;
    void paintSelection(QPainter &painter) const;
    QString toolTipAt(QPoint pos) const;
    QString formatOffset(uint64_t time) const;

    std::shared_ptr<const TimelineBuckets> buckets_;
    std::shared_ptr<const Profile> profile_;
    CostUnit unit_ = CostUnit::Count;
    uint64_t maxBucketCost_ = 0;
    std::optional<uint64_t> selectionStart_;
    std::optional<uint64_t> selectionEnd_;
    std::optional<double> dragFrom_;
    double dragTo_ = 0;
};

} // namespace perfglass
