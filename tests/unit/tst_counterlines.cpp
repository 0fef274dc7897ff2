// The values counter charts draw and `report --view counters` prints (analysis/CounterLines), on sessions
// made of hand-written stat records (load/CounterSeriesBuilder) whose every value is computed by hand below:
// values per interval of wall time, whole-process, per-thread and per-CPU lines, multiplexed counters.
#include "analysis/CounterLines.h"
#include "load/CounterSeriesBuilder.h"
#include "perfdata/StatRecords.h"

#include <QTest>

#include <linux/perf_event.h>

using namespace perfglass;

namespace {

constexpr uint64_t kMs = 1000000;
constexpr uint64_t kSecond = 1000 * kMs;

EventAttr softwareEvent(const char *name, uint64_t config, uint64_t id, bool inherit) {
    EventAttr attr;
    attr.name = name;
    attr.attr.type = PERF_TYPE_SOFTWARE;
    attr.attr.config = config;
    attr.attr.inherit = inherit ? 1 : 0;
    attr.ids = {id};
    return attr;
}

// Feeds stat records to a CounterSeriesBuilder and keeps the Profile they make.
class Session {
public:
    explicit Session(std::vector<EventAttr> events) {
        for (const auto &event : events)
            profile_.events.push_back({event.name, event.attr.type, event.attr.config});
        builder_.setEvents(events);
    }
    void add(const stat::Bytes &bytes) {
        QVERIFY(builder_.addRecord(reinterpret_cast<const perf_event_header *>(bytes.data())));
    }
    void maps(const std::vector<stat::ThreadMapEntry> &threads, const std::vector<int> &cpus,
              uint64_t intervalMs) {
        add(stat::encodeThreadMap(threads));
        add(stat::encodeCpuMap(cpus));
        add(stat::encodeStatConfig(stat::kAggrThread, intervalMs, true));
    }
    // Cumulative values: count, enabled ns, running ns.
    void stat(uint64_t id, int cpu, uint32_t thread, CounterValue value) {
        add(stat::encodeStat({id, cpu, thread, value}));
    }
    void round(uint64_t time, bool final = false) {
        add(stat::encodeStatRound({final ? stat::kRoundFinal : stat::kRoundInterval, time}));
    }
    CounterLines lines() {
        profile_.counters = builder_.finish();
        return CounterLines::compute(profile_);
    }

private:
    Profile profile_;
    CounterSeriesBuilder builder_;
};

void compareFuzzy(double actual, double expected) {
    QVERIFY2(std::abs(actual - expected) <= 1e-9 * std::max(1.0, std::abs(expected)),
             qPrintable(QStringLiteral("%1, expected %2").arg(actual, 0, 'g', 12).arg(expected, 0, 'g', 12)));
}

} // namespace

class TestCounterLines : public QObject {
    Q_OBJECT
private slots:
    // The case: `record --counters task-clock,page-faults` of a launched program. Its counters are
    // inherited, so they add up all its threads; a per-task counter is enabled only while a thread runs, so
    // dividing by enabled time read 100 % busy and faults per on-CPU second. Rounds on CLOCK_MONOTONIC.
    void launchedProgramIsOneProcessLine() {
        Session session({softwareEvent("task-clock", PERF_COUNT_SW_TASK_CLOCK, 1, true),
                         softwareEvent("page-faults", PERF_COUNT_SW_PAGE_FAULTS, 2, true)});
        session.maps({{1234, "workload"}}, {-1}, 100);
        const uint64_t t0 = 5000 * kSecond;
        // 31 ms of CPU time in the first 100 ms, 150 ms in the next 100 ms (1.5 CPUs), 10 ms in the last 50.
        session.stat(1, -1, 0, {31 * kMs, 31 * kMs, 31 * kMs});
        session.stat(2, -1, 0, {50, 31 * kMs, 31 * kMs});
        session.round(t0 + 100 * kMs);
        session.stat(1, -1, 0, {181 * kMs, 181 * kMs, 181 * kMs});
        session.stat(2, -1, 0, {70, 181 * kMs, 181 * kMs});
        session.round(t0 + 200 * kMs);
        session.stat(1, -1, 0, {191 * kMs, 191 * kMs, 191 * kMs});
        session.stat(2, -1, 0, {70, 191 * kMs, 191 * kMs});
        session.round(t0 + 250 * kMs, true);
        const CounterLines lines = session.lines();

        QCOMPARE(lines.lines.size(), size_t{2});
        QCOMPARE(lines.start, t0); // the first interval began one interval before its read
        QCOMPARE(lines.end, t0 + 250 * kMs);
        const CounterLine &clock = lines.lines[0];
        QCOMPARE(clock.eventName, std::string("task-clock"));
        QCOMPARE(clock.kind, CounterLineKind::Process);
        QCOMPARE(clock.unit, CounterUnit::CpusUtilized);
        QCOMPARE(clock.label(), std::string("process 1234 (workload), all threads"));
        QCOMPARE(clock.points.size(), size_t{3});
        compareFuzzy(clock.points[0].value, 0.31); // was 1.0: 31 ms / 31 ms enabled
        compareFuzzy(clock.points[1].value, 1.5);
        compareFuzzy(clock.points[2].value, 0.2); // 10 ms in 50 ms
        compareFuzzy(lines.secondsSinceStart(clock.points[2].end), 0.25);
        QCOMPARE(clock.points[1].begin, t0 + 100 * kMs);
        compareFuzzy(clock.total, 191.0 * kMs);

        const CounterLine &faults = lines.lines[1];
        QCOMPARE(faults.unit, CounterUnit::PerSecond);
        QCOMPARE(std::string(counterUnitName(faults.unit)), std::string("per-second"));
        compareFuzzy(faults.points[0].value, 500.0); // 50 in 0.1 s of wall time (was 50 / 0.031 s)
        compareFuzzy(faults.points[1].value, 200.0);
        compareFuzzy(faults.points[2].value, 0.0);
    }

