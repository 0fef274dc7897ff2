#include "FlameGraphWidget.h"

#include "FrameDetails.h"
#include "FunctionNames.h"
#include "StartupTiming.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace perfglass {

namespace {
constexpr double kMargin = 4.0;
constexpr double kMinFramePixels = 1.0; // narrower frames are merged
constexpr double kMinTextPixels = 24.0; // narrower frames get no label
constexpr int kMaxMergedNames = 8;      // the tooltip of a "small frames" block names this many

Rgb rgbOf(const QColor &color) {
    return {static_cast<uint8_t>(color.red()), static_cast<uint8_t>(color.green()),
            static_cast<uint8_t>(color.blue())};
}
} // namespace

FlameGraphWidget::FlameGraphWidget(FlameGraphModel *model, QWidget *parent)
    : QWidget(parent)
    , model_(model) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::MinimumExpanding);
    setAccessibleName(tr("Flame graph"));
    connect(model_, &FlameGraphModel::treeChanged, this, [this] {
        hovered_.reset();
        selected_.reset();
        updateMinimumHeight();
        invalidateLayout();
    });
    connect(model_, &FlameGraphModel::zoomChanged, this, [this](uint32_t node) {
        selected_ = node;
        invalidateLayout();
    });
    connect(model_, &FlameGraphModel::searchChanged, this, &FlameGraphWidget::invalidateLayout);
    connect(model_, &FlameGraphModel::mergeThresholdChanged, this, &FlameGraphWidget::invalidateLayout);
    updateMinimumHeight();
}

int FlameGraphWidget::rowHeight() const {
    return fontMetrics().height() + 6;
}

QSize FlameGraphWidget::sizeHint() const {
    return {800, contentHeight()};
}

QSize FlameGraphWidget::minimumSizeHint() const {
    return {200, contentHeight()};
}

int FlameGraphWidget::contentHeight() const {
    constexpr int kPlaceholderRows = 6; // room for the "open a session" text
    const int rows = model_->isEmpty() ? kPlaceholderRows : static_cast<int>(model_->maxDepth()) + 1;
    return rows * rowHeight() + 2 * static_cast<int>(kMargin);
}

void FlameGraphWidget::updateMinimumHeight() {
    setMinimumHeight(contentHeight());
    updateGeometry();
}

void FlameGraphWidget::setIcicle(bool icicle) {
    if (icicle == icicle_) return;
    icicle_ = icicle;
    update();
}

double FlameGraphWidget::mergeWidth() const {
    return model_->mergeWidth(kMinFramePixels / usableWidth());
}

void FlameGraphWidget::invalidateLayout() {
    layoutValid_ = false;
    update();
}

double FlameGraphWidget::usableWidth() const {
    return std::max(1.0, width() - 2 * kMargin);
}

const std::vector<FlameFrame> &FlameGraphWidget::frames() const {
    if (!layoutValid_ || layoutWidth_ != usableWidth()) {
        layoutWidth_ = usableWidth();
        layout_ = model_->layout(mergeWidth(), kMinFramePixels / layoutWidth_);
        layoutValid_ = true;
    }
    return layout_;
}

QRectF FlameGraphWidget::rectOf(const FlameFrame &frame) const {
    const double row = rowHeight();
    const double left = kMargin + frame.x * usableWidth();
    const double top = icicle_ ? kMargin + frame.depth * row : height() - kMargin - (frame.depth + 1) * row;
    return {left, top, std::max(1.0, frame.width * usableWidth()), row - 1};
}

std::optional<QRectF> FlameGraphWidget::frameRect(uint32_t node) const {
    for (const FlameFrame &frame : frames())
        if (frame.node == node && frame.mergedCount == 0) return rectOf(frame);
    return std::nullopt;
}

const FlameFrame *FlameGraphWidget::frameAt(QPointF pos) const {
    const auto &all = frames();
    for (auto it = all.rbegin(); it != all.rend(); ++it)
        if (rectOf(*it).adjusted(0, 0, 0, 1).contains(pos)) return &*it;
    return nullptr;
}

