// Parallelism and latency (analysis/Parallelism) on a hand-made session whose context switches and samples
// are laid out by hand, with every weight computed by hand below: a sample's latency is its period divided by
// the number of its process' threads running at its time (at least 1, at most the machine's CPUs).
//
// Process 1 (threads 1, 2, 3; period 1000 each):       Process 2 (thread 9):     Process 3 (threads 20-25):
//   100 t1 in, t2 in   -> 2 running                      500 t9 out (ran from 0)    100 all six in -> 6,
//   300 t2 out         -> 1                              -> 1 until 500, then 0     clamped to 4 CPUs
//   400 t3 in          -> 2
//   600 t1 out         -> 1
//   700 t3 out         -> 0 (a sample then counts 1)
// Samples: 150 t1 main;a (p 2: 500)  200 t2 main;b (p 2: 500)  350 t1 main;a (p 1: 1000)
//          450 t3 main;b (p 2: 500)  650 t3 main;a (p 1: 1000)  800 t1 main (p 1: 1000)
//          250 t9 main;a (process 2, p 1: 1000)                 200 t20 main;b (process 3, p 4: 250)
#include "unit/HandProfile.h"

#include "analysis/FlatProfile.h"
#include "analysis/Parallelism.h"
#include "analysis/SortedHistogram.h"

#include <QtTest>

using namespace perfglass;
using perfglass::test::HandProfile;

namespace {

void addSample(HandProfile &hand, const std::vector<std::string> &stack, uint64_t time, uint32_t pid,
               uint32_t tid) {
    hand.addSample(stack, time, tid, 0, 1000);
    hand.profile.samples.pid.set(hand.profile.samples.size() - 1, pid);
}

HandProfile latencyProfile() {
    HandProfile hand;
    hand.profile.samples = SampleTable();
    hand.profile.machine.cpusOnline = 4;
    auto &switches = hand.profile.switches;
    switches = {{100, 1, 1, false}, {100, 1, 2, false}, {300, 1, 2, true}, {400, 1, 3, false},
                {500, 2, 9, true},  {600, 1, 1, true},  {700, 1, 3, true}};
    for (uint32_t tid = 20; tid < 26; ++tid)
        switches.push_back({100, 3, tid, false});
    addSample(hand, {"main", "a"}, 150, 1, 1);
    addSample(hand, {"main", "b"}, 200, 1, 2);
    addSample(hand, {"main", "a"}, 350, 1, 1);
    addSample(hand, {"main", "b"}, 450, 1, 3);
    addSample(hand, {"main", "a"}, 650, 1, 3);
    addSample(hand, {"main"}, 800, 1, 1);
    addSample(hand, {"main", "a"}, 250, 2, 9);
    addSample(hand, {"main", "b"}, 200, 3, 20);
    hand.profile.startTime = 100;
    hand.profile.endTime = 800;
    return hand;
}

} // namespace

class TestLatency : public QObject {
    Q_OBJECT

private slots:
    void parallelismOverTime();
    void latencyWeights();
    void latencySharesOfFunctions();
    void sortByParallelism();
    void noSwitchesNoParallelism();
};

void TestLatency::parallelismOverTime() {
    const HandProfile hand = latencyProfile();
    const Parallelism parallelism = Parallelism::compute(hand.profile);
    QVERIFY(parallelism.known());
    const std::vector<std::pair<uint64_t, uint32_t>> expected = {
        {100, 2}, {300, 1}, {400, 2}, {600, 1}, {700, 0}};
    const auto &steps = parallelism.steps(1);
    QCOMPARE(steps.size(), expected.size());
    for (size_t i = 0; i < steps.size(); ++i) {
        QCOMPARE(steps[i].time, expected[i].first);
        QCOMPARE(steps[i].running, expected[i].second);
    }
    QCOMPARE(parallelism.steps(2).size(), size_t(2)); // 1 from the start, 0 from 500
    QCOMPARE(parallelism.at(2, 499), 1u);
    QCOMPARE(parallelism.at(3, 200), 4u); // six threads, four CPUs
    QCOMPARE(parallelism.at(1, 50), 1u);  // before any switch: the sampled thread ran
    QCOMPARE(parallelism.perSample(hand.profile), (std::vector<uint32_t>{2, 2, 1, 2, 1, 1, 1, 4}));
}

