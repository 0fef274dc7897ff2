#include "SandwichWidget.h"

#include "FlameGraphModel.h"
#include "FrameDetails.h"
#include "FunctionNames.h"
#include "analysis/FrameCategory.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace perfglass {

namespace {
constexpr double kMinFrameWidth = 1.0; // pixels: narrower frames, and what they call, are not drawn
constexpr int kMaxRowsEachSide = 40;   // deeper paths are cut there; the tables and trees show the rest
} // namespace

SandwichWidget::SandwichWidget(QWidget *parent)
    : QWidget(parent) {
    setMouseTracking(true);
    setAccessibleName(tr("Sandwich flame graph: callees above the function, callers below"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void SandwichWidget::setResult(std::shared_ptr<const CallerCallee> result,
                               std::shared_ptr<const Profile> profile, CostUnit unit) {
    result_ = std::move(result);
    profile_ = result_ ? std::move(profile) : nullptr;
    names_ = profile_ ? readableNamesOf(profile_) : nullptr;
    unit_ = unit;
    hovered_.reset();
    layoutBoxes();
    update();
}

int SandwichWidget::rowHeight() const {
    return fontMetrics().height() + 6;
}

const SandwichTree &SandwichWidget::tree(bool callers) const {
    return callers ? result_->callerTree : result_->calleeTree;
}

QSize SandwichWidget::sizeHint() const {
    return {400, height()};
}

QSize SandwichWidget::minimumSizeHint() const {
    return {100, 3 * rowHeight()};
}

// Lays the frames out for the width, then takes the height their rows need (frames too narrow to draw do not
// count: deep, thin kernel stacks would leave empty rows).
void SandwichWidget::layoutBoxes() {
    boxes_.clear();
    middleRow_ = 0;
    if (result_ && result_->inclusive > 0) {
        boxes_.push_back({QRectF(0, 0, width(), rowHeight() - 1), false, SandwichTree::kRoot, 0});
        layoutTree(false);
        layoutTree(true);
    }
    int top = 0;
    int bottom = 0;
    for (const Box &box : boxes_) {
        top = std::min(top, box.level);
        bottom = std::max(bottom, box.level);
    }
    middleRow_ = -top;
    for (Box &box : boxes_)
        box.rect.moveTop((box.level - top) * rowHeight());
    const int rows = std::max(bottom - top + 1, 3);
    if (height() != rows * rowHeight()) setFixedHeight(rows * rowHeight());
}

// The frames of one tree, depth-first: each child starts where its previous sibling ended.
void SandwichWidget::layoutTree(bool callers) {
    const SandwichTree &t = tree(callers);
    const double scale = width() / static_cast<double>(t.node(SandwichTree::kRoot).cost);
    struct Pending {
        uint32_t node;
        double x;
        int depth;
    };
    std::vector<Pending> stack{{SandwichTree::kRoot, 0.0, 0}};
    while (!stack.empty()) {
        const Pending at = stack.back();
        stack.pop_back();
        if (at.depth >= kMaxRowsEachSide) continue;
        double x = at.x;
        for (uint32_t child : t.node(at.node).children) {
            const double w = static_cast<double>(t.node(child).cost) * scale;
            if (w < kMinFrameWidth) break; // children are sorted by cost
            const int level = (callers ? 1 : -1) * (at.depth + 1);
            boxes_.push_back({QRectF(x, 0, w, rowHeight() - 1), callers, child, level});
            stack.push_back({child, x, at.depth + 1});
            x += w;
        }
    }
}

std::optional<QRectF> SandwichWidget::frameRect(bool callers, uint32_t node) const {
    for (const Box &box : boxes_)
        if (box.node == node && (node == SandwichTree::kRoot || box.callers == callers)) return box.rect;
    return std::nullopt;
}

const SandwichWidget::Box *SandwichWidget::boxAt(const QPointF &point) const {
    for (const Box &box : boxes_)
        if (box.rect.contains(point)) return &box;
    return nullptr;
}

QString SandwichWidget::name(FunctionId function, bool full) const {
    const std::string &fullName = result_->stacks ? result_->stacks->functionName(*profile_, function)
                                                  : profile_->functionName(function);
    return full ? QString::fromStdString(fullName) : displayName(names_.get(), function, fullName);
}

QString SandwichWidget::label(const Box &box) const {
    const SandwichTree::Node &node = tree(box.callers).node(box.node);
    const QString text = name(node.function, false) + (node.inlined ? inlinedSuffix() : QString());
    const QFontMetricsF metrics(font());
    const double room = box.rect.width() - 6;
    if (metrics.horizontalAdvance(text) <= room) return text;
    const QString elided = metrics.elidedText(text, Qt::ElideRight, room);
    return elided.size() > 2 ? elided : QString();
}

void SandwichWidget::paintBox(QPainter &painter, const Box &box) const {
    const SandwichTree::Node &node = tree(box.callers).node(box.node);
    const ModuleId module = result_->stacks ? result_->stacks->functionModule(*profile_, node.function)
                                            : profile_->functions[node.function].module;
    const std::string &fullName = name(node.function, true).toStdString();
    Rgb rgb = FramePalette::frameColour(frameCategory(*profile_, module), fullName);
    if (node.inlined) rgb = FramePalette::inlinedColour(rgb);
    QColor fill = toQColor(rgb);
    const bool isHovered = hovered_ && &boxes_[*hovered_] == &box;
    if (isHovered) fill = fill.lighter(118);
    painter.fillRect(box.rect, fill);
    if (box.node == SandwichTree::kRoot) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.drawRect(box.rect.adjusted(1, 1, -1, -1));
    }
    const QString text = label(box);
    if (text.isEmpty()) return;
    painter.setPen(Qt::black);
    painter.drawText(box.rect.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
}

void SandwichWidget::paintEvent(QPaintEvent *) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (boxes_.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("Select a function to see its callers and callees."));
        return;
    }
    for (const Box &box : boxes_)
        paintBox(painter, box);
}

QString SandwichWidget::toolTip(const Box &box) const {
    const SandwichTree::Node &node = tree(box.callers).node(box.node);
    QString text = QStringLiteral("<b>%1</b>").arg(name(node.function, true).toHtmlEscaped());
    if (node.inlined) text += inlinedSuffix().toHtmlEscaped();
    text += tr("<br>%1 of all samples (%2)")
                .arg(formatPercent(node.cost, result_->total), formatCost(node.cost, unit_));
    if (box.node != SandwichTree::kRoot)
        text += (box.callers ? tr("<br>Calls the function (maybe through others) in %1 of its cost")
                             : tr("<br>Called by the function (maybe through others) in %1 of its cost"))
                    .arg(formatPercent(node.cost, result_->inclusive));
    return text;
}

bool SandwichWidget::event(QEvent *event) {
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        if (const Box *box = boxAt(help->pos()))
            QToolTip::showText(help->globalPos(), toolTip(*box), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void SandwichWidget::mouseMoveEvent(QMouseEvent *event) {
    const Box *box = boxAt(event->position());
    const std::optional<size_t> index =
        box ? std::optional<size_t>(static_cast<size_t>(box - boxes_.data())) : std::nullopt;
    if (index == hovered_) return;
    hovered_ = index;
    setCursor(box && box->node != SandwichTree::kRoot ? Qt::PointingHandCursor : Qt::ArrowCursor);
    update();
}

void SandwichWidget::leaveEvent(QEvent *) {
    hovered_.reset();
    update();
}

void SandwichWidget::mouseReleaseEvent(QMouseEvent *event) {
    if (event->button() != Qt::LeftButton) return;
    const Box *box = boxAt(event->position());
    if (!box || box->node == SandwichTree::kRoot) return;
    emit functionActivated(tree(box->callers).node(box->node).function);
}

void SandwichWidget::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    layoutBoxes();
}

} // namespace perfglass
