#include "FunctionColumnSizer.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTreeView>

#include <algorithm>

namespace perfglass {

FunctionColumnSizer::FunctionColumnSizer(QTreeView *view, int column, int minimumWidth)
    : QObject(view)
    , view_(view)
    , column_(column)
    , minimumWidth_(minimumWidth) {
    view->header()->setSectionResizeMode(column, QHeaderView::Interactive);
    view->viewport()->installEventFilter(this);
    // Showing or hiding a column (Location appears with source information) changes what is left.
    connect(view->header(), &QHeaderView::sectionCountChanged, this, &FunctionColumnSizer::fit);
    connect(view->header(), &QHeaderView::sectionResized, this, [this](int index) {
        if (index != column_) fit();
    });
    fit();
}

bool FunctionColumnSizer::eventFilter(QObject *watched, QEvent *event) {
    if (watched == view_->viewport() && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        fit();
    return QObject::eventFilter(watched, event);
}

void FunctionColumnSizer::fit() {
    const QHeaderView *header = view_->header();
    int others = 0;
    for (int section = 0; section < header->count(); ++section)
        if (section != column_ && !header->isSectionHidden(section)) others += header->sectionSize(section);
    const int width = std::max(minimumWidth_, view_->viewport()->width() - others);
    if (header->sectionSize(column_) != width) view_->header()->resizeSection(column_, width);
}

} // namespace perfglass
