// The view-model of a flame graph over a top-down CallTree: what each frame is called, which module it comes
// from, its share of the cost, its depth; which node the view is zoomed into, with a history to go back; and
// which frames match a search; which frames are inline frames, what they were inlined into, and where in the
// source a frame's function spends its samples. layout() turns this into rectangles (as fractions of the
// width) for a painter. It holds the top-down and the bottom-up tree of a session and shows one of them
// (setBottomUp: the root's children are then the functions samples end in, their callers above them).
// Frames cheaper than the merge threshold (a share of the zoomed frame) are drawn as one "small frames" block
// per parent.
#pragma once

#include "CallPath.h"
#include "CostFormat.h"
#include "analysis/CallTree.h"
#include "analysis/FrameCategory.h"
#include "profile/ReadableNames.h"
#include "profile/SourceLocations.h"

#include <QColor>
#include <QList>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace perfglass {

inline QColor toQColor(Rgb rgb) {
    return {rgb.red, rgb.green, rgb.blue};
}

// One rectangle of a flame graph layout.
struct FlameFrame {
    uint32_t node = 0;        // the CallTree node; for a merged block, the parent of the merged frames
    uint32_t depth = 0;       // row, 0 for the root ("all samples")
    double x = 0;             // left edge, as a fraction of the full width
    double width = 0;         // as a fraction of the full width
    uint64_t cost = 0;        // inclusive cost of the frame (or of all merged frames)
    uint32_t mergedCount = 0; // > 0: a block standing for this many frames too narrow to draw one by one
    bool ancestor = false;    // a caller of the zoomed node, drawn full width below it
    bool matched = false;     // the frame's function matches the search
    bool inlined = false;     // an inline frame (CallTreeNode::inlined); false for merged blocks
};

class FlameGraphModel : public QObject {
    Q_OBJECT
public:
    explicit FlameGraphModel(QObject *parent = nullptr);
    ~FlameGraphModel() override = default;

    static constexpr double kDefaultMergeThreshold = 0.001; // 0.1 % of the zoomed frame, as hotspot's default

    // Shows TREE (top-down); no bottom-up tree.
    void setTree(std::shared_ptr<const CallTree> tree, CostUnit unit);
    // The session's two trees; the one shown follows isBottomUp(). The zoom and its history stay on the same
    // call paths where the new trees have them (another filter, the file read again).
    void setTrees(std::shared_ptr<const CallTree> topDown, std::shared_ptr<const CallTree> bottomUp,
                  CostUnit unit);
    // The tree shown (top-down or bottom-up); node ids of the other calls refer to it.
    const std::shared_ptr<const CallTree> &tree() const { return tree_; }
    bool isBottomUp() const { return bottomUp_; }
    bool hasBottomUpTree() const { return bottomUpTree_ != nullptr; }
    // The session's bottom-up tree made after its top-down tree (SessionDocument::bottomUpMade): shown at
    // once when the graph is bottom-up, zoomed where it was before it waited for this tree.
    void setBottomUpTree(std::shared_ptr<const CallTree> bottomUp);
    // Whether bottom-up trees are made on request (the session's flame graph): the graph may then be
    // bottom-up without one, and shows nothing until setBottomUpTree() brings it (waitsForBottomUp()).
    void setBottomUpOnRequest(bool onRequest) {
        bottomUpOnRequest_ = onRequest;
        if (!onRequest) waitingZoom_.clear();
    }
    // Whether the graph can be switched to bottom-up (or back): it has that tree, or can ask for it.
    bool offersBottomUp() const { return bottomUpTree_ || bottomUp_ || (bottomUpOnRequest_ && tree_); }
    bool waitsForBottomUp() const {
        return bottomUp_ && !bottomUpTree_ && topDownTree_ && bottomUpOnRequest_;
    }
    // Frames whose cost is below this share (0..1) of the zoomed frame merge into a "small frames" block.
    double mergeThreshold() const { return mergeThreshold_; }
    bool isEmpty() const { return !tree_ || tree_->total() == 0; }
    CostUnit costUnit() const { return unit_; }

