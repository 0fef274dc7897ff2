// Gives the extra height of a growing main window to one dock (the flame graph): the docks stacked above and
// below it keep the heights they had (or that the user dragged them to), as a splitter with one stretching
// part would. A shrinking window takes the height from that dock too, but never below half of the column,
// so at the smallest window size the docks share the height as Qt lays them out. Only docks docked in the
// same column as the growing one are kept; floating, hidden or side-by-side docks are left alone.
#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSize>

class QDockWidget;
class QMainWindow;

namespace perfglass {

class DockHeightKeeper : public QObject {
    Q_OBJECT
public:
    DockHeightKeeper(QMainWindow *window, QDockWidget *growing, const QList<QDockWidget *> &kept);

    // Call from the window's resizeEvent, after its layout placed the docks.
    void windowResized();
    // The heights the kept docks have now are the ones to keep (a session's views were just filled).
    void rememberHeights() { recordHeights(); }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QList<QDockWidget *> keptInColumn() const;
    void recordHeights();

    QMainWindow *window_;
    QDockWidget *growing_;
    QList<QPointer<QDockWidget>> kept_;
    QHash<const QDockWidget *, int> heights_;
    QSize windowSize_;
    bool adjusting_ = false;
};

} // namespace perfglass
