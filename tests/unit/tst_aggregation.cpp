// Aggregations and transforms on a hand-built Profile (HandProfile.h), checked exactly.
#include "unit/BottomUpCheck.h"
#include "unit/CallerCalleeLines.h"
#include "unit/HandProfile.h"
#include "unit/InlineProfile.h"
#include "unit/TreeLines.h"

#include "analysis/AggregationRunner.h"
#include "analysis/CallTree.h"
#include "analysis/CallerCallee.h"
#include "analysis/FlatProfile.h"
#include "analysis/FunctionMatcher.h"
#include "analysis/ProfileSearch.h"
#include "analysis/TimelineBuckets.h"
#include "analysis/TransformedStacks.h"
#include "analysis/UnresolvedFrames.h"
#include "base/Error.h"

#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace perfglass;
using perfglass::test::callerCalleeLines;
using perfglass::test::compareBottomUpSelfWithFlat;
using perfglass::test::entryLines;
using perfglass::test::HandProfile;
using perfglass::test::InlineProfile;
using perfglass::test::treeLines;

namespace {

QStringList flatLines(const Profile &profile, const FlatProfile &flat) {
    QStringList lines;
    for (const auto &cost : flat.functions)
        lines << QStringLiteral("%1 %2 %3")
                     .arg(QString::fromStdString(flat.functionName(profile, cost.function)))
                     .arg(cost.self)
                     .arg(cost.inclusive);
    return lines;
}

// A search's matches as lines: "kind name cost", and what matched at all.
QStringList searchLines(const Profile &profile, const ProfileSearch &search) {
    QStringList lines{QStringLiteral("matched %1 of %2").arg(search.matchedCost).arg(search.total)};
    for (const SearchMatch &match : search.functions)
        lines << QStringLiteral("function %1 %2")
                     .arg(QString::fromStdString(search.stacks->functionName(profile, match.id)))
                     .arg(match.cost);
    for (const SearchMatch &match : search.modules)
        lines << QStringLiteral("module %1 %2").arg(match.id).arg(match.cost);
    for (const SearchMatch &match : search.files)
        lines << QStringLiteral("file %1 %2").arg(match.id).arg(match.cost);
    return lines;
}

// Costs of one function in a flat profile as "self inclusive inlinedSelf inlinedOnly".
QString flatCostOf(const Profile &profile, const FlatProfile &flat, const std::string &name) {
    for (const auto &cost : flat.functions)
        if (flat.functionName(profile, cost.function) == name)
            return QStringLiteral("%1 %2 %3 %4")
                .arg(cost.self)
                .arg(cost.inclusive)
                .arg(cost.inlinedSelf)
                .arg(cost.inlinedOnly ? "inline-only" : "-");
    return QStringLiteral("absent");
}

SampleFilter withTransforms(std::vector<Transform> transforms) {
    SampleFilter filter;
    filter.transforms = std::move(transforms);
    return filter;
}

} // namespace

class TestAggregation : public QObject {
    Q_OBJECT

private slots:
    void topDownTree();
    void bottomUpTree();
    void bottomUpSelfIsFlatSelf();
    void bottomUpSelfIsFlatSelfWithInlineFrames();
    void flatProfile();
    void callerCallee();
    void callerCalleeOfALeaf();
    void sandwichTrees();
    void searchEverywhere();
    void callerCalleeAndSearchFromTheTreeEqualTheirComputation();
    void inlineFramesFlatSelfGoesToTheContainingFunction();
    void inlineFramesInTrees();
    void inlineFramesCallerCallee();
    void inlineFramesUnderTransforms();
    void sampleFilters();
    void mergeFunction();
    void hideKernel();
    void collapseModule();
    void collapseRecursion();
    void collapseDirectRecursion();
    void focusFunction();
    void focusSubtree();
    void dropFunction();
    void transformChain();
    void badTransforms();
    void timeline();
    void bucketFinderAgreesWithBucketOf();
    void unresolvedFramesByModule();
    void timelineKernelThreadsAndIdle();
    void functionMatcher();
    void parallelMatchesSerial();
    void bottomUpOfManyPaths();
    void cancellation();
    void progress();
};

void TestAggregation::topDownTree() {
    HandProfile hand;
    const auto tree = CallTree::topDown(hand.shared(), SampleFilter{});
    QCOMPARE(tree->total(), uint64_t(11));
    QCOMPARE(tree->sampleCount(), uint64_t(11));
    QCOMPARE(tree->node(CallTree::kRoot).self, uint64_t(1)); // the sample without a stack
    QCOMPARE(tree->maxDepth(), uint32_t(5));
    const QStringList expected = {
        "main 0 10",
        "main;a 1 4",
        "main;a;b 3 3",
        "main;c<int> 0 3",
        "main;c<int>;sqrt 0 3",
        "main;c<int>;sqrt;sqrt_inner 2 3",
        "main;c<int>;sqrt;sqrt_inner;kfunc 1 1",
        "main;rec 0 3",
        "main;rec;a 0 1",
        "main;rec;a;rec 0 1",
        "main;rec;a;rec;c<int> 1 1",
        "main;rec;rec 0 2",
        "main;rec;rec;b 2 2",
    };
    QCOMPARE(treeLines(*tree), expected);
    // Children sorted by inclusive cost; ties by creation order.
    const CallTreeNode &main = tree->node(tree->node(CallTree::kRoot).children.at(0));
    QCOMPARE(tree->functionName(tree->node(main.children.at(0)).function), std::string("a"));
    QCOMPARE(tree->kind(), CallTree::Kind::TopDown);
}

void TestAggregation::bottomUpTree() {
    HandProfile hand;
    const auto tree = CallTree::bottomUp(hand.shared(), SampleFilter{});
    QCOMPARE(tree->kind(), CallTree::Kind::BottomUp);
    QCOMPARE(tree->total(), uint64_t(11));
    const QStringList expected = {
        "a 1 1",
        "a;main 0 1",
        "b 5 5",
        "b;a 0 3",
        "b;a;main 0 3",
        "b;rec 0 2",
        "b;rec;rec 0 2",
        "b;rec;rec;main 0 2",
        "c<int> 1 1",
        "c<int>;rec 0 1",
        "c<int>;rec;a 0 1",
        "c<int>;rec;a;rec 0 1",
        "c<int>;rec;a;rec;main 0 1",
        "kfunc 1 1",
        "kfunc;sqrt_inner 0 1",
        "kfunc;sqrt_inner;sqrt 0 1",
        "kfunc;sqrt_inner;sqrt;c<int> 0 1",
        "kfunc;sqrt_inner;sqrt;c<int>;main 0 1",
        "sqrt_inner 2 2",
        "sqrt_inner;sqrt 0 2",
        "sqrt_inner;sqrt;c<int> 0 2",
        "sqrt_inner;sqrt;c<int>;main 0 2",
    };
    QCOMPARE(treeLines(*tree), expected);
    // The root's children are the leaf functions, highest first: b (5) then sqrt_inner (2).
    const auto &roots = tree->node(CallTree::kRoot).children;
    QCOMPARE(tree->functionName(tree->node(roots.at(0)).function), std::string("b"));
    QCOMPARE(tree->functionName(tree->node(roots.at(1)).function), std::string("sqrt_inner"));
}

