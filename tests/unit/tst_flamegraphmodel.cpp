// FlameGraphModel on Profiles in hand: the hand-made profile (HandProfile.h), whose top-down and bottom-up
// trees are known node by node, and a golden recording (tests/fixtures/golden). Names (readable and full),
// modules and categories, costs and shares, depths and paths, the layout's rectangles with small frames
// merged into blocks, zoom with its history, search (a sample counted once, at its outermost match), the
// bottom-up tree (a zoom kept while it waits for a tree made on request), and the signals views repaint on.
#include "FlameGraphModel.h"
#include "FunctionNames.h"
#include "GoldenFixtures.h"
#include "HandProfile.h"
#include "analysis/CallTree.h"

#include <QGuiApplication>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace perfglass;
using namespace perfglass::test;

namespace {

const FlameFrame *frameOf(const std::vector<FlameFrame> &frames, uint32_t node, bool merged = false) {
    const auto found = std::find_if(frames.begin(), frames.end(), [&](const FlameFrame &frame) {
        return frame.node == node && (frame.mergedCount > 0) == merged;
    });
    return found == frames.end() ? nullptr : &*found;
}

} // namespace

class TestFlameGraphModel : public QObject {
    Q_OBJECT

private:
    HandProfile hand_;

    std::shared_ptr<const CallTree> topDown() const {
        return CallTree::topDown(hand_.shared(), SampleFilter{});
    }

private slots:
    void init() { setReadableNamesShown(true); }

    // What each frame is: names, modules, categories, costs, shares, depths, parents and paths.
    void frames() {
        FlameGraphModel model;
        QSignalSpy changed(&model, &FlameGraphModel::treeChanged);
        QVERIFY(model.isEmpty());
        model.setTree(topDown(), CostUnit::Count);
        QCOMPARE(changed.size(), 1);
        QVERIFY(!model.isEmpty());
        QVERIFY(!model.hasBottomUpTree());
        QCOMPARE(model.totalCost(), uint64_t(11));
        QCOMPARE(model.maxDepth(), 5u);
        QCOMPARE(model.name(CallTree::kRoot), QStringLiteral("all samples"));
        const uint32_t c = model.findNode(QStringLiteral("c<int>"));
        QVERIFY(c != CallTree::kRoot);
        QCOMPARE(model.findNode(QStringLiteral("c<…>")), c); // the shown name finds it too
        QCOMPARE(model.name(c), QStringLiteral("c<…>"));
        QCOMPARE(model.fullName(c), QStringLiteral("c<int>"));
        setReadableNamesShown(false);
        QCOMPARE(model.name(c), QStringLiteral("c<int>"));
        QCOMPARE(model.cost(c), uint64_t(3));
        QCOMPARE(model.selfCost(c), uint64_t(0));
        QCOMPARE(model.share(c), 3.0 / 11.0);
        QCOMPARE(model.depth(c), 2u);
        QCOMPARE(model.name(model.parentOf(c)), QStringLiteral("main"));
        const uint32_t kfunc = model.findNode(QStringLiteral("kfunc"));
        QCOMPARE(model.pathTo(kfunc).size(), 6);
        QCOMPARE(model.pathTo(kfunc).at(2), c);
        QCOMPARE(model.moduleName(kfunc), QStringLiteral("[kernel.kallsyms]"));
        QCOMPARE(model.category(kfunc), FrameCategory::Kernel);
        const uint32_t sqrt = model.findNode(QStringLiteral("sqrt"));
        QCOMPARE(model.modulePath(sqrt), QStringLiteral("/usr/lib/libm.so.6"));
        QCOMPARE(model.childrenOf(sqrt).size(), size_t(1));
        QCOMPARE(model.findNode(QStringLiteral("b")),
                 model.childrenOf(model.findNode(QStringLiteral("a"))).at(0));
        QCOMPARE(model.findNode(QStringLiteral("nothing")), CallTree::kRoot);
        QVERIFY(!model.isBrokenStack(c));
        QVERIFY(!model.isInlined(c));
        QVERIFY(model.location(c).isEmpty());
    }

