// The heat map (analysis/Heatmap): its axis for short, ordinary and long sessions, and its matrix checked
// cell by cell against counts computed directly from the sample table, on hand-made sessions (a periodic
// stall) and on the golden recordings; the time range of a run of cells, the times of a rectangle of cells
// (a filter's slice: the same rows of each column, kept across a reload), and the cells a function ran in.
#include "GoldenFixtures.h"
#include "unit/HandProfile.h"

#include "analysis/FilterTransfer.h"
#include "analysis/FunctionNodes.h"
#include "analysis/Heatmap.h"
#include "analysis/TransformedStacks.h"
#include "base/Error.h"
#include "export/HeatmapHtmlExporter.h"

#include <QtTest>

#include <map>
#include <numeric>
#include <optional>
#include <sstream>

using namespace perfglass;
using perfglass::test::HandProfile;

namespace {

constexpr uint64_t kMs = 1'000'000;
constexpr uint64_t kSecond = 1'000'000'000;

// Ten seconds (or LENGTH, a multiple of 5 ms) of a worker (tid 2) sampled every 5 ms, and of a main thread
// (tid 1) whose samples every 5 ms stop for 40 ms (a stall) at 300 ms into every second, when "b" runs on the
// worker instead of "a". A shorter LENGTH gives an earlier snapshot of the same growing profile: the same
// first samples, stacks and functions.
HandProfile stallProfile(uint64_t length = 10 * kSecond) {
    HandProfile hand;
    hand.profile.samples = SampleTable();
    const uint64_t start = 5 * kSecond;
    for (uint64_t t = 0; t < length; t += 5 * kMs) {
        const uint64_t offset = t % kSecond;
        const bool stall = offset >= 300 * kMs && offset < 340 * kMs;
        if (!stall) hand.addSample({"main", "a"}, start + t, 1, 0, 5 * kMs);
        hand.addSample(stall ? std::vector<std::string>{"main", "c<int>", "b"}
                             : std::vector<std::string>{"main"},
                       start + t + kMs, 2, 1, 3 * kMs);
    }
    hand.profile.startTime = start;
    hand.profile.endTime = start + length - 4 * kMs;
    return hand;
}

// The cells' counts computed from the sample table alone, by the cell arithmetic spelt out here.
std::map<size_t, std::pair<uint32_t, uint64_t>> directCounts(const Profile &profile,
                                                             const SampleFilter &filter, const Heatmap &map) {
    const auto stacks = TransformedStacks::build(profile, filter.transforms);
    std::map<size_t, std::pair<uint32_t, uint64_t>> cells;
    for (size_t i = 0; i < profile.samples.size(); ++i) {
        const uint64_t time = profile.samples.time[i];
        if (time < map.origin() || time >= map.end() || !filter.accepts(profile, i)) continue;
        if (stacks->map(profile.samples.stack[i]) == kDroppedStack) continue;
        const uint64_t column = (time - map.origin()) / map.columnNs();
        const uint64_t row = (time - map.origin() - column * map.columnNs()) / map.bucketNs();
        auto &cell = cells[column * map.rows() + row];
        ++cell.first;
        cell.second += filter.weight(profile, i);
    }
    return cells;
}

void compareWithDirect(const Profile &profile, const SampleFilter &filter, const Heatmap &map) {
    const auto direct = directCounts(profile, filter, map);
    uint64_t total = 0;
    for (size_t c = 0; c < map.columns(); ++c)
        for (size_t r = 0; r < map.rows(); ++r) {
            const auto found = direct.find(c * map.rows() + r);
            const uint32_t samples = found == direct.end() ? 0 : found->second.first;
            const uint64_t cost = found == direct.end() ? 0 : found->second.second;
            QCOMPARE(map.samples({c, r}), samples);
            QCOMPARE(map.cost({c, r}), cost);
            total += samples;
        }
    QCOMPARE(map.totalSamples(), total);
}

// Call stacks that a growing profile adds as it goes: the snapshot of its first COUNT samples.
HandProfile growingCalls(size_t count) {
    static const std::vector<std::vector<std::string>> kStacks = {
        {"main", "b"},         {"main", "c<int>", "b"},      {"main", "sqrt"},
        {"main", "b", "sqrt"}, {"main", "sqrt", "b", "rec"}, {"main", "c<int>", "rec"},
        {"main", "b", "rec"},  {"main", "a", "sqrt", "b"}};
    HandProfile hand;
    hand.profile.samples = SampleTable();
    for (size_t i = 0; i < count; ++i)
        hand.addSample(kStacks[i], kSecond + i * kMs, 1, 0, kMs);
    hand.profile.startTime = kSecond;
    hand.profile.endTime = kSecond + count * kMs;
    return hand;
}

} // namespace

