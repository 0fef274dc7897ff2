#include "TimelineWidget.h"

#include "StartupTiming.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QStringList>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace perfglass {

namespace {
constexpr int kMinLabelWidth = 110;
constexpr int kMaxLabelWidth = 300;
constexpr int kIndent = 12;
constexpr int kLabelMargin = 6;
constexpr int kIdGap = 8;
constexpr int kRightMargin = 8;
constexpr int kMinDragPixels = 3;
constexpr double kNsPerSecond = 1e9;

bool listed(const std::vector<uint32_t> &list, uint32_t id) {
    return list.empty() || std::find(list.begin(), list.end(), id) != list.end();
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
    rows_ = TimelineRows(buckets_, profile_);
    indexMarks();
    labelWidth_ = naturalLabelWidth();
    dragFrom_.reset();
    setFixedHeight(contentHeight());
    updateGeometry();
    update();
    emit axisChanged();
}

void TimelineWidget::setOffCpu(std::shared_ptr<const std::vector<OffCpuInterval>> intervals) {
    offCpu_ = std::move(intervals);
    update();
}

void TimelineWidget::setParallelism(std::shared_ptr<const Parallelism> parallelism) {
    parallelism_ = std::move(parallelism);
    update();
}

void TimelineWidget::paintParallelism(QPainter &painter, const TimelineRow &row, const QRect &plot) const {
    if (!parallelism_ || row.kind != TimelineRow::Process) return;
    const std::vector<ParallelismStep> &steps = parallelism_->steps(row.pid);
    if (steps.empty()) return;
    uint32_t most = 1;
    for (const ParallelismStep &step : steps)
        most = std::max(most, step.running);
    const double height = plot.height() - 4;
    const auto yFor = [&](uint32_t running) {
        return plot.bottom() - 1 - height * static_cast<double>(running) / static_cast<double>(most);
    };
    QPainterPath line(QPointF(plot.left(), yFor(0)));
    for (const ParallelismStep &step : steps) {
        const double x = std::clamp(xForTime(step.time), double(plot.left()), double(plot.right()));
        line.lineTo(x, line.currentPosition().y());
        line.lineTo(x, yFor(step.running));
    }
    line.lineTo(plot.right(), line.currentPosition().y());
    painter.save();
    painter.setPen(QPen(QColor(20, 60, 160, 200), 1.5));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(line);
    painter.restore();
}

QString TimelineWidget::parallelismText(const TimelineRow &row, uint64_t time) const {
    if (!parallelism_ || row.kind != TimelineRow::Process || parallelism_->steps(row.pid).empty()) return {};
    return tr("<br>Parallelism: %n thread(s) of the process running", nullptr,
              static_cast<int>(parallelism_->at(row.pid, time)));
}

void TimelineWidget::paintOffCpu(QPainter &painter, const TimelineRow &row, const QRect &plot) const {
    if (!offCpu_ || row.kind != TimelineRow::Thread) return;
    const auto first = std::lower_bound(offCpu_->begin(), offCpu_->end(), row.tid,
                                        [](const OffCpuInterval &i, uint32_t tid) { return i.tid < tid; });
    const QBrush hatch(palette().color(QPalette::Mid), Qt::BDiagPattern);
    for (auto it = first; it != offCpu_->end() && it->tid == row.tid; ++it) {
        const double from = xForTime(it->start);
        const double to = std::max(xForTime(it->end), from + 1.0);
        painter.fillRect(QRectF(from, plot.top() + 2, to - from, plot.height() - 4), hatch);
    }
}

void TimelineWidget::indexMarks() {
    markOrder_.clear();
    if (!profile_) return;
    const auto &marks = profile_->marks;
    markOrder_.resize(marks.size());
    std::iota(markOrder_.begin(), markOrder_.end(), 0u);
    std::stable_sort(markOrder_.begin(), markOrder_.end(), [&marks](uint32_t a, uint32_t b) {
        return marks[a].tid != marks[b].tid ? marks[a].tid < marks[b].tid : marks[a].time < marks[b].time;
    });
}

std::pair<size_t, size_t> TimelineWidget::marksOfThread(uint32_t tid) const {
    const auto &marks = profile_->marks;
    const auto first = std::lower_bound(markOrder_.begin(), markOrder_.end(), tid,
                                        [&marks](uint32_t m, uint32_t t) { return marks[m].tid < t; });
    const auto last = std::upper_bound(first, markOrder_.end(), tid,
                                       [&marks](uint32_t t, uint32_t m) { return t < marks[m].tid; });
    return {static_cast<size_t>(first - markOrder_.begin()), static_cast<size_t>(last - markOrder_.begin())};
}

// A tick from the row's top for each mark, coloured by its event; marks closer than a pixel share it.
void TimelineWidget::paintMarks(QPainter &painter, const TimelineRow &row, const QRect &plot) const {
    if (markOrder_.empty() || row.kind != TimelineRow::Thread) return;
    const auto [first, last] = marksOfThread(row.tid);
    int lastPixel = std::numeric_limits<int>::min();
    uint16_t lastEvent = 0;
    for (size_t k = first; k < last; ++k) {
        const EventMark &mark = profile_->marks[markOrder_[k]];
        const int px = static_cast<int>(xForTime(mark.time));
        if (px == lastPixel && mark.event == lastEvent) continue;
        lastPixel = px;
        lastEvent = mark.event;
        const QColor colour = QColor::fromHsv((mark.event * 97 + 200) % 360, 230, 200);
        const QPointF tip(px + 0.5, plot.top() + 8.0);
        const QPointF triangle[] = {
            {tip.x() - 3.0, plot.top() + 1.0}, {tip.x() + 3.0, plot.top() + 1.0}, tip};
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        painter.drawPolygon(triangle, 3);
        painter.fillRect(QRectF(px, plot.top() + 1.0, 1.0, plot.height() - 2.0), colour);
    }
    painter.setBrush(Qt::NoBrush);
}

std::vector<size_t> TimelineWidget::marksNear(int index, double x, double pixels) const {
    std::vector<size_t> result;
    if (index < 0 || index >= rowCount() || markOrder_.empty()) return result;
    const TimelineRow &row = rows_.at(index);
    if (row.kind != TimelineRow::Thread) return result;
    const auto [first, last] = marksOfThread(row.tid);
    for (size_t k = first; k < last; ++k) {
        const uint32_t mark = markOrder_[k];
        if (std::abs(xForTime(profile_->marks[mark].time) - x) <= pixels) result.push_back(mark);
    }
    return result;
}

QString TimelineWidget::describeMark(size_t index) const {
    const EventMark &mark = profile_->marks.at(index);
    const QString event = mark.event < profile_->events.size()
                              ? QString::fromStdString(profile_->events[mark.event].name)
                              : QString::number(mark.event);
    QString text = tr("<b>%1</b> at %2").arg(event.toHtmlEscaped(), formatOffset(mark.time));
    const std::string_view fields = profile_->fieldsOf(mark);
    if (!fields.empty())
        text += QStringLiteral("<br>") +
                QString::fromUtf8(fields.data(), static_cast<qsizetype>(fields.size())).toHtmlEscaped();
    return text;
}

void TimelineWidget::setSelection(std::optional<uint64_t> start, std::optional<uint64_t> end) {
    selectionStart_ = start;
    selectionEnd_ = end;
    update();
    emit axisChanged();
}

void TimelineWidget::setThreadFilter(std::vector<uint32_t> pids, std::vector<uint32_t> tids,
                                     std::vector<uint32_t> cpus) {
    shownPids_ = std::move(pids);
    shownTids_ = std::move(tids);
    shownCpus_ = std::move(cpus);
    update();
}

bool TimelineWidget::isThreadShown(int index) const {
    const TimelineRow &row = rows_.at(index);
    switch (row.kind) {
    case TimelineRow::Cpu:
        return listed(shownCpus_, row.cpu);
    case TimelineRow::Thread:
        return listed(shownPids_, row.pid) && listed(shownTids_, row.tid);
    case TimelineRow::Process:
        break;
    }
    // A process is shown while one of its threads is.
    for (int other = 0; other < rowCount(); ++other) {
        const TimelineRow &thread = rows_.at(other);
        if (thread.kind == TimelineRow::Thread && thread.pid == row.pid && isThreadShown(other)) return true;
    }
    return false;
}

int TimelineWidget::rowAt(QPoint pos) const {
    if (!buckets_ || pos.y() < 0) return -1;
    const int row = pos.y() / kRowHeight;
    return row < rowCount() ? row : -1;
}

int TimelineWidget::rowOfThread(uint32_t tid) const {
    for (int row = 0; row < rowCount(); ++row)
        if (rows_.at(row).kind == TimelineRow::Thread && rows_.at(row).tid == tid) return row;
    return -1;
}

void TimelineWidget::addThreadActions(QMenu *menu, const TimelineRow &row, const QString &label) {
    const uint32_t pid = row.pid;
    const uint32_t tid = row.tid;
    QAction *only = menu->addAction(tr("Show &Only This Thread"), this, [this, pid, tid, label] {
        emit showOnlyThreadRequested(pid, tid, label);
    });
    only->setObjectName(QStringLiteral("showOnlyThread"));
    const QString process = rows_.processLabel(pid);
    QAction *onlyProcess = menu->addAction(tr("Show Only This &Process"), this, [this, pid, process] {
        emit showOnlyProcessRequested(pid, process);
    });
    onlyProcess->setObjectName(QStringLiteral("showOnlyProcess"));
}

QMenu *TimelineWidget::createContextMenu(int index) {
    auto *menu = new QMenu(this);
    if (index < 0 || index >= rowCount()) return menu;
    const TimelineRow &row = rows_.at(index);
    const QString label = threadLabel(index);
    menu->addSection(label);
    if (row.kind == TimelineRow::Cpu) {
        const uint32_t cpu = row.cpu;
        QAction *only =
            menu->addAction(tr("Show Only This &CPU"), this, [this, cpu] { emit showOnlyCpuRequested(cpu); });
        only->setObjectName(QStringLiteral("showOnlyCpu"));
        return menu;
    }
    if (row.kind == TimelineRow::Process) {
        const uint32_t pid = row.pid;
        QAction *onlyProcess = menu->addAction(tr("Show Only This &Process"), this, [this, pid, label] {
            emit showOnlyProcessRequested(pid, label);
        });
        onlyProcess->setObjectName(QStringLiteral("showOnlyProcess"));
        return menu;
    }
    addThreadActions(menu, row, label);
    const uint32_t pid = row.pid;
    const uint32_t tid = row.tid;
    if (isThreadShown(index)) {
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

QString TimelineWidget::threadLabel(int row) const {
    return rows_.label(row);
}

int TimelineWidget::naturalLabelWidth() const {
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics boldMetrics(bold);
    int widest = 0;
    for (const TimelineRow &row : rows_.rows()) {
        const QFontMetrics &metrics = row.kind == TimelineRow::Process ? boldMetrics : fontMetrics();
        const int id = row.id.isEmpty() ? 0 : kIdGap + fontMetrics().horizontalAdvance(row.id);
        widest = std::max(widest, row.depth * kIndent + metrics.horizontalAdvance(row.name) + id);
    }
    return widest + 2 * kLabelMargin;
}

int TimelineWidget::plotLeft() const {
    // The labels take what they need, but at most two fifths of the width (names are shortened then).
    return std::clamp(labelWidth_, kMinLabelWidth,
                      std::max(kMinLabelWidth, std::min(kMaxLabelWidth, width() * 2 / 5)));
}

int TimelineWidget::plotWidth() const {
    return std::max(1, width() - plotLeft() - kRightMargin);
}

int TimelineWidget::contentHeight() const {
    return std::max(1, rowCount()) * kRowHeight + 2;
}

QSize TimelineWidget::sizeHint() const {
    return {800, contentHeight()};
}

QSize TimelineWidget::minimumSizeHint() const {
    return {kMinLabelWidth + 120, contentHeight()};
}

QRect TimelineWidget::rowRect(int row) const {
    return {plotLeft(), row * kRowHeight, plotWidth(), kRowHeight};
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
    if (!buckets_) return {};
    const double seconds = static_cast<double>(time - std::min(time, buckets_->start)) / kNsPerSecond;
    const double span = static_cast<double>(buckets_->end - buckets_->start) / kNsPerSecond;
    const int decimals = span < 0.01 ? 4 : span < 0.1 ? 3 : span < 10 ? 2 : 1;
    return tr("%1 s").arg(QLocale().toString(seconds, 'f', decimals));
}

void TimelineWidget::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    emit axisChanged();
}

void TimelineWidget::paintEvent(QPaintEvent *event) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (!buckets_ || rowCount() == 0) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        const QString text = buckets_   ? tr("No samples to show over time.")
                             : profile_ ? tr("Working out the timeline…")
                                        : tr("No session is open.");
        painter.drawText(rect(), Qt::AlignCenter, text);
        return;
    }
    const QRect exposed = event->rect();
    for (int row = 0; row < rowCount(); ++row) {
        const QRect r = rowRect(row);
        if (r.bottom() < exposed.top() || r.top() > exposed.bottom()) continue;
        paintRow(painter, row);
    }
    paintSelection(painter);
    StartupTiming::mark("first timeline painted");
}