    // Counters read per thread (attached threads, not inherited): one line per thread, busy share of one
    // CPU; a thread that slept all interval (enabled 0) reads 0, not a gap. Rounds stamped with the time
    // since counting began, as `stat -o` and `perf stat record` write them: the first interval starts at 0.
    void threadsReadPerThread() {
        Session session({softwareEvent("task-clock", PERF_COUNT_SW_TASK_CLOCK, 7, false)});
        session.maps({{10, "main"}, {11, "worker"}}, {-1}, 250);
        session.stat(7, -1, 0, {25 * kMs, 25 * kMs, 25 * kMs});
        session.stat(7, -1, 1, {0, 0, 0});
        session.round(250 * kMs);
        session.stat(7, -1, 0, {25 * kMs, 25 * kMs, 25 * kMs});
        session.stat(7, -1, 1, {200 * kMs, 200 * kMs, 200 * kMs});
        session.round(500 * kMs);
        const CounterLines lines = session.lines();
        QCOMPARE(lines.lines.size(), size_t{2});
        QCOMPARE(lines.start, uint64_t{0});
        const CounterLine &main = lines.lines[0];
        const CounterLine &worker = lines.lines[1];
        QCOMPARE(main.kind, CounterLineKind::Thread);
        QCOMPARE(main.unit, CounterUnit::Busy);
        QCOMPARE(std::string(counterUnitName(main.unit)), std::string("busy"));
        QCOMPARE(main.label(), std::string("thread 10 (main)"));
        QCOMPARE(worker.label(), std::string("thread 11 (worker)"));
        QCOMPARE(main.points.size(), size_t{2});
        compareFuzzy(main.points[0].value, 0.1);
        compareFuzzy(main.points[1].value, 0.0);
        QCOMPARE(worker.points.size(), size_t{2});
        compareFuzzy(worker.points[0].value, 0.0);
        compareFuzzy(worker.points[1].value, 0.8);
        compareFuzzy(lines.secondsSinceStart(worker.points[0].end), 0.25);
    }

    // System-wide: one line per CPU. A multiplexed counter's count is scaled by enabled/running and the
    // running share kept; one that never ran in an interval has no value there.
    void cpusAndMultiplexing() {
        EventAttr instructions;
        instructions.name = "instructions";
        instructions.attr.type = PERF_TYPE_HARDWARE;
        instructions.attr.config = PERF_COUNT_HW_INSTRUCTIONS;
        instructions.ids = {21, 22};
        Session session({softwareEvent("cpu-clock", PERF_COUNT_SW_CPU_CLOCK, 11, false), instructions});
        session.maps({{-1, ""}}, {0, 1}, 100);
        session.stat(11, 0, 0, {25 * kMs, 100 * kMs, 100 * kMs});
        session.stat(11, 1, 0, {100 * kMs, 100 * kMs, 100 * kMs});
        session.stat(21, 0, 0, {1000, 100 * kMs, 50 * kMs});
        session.stat(22, 1, 0, {0, 100 * kMs, 0});
        session.round(100 * kMs);
        const CounterLines lines = session.lines();
        QCOMPARE(lines.lines.size(), size_t{4});
        QCOMPARE(lines.lines[0].label(), std::string("CPU 0"));
        QCOMPARE(lines.lines[0].unit, CounterUnit::Busy);
        compareFuzzy(lines.lines[0].points[0].value, 0.25);
        compareFuzzy(lines.lines[1].points[0].value, 1.0);
        const CounterLine &multiplexed = lines.lines[2];
        QCOMPARE(multiplexed.label(), std::string("CPU 0"));
        QCOMPARE(multiplexed.unit, CounterUnit::PerSecond);
        compareFuzzy(multiplexed.points[0].count, 2000.0);
        compareFuzzy(multiplexed.points[0].value, 20000.0);
        compareFuzzy(multiplexed.points[0].runningShare, 0.5);
        compareFuzzy(multiplexed.minRunningShare, 0.5);
        QVERIFY(lines.lines[3].points.empty()); // never on a PMU: not counted
    }
};

QTEST_GUILESS_MAIN(TestCounterLines)
#include "tst_counterlines.moc"
