#include "DiffFlameGraphModel.h"

#include <algorithm>
#include <cmath>

namespace perfglass {

namespace {

double largestChangeOf(const CallTreeDiff *diff, DiffNormalize normalize) {
    if (!diff) return 0;
    const DiffScale scale = diff->scale(normalize);
    double largest = 0;
    for (uint32_t i = 1; i < diff->nodes().size(); ++i) {
        const DiffTreeNode &node = diff->node(i);
        largest =
            std::max(largest, std::abs(scale.delta(node.baseline.inclusive, node.comparison.inclusive)));
    }
    return largest;
}

} // namespace

DiffFlameGraphModel::DiffFlameGraphModel(QObject *parent)
    : FlameGraphModel(parent) {}

void DiffFlameGraphModel::setDiffs(std::shared_ptr<const CallTreeDiff> topDown,
                                   std::shared_ptr<const CallTreeDiff> bottomUp, CostUnit unit) {
    topDown_ = std::move(topDown);
    bottomUp_ = std::move(bottomUp);
    unit_ = unit;
    measureChanges();
    showShape();
}

void DiffFlameGraphModel::setNormalize(DiffNormalize normalize) {
    if (normalize_ == normalize) return;
    normalize_ = normalize;
    measureChanges();
}

void DiffFlameGraphModel::measureChanges() {
    largestTopDown_ = largestChangeOf(topDown_.get(), normalize_);
    largestBottomUp_ = largestChangeOf(bottomUp_.get(), normalize_);
}

void DiffFlameGraphModel::setBaselineShape(bool baseline) {
    if (baselineShape_ == baseline) return;
    baselineShape_ = baseline;
    showShape();
}

void DiffFlameGraphModel::showShape() {
    if (!topDown_) return;
    auto side = [&](const std::shared_ptr<const CallTreeDiff> &diff) {
        if (!diff) return std::shared_ptr<const CallTree>();
        return baselineShape_ ? diff->baselineTree() : diff->comparisonTree();
    };
    setTrees(side(topDown_), side(bottomUp_), unit_);
}

uint32_t DiffFlameGraphModel::diffNode(uint32_t node) const {
    const auto &shown = diff();
    if (!shown) return CallTreeDiff::kRoot;
    return baselineShape_ ? shown->fromBaseline(node) : shown->fromComparison(node);
}

std::optional<uint32_t> DiffFlameGraphModel::shownNode(uint32_t diffNode) const {
    const auto &shown = diff();
    const auto &tree = this->tree();
    if (!shown || !tree) return std::nullopt;
    for (uint32_t node = 0; node < tree->nodes().size(); ++node)
        if (this->diffNode(node) == diffNode) return node;
    return std::nullopt;
}

double DiffFlameGraphModel::change(uint32_t node) const {
    const auto &shown = diff();
    if (!shown) return 0;
    const DiffTreeNode &merged = shown->node(diffNode(node));
    return shown->scale(normalize_).delta(merged.baseline.inclusive, merged.comparison.inclusive);
}

double DiffFlameGraphModel::largestChange() const {
    return isBottomUp() ? largestBottomUp_ : largestTopDown_;
}

QColor DiffFlameGraphModel::changeColor(double fraction) {
    const double t = std::clamp(std::abs(fraction), 0.0, 1.0);
    const int pale = static_cast<int>(std::lround(238 - 190 * t));
    if (fraction >= 0) return {250, pale, pale};
    return {pale, pale, 250};
}

QColor DiffFlameGraphModel::outOfLineColor(uint32_t node) const {
    const auto &shown = diff();
    if (!shown || node == CallTree::kRoot) return FlameGraphModel::outOfLineColor(node);
    const DiffTreeNode &merged = shown->node(diffNode(node));
    if (merged.baseline.inclusive == 0) return newColor();
    if (merged.comparison.inclusive == 0) return vanishedColor();
    const double largest = largestChange();
    return changeColor(largest > 0 ? change(node) / largest : 0.0);
}

QString DiffFlameGraphModel::extraToolTip(uint32_t node) const {
    const auto &shown = diff();
    if (!shown) return {};
    const DiffTreeNode &merged = shown->node(diffNode(node));
    const double delta = change(node);
    const QString sign = delta > 0 ? QStringLiteral("+") : QString();
    QString text = tr("Baseline: %1 · Comparison: %2 · ")
                       .arg(formatPercent(merged.baseline.inclusive, shown->baselineTotal()),
                            formatPercent(merged.comparison.inclusive, shown->comparisonTotal()));
    if (normalize_ == DiffNormalize::Time)
        text += tr("Change: %1 s").arg(sign + QString::number(delta, 'f', 4));
    else
        text += tr("Change: %1 points").arg(sign + QString::number(delta, 'f', 2));
    if (merged.baseline.inclusive == 0) text += tr("<br><b>New in the comparison</b>");
    if (merged.comparison.inclusive == 0) text += tr("<br><b>Vanished in the comparison</b>");
    return text;
}

} // namespace perfglass