class TestHeatmap : public QObject {
    Q_OBJECT

private slots:
    void ordinaryAxis();
    void shortSessionAxis();
    void longSessionAxis();
    void bucketOutsideRange();
    void matrixMatchesSampleTable();
    void stallIsAStripe();
    void followsFilter();
    void runOfCellsIsOneTimeRange();
    void selectedRangeCountsOnlyItsCells();
    void rectangleIsTheSameRowsOfEachColumn();
    void rectangleCountsOnlyItsCells();
    void sliceKeptOnReloadDroppedOnCarry();
    void functionCells();
    void parallelMatchesSerial();
    void snapshotBySnapshotIsTheWholeMatrix();
    void functionNodesGrowWithTheStacks();
    void goldenRecordings();
    void htmlPageStacksPerCell();
};

void TestHeatmap::ordinaryAxis() {
    const Heatmap map = Heatmap::axis(100, 100 + 10 * kSecond, 20 * kMs);
    QCOMPARE(map.columnNs(), kSecond);
    QCOMPARE(map.bucketNs(), 20 * kMs);
    QCOMPARE(map.columns(), size_t(10));
    QCOMPARE(map.rows(), size_t(50));
    const Heatmap uneven = Heatmap::axis(0, 10 * kSecond, 300 * kMs); // rows of 300 ms: the last is 100 ms
    QCOMPARE(uneven.rows(), size_t(4));
    QCOMPARE(uneven.cellEnd({0, 3}), kSecond);
    HeatmapCell cell;
    QVERIFY(uneven.cellOf(kSecond + 950 * kMs, cell));
    QCOMPARE(cell, (HeatmapCell{1, 3}));
    QVERIFY(!uneven.cellOf(10 * kSecond, cell));
}

void TestHeatmap::shortSessionAxis() {
    // One second: columns of 200 ms (five), cells of 20 ms.
    const Heatmap second = Heatmap::axis(0, kSecond, 20 * kMs);
    QCOMPARE(second.columnNs(), 200 * kMs);
    QCOMPARE(second.columns(), size_t(5));
    QCOMPARE(second.rows(), size_t(10));
    // 30 ms: columns of 5 ms, and the bucket no larger than a column.
    const Heatmap tiny = Heatmap::axis(0, 30 * kMs, 20 * kMs);
    QCOMPARE(tiny.columnNs(), 5 * kMs);
    QCOMPARE(tiny.bucketNs(), 5 * kMs);
    QCOMPARE(tiny.rows(), size_t(1));
    QCOMPARE(tiny.columns(), size_t(6));
}

void TestHeatmap::longSessionAxis() {
    // Two hours: columns of two seconds (3600 of them).
    const Heatmap twoHours = Heatmap::axis(0, 7200 * kSecond, 20 * kMs);
    QCOMPARE(twoHours.columnNs(), 2 * kSecond);
    QCOMPARE(twoHours.columns(), size_t(3600));
    QCOMPARE(twoHours.rows(), size_t(100));
    // Ten hours with 1 ms cells: columns of 10 s, cells coarsened to 10 ms (at most 1000 rows).
    const Heatmap tenHours = Heatmap::axis(0, 36000 * kSecond, kMs);
    QCOMPARE(tenHours.columnNs(), 10 * kSecond);
    QCOMPARE(tenHours.bucketNs(), 10 * kMs);
    QCOMPARE(tenHours.rows(), Heatmap::kMaxRows);
    QVERIFY(tenHours.columns() <= Heatmap::kMaxColumns);
}