void TestLatency::latencyWeights() {
    const HandProfile hand = latencyProfile();
    const auto weights = Parallelism::compute(hand.profile).latencyWeights(hand.profile);
    QCOMPARE(*weights, (std::vector<uint64_t>{500, 500, 1000, 500, 1000, 1000, 1000, 250}));
}

// Process 1 alone: a runs 500 + 1000 + 1000 = 2500 of the wall time, b 500 + 500 = 1000, main's own 1000:
// latency shares 2500/4500, 1000/4500 and 1000/4500, where CPU time gives a 3000, b 2000, main 1000.
void TestLatency::latencySharesOfFunctions() {
    const HandProfile hand = latencyProfile();
    SampleFilter filter;
    filter.pids = {1};
    filter.cost = CostKind::Latency;
    filter.latency = Parallelism::compute(hand.profile).latencyWeights(hand.profile);
    const FlatProfile flat = FlatProfile::compute(hand.profile, filter);
    std::map<std::string, uint64_t> self;
    uint64_t total = 0;
    for (const auto &cost : flat.functions) {
        self[flat.functionName(hand.profile, cost.function)] = cost.self;
        total += cost.self;
    }
    QCOMPARE(total, uint64_t(4500));
    QCOMPARE(self["a"], uint64_t(2500));
    QCOMPARE(self["b"], uint64_t(1000));
    QCOMPARE(self["main"], uint64_t(1000));
    filter.cost = CostKind::Period;
    const FlatProfile cpu = FlatProfile::compute(hand.profile, filter);
    for (const auto &cost : cpu.functions)
        if (cpu.functionName(hand.profile, cost.function) == "a") QCOMPARE(cost.self, uint64_t(3000));
}

// perf report -s parallelism --latency: one row per parallelism, with its overhead and latency.
void TestLatency::sortByParallelism() {
    const HandProfile hand = latencyProfile();
    const Parallelism parallelism = Parallelism::compute(hand.profile);
    HistogramOptions options;
    options.keys = {SortKey::Parallelism};
    options.parallelism = std::make_shared<const std::vector<uint32_t>>(parallelism.perSample(hand.profile));
    options.latency = parallelism.latencyWeights(hand.profile);
    const SortedHistogram histogram = SortedHistogram::compute(hand.profile, {}, options);
    QVERIFY(histogram.latency);
    QCOMPARE(histogram.total, uint64_t(8000));
    QCOMPARE(histogram.latencyTotal, uint64_t(5750));
    std::map<uint32_t, std::pair<uint64_t, uint64_t>> rows; // parallelism -> (period, latency)
    for (const auto &entry : histogram.entries)
        rows[entry.parallelism] = {entry.self, entry.latencySelf};
    QCOMPARE(rows.size(), size_t(3));
    QCOMPARE(rows[1], (std::pair<uint64_t, uint64_t>{4000, 4000}));
    QCOMPARE(rows[2], (std::pair<uint64_t, uint64_t>{3000, 1500}));
    QCOMPARE(rows[4], (std::pair<uint64_t, uint64_t>{1000, 250}));
    QCOMPARE(sortKeyFromName("parallelism"), std::optional(SortKey::Parallelism));
}

void TestLatency::noSwitchesNoParallelism() {
    const HandProfile hand;
    const Parallelism parallelism = Parallelism::compute(hand.profile);
    QVERIFY(!parallelism.known());
    QCOMPARE(parallelism.at(1, 1500), 1u);
}

QTEST_GUILESS_MAIN(TestLatency)
#include "tst_latency.moc"
