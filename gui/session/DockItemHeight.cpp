#include "DockItemHeight.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QTabBar>

#include <cstdlib>

namespace perfglass {

// The dock layout puts the tab bar of tabbed docks (a child of the main window) right under them, as wide as
// they are. A dock brought forward by the user is in front of its tab group, so the bar below it is its own.
int tabBarHeightBelow(const QMainWindow &window, const QDockWidget &dock) {
    if (dock.isFloating() || !dock.isVisible()) return 0;
    const QRect rect = dock.geometry();
    const QList<QTabBar *> bars = window.findChildren<QTabBar *>(Qt::FindDirectChildrenOnly);
    for (const QTabBar *bar : bars) {
        if (!bar->isVisible()) continue;
        const QRect barRect = bar->geometry();
        const bool below = std::abs(barRect.top() - (rect.bottom() + 1)) <= 2;
        const bool sameWidth =
            std::abs(barRect.left() - rect.left()) <= 2 && std::abs(barRect.right() - rect.right()) <= 2;
        if (below && sameWidth) return barRect.height();
    }
    return 0;
}

} // namespace perfglass