void TestHeatmap::bucketOutsideRange() {
    const HandProfile hand;
    HeatmapOptions options;
    options.bucketNs = 0;
    QVERIFY_THROWS_EXCEPTION(Error, Heatmap::compute(hand.profile, {}, options));
    options.bucketNs = 2 * kSecond;
    try {
        Heatmap::compute(hand.profile, {}, options);
        QFAIL("a bucket of 2 s was accepted");
    } catch (const Error &error) {
        QVERIFY(std::string(error.what()).find("between 1 ms and 1000 ms") != std::string::npos);
    }
}

void TestHeatmap::matrixMatchesSampleTable() {
    const HandProfile hand = stallProfile();
    for (const uint64_t bucket : {kMs, 20 * kMs, 70 * kMs, kSecond}) {
        HeatmapOptions options;
        options.bucketNs = bucket;
        SampleFilter filter;
        const Heatmap samples = Heatmap::compute(hand.profile, filter, options);
        QCOMPARE(samples.columns(), size_t(10));
        compareWithDirect(hand.profile, filter, samples);
        filter.cost = CostKind::Samples;
        compareWithDirect(hand.profile, filter, Heatmap::compute(hand.profile, filter, options));
    }
}

void TestHeatmap::stallIsAStripe() {
    // The main thread alone: the stall's cells (rows 15 and 16 of every column) are empty, the others full.
    const HandProfile hand = stallProfile();
    SampleFilter filter;
    filter.tids = {1};
    const Heatmap map = Heatmap::compute(hand.profile, filter);
    QCOMPARE(map.rows(), size_t(50));
    for (size_t c = 0; c < map.columns(); ++c)
        for (size_t r = 0; r < map.rows(); ++r)
            QCOMPARE(map.samples({c, r}), r == 15 || r == 16 ? 0u : 4u);
    QCOMPARE(map.maxSamples(), 4u);
    QCOMPARE(map.totalCost(), map.totalSamples() * 5 * kMs);
}

void TestHeatmap::followsFilter() {
    const HandProfile hand = stallProfile();
    SampleFilter filter;
    filter.cpus = {1};
    filter.transforms = {Transform::dropFunction(hand.function("b"))};
    const Heatmap map = Heatmap::compute(hand.profile, filter);
    compareWithDirect(hand.profile, filter, map);
    // The worker's "b" samples (the stall) are dropped: its stripe is empty now.
    QCOMPARE(map.samples({3, 15}), 0u);
    QCOMPARE(map.samples({3, 14}), 4u);
    filter.transforms.clear();
    filter.event = 1; // no samples of this event
    QCOMPARE(Heatmap::compute(hand.profile, filter).totalSamples(), uint64_t(0));
}

void TestHeatmap::runOfCellsIsOneTimeRange() {
    const Heatmap map = Heatmap::axis(1000, 1000 + 10 * kSecond, 20 * kMs);
    // Second 2 slice 45 to second 4 slice 3 (either order): one range, from the first cell's start to the
    // last one's end.
    const auto range = map.timeRange({4, 3}, {2, 45});
    QCOMPARE(range.first, 1000 + 2 * kSecond + 900 * kMs);
    QCOMPARE(range.second, 1000 + 4 * kSecond + 80 * kMs);
    const auto one = map.timeRange({0, 0}, {0, 0});
    QCOMPARE(one.second - one.first, 20 * kMs);
}

void TestHeatmap::selectedRangeCountsOnlyItsCells() {
    const HandProfile hand = stallProfile();
    const Heatmap whole = Heatmap::compute(hand.profile, {});
    const auto [start, end] = whole.timeRange({2, 40}, {3, 5});
    SampleFilter filter;
    filter.startTime = start;
    filter.endTime = end;
    const Heatmap part = Heatmap::compute(hand.profile, filter);
    uint64_t inside = 0;
    for (size_t c = 0; c < part.columns(); ++c)
        for (size_t r = 0; r < part.rows(); ++r) {
            const size_t at = part.index({c, r});
            const bool selected = at >= part.index({2, 40}) && at <= part.index({3, 5});
            QCOMPARE(part.samples({c, r}), selected ? whole.samples({c, r}) : 0u);
            inside += selected ? whole.samples({c, r}) : 0;
        }
    QCOMPARE(part.totalSamples(), inside);
    QCOMPARE(inside, uint64_t(16 * 8)); // 16 cells of 8 samples (both threads, no stall among them)
}

