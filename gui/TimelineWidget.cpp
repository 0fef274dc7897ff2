#include "TimelineWidget.h"

#include "ChartScale.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>

namespace perfglass {

namespace {
constexpr int kLabelWidth = 190;
constexpr int kAxisHeight = 22;
constexpr int kRowHeight = 26;
constexpr int kRightMargin = 8;
constexpr int kMinDragPixels = 3;
constexpr double kNsPerSecond = 1e9;

QColor threadColor(int row) {
    static constexpr std::array<int, 6> hues = {18, 205, 130, 280, 45, 340};
    return QColor::fromHsl(hues[static_cast<size_t>(row) % hues.size()], 170, 120);
}

} // namespace

TimelineWidget::TimelineWidget(QWidget *parent)
    : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAccessibleName(tr("Timeline"));
    setCursor(Qt::IBeamCursor);
}

void TimelineWidget::setData(std::shared_ptr<const TimelineBuckets> buckets,
                             std::shared_ptr<const Profile> profile, CostUnit unit) {
    buckets_ = std::move(buckets);
    profile_ = std::move(profile);
    unit_ = unit;
    maxBucketCost_ = 0;
    if (buckets_)
        for (const ThreadTimeline &thread : buckets_->threads)
            for (uint64_t cost : thread.cost)
                maxBucketCost_ = std::max(maxBucketCost_, cost);
    dragFrom_.reset();
    setFixedHeight(contentHeight());
    updateGeometry();
    update();
}

void TimelineWidget::setSelection(std::optional<uint64_t> start, std::optional<uint64_t> end) {
    selectionStart_ = start;
    selectionEnd_ = end;
    update();
}

void TimelineWidget::setThreadFilter(std::vector<uint32_t> pids, std::vector<uint32_t> tids) {
    shownPids_ = std::move(pids);
    shownTids_ = std::move(tids);
    update();
}

bool TimelineWidget::isThreadShown(int row) const {
    const ThreadTimeline &thread = buckets_->threads[static_cast<size_t>(row)];
    const auto lists = [](const std::vector<uint32_t> &list, uint32_t id) {
        return list.empty() || std::find(list.begin(), list.end(), id) != list.end();
    };
    return lists(shownPids_, thread.pid) && lists(shownTids_, thread.tid);
}

QString TimelineWidget::processLabel(uint32_t pid) const {
    if (profile_)
        for (const ThreadInfo &info : profile_->threads)
            if (info.tid == pid && info.name != 0)
                return tr("%1 (%2)").arg(QString::fromStdString(profile_->strings[info.name])).arg(pid);
    return QString::number(pid);
}

int TimelineWidget::rowAt(QPoint pos) const {
    if (!buckets_ || pos.y() < kAxisHeight) return -1;
    const int row = (pos.y() - kAxisHeight) / kRowHeight;
    return row < threadCount() ? row : -1;
}

QMenu *TimelineWidget::createContextMenu(int row) {
    auto *menu = new QMenu(this);
    if (row < 0 || row >= threadCount()) return menu;
    const ThreadTimeline &thread = buckets_->threads[static_cast<size_t>(row)];
    const uint32_t pid = thread.pid;
    const uint32_t tid = thread.tid;
    const QString label = threadLabel(row);
    menu->addSection(label);
    QAction *only = menu->addAction(tr("Show &Only This Thread"), this, [this, pid, tid, label] {
        emit showOnlyThreadRequested(pid, tid, label);
    });
    only->setObjectName(QStringLiteral("showOnlyThread"));
    const QString process = processLabel(pid);
    QAction *onlyProcess = menu->addAction(tr("Show Only This &Process"), this, [this, pid, process] {
        emit showOnlyProcessRequested(pid, process);
    });
    onlyProcess->setObjectName(QStringLiteral("showOnlyProcess"));
    if (isThreadShown(row)) {
        QAction *hide = menu->addAction(tr("&Hide This Thread"), this, [this, pid, tid, label] {
            emit hideThreadRequested(pid, tid, label);
        });
        hide->setObjectName(QStringLiteral("hideThread"));
    } else {
        QAction *show = menu->addAction(tr("&Show This Thread"), this, [this, pid, tid, label] {
            emit showThreadRequested(pid, tid, label);
        });
        show->setObjectName(QStringLiteral("showThread"));
    }
    return menu;
}

void TimelineWidget::contextMenuEvent(QContextMenuEvent *event) {
    const int row = rowAt(event->pos());
    if (row < 0) return;
    QMenu *menu = createContextMenu(row);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(event->globalPos());
}

int TimelineWidget::threadCount() const {
    return buckets_ ? static_cast<int>(buckets_->threads.size()) : 0;
}

