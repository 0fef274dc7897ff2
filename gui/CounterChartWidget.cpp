#include "CounterChartWidget.h"

#include "ChartScale.h"

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace perfglass {

namespace {
constexpr int kAxisWidth = 78;
constexpr int kRightMargin = 12;
constexpr int kTitleHeight = 22;
constexpr int kLegendRowHeight = 18;
constexpr int kPlotHeight = 130;
constexpr int kTimeAxisHeight = 20;
constexpr int kGap = 10;
constexpr int kLegendItemWidth = 110;
constexpr double kNsPerSecond = 1e9;
// The top of the rate scale: 100 % for utilisation, else the maximum rounded up to 1, 2 or 5 times a power
// of ten, so the grid lines get round labels.
double scaleMaximum(const CounterChart &chart) {
    if (chart.maxRate <= 0) return 1.0;
    if (chart.utilisation && chart.maxRate <= 1.1) return 1.0; // a busy CPU reads a little over 100 %
    return niceCeiling(chart.maxRate);
}
} // namespace

CounterChartWidget::CounterChartWidget(QWidget *parent)
    : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAccessibleName(tr("Counter charts"));
}

QColor CounterChartWidget::lineColor(int line) {
    // Hues spread by the golden angle, so neighbouring CPUs differ clearly.
    const int hue = static_cast<int>(std::fmod(210.0 + line * 137.508, 360.0));
    return QColor::fromHsl(hue, 170, 110);
}

void CounterChartWidget::setCharts(std::vector<CounterChart> charts) {
    charts_ = std::move(charts);
    start_ = 0;
    end_ = 1;
    bool first = true;
    for (const CounterChart &chart : charts_) {
        if (chart.end <= chart.start) continue;
        start_ = first ? chart.start : std::min(start_, chart.start);
        end_ = first ? chart.end : std::max(end_, chart.end);
        first = false;
    }
    if (end_ <= start_) end_ = start_ + 1;
    hoverX_.reset();
    setFixedHeight(contentHeight());
    update();
}

int CounterChartWidget::seriesCount() const {
    int count = 0;
    for (const CounterChart &chart : charts_)
        count += static_cast<int>(chart.lines.size());
    return count;
}

int CounterChartWidget::legendRows(const CounterChart &chart) const {
    const int perRow = std::max(1, (std::max(width(), 400) - kAxisWidth - kRightMargin) / kLegendItemWidth);
    return (static_cast<int>(chart.lines.size()) + perRow - 1) / perRow;
}

int CounterChartWidget::chartHeight() const {
    return kTitleHeight + kPlotHeight + kTimeAxisHeight + kGap;
}

int CounterChartWidget::contentHeight() const {
    int height = kGap;
    for (const CounterChart &chart : charts_)
        height += chartHeight() + legendRows(chart) * kLegendRowHeight;
    return std::max(height, 60);
}

QSize CounterChartWidget::sizeHint() const {
    return {800, contentHeight()};
}

QSize CounterChartWidget::minimumSizeHint() const {
    return {kAxisWidth + 200, contentHeight()};
}

QRect CounterChartWidget::plotRect(int index) const {
    int top = kGap;
    for (int i = 0; i < index; ++i)
        top += chartHeight() + legendRows(charts_[static_cast<size_t>(i)]) * kLegendRowHeight;
    top += kTitleHeight + legendRows(charts_[static_cast<size_t>(index)]) * kLegendRowHeight;
    return {kAxisWidth, top, std::max(1, width() - kAxisWidth - kRightMargin), kPlotHeight};
}

double CounterChartWidget::xForTime(uint64_t time) const {
    const double fraction =
        static_cast<double>(std::clamp(time, start_, end_) - start_) / static_cast<double>(end_ - start_);
    return kAxisWidth + fraction * std::max(1, width() - kAxisWidth - kRightMargin);
}

uint64_t CounterChartWidget::timeAt(double x) const {
    const double fraction =
        std::clamp((x - kAxisWidth) / std::max(1, width() - kAxisWidth - kRightMargin), 0.0, 1.0);
    return start_ + static_cast<uint64_t>(fraction * static_cast<double>(end_ - start_));
}

void CounterChartWidget::paintEvent(QPaintEvent *) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    painter.setRenderHint(QPainter::Antialiasing);
    for (int i = 0; i < static_cast<int>(charts_.size()); ++i)
        paintChart(painter, i);
}