void TestHeatmap::rectangleIsTheSameRowsOfEachColumn() {
    const Heatmap map = Heatmap::axis(1000, 1000 + 10 * kSecond, 20 * kMs);
    // Corners given in either order: columns 2 to 4, rows 3 to 45.
    const TimeSelection times = map.rectangle({4, 3}, {2, 45});
    QCOMPARE(times.start, 1000 + 2 * kSecond + 60 * kMs);
    QCOMPARE(times.end, 1000 + 4 * kSecond + 920 * kMs);
    QVERIFY(times.slice);
    QCOMPARE(*times.slice, (TimeSlice{1000, kSecond, 60 * kMs, 920 * kMs}));
    QCOMPARE(map.rowsOf(*times.slice), std::optional(std::pair<size_t, size_t>{3, 45}));
    QVERIFY(times.slice->contains(1000 + 3 * kSecond + 60 * kMs));
    QVERIFY(!times.slice->contains(1000 + 3 * kSecond + 920 * kMs));
    QVERIFY(!times.slice->contains(1000 + 3 * kSecond + 59 * kMs));
    // One column, or every row of its columns: one contiguous range, no slice.
    QCOMPARE(map.rectangle({2, 45}, {2, 3}),
             (TimeSelection{map.cellStart({2, 3}), map.cellEnd({2, 45}), {}}));
    QCOMPARE(map.rectangle({1, 0}, {3, map.rows() - 1}),
             (TimeSelection{1000 + kSecond, 1000 + 4 * kSecond, {}}));
    // Another axis (a reload with a longer session, other columns): its rows are not this slice's.
    QVERIFY(!Heatmap::axis(1000, 1000 + 2 * kSecond, 20 * kMs).rowsOf(*times.slice));
}

void TestHeatmap::rectangleCountsOnlyItsCells() {
    const HandProfile hand = stallProfile();
    const Heatmap whole = Heatmap::compute(hand.profile, {});
    const TimeSelection times = whole.rectangle({1, 10}, {6, 20}); // the stall (rows 15-16) and around it
    SampleFilter filter;
    filter.startTime = times.start;
    filter.endTime = times.end;
    filter.slice = times.slice;
    const Heatmap part = Heatmap::compute(hand.profile, filter);
    uint64_t inside = 0;
    for (size_t c = 0; c < part.columns(); ++c)
        for (size_t r = 0; r < part.rows(); ++r) {
            const bool selected = c >= 1 && c <= 6 && r >= 10 && r <= 20;
            QCOMPARE(part.samples({c, r}), selected ? whole.samples({c, r}) : 0u);
            inside += selected ? whole.samples({c, r}) : 0;
        }
    QCOMPARE(part.totalSamples(), inside);
    // 6 columns of 11 rows of 4 samples per thread, less main's 8 stalled samples in each column.
    QCOMPARE(inside, uint64_t(6 * (11 * 8 - 8)));
}

void TestHeatmap::sliceKeptOnReloadDroppedOnCarry() {
    const HandProfile hand = stallProfile();
    const Heatmap whole = Heatmap::compute(hand.profile, {});
    const TimeSelection times = whole.rectangle({1, 10}, {6, 20});
    SampleFilter filter;
    filter.startTime = times.start;
    filter.endTime = times.end;
    filter.slice = times.slice;
    const auto reloaded = FilterTransfer::reload(hand.profile, filter, hand.profile);
    QCOMPARE(reloaded.filter.slice, times.slice);
    QCOMPARE(reloaded.filter.startTime, std::optional(times.start));
    QVERIFY(!reloaded.timeRangeDropped);
    const auto carried = FilterTransfer::carry(hand.profile, filter, hand.profile);
    QVERIFY(!carried.filter.hasTimeSelection());
    QVERIFY(carried.timeRangeDropped);
}

