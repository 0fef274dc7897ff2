#include "TimelineAxis.h"

#include "ChartScale.h"
#include "TimelineWidget.h"

#include <QCoreApplication>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace perfglass {

namespace {
constexpr double kNsPerSecond = 1e9;
constexpr double kMinTickPixels = 90.0;
} // namespace

TimelineAxis::TimelineAxis(TimelineWidget *timeline, QWidget *parent)
    : QWidget(parent)
    , timeline_(timeline) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAccessibleName(tr("Time axis"));
    setCursor(Qt::IBeamCursor);
    connect(timeline_, &TimelineWidget::axisChanged, this, qOverload<>(&QWidget::update));
}

QSize TimelineAxis::sizeHint() const {
    return {800, kHeight};
}

QSize TimelineAxis::minimumSizeHint() const {
    return {100, kHeight};
}

int TimelineAxis::offset() const {
    return timeline_->mapTo(window(), QPoint()).x() - mapTo(window(), QPoint()).x();
}

void TimelineAxis::forward(QMouseEvent *event) {
    const QPointF at(event->position().x() - offset(), TimelineWidget::kRowHeight / 2.0);
    QMouseEvent forwarded(event->type(), at, timeline_->mapToGlobal(at), event->button(), event->buttons(),
                          event->modifiers());
    QCoreApplication::sendEvent(timeline_, &forwarded);
    update();
}

void TimelineAxis::mousePressEvent(QMouseEvent *event) {
    forward(event);
}

void TimelineAxis::mouseMoveEvent(QMouseEvent *event) {
    forward(event);
}

void TimelineAxis::mouseReleaseEvent(QMouseEvent *event) {
    forward(event);
}

void TimelineAxis::paintEvent(QPaintEvent *) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    const QColor text = palette().color(QPalette::Text);
    const QColor grid = palette().color(QPalette::Mid);
    const int shift = offset();
    const int left = shift + timeline_->plotLeft();
    const int width = timeline_->plotWidth();
    painter.setPen(text);
    painter.drawText(QRect(6, 0, std::max(0, left - 12), kHeight), Qt::AlignVCenter | Qt::AlignLeft,
                     timeline_->rows().systemWide() ? tr("CPU, process, thread") : tr("Process, thread"));
    painter.setPen(grid);
    painter.drawLine(0, kHeight - 1, this->width(), kHeight - 1);
    const auto &buckets = timeline_->buckets();
    if (!buckets || timeline_->rowCount() == 0) return;
    const double spanSeconds = static_cast<double>(buckets->end - buckets->start) / kNsPerSecond;
    const double step = niceCeiling(std::max(1e-9, spanSeconds * kMinTickPixels / width));
    for (double t = 0; t <= spanSeconds + 1e-12; t += step) {
        const double x = left + t / spanSeconds * width;
        painter.setPen(grid);
        painter.drawLine(QPointF(x, kHeight - 6), QPointF(x, kHeight));
        const uint64_t time = buckets->start + static_cast<uint64_t>(t * kNsPerSecond);
        const QString label = timeline_->formatOffset(time);
        if (x + 3 + fontMetrics().horizontalAdvance(label) > this->width()) continue; // no half numbers
        painter.setPen(text);
        painter.drawText(QRectF(x + 3, 0, kMinTickPixels, kHeight - 2), Qt::AlignVCenter | Qt::AlignLeft,
                         label);
    }
    const auto start = timeline_->selectionStart();
    const auto end = timeline_->selectionEnd();
    if (!start && !end) return;
    // The filtered range as a band under the numbers.
    const double from = shift + timeline_->xForTime(start.value_or(buckets->start));
    const double to = shift + timeline_->xForTime(end.value_or(buckets->end));
    painter.fillRect(QRectF(from, kHeight - 4, std::max(1.0, to - from), 3),
                     palette().color(QPalette::Highlight));
}

} // namespace perfglass
