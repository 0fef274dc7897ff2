// The view-model of a differential flame graph: a FlameGraphModel that draws one side of a comparison
// (CallTreeDiff) and colours each frame by how its inclusive share (setNormalize(Time): its seconds) changed,
// as Brendan Gregg's differential flame graphs do: red where it grew, blue where it shrank, near white where
// it stayed, the intensity by the size of the change (relative to the largest change of any frame). By
// default it draws the comparison's shape (frames new in the comparison are full red); setBaselineShape draws
// the baseline's instead, so that frames that vanished in the comparison show, full blue. The tooltip gives
// both shares and the change.
#pragma once

#include "FlameGraphModel.h"
#include "analysis/CallTreeDiff.h"

#include <memory>
#include <optional>

namespace perfglass {

class DiffFlameGraphModel : public FlameGraphModel {
    Q_OBJECT
public:
    explicit DiffFlameGraphModel(QObject *parent = nullptr);

    // The top-down and the bottom-up comparison of the same two sides; the one shown follows isBottomUp().
    void setDiffs(std::shared_ptr<const CallTreeDiff> topDown, std::shared_ptr<const CallTreeDiff> bottomUp,
                  CostUnit unit);
    const std::shared_ptr<const CallTreeDiff> &diff() const { return isBottomUp() ? bottomUp_ : topDown_; }
    bool isBaselineShape() const { return baselineShape_; }
    // The merged comparison node of NODE, a node of the tree shown.
    uint32_t diffNode(uint32_t node) const;
    // The node of the tree shown that DIFFNODE (a node of diff()) merged, if that side has it.
    std::optional<uint32_t> shownNode(uint32_t diffNode) const;
    // How changes are measured: in percentage points of each side's total (the default) or in seconds.
    DiffNormalize normalize() const { return normalize_; }
    void setNormalize(DiffNormalize normalize);
    // The change of NODE's inclusive cost, in percentage points or seconds (positive: it grew).
    double change(uint32_t node) const;
    // The largest change (absolute) of any frame of the comparison shown; colours scale to it.
    double largestChange() const;

    // Red for growth, blue for shrinkage; FRACTION of the largest change, -1 to 1.
    static QColor changeColor(double fraction);
    static QColor newColor() { return changeColor(1.0); }
    static QColor vanishedColor() { return changeColor(-1.0); }

    QColor outOfLineColor(uint32_t node) const override;
    QString extraToolTip(uint32_t node) const override;

public slots:
    // Draw the baseline's shape (with the frames that vanished) instead of the comparison's.
    void setBaselineShape(bool baseline);

private:
    void showShape();
    void measureChanges();

    std::shared_ptr<const CallTreeDiff> topDown_;
    std::shared_ptr<const CallTreeDiff> bottomUp_;
    double largestTopDown_ = 0;
    double largestBottomUp_ = 0;
    CostUnit unit_ = CostUnit::Count;
    DiffNormalize normalize_ = DiffNormalize::Share;
    bool baselineShape_ = false;
};

} // namespace perfglass