QString TimelineWidget::threadLabel(int row) const {
    const ThreadTimeline &thread = buckets_->threads[static_cast<size_t>(row)];
    const QString name =
        profile_ && thread.name != 0 ? QString::fromStdString(profile_->strings[thread.name]) : tr("thread");
    return thread.pid == thread.tid ? tr("%1 (%2)").arg(name).arg(thread.tid)
                                    : tr("%1 (%2 in %3)").arg(name).arg(thread.tid).arg(thread.pid);
}

int TimelineWidget::plotLeft() const {
    return kLabelWidth;
}

int TimelineWidget::plotWidth() const {
    return std::max(1, width() - kLabelWidth - kRightMargin);
}

int TimelineWidget::contentHeight() const {
    return kAxisHeight + std::max(1, threadCount()) * kRowHeight + 2;
}

QSize TimelineWidget::sizeHint() const {
    return {800, contentHeight()};
}

QSize TimelineWidget::minimumSizeHint() const {
    return {kLabelWidth + 120, contentHeight()};
}

QRect TimelineWidget::rowRect(int row) const {
    return {plotLeft(), kAxisHeight + row * kRowHeight, plotWidth(), kRowHeight};
}

double TimelineWidget::xForTime(uint64_t time) const {
    if (!buckets_) return plotLeft();
    const double span = static_cast<double>(buckets_->end - buckets_->start);
    const double offset =
        static_cast<double>(std::clamp(time, buckets_->start, buckets_->end) - buckets_->start);
    return plotLeft() + offset / span * plotWidth();
}

uint64_t TimelineWidget::timeAt(double x) const {
    if (!buckets_) return 0;
    const double fraction = std::clamp((x - plotLeft()) / plotWidth(), 0.0, 1.0);
    return buckets_->start + static_cast<uint64_t>(std::llround(
                                 fraction * static_cast<double>(buckets_->end - buckets_->start)));
}

QString TimelineWidget::formatOffset(uint64_t time) const {
    const double seconds = static_cast<double>(time - std::min(time, buckets_->start)) / kNsPerSecond;
    const double span = static_cast<double>(buckets_->end - buckets_->start) / kNsPerSecond;
    const int decimals = span < 0.01 ? 4 : span < 0.1 ? 3 : span < 10 ? 2 : 1;
    return tr("%1 s").arg(QLocale().toString(seconds, 'f', decimals));
}

void TimelineWidget::paintEvent(QPaintEvent *event) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (!buckets_ || buckets_->threads.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter,
                         buckets_ ? tr("No samples to show over time.") : tr("No session is open."));
        return;
    }
    paintAxis(painter);
    const QRect exposed = event->rect();
    for (int row = 0; row < threadCount(); ++row) {
        const QRect r = rowRect(row);
        if (r.bottom() < exposed.top() || r.top() > exposed.bottom()) continue;
        paintRow(painter, row);
    }
    paintSelection(painter);
}

void TimelineWidget::paintAxis(QPainter &painter) const {
    const QColor text = palette().color(QPalette::Text);
    const QColor grid = palette().color(QPalette::Mid);
    painter.setPen(text);
    painter.drawText(QRect(4, 0, kLabelWidth - 8, kAxisHeight), Qt::AlignVCenter | Qt::AlignLeft,
                     tr("Thread"));
    const double spanSeconds = static_cast<double>(buckets_->end - buckets_->start) / kNsPerSecond;
    const double minTickPixels = 90.0;
    const double step = niceCeiling(std::max(1e-9, spanSeconds * minTickPixels / plotWidth()));
    for (double t = 0; t <= spanSeconds + 1e-12; t += step) {
        const double x = plotLeft() + t / spanSeconds * plotWidth();
        painter.setPen(grid);
        painter.drawLine(QPointF(x, kAxisHeight - 5), QPointF(x, height()));
        painter.setPen(text);
        const uint64_t time = buckets_->start + static_cast<uint64_t>(t * kNsPerSecond);
        painter.drawText(QRectF(x + 3, 0, minTickPixels, kAxisHeight), Qt::AlignVCenter | Qt::AlignLeft,
                         formatOffset(time));
    }
    painter.setPen(grid);
    painter.drawLine(0, kAxisHeight - 1, width(), kAxisHeight - 1);
}

