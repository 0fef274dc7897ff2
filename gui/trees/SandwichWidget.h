// The sandwich flame graph of one function (as speedscope's sandwich view): the function as one full-width
// frame in the middle, the functions it calls stacked upward above it (a flame graph rooted at the function),
// and the functions that call it stacked downward below it (its callers, their callers, …), each frame as
// wide as its share of the function's inclusive cost. Custom-painted; a click on a frame asks to move to that
// function; tooltips give full names and costs.
#pragma once

#include "CostFormat.h"
#include "analysis/CallerCallee.h"
#include "profile/ReadableNames.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

namespace perfglass {

class SandwichWidget : public QWidget {
    Q_OBJECT
public:
    explicit SandwichWidget(QWidget *parent = nullptr);

    // RESULT was computed on PROFILE; an empty pointer shows nothing.
    void setResult(std::shared_ptr<const CallerCallee> result, std::shared_ptr<const Profile> profile,
                   CostUnit unit);
    // Where NODE of the callers' (CALLERS) or callees' tree is drawn, if it is; node 0 is the middle frame.
    std::optional<QRectF> frameRect(bool callers, uint32_t node) const;
    int rowHeight() const;
    // The top of the middle frame (the function), for scrolling it into view.
    int middleY() const { return middleRow_ * rowHeight(); }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // The user clicked the frame of FUNCTION (not the middle one).
    void functionActivated(uint32_t function);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Box {
        QRectF rect;
        bool callers = false;
        uint32_t node = 0;
        int level = 0; // rows above (callees, negative) or below (callers) the middle frame
    };
    const SandwichTree &tree(bool callers) const;
    void layoutBoxes();
    void layoutTree(bool callers);
    const Box *boxAt(const QPointF &point) const;
    void paintBox(QPainter &painter, const Box &box) const;
    QString label(const Box &box) const;
    QString toolTip(const Box &box) const;
    QString name(FunctionId function, bool full) const;

    std::shared_ptr<const CallerCallee> result_;
    std::shared_ptr<const Profile> profile_;
    std::shared_ptr<const ReadableNames> names_;
    CostUnit unit_ = CostUnit::Count;
    std::vector<Box> boxes_;
    std::optional<size_t> hovered_;
    int middleRow_ = 0;
};

} // namespace perfglass