void FlameGraphWidget::paintEvent(QPaintEvent *) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (model_->isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                         model_->waitsForBottomUp() ? tr("Making the bottom-up flame graph…")
                         : model_->tree()
                             ? tr("This session has no samples for its event.")
                             : tr("Open a session with File ▸ Open… or drop a perf.data file here."));
        return;
    }
    const QRect exposed = rect();
    for (const FlameFrame &frame : frames()) {
        const QRectF r = rectOf(frame);
        if (r.bottom() < exposed.top() || r.top() > exposed.bottom()) continue;
        paintFrame(painter, frame, r);
    }
    if (!frames().empty())
        StartupTiming::mark(partial_ ? "first partial flame graph painted" : "first flame graph painted");
}

void FlameGraphWidget::paintFrame(QPainter &painter, const FlameFrame &frame, const QRectF &rect) const {
    const bool isHovered = hovered_ && *hovered_ == frame.node && hoveredMerged_ == (frame.mergedCount > 0);
    const bool isSelected = selected_ && *selected_ == frame.node && frame.mergedCount == 0 && hasFocus();
    const bool searching = !model_->searchText().trimmed().isEmpty();
    const QColor outOfLineFill =
        frame.mergedCount > 0 ? toQColor(FramePalette::kMerged) : model_->outOfLineColor(frame.node);
    QColor fill = outOfLineFill;
    if (frame.inlined) fill = toQColor(FramePalette::inlinedColour(rgbOf(outOfLineFill)));
    if (searching && frame.mergedCount == 0) {
        if (frame.matched)
            fill = QColor(230, 60, 220);
        else
            fill = QColor::fromHsl(fill.hslHue(), fill.hslSaturation() / 4,
                                   std::min(235, fill.lightness() + 25));
    }
    if (frame.ancestor) fill = fill.lighter(112);
    if (isHovered) fill = fill.lighter(118);

    const QRectF box = rect.width() > 2 ? rect.adjusted(0, 0, -1, 0) : rect;
    painter.fillRect(box, fill);
    if (frame.mergedCount > 0) painter.fillRect(box, QBrush(QColor(150, 150, 150), Qt::BDiagPattern));
    if (frame.inlined && !isHovered && !isSelected && box.width() > 3) {
        painter.setPen(QPen(toQColor(FramePalette::inlinedOutline(rgbOf(outOfLineFill))), 1, Qt::DashLine));
        painter.drawRect(box.adjusted(0.5, 0.5, -0.5, -0.5));
    }
    if (isHovered || isSelected) {
        painter.setPen(QPen(isSelected ? palette().color(QPalette::Highlight) : QColor(40, 40, 40), 1.5));
        painter.drawRect(box.adjusted(0.75, 0.75, -0.75, -0.75));
    }
    if (rect.width() < kMinTextPixels) return;
    const QString label = labelFor(frame, rect.width() - 6);
    if (label.isEmpty()) return;
    const bool darkFill = fill.lightness() < 120;
    painter.setPen(darkFill ? Qt::white : QColor(20, 20, 20));
    if (frame.inlined) {
        QFont italic = font();
        italic.setItalic(true);
        painter.setFont(italic);
    }
    painter.drawText(box.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
    if (frame.inlined) painter.setFont(font());
}

QString FlameGraphWidget::labelFor(const FlameFrame &frame, double width) const {
    const QFontMetricsF metrics(font());
    if (frame.mergedCount > 0) {
        const QString text = tr("%n small frame(s)", nullptr, static_cast<int>(frame.mergedCount));
        if (metrics.horizontalAdvance(text) <= width) return text;
        const QString count = QStringLiteral("+%1").arg(frame.mergedCount);
        return metrics.horizontalAdvance(count) <= width ? count : QString();
    }
    const QString full = model_->name(frame.node);
    if (metrics.horizontalAdvance(full) <= width) return full;
    const QString noParams = withoutParameters(full);
    if (metrics.horizontalAdvance(noParams) <= width) return noParams;
    const QString shortName = unqualifiedName(noParams);
    if (metrics.horizontalAdvance(shortName) <= width) return shortName;
    const QString elided = metrics.elidedText(shortName, Qt::ElideRight, width);
    return elided.size() > 2 ? elided : QString(); // "…" alone says nothing
}

QString FlameGraphWidget::toolTipFor(const FlameFrame &frame) const {
    const uint64_t total = model_->totalCost();
    const CostUnit unit = model_->costUnit();
    if (frame.mergedCount > 0) return mergedToolTip(frame);
    const uint32_t node = frame.node;
    if (node == CallTree::kRoot) return tr("<b>All samples</b><br>%1").arg(formatCost(frame.cost, unit));
    const QString full = model_->fullName(node);
    const QString name = model_->isInlined(node) ? full + inlinedSuffix() : full;
    QString text =
        tr("<b>%1</b><br>Module: %2<br>Inclusive: %3 of all samples (%4)<br>Self: %5 (%6)")
            .arg(name.toHtmlEscaped(), model_->modulePath(node).toHtmlEscaped(),
                 formatPercent(frame.cost, total), formatCost(frame.cost, unit),
                 formatPercent(model_->selfCost(node), total), formatCost(model_->selfCost(node), unit));
    const QString into = model_->inlinedInto(node);
    if (!into.isEmpty()) text += tr("<br><i>Inlined into %1</i>").arg(into.toHtmlEscaped());
    const QString extra = model_->extraToolTip(node);
    if (!extra.isEmpty()) text += QStringLiteral("<br>") + extra;
    const QString location = model_->location(node);
    if (!location.isEmpty())
        text += tr("<br>Source: %1 (the function's hottest line)").arg(location.toHtmlEscaped());
    if (model_->isZoomed() && !frame.ancestor)
        text += tr("<br>Of the zoomed frame: %1")
                    .arg(formatPercent(frame.cost, model_->cost(model_->zoomRoot())));
    return text;
}

// What a "small frames" block stands for: how many frames, what they cost together, the heaviest by name.
QString FlameGraphWidget::mergedToolTip(const FlameFrame &frame) const {
    const uint64_t total = model_->totalCost();
    QString text =
        tr("<b>%n small frame(s)</b>, each below %1 of the shown cost<br>together %2 of all samples "
           "(%3)",
           nullptr, static_cast<int>(frame.mergedCount))
            .arg(QStringLiteral("%1 %").arg(mergeWidth() * 100.0, 0, 'g', 2),
                 formatPercent(frame.cost, total), formatCost(frame.cost, model_->costUnit()));
    const std::vector<uint32_t> merged = model_->mergedChildren(frame.node, mergeWidth());
    const size_t named = std::min<size_t>(merged.size(), kMaxMergedNames);
    for (size_t i = 0; i < named; ++i)
        text += QStringLiteral("<br>&nbsp;&nbsp;%1 — %2")
                    .arg(unqualifiedName(withoutParameters(model_->name(merged[i]))).toHtmlEscaped(),
                         formatPercent(model_->cost(merged[i]), total));
    if (merged.size() > named)
        text += QStringLiteral("<br>&nbsp;&nbsp;") +
                tr("… and %n more", nullptr, static_cast<int>(merged.size() - named));
    return text + QStringLiteral("<br>") +
           tr("Lower the merge threshold, or click their parent frame to zoom in, to see them.");
}

void FlameGraphWidget::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    layoutValid_ = false;
}

