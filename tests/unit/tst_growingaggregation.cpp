// Aggregations of a growing profile, snapshot by snapshot (analysis/StackSampleSums, GrowingTimeline): each
// snapshot's sums extend its predecessor's by the samples it added, and what they fold into (both trees, the
// flat profile) equals the aggregation of the whole snapshot, as do the function-level tree and the unnamed
// frames extended by the stacks added; grouped by process, the sums by owner and stack extend alike, and
// their fold continues the earlier snapshot's; the growing timeline, whose bucket width doubles as the
// profile outgrows it, equals TimelineBuckets::compute over its range.
#include "analysis/CallTree.h"
#include "analysis/FlatProfile.h"
#include "analysis/GroupedFold.h"
#include "analysis/GroupedSampleSums.h"
#include "analysis/GrowingTimeline.h"
#include "analysis/StackCosts.h"
#include "analysis/StackSampleSums.h"
#include "analysis/TimelineBuckets.h"
#include "analysis/TransformedStacks.h"
#include "analysis/UnresolvedFrames.h"
#include "profile/SourceLocations.h"
#include "unit/HandProfile.h"
#include "unit/TreeLines.h"

#include <QtTest>

#include <optional>

using namespace perfglass;

namespace {

// The stack of the profile's n-th sample: one of five known stacks, or every seventh sample a leaf function
// new for each 97 samples (the stack, frame and function tables grow with the profile), or from the 400th
// sample on also a frame without a name in a module of its own, which appears only as the profile grows.
std::vector<std::string> stackOfSample(test::HandProfile &hand, size_t n) {
    static const std::vector<std::vector<std::string>> stacks = {
        {"main", "a", "b"}, {"main", "c<int>", "sqrt"}, {"main", "rec", "rec", "b"}, {}, {"main", "kfunc"}};
    if (n % 7 != 6) return stacks[n % stacks.size()];
    const bool unnamed = n >= 400 && n % 2 == 0;
    const std::string leaf = unnamed ? std::string("[unknown]") : "g" + std::to_string(n / 97);
    if (!hand.hasFunction(leaf))
        hand.addFunction(leaf, unnamed ? hand.addModule("[unknown]", false) : hand.module("app"));
    return unnamed ? std::vector<std::string>{"main", "[unknown]", "b"}
                   : std::vector<std::string>{"main", "c<int>", leaf};
}

// Appends BATCH samples to hand, the k-th at time, on two threads and two CPUs (stackOfSample).
void grow(test::HandProfile &hand, size_t batch, uint64_t &time, uint64_t step) {
    for (size_t k = 0; k < batch; ++k) {
        const size_t n = hand.profile.samples.size();
        hand.addSample(stackOfSample(hand, n), time, n % 3 == 0 ? 1 : 2, static_cast<uint32_t>(n % 2),
                       1 + n % 4);
        hand.profile.endTime = time;
        time += step;
    }
}

QStringList flatLines(const Profile &profile, const FlatProfile &flat) {
    QStringList lines;
    for (const FunctionCost &cost : flat.functions)
        lines << QStringLiteral("%1 %2 %3 %4")
                     .arg(QString::fromStdString(flat.functionName(profile, cost.function)))
                     .arg(cost.self)
                     .arg(cost.inclusive)
                     .arg(cost.samples);
    return lines;
}

// Every Profile stack's node in the transformed tree, as the path of functions from the outermost.
QStringList stackLines(const Profile &profile, const TransformedStacks &stacks) {
    QStringList lines;
    for (StackId s = 0; s < profile.stacks.size(); ++s) {
        QStringList path;
        for (StackId node = stacks.map(s); node != kNoStack && node != kDroppedStack;
             node = stacks.node(node).parent)
            path.prepend(QString::fromStdString(stacks.functionName(profile, stacks.node(node).function)));
        lines << QStringLiteral("%1 %2 %3").arg(s).arg(stacks.map(s)).arg(path.join(';'));
    }
    lines << QStringLiteral("nodes %1").arg(stacks.size());
    return lines;
}

// Appends a sample on main;a;b whose leaf is b at LINE of b.cpp: a frame (an address) of its own per line.
// Functions added after it would break HandProfile's frame i = function i: add none.
void addSampleAtLine(test::HandProfile &hand, uint32_t line, uint64_t time) {
    Profile &profile = hand.profile;
    const FunctionId b = hand.function("b");
    const auto frameAt = [&]() -> FrameId {
        for (FrameId f = 0; f < profile.frames.size(); ++f)
            if (profile.frames[f].function == b && profile.frames[f].line == line) return f;
        profile.frames.push_back(
            {b, hand.module("app"), 0x9000 + line, profile.strings.intern("b.cpp"), line});
        return static_cast<FrameId>(profile.frames.size() - 1);
    };
    const StackNode leaf{frameAt(), hand.stackOf({"main", "a"})};
    StackId stack = 0;
    while (stack < profile.stacks.size() &&
           (profile.stacks[stack].frame != leaf.frame || profile.stacks[stack].parent != leaf.parent))
        ++stack;
    if (stack == profile.stacks.size()) profile.stacks.push_back(leaf);
    profile.samples.time.push_back(time);
    profile.samples.pid.push_back(1);
    profile.samples.tid.push_back(1);
    profile.samples.cpu.push_back(0);
    profile.samples.event.push_back(0);
    profile.samples.period.push_back(1);
    profile.samples.stack.push_back(stack);
}

QStringList locationLines(const Profile &profile, const SourceLocations &locations) {
    QStringList lines;
    for (FunctionId f = 0; f < profile.functions.size(); ++f)
        lines << QString::fromStdString(profile.functionName(f) + " " + locations.text(profile, f));
    return lines;
}

QStringList unnamedLines(const UnresolvedFrames &unnamed) {
    QStringList lines{QStringLiteral("%1 of %2").arg(unnamed.samples).arg(unnamed.totalSamples)};
    for (const UnresolvedModule &module : unnamed.modules)
        lines << QStringLiteral("module %1 %2 frames %3 samples %4 leaf %5")
                     .arg(module.module)
                     .arg(module.unmapped)
                     .arg(module.frames)
                     .arg(module.samples)
                     .arg(module.leafSamples);
    return lines;
}

QStringList timelineLines(const TimelineBuckets &timeline) {
    QStringList lines{
        QStringLiteral("range %1 %2 %3").arg(timeline.start).arg(timeline.end).arg(timeline.bucketCount)};
    for (const ThreadTimeline &row : timeline.threads) {
        QStringList buckets;
        for (size_t b = 0; b < row.samples.size(); ++b)
            if (row.samples[b] != 0)
                buckets << QStringLiteral("%1:%2/%3").arg(b).arg(row.samples[b]).arg(row.cost[b]);
        lines << QStringLiteral("thread %1 %2 %3 %4 %5")
                     .arg(row.tid)
                     .arg(row.name)
                     .arg(row.totalSamples)
                     .arg(row.userSpace)
                     .arg(buckets.join(' '));
    }
    for (const CpuTimeline &row : timeline.cpus)
        lines << QStringLiteral("cpu %1 %2 %3").arg(row.cpu).arg(row.totalSamples).arg(row.totalCost);
    return lines;
}

// The filters a view may keep while the profile grows: none, and one with a time range, a thread, a
// transform and counting samples rather than periods.
std::vector<SampleFilter> filters(const test::HandProfile &hand) {
    SampleFilter narrow;
    narrow.startTime = 1500;
    narrow.tids = {2};
    narrow.cost = CostKind::Samples;
    narrow.transforms = {Transform::collapseRecursion(), Transform::dropFunction(hand.function("sqrt"))};
    return {SampleFilter{}, narrow};
}

// Appends BATCH samples of process 7, on threads 8 and 9, which the session names only later, and every fifth
// one of the idle task (PID 0).
void growOtherProcess(test::HandProfile &hand, size_t batch, uint64_t &time) {
    for (size_t k = 0; k < batch; ++k) {
        hand.addSample(stackOfSample(hand, hand.profile.samples.size()), time, k % 2 == 0 ? 8 : 9, 0,
                       1 + k % 3);
        const bool idle = k % 5 == 4;
        hand.profile.samples.pid.back() = idle ? 0 : 7;
        if (idle) hand.profile.samples.tid.back() = 0;
        hand.profile.endTime = time;
        time += 500;
    }
}

// What the session learns of process 7 before STEP's samples: thread 8's name (step 1), then the main
// thread's and thread 9's, which ran "before" until it exec'd "after" amid step 2.
void nameOtherProcess(test::HandProfile &hand, size_t step, uint64_t time) {
    StringTable &strings = hand.profile.strings;
    if (step == 1) hand.profile.threads.push_back({7, 8, strings.intern("late")});
    if (step != 2) return;
    hand.profile.threads.push_back({7, 7, strings.intern("main7")});
    ThreadInfo exec{7, 9, strings.intern("after")};
    exec.commands = {{0, strings.intern("before")},
                     {time + 50'000, exec.name}}; // amid the step's samples of 9
    hand.profile.threads.push_back(exec);
}

} // namespace

class TestGrowingAggregation : public QObject {
    Q_OBJECT

private slots:
    void extendedSumsFoldIntoTheTreesOfTheWholeSnapshot();
    void unnamedFramesExtendSnapshotBySnapshot();
    void sourceLinesExtendSnapshotBySnapshot();
    void growingTimelineEqualsTheTimelineOfItsRange();
    void groupedSumsExtendSnapshotBySnapshot();
    void onlyPerSampleWeightsExtend();
};

void TestGrowingAggregation::extendedSumsFoldIntoTheTreesOfTheWholeSnapshot() {
    test::HandProfile hand;
    for (const SampleFilter &filter : filters(hand)) {
        test::HandProfile growing = hand;
        uint64_t time = 3000;
        std::shared_ptr<const StackSampleSums> sums;
        std::shared_ptr<const TransformedStacks> tree; // the previous snapshot's
        for (size_t batch : {0, 1, 7, 100, 3, 2000}) {
            grow(growing, batch, time, 1000);
            const std::shared_ptr<const Profile> snapshot = growing.shared();
            sums = sums ? StackSampleSums::extend(*sums, *snapshot, filter)
                        : StackSampleSums::compute(*snapshot, filter);
            QCOMPARE(sums->samplesSummed, snapshot->samples.size());
            const StackCosts extended = StackCosts::fold(*snapshot, filter, sums, tree.get());
            if (tree) {
                // An untransformed tree extends by the stacks added; a transformed one is built anew.
                const auto grown = TransformedStacks::extend(*tree, *snapshot);
                QCOMPARE(grown != nullptr, filter.transforms.empty());
                if (grown)
                    QCOMPARE(stackLines(*snapshot, *grown),
                             stackLines(*snapshot, *TransformedStacks::build(*snapshot, filter.transforms)));
            }
            tree = extended.stacks;
            QCOMPARE(test::treeLines(*CallTree::topDownFromCosts(snapshot, extended)),
                     test::treeLines(*CallTree::topDown(snapshot, filter)));
            QCOMPARE(test::treeLines(*CallTree::bottomUpOf(*CallTree::topDownFromCosts(snapshot, extended))),
                     test::treeLines(*CallTree::bottomUp(snapshot, filter)));
            QCOMPARE(flatLines(*snapshot, FlatProfile::fromCosts(extended)),
                     flatLines(*snapshot, FlatProfile::compute(*snapshot, filter)));
            QCOMPARE(extended.total, StackCosts::compute(*snapshot, filter).total);
            QVERIFY(extended.sampleCount > 0);
        }
    }
}

// The unnamed frames, from the count of every sample by stack and extended snapshot by snapshot, equal those
// of the whole snapshot.
void TestGrowingAggregation::unnamedFramesExtendSnapshotBySnapshot() {
    test::HandProfile growing;
    uint64_t time = 3000;
    std::optional<UnresolvedFrames> extended;
    for (size_t batch : {0, 1, 7, 500, 3, 2000}) {
        grow(growing, batch, time, 1000);
        const Profile &snapshot = growing.profile;
        extended =
            extended ? UnresolvedFrames::extend(*extended, snapshot) : UnresolvedFrames::compute(snapshot);
        const UnresolvedFrames whole = UnresolvedFrames::compute(snapshot);
        QCOMPARE(unnamedLines(*extended), unnamedLines(whole));
        SampleFilter every;
        every.event = -1;
        every.cost = CostKind::Samples;
        const auto counts = StackSampleSums::compute(snapshot, every);
        QCOMPARE(unnamedLines(UnresolvedFrames::compute(snapshot, counts->count)), unnamedLines(whole));
    }
    QCOMPARE(extended->modules.size(), size_t{1}); // the frame without a name came in a later snapshot
    QVERIFY(extended->modules[0].unmapped);
    QVERIFY(extended->samples > 0 && extended->samples < extended->totalSamples);
}

// Each function's hottest source line, extended snapshot by snapshot, equals that of the whole snapshot,
// also when another line overtakes it.
void TestGrowingAggregation::sourceLinesExtendSnapshotBySnapshot() {
    test::HandProfile growing;
    uint64_t time = 3000;
    std::optional<SourceLocations> extended;
    const std::vector<std::pair<int, int>> batches = {{5, 0}, {0, 3}, {2, 2}, {0, 10}, {1, 0}};
    for (const auto &[atLine10, atLine20] : batches) {
        for (int k = 0; k < atLine10; ++k)
            addSampleAtLine(growing, 10, time += 1000);
        for (int k = 0; k < atLine20; ++k)
            addSampleAtLine(growing, 20, time += 1000);
        for (int k = 0; k < 30; ++k) // samples without source lines (HandProfile's frames have none)
            growing.addSample({"main", "c<int>", "sqrt"}, time += 1000, 1, 0, 1);
        const Profile &snapshot = growing.profile;
        extended =
            extended ? SourceLocations::extend(*extended, snapshot) : SourceLocations::compute(snapshot);
        QCOMPARE(locationLines(snapshot, *extended),
                 locationLines(snapshot, SourceLocations::compute(snapshot)));
        if (atLine10 == 5) QCOMPARE(extended->text(snapshot, growing.function("b")), std::string("b.cpp:10"));
    }
    QCOMPARE(extended->text(growing.profile, growing.function("b")), std::string("b.cpp:20"));
}

void TestGrowingAggregation::growingTimelineEqualsTheTimelineOfItsRange() {
    test::HandProfile hand;
    for (SampleFilter filter : filters(hand)) {
        filter.clearTimeSelection(); // the timeline's filter keeps every moment and row
        filter.tids.clear();
        test::HandProfile growing = hand;
        uint64_t time = 3000;
        std::shared_ptr<const GrowingTimeline> timeline;
        uint64_t firstWidth = 0;
        // 7 ms apart: 1600 buckets of 1 ms are outgrown after about 230 samples, and the width doubles
        // several times over the 9,000 samples.
        for (size_t batch : {1, 10, 300, 50, 3000, 1, 5639}) {
            grow(growing, batch, time, 7'000'000);
            const std::shared_ptr<const Profile> snapshot = growing.shared();
            timeline =
                timeline ? timeline->extend(*snapshot, filter) : GrowingTimeline::compute(*snapshot, filter);
            QVERIFY(timeline);
            if (firstWidth == 0) firstWidth = timeline->bucketWidth();
            const TimelineBuckets &shown = *timeline->buckets();
            QVERIFY(shown.bucketCount <= GrowingTimeline::kCapacity);
            QVERIFY(shown.end > snapshot->endTime);
            QCOMPARE(shown.end - shown.start, shown.bucketCount * timeline->bucketWidth());
            SampleFilter range = filter;
            range.startTime = shown.start;
            range.endTime = shown.end;
            QCOMPARE(timelineLines(shown),
                     timelineLines(TimelineBuckets::compute(*snapshot, range, shown.bucketCount)));
        }
        QVERIFY(timeline->bucketWidth() >= 32 * firstWidth); // it doubled, and merged its buckets, often
    }
}

// Grouped by process (and thread), the sums extend snapshot by snapshot, and their fold onto the grouped tree
// continues the earlier snapshot's by the entries the extension changed, into the trees and the flat profile
// of the whole snapshot, also when the session names a process's thread, and then its main thread, only after
// samples of them were summed: the owners summed unnamed get the names a sum of every sample gives them.
void TestGrowingAggregation::groupedSumsExtendSnapshotBySnapshot() {
    test::HandProfile hand;
    for (const ProcessGrouping grouping : {ProcessGrouping::Process, ProcessGrouping::ProcessThread}) {
        for (SampleFilter filter : filters(hand)) {
            filter.grouping = grouping;
            if (!filter.tids.empty()) filter.tids.insert(filter.tids.end(), {0, 8, 9});
            test::HandProfile growing = hand;
            uint64_t time = 3000;
            std::shared_ptr<const GroupedSampleSums> sums;
            std::shared_ptr<const GroupedFold> fold; // the previous snapshot's
            for (size_t step = 0; step < 5; ++step) {
                nameOtherProcess(growing, step, time);
                // Step 3's samples are more than one worker sums (AggregationRunner); step 4 adds few.
                grow(growing, step == 3 ? 70'000 : step == 4 ? 3 : 40, time, 1000);
                growOtherProcess(growing, step == 3 ? 300 : 40, time);
                const std::shared_ptr<const Profile> snapshot = growing.shared();
                const size_t before = sums ? sums->samplesSummed() : 0;
                sums = sums ? GroupedSampleSums::extend(*sums, *snapshot, filter)
                            : GroupedSampleSums::compute(*snapshot, filter);
                QCOMPARE(sums->extendedFrom(), before);
                QCOMPARE(sums->samplesSummed(), snapshot->samples.size());
                QCOMPARE(sums->awaitsMainThreadNames(), step < 2);
                if (step == 4) QVERIFY(sums->changes().size() < sums->entries().size() / 2);
                const StackCosts extended = StackCosts::foldGrouped(*snapshot, filter, sums, fold.get());
                QCOMPARE(extended.groupedFold->continued(), step > 0 && filter.transforms.empty());
                const StackCosts whole = StackCosts::compute(*snapshot, filter);
                QCOMPARE(test::treeLines(*CallTree::topDownFromCosts(snapshot, extended)),
                         test::treeLines(*CallTree::topDownFromCosts(snapshot, whole)));
                QCOMPARE(flatLines(*snapshot, FlatProfile::fromCosts(extended)),
                         flatLines(*snapshot, FlatProfile::fromCosts(whole)));
                QCOMPARE(extended.sampleCount, whole.sampleCount);
                QCOMPARE(extended.total, whole.total);
                if (fold) {
                    // The earlier fold was handed on: another fold of the same sums starts afresh, alike.
                    const StackCosts again = StackCosts::foldGrouped(*snapshot, filter, sums, fold.get());
                    QVERIFY(!again.groupedFold->continued());
                    QCOMPARE(test::treeLines(*CallTree::topDownFromCosts(snapshot, again)),
                             test::treeLines(*CallTree::topDownFromCosts(snapshot, whole)));
                }
                fold = extended.groupedFold;
            }
        }
    }
}

void TestGrowingAggregation::onlyPerSampleWeightsExtend() {
    SampleFilter period;
    QVERIFY(StackSampleSums::canExtend(period, period));
    SampleFilter other = period;
    other.tids = {3};
    QVERIFY(!StackSampleSums::canExtend(period, other));
    SampleFilter offCpu = period;
    offCpu.cost = CostKind::OffCpu; // a sample's off-CPU time is known only once its thread ran again
    QVERIFY(!StackSampleSums::canExtend(offCpu, offCpu));
    SampleFilter latency = period;
    latency.cost = CostKind::Latency; // its parallelism changes as later switches arrive
    QVERIFY(!StackSampleSums::canExtend(latency, latency));
    SampleFilter grouped = period;
    grouped.grouping = ProcessGrouping::Process;
    QVERIFY(!StackSampleSums::canExtend(grouped, grouped));
    QVERIFY(GroupedSampleSums::canExtend(grouped, grouped)); // summed by owner and stack instead
    QVERIFY(GrowingTimeline::canExtend(grouped, grouped));   // the same rows, grouped or not
    QVERIFY(!GrowingTimeline::canExtend(period, other));
    SampleFilter byThread = period;
    byThread.grouping = ProcessGrouping::ProcessThread;
    QVERIFY(!GroupedSampleSums::canExtend(grouped, byThread));
    QVERIFY(!GroupedSampleSums::canExtend(period, period));
    SampleFilter groupedOffCpu = offCpu;
    groupedOffCpu.grouping = ProcessGrouping::Process;
    QVERIFY(!GroupedSampleSums::canExtend(groupedOffCpu, groupedOffCpu));
}

QTEST_GUILESS_MAIN(TestGrowingAggregation)
#include "tst_growingaggregation.moc"
