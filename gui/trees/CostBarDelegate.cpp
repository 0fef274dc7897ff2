#include "CostBarDelegate.h"

#include <QPainter>

#include <algorithm>

namespace perfglass {

CostBarDelegate::CostBarDelegate(int shareRole, QObject *parent)
    : QStyledItemDelegate(parent)
    , shareRole_(shareRole) {}

void CostBarDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                            const QModelIndex &index) const {
    const double share = std::clamp(index.data(shareRole_).toDouble(), 0.0, 1.0);
    if (share > 0) {
        QRectF bar = QRectF(option.rect).adjusted(2, 3, -2, -3);
        bar.setWidth(bar.width() * share);
        QColor color(240, 130, 40);
        color.setAlpha(option.state & QStyle::State_Selected ? 120 : 70);
        painter->fillRect(bar, color);
    }
    QStyledItemDelegate::paint(painter, option, index);
}

} // namespace perfglass