QString TimelineWidget::paintedLabel(int index) const {
    const TimelineRow &row = rows_.at(index);
    QFont font = this->font();
    font.setBold(row.kind == TimelineRow::Process);
    const int idWidth = row.id.isEmpty() ? 0 : kIdGap + fontMetrics().horizontalAdvance(row.id);
    const int nameWidth = plotLeft() - 2 * kLabelMargin - row.depth * kIndent - idWidth;
    const QString name = TimelineRows::elideName(row.name, QFontMetrics(font), nameWidth);
    return row.id.isEmpty() ? name : name + QLatin1Char(' ') + row.id;
}

void TimelineWidget::paintLabel(QPainter &painter, int index, bool shown) const {
    const TimelineRow &row = rows_.at(index);
    const QRect area(kLabelMargin + row.depth * kIndent, index * kRowHeight,
                     plotLeft() - 2 * kLabelMargin - row.depth * kIndent, kRowHeight);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    if (!row.id.isEmpty()) painter.drawText(area, Qt::AlignVCenter | Qt::AlignRight, row.id);
    const int idWidth = row.id.isEmpty() ? 0 : kIdGap + fontMetrics().horizontalAdvance(row.id);
    QFont font = painter.font();
    font.setBold(row.kind == TimelineRow::Process);
    font.setItalic(!shown || row.idle);
    painter.setFont(font);
    painter.setPen(palette().color(shown ? QPalette::Text : QPalette::PlaceholderText));
    const QString name = TimelineRows::elideName(row.name, QFontMetrics(font), area.width() - idWidth);
    painter.drawText(area.adjusted(0, 0, -idWidth, 0), Qt::AlignVCenter | Qt::AlignLeft, name);
    painter.setFont(this->font());
}

