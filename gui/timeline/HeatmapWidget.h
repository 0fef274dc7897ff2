// The painted heat map (analysis/Heatmap): seconds across, subsecond slices down, each cell coloured by its
// samples or cost from pale (few) to dark red (most); empty cells are left light grey. The cells are drawn
// from a QImage of one pixel per cell, made once per matrix (or colour choice) and scaled when painted, so a
// redraw costs one image blit whatever the session's size. Dragging from one cell to another selects the
// rectangle they span (the same rows of each column: the stall at 800 ms of every second) and asks to filter
// every view to exactly those times (timesSelected); with Shift held it selects the cells between them in
// time order instead (down a column, then on to the next: one contiguous range, as FlameScope selects); with
// Ctrl held it asks to compare the selection with what the views show (compareTimesSelected). The times the
// views are filtered to are outlined. The cells a
// function ran in (setHighlight) are marked with a blue dot. The tool tip names a cell's time and counts.
#pragma once

#include "CostFormat.h"
#include "analysis/Heatmap.h"

#include <QImage>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

namespace perfglass {

class HeatmapWidget : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapWidget(QWidget *parent = nullptr);

    // MAP may be null (nothing to show). UNIT says how costs read.
    void setHeatmap(std::shared_ptr<const Heatmap> map, CostUnit unit);
    const std::shared_ptr<const Heatmap> &heatmap() const { return map_; }
    void setColourByCost(bool byCost);
    bool colourByCost() const { return byCost_; }
    // The times every view is filtered to (SampleFilter's range and slice), outlined; unset: the whole
    // session.
    void setFilteredTimes(std::optional<uint64_t> start, std::optional<uint64_t> end,
                          std::optional<TimeSlice> slice);
    // The rows of each column the views are filtered to (a rectangle); nullopt for a range or no filter.
    std::optional<std::pair<size_t, size_t>> filteredRows() const;
    // Per cell, the samples of a function (Heatmap::functionSamples); empty: none marked.
    void setHighlight(std::vector<uint32_t> cells);
    const std::vector<uint32_t> &highlight() const { return highlight_; }
    // Where CELL is drawn (for tests and tool tips); empty when no matrix is shown.
    QRect cellRect(HeatmapCell cell) const;
    // The most the colours stand for: the largest cell's samples or cost.
    uint64_t colourScaleMax() const;
    QString toolTipFor(HeatmapCell cell) const;
    QSize sizeHint() const override { return {800, 260}; }
    QSize minimumSizeHint() const override { return {200, 60}; }

    static constexpr int kLeftMargin = 52;   // row labels (ms)
    static constexpr int kBottomMargin = 18; // column labels (s)
    // The colour of a cell holding SHARE (0..1] of the largest cell's count.
    static QColor colourFor(double share);

signals:
    // The cells dragged over: the rectangle, or with Shift the run in time order.
    void timesSelected(const perfglass::TimeSelection &times);
    // The same, dragged with Ctrl: compare these cells' time with the selection the views show.
    void compareTimesSelected(const perfglass::TimeSelection &times);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    void rebuildImage();
    QRectF matrixRect() const;
    std::optional<HeatmapCell> cellAt(QPointF pos) const;
    void paintAxes(QPainter &painter) const;
    void paintRun(QPainter &painter, HeatmapCell a, HeatmapCell b, const QColor &colour) const;
    void paintRectangle(QPainter &painter, HeatmapCell a, HeatmapCell b, const QColor &colour) const;
    void paintDrag(QPainter &painter) const;
    void paintHighlight(QPainter &painter) const;
    void paintFilteredRange(QPainter &painter) const;

    std::shared_ptr<const Heatmap> map_;
    CostUnit unit_ = CostUnit::Count;
    bool byCost_ = false;
    QImage image_; // one pixel per cell: columns wide, rows tall
    std::optional<uint64_t> filteredStart_;
    std::optional<uint64_t> filteredEnd_;
    std::optional<TimeSlice> filteredSlice_;
    std::vector<uint32_t> highlight_;
    std::optional<HeatmapCell> dragFrom_;
    std::optional<HeatmapCell> dragTo_;
    bool dragInTimeOrder_ = false; // Shift held: the run from one cell to the other, not the rectangle
};

} // namespace perfglass