void TestHeatmap::functionCells() {
    const HandProfile hand = stallProfile();
    const Heatmap map = Heatmap::compute(hand.profile, {});
    const std::vector<uint32_t> b = map.functionSamples(hand.profile, {}, hand.function("b"));
    const std::vector<uint32_t> main = map.functionSamples(hand.profile, {}, hand.function("main"));
    QCOMPARE(main, map.sampleCells());
    for (size_t c = 0; c < map.columns(); ++c)
        for (size_t r = 0; r < map.rows(); ++r)
            QCOMPARE(b[map.index({c, r})], r == 15 || r == 16 ? 4u : 0u);
}

// A marked function's nodes, extended snapshot by snapshot over stacks extended the same way (the heat map's
// live refreshes), are those found afresh: each node runs the function where it or a caller is the function.
// Only the nodes added are looked at; transformed stacks, whose ids are their own, are looked at anew.
void TestHeatmap::functionNodesGrowWithTheStacks() {
    std::shared_ptr<const TransformedStacks> stacks;
    std::shared_ptr<const FunctionNodes> nodes;
    for (const size_t count : {2, 5, 8}) {
        const HandProfile snapshot = growingCalls(count);
        const Profile &profile = snapshot.profile;
        const FunctionId b = snapshot.function("b");
        const size_t nodesBefore = stacks ? stacks->size() : 0;
        stacks = stacks ? TransformedStacks::extend(*stacks, profile) : TransformedStacks::build(profile, {});
        QVERIFY(stacks && stacks->size() > nodesBefore);
        nodes = FunctionNodes::of(stacks, b, nodes.get());
        QCOMPARE(nodes->keptFromEarlier(), nodesBefore);
        for (StackId id = 0; id < stacks->size(); ++id) {
            bool onPath = false;
            for (StackId at = id; at != kNoStack; at = stacks->node(at).parent)
                onPath = onPath || stacks->node(at).function == b;
            QCOMPARE(nodes->runs(id), onPath);
        }
        QVERIFY(!nodes->runs(kNoStack) && !nodes->runs(kDroppedStack));
    }
    // Another function's nodes are not kept.
    const auto ofA = FunctionNodes::of(stacks, growingCalls(8).function("a"), nodes.get());
    QCOMPARE(ofA->keptFromEarlier(), size_t(0));
    QVERIFY(ofA->runs(stacks->map(growingCalls(8).profile.samples.stack[7])));
    QVERIFY(!ofA->runs(stacks->map(growingCalls(8).profile.samples.stack[0])));
    const HandProfile whole = growingCalls(8);
    const auto dropped =
        TransformedStacks::build(whole.profile, {Transform::dropFunction(whole.function("rec"))});
    const auto transformed = FunctionNodes::of(dropped, whole.function("b"), nodes.get());
    QCOMPARE(transformed->keptFromEarlier(), size_t(0));
    // Nor are those of transformed stacks, whose ids are not the plain ones'.
    const auto afterTransformed = FunctionNodes::of(stacks, whole.function("b"), transformed.get());
    QCOMPARE(afterTransformed->keptFromEarlier(), size_t(0));
    const Heatmap map = Heatmap::compute(whole.profile, {});
    SampleFilter dropRec;
    dropRec.transforms = {Transform::dropFunction(whole.function("rec"))};
    // b ran in samples 0, 1, 3, 4, 6 and 7; 4 and 6 (through rec) are dropped.
    const std::vector<uint32_t> marks = map.functionSamples(whole.profile, dropRec, *transformed);
    QCOMPARE(std::accumulate(marks.begin(), marks.end(), 0u), 4u);
    QCOMPARE(marks, map.functionSamples(whole.profile, dropRec, whole.function("b")));
}