// The self cost of every top-level bottom-up row is the function's flat self, whatever filter applies.
void TestAggregation::bottomUpSelfIsFlatSelf() {
    HandProfile hand;
    SampleFilter oneThread;
    oneThread.tids = {2};
    const std::vector<SampleFilter> filters = {
        SampleFilter{},
        oneThread,
        withTransforms({Transform::hideKernel()}),
        withTransforms({Transform::collapseModule(hand.module("libm.so.6"))}),
        withTransforms({Transform::mergeFunction(hand.function("b"))}),
        withTransforms({Transform::collapseRecursion()}),
        withTransforms({Transform::focusFunction(hand.function("rec"))}),
        withTransforms({Transform::dropFunction(hand.function("a"))}),
    };
    for (const SampleFilter &filter : filters) {
        compareBottomUpSelfWithFlat(hand.shared(), filter);
        if (QTest::currentTestFailed()) return;
    }
    // Before the fix the self cost sat on the outermost caller (main) and the leaf rows showed 0.
    const auto tree = CallTree::bottomUp(hand.shared(), SampleFilter{});
    const CallTreeNode &b = tree->node(tree->node(CallTree::kRoot).children.at(0));
    QCOMPARE(tree->functionName(b.function), std::string("b"));
    QCOMPARE(b.self, uint64_t(5));
}

void TestAggregation::bottomUpSelfIsFlatSelfWithInlineFrames() {
    const InlineProfile inl;
    const auto shared = inl.hand.shared();
    for (const SampleFilter &filter :
         {SampleFilter{}, withTransforms({Transform::mergeFunction(inl.frames.at("work"))}),
          withTransforms({Transform::focusFunction(inl.frames.at("mix"))})}) {
        compareBottomUpSelfWithFlat(shared, filter);
        if (QTest::currentTestFailed()) return;
    }
}

void TestAggregation::flatProfile() {
    HandProfile hand;
    const FlatProfile flat = FlatProfile::compute(hand.profile, SampleFilter{});
    QCOMPARE(flat.total, uint64_t(11));
    QCOMPARE(flat.sampleCount, uint64_t(11));
    // Sorted by self, then inclusive, then function id.
    const QStringList expected = {"b 5 5",     "sqrt_inner 2 3", "a 1 5",    "c<int> 1 4",
                                  "kfunc 1 1", "main 0 10",      "sqrt 0 3", "rec 0 3"};
    QCOMPARE(flatLines(hand.profile, flat), expected);
}

void TestAggregation::callerCallee() {
    HandProfile hand;
    const CallerCallee rec = CallerCallee::compute(hand.profile, SampleFilter{}, hand.function("rec"));
    QCOMPARE(rec.self, uint64_t(0));
    QCOMPARE(rec.inclusive, uint64_t(3)); // once per sample despite recursion
    QCOMPARE(rec.total, uint64_t(11));
    QCOMPARE(entryLines(hand.profile, rec, rec.callers), QStringList({"main 3", "a 1"}));
    QCOMPARE(entryLines(hand.profile, rec, rec.callees), QStringList({"b 2", "a 1", "c<int> 1"}));

    const CallerCallee sqrt = CallerCallee::compute(hand.profile, SampleFilter{}, hand.function("sqrt"));
    QCOMPARE(sqrt.inclusive, uint64_t(3));
    QCOMPARE(entryLines(hand.profile, sqrt, sqrt.callers), QStringList({"c<int> 3"}));
    QCOMPARE(entryLines(hand.profile, sqrt, sqrt.callees), QStringList({"sqrt_inner 3"}));

    const CallerCallee main = CallerCallee::compute(hand.profile, SampleFilter{}, hand.function("main"));
    QCOMPARE(main.inclusive, uint64_t(10));
    QVERIFY(main.callers.empty());
    QCOMPARE(entryLines(hand.profile, main, main.callees), QStringList({"a 4", "c<int> 3", "rec 3"}));
}

void TestAggregation::callerCalleeOfALeaf() {
    HandProfile hand;
    const CallerCallee b = CallerCallee::compute(hand.profile, SampleFilter{}, hand.function("b"));
    QCOMPARE(b.self, uint64_t(5));
    QCOMPARE(b.inclusive, uint64_t(5));
    QCOMPARE(entryLines(hand.profile, b, b.callers), QStringList({"a 3", "rec 2"}));
    QVERIFY(b.callees.empty());
}

// The two halves of the sandwich flame graph of rec (recursive): callers from its innermost frame out,
// callees from its outermost frame in, each sample once; and the flat profile's sample counts.
void TestAggregation::sandwichTrees() {
    HandProfile hand;
    const CallerCallee rec = CallerCallee::compute(hand.profile, SampleFilter{}, hand.function("rec"));
    const auto lines = [&](const SandwichTree &tree) {
        QStringList result;
        std::vector<std::pair<uint32_t, QString>> stack{{SandwichTree::kRoot, QString()}};
        while (!stack.empty()) {
            const auto [node, prefix] = stack.back();
            stack.pop_back();
            const QString path =
                prefix + QString::fromStdString(hand.profile.functionName(tree.node(node).function));
            result << QStringLiteral("%1 %2").arg(path).arg(tree.node(node).cost);
            const auto &children = tree.node(node).children;
            for (auto it = children.rbegin(); it != children.rend(); ++it)
                stack.emplace_back(*it, path + QLatin1Char('>'));
        }
        return result;
    };
    QCOMPARE(lines(rec.callerTree), QStringList({"rec 3", "rec>rec 2", "rec>rec>main 2", "rec>a 1",
                                                 "rec>a>rec 1", "rec>a>rec>main 1"}));
    QCOMPARE(lines(rec.calleeTree), QStringList({"rec 3", "rec>rec 2", "rec>rec>b 2", "rec>a 1",
                                                 "rec>a>rec 1", "rec>a>rec>c<int> 1"}));
    QCOMPARE(rec.callerTree.depth(), 3u);
    const CallerCallee main = CallerCallee::compute(hand.profile, SampleFilter{}, hand.function("main"));
    QCOMPARE(main.callerTree.size(), size_t(1)); // main has no callers
    QCOMPARE(main.calleeTree.node(SandwichTree::kRoot).cost, uint64_t(10));

    const FlatProfile flat = FlatProfile::compute(hand.profile, SampleFilter{});
    for (const FunctionCost &cost : flat.functions) {
        if (cost.function == hand.function("b")) {
            QCOMPARE(cost.samples, uint64_t(5));
            QCOMPARE(cost.selfSamples, uint64_t(5));
        } else if (cost.function == hand.function("main")) {
            QCOMPARE(cost.samples, uint64_t(10));
            QCOMPARE(cost.selfSamples, uint64_t(0));
        }
    }
}

