#include "DockHeightKeeper.h"

#include "DockItemHeight.h"

#include <QDockWidget>
#include <QEvent>
#include <QLayout>
#include <QMainWindow>

#include <algorithm>

namespace perfglass {

DockHeightKeeper::DockHeightKeeper(QMainWindow *window, QDockWidget *growing,
                                   const QList<QDockWidget *> &kept)
    : QObject(window)
    , window_(window)
    , growing_(growing) {
    for (QDockWidget *dock : kept) {
        kept_.append(dock);
        dock->installEventFilter(this);
    }
}

// A kept dock resized while the window keeps its size: the user moved a splitter, or a view asked for room.
bool DockHeightKeeper::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::Resize && !adjusting_ && window_->size() == windowSize_) {
        const auto *dock = static_cast<const QDockWidget *>(watched);
        heights_[dock] = dock->height();
    }
    return QObject::eventFilter(watched, event);
}

QList<QDockWidget *> DockHeightKeeper::keptInColumn() const {
    QList<QDockWidget *> docks;
    if (growing_->isFloating() || !growing_->isVisible()) return docks;
    const QRect column = growing_->geometry();
    for (const QPointer<QDockWidget> &dock : kept_) {
        if (!dock || dock->isFloating() || !dock->isVisible() || !heights_.contains(dock.data())) continue;
        const QRect rect = dock->geometry();
        const bool stacked = rect.left() < column.right() && rect.right() > column.left() &&
                             (rect.bottom() < column.top() || rect.top() > column.bottom());
        if (stacked) docks.append(dock.data());
    }
    return docks;
}

void DockHeightKeeper::recordHeights() {
    for (const QPointer<QDockWidget> &dock : kept_)
        if (dock && dock->isVisible() && !dock->isFloating()) heights_[dock.data()] = dock->height();
}

void DockHeightKeeper::windowResized() {
    const bool first = !windowSize_.isValid() || heights_.isEmpty();
    const bool heightChanged = window_->height() != windowSize_.height();
    windowSize_ = window_->size();
    if (first || !heightChanged) {
        recordHeights();
        return;
    }
    const QList<QDockWidget *> docks = keptInColumn();
    if (docks.isEmpty()) return;
    QList<int> sizes;
    int kept = 0;
    int column = growing_->height();
    for (QDockWidget *dock : docks) {
        kept += heights_.value(dock);
        column += dock->height();
    }
    // The growing dock keeps at least half of the column: the others shrink in proportion (down to their
    // minimum) when they must.
    const double scale = kept > column / 2 ? static_cast<double>(column / 2) / kept : 1.0;
    int rest = column;
    for (QDockWidget *dock : docks) {
        sizes.append(
            std::max(dock->minimumSizeHint().height(), static_cast<int>(heights_.value(dock) * scale)));
        rest -= sizes.last();
    }
    // The growing dock is given the rest, or Qt shares the difference among all of them.
    QList<QDockWidget *> all = docks;
    all.append(growing_);
    sizes.append(rest);
    // Given with their tab bars: the column's height is shared out exactly, nothing left for Qt to spread.
    for (qsizetype i = 0; i < all.size(); ++i)
        sizes[i] = dockItemHeight(*window_, *all[i], sizes[i]);
    // Laid out at once, so that the docks' resize events of this adjustment are known as such: the heights
    // recorded stay the ones to return to when the window grows again.
    adjusting_ = true;
    window_->resizeDocks(all, sizes, Qt::Vertical);
    if (window_->layout()) window_->layout()->activate();
    adjusting_ = false;
}

} // namespace perfglass
