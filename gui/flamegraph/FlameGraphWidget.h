// A custom-painted flame graph: the root ("all samples") is the bottom row and callees stack upwards, as in
// Brendan Gregg's flamegraph.pl and in hotspot; siblings are ordered heaviest first, from the left. As an
// icicle (setIcicle) the root is the top row and callees hang below it. Frames narrower than about a pixel or
// cheaper than the model's merge threshold are merged into one hatched "small frames" block per parent (its
// tooltip names them) and not descended into, so painting stays fast on any profile. Colours tell the
// module's kind: warm for the application, blue for system libraries, green for the kernel, grey for unknown
// code, dark red for "[broken stack]", the frame under which stacks that could not be unwound to their end
// hang. Inline frames (a function's code inlined into its caller) are a paler shade of their colour with a
// dashed outline and an italic label; their tooltip says what they were inlined into and, where known, the
// source file and line. The widget is at least as tall as the graph's rows and draws them from its root edge
// (the bottom, or the top for an icicle), so in a scroll area taller than the graph the root row stays at the
// view's edge, and a deeper graph scrolls. Hover highlights a frame and its tooltip gives the function,
// module and share; a click zooms into the frame; a right click on a frame asks for its context menu
// (contextMenuRequested), elsewhere it goes back, as do Escape, Backspace and the mouse's back button.
// Keyboard: arrows move the selection (Up to the heaviest callee, Down to the caller, the other way round in
// an icicle; Left/Right to siblings), Enter zooms into it, Home shows everything.
#pragma once

#include "FlameGraphModel.h"

#include <QWidget>

#include <optional>
#include <vector>

namespace perfglass {

class FlameGraphWidget : public QWidget {
    Q_OBJECT
public:
    explicit FlameGraphWidget(FlameGraphModel *model, QWidget *parent = nullptr);

    FlameGraphModel *model() const { return model_; }
    // The rectangle of NODE in the current layout (widget coordinates), or nothing when it is not drawn.
    std::optional<QRectF> frameRect(uint32_t node) const;
    // The frame under POS, if any.
    const FlameFrame *frameAt(QPointF pos) const;
    std::optional<uint32_t> selectedNode() const { return selected_; }
    int rowHeight() const;

    // The height that shows every row of the graph.
    int contentHeight() const;
    // Root row on top, callees below (an icicle), instead of the root at the bottom.
    bool isIcicle() const { return icicle_; }
    void setIcicle(bool icicle);
    // The width (a fraction of the full width) below which frames merge in the current layout.
    double mergeWidth() const;
    // Whether the graph shows a partial profile (a large file still being read): PERFGLASS_TIMING then
    // marks its first paint as "first partial flame graph painted".
    void setPartial(bool partial) { partial_ = partial; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public slots:
    void selectNode(uint32_t node);

signals:
    // The user picked NODE (click or keyboard), e.g. to show it in other views.
    void nodeActivated(uint32_t node);
    // The frame under the mouse changed; hovered is false when the mouse left every frame.
    void hoverChanged(bool hovered, uint32_t node);
    // The user asked for the context menu of NODE (right click, the menu key on the selected frame).
    void contextMenuRequested(uint32_t node, const QPoint &globalPos);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool event(QEvent *event) override;

private:
    const std::vector<FlameFrame> &frames() const;
    void invalidateLayout();
    QRectF rectOf(const FlameFrame &frame) const;
    double usableWidth() const;
    void paintFrame(QPainter &painter, const FlameFrame &frame, const QRectF &rect) const;
    QString labelFor(const FlameFrame &frame, double width) const;
    QString toolTipFor(const FlameFrame &frame) const;
    QString mergedToolTip(const FlameFrame &frame) const;
    void setHovered(const FlameFrame *frame);
    void moveSelection(int key);
    void updateMinimumHeight();

    FlameGraphModel *model_;
    mutable std::vector<FlameFrame> layout_;
    mutable bool layoutValid_ = false;
    mutable double layoutWidth_ = 0;
    std::optional<uint32_t> hovered_;
    bool hoveredMerged_ = false;
    std::optional<uint32_t> selected_;
    bool icicle_ = false;
    bool partial_ = false;
};

} // namespace perfglass