// What the desktop application's caller/callee view and search take from an analysis' top-down tree equals
// their computation from the samples, whatever the filter: transformed (an inline frame left outermost),
// grouped by process and thread (with the idle task), over a time range, with inline frames and an empty
// stack.
void TestAggregation::callerCalleeAndSearchFromTheTreeEqualTheirComputation() {
    InlineProfile inl;
    inl.addSample({}, 1800);
    inl.addSample({"main", "mix"}, 1900);
    inl.hand.profile.samples.tid.back() = 2;
    inl.addSample({"main", "work"}, 2000);
    inl.hand.profile.samples.pid.back() = 0;
    inl.hand.profile.samples.tid.back() = 0;
    const HandProfile &hand = inl.hand;
    const FunctionId mix = hand.function("mix");
    std::vector<SampleFilter> filters(4);
    filters[1].transforms = {Transform::focusFunction(mix)};
    filters[2].grouping = ProcessGrouping::ProcessThread;
    filters[3].startTime = 1200;
    filters[3].cost = CostKind::Samples;
    int functionsOnTheTrees = 0;
    for (const SampleFilter &filter : filters) {
        const auto tree = CallTree::topDown(hand.shared(), filter);
        for (FunctionId f = 0; f < tree->stacks().functionCount(); ++f) {
            const CallerCallee fromTree = CallerCallee::fromTree(*tree, f);
            QCOMPARE(callerCalleeLines(hand.profile, fromTree),
                     callerCalleeLines(hand.profile, CallerCallee::compute(hand.profile, filter, f)));
            if (fromTree.inclusive > 0) ++functionsOnTheTrees;
        }
        for (const char *text : {"a", "sqrt", "libm", "mix", "worker", "PID"})
            QCOMPARE(searchLines(hand.profile, ProfileSearch::fromTree(*tree, text, nullptr, nullptr)),
                     searchLines(hand.profile,
                                 ProfileSearch::compute(hand.profile, filter, text, nullptr, nullptr)));
        QVERIFY_THROWS_EXCEPTION(Error, CallerCallee::fromTree(*CallTree::bottomUpOf(*tree), 0));
    }
    QVERIFY2(functionsOnTheTrees > 20, qPrintable(QString::number(functionsOnTheTrees)));
    // Focused on mix, its inline frame is outermost: the code of step inlined into it is mix's own (as perf
    // counts it), sqrt's is not.
    const CallerCallee focused = CallerCallee::fromTree(*CallTree::topDown(hand.shared(), filters[1]), mix);
    QCOMPARE(focused.self, uint64_t(7));
    QCOMPARE(focused.inclusive, uint64_t(8));
    QCOMPARE(focused.inlinedSelf, uint64_t(3));
}

// Search everywhere on the hand profile: "sqrt" matches sqrt and sqrt_inner (3 samples, counted once each);
// "libm" the module; a readable name matches too; every sample with a match counts once.
void TestAggregation::searchEverywhere() {
    HandProfile hand;
    const ProfileSearch sqrt = ProfileSearch::compute(hand.profile, SampleFilter{}, "SQRT", nullptr, nullptr);
    QCOMPARE(sqrt.total, uint64_t(11));
    QCOMPARE(sqrt.matchedCost, uint64_t(3));
    QCOMPARE(sqrt.functions.size(), size_t(2));
    QCOMPARE(sqrt.functions[0].cost, uint64_t(3));
    QVERIFY(sqrt.modules.empty());
    const ProfileSearch libm = ProfileSearch::compute(hand.profile, SampleFilter{}, "libm", nullptr, nullptr);
    QCOMPARE(libm.modules.size(), size_t(1));
    QCOMPARE(libm.modules[0].id, hand.module("libm.so.6"));
    QCOMPARE(libm.modules[0].cost, uint64_t(3));
    QCOMPARE(libm.matchedCost, uint64_t(3));
    QVERIFY(libm.functions.empty());
    // rec is on 3 stacks, twice on some: each sample once. "c<" matches c<int> (4 samples).
    const ProfileSearch rec = ProfileSearch::compute(hand.profile, SampleFilter{}, "rec", nullptr, nullptr);
    QCOMPARE(rec.functions.size(), size_t(1));
    QCOMPARE(rec.functions[0].cost, uint64_t(3));
    const ReadableNames names(
        std::vector<std::string_view>{"main", "a", "b", "c<int>", "sqrt", "sqrt_inner", "kfunc", "renamed"});
    const ProfileSearch byReadable =
        ProfileSearch::compute(hand.profile, SampleFilter{}, "renamed", &names, nullptr);
    QCOMPARE(byReadable.functions.size(), size_t(1));
    QCOMPARE(byReadable.functions[0].id, hand.function("rec"));
    const ProfileSearch either =
        ProfileSearch::compute(hand.profile, SampleFilter{}, "a", nullptr, nullptr); // main, a, kfunc, app…
    QCOMPARE(either.matchedCost, uint64_t(10)); // every sample with a stack
    QVERIFY(ProfileSearch::compute(hand.profile, SampleFilter{}, "", nullptr, nullptr).functions.empty());
}

