// Off-CPU time (OffCpuTime, CostKind::OffCpu): switch-out samples weighed by how long their thread then
// stayed off the CPU, on HandProfile.h with a context-switches event added, checked exactly.
#include "unit/HandProfile.h"

#include "analysis/CallTree.h"
#include "analysis/OffCpuTime.h"
#include "analysis/StackCosts.h"

#include <QtTest>

using namespace perfglass;
using perfglass::test::HandProfile;

namespace {

// HandProfile (cpu-clock, threads 1 and 2 of pid 1, times 1000..2000) plus event 1, "cs/period=1/":
// thread 3 of pid 1 switches out at 1000 in main;a, runs again (a cpu-clock sample) at 1500, switches out at
// 1600 in main;b and is not seen again before the end (2000); thread 2 switches out at 1050 in main;a and
// its next sample (k 1) is at 1100.
HandProfile withSwitches() {
    HandProfile hand;
    hand.profile.events.push_back({"cs/period=1/", 1, 3, 3});
    hand.profile.events.front().samples = 11;
    const auto add = [&hand](const std::vector<std::string> &path, uint64_t time, uint32_t tid,
                             uint16_t event) {
        hand.addSample(path, time, tid, 0, 1);
        hand.profile.samples.event.back() = event;
    };
    add({"main", "a"}, 1000, 3, 1);
    add({"main", "c<int>"}, 1500, 3, 0);
    add({"main", "b"}, 1600, 3, 1);
    add({"main", "a"}, 1050, 2, 1);
    return hand;
}

} // namespace

class TestOffCpu : public QObject {
    Q_OBJECT

private slots:
    void switchEvent() {
        HandProfile plain;
        QCOMPARE(OffCpuTime::switchEvent(plain.profile), -1);
        QCOMPARE(OffCpuTime::switchEvent(withSwitches().profile), 1);
        HandProfile cstate;
        cstate.profile.events.push_back({"cstate_core/c6-residency/", 5, 0, 4});
        QCOMPARE(OffCpuTime::switchEvent(cstate.profile), -1); // "cs" names the event, not a prefix
    }

    void blockedTimeBySample() {
        const HandProfile hand = withSwitches();
        const auto blocked = OffCpuTime::compute(hand.profile, 1);
        QCOMPARE(blocked->size(), hand.profile.samples.size());
        QCOMPARE((*blocked)[11], uint64_t(500)); // 1000 until its cpu-clock sample at 1500
        QCOMPARE((*blocked)[12], uint64_t(0));   // an on-CPU sample
        QCOMPARE((*blocked)[13], uint64_t(400)); // 1600 until the session's end
        QCOMPARE((*blocked)[14], uint64_t(50));  // thread 2: 1050 until k 1 at 1100
        const std::vector<OffCpuInterval> intervals = OffCpuTime::intervals(hand.profile, 1);
        QCOMPARE(intervals.size(), size_t(3));
        QCOMPARE(intervals[0].tid, uint32_t(2));
        QCOMPARE(intervals[1].start, uint64_t(1000));
        QCOMPARE(intervals[1].end, uint64_t(1500));
        QCOMPARE(intervals[2].end, uint64_t(2000));
    }

    // A thread that exits while "blocked" (its last switch-out) is off the CPU until its exit, not the end.
    void boundedByExit() {
        HandProfile hand = withSwitches();
        hand.profile.threads.push_back({1, 3, hand.profile.strings.intern("sleeper"), 1800});
        const auto blocked = OffCpuTime::compute(hand.profile, 1);
        QCOMPARE((*blocked)[11], uint64_t(500)); // a later sample comes first
        QCOMPARE((*blocked)[13], uint64_t(200)); // 1600 until the exit at 1800
        QCOMPARE(OffCpuTime::intervals(hand.profile, 1)[2].end, uint64_t(1800));
    }

    void offCpuCostInTrees() {
        const HandProfile hand = withSwitches();
        SampleFilter filter;
        filter.event = 1;
        filter.cost = CostKind::OffCpu;
        filter.offCpuTime = OffCpuTime::compute(hand.profile, 1);
        const StackCosts costs = StackCosts::compute(hand.profile, filter);
        QCOMPARE(costs.total, uint64_t(500 + 400 + 50));
        QCOMPARE(costs.sampleCount, uint64_t(3));
        const auto tree = CallTree::topDown(hand.shared(), filter);
        const CallTreeNode &root = tree->node(CallTree::kRoot);
        QCOMPARE(root.children.size(), size_t(1));
        const CallTreeNode &main = tree->node(root.children[0]);
        QCOMPARE(main.inclusive, uint64_t(950));
        QCOMPARE(tree->functionName(tree->node(main.children[0]).function),
                 std::string("a")); // highest first
        QCOMPARE(tree->node(main.children[0]).inclusive, uint64_t(550));
        // Without the times, off-CPU cost is 0, never the period.
        filter.offCpuTime.reset();
        QCOMPARE(StackCosts::compute(hand.profile, filter).total, uint64_t(0));
    }
};

QTEST_GUILESS_MAIN(TestOffCpu)
#include "tst_offcpu.moc"