void CounterChartWidget::paintChart(QPainter &painter, int index) const {
    const CounterChart &chart = charts_[static_cast<size_t>(index)];
    const QRect plot = plotRect(index);
    const QColor text = palette().color(QPalette::Text);
    const QColor grid = palette().color(QPalette::Midlight);
    const int legendTop = plot.top() - legendRows(chart) * kLegendRowHeight;

    // Title and legend.
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(text);
    painter.drawText(QRect(8, legendTop - kTitleHeight, width() - 16, kTitleHeight),
                     Qt::AlignBottom | Qt::AlignLeft,
                     chart.utilisation ? tr("%1 — busy share of each interval").arg(chart.eventName)
                                       : tr("%1 — per second").arg(chart.eventName));
    painter.setFont(font());
    const int perRow = std::max(1, plot.width() / kLegendItemWidth);
    for (int line = 0; line < static_cast<int>(chart.lines.size()); ++line) {
        const QRect item(plot.left() + (line % perRow) * kLegendItemWidth,
                         legendTop + (line / perRow) * kLegendRowHeight, kLegendItemWidth, kLegendRowHeight);
        painter.fillRect(QRect(item.left(), item.center().y() - 5, 10, 10), lineColor(line));
        painter.setPen(text);
        painter.drawText(item.adjusted(14, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                         chart.lines[static_cast<size_t>(line)].label);
    }

    // Scale: 0, half and the maximum.
    const double maxRate = scaleMaximum(chart);
    for (int step = 0; step <= 2; ++step) {
        const double rate = maxRate * step / 2.0;
        const double y = plot.bottom() - rate / maxRate * plot.height();
        painter.setPen(grid);
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        painter.setPen(text);
        painter.drawText(QRectF(0, y - 9, kAxisWidth - 6, 18), Qt::AlignRight | Qt::AlignVCenter,
                         chart.formatRate(rate));
    }
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(plot);

    // Time axis under the plot: start, middle, end.
    painter.setPen(text);
    for (int step = 0; step <= 4; ++step) {
        const uint64_t time = start_ + (end_ - start_) * static_cast<uint64_t>(step) / 4;
        const double x = xForTime(time);
        const QString label =
            tr("%1 s").arg(QLocale().toString(static_cast<double>(time - start_) / kNsPerSecond, 'f', 2));
        const Qt::Alignment align = step == 0 ? Qt::AlignLeft : step == 4 ? Qt::AlignRight : Qt::AlignHCenter;
        const double left = step == 0 ? x : step == 4 ? x - 80 : x - 40;
        painter.drawText(QRectF(left, plot.bottom() + 2, 80, kTimeAxisHeight - 2), align | Qt::AlignTop,
                         label);
    }

    // Lines: a step per interval, the area below tinted.
    painter.save();
    painter.setClipRect(plot.adjusted(0, -1, 1, 1));
    for (int line = 0; line < static_cast<int>(chart.lines.size()); ++line) {
        const CounterLine &series = chart.lines[static_cast<size_t>(line)];
        if (series.points.empty()) continue;
        QPainterPath path;
        const double baseline = plot.bottom();
        bool first = true;
        for (const CounterLinePoint &point : series.points) {
            const double y = baseline - point.rate / maxRate * plot.height();
            const double x = xForTime(point.time);
            if (first) {
                path.moveTo(xForTime(chart.start), y);
                first = false;
            }
            path.lineTo(x, y);
        }
        QPainterPath area = path;
        area.lineTo(path.currentPosition().x(), baseline);
        area.lineTo(path.elementAt(0).x, baseline);
        area.closeSubpath();
        QColor fill = lineColor(line);
        fill.setAlpha(35);
        painter.fillPath(area, fill);
        painter.setPen(QPen(lineColor(line), 1.6));
        painter.drawPath(path);
    }
    painter.restore();

    if (hoverX_ && *hoverX_ >= plot.left() && *hoverX_ <= plot.right()) {
        painter.setPen(QPen(text, 1, Qt::DashLine));
        painter.drawLine(QPointF(*hoverX_, plot.top()), QPointF(*hoverX_, plot.bottom()));
    }
}

QString CounterChartWidget::toolTipAt(QPoint pos) const {
    for (int index = 0; index < static_cast<int>(charts_.size()); ++index) {
        const QRect plot = plotRect(index);
        if (!plot.contains(pos)) continue;
        const CounterChart &chart = charts_[static_cast<size_t>(index)];
        const uint64_t time = timeAt(pos.x());
        QString text =
            tr("<b>%1</b> at %2 s")
                .arg(chart.eventName.toHtmlEscaped(),
                     QLocale().toString(static_cast<double>(time - start_) / kNsPerSecond, 'f', 3));
        for (int line = 0; line < static_cast<int>(chart.lines.size()); ++line) {
            const CounterLine &series = chart.lines[static_cast<size_t>(line)];
            // The interval that contains TIME: the first point at or after it.
            const auto it =
                std::lower_bound(series.points.begin(), series.points.end(), time,
                                 [](const CounterLinePoint &p, uint64_t t) { return p.time < t; });
            if (it == series.points.end()) continue;
            text += tr("<br><span style=\"color:%1\">■</span> %2: %3 (%4 in the interval)")
                        .arg(lineColor(line).name(), series.label.toHtmlEscaped(), chart.formatRate(it->rate),
                             QLocale().toString(static_cast<qulonglong>(it->count)));
        }
        return text;
    }
    return {};
}

void CounterChartWidget::mouseMoveEvent(QMouseEvent *event) {
    hoverX_ = event->position().x();
    update();
}

void CounterChartWidget::leaveEvent(QEvent *) {
    hoverX_.reset();
    update();
}

bool CounterChartWidget::event(QEvent *event) {
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    if (event->type() == QEvent::Resize) setFixedHeight(contentHeight());
    return QWidget::event(event);
}

} // namespace perfglass