void TestAggregation::inlineFramesFlatSelfGoesToTheContainingFunction() {
    const InlineProfile inl;
    const Profile &profile = inl.hand.profile;
    const FlatProfile flat = FlatProfile::compute(profile, SampleFilter{});
    QCOMPARE(flat.total, uint64_t(8));
    // As perf counts it: code of mix and step inlined into work is work's self cost (k 0-4); the out-of-line
    // mix keeps its own (k 5-6). inlinedSelf: samples whose leaf is an inline frame of the function.
    QCOMPARE(flatCostOf(profile, flat, "work"), QStringLiteral("5 6 0 -"));
    QCOMPARE(flatCostOf(profile, flat, "mix"), QStringLiteral("2 7 3 -"));
    QCOMPARE(flatCostOf(profile, flat, "step"), QStringLiteral("0 1 1 inline-only"));
    QCOMPARE(flatCostOf(profile, flat, "sqrt"), QStringLiteral("1 1 0 -"));
    QCOMPARE(flatCostOf(profile, flat, "main"), QStringLiteral("0 8 0 -"));
    uint64_t selfSum = 0;
    for (const auto &cost : flat.functions)
        selfSum += cost.self;
    QCOMPARE(selfSum, flat.total); // self costs still partition the samples
    QCOMPARE(flatLines(profile, flat),
             QStringList({"work 5 6", "mix 2 7", "sqrt 1 1", "main 0 8", "step 0 1"}));
}

void TestAggregation::inlineFramesInTrees() {
    const InlineProfile inl;
    const auto shared = inl.hand.shared();
    // Inline frames are nodes of their own, apart from the out-of-line mix; their self is the inlined code.
    QStringList expected = {
        "main 0 8",
        "main;mix 2 2",
        "main;work 1 6",
        "main;work;mix [inlined] 3 5",
        "main;work;mix [inlined];sqrt 1 1",
        "main;work;mix [inlined];step [inlined] 1 1",
    };
    expected.sort();
    QCOMPARE(treeLines(*CallTree::topDown(shared, SampleFilter{})), expected);

    expected = {
        "mix [inlined] 3 3",
        "mix [inlined];work 0 3",
        "mix [inlined];work;main 0 3",
        "mix 2 2",
        "mix;main 0 2",
        "sqrt 1 1",
        "sqrt;mix [inlined] 0 1",
        "sqrt;mix [inlined];work 0 1",
        "sqrt;mix [inlined];work;main 0 1",
        "step [inlined] 1 1",
        "step [inlined];mix [inlined] 0 1",
        "step [inlined];mix [inlined];work 0 1",
        "step [inlined];mix [inlined];work;main 0 1",
        "work 1 1",
        "work;main 0 1",
    };
    expected.sort();
    const auto bottomUp = CallTree::bottomUp(shared, SampleFilter{});
    QCOMPARE(treeLines(*bottomUp), expected);
    const CallTreeNode &hottest = bottomUp->node(bottomUp->node(CallTree::kRoot).children.at(0));
    QCOMPARE(bottomUp->functionName(hottest.function), std::string("mix"));
    QVERIFY(hottest.inlined);
}

void TestAggregation::inlineFramesCallerCallee() {
    const InlineProfile inl;
    const Profile &profile = inl.hand.profile;
    const FunctionId mixId = inl.frames.at("mix");
    const CallerCallee mix = CallerCallee::compute(profile, SampleFilter{}, mixId);
    QCOMPARE(mix.self, uint64_t(2));
    QCOMPARE(mix.inlinedSelf, uint64_t(3));
    QCOMPARE(mix.inclusive, uint64_t(7));
    QCOMPARE(entryLines(profile, mix, mix.callers), QStringList({"work 5", "main 2"}));
    QCOMPARE(entryLines(profile, mix, mix.callees), QStringList({"sqrt 1", "step [inlined] 1"}));

    const CallerCallee work = CallerCallee::compute(profile, SampleFilter{}, inl.frames.at("work"));
    QCOMPARE(work.self, uint64_t(5)); // the same as the flat profile
    QCOMPARE(work.inlinedSelf, uint64_t(0));
    QCOMPARE(entryLines(profile, work, work.callees), QStringList({"mix [inlined] 5"}));

    const CallerCallee step = CallerCallee::compute(profile, SampleFilter{}, inl.frames.at("step"));
    QCOMPARE(step.self, uint64_t(0));
    QCOMPARE(step.inlinedSelf, uint64_t(1));
    QCOMPARE(entryLines(profile, step, step.callers), QStringList({"mix [inlined] 1"}));
}

void TestAggregation::inlineFramesUnderTransforms() {
    const InlineProfile inl;
    const Profile &profile = inl.hand.profile;
    // Merging work away leaves the inlined mix under main: its code is charged to main now.
    FlatProfile flat =
        FlatProfile::compute(profile, withTransforms({Transform::mergeFunction(inl.frames.at("work"))}));
    QCOMPARE(flatCostOf(profile, flat, "main"), QStringLiteral("5 8 0 -"));
    QCOMPARE(flatCostOf(profile, flat, "mix"), QStringLiteral("2 7 3 -"));
    // Focus on mix: the inline chain is now outermost, so its outermost frame keeps the cost.
    flat = FlatProfile::compute(profile, withTransforms({Transform::focusFunction(inl.frames.at("mix"))}));
    QCOMPARE(flat.total, uint64_t(7));
    QCOMPARE(flatCostOf(profile, flat, "mix"), QStringLiteral("6 7 3 -"));
    QCOMPARE(flatCostOf(profile, flat, "work"), QStringLiteral("absent"));
    // Collapsing the module folds inline frames with the rest of it.
    const auto tree = CallTree::topDown(inl.hand.shared(),
                                        withTransforms({Transform::collapseModule(inl.hand.module("app"))}));
    QCOMPARE(treeLines(*tree), QStringList({"app 7 8", "app;sqrt 1 1"}));
}

void TestAggregation::sampleFilters() {
    HandProfile hand;
    SampleFilter filter;
    filter.tids = {2}; // odd samples: 1 3 5 7 9
    QCOMPARE(FlatProfile::compute(hand.profile, filter).total, uint64_t(5));
    filter = {};
    filter.cpus = {0}; // even samples: 0 2 4 6 8 10
    QCOMPARE(FlatProfile::compute(hand.profile, filter).total, uint64_t(6));
    filter = {};
    filter.startTime = 1000;
    filter.endTime = 1300; // samples 0 1 2: main;a;b three times
    QCOMPARE(treeLines(*CallTree::topDown(hand.shared(), filter)),
             QStringList({"main 0 3", "main;a 0 3", "main;a;b 3 3"}));
    filter = {};
    filter.pids = {2};
    QCOMPARE(FlatProfile::compute(hand.profile, filter).sampleCount, uint64_t(0));
    filter = {};
    filter.cost = CostKind::Samples;
    hand.profile.samples.period.assign(hand.profile.samples.size(), 7);
    QCOMPARE(FlatProfile::compute(hand.profile, filter).total, uint64_t(11));
    filter.cost = CostKind::Period;
    QCOMPARE(FlatProfile::compute(hand.profile, filter).total, uint64_t(77));
}

