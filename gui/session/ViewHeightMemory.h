// The heights the user gave the views tabbed below the flame graph, one per view: dragging the splitter
// between the flame graph and the tabs while a view is in front sets that view's height, which the page
// gives it again when it is brought forward (instead of the height the page would compute for it).
//
// A height is the user's when the flame graph and the view in front traded height (their sum unchanged) while
// the page kept its size and did not lay out the docks itself: the page calls settle() after each layout of
// its own (a view given room, the window resized, a layout restored), which takes the heights as they are.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSize>

#include <functional>
#include <optional>

class QDockWidget;
class QMainWindow;

namespace perfglass {

class ViewHeightMemory : public QObject {
    Q_OBJECT
public:
    ViewHeightMemory(QMainWindow *page, QDockWidget *flameGraph, const QList<QDockWidget *> &views);

    // The height the user chose for VIEW, if any.
    std::optional<int> chosenHeight(const QDockWidget *view) const;
    // The docks as laid out now are the page's doing, not the user's.
    void settle();
    // The same once the page's pending layout is done, after FIRST (a last adjustment of the page's own),
    // outside the dock layout's own handling (a tab being switched): until then no height is the user's.
    void settleLater(std::function<void()> first = {});
    void forget();

    // The chosen heights by view (dock object name), to keep with the page's saved layout.
    QHash<QString, int> chosenHeights() const { return chosen_; }
    void setChosenHeights(const QHash<QString, int> &heights) { chosen_ = heights; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QDockWidget *viewInFront() const;
    void noticeUserHeight();

    QMainWindow *page_;
    QDockWidget *flameGraph_;
    QList<QPointer<QDockWidget>> views_;
    QHash<QString, int> chosen_;
    // The layout as last settled.
    QSize pageSize_;
    QPointer<QDockWidget> front_;
    int flameHeight_ = -1;
    int frontHeight_ = -1;
    bool checkPending_ = false;
    bool settling_ = false;
};

} // namespace perfglass
