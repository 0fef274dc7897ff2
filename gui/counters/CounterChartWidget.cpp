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
constexpr int kLegendItemWidth = 240;
constexpr double kNsPerSecond = 1e9;

// The top of the scale: 100 % for busy shares, else the maximum rounded up to 1, 2 or 5 times a power of
// ten, so the grid lines get round labels.
double scaleMaximum(const CounterChart &chart) {
    if (chart.maxRate <= 0) return 1.0;
    if (chart.unit == CounterUnit::Busy && chart.maxRate <= 1.05) return 1.0; // interval edges: a bit over
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

bool CounterChartWidget::smallMultiples(int index) const {
    return charts_[static_cast<size_t>(index)].lines.size() > 1;
}

int CounterChartWidget::legendRows(const CounterChart &chart) const {
    return chart.lines.size() > 1 ? 0 : 1; // small multiples name each strip instead
}

int CounterChartWidget::stripHeight(const CounterChart &chart) const {
    const size_t lines = chart.lines.size();
    if (lines <= 1) return kPlotHeight;
    return lines == 2 ? 80 : lines <= 4 ? 60 : lines <= 8 ? 46 : 38;
}

int CounterChartWidget::chartHeight(const CounterChart &chart) const {
    const int strips = static_cast<int>(std::max<size_t>(chart.lines.size(), 1));
    return kTitleHeight + legendRows(chart) * kLegendRowHeight + strips * stripHeight(chart) +
           kTimeAxisHeight + kGap;
}

int CounterChartWidget::contentHeight() const {
    int height = kGap;
    for (const CounterChart &chart : charts_)
        height += chartHeight(chart);
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
        top += chartHeight(charts_[static_cast<size_t>(i)]);
    const CounterChart &chart = charts_[static_cast<size_t>(index)];
    top += kTitleHeight + legendRows(chart) * kLegendRowHeight;
    const int strips = static_cast<int>(std::max<size_t>(chart.lines.size(), 1));
    return {kAxisWidth, top, std::max(1, width() - kAxisWidth - kRightMargin), strips * stripHeight(chart)};
}

QRect CounterChartWidget::stripRect(int index, int line) const {
    const QRect plot = plotRect(index);
    if (!smallMultiples(index)) return plot;
    const int height = stripHeight(charts_[static_cast<size_t>(index)]);
    return {plot.left(), plot.top() + line * height, plot.width(), height};
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

void CounterChartWidget::paintTitleAndLegend(QPainter &painter, int index) const {
    const CounterChart &chart = charts_[static_cast<size_t>(index)];
    const QRect plot = plotRect(index);
    const int legendTop = plot.top() - legendRows(chart) * kLegendRowHeight;
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(palette().color(QPalette::Text));
    const QRect titleRect(8, legendTop - kTitleHeight, width() - 16, kTitleHeight);
    painter.drawText(titleRect, Qt::AlignBottom | Qt::AlignLeft,
                     painter.fontMetrics().elidedText(chart.title(), Qt::ElideRight, titleRect.width()));
    painter.setFont(font());
    if (legendRows(chart) == 0) return;
    const QRect item(plot.left(), legendTop, std::min(plot.width(), kLegendItemWidth * 2), kLegendRowHeight);
    painter.fillRect(QRect(item.left(), item.center().y() - 5, 10, 10), lineColor(0));
    painter.drawText(item.adjusted(14, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                     chart.lines.empty() ? QString() : chart.lines.front().label);
}

// Scale labels left of STRIP: 0, half and the maximum when FULL, else the maximum only; grid lines.
void CounterChartWidget::paintScale(QPainter &painter, const CounterChart &chart, const QRect &strip,
                                    bool full) const {
    const double maxRate = scaleMaximum(chart);
    for (int step = 0; step <= 2; ++step) {
        const double rate = maxRate * step / 2.0;
        const double y = strip.bottom() - rate / maxRate * strip.height();
        painter.setPen(palette().color(QPalette::Midlight));
        painter.drawLine(QPointF(strip.left(), y), QPointF(strip.right(), y));
        if (!full && step != 2) continue;
        painter.setPen(palette().color(QPalette::Text));
        const double top = full ? y - 9 : strip.top();
        painter.drawText(QRectF(0, top, kAxisWidth - 6, 18), Qt::AlignRight | Qt::AlignVCenter,
                         chart.formatRate(rate));
    }
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(strip);
}

void CounterChartWidget::paintTimeAxis(QPainter &painter, const QRect &plot) const {
    painter.setPen(palette().color(QPalette::Text));
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
}

// A step per interval, as wide as the interval; the area below tinted; multiplexed intervals dashed.
void CounterChartWidget::paintLine(QPainter &painter, const CounterChart &chart, int line,
                                   const QRect &strip) const {
    const CounterChartLine &series = chart.lines[static_cast<size_t>(line)];
    const double maxRate = scaleMaximum(chart);
    const double baseline = strip.bottom();
    QPainterPath solid;
    QPainterPath dashed;
    QPainterPath area; // one closed polygon per run of adjacent intervals
    const CounterChartPoint *previous = nullptr;
    for (const CounterChartPoint &point : series.points) {
        const double y = baseline - std::min(point.rate / maxRate, 1.02) * strip.height();
        const double left = xForTime(point.begin);
        const double right = xForTime(point.time);
        if (previous && previous->time == point.begin) {
            solid.lineTo(left, y); // the step from the previous interval's value
        } else {
            if (previous) area.lineTo(xForTime(previous->time), baseline);
            solid.moveTo(left, y);
            area.moveTo(left, baseline);
        }
        area.lineTo(left, y);
        area.lineTo(right, y);
        if (point.runningShare < 1.0) {
            dashed.moveTo(left, y);
            dashed.lineTo(right, y);
            solid.moveTo(right, y);
        } else {
            solid.lineTo(right, y);
        }
        previous = &point;
    }
    if (previous) area.lineTo(xForTime(previous->time), baseline);
    QColor fill = lineColor(line);
    fill.setAlpha(45);
    painter.fillPath(area, fill);
    painter.setPen(QPen(lineColor(line), 1.6));
    painter.drawPath(solid);
    painter.setPen(QPen(lineColor(line), 1.6, Qt::DashLine));
    painter.drawPath(dashed);
}

void CounterChartWidget::paintChart(QPainter &painter, int index) const {
    const CounterChart &chart = charts_[static_cast<size_t>(index)];
    const QRect plot = plotRect(index);
    paintTitleAndLegend(painter, index);
    const bool multiples = smallMultiples(index);
    const int lines = static_cast<int>(chart.lines.size());
    for (int line = 0; line < std::max(lines, 1); ++line)
        paintScale(painter, chart, stripRect(index, line), !multiples);
    paintTimeAxis(painter, plot);
    for (int line = 0; line < lines; ++line) {
        const QRect strip = stripRect(index, line);
        painter.save();
        painter.setClipRect(strip.adjusted(0, -1, 1, 1));
        paintLine(painter, chart, line, strip);
        painter.restore();
        if (!multiples) continue;
        // The strip's name, on a backdrop so the line under it stays readable.
        const QString label = chart.lines[static_cast<size_t>(line)].label;
        const QRect text = painter.fontMetrics().boundingRect(label).adjusted(-3, 0, 17, 0);
        const QRect box(strip.left() + 4, strip.top() + 2, text.width(), text.height());
        QColor backdrop = palette().color(QPalette::Base);
        backdrop.setAlpha(200);
        painter.fillRect(box, backdrop);
        painter.fillRect(QRect(box.left() + 3, box.center().y() - 4, 9, 9), lineColor(line));
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(box.adjusted(16, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
    }
    if (hoverX_ && *hoverX_ >= plot.left() && *hoverX_ <= plot.right()) {
        painter.setPen(QPen(palette().color(QPalette::Text), 1, Qt::DashLine));
        painter.drawLine(QPointF(*hoverX_, plot.top()), QPointF(*hoverX_, plot.bottom()));
    }
}

QString CounterChartWidget::lineToolTip(const CounterChart &chart, int line, uint64_t time) const {
    const CounterChartLine &series = chart.lines[static_cast<size_t>(line)];
    // The interval that contains TIME: the first that ends at or after it.
    const auto it = std::lower_bound(series.points.begin(), series.points.end(), time,
                                     [](const CounterChartPoint &p, uint64_t t) { return p.time < t; });
    if (it == series.points.end() || it->begin > time) return {};
    QString text = tr("<br><span style=\"color:%1\">■</span> %2: <b>%3</b> (%4 in %5 ms)")
                       .arg(lineColor(line).name(), series.label.toHtmlEscaped(), chart.formatRate(it->rate),
                            chart.formatCount(it->count),
                            QLocale().toString(static_cast<double>(it->time - it->begin) / 1e6, 'f', 1));
    if (it->runningShare < 1.0)
        text += tr(", counted %1 % of the time (multiplexed, scaled)")
                    .arg(QLocale().toString(it->runningShare * 100.0, 'f', 1));
    return text;
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
        for (int line = 0; line < static_cast<int>(chart.lines.size()); ++line)
            text += lineToolTip(chart, line, time);
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
