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
    , viewport_(view->viewport())
    , column_(column)
    , minimumWidth_(minimumWidth) {
    view->header()->setSectionResizeMode(column, QHeaderView::Interactive);
    viewport_->installEventFilter(this);
    // Showing or hiding a column (Location appears with source information) changes what is left.
    connect(view->header(), &QHeaderView::sectionCountChanged, this, &FunctionColumnSizer::fit);
    connect(view->header(), &QHeaderView::sectionResized, this, [this](int index) {
        if (index != column_) fit();
    });
    fit();
}

// Only the stored pointers are compared here: events also arrive while the view is being destroyed, when it
// must not be called any more.
bool FunctionColumnSizer::eventFilter(QObject *watched, QEvent *event) {
    if ((event->type() == QEvent::Resize || event->type() == QEvent::Show) && watched == viewport_) fit();
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