// A growing profile's matrix extended snapshot by snapshot (a live view's refreshes: at 2 s, whose columns
// are fractions of a second, then each second) is the matrix of the whole, cell by cell, with the same
// maxima and totals; so are the cells a function ran in. Where the filter weighs an earlier sample otherwise
// as the profile grows (off-CPU time), extend() counts afresh and still gives compute()'s result.
void TestHeatmap::snapshotBySnapshotIsTheWholeMatrix() {
    const HandProfile whole = stallProfile();
    SampleFilter filter;
    filter.tids = {1, 2};
    const FunctionId b = whole.function("b");
    std::optional<Heatmap> grown;
    std::vector<uint32_t> marks;
    std::shared_ptr<const FunctionNodes> nodes;
    size_t earlierSamples = 0;
    size_t extendedWithSameCells = 0;
    for (const uint64_t seconds : {2, 5, 6, 8, 10}) {
        const HandProfile snapshot = stallProfile(seconds * kSecond);
        const Profile &profile = snapshot.profile;
        Heatmap next = grown ? Heatmap::extend(*grown, earlierSamples, profile, filter)
                             : Heatmap::compute(profile, filter);
        const bool keptCells = grown && next.keepsCellsOf(*grown);
        extendedWithSameCells += keptCells ? 1 : 0;
        nodes = FunctionNodes::of(TransformedStacks::build(profile, filter.transforms), b, nodes.get());
        std::vector<uint32_t> added =
            grown ? next.extendFunctionSamples(*grown, marks, earlierSamples, profile, filter, *nodes)
                  : next.functionSamples(profile, filter, *nodes);
        const Heatmap expected = Heatmap::compute(profile, filter);
        QCOMPARE(next.columns(), expected.columns());
        QCOMPARE(next.columnNs(), expected.columnNs());
        QCOMPARE(next.sampleCells(), expected.sampleCells());
        QCOMPARE(next.costCells(), expected.costCells());
        QCOMPARE(next.maxSamples(), expected.maxSamples());
        QCOMPARE(next.maxCost(), expected.maxCost());
        QCOMPARE(next.totalSamples(), expected.totalSamples());
        QCOMPARE(next.totalCost(), expected.totalCost());
        QCOMPARE(added, expected.functionSamples(profile, filter, b));
        compareWithDirect(profile, filter, next);
        grown = std::move(next);
        marks = std::move(added);
        earlierSamples = profile.samples.size();
    }
    QCOMPARE(grown->totalSamples(), uint64_t(whole.profile.samples.size()));
    // 2 s has columns of a fraction of a second: 5 s counts afresh; 6, 8 and 10 s keep 5 s's cells.
    QCOMPARE(extendedWithSameCells, size_t(3));

    // An earlier sample's off-CPU time is known only once its thread ran again: 1 ns each in the earlier
    // snapshot, 2 ns in the whole profile. Extending would keep the earlier costs.
    const HandProfile earlier = stallProfile(6 * kSecond);
    SampleFilter earlierOffCpu;
    earlierOffCpu.cost = CostKind::OffCpu;
    earlierOffCpu.offCpuTime =
        std::make_shared<const std::vector<uint64_t>>(earlier.profile.samples.size(), 1);
    SampleFilter offCpu = earlierOffCpu;
    offCpu.offCpuTime = std::make_shared<const std::vector<uint64_t>>(whole.profile.samples.size(), 2);
    QVERIFY(!Heatmap::canExtend(offCpu));
    const Heatmap fromEarlier = Heatmap::compute(earlier.profile, earlierOffCpu);
    const Heatmap extended =
        Heatmap::extend(fromEarlier, earlier.profile.samples.size(), whole.profile, offCpu);
    QCOMPARE(extended.costCells(), Heatmap::compute(whole.profile, offCpu).costCells());
    QCOMPARE(extended.totalCost(), 2 * uint64_t(whole.profile.samples.size()));
}

// COUNT samples spread over 3 s; the first ones of a larger COUNT are the same.
HandProfile scatteredProfile(uint64_t count) {
    HandProfile hand;
    hand.profile.samples = SampleTable();
    for (uint64_t i = 0; i < count; ++i)
        hand.addSample(i % 3 == 0 ? std::vector<std::string>{"main", "a"} : std::vector<std::string>{"main"},
                       (i * 7919) % (3 * kSecond), static_cast<uint32_t>(1 + i % 2), 0, 1 + i % 5);
    hand.profile.startTime = 0;
    hand.profile.endTime = 3 * kSecond;
    return hand;
}

