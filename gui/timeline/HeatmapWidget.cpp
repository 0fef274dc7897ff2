#include "HeatmapWidget.h"

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace perfglass {

namespace {

const QColor kEmptyCell(238, 238, 238);
const QColor kSelection(30, 100, 220);
const QColor kFiltered(0, 0, 0);

QString secondsText(double seconds) {
    return QLocale().toString(seconds, 'g', 6);
}

} // namespace

HeatmapWidget::HeatmapWidget(QWidget *parent)
    : QWidget(parent) {
    setMouseTracking(false);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QColor HeatmapWidget::colourFor(double share) {
    // From a pale yellow to a dark red, as FlameScope's scale runs: light cells did little, dark ones much.
    const double t = std::clamp(share, 0.0, 1.0);
    const auto mix = [t](int from, int to) { return static_cast<int>(std::lround(from + (to - from) * t)); };
    return QColor(mix(255, 150), mix(240, 0), mix(190, 0));
}

void HeatmapWidget::setHeatmap(std::shared_ptr<const Heatmap> map, CostUnit unit) {
    map_ = std::move(map);
    unit_ = unit;
    dragFrom_.reset();
    dragTo_.reset();
    if (map_ && highlight_.size() != map_->sampleCells().size()) highlight_.clear();
    rebuildImage();
}

void HeatmapWidget::setColourByCost(bool byCost) {
    if (byCost_ == byCost) return;
    byCost_ = byCost;
    rebuildImage();
}

void HeatmapWidget::setFilteredTimes(std::optional<uint64_t> start, std::optional<uint64_t> end,
                                     std::optional<TimeSlice> slice) {
    filteredStart_ = start;
    filteredEnd_ = end;
    filteredSlice_ = slice;
    update();
}

std::optional<std::pair<size_t, size_t>> HeatmapWidget::filteredRows() const {
    if (!map_ || !filteredSlice_) return std::nullopt;
    return map_->rowsOf(*filteredSlice_);
}

void HeatmapWidget::setHighlight(std::vector<uint32_t> cells) {
    highlight_ = std::move(cells);
    update();
}

uint64_t HeatmapWidget::colourScaleMax() const {
    if (!map_) return 0;
    return byCost_ ? map_->maxCost() : map_->maxSamples();
}

void HeatmapWidget::rebuildImage() {
    image_ = QImage();
    if (map_ && map_->columns() > 0 && map_->rows() > 0) {
        image_ =
            QImage(static_cast<int>(map_->columns()), static_cast<int>(map_->rows()), QImage::Format_RGB32);
        const double most = static_cast<double>(std::max<uint64_t>(colourScaleMax(), 1));
        for (size_t r = 0; r < map_->rows(); ++r) {
            auto *line = reinterpret_cast<QRgb *>(image_.scanLine(static_cast<int>(r)));
            for (size_t c = 0; c < map_->columns(); ++c) {
                const HeatmapCell cell{c, r};
                const double value = byCost_ ? static_cast<double>(map_->cost(cell))
                                             : static_cast<double>(map_->samples(cell));
                line[c] = (map_->samples(cell) == 0 ? kEmptyCell : colourFor(value / most)).rgb();
            }
        }
    }
    update();
}

QRectF HeatmapWidget::matrixRect() const {
    return QRectF(kLeftMargin, 2, std::max(1, width() - kLeftMargin - 4),
                  std::max(1, height() - kBottomMargin - 4));
}

QRect HeatmapWidget::cellRect(HeatmapCell cell) const {
    if (!map_ || map_->columns() == 0) return {};
    const QRectF area = matrixRect();
    const double w = area.width() / static_cast<double>(map_->columns());
    const double h = area.height() / static_cast<double>(map_->rows());
    const QPointF topLeft(area.left() + w * static_cast<double>(cell.column),
                          area.top() + h * static_cast<double>(cell.row));
    return QRectF(topLeft, QSizeF(w, h)).toAlignedRect();
}

std::optional<HeatmapCell> HeatmapWidget::cellAt(QPointF pos) const {
    if (!map_ || map_->columns() == 0) return std::nullopt;
    const QRectF area = matrixRect();
    const double x = std::clamp((pos.x() - area.left()) / area.width(), 0.0, 0.999999);
    const double y = std::clamp((pos.y() - area.top()) / area.height(), 0.0, 0.999999);
    return HeatmapCell{static_cast<size_t>(x * static_cast<double>(map_->columns())),
                       static_cast<size_t>(y * static_cast<double>(map_->rows()))};
}

void HeatmapWidget::paintEvent(QPaintEvent *) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (image_.isNull()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("No samples to show."));
        return;
    }
    painter.drawImage(matrixRect(), image_); // nearest pixel: each cell a block of one colour
    paintHighlight(painter);
    paintFilteredRange(painter);
    paintDrag(painter);
    paintAxes(painter);
}