void TimelineWidget::paintRow(QPainter &painter, int index) const {
    const TimelineRow &row = rows_.at(index);
    const QRect plot = rowRect(index);
    if (index % 2 == 1)
        painter.fillRect(QRect(0, plot.top(), width(), plot.height()), palette().alternateBase());
    const bool shown = isThreadShown(index);
    if (shown) painter.fillRect(QRect(0, plot.top() + 3, 3, plot.height() - 6), row.colour);
    paintLabel(painter, index, shown);
    paintOffCpu(painter, row, plot);
    paintMarks(painter, row, plot);
    paintDensity(painter, row, plot, shown);
    paintParallelism(painter, row, plot);
}

// The mean of the buckets under each pixel column, as a bar rising from the row's bottom.
void TimelineWidget::paintDensity(QPainter &painter, const TimelineRow &row, const QRect &plot,
                                  bool shown) const {
    const uint64_t maxCost = rows_.maxBucketCost(row.kind);
    if (maxCost == 0) return;
    const QColor color = shown ? row.colour : palette().color(QPalette::Midlight);
    const auto &cost = row.series->cost;
    const size_t count = buckets_->bucketCount;
    const int pixels = plot.width();
    const double barHeight = plot.height() - 3;
    for (int px = 0; px < pixels; ++px) {
        const size_t first = static_cast<size_t>(px) * count / static_cast<size_t>(pixels);
        const size_t last =
            std::max(first + 1, static_cast<size_t>(px + 1) * count / static_cast<size_t>(pixels));
        uint64_t sum = 0;
        for (size_t b = first; b < last && b < count; ++b)
            sum += cost[b];
        if (sum == 0) continue;
        const double mean = static_cast<double>(sum) / static_cast<double>(last - first);
        const double h = std::clamp(mean / static_cast<double>(maxCost) * barHeight, 1.0, barHeight);
        painter.fillRect(QRectF(plot.left() + px, plot.bottom() - h, 1.0, h), color);
    }
}

