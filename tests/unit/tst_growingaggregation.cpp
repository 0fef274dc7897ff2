// Aggregations of a growing profile, snapshot by snapshot (analysis/StackSampleSums, GrowingTimeline): each
// snapshot's sums extend its predecessor's by the samples it added, and what they fold into (both trees, the
// flat profile, the unnamed frames) equals the aggregation of the whole snapshot; the growing timeline, whose
// bucket width doubles as the profile outgrows it, equals TimelineBuckets::compute over its range.
#include "analysis/CallTree.h"
#include "analysis/FlatProfile.h"
#include "analysis/GrowingTimeline.h"
#include "analysis/StackCosts.h"
#include "analysis/StackSampleSums.h"
#include "analysis/TimelineBuckets.h"
#include "analysis/UnresolvedFrames.h"
#include "unit/HandProfile.h"
#include "unit/TreeLines.h"

#include <QtTest>

using namespace perfglass;

namespace {

// Appends BATCH samples to hand, the k-th at time, cycling through five stacks, two threads and two CPUs.
void grow(test::HandProfile &hand, size_t batch, uint64_t &time, uint64_t step) {
    static const std::vector<std::vector<std::string>> stacks = {
        {"main", "a", "b"}, {"main", "c<int>", "sqrt"}, {"main", "rec", "rec", "b"}, {}, {"main", "kfunc"}};
    for (size_t k = 0; k < batch; ++k) {
        const size_t n = hand.profile.samples.size();
        hand.addSample(stacks[n % stacks.size()], time, n % 3 == 0 ? 1 : 2, static_cast<uint32_t>(n % 2),
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

} // namespace

class TestGrowingAggregation : public QObject {
    Q_OBJECT

private slots:
    void extendedSumsFoldIntoTheTreesOfTheWholeSnapshot();
    void growingTimelineEqualsTheTimelineOfItsRange();
    void onlyPerSampleWeightsExtend();
};

void TestGrowingAggregation::extendedSumsFoldIntoTheTreesOfTheWholeSnapshot() {
    test::HandProfile hand;
    for (const SampleFilter &filter : filters(hand)) {
        test::HandProfile growing = hand;
        uint64_t time = 3000;
        std::shared_ptr<const StackSampleSums> sums;
        for (size_t batch : {0, 1, 7, 100, 3, 2000}) {
            grow(growing, batch, time, 1000);
            const std::shared_ptr<const Profile> snapshot = growing.shared();
            sums = sums ? StackSampleSums::extend(*sums, *snapshot, filter)
                        : StackSampleSums::compute(*snapshot, filter);
            QCOMPARE(sums->samplesSummed, snapshot->samples.size());
            const StackCosts extended = StackCosts::fold(*snapshot, filter, sums);
            QCOMPARE(test::treeLines(*CallTree::topDownFromCosts(snapshot, extended)),
                     test::treeLines(*CallTree::topDown(snapshot, filter)));
            QCOMPARE(test::treeLines(*CallTree::bottomUpFromCosts(snapshot, extended)),
                     test::treeLines(*CallTree::bottomUp(snapshot, filter)));
            QCOMPARE(flatLines(*snapshot, FlatProfile::fromCosts(extended)),
                     flatLines(*snapshot, FlatProfile::compute(*snapshot, filter)));
            QCOMPARE(extended.total, StackCosts::compute(*snapshot, filter).total);
            QVERIFY(extended.sampleCount > 0);
        }
    }
    // The unnamed frames of the whole snapshot, from the count of every sample by stack.
    SampleFilter every;
    every.event = -1;
    every.cost = CostKind::Samples;
    const auto counts = StackSampleSums::compute(hand.profile, every);
    const UnresolvedFrames fromSums = UnresolvedFrames::compute(hand.profile, counts->count);
    const UnresolvedFrames whole = UnresolvedFrames::compute(hand.profile);
    QCOMPARE(fromSums.samples, whole.samples);
    QCOMPARE(fromSums.modules.size(), whole.modules.size());
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
}

QTEST_GUILESS_MAIN(TestGrowingAggregation)
#include "tst_growingaggregation.moc"