void TestAggregation::mergeFunction() {
    HandProfile hand;
    const auto tree =
        CallTree::topDown(hand.shared(), withTransforms({Transform::mergeFunction(hand.function("a"))}));
    const QStringList expected = {
        "main 1 10",
        "main;b 3 3",
        "main;c<int> 0 3",
        "main;c<int>;sqrt 0 3",
        "main;c<int>;sqrt;sqrt_inner 2 3",
        "main;c<int>;sqrt;sqrt_inner;kfunc 1 1",
        "main;rec 0 3",
        "main;rec;rec 0 3",
        "main;rec;rec;b 2 2",
        "main;rec;rec;c<int> 1 1",
    };
    QCOMPARE(treeLines(*tree), expected);
    QCOMPARE(tree->total(), uint64_t(11));
    // Merging the outermost function moves its callees to the root and its self cost to the root.
    const auto merged =
        CallTree::topDown(hand.shared(), withTransforms({Transform::mergeFunction(hand.function("main"))}));
    QCOMPARE(merged->node(CallTree::kRoot).self, uint64_t(1));
    QCOMPARE(merged->node(CallTree::kRoot).children.size(), size_t(3)); // a, c<int>, rec
}

void TestAggregation::hideKernel() {
    HandProfile hand;
    const auto tree = CallTree::topDown(hand.shared(), withTransforms({Transform::hideKernel()}));
    QVERIFY(treeLines(*tree).contains("main;c<int>;sqrt;sqrt_inner 3 3"));
    for (const QString &line : treeLines(*tree))
        QVERIFY2(!line.contains("kfunc"), qPrintable(line));
    QCOMPARE(tree->total(), uint64_t(11));
}

void TestAggregation::collapseModule() {
    HandProfile hand;
    const SampleFilter filter = withTransforms({Transform::collapseModule(hand.module("libm.so.6"))});
    const auto tree = CallTree::topDown(hand.shared(), filter);
    QVERIFY(treeLines(*tree).contains("main;c<int>;libm.so.6 2 3"));
    QVERIFY(treeLines(*tree).contains("main;c<int>;libm.so.6;kfunc 1 1"));
    QVERIFY(!treeLines(*tree).join(' ').contains("sqrt"));
    const FlatProfile flat = FlatProfile::compute(hand.profile, filter);
    QVERIFY(flatLines(hand.profile, flat).contains("libm.so.6 2 3"));
    // The synthetic function belongs to the module and can be looked at like any other.
    FunctionId libm = 0;
    for (const auto &cost : flat.functions)
        if (flat.functionName(hand.profile, cost.function) == "libm.so.6") libm = cost.function;
    QVERIFY(flat.stacks->isSynthetic(libm));
    QCOMPARE(flat.functionModule(hand.profile, libm), hand.module("libm.so.6"));
    const CallerCallee result = CallerCallee::compute(hand.profile, filter, libm);
    QCOMPARE(entryLines(hand.profile, result, result.callers), QStringList({"c<int> 3"}));
    QCOMPARE(entryLines(hand.profile, result, result.callees), QStringList({"kfunc 1"}));
}

void TestAggregation::collapseRecursion() {
    HandProfile hand;
    const auto tree = CallTree::topDown(hand.shared(), withTransforms({Transform::collapseRecursion()}));
    QStringList lines = treeLines(*tree);
    const QStringList recursive = lines.filter(QRegularExpression("^main;rec"));
    // main;rec;a;rec;c folds the inner rec (and the a between) into the outer rec: main;rec;c.
    QCOMPARE(recursive, QStringList({"main;rec 0 3", "main;rec;b 2 2", "main;rec;c<int> 1 1"}));
    // Only one function: the same for rec, nothing else changes.
    const auto one = CallTree::topDown(hand.shared(),
                                       withTransforms({Transform::collapseRecursion(hand.function("rec"))}));
    QCOMPARE(treeLines(*one), lines);
    const auto other =
        CallTree::topDown(hand.shared(), withTransforms({Transform::collapseRecursion(hand.function("a"))}));
    QCOMPARE(treeLines(*other), treeLines(*CallTree::topDown(hand.shared(), SampleFilter{})));
}

void TestAggregation::collapseDirectRecursion() {
    HandProfile hand;
    const auto tree =
        CallTree::topDown(hand.shared(), withTransforms({Transform::collapseDirectRecursion()}));
    const QStringList recursive = treeLines(*tree).filter(QRegularExpression("^main;rec"));
    QCOMPARE(recursive, QStringList({"main;rec 0 3", "main;rec;a 0 1", "main;rec;a;rec 0 1",
                                     "main;rec;a;rec;c<int> 1 1", "main;rec;b 2 2"}));
}

void TestAggregation::focusFunction() {
    HandProfile hand;
    const auto tree =
        CallTree::topDown(hand.shared(), withTransforms({Transform::focusFunction(hand.function("rec"))}));
    QCOMPARE(tree->total(), uint64_t(3));
    QCOMPARE(tree->sampleCount(), uint64_t(3));
    QCOMPARE(tree->node(CallTree::kRoot).self, uint64_t(0)); // the stackless sample is dropped
    QCOMPARE(treeLines(*tree), QStringList({"rec 0 3", "rec;a 0 1", "rec;a;rec 0 1", "rec;a;rec;c<int> 1 1",
                                            "rec;rec 0 2", "rec;rec;b 2 2"}));
    // c<int> occurs under main directly and under rec: both occurrences become roots of one tree.
    const auto c =
        CallTree::topDown(hand.shared(), withTransforms({Transform::focusFunction(hand.function("c<int>"))}));
    QCOMPARE(treeLines(*c), QStringList({"c<int> 1 4", "c<int>;sqrt 0 3", "c<int>;sqrt;sqrt_inner 2 3",
                                         "c<int>;sqrt;sqrt_inner;kfunc 1 1"}));
}

void TestAggregation::focusSubtree() {
    HandProfile hand;
    const auto tree = CallTree::topDown(
        hand.shared(),
        withTransforms({Transform::focusSubtree({hand.function("main"), hand.function("a")})}));
    QCOMPARE(treeLines(*tree), QStringList({"a 1 4", "a;b 3 3"}));
    QCOMPARE(tree->sampleCount(), uint64_t(4));
    const auto whole =
        CallTree::topDown(hand.shared(), withTransforms({Transform::focusSubtree({hand.function("main")})}));
    QCOMPARE(whole->total(), uint64_t(10));
    // A path that does not start at the root matches nothing.
    const auto none =
        CallTree::topDown(hand.shared(), withTransforms({Transform::focusSubtree({hand.function("a")})}));
    QCOMPARE(none->total(), uint64_t(0));
    QCOMPARE(none->nodes().size(), size_t(1));
}

