// Custom-painted counter charts (CounterChart): one chart per counting event, stacked, sharing one time axis,
// each titled with what it plots. A chart with one line draws it over the whole plot; a chart with several
// (CPUs, threads) draws small multiples: one strip per line, all on the same scale, so lines never hide each
// other however many CPUs there are. Each interval is a step as wide as the interval, the area below tinted;
// intervals of a multiplexed counter are drawn dashed. Hovering draws a cursor line and the tooltip lists
// every line's value, count and running share in the interval under the mouse.
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
    // The plot area of chart INDEX (all its strips), in widget coordinates.
    QRect plotRect(int index) const;
    // The strip of LINE in chart INDEX (the whole plot when the chart has one line).
    QRect stripRect(int index, int line) const;
    // Whether chart INDEX is drawn as small multiples (one strip per line).
    bool smallMultiples(int index) const;
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
    int chartHeight(const CounterChart &chart) const;
    int stripHeight(const CounterChart &chart) const;
    void paintTitleAndLegend(QPainter &painter, int index) const;
    void paintScale(QPainter &painter, const CounterChart &chart, const QRect &strip, bool full) const;
    void paintTimeAxis(QPainter &painter, const QRect &plot) const;
    void paintLine(QPainter &painter, const CounterChart &chart, int line, const QRect &strip) const;
    QString lineToolTip(const CounterChart &chart, int line, uint64_t time) const;
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