    // Rectangles as fractions of the width: every frame at full detail; frames narrower than the minimum
    // merged into one block per parent.
    void layout() {
        FlameGraphModel model;
        model.setTree(topDown(), CostUnit::Count);
        const std::vector<FlameFrame> all = model.layout(0.0);
        QCOMPARE(all.size(), size_t(14)); // the root and 13 frames
        const FlameFrame *main = frameOf(all, model.findNode(QStringLiteral("main")));
        QVERIFY(main);
        QCOMPARE(main->depth, 1u);
        QCOMPARE(main->x, 0.0);
        QCOMPARE(main->width, 10.0 / 11.0);
        const FlameFrame *c = frameOf(all, model.findNode(QStringLiteral("c<int>")));
        QCOMPARE(c->x, 4.0 / 11.0); // after a, the heaviest
        QCOMPARE(c->cost, uint64_t(3));

        const std::vector<FlameFrame> coarse = model.layout(0.2);
        const uint32_t rec = model.findNode(QStringLiteral("rec"));
        const FlameFrame *recBlock = frameOf(coarse, rec, true);
        QVERIFY(recBlock); // rec;a (1) and rec;rec (2), both under 0.2 of the width
        QCOMPARE(recBlock->mergedCount, 2u);
        QCOMPARE(recBlock->cost, uint64_t(3));
        QCOMPARE(recBlock->depth, 3u);
        // kfunc's block (1/11) is narrower than the minimum itself: not drawn unless asked for.
        const uint32_t sqrtInner = model.findNode(QStringLiteral("sqrt_inner"));
        QVERIFY(!frameOf(coarse, sqrtInner, true));
        QCOMPARE(coarse.size(), size_t(9));
        const std::vector<FlameFrame> withSmallBlocks = model.layout(0.2, 0.05);
        const FlameFrame *kfuncBlock = frameOf(withSmallBlocks, sqrtInner, true);
        QVERIFY(kfuncBlock);
        QCOMPARE(kfuncBlock->mergedCount, 1u);
        QCOMPARE(withSmallBlocks.size(), size_t(10));
        QCOMPARE(model.mergedChildren(rec, 0.2).size(), size_t(2));
        QCOMPARE(model.layout(0.2, 0.5).size(), size_t(8)); // blocks narrower than half the width not drawn
    }

    // Zoom: the zoomed frame full width, its callers below it; back() and resetZoom().
    void zoom() {
        FlameGraphModel model;
        model.setTree(topDown(), CostUnit::Count);
        QSignalSpy zoomed(&model, &FlameGraphModel::zoomChanged);
        const uint32_t sqrt = model.findNode(QStringLiteral("sqrt"));
        model.zoomTo(sqrt);
        QCOMPARE(zoomed.size(), 1);
        QVERIFY(model.isZoomed());
        QCOMPARE(model.zoomRoot(), sqrt);
        const std::vector<FlameFrame> frames = model.layout(0.0);
        QCOMPARE(std::count_if(frames.begin(), frames.end(), [](const FlameFrame &f) { return f.ancestor; }),
                 3); // the root, main, c<int>
        QCOMPARE(frameOf(frames, sqrt)->width, 1.0);
        QCOMPARE(frameOf(frames, model.findNode(QStringLiteral("kfunc")))->width, 1.0 / 3.0);
        model.zoomTo(model.findNode(QStringLiteral("kfunc")));
        QVERIFY(model.canGoBack());
        QVERIFY(model.back());
        QCOMPARE(model.zoomRoot(), sqrt);
        model.resetZoom();
        QCOMPARE(model.zoomRoot(), CallTree::kRoot);
        QVERIFY(!model.canGoBack());
        QVERIFY(!model.back());
        QCOMPARE(zoomed.size(), 4);
    }

