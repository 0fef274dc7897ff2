// Comparisons of two profiles (FlatDiff, CallTreeDiff, DiffFoldedExporter) on HandProfile and a changed copy
// of it: functions match by name and module file name whatever their ids, each side keeps its own totals,
// shares and seconds are computed from them, and two threads of one profile compare like two profiles.
#include "unit/HandProfile.h"

#include "analysis/CallTreeDiff.h"
#include "analysis/FilterTransfer.h"
#include "analysis/FlatDiff.h"
#include "analysis/FlatProfile.h"
#include "base/Error.h"
#include "export/DiffFoldedExporter.h"

#include <QtTest>

#include <map>
#include <sstream>

using namespace perfglass;
using perfglass::test::HandProfile;

namespace {

// HandProfile (11 samples) with 4 more: 3 of main;a;b, where b is a second function of the same name and
// module (another id, as in another build), and 1 of main;newf.
HandProfile changedProfile() {
    HandProfile changed;
    const ModuleId app = changed.module("app");
    changed.addFunction("b", app); // function() now finds this one
    changed.addFunction("newf", app);
    for (int i = 0; i < 3; ++i)
        changed.addSample({"main", "a", "b"}, 3000 + i, 1, 0, 1);
    changed.addSample({"main", "newf"}, 3100, 1, 0, 1);
    return changed;
}

const FunctionDiff *find(const FlatDiff &diff, const std::string &name) {
    for (const auto &function : diff.functions)
        if (function.function == name) return &function;
    return nullptr;
}

// The merged node at the end of PATH (names from the root), or 0 when there is none.
uint32_t findPath(const CallTreeDiff &diff, const std::vector<std::string> &path) {
    uint32_t node = CallTreeDiff::kRoot;
    for (const auto &name : path) {
        uint32_t next = 0;
        for (uint32_t child : diff.node(node).children)
            if (diff.functionName(child) == name) next = child;
        if (next == 0) return 0;
        node = next;
    }
    return node;
}

} // namespace

class TestDiff : public QObject {
    Q_OBJECT
private slots:
    void flatMatchesByNameAndModule() {
        const HandProfile before;
        const HandProfile after = changedProfile();
        const FlatDiff diff = FlatDiff::compute(before.profile, {}, after.profile, {});
        QCOMPARE(diff.baselineTotal, uint64_t(11));
        QCOMPARE(diff.comparisonTotal, uint64_t(15));
        const FunctionDiff *b = find(diff, "b");
        QVERIFY(b);
        QCOMPARE(b->module, std::string("app"));
        QCOMPARE(b->baseline.self, uint64_t(5));
        QCOMPARE(b->comparison.self, uint64_t(8)); // both ids of b, summed
        int bs = 0;
        for (const auto &function : diff.functions)
            bs += function.function == "b" ? 1 : 0;
        QCOMPARE(bs, 1);
        const FunctionDiff *newf = find(diff, "newf");
        QVERIFY(newf);
        QCOMPARE(newf->baseline.self, uint64_t(0));
        QCOMPARE(newf->comparison.self, uint64_t(1));
        const DiffScale share = diff.scale(DiffNormalize::Share);
        QVERIFY(qAbs(share.baseline(b->baseline.self) - 500.0 / 11) < 1e-9);
        QVERIFY(qAbs(share.delta(b->baseline.self, b->comparison.self) - (800.0 / 15 - 500.0 / 11)) < 1e-9);
        const DiffScale time = diff.scale(DiffNormalize::Time);
        QVERIFY(qAbs(time.delta(b->baseline.self, b->comparison.self) - 3e-9) < 1e-18);
        QCOMPARE(find(diff, "main")->baseline.inclusive, uint64_t(10));
        QCOMPARE(find(diff, "main")->comparison.inclusive, uint64_t(14));
    }

    void flatSorts() {
        const HandProfile before;
        const HandProfile after = changedProfile();
        FlatDiff diff = FlatDiff::compute(before.profile, {}, after.profile, {});
        // By delta (absolute change of share): b grew the most (+7.9 points), newf next (+6.7).
        QCOMPARE(diff.functions[0].function, std::string("b"));
        QCOMPARE(diff.functions[1].function, std::string("newf"));
        diff.sort(DiffSort::Baseline, DiffNormalize::Share);
        QCOMPARE(diff.functions[0].function, std::string("b"));
        QCOMPARE(diff.functions[1].function, std::string("sqrt_inner"));
        QCOMPARE(diff.functions.back().baseline.self, uint64_t(0));
        diff.sort(DiffSort::Comparison, DiffNormalize::Time);
        QCOMPARE(diff.functions[0].function, std::string("b"));
    }

