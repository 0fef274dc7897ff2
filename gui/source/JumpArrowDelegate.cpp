#include "JumpArrowDelegate.h"

#include "AnnotationModel.h"

#include <QPainter>
#include <QPainterPath>

namespace perfglass {

namespace {
constexpr int kLaneWidth = 6;
} // namespace

void JumpArrowDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const {
    QStyleOptionViewItem textOption = option;
    textOption.displayAlignment = Qt::AlignRight | Qt::AlignVCenter;
    QStyledItemDelegate::paint(painter, textOption, index);
    const auto *model = qobject_cast<const AnnotationModel *>(index.model());
    if (!model) return;
    const auto &marks = model->jumpMarks(index.row());
    if (marks.empty()) return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const QRect rect = option.rect;
    const int middle = rect.center().y();
    const int right = rect.left() + AnnotationModel::kJumpLanes * kLaneWidth + 4;
    for (const auto &mark : marks) {
        // Lane 0 (the shortest jumps) is nearest to the address.
        const int x = rect.left() + (AnnotationModel::kJumpLanes - mark.lane) * kLaneWidth - kLaneWidth / 2;
        QColor color = QColor::fromHsv((mark.lane * 47) % 360, 160, 170);
        painter->setPen(QPen(color, 1.2));
        const int top = mark.first ? middle : rect.top();
        const int bottom = mark.last ? middle : rect.bottom() + 1;
        painter->drawLine(x, top, x, bottom);
        if (!mark.first && !mark.last) continue;
        painter->drawLine(x, middle, right, middle);
        if (mark.target) {
            QPainterPath head;
            head.moveTo(right, middle);
            head.lineTo(right - 4, middle - 3);
            head.lineTo(right - 4, middle + 3);
            head.closeSubpath();
            painter->fillPath(head, color);
        }
    }
    painter->restore();
}

} // namespace perfglass
