#include "ViewHeightMemory.h"

#include <QDockWidget>
#include <QEvent>
#include <QLayout>
#include <QMainWindow>
#include <QTimer>

namespace perfglass {

ViewHeightMemory::ViewHeightMemory(QMainWindow *page, QDockWidget *flameGraph,
                                   const QList<QDockWidget *> &views)
    : QObject(page)
    , page_(page)
    , flameGraph_(flameGraph) {
    for (QDockWidget *view : views)
        views_.append(view);
    flameGraph_->installEventFilter(this);
}

std::optional<int> ViewHeightMemory::chosenHeight(const QDockWidget *view) const {
    const auto found = chosen_.constFind(view->objectName());
    if (found == chosen_.cend()) return std::nullopt;
    return *found;
}

// The view in front of the tabs below the flame graph, when both are docked one above the other.
QDockWidget *ViewHeightMemory::viewInFront() const {
    if (flameGraph_->isFloating() || !flameGraph_->isVisible()) return nullptr;
    const QRect flame = flameGraph_->geometry();
    for (const QPointer<QDockWidget> &view : views_) {
        if (!view || view->isFloating() || !view->isVisible()) continue;
        const QRect rect = view->geometry();
        if (rect.top() > flame.bottom() && rect.left() < flame.right() && rect.right() > flame.left())
            return view.data();
    }
    return nullptr;
}

void ViewHeightMemory::settle() {
    // Layout requests still pending would otherwise be taken for the user's.
    if (page_->layout()) page_->layout()->activate();
    pageSize_ = page_->size();
    front_ = viewInFront();
    flameHeight_ = flameGraph_->height();
    frontHeight_ = front_ ? front_->height() : -1;
}

void ViewHeightMemory::settleLater(std::function<void()> first) {
    settling_ = true;
    QTimer::singleShot(0, this, [this, first = std::move(first)] {
        if (first) first();
        settling_ = false;
        settle();
    });
}

void ViewHeightMemory::forget() {
    chosen_.clear();
    settle();
}

// The flame graph changes height: looked at once the layout pass that changed it is over.
bool ViewHeightMemory::eventFilter(QObject *watched, QEvent *event) {
    if (watched == flameGraph_ && event->type() == QEvent::Resize && !checkPending_) {
        checkPending_ = true;
        QTimer::singleShot(0, this, [this] {
            checkPending_ = false;
            noticeUserHeight();
        });
    }
    return QObject::eventFilter(watched, event);
}

// Only the splitter between the two moved (their sum, the page's size and the view in front unchanged) is the
// user's choice: a toolbar shown or the timeline given rows changes the sum.
void ViewHeightMemory::noticeUserHeight() {
    if (settling_ || !front_ || page_->size() != pageSize_ || viewInFront() != front_) return;
    if (flameGraph_->height() == flameHeight_ || front_->height() == frontHeight_) return;
    if (flameGraph_->height() + front_->height() != flameHeight_ + frontHeight_) return;
    chosen_[front_->objectName()] = front_->height();
    flameHeight_ = flameGraph_->height();
    frontHeight_ = front_->height();
}

} // namespace perfglass