void TestAggregation::dropFunction() {
    HandProfile hand;
    const SampleFilter filter = withTransforms({Transform::dropFunction(hand.function("a"))});
    const FlatProfile flat = FlatProfile::compute(hand.profile, filter);
    QCOMPARE(flat.total, uint64_t(6)); // samples 4-8 and the stackless one
    QCOMPARE(flatLines(hand.profile, flat), QStringList({"sqrt_inner 2 3", "b 2 2", "kfunc 1 1", "main 0 5",
                                                         "c<int> 0 3", "sqrt 0 3", "rec 0 2"}));
}

void TestAggregation::transformChain() {
    HandProfile hand;
    // Merge a, then collapse recursion: main;rec;a;rec;c → main;rec;rec;c → main;rec;c.
    const SampleFilter filter =
        withTransforms({Transform::mergeFunction(hand.function("a")), Transform::collapseRecursion(),
                        Transform::focusFunction(hand.function("rec"))});
    const auto tree = CallTree::topDown(hand.shared(), filter);
    QCOMPARE(treeLines(*tree), QStringList({"rec 0 3", "rec;b 2 2", "rec;c<int> 1 1"}));
    // Focus first, then collapse: the same stacks here, reached another way.
    const auto reordered = CallTree::topDown(
        hand.shared(),
        withTransforms({Transform::focusFunction(hand.function("rec")), Transform::collapseRecursion()}));
    QCOMPARE(treeLines(*reordered), QStringList({"rec 0 3", "rec;b 2 2", "rec;c<int> 1 1"}));
    QCOMPARE(TransformedStacks::build(hand.profile, filter.transforms)->map(kNoStack), kDroppedStack);
}

void TestAggregation::badTransforms() {
    HandProfile hand;
    QVERIFY_THROWS_EXCEPTION(
        Error, CallTree::topDown(hand.shared(), withTransforms({Transform::mergeFunction(999)})));
    QVERIFY_THROWS_EXCEPTION(
        Error, CallTree::topDown(hand.shared(), withTransforms({Transform::collapseModule(99)})));
    QVERIFY_THROWS_EXCEPTION(Error,
                             CallTree::topDown(hand.shared(), withTransforms({Transform::focusSubtree({})})));
    QVERIFY_THROWS_EXCEPTION(
        Error, CallTree::topDown(hand.shared(), withTransforms({Transform::mergeFunction(kAnyFunction)})));
}

void TestAggregation::timeline() {
    HandProfile hand;
    const TimelineBuckets timeline = TimelineBuckets::compute(hand.profile, SampleFilter{}, 2);
    QCOMPARE(timeline.start, uint64_t(1000));
    QCOMPARE(timeline.end, uint64_t(2001));
    QCOMPARE(timeline.threads.size(), size_t(2));
    const ThreadTimeline &first = timeline.threads[0];
    QCOMPARE(first.tid, uint32_t(1));
    QCOMPARE(hand.profile.strings[first.name], std::string("app"));
    QCOMPARE(first.samples, std::vector<uint32_t>({3, 3})); // samples 0 2 4 | 6 8 10
    QCOMPARE(first.totalCost, uint64_t(6));
    const ThreadTimeline &second = timeline.threads[1];
    QCOMPARE(second.tid, uint32_t(2));
    QCOMPARE(second.samples, std::vector<uint32_t>({3, 2})); // samples 1 3 5 | 7 9
    QCOMPARE(second.cost, std::vector<uint64_t>({3, 2}));
    QVERIFY(first.userSpace && second.userSpace); // app frames under every stack
    // Per CPU: sample k runs on CPU k % 2, so CPU 0 has the first thread's and CPU 1 the second's.
    QCOMPARE(timeline.cpus.size(), size_t(2));
    QCOMPARE(timeline.cpus[0].cpu, uint32_t(0));
    QCOMPARE(timeline.cpus[0].samples, first.samples);
    QCOMPARE(timeline.cpus[1].cpu, uint32_t(1));
    QCOMPARE(timeline.cpus[1].cost, second.cost);

    // A time range of the filter is the timeline's range; transforms that drop samples apply.
    SampleFilter filter = withTransforms({Transform::focusFunction(hand.function("main"))});
    filter.startTime = 1000;
    filter.endTime = 1400;
    const TimelineBuckets part = TimelineBuckets::compute(hand.profile, filter, 4);
    QCOMPARE(part.bucketStart(1), uint64_t(1100));
    QCOMPARE(part.threads[0].samples, std::vector<uint32_t>({1, 0, 1, 0}));
    QCOMPARE(part.threads[1].samples, std::vector<uint32_t>({0, 1, 0, 1}));
    QVERIFY_THROWS_EXCEPTION(Error, TimelineBuckets::compute(hand.profile, filter, 0));

    // A focus leaves out every sample outside it: three run under rec (transformChain).
    const TimelineBuckets focused = TimelineBuckets::compute(
        hand.profile, withTransforms({Transform::focusFunction(hand.function("rec"))}), 2);
    uint64_t focusedSamples = 0;
    for (const ThreadTimeline &thread : focused.threads)
        focusedSamples += thread.totalSamples;
    QCOMPARE(focusedSamples, uint64_t(3));
}

// The finder that answers times within the last bucket found without a division gives bucketOf's bucket for
// every time, in order and out of it, whether buckets are wider or narrower than a nanosecond or the span
// times the count overflows 64 bits; firstTimeOf(b) is the first time of bucket b.
void TestAggregation::bucketFinderAgreesWithBucketOf() {
    struct Range {
        uint64_t start;
        uint64_t end;
        size_t count;
    };
    const std::vector<Range> ranges{{1000, 2001, 2},
                                    {1000, 1400, 4},
                                    {5, 5 + 997, 7},
                                    {100, 103, 10},
                                    {0, uint64_t{1} << 62, 4000},
                                    {123456789, 123456789 + 86'400'000'000'000, 1000}};
    std::mt19937_64 random(42);
    for (const Range &range : ranges) {
        TimelineBuckets timeline;
        timeline.start = range.start;
        timeline.end = range.end;
        timeline.bucketCount = range.count;
        for (size_t b = 0; b < range.count; ++b) {
            const uint64_t first = timeline.firstTimeOf(b);
            if (first < timeline.end) QVERIFY(timeline.bucketOf(first) >= b);
            if (first > timeline.start) QVERIFY(timeline.bucketOf(first - 1) < b);
        }
        QCOMPARE(timeline.firstTimeOf(range.count), range.end);
        std::vector<uint64_t> times;
        const uint64_t span = range.end - range.start;
        for (int i = 0; i < 2000; ++i)
            times.push_back(range.start + random() % span);
        times.push_back(range.start);
        times.push_back(range.end - 1);
        std::vector<uint64_t> sorted = times;
        std::sort(sorted.begin(), sorted.end());
        for (const auto &order : {times, sorted}) {
            TimelineBuckets::BucketFinder finder(timeline);
            for (const uint64_t time : order)
                QCOMPARE(finder.bucketOf(time), timeline.bucketOf(time));
        }
    }
}