// Row labels down the left (offset in the column, ms), column labels along the bottom (seconds), as many as
// fit without overlapping.
void HeatmapWidget::paintAxes(QPainter &painter) const {
    painter.setPen(palette().color(QPalette::Text));
    const QFontMetrics metrics = painter.fontMetrics();
    const QRectF area = matrixRect();
    const int rowStep =
        std::max<int>(1, static_cast<int>(std::ceil(metrics.height() * 1.2 * map_->rows() / area.height())));
    for (size_t r = 0; r < map_->rows(); r += static_cast<size_t>(rowStep)) {
        const QRect cell = cellRect({0, r});
        const QString label =
            tr("%1 ms").arg(QLocale().toString(static_cast<double>(r * map_->bucketNs()) / 1e6, 'g', 6));
        painter.drawText(QRect(0, cell.top(), kLeftMargin - 4, metrics.height()),
                         Qt::AlignRight | Qt::AlignTop, label);
    }
    const double columnSeconds = static_cast<double>(map_->columnNs()) / 1e9;
    const int labelWidth = metrics.horizontalAdvance(QStringLiteral("0000.00 s")) + 8;
    const double columnWidth = area.width() / static_cast<double>(map_->columns());
    const auto columnStep = static_cast<size_t>(std::max(1.0, std::ceil(labelWidth / columnWidth)));
    for (size_t c = 0; c < map_->columns(); c += columnStep) {
        const QRect cell = cellRect({c, 0});
        const QString label = tr("%1 s").arg(secondsText(static_cast<double>(c) * columnSeconds));
        painter.drawText(QRect(cell.left(), static_cast<int>(area.bottom()) + 2, labelWidth, kBottomMargin),
                         Qt::AlignLeft | Qt::AlignTop, label);
    }
}

// The outline of the cells from A to B in time order: the rest of A's column, the columns between, and the
// start of B's column.
void HeatmapWidget::paintRun(QPainter &painter, HeatmapCell a, HeatmapCell b, const QColor &colour) const {
    if (map_->index(b) < map_->index(a)) std::swap(a, b);
    QColor fill = colour;
    fill.setAlpha(40);
    painter.setPen(QPen(colour, 2));
    const size_t lastRow = map_->rows() - 1;
    for (size_t c = a.column; c <= b.column; ++c) {
        const size_t top = c == a.column ? a.row : 0;
        const size_t bottom = c == b.column ? b.row : lastRow;
        const QRect run = cellRect({c, top}).united(cellRect({c, bottom}));
        painter.fillRect(run, fill);
    }
    const QRect first =
        cellRect({a.column, a.row}).united(cellRect({a.column, a.column == b.column ? b.row : lastRow}));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(first);
    if (b.column != a.column) painter.drawRect(cellRect({b.column, 0}).united(cellRect(b)));
    if (b.column > a.column + 1)
        painter.drawRect(cellRect({a.column + 1, 0}).united(cellRect({b.column - 1, lastRow})));
}

void HeatmapWidget::paintRectangle(QPainter &painter, HeatmapCell a, HeatmapCell b,
                                   const QColor &colour) const {
    QColor fill = colour;
    fill.setAlpha(40);
    const QRect area = cellRect(a).united(cellRect(b));
    painter.fillRect(area, fill);
    painter.setPen(QPen(colour, 2));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(area);
}

