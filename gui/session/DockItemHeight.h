// The height a dock's place takes in its main window's dock layout. QMainWindow::resizeDocks() sets the size
// of that place, which for tabbed docks holds the tab bar as well as the dock: sizes computed from the docks'
// own heights come out short by the tab bars, and the dock layout hands the difference to every dock of the
// column (the timeline above grew by it each time a view got its height back).
#pragma once

class QDockWidget;
class QMainWindow;

namespace perfglass {

// The height of the tab bar below DOCK when DOCK is one of tabbed docks of WINDOW, else 0.
int tabBarHeightBelow(const QMainWindow &window, const QDockWidget &dock);

// DOCK's height with its tab bar: what QMainWindow::resizeDocks() is to be given for DOCK to be as high as
// it is now.
inline int dockItemHeight(const QMainWindow &window, const QDockWidget &dock, int dockHeight) {
    return dockHeight + tabBarHeightBelow(window, dock);
}

} // namespace perfglass