// Unnamed frames counted by module: a stripped library's "[unknown]" functions and unmapped addresses.
void TestAggregation::unresolvedFramesByModule() {
    HandProfile hand;
    QVERIFY(UnresolvedFrames::compute(hand.profile).modules.empty());
    const ModuleId stripped = hand.addModule("/usr/lib/libstripped.so", false);
    hand.addFunction("[unknown]", stripped);
    hand.addSample({"main", "[unknown]", "b"}, 3000, 1, 0, 1);
    hand.addSample({"main", "[unknown]"}, 3100, 1, 0, 1);
    hand.addSample({"main", "[unknown]", "[unknown]"}, 3200, 1, 0, 1); // two frames, one sample
    const ModuleId unmapped = hand.addModule("[unknown]", false);
    hand.addFunction("[unknown]", unmapped); // from here on "[unknown]" is the unmapped one
    hand.addSample({"[unknown]", "main", "a"}, 3300, 1, 0, 1);
    const UnresolvedFrames result = UnresolvedFrames::compute(hand.profile);
    QCOMPARE(result.totalSamples, uint64_t(15));
    QCOMPARE(result.samples, uint64_t(4));
    QCOMPARE(result.modules.size(), size_t(2));
    const UnresolvedModule &library = result.modules[0];
    QCOMPARE(library.module, stripped);
    QVERIFY(!library.unmapped);
    QCOMPARE(library.samples, uint64_t(3));
    QCOMPARE(library.leafSamples, uint64_t(2));
    QCOMPARE(library.frames, uint64_t(1)); // HandProfile has one frame per function
    const UnresolvedModule &outside = result.modules[1];
    QCOMPARE(outside.module, unmapped);
    QVERIFY(outside.unmapped);
    QCOMPARE(outside.samples, uint64_t(1));
    QCOMPARE(outside.leafSamples, uint64_t(0));
}

void TestAggregation::timelineKernelThreadsAndIdle() {
    HandProfile hand;
    // A kernel thread (pid 7, only kernel frames) and the idle task (pid 0) on CPU 1.
    auto addSample = [&hand](uint32_t pid, uint64_t time) {
        hand.addSample({"kfunc"}, time, pid, 1, 1);
        hand.profile.samples.pid.back() = pid;
    };
    addSample(7, 1150);
    addSample(0, 1250);
    addSample(0, 1850);
    const TimelineBuckets timeline = TimelineBuckets::compute(hand.profile, SampleFilter{}, 2);
    QCOMPARE(timeline.threads.size(), size_t(4));
    QCOMPARE(timeline.threads[0].pid, uint32_t(0)); // sorted by pid
    QVERIFY(!timeline.threads[0].userSpace);
    QCOMPARE(timeline.threads[0].totalSamples, uint64_t(2));
    QCOMPARE(timeline.threads[3].pid, uint32_t(7));
    QVERIFY(!timeline.threads[3].userSpace);
    QVERIFY(timeline.threads[1].userSpace);
    // The idle task's samples do not make its CPU busy; the kernel thread's do.
    QCOMPARE(timeline.cpus.size(), size_t(2));
    QCOMPARE(timeline.cpus[1].totalSamples, uint64_t(5 + 1));
}

void TestAggregation::functionMatcher() {
    HandProfile hand;
    const FunctionMatcher matcher(hand.profile);
    QCOMPARE(matcher.function("b"), hand.function("b"));       // exact beats substrings
    QCOMPARE(matcher.function("sqrt"), hand.function("sqrt")); // though sqrt_inner contains it
    QCOMPARE(matcher.function("inner"), hand.function("sqrt_inner"));
    try {
        matcher.function("r");
        QFAIL("an ambiguous name was accepted");
    } catch (const Error &error) {
        const QString message = QString::fromUtf8(error.what());
        QVERIFY2(message.contains("sqrt_inner  [libm.so.6]") && message.contains("rec  [app]"), error.what());
    }
    QVERIFY_THROWS_EXCEPTION(Error, matcher.function("nothing like it"));
    QCOMPARE(matcher.module("libm.so.6"), hand.module("libm.so.6"));
    // A PLT stub gives way to the function it calls, whether the name is exact or a part of both.
    const FunctionId stub =
        hand.addFunction("std::_Rb_tree_insert_and_rebalance(bool)@plt", hand.module("app"));
    const FunctionId real =
        hand.addFunction("std::_Rb_tree_insert_and_rebalance(bool)", hand.module("libm.so.6"));
    const FunctionId cStub = hand.addFunction("_Rb_tree_rebalance_for_erase@plt", hand.module("app"));
    const FunctionId cReal = hand.addFunction("_Rb_tree_rebalance_for_erase", hand.module("libm.so.6"));
    const FunctionMatcher withStubs(hand.profile);
    QCOMPARE(withStubs.function("_Rb_tree_insert_and_rebalance"), real);
    QCOMPARE(withStubs.function("std::_Rb_tree_insert_and_rebalance(bool)"), real);
    QCOMPARE(withStubs.function("std::_Rb_tree_insert_and_rebalance(bool)@plt"), stub);
    QCOMPARE(withStubs.function("_Rb_tree_rebalance_for_erase"), cReal);
    QCOMPARE(withStubs.function("_Rb_tree_rebalance_for_erase@plt"), cStub);
    QCOMPARE(withStubs.function("rebalance_for_erase"), cReal);
    QCOMPARE(matcher.module("/usr/bin/app"), hand.module("app"));
    QCOMPARE(matcher.module("kallsyms"), hand.module("[kernel.kallsyms]"));
    QVERIFY_THROWS_EXCEPTION(Error, matcher.module("/usr")); // app and libm
}

