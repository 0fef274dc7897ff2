// A custom-painted timeline: the rows of TimelineRows (per-CPU rows in system-wide sessions, then processes
// and their threads, busiest first), each with its name and number on the left and how densely it was
// sampled over the session (TimelineBuckets) on the right. The time axis is a widget of its own
// (TimelineAxis) that stays in place while these rows scroll. Dragging across the rows selects a time range
// (rangeSelected); the range the views are filtered to is shown lit, the rest shaded. Buckets are summed per
// pixel, so painting costs the same at any number of buckets; only exposed rows are painted. Threads and
// CPUs the filter leaves out stay listed, greyed, so they can be shown again; a right click on a row offers
// "Show Only This Thread", "Show Only This Process" and "Hide This Thread" (or "Show This Thread"), on a
// CPU's row "Show Only This CPU".
#pragma once

#include "CostFormat.h"
#include "TimelineRows.h"
#include "analysis/OffCpuTime.h"
#include "analysis/Parallelism.h"
#include "analysis/TimelineBuckets.h"
#include "profile/Profile.h"

#include <QWidget>

class QMenu;

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace perfglass {

class TimelineWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr int kRowHeight = 20;

    explicit TimelineWidget(QWidget *parent = nullptr);

    void setData(std::shared_ptr<const TimelineBuckets> buckets, std::shared_ptr<const Profile> profile,
                 CostUnit unit);
    // The time range the views are filtered to (nothing: the whole session).
    void setSelection(std::optional<uint64_t> start, std::optional<uint64_t> end);
    std::optional<uint64_t> selectionStart() const { return selectionStart_; }
    std::optional<uint64_t> selectionEnd() const { return selectionEnd_; }
    const std::shared_ptr<const TimelineBuckets> &buckets() const { return buckets_; }
    const std::shared_ptr<const Profile> &profile() const { return profile_; }
    // When each thread was off the CPU (sessions with switch-out samples): hatched in the thread's row.
    void setOffCpu(std::shared_ptr<const std::vector<OffCpuInterval>> intervals);
    const std::shared_ptr<const std::vector<OffCpuInterval>> &offCpu() const { return offCpu_; }
    // How many threads of each process ran over time (sessions with context switches): a step line in each
    // process's row, from none at its bottom to the most it reached at its top, and in its tool tip.
    void setParallelism(std::shared_ptr<const Parallelism> parallelism);
    const std::shared_ptr<const Parallelism> &parallelism() const { return parallelism_; }
    // The marks (Profile::marks: samples of tracepoints and other non-time events) of thread row ROW that lie
    // within PIXELS of x, as indices into Profile::marks, earliest first.
    std::vector<size_t> marksNear(int row, double x, double pixels = 3.0) const;
    // The tooltip lines of MARK: its event, time and decoded fields.
    QString describeMark(size_t mark) const;
    // The process, thread and CPU filter of the views (SampleFilter::pids, tids, cpus): other rows are
    // greyed.
    void setThreadFilter(std::vector<uint32_t> pids, std::vector<uint32_t> tids,
                         std::vector<uint32_t> cpus = {});
    bool isThreadShown(int row) const;
    // The row under POS, or -1.
    int rowAt(QPoint pos) const;
    // The first row of thread TID, or -1.
    int rowOfThread(uint32_t tid) const;
    // A new menu (owned by the widget) with the thread actions for ROW.
    QMenu *createContextMenu(int row);

    const TimelineRows &rows() const { return rows_; }
    int rowCount() const { return rows_.size(); }
    QString threadLabel(int row) const;
    // The name and number as painted in the label column of ROW (the name may be shortened, the number not).
    QString paintedLabel(int row) const;
    // The plot area of row ROW (widget coordinates); x runs from the timeline's start to its end.
    QRect rowRect(int row) const;
    int plotLeft() const;
    int plotWidth() const;
    double xForTime(uint64_t time) const;
    uint64_t timeAt(double x) const;
    QString formatOffset(uint64_t time) const;

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
    void showOnlyCpuRequested(uint32_t cpu);
    // Something the axis shows changed (data, selection, drag, width).
    void axisChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    void paintOffCpu(QPainter &painter, const TimelineRow &row, const QRect &plot) const;
    void paintDensity(QPainter &painter, const TimelineRow &row, const QRect &plot, bool shown) const;
    void paintParallelism(QPainter &painter, const TimelineRow &row, const QRect &plot) const;
    QString parallelismText(const TimelineRow &row, uint64_t time) const;
    void paintMarks(QPainter &painter, const TimelineRow &row, const QRect &plot) const;
    void indexMarks();
    // The marks of thread TID in markOrder_: [first, last).
    std::pair<size_t, size_t> marksOfThread(uint32_t tid) const;
    int contentHeight() const;
    int naturalLabelWidth() const;
    void paintLabel(QPainter &painter, int row, bool shown) const;
    void paintRow(QPainter &painter, int row) const;
    void paintSelection(QPainter &painter) const;
    void addThreadActions(QMenu *menu, const TimelineRow &row, const QString &label);
    QString toolTipAt(QPoint pos) const;
    QString marksToolTip(int row, double x) const;

    std::shared_ptr<const TimelineBuckets> buckets_;
    std::shared_ptr<const std::vector<OffCpuInterval>> offCpu_; // by thread, then start
    std::shared_ptr<const Parallelism> parallelism_;
    std::shared_ptr<const Profile> profile_;
    std::vector<uint32_t> markOrder_; // Profile::marks by thread, then time
    TimelineRows rows_;
    CostUnit unit_ = CostUnit::Count;
    int labelWidth_ = 160; // the labels' natural width
    std::optional<uint64_t> selectionStart_;
    std::optional<uint64_t> selectionEnd_;
    std::vector<uint32_t> shownPids_;
    std::vector<uint32_t> shownTids_;
    std::vector<uint32_t> shownCpus_;
    std::optional<double> dragFrom_;
    double dragTo_ = 0;
};

} // namespace perfglass