void FlameGraphWidget::setHovered(const FlameFrame *frame) {
    const std::optional<uint32_t> node = frame ? std::optional<uint32_t>(frame->node) : std::nullopt;
    const bool merged = frame && frame->mergedCount > 0;
    if (node == hovered_ && merged == hoveredMerged_) return;
    hovered_ = node;
    hoveredMerged_ = merged;
    setCursor(frame && !merged ? Qt::PointingHandCursor : Qt::ArrowCursor);
    emit hoverChanged(frame != nullptr && !merged, node.value_or(CallTree::kRoot));
    update();
}

void FlameGraphWidget::mouseMoveEvent(QMouseEvent *event) {
    setHovered(frameAt(event->position()));
}

void FlameGraphWidget::leaveEvent(QEvent *) {
    setHovered(nullptr);
}

void FlameGraphWidget::mousePressEvent(QMouseEvent *event) {
    if (event->button() == Qt::BackButton) {
        model_->back();
        return;
    }
    if (event->button() == Qt::RightButton) {
        // Off the frames a right click goes back, as it always did; on a frame, contextMenuEvent follows.
        const FlameFrame *frame = frameAt(event->position());
        if (!frame || frame->mergedCount > 0 || frame->node == CallTree::kRoot) model_->back();
        return;
    }
    if (event->button() != Qt::LeftButton) return;
    const FlameFrame *frame = frameAt(event->position());
    if (!frame || frame->mergedCount > 0) return;
    const uint32_t node = frame->node;
    selected_ = node;
    if (node == CallTree::kRoot)
        model_->resetZoom();
    else
        model_->zoomTo(node);
    emit nodeActivated(node);
    update();
}

