// The painted heat map (analysis/Heatmap): seconds across, subsecond slices down, each cell coloured by its
// samples or cost from pale (few) to dark red (most); empty cells are left light grey. The cells are drawn
// from a QImage of one pixel per cell, made once per matrix (or colour choice) and scaled when painted, so a
// redraw costs one image blit whatever the session's size. Dragging from one cell to another selects the
// cells between them in time order (down a column, then on to the next column: one contiguous time range)
// and asks to filter every view to it (rangeSelected); with Ctrl held, it asks to compare that range with
// what the views show (compareRangeSelected); the range the views are filtered to is outlined. The cells a
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
    // The time range every view is filtered to, outlined; nullopt: the whole session.
    void setFilteredRange(std::optional<uint64_t> start, std::optional<uint64_t> end);
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
    // The cells from one corner of the drag to the other, in time order: [start, end).
    void rangeSelected(uint64_t start, uint64_t end);
    // The same, dragged with Ctrl: compare these cells' time with the selection the views show.
    void compareRangeSelected(uint64_t start, uint64_t end);

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
    void paintHighlight(QPainter &painter) const;
    void paintFilteredRange(QPainter &painter) const;

    std::shared_ptr<const Heatmap> map_;
    CostUnit unit_ = CostUnit::Count;
    bool byCost_ = false;
    QImage image_; // one pixel per cell: columns wide, rows tall
    std::optional<uint64_t> filteredStart_;
    std::optional<uint64_t> filteredEnd_;
    std::vector<uint32_t> highlight_;
    std::optional<HeatmapCell> dragFrom_;
    std::optional<HeatmapCell> dragTo_;
};

} // namespace perfglass