void HeatmapWidget::paintDrag(QPainter &painter) const {
    if (!dragFrom_ || !dragTo_) return;
    if (dragInTimeOrder_)
        paintRun(painter, *dragFrom_, *dragTo_, kSelection);
    else
        paintRectangle(painter, *dragFrom_, *dragTo_, kSelection);
}

void HeatmapWidget::paintHighlight(QPainter &painter) const {
    if (highlight_.empty()) return;
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(20, 90, 230));
    for (size_t c = 0; c < map_->columns(); ++c)
        for (size_t r = 0; r < map_->rows(); ++r) {
            if (highlight_[map_->index({c, r})] == 0) continue;
            const QRect cell = cellRect({c, r});
            const int size = std::max(2, std::min(cell.width(), cell.height()) / 2);
            painter.drawEllipse(
                QRect(0, 0, size, size).translated(cell.center() - QPoint(size / 2, size / 2)));
        }
    painter.setBrush(Qt::NoBrush);
}

void HeatmapWidget::paintFilteredRange(QPainter &painter) const {
    if (!filteredStart_ && !filteredEnd_) return;
    HeatmapCell first{0, 0};
    HeatmapCell last{map_->columns() - 1, map_->rows() - 1};
    if (filteredStart_) map_->cellOf(std::max(*filteredStart_, map_->origin()), first);
    if (filteredEnd_ && *filteredEnd_ > map_->origin()) map_->cellOf(*filteredEnd_ - 1, last);
    if (const auto rows = filteredRows())
        paintRectangle(painter, {first.column, rows->first}, {last.column, rows->second}, kFiltered);
    else
        paintRun(painter, first, last, kFiltered);
}

void HeatmapWidget::mousePressEvent(QMouseEvent *event) {
    if (event->button() != Qt::LeftButton || !map_) {
        QWidget::mousePressEvent(event);
        return;
    }
    dragFrom_ = cellAt(event->position());
    dragTo_ = dragFrom_;
    dragInTimeOrder_ = (event->modifiers() & Qt::ShiftModifier) != 0;
    update();
}

void HeatmapWidget::mouseMoveEvent(QMouseEvent *event) {
    if (!dragFrom_) return;
    dragTo_ = cellAt(event->position());
    dragInTimeOrder_ = (event->modifiers() & Qt::ShiftModifier) != 0;
    update();
}

void HeatmapWidget::mouseReleaseEvent(QMouseEvent *event) {
    if (event->button() != Qt::LeftButton || !dragFrom_ || !map_) return;
    dragTo_ = cellAt(event->position());
    TimeSelection times = map_->rectangle(*dragFrom_, *dragTo_);
    if (event->modifiers() & Qt::ShiftModifier) {
        const auto [start, end] = map_->timeRange(*dragFrom_, *dragTo_);
        times = {start, end, std::nullopt};
    }
    dragFrom_.reset();
    dragTo_.reset();
    update();
    if (event->modifiers() & Qt::ControlModifier)
        emit compareTimesSelected(times);
    else
        emit timesSelected(times);
}

QString HeatmapWidget::toolTipFor(HeatmapCell cell) const {
    const double origin = static_cast<double>(map_->origin());
    const double start = (static_cast<double>(map_->cellStart(cell)) - origin) / 1e9;
    const double end = (static_cast<double>(map_->cellEnd(cell)) - origin) / 1e9;
    QString text = tr("%1 s to %2 s: %n sample(s), %3", nullptr, static_cast<int>(map_->samples(cell)))
                       .arg(secondsText(start), secondsText(end), formatCost(map_->cost(cell), unit_));
    if (!highlight_.empty())
        text += QLatin1Char('\n') + tr("%n of them in the selected function", nullptr,
                                       static_cast<int>(highlight_[map_->index(cell)]));
    return text;
}

bool HeatmapWidget::event(QEvent *event) {
    if (event->type() != QEvent::ToolTip) return QWidget::event(event);
    const auto *help = static_cast<QHelpEvent *>(event);
    const auto cell = cellAt(help->pos());
    if (!cell || !matrixRect().contains(help->pos())) {
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    QToolTip::showText(help->globalPos(), toolTipFor(*cell), this);
    return true;
}

} // namespace perfglass