    void topDownTreesMerge() {
        const HandProfile before;
        const HandProfile after = changedProfile();
        const auto diff =
            CallTreeDiff::compute(before.shared(), {}, after.shared(), {}, CallTree::Kind::TopDown);
        QCOMPARE(diff->baselineTotal(), uint64_t(11));
        QCOMPARE(diff->comparisonTotal(), uint64_t(15));
        const uint32_t ab = findPath(*diff, {"main", "a", "b"});
        QVERIFY(ab != 0);
        QCOMPARE(diff->node(ab).baseline.inclusive, uint64_t(3));
        QCOMPARE(diff->node(ab).comparison.inclusive, uint64_t(6));
        QCOMPARE(diff->moduleName(ab), std::string("app"));
        const uint32_t newf = findPath(*diff, {"main", "newf"});
        QVERIFY(newf != 0);
        QCOMPARE(diff->node(newf).baseline.inclusive, uint64_t(0));
        QCOMPARE(diff->node(newf).comparison.self, uint64_t(1));
        // Every node of each side's own tree maps to a merged node with the same name; the nodes of both ids
        // of b under main;a map to one merged node, whose cost is theirs summed.
        const CallTree &comparison = *diff->comparisonTree();
        std::map<uint32_t, uint64_t> summed;
        for (uint32_t i = 1; i < comparison.nodes().size(); ++i) {
            const uint32_t merged = diff->fromComparison(i);
            QCOMPARE(diff->functionName(merged), comparison.functionName(comparison.node(i).function));
            summed[merged] += comparison.node(i).inclusive;
        }
        for (const auto &[merged, inclusive] : summed)
            QCOMPARE(diff->node(merged).comparison.inclusive, inclusive);
        QCOMPARE(diff->pathTo(ab).size(), size_t(4));
    }

    void bottomUpTreesMerge() {
        const HandProfile before;
        const HandProfile after = changedProfile();
        const auto diff =
            CallTreeDiff::compute(before.shared(), {}, after.shared(), {}, CallTree::Kind::BottomUp);
        const uint32_t b = findPath(*diff, {"b"});
        QVERIFY(b != 0);
        QCOMPARE(diff->node(b).baseline.inclusive, uint64_t(5));
        QCOMPARE(diff->node(b).comparison.inclusive, uint64_t(8));
        QVERIFY(findPath(*diff, {"b", "a", "main"}) != 0);
    }

    void twoThreadsOfOneProfile() {
        const HandProfile hand;
        SampleFilter first;
        first.tids = {1};
        SampleFilter second;
        second.tids = {2};
        const FlatDiff diff = FlatDiff::compute(hand.profile, first, hand.profile, second);
        QCOMPARE(diff.baselineTotal, uint64_t(6)); // even k: 0 2 4 6 8 10
        QCOMPARE(diff.comparisonTotal, uint64_t(5));
        const FunctionDiff *b = find(diff, "b");
        QCOMPARE(b->baseline.self, uint64_t(3));   // k 0 2 8
        QCOMPARE(b->comparison.self, uint64_t(2)); // k 1 7
    }

    void sidesTakeTheirOwnTransforms() {
        const HandProfile before;
        const HandProfile after = changedProfile();
        SampleFilter dropAfter;
        dropAfter.transforms.push_back(Transform::dropFunction(after.function("newf")));
        const FlatDiff diff = FlatDiff::compute(before.profile, {}, after.profile, dropAfter);
        QCOMPARE(diff.comparisonTotal, uint64_t(14));
        QVERIFY(!find(diff, "newf"));
    }

    void filtersTransferByName() {
        const HandProfile before;
        HandProfile after;
        after.addModule("/usr/lib/libextra.so", false); // module ids differ from here on
        const FunctionId x = after.addFunction("x", after.module("libextra.so"));
        after.addFunction("a", after.module("app")); // a second "a": the first one keeps its id 1
        SampleFilter filter;
        filter.startTime = 1200;
        filter.tids = {1};
        filter.transforms = {Transform::hideKernel(), Transform::mergeFunction(before.function("b")),
                             Transform::collapseModule(before.module("libm.so.6")),
                             Transform::focusFunction(before.function("main"))};
        const SampleFilter carried = FilterTransfer::apply(before.profile, filter, after.profile);
        QVERIFY(!carried.startTime && !carried.endTime); // belongs to the baseline session
        QCOMPARE(carried.transforms.size(), size_t(4));
        QCOMPARE(carried.transforms[0].kind, TransformKind::HideKernel);
        QCOMPARE(after.profile.functionName(carried.transforms[1].function), std::string("b"));
        QCOMPARE(after.profile.moduleName(carried.transforms[2].module), std::string("libm.so.6"));
        QVERIFY(x != carried.transforms[3].function);
        QCOMPARE(after.profile.functionName(carried.transforms[3].function), std::string("main"));
        // A merge of a function the other profile lacks changes nothing there; a focus on it keeps nothing.
        SampleFilter onlyX;
        onlyX.transforms = {Transform::mergeFunction(x)};
        QVERIFY(FilterTransfer::apply(after.profile, onlyX, before.profile).transforms.empty());
        onlyX.transforms = {Transform::focusFunction(x)};
        const SampleFilter none = FilterTransfer::apply(after.profile, onlyX, before.profile);
        QCOMPARE(FlatProfile::compute(before.profile, none).sampleCount, uint64_t(0));
    }