void FlameGraphWidget::contextMenuEvent(QContextMenuEvent *event) {
    if (event->reason() == QContextMenuEvent::Keyboard) {
        if (selected_ && *selected_ != CallTree::kRoot && frameRect(*selected_))
            emit contextMenuRequested(*selected_, mapToGlobal(frameRect(*selected_)->center().toPoint()));
        return;
    }
    const FlameFrame *frame = frameAt(event->pos());
    if (!frame || frame->mergedCount > 0 || frame->node == CallTree::kRoot) return; // see mousePressEvent
    selected_ = frame->node;
    update();
    emit contextMenuRequested(frame->node, event->globalPos());
}

void FlameGraphWidget::selectNode(uint32_t node) {
    selected_ = node;
    update();
}

void FlameGraphWidget::moveSelection(int key) {
    if (icicle_ && (key == Qt::Key_Up || key == Qt::Key_Down)) // callees are below the caller
        key = key == Qt::Key_Up ? Qt::Key_Down : Qt::Key_Up;
    uint32_t node = selected_.value_or(model_->zoomRoot());
    switch (key) {
    case Qt::Key_Up: {
        const auto &children = model_->childrenOf(node);
        if (!children.empty()) node = children.front();
        break;
    }
    case Qt::Key_Down:
        if (node != CallTree::kRoot) node = model_->parentOf(node);
        break;
    case Qt::Key_Left:
    case Qt::Key_Right: {
        if (node == CallTree::kRoot) break;
        const auto &siblings = model_->childrenOf(model_->parentOf(node));
        const auto it = std::find(siblings.begin(), siblings.end(), node);
        if (key == Qt::Key_Left && it != siblings.begin()) node = *(it - 1);
        if (key == Qt::Key_Right && it + 1 != siblings.end()) node = *(it + 1);
        break;
    }
    default:
        break;
    }
    if (!frameRect(node)) return; // too narrow to show at this zoom
    selected_ = node;
    emit nodeActivated(node);
    update();
}

void FlameGraphWidget::keyPressEvent(QKeyEvent *event) {
    switch (event->key()) {
    case Qt::Key_Escape:
    case Qt::Key_Backspace:
        if (!model_->back()) event->ignore();
        return;
    case Qt::Key_Home:
        model_->resetZoom();
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        if (selected_) {
            if (*selected_ == CallTree::kRoot)
                model_->resetZoom();
            else
                model_->zoomTo(*selected_);
        }
        return;
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Left:
    case Qt::Key_Right:
        moveSelection(event->key());
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

bool FlameGraphWidget::event(QEvent *event) {
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        if (const FlameFrame *frame = frameAt(help->pos()))
            QToolTip::showText(help->globalPos(), toolTipFor(*frame), this, rectOf(*frame).toAlignedRect());
        else
            QToolTip::hideText();
        return true;
    }
    if (event->type() == QEvent::FocusIn || event->type() == QEvent::FocusOut) update();
    return QWidget::event(event);
}

} // namespace perfglass