    // About one node. The root (CallTree::kRoot) is "all samples". name is what views show (readable
    // unless switched off, FunctionNames.h); fullName the demangled name, for tooltips and copies.
    QString name(uint32_t node) const;
    QString fullName(uint32_t node) const;
    QString moduleName(uint32_t node) const;
    QString modulePath(uint32_t node) const;
    FrameCategory category(uint32_t node) const;
    // The node's colour were it not inline (FramePalette::outOfLineColour); the widget pales inline frames.
    virtual QColor outOfLineColor(uint32_t node) const;
    // More lines for the node's tooltip (rich text, without a leading break), e.g. a comparison's numbers.
    virtual QString extraToolTip(uint32_t node) const;
    // The synthetic "[broken stack]" frame under which stacks that could not be unwound to the end hang.
    bool isBrokenStack(uint32_t node) const;
    // An inline frame: its function's code inlined into its caller (CallTreeNode::inlined).
    bool isInlined(uint32_t node) const;
    // The function NODE was inlined into (its caller), or "" for other frames.
    QString inlinedInto(uint32_t node) const;
    // The full "path/file.cpp:line" of the node's function (FrameDetails.h), or "" when unknown.
    QString location(uint32_t node) const;
    uint64_t cost(uint32_t node) const;
    uint64_t selfCost(uint32_t node) const;
    double share(uint32_t node) const; // of all samples, 0..1
    uint32_t depth(uint32_t node) const;
    uint32_t parentOf(uint32_t node) const;
    const std::vector<uint32_t> &childrenOf(uint32_t node) const;
    uint32_t maxDepth() const;
    uint64_t totalCost() const;
    // The nodes from the root down to NODE, both included.
    QList<uint32_t> pathTo(uint32_t node) const;
    // The first node (in depth-first order, heaviest first) whose function's shown or full name is NAME, or
    // kRoot.
    uint32_t findNode(const QString &name) const;

    // Zoom: the node shown at full width. back() returns to the previous zoom.
    uint32_t zoomRoot() const { return zoomRoot_; }
    bool canGoBack() const { return !history_.empty(); }
    bool isZoomed() const { return zoomRoot_ != CallTree::kRoot; }

    // Search: frames whose function's shown or full name contains the text (case-insensitive).
    QString searchText() const { return search_; }
    bool isMatch(uint32_t node) const;
    // The cost of the samples with a matching function anywhere on their stack, and its share of all.
    uint64_t matchedCost() const { return matchedCost_; }
    double matchedShare() const;
    int matchedFrameCount() const { return matchedFrames_; }

    // Rectangles for the current zoom. Frames narrower than MINWIDTH (a fraction of the width) are merged
    // into one block per parent, and not descended into; the block is drawn when it is at least
    // MINBLOCKWIDTH wide (by default MINWIDTH: a merge threshold above a pixel still shows its block).
    std::vector<FlameFrame> layout(double minWidth, double minBlockWidth = -1.0) const;
    // The children of PARENT that a layout with MINWIDTH merges into its "small frames" block, heaviest
    // first.
    std::vector<uint32_t> mergedChildren(uint32_t parent, double minWidth) const;
    // The width (a fraction of the full width) below which layout merges frames, for a MINPIXELWIDTH that is
    // this fraction of the widget: the larger of the two and the merge threshold.
    double mergeWidth(double minPixelWidth) const;

public slots:
    void zoomTo(uint32_t node);
    bool back();
    void resetZoom();
    void setSearchText(const QString &text);
    // Shows the bottom-up tree (when there is one) or the top-down tree; the zoom starts over.
    void setBottomUp(bool bottomUp);
    void setMergeThreshold(double share);

signals:
    void treeChanged();
    void zoomChanged(uint32_t node);
    void searchChanged();
    void mergeThresholdChanged();

private:
    void showTree(const std::vector<CallPath> &zoomPaths);
    void restoreZoom(const std::vector<CallPath> &zoomPaths);
    void updateMatches();

    std::shared_ptr<const CallTree> tree_;
    std::shared_ptr<const CallTree> topDownTree_;
    std::shared_ptr<const CallTree> bottomUpTree_;
    bool bottomUp_ = false;
    bool bottomUpOnRequest_ = false;
    double mergeThreshold_ = kDefaultMergeThreshold;
    std::shared_ptr<const SourceLocations> locations_;
    std::shared_ptr<const ReadableNames> names_;
    CostUnit unit_ = CostUnit::Count;
    std::vector<uint32_t> depth_;
    uint32_t zoomRoot_ = CallTree::kRoot;
    std::vector<uint32_t> history_;
    // The zoom and its history while the graph waits for its bottom-up tree (waitsForBottomUp(): a filter
    // applied to a bottom-up graph), restored when setBottomUpTree() brings the tree.
    std::vector<CallPath> waitingZoom_;
    QString search_;
    std::vector<bool> functionMatches_;
    uint64_t matchedCost_ = 0;
    int matchedFrames_ = 0;
};

} // namespace perfglass