void TestHeatmap::parallelMatchesSerial() {
    const HandProfile hand = scatteredProfile(200000);
    AggregationControl serial;
    serial.threads = 1;
    AggregationControl parallel;
    parallel.threads = 4;
    const Heatmap a = Heatmap::compute(hand.profile, {}, {}, serial);
    const Heatmap b = Heatmap::compute(hand.profile, {}, {}, parallel);
    QCOMPARE(a.sampleCells(), b.sampleCells());
    QCOMPARE(a.costCells(), b.costCells());
    QCOMPARE(a.totalSamples(), uint64_t(200000));
    QCOMPARE(a.functionSamples(hand.profile, {}, hand.function("a"), serial),
             b.functionSamples(hand.profile, {}, hand.function("a"), parallel));
    // The samples a growing profile added are counted on as many threads, from the first one added.
    const HandProfile earlier = scatteredProfile(120000);
    const size_t earlierSamples = earlier.profile.samples.size();
    const Heatmap before = Heatmap::compute(earlier.profile, {}, {}, serial);
    const Heatmap extended = Heatmap::extend(before, earlierSamples, hand.profile, {}, {}, parallel);
    QCOMPARE(extended.sampleCells(), a.sampleCells());
    QCOMPARE(extended.costCells(), a.costCells());
    std::vector<uint32_t> marks =
        extended.functionSamples(hand.profile, {}, hand.function("a"), parallel, earlierSamples);
    const std::vector<uint32_t> earlierMarks =
        before.functionSamples(earlier.profile, {}, hand.function("a"), serial);
    for (size_t i = 0; i < earlierMarks.size(); ++i)
        marks[i] += earlierMarks[i];
    QCOMPARE(marks, a.functionSamples(hand.profile, {}, hand.function("a"), serial));
}

void TestHeatmap::goldenRecordings() {
    for (const char *name : {"perf-fp", "perf-dwarf", "perfglass-dwarf"}) {
        const auto profile = test::loadGolden(name);
        SampleFilter filter;
        filter.event = profile->firstSampledEvent();
        for (const uint64_t bucket : {kMs, 20 * kMs}) {
            HeatmapOptions options;
            options.bucketNs = bucket;
            const Heatmap map = Heatmap::compute(*profile, filter, options);
            compareWithDirect(*profile, filter, map);
            QVERIFY(map.totalSamples() > 0);
        }
    }
}

// The page's data: a stall cell (column 3, row 15) holds the main thread's nothing and the worker's
// main;c<int>;b four times; the script text escapes what would end an element.
void TestHeatmap::htmlPageStacksPerCell() {
    const HandProfile hand = stallProfile();
    HeatmapHtmlOptions options;
    options.title = "a <b> & c";
    const nlohmann::json json = HeatmapHtmlExporter::toJson(hand.profile, {}, options);
    const auto &cell = json["cells"][std::to_string(3 * 50 + 15)];
    QCOMPARE(cell.size(), size_t(3));
    QCOMPARE(cell[1].get<uint64_t>(), uint64_t(4));
    QCOMPARE(cell[2].get<uint64_t>(), uint64_t(4 * 3 * kMs));
    std::vector<std::string> path;
    for (int64_t node = cell[0]; node >= 0; node = json["nodes"][static_cast<size_t>(node)][0])
        path.insert(path.begin(),
                    json["functions"][json["nodes"][static_cast<size_t>(node)][1].get<size_t>()][0]);
    QCOMPARE(path, (std::vector<std::string>{"main", "c<int>", "b"}));
    std::ostringstream page;
    HeatmapHtmlExporter::write(hand.profile, {}, options, page);
    QVERIFY(page.str().find("<title>a &lt;b&gt; &amp; c</title>") != std::string::npos);
    QVERIFY(page.str().find("\\u003cb\\u003e") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestHeatmap)
#include "tst_heatmap.moc"