void TimelineWidget::paintSelection(QPainter &painter) const {
    const int top = 0;
    const int bottom = rowCount() * kRowHeight;
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
    const int index = rowAt(pos);
    if (index < 0) return {};
    const TimelineRow &row = rows_.at(index);
    QString title = threadLabel(index).toHtmlEscaped();
    if (row.kind == TimelineRow::Cpu) title = tr("%1: samples of every thread but the idle task").arg(title);
    if (row.kind == TimelineRow::Process) title = tr("%1: all its threads").arg(title);
    if (row.kernelThread && !row.idle && row.kind != TimelineRow::Cpu)
        title += tr(" (kernel thread)").toHtmlEscaped();
    if (pos.x() < plotLeft()) return QStringLiteral("<b>%1</b>").arg(title);
    if (const QString marks = marksToolTip(index, pos.x()); !marks.isEmpty())
        return QStringLiteral("<b>%1</b><br>%2").arg(title, marks);
    const uint64_t time = timeAt(pos.x());
    if (time >= buckets_->end) return {};
    const size_t bucket = buckets_->bucketOf(time);
    const uint64_t bucketEnd =
        bucket + 1 < buckets_->bucketCount ? buckets_->bucketStart(bucket + 1) : buckets_->end;
    return tr("<b>%1</b><br>%2 – %3: %n sample(s), %4<br>Whole session: %5", nullptr,
              static_cast<int>(row.series->samples[bucket]))
               .arg(title, formatOffset(buckets_->bucketStart(bucket)), formatOffset(bucketEnd),
                    formatCost(row.series->cost[bucket], unit_), formatCost(row.series->totalCost, unit_)) +
           parallelismText(row, time);
}

// The marks under the pointer, at most kMaxMarksInToolTip of them, or "".
QString TimelineWidget::marksToolTip(int row, double x) const {
    constexpr size_t kMaxMarksInToolTip = 5;
    const std::vector<size_t> marks = marksNear(row, x);
    QStringList lines;
    for (size_t i = 0; i < marks.size() && i < kMaxMarksInToolTip; ++i)
        lines << describeMark(marks[i]);
    if (marks.size() > kMaxMarksInToolTip)
        lines << tr("and %n more mark(s)", nullptr, static_cast<int>(marks.size() - kMaxMarksInToolTip));
    return lines.join(QStringLiteral("<br>"));
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
