// A custom-painted timeline: one row per thread (its name and id on the left), showing how densely it was
// sampled over the session (TimelineBuckets), under a time axis. Dragging across it selects a time range
// (rangeSelected); the range the views are filtered to is shown lit, the rest shaded. Buckets are summed
// per pixel, so painting costs the same at any number of buckets; only exposed rows are painted. Threads the
// filter leaves out stay listed, greyed, so they can be shown again; a right click on a row offers "Show
// Only This Thread", "Show Only This Process" and "Hide This Thread" (or "Show This Thread").
#pragma once

#include "CostFormat.h"
#include "analysis/TimelineBuckets.h"
#include "profile/Profile.h"

#include <QWidget>

class QMenu;

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
    // The process and thread filter of the views (SampleFilter::pids, tids): other threads are greyed.
    void setThreadFilter(std::vector<uint32_t> pids, std::vector<uint32_t> tids);
    bool isThreadShown(int row) const;
    // The row under POS, or -1.
    int rowAt(QPoint pos) const;
    // A new menu (owned by the widget) with the thread actions for ROW.
    QMenu *createContextMenu(int row);

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
    // Thread filters asked for from a row's context menu; LABEL names the thread ("name (tid)").
    void showOnlyThreadRequested(uint32_t pid, uint32_t tid, const QString &label);
    void showOnlyProcessRequested(uint32_t pid, const QString &label);
    void hideThreadRequested(uint32_t pid, uint32_t tid, const QString &label);
    void showThreadRequested(uint32_t pid, uint32_t tid, const QString &label);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    int plotLeft() const;
    int plotWidth() const;
    int contentHeight() const;
    void paintAxis(QPainter &painter) const;
    void paintRow(QPainter &painter, int row) const;
    void paintSelection(QPainter &painter) const;
    QString toolTipAt(QPoint pos) const;
    QString formatOffset(uint64_t time) const;
    QString processLabel(uint32_t pid) const;

    std::shared_ptr<const TimelineBuckets> buckets_;
    std::shared_ptr<const Profile> profile_;
    CostUnit unit_ = CostUnit::Count;
    uint64_t maxBucketCost_ = 0;
    std::optional<uint64_t> selectionStart_;
    std::optional<uint64_t> selectionEnd_;
    std::vector<uint32_t> shownPids_;
    std::vector<uint32_t> shownTids_;
    std::optional<double> dragFrom_;
    double dragTo_ = 0;
};

} // namespace perfglass