namespace {

// The hand profile's samples repeated until there are enough for several workers.
HandProfile bigProfile(size_t copies) {
    HandProfile hand;
    auto &samples = hand.profile.samples;
    const SampleTable one = samples;
    for (size_t copy = 1; copy < copies; ++copy) {
        for (size_t i = 0; i < one.size(); ++i) {
            samples.time.push_back(one.time[i]);
            samples.pid.push_back(one.pid[i]);
            samples.tid.push_back(one.tid[i]);
            samples.cpu.push_back(one.cpu[i]);
            samples.event.push_back(one.event[i]);
            samples.period.push_back(one.period[i] + copy % 3);
            samples.stack.push_back(one.stack[i]);
        }
    }
    return hand;
}

} // namespace

void TestAggregation::parallelMatchesSerial() {
    const HandProfile hand = bigProfile(20000); // 220,000 samples
    AggregationControl serial;
    serial.threads = 1;
    AggregationControl parallel;
    parallel.threads = 4;
    QVERIFY(AggregationRunner::workerCount(hand.profile.samples.size(), parallel) == 4);
    const SampleFilter filter = withTransforms({Transform::collapseRecursion()});
    QCOMPARE(treeLines(*CallTree::topDown(hand.shared(), filter, parallel)),
             treeLines(*CallTree::topDown(hand.shared(), filter, serial)));
    QCOMPARE(treeLines(*CallTree::bottomUp(hand.shared(), filter, parallel)),
             treeLines(*CallTree::bottomUp(hand.shared(), filter, serial)));
    const FlatProfile flat = FlatProfile::compute(hand.profile, filter, parallel);
    QCOMPARE(flatLines(hand.profile, flat),
             flatLines(hand.profile, FlatProfile::compute(hand.profile, filter, serial)));
    QCOMPARE(flat.sampleCount, uint64_t(220000));
    const TimelineBuckets a = TimelineBuckets::compute(hand.profile, filter, 10, parallel);
    const TimelineBuckets b = TimelineBuckets::compute(hand.profile, filter, 10, serial);
    QCOMPARE(a.threads.size(), b.threads.size());
    for (size_t t = 0; t < a.threads.size(); ++t) {
        QCOMPARE(a.threads[t].samples, b.threads[t].samples);
        QCOMPARE(a.threads[t].cost, b.threads[t].cost);
    }
    QCOMPARE(a.threads[0].totalSamples + a.threads[1].totalSamples, uint64_t(220000));
}

// 40,000 samples of period 1 or 2, each on a path of its own: the bottom-up tree, made from the costs or from
// the top-down tree, is the one spelt out from the samples' paths here, and the same with one thread or more.
void TestAggregation::bottomUpOfManyPaths() {
    HandProfile hand;
    hand.profile.samples = SampleTable();
    const ModuleId module = hand.addModule("/usr/bin/many", false);
    std::vector<std::string> names;
    for (int f = 0; f < 64; ++f) {
        names.push_back("f" + std::to_string(f));
        hand.addFunction(names.back(), module);
    }
    std::map<QString, std::pair<uint64_t, uint64_t>> expected; // bottom-up path: self, inclusive
    uint32_t seed = 1;
    const auto next = [&seed] { return seed = seed * 1103515245u + 12345u, (seed >> 16) & 0x7fff; };
    for (int path = 0; path < 40000; ++path) {
        std::vector<std::string> stack{"main"};
        const size_t depth = 2 + next() % 6;
        for (size_t d = 0; d < depth; ++d)
            stack.push_back(names[next() % names.size()]);
        const uint64_t period = 1 + path % 2;
        hand.addSample(stack, 1000 + path, 1, 0, period);
        QString bottomUp;
        for (auto frame = stack.rbegin(); frame != stack.rend(); ++frame) {
            bottomUp += (bottomUp.isEmpty() ? "" : ";") + QString::fromStdString(*frame);
            auto &[self, inclusive] = expected[bottomUp];
            inclusive += period;
            if (frame == stack.rbegin()) self += period;
        }
    }
    QStringList expectedLines;
    for (const auto &[path, costs] : expected)
        expectedLines << QStringLiteral("%1 %2 %3").arg(path).arg(costs.first).arg(costs.second);
    expectedLines.sort();
    AggregationControl serial;
    serial.threads = 1;
    const auto anyThreads = CallTree::bottomUp(hand.shared(), SampleFilter{});
    const auto oneThread = CallTree::bottomUp(hand.shared(), SampleFilter{}, serial);
    QVERIFY(TransformedStacks::build(hand.profile, {})->size() >= 40000); // the function-level paths
    QCOMPARE(treeLines(*anyThreads), expectedLines);
    QCOMPARE(anyThreads->nodes().size(), oneThread->nodes().size());
    for (size_t n = 0; n < oneThread->nodes().size(); ++n) {
        const CallTreeNode &a = anyThreads->node(static_cast<uint32_t>(n));
        const CallTreeNode &b = oneThread->node(static_cast<uint32_t>(n));
        QVERIFY(a.function == b.function && a.parent == b.parent && a.self == b.self &&
                a.inclusive == b.inclusive && a.children == b.children);
    }
    // The bottom-up tree made from the top-down one is the same too.
    const auto fromTopDown = CallTree::bottomUpOf(*CallTree::topDown(hand.shared(), SampleFilter{}));
    QCOMPARE(treeLines(*fromTopDown), expectedLines);
}

void TestAggregation::cancellation() {
    const HandProfile hand = bigProfile(10000);
    std::stop_source cancelled;
    cancelled.request_stop();
    AggregationControl control;
    control.stop = cancelled.get_token();
    QVERIFY_THROWS_EXCEPTION(Cancelled, CallTree::topDown(hand.shared(), SampleFilter{}, control));
    std::stop_source source;
    AggregationControl stopped;
    stopped.stop = source.get_token();
    // Cancel from the progress callback, i.e. while the aggregation runs.
    stopped.progress = [&](double) { source.request_stop(); };
    stopped.threads = 1;
    QVERIFY_THROWS_EXCEPTION(Cancelled, FlatProfile::compute(hand.profile, SampleFilter{}, stopped));
}

void TestAggregation::progress() {
    const HandProfile hand = bigProfile(10000);
    std::vector<double> reported;
    AggregationControl control;
    control.progress = [&](double fraction) { reported.push_back(fraction); };
    const auto tree = CallTree::topDown(hand.shared(), SampleFilter{}, control);
    QCOMPARE(tree->sampleCount(), uint64_t(110000));
    QVERIFY(reported.size() >= 2);
    QVERIFY(std::is_sorted(reported.begin(), reported.end()));
    QCOMPARE(reported.back(), 1.0);
}

QTEST_GUILESS_MAIN(TestAggregation)
#include "tst_aggregation.moc"