    // Threads and processes carry over by name, CPUs as they are, a time range not; carry() counts each.
    void filtersCarryThreadsByName() {
        const HandProfile before;
        HandProfile after;
        after.profile.threads = {{7, 7, after.profile.strings.intern("app")},
                                 {7, 8, after.profile.strings.intern("worker")},
                                 {7, 9, after.profile.strings.intern("worker")}};
        SampleFilter filter;
        filter.startTime = 1200;
        filter.endTime = 1800;
        filter.tids = {2};
        filter.cpus = {1};
        FilterTransfer::Carried carried = FilterTransfer::carry(before.profile, filter, after.profile);
        QCOMPARE(carried.filter.tids, (std::vector<uint32_t>{8, 9}));
        QCOMPARE(carried.filter.cpus, std::vector<uint32_t>{1});
        QVERIFY(!carried.filter.startTime && !carried.filter.endTime);
        QVERIFY(carried.timeRangeDropped);
        QCOMPARE(carried.threadNames, size_t(1));
        QCOMPARE(carried.threadNamesMissing, size_t(0));
        QCOMPARE(carried.cpus, size_t(1));
        filter.tids.clear();
        filter.pids = {1};
        carried = FilterTransfer::carry(before.profile, filter, after.profile);
        QCOMPARE(carried.filter.pids, std::vector<uint32_t>{7}); // the process whose main thread is "app"
        QCOMPARE(carried.processNames, size_t(1));
        // A thread whose name the other profile lacks: nothing passes there.
        after.profile.threads = {{7, 7, after.profile.strings.intern("other")}};
        filter.pids.clear();
        filter.tids = {2};
        carried = FilterTransfer::carry(before.profile, filter, after.profile);
        QCOMPARE(carried.threadNamesMissing, size_t(1));
        QVERIFY(carried.filter.startTime && carried.filter.endTime && *carried.filter.endTime == 0);
    }

    void diffFoldedLines() {
        const HandProfile before;
        const HandProfile after = changedProfile();
        const auto diff =
            CallTreeDiff::compute(before.shared(), {}, after.shared(), {}, CallTree::Kind::TopDown);
        std::ostringstream out;
        DiffFoldedExporter::write(*diff, out);
        std::map<std::string, std::pair<uint64_t, uint64_t>> lines;
        std::istringstream in(out.str());
        std::string line;
        uint64_t sumBefore = 0;
        uint64_t sumAfter = 0;
        while (std::getline(in, line)) {
            const auto second = line.rfind(' ');
            const auto first = line.rfind(' ', second - 1);
            QVERIFY(first != std::string::npos);
            const uint64_t b = std::stoull(line.substr(first + 1, second - first - 1));
            const uint64_t a = std::stoull(line.substr(second + 1));
            lines[line.substr(0, first)] = {b, a};
            sumBefore += b;
            sumAfter += a;
        }
        QCOMPARE(sumBefore, uint64_t(11));
        QCOMPARE(sumAfter, uint64_t(15));
        QCOMPARE(lines.at("main;a;b"), std::make_pair(uint64_t(3), uint64_t(6)));
        QCOMPARE(lines.at("main;newf"), std::make_pair(uint64_t(0), uint64_t(1)));
        QCOMPARE(lines.at("[no stack]"), std::make_pair(uint64_t(1), uint64_t(1)));
        const auto bottomUp =
            CallTreeDiff::compute(before.shared(), {}, after.shared(), {}, CallTree::Kind::BottomUp);
        QVERIFY_THROWS_EXCEPTION(Error, DiffFoldedExporter::write(*bottomUp, out));
    }
};

QTEST_GUILESS_MAIN(TestDiff)
#include "tst_diff.moc"
