// Paints the jumps within a function as arrows in the address column of the disassembly (as perf's TUI
// does): a line per jump in its lane (AnnotationModel::jumpMarks), from the jump down or up to its target,
// with an arrowhead at the target; the address is drawn right-aligned beside them.
#pragma once

#include <QStyledItemDelegate>

namespace perfglass {

// No Q_OBJECT: it adds no signals, slots or texts.
class JumpArrowDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
};

} // namespace perfglass