void TimelineWidget::paintRow(QPainter &painter, int row) const {
    const ThreadTimeline &thread = buckets_->threads[static_cast<size_t>(row)];
    const QRect plot = rowRect(row);
    if (row % 2 == 1)
        painter.fillRect(QRect(0, plot.top(), width(), plot.height()), palette().alternateBase());
    const bool shown = isThreadShown(row);
    painter.setPen(palette().color(shown ? QPalette::Text : QPalette::PlaceholderText));
    const QRect label(6, plot.top(), kLabelWidth - 12, plot.height());
    const QString text = shown ? threadLabel(row) : tr("%1 (hidden)").arg(threadLabel(row));
    painter.drawText(label, Qt::AlignVCenter | Qt::AlignLeft,
                     fontMetrics().elidedText(text, Qt::ElideMiddle, label.width()));
    if (maxBucketCost_ == 0) return;
    // Sum the buckets under each pixel column; draw their mean as a bar rising from the row's bottom.
    const QColor color = shown ? threadColor(row) : palette().color(QPalette::Midlight);
    const size_t count = buckets_->bucketCount;
    const int pixels = plot.width();
    const double barHeight = plot.height() - 4;
    for (int px = 0; px < pixels; ++px) {
        const size_t first = static_cast<size_t>(px) * count / static_cast<size_t>(pixels);
        const size_t last =
            std::max(first + 1, static_cast<size_t>(px + 1) * count / static_cast<size_t>(pixels));
        uint64_t sum = 0;
        for (size_t b = first; b < last && b < count; ++b)
            sum += thread.cost[b];
        if (sum == 0) continue;
        const double mean = static_cast<double>(sum) / static_cast<double>(last - first);
        const double h = std::max(1.0, mean / static_cast<double>(maxBucketCost_) * barHeight);
        painter.fillRect(QRectF(plot.left() + px, plot.bottom() - 1 - h, 1.0, h), color);
    }
}

void TimelineWidget::paintSelection(QPainter &painter) const {
    const int top = kAxisHeight;
    const int bottom = kAxisHeight + threadCount() * kRowHeight;
    if (selectionStart_ || selectionEnd_) {
        const double from = xForTime(selectionStart_.value_or(buckets_->start));
        const double to = xForTime(selectionEnd_.value_or(buckets_->end));
        const QColor shade(128, 128, 128, 110);
        painter.fillRect(QRectF(plotLeft(), top, from - plotLeft(), bottom - top), shade);
        painter.fillRect(QRectF(to, top, plotLeft() + plotWidth() - to, bottom - top), shade);
        painter.setPen(QPen(palette().color(QPalette::Highlight), 1.5));
        painter.drawLine(QPointF(from, top), QPointF(from, bottom));
        painter.drawLine(QPointF(to, top), QPointF(to, bottom));
    }
    if (dragFrom_) {
        QColor band = palette().color(QPalette::Highlight);
        band.setAlpha(70);
        const double left = std::min(*dragFrom_, dragTo_);
        const double right = std::max(*dragFrom_, dragTo_);
        painter.fillRect(QRectF(left, top, right - left, bottom - top), band);
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QRectF(left + 3, top, std::max(140.0, right - left), 16),
                         Qt::AlignLeft | Qt::AlignTop,
                         tr("%1 – %2").arg(formatOffset(timeAt(left)), formatOffset(timeAt(right))));
    }
}

void TimelineWidget::mousePressEvent(QMouseEvent *event) {
    if (event->button() != Qt::LeftButton || !buckets_ || event->position().x() < plotLeft()) {
        QWidget::mousePressEvent(event);
        return;
    }
    dragFrom_ = std::clamp(event->position().x(), static_cast<double>(plotLeft()),
                           static_cast<double>(plotLeft() + plotWidth()));
    dragTo_ = *dragFrom_;
    update();
}

void TimelineWidget::mouseMoveEvent(QMouseEvent *event) {
    if (!dragFrom_) return;
    dragTo_ = std::clamp(event->position().x(), static_cast<double>(plotLeft()),
                         static_cast<double>(plotLeft() + plotWidth()));
    update();
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent *event) {
    if (!dragFrom_ || event->button() != Qt::LeftButton) return;
    dragTo_ = std::clamp(event->position().x(), static_cast<double>(plotLeft()),
                         static_cast<double>(plotLeft() + plotWidth()));
    const double left = std::min(*dragFrom_, dragTo_);
    const double right = std::max(*dragFrom_, dragTo_);
    dragFrom_.reset();
    update();
    if (right - left >= kMinDragPixels) emit rangeSelected(timeAt(left), timeAt(right));
}

QString TimelineWidget::toolTipAt(QPoint pos) const {
    if (!buckets_ || pos.x() < plotLeft() || pos.y() < kAxisHeight) return {};
    const int row = (pos.y() - kAxisHeight) / kRowHeight;
    if (row < 0 || row >= threadCount()) return {};
    const ThreadTimeline &thread = buckets_->threads[static_cast<size_t>(row)];
    const uint64_t time = timeAt(pos.x());
    if (time >= buckets_->end) return {};
    const size_t bucket = buckets_->bucketOf(time);
    const uint64_t bucketEnd =
        bucket + 1 < buckets_->bucketCount ? buckets_->bucketStart(bucket + 1) : buckets_->end;
    return tr("<b>%1</b><br>%2 – %3: %n sample(s), %4<br>Whole session: %5", nullptr,
              static_cast<int>(thread.samples[bucket]))
        .arg(threadLabel(row).toHtmlEscaped(), formatOffset(buckets_->bucketStart(bucket)),
             formatOffset(bucketEnd), formatCost(thread.cost[bucket], unit_),
             formatCost(thread.totalCost, unit_));
}

bool TimelineWidget::event(QEvent *event) {
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace perfglass
