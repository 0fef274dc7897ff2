// Custom-painted counter charts (CounterChart): one chart per counting event, stacked, sharing one time axis;
// one line per CPU or thread with the area below it tinted, a legend, the rate scale on the left. Hovering
// draws a cursor line and the tooltip lists every line's value in the interval under the mouse.
#pragma once

#include "CounterCharts.h"

#include <QWidget>

#include <optional>
#include <vector>

namespace perfglass {

class CounterChartWidget : public QWidget {
    Q_OBJECT
public:
    explicit CounterChartWidget(QWidget *parent = nullptr);

    void setCharts(std::vector<CounterChart> charts);
    const std::vector<CounterChart> &charts() const { return charts_; }
    int seriesCount() const;
    // The plot area of chart INDEX, in widget coordinates.
    QRect plotRect(int index) const;
    // What the tooltip says at POS (empty outside every plot).
    QString toolTipAt(QPoint pos) const;

    static QColor lineColor(int line);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    int chartHeight() const;
    int contentHeight() const;
    double xForTime(uint64_t time) const;
    uint64_t timeAt(double x) const;
    void paintChart(QPainter &painter, int index) const;
    int legendRows(const CounterChart &chart) const;

    std::vector<CounterChart> charts_;
    uint64_t start_ = 0;
    uint64_t end_ = 1;
    std::optional<double> hoverX_;
};

} // namespace perfglass