    // New trees (another filter, the file read again into a new Profile) keep the zoom and its history on the
    // same call paths, or on the deepest caller the new tree still has.
    void zoomKeptAcrossTrees() {
        FlameGraphModel model;
        model.setTree(topDown(), CostUnit::Count);
        model.zoomTo(model.findNode(QStringLiteral("sqrt")));
        model.zoomTo(model.findNode(QStringLiteral("kfunc")));
        model.setTree(topDown(), CostUnit::Count); // hand_.shared() is another Profile each time
        QCOMPARE(model.fullName(model.zoomRoot()), QStringLiteral("kfunc"));
        QCOMPARE(model.pathTo(model.zoomRoot()).size(), 6);
        QVERIFY(model.back());
        QCOMPARE(model.fullName(model.zoomRoot()), QStringLiteral("sqrt"));
        QVERIFY(model.back());
        QCOMPARE(model.zoomRoot(), CallTree::kRoot);
        QVERIFY(!model.canGoBack());

        model.zoomTo(model.findNode(QStringLiteral("sqrt")));
        model.zoomTo(model.findNode(QStringLiteral("kfunc")));
        SampleFilter worker; // thread 2 never reached kfunc: the zoom stays on its deepest caller there
        worker.tids = {2};
        model.setTree(CallTree::topDown(hand_.shared(), worker), CostUnit::Count);
        QCOMPARE(model.fullName(model.zoomRoot()), QStringLiteral("sqrt_inner"));
        QCOMPARE(model.cost(model.zoomRoot()), uint64_t(1));
        QVERIFY(model.back());
        QCOMPARE(model.fullName(model.zoomRoot()), QStringLiteral("sqrt"));

        const auto up = CallTree::bottomUp(hand_.shared(), SampleFilter{});
        model.setTrees(topDown(), up, CostUnit::Count);
        model.setBottomUp(true); // another kind of tree: the zoom starts over
        QCOMPARE(model.zoomRoot(), CallTree::kRoot);
    }

    // Search: shown or full names, case-insensitive; a sample counts once, at its outermost match.
    void search() {
        FlameGraphModel model;
        model.setTree(topDown(), CostUnit::Count);
        QSignalSpy searched(&model, &FlameGraphModel::searchChanged);
        model.setSearchText(QStringLiteral("SQRT"));
        QCOMPARE(searched.size(), 1);
        QCOMPARE(model.matchedCost(), uint64_t(3));
        QCOMPARE(model.matchedFrameCount(), 1);
        QVERIFY(model.isMatch(model.findNode(QStringLiteral("sqrt_inner"))));
        QVERIFY(!model.isMatch(model.findNode(QStringLiteral("c<int>"))));
        model.setSearchText(QStringLiteral("b"));
        QCOMPARE(model.matchedCost(), uint64_t(5)); // main;a;b 3 and main;rec;rec;b 2
        QCOMPARE(model.matchedFrameCount(), 2);
        QCOMPARE(model.matchedShare(), 5.0 / 11.0);
        model.setSearchText(QStringLiteral("rec"));
        QCOMPARE(model.matchedCost(), uint64_t(3)); // the inner rec frames are inside the outer one
        QCOMPARE(model.matchedFrameCount(), 1);
        const std::vector<FlameFrame> frames = model.layout(0.0);
        QCOMPARE(std::count_if(frames.begin(), frames.end(), [](const FlameFrame &f) { return f.matched; }),
                 3);
        model.setSearchText(QString());
        QCOMPARE(model.matchedCost(), uint64_t(0));
    }

