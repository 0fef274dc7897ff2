#include "FlameGraphModel.h"

#include "FrameDetails.h"
#include "FunctionNames.h"

#include <algorithm>
#include <utility>

namespace perfglass {

FlameGraphModel::FlameGraphModel(QObject *parent)
    : QObject(parent) {}

void FlameGraphModel::setTree(std::shared_ptr<const CallTree> tree, CostUnit unit) {
    setTrees(std::move(tree), nullptr, unit);
}

void FlameGraphModel::setTrees(std::shared_ptr<const CallTree> topDown,
                               std::shared_ptr<const CallTree> bottomUp, CostUnit unit) {
    // The zoom and its history stay where the new trees have the same call paths (a new filter, the file
    // read again), else on the deepest caller they still have.
    // While it waits for a bottom-up tree, the zoom is the one it had before.
    std::vector<CallPath> zoomPaths = std::exchange(waitingZoom_, {});
    if (tree_) {
        for (const uint32_t node : history_)
            zoomPaths.push_back(CallPath::of(*tree_, node));
        zoomPaths.push_back(CallPath::of(*tree_, zoomRoot_));
    }
    topDownTree_ = std::move(topDown);
    bottomUpTree_ = std::move(bottomUp);
    unit_ = unit;
    showTree(zoomPaths);
}

void FlameGraphModel::setBottomUpTree(std::shared_ptr<const CallTree> bottomUp) {
    bottomUpTree_ = std::move(bottomUp);
    if (bottomUp_) showTree(std::exchange(waitingZoom_, {}));
}

void FlameGraphModel::setBottomUp(bool bottomUp) {
    if (bottomUp == bottomUp_) return;
    bottomUp_ = bottomUp;
    showTree({});
}

void FlameGraphModel::setMergeThreshold(double share) {
    share = std::clamp(share, 0.0, 1.0);
    if (share == mergeThreshold_) return;
    mergeThreshold_ = share;
    emit mergeThresholdChanged();
}

double FlameGraphModel::mergeWidth(double minPixelWidth) const {
    return std::max(minPixelWidth, mergeThreshold_);
}

void FlameGraphModel::showTree(const std::vector<CallPath> &zoomPaths) {
    waitingZoom_.clear(); // a zoom of another tree once something is shown or the kind of tree changed
    tree_ = bottomUp_ && bottomUpTree_ ? bottomUpTree_ : waitsForBottomUp() ? nullptr : topDownTree_;
    locations_ = tree_ ? sourceLocationsOf(tree_->sharedProfile()) : nullptr;
    names_ = tree_ ? readableNamesOf(tree_->sharedProfile()) : nullptr;
    depth_.clear();
    if (tree_) {
        const auto &nodes = tree_->nodes();
        depth_.assign(nodes.size(), 0);
        // Parents precede their children in the node table.
        for (size_t n = 1; n < nodes.size(); ++n)
            depth_[n] = depth_[nodes[n].parent] + 1;
    }
    zoomRoot_ = CallTree::kRoot;
    history_.clear();
    if (tree_)
        restoreZoom(zoomPaths);
    else if (waitsForBottomUp())
        waitingZoom_ = zoomPaths;
    updateMatches();
    emit treeChanged();
    emit zoomChanged(zoomRoot_);
    emit searchChanged();
}

void FlameGraphModel::restoreZoom(const std::vector<CallPath> &zoomPaths) {
    for (const CallPath &path : zoomPaths) {
        const uint32_t node = path.nodeIn(*tree_);
        if (node == zoomRoot_) continue; // two steps of the history that are one place in this tree
        history_.push_back(zoomRoot_);
        zoomRoot_ = node;
    }
}

QString FlameGraphModel::name(uint32_t node) const {
    if (!tree_ || node == CallTree::kRoot) return tr("all samples");
    const FunctionId function = tree_->node(node).function;
    return displayName(names_.get(), function, tree_->functionName(function));
}

QString FlameGraphModel::fullName(uint32_t node) const {
    if (!tree_ || node == CallTree::kRoot) return tr("all samples");
    return QString::fromStdString(tree_->functionName(tree_->node(node).function));
}

QString FlameGraphModel::moduleName(uint32_t node) const {
    if (!tree_ || node == CallTree::kRoot) return {};
    const Profile &profile = tree_->profile();
    return QString::fromStdString(profile.moduleName(tree_->functionModule(tree_->node(node).function)));
}

QString FlameGraphModel::modulePath(uint32_t node) const {
    if (!tree_ || node == CallTree::kRoot) return {};
    const Profile &profile = tree_->profile();
    return QString::fromStdString(profile.modulePath(tree_->functionModule(tree_->node(node).function)));
}

FrameCategory FlameGraphModel::category(uint32_t node) const {
    if (!tree_ || node == CallTree::kRoot) return FrameCategory::Unknown;
    const Profile &profile = tree_->profile();
    return frameCategory(profile, tree_->functionModule(tree_->node(node).function));
}

QColor FlameGraphModel::outOfLineColor(uint32_t node) const {
    if (!tree_) return toQColor(FramePalette::kRoot);
    return toQColor(FramePalette::outOfLineColour(*tree_, node));
}

QString FlameGraphModel::extraToolTip(uint32_t) const {
    return {};
}

uint64_t FlameGraphModel::cost(uint32_t node) const {
    return tree_ ? tree_->node(node).inclusive : 0;
}

uint64_t FlameGraphModel::selfCost(uint32_t node) const {
    return tree_ ? tree_->node(node).self : 0;
}

double FlameGraphModel::share(uint32_t node) const {
    return percentOf(cost(node), totalCost()) / 100.0;
}

uint32_t FlameGraphModel::depth(uint32_t node) const {
    return node < depth_.size() ? depth_[node] : 0;
}

uint32_t FlameGraphModel::parentOf(uint32_t node) const {
    return tree_ ? tree_->node(node).parent : CallTree::kRoot;
}

const std::vector<uint32_t> &FlameGraphModel::childrenOf(uint32_t node) const {
    static const std::vector<uint32_t> none;
    return tree_ ? tree_->node(node).children : none;
}

uint32_t FlameGraphModel::maxDepth() const {
    return tree_ ? tree_->maxDepth() : 0;
}

uint64_t FlameGraphModel::totalCost() const {
    return tree_ ? tree_->total() : 0;
}

QList<uint32_t> FlameGraphModel::pathTo(uint32_t node) const {
    QList<uint32_t> path;
    if (!tree_) return path;
    for (uint32_t n = node; n != CallTree::kRoot; n = tree_->node(n).parent)
        path.prepend(n);
    path.prepend(CallTree::kRoot);
    return path;
}

uint32_t FlameGraphModel::findNode(const QString &functionName) const {
    if (!tree_) return CallTree::kRoot;
    std::vector<uint32_t> stack{CallTree::kRoot};
    while (!stack.empty()) {
        const uint32_t node = stack.back();
        stack.pop_back();
        if (node != CallTree::kRoot && (name(node) == functionName || fullName(node) == functionName))
            return node;
        const auto &children = tree_->node(node).children;
        for (auto it = children.rbegin(); it != children.rend(); ++it)
            stack.push_back(*it);
    }
    return CallTree::kRoot;
}

void FlameGraphModel::zoomTo(uint32_t node) {
    if (!tree_ || node >= tree_->nodes().size() || node == zoomRoot_) return;
    history_.push_back(zoomRoot_);
    zoomRoot_ = node;
    emit zoomChanged(zoomRoot_);
}

bool FlameGraphModel::back() {
    if (history_.empty()) return false;
    zoomRoot_ = history_.back();
    history_.pop_back();
    emit zoomChanged(zoomRoot_);
    return true;
}

void FlameGraphModel::resetZoom() {
    if (zoomRoot_ == CallTree::kRoot && history_.empty()) return;
    history_.clear();
    zoomRoot_ = CallTree::kRoot;
    emit zoomChanged(zoomRoot_);
}

void FlameGraphModel::setSearchText(const QString &text) {
    if (text == search_) return;
    search_ = text;
    updateMatches();
    emit searchChanged();
}

bool FlameGraphModel::isBrokenStack(uint32_t node) const {
    return tree_ && node != CallTree::kRoot &&
           tree_->functionName(tree_->node(node).function) == kBrokenStackName;
}

bool FlameGraphModel::isInlined(uint32_t node) const {
    return tree_ && node != CallTree::kRoot && node < tree_->nodes().size() && tree_->node(node).inlined;
}

QString FlameGraphModel::inlinedInto(uint32_t node) const {
    return tree_ ? inlinedIntoText(*tree_, node) : QString();
}

QString FlameGraphModel::location(uint32_t node) const {
    if (!tree_ || node == CallTree::kRoot) return {};
    return locationText(tree_->profile(), *locations_, tree_->node(node).function, false);
}

bool FlameGraphModel::isMatch(uint32_t node) const {
    if (!tree_ || node == CallTree::kRoot || functionMatches_.empty()) return false;
    return functionMatches_[tree_->node(node).function];
}

double FlameGraphModel::matchedShare() const {
    return percentOf(matchedCost_, totalCost()) / 100.0;
}

void FlameGraphModel::updateMatches() {
    functionMatches_.clear();
    matchedCost_ = 0;
    matchedFrames_ = 0;
    const QString needle = search_.trimmed();
    if (!tree_ || needle.isEmpty()) return;
    const size_t functions = tree_->stacks().functionCount();
    functionMatches_.resize(functions);
    for (size_t f = 0; f < functions; ++f) {
        const auto function = static_cast<FunctionId>(f);
        const std::string &full = tree_->functionName(function);
        functionMatches_[f] = QString::fromStdString(full).contains(needle, Qt::CaseInsensitive) ||
                              displayName(names_.get(), function, full).contains(needle, Qt::CaseInsensitive);
    }
    // A sample counts once, at the outermost matching frame of its stack.
    std::vector<uint32_t> stack{CallTree::kRoot};
    while (!stack.empty()) {
        const uint32_t node = stack.back();
        stack.pop_back();
        for (uint32_t child : tree_->node(node).children) {
            if (isMatch(child)) {
                matchedCost_ += tree_->node(child).inclusive;
                ++matchedFrames_;
                continue;
            }
            stack.push_back(child);
        }
    }
}

std::vector<FlameFrame> FlameGraphModel::layout(double minWidth, double minBlockWidth) const {
    if (minBlockWidth < 0) minBlockWidth = minWidth;
    std::vector<FlameFrame> frames;
    if (isEmpty()) return frames;
    // Callers of the zoomed node span the full width, below it.
    const QList<uint32_t> path = pathTo(zoomRoot_);
    for (qsizetype i = 0; i + 1 < path.size(); ++i) {
        const uint32_t node = path[i];
        frames.push_back({node, depth(node), 0.0, 1.0, cost(node), 0, true, isMatch(node), isInlined(node)});
    }
    const uint64_t zoomCost = cost(zoomRoot_);
    if (zoomCost == 0) return frames;
    const double scale = 1.0 / static_cast<double>(zoomCost);
    struct Pending {
        uint32_t node;
        double x;
    };
    std::vector<Pending> pending{{zoomRoot_, 0.0}};
    while (!pending.empty()) {
        const Pending item = pending.back();
        pending.pop_back();
        const CallTreeNode &node = tree_->node(item.node);
        const uint32_t nodeDepth = depth(item.node);
        frames.push_back({item.node, nodeDepth, item.x, static_cast<double>(node.inclusive) * scale,
                          node.inclusive, 0, false, isMatch(item.node), isInlined(item.node)});
        double x = item.x;
        uint64_t mergedCost = 0;
        uint32_t mergedCount = 0;
        for (uint32_t child : node.children) { // heaviest first
            const double width = static_cast<double>(tree_->node(child).inclusive) * scale;
            if (width < minWidth) {
                mergedCost += tree_->node(child).inclusive;
                ++mergedCount;
                continue;
            }
            pending.push_back({child, x});
            x += width;
        }
        const double mergedWidth = static_cast<double>(mergedCost) * scale;
        if (mergedCount > 0 && mergedWidth >= minBlockWidth)
            frames.push_back(
                {item.node, nodeDepth + 1, x, mergedWidth, mergedCost, mergedCount, false, false});
    }
    return frames;
}

std::vector<uint32_t> FlameGraphModel::mergedChildren(uint32_t parent, double minWidth) const {
    std::vector<uint32_t> merged;
    const uint64_t zoomCost = cost(zoomRoot_);
    if (!tree_ || zoomCost == 0) return merged;
    for (uint32_t child : tree_->node(parent).children)
        if (static_cast<double>(tree_->node(child).inclusive) / static_cast<double>(zoomCost) < minWidth)
            merged.push_back(child);
    return merged;
}

} // namespace perfglass
