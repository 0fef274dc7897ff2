// Paints a cost share as a bar behind the cell's text, so the heavy rows of a call tree stand out at a
// glance.
#pragma once

#include <QStyledItemDelegate>

namespace perfglass {

class CostBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    // SHAREROLE holds the share (0..1) to draw.
    explicit CostBarDelegate(int shareRole, QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;

private:
    int shareRole_;
};

} // namespace perfglass