    // Both trees: the bottom-up one shown on request, the zoom starting over.
    void bottomUp() {
        FlameGraphModel model;
        const auto up = CallTree::bottomUp(hand_.shared(), SampleFilter{});
        model.setTrees(topDown(), up, CostUnit::Count);
        QVERIFY(model.hasBottomUpTree());
        model.zoomTo(model.findNode(QStringLiteral("main")));
        QSignalSpy changed(&model, &FlameGraphModel::treeChanged);
        model.setBottomUp(true);
        QCOMPARE(changed.size(), 1);
        QVERIFY(model.isBottomUp());
        QCOMPARE(model.tree(), up);
        QCOMPARE(model.zoomRoot(), CallTree::kRoot);
        const uint32_t b = model.childrenOf(CallTree::kRoot).at(0);
        QCOMPARE(model.name(b), QStringLiteral("b"));
        QCOMPARE(model.cost(b), uint64_t(5));
        QCOMPARE(model.selfCost(b), uint64_t(5));
        model.setBottomUp(false);
        QCOMPARE(model.name(model.childrenOf(CallTree::kRoot).at(0)), QStringLiteral("main"));
    }

    // A filter applied to a bottom-up graph whose bottom-up tree comes later (made on request): the graph
    // waits for it, then shows it zoomed where it was, with its history.
    void bottomUpZoomKeptUntilItsTreeArrives() {
        FlameGraphModel model;
        model.setBottomUpOnRequest(true);
        model.setTrees(topDown(), CallTree::bottomUp(hand_.shared(), SampleFilter{}), CostUnit::Count);
        model.setBottomUp(true);
        model.zoomTo(model.findNode(QStringLiteral("b")));
        const uint32_t caller = model.childrenOf(model.zoomRoot()).at(0);
        const QString callerName = model.fullName(caller);
        model.zoomTo(caller);

        model.setTrees(topDown(), nullptr, CostUnit::Count); // another filter: the bottom-up tree follows
        QVERIFY(model.waitsForBottomUp());
        QVERIFY(!model.tree());
        model.setTrees(topDown(), nullptr, CostUnit::Count); // and another, before it came
        model.setBottomUpTree(CallTree::bottomUp(hand_.shared(), SampleFilter{}));
        QCOMPARE(model.fullName(model.zoomRoot()), callerName);
        QVERIFY(model.back());
        QCOMPARE(model.fullName(model.zoomRoot()), QStringLiteral("b"));
        QVERIFY(model.back());
        QCOMPARE(model.zoomRoot(), CallTree::kRoot);
    }

    void mergeThreshold() {
        FlameGraphModel model;
        QSignalSpy changed(&model, &FlameGraphModel::mergeThresholdChanged);
        QCOMPARE(model.mergeThreshold(), FlameGraphModel::kDefaultMergeThreshold);
        model.setMergeThreshold(0.3);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(model.mergeWidth(0.01), 0.3);
        QCOMPARE(model.mergeWidth(0.5), 0.5);
    }

    // A golden recording: hot, warm and cold under work, in that order (60, 30 and 10 % of the work), each
    // calling spin; every frame named.
    void goldenRecording() {
        SampleFilter samples;
        samples.cost = CostKind::Samples;
        FlameGraphModel model;
        model.setTree(CallTree::topDown(loadGolden("perfglass-dwarf"), samples), CostUnit::Count);
        const uint32_t work = model.findNode(QStringLiteral("work"));
        QVERIFY(work != CallTree::kRoot);
        QCOMPARE(model.cost(work), model.totalCost()); // every sample is in work
        QStringList callees;
        for (uint32_t child : model.childrenOf(work))
            callees << model.name(child);
        QCOMPARE(callees, QStringList({"hot", "warm", "cold"}));
        const uint32_t hot = model.childrenOf(work).at(0);
        QVERIFY(model.share(hot) > 0.5 && model.share(hot) < 0.7);
        QCOMPARE(model.name(model.childrenOf(hot).at(0)), QStringLiteral("spin"));
        QCOMPARE(model.moduleName(hot), QStringLiteral("golden-nofp"));
        QCOMPARE(model.category(hot), FrameCategory::Application);
        QCOMPARE(model.pathTo(model.childrenOf(hot).at(0)).size(),
                 8); // root, _start ... main, work, hot, spin
    }
};

QTEST_MAIN(TestFlameGraphModel)
#include "tst_flamegraphmodel.moc"
