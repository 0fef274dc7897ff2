// perf's stat records (encode/decode) and the counter series built from them, without the kernel.
#include "counting/StatFormatter.h"
#include "load/CounterSeriesBuilder.h"
#include "perfdata/PerfFileFormat.h"
#include "perfdata/StatRecords.h"

#include <QTest>

#include <cstring>

using namespace perfglass;

namespace {
const perf_event_header *header(const stat::Bytes &bytes) {
    return reinterpret_cast<const perf_event_header *>(bytes.data());
}
EventAttr attrWithIds(const char *name, std::vector<uint64_t> ids) {
    EventAttr attr;
    attr.name = name;
    attr.ids = std::move(ids);
    return attr;
}
} // namespace

class TestStatRecords : public QObject {
    Q_OBJECT
private slots:
    void recordsRoundTrip() {
        const auto threads = stat::encodeThreadMap({{-1, ""}, {1234, "a-very-long-thread-name"}});
        QCOMPARE(header(threads)->type, uint32_t{format::kRecordThreadMap});
        QCOMPARE(header(threads)->size % 8, 0);
        const auto decodedThreads = stat::decodeThreadMap(header(threads));
        QVERIFY(decodedThreads);
        QCOMPARE(decodedThreads->size(), size_t{2});
        QCOMPARE((*decodedThreads)[0].pid, int64_t{-1});
        QCOMPARE((*decodedThreads)[1].pid, int64_t{1234});
        QCOMPARE((*decodedThreads)[1].comm, std::string("a-very-long-thr")); // 15 bytes and the NUL

        const auto cpus = stat::decodeCpuMap(header(stat::encodeCpuMap({0, 1, 5})));
        QVERIFY(cpus);
        QCOMPARE(*cpus, (std::vector<int>{0, 1, 5}));
        QCOMPARE(*stat::decodeCpuMap(header(stat::encodeCpuMap({-1}))), std::vector<int>{-1});

        stat::StatEntry entry{77, 1, 2, {1000, 2000, 1500}};
        const auto decoded = stat::decodeStat(header(stat::encodeStat(entry)));
        QVERIFY(decoded);
        QCOMPARE(decoded->id, uint64_t{77});
        QCOMPARE(decoded->cpu, 1);
        QCOMPARE(decoded->threadIndex, 2u);
        QCOMPARE(decoded->value, (CounterValue{1000, 2000, 1500}));
        QCOMPARE(header(stat::encodeStat(entry))->size, uint16_t{48}); // perf's struct perf_record_stat

        const auto round = stat::decodeStatRound(header(stat::encodeStatRound({stat::kRoundFinal, 99})));
        QVERIFY(round);
        QCOMPARE(round->type, uint64_t{stat::kRoundFinal});
        QCOMPARE(round->time, uint64_t{99});

        const auto config =
            stat::decodeStatConfig(header(stat::encodeStatConfig(stat::kAggrNone, 100, true)));
        QVERIFY(config);
        QCOMPARE(config->size(), size_t{3});
        QCOMPARE((*config)[1], (std::pair<uint64_t, uint64_t>{stat::kTagInterval, 100}));
    }

    void decodesPerfsRangeCpuMap() {
        // perf 6.1 writes "CPUs 0-1" as a range: type 2, any_cpu 0, start 0, end 1.
        const uint8_t bytes[] = {0x4a, 0, 0, 0, 0, 0, 0x10, 0, 2, 0, 0, 0, 0, 0, 1, 0};
        const auto cpus = stat::decodeCpuMap(reinterpret_cast<const perf_event_header *>(bytes));
        QVERIFY(cpus);
        QCOMPARE(*cpus, (std::vector<int>{0, 1}));
    }

    void rejectsTruncatedRecords() {
        auto bytes = stat::encodeStat({1, 0, 0, {1, 1, 1}});
        perf_event_header shortened = *header(bytes);
        shortened.size = 24;
        std::memcpy(bytes.data(), &shortened, sizeof shortened);
        QVERIFY(!stat::decodeStat(header(bytes)));
        auto map = stat::encodeThreadMap({{1, "x"}});
        uint64_t hugeCount = 1'000'000'000;
        std::memcpy(map.data() + 8, &hugeCount, sizeof hugeCount);
        QVERIFY(!stat::decodeThreadMap(header(map)));

        CounterSeriesBuilder builder;
        builder.setEvents({attrWithIds("task-clock", {1})});
        QVERIFY(builder.addRecord(header(bytes)));
        QCOMPARE(builder.malformedRecords(), uint64_t{1});
    }

    void buildsDeltasPerCpu() {
        CounterSeriesBuilder builder;
        builder.setEvents({attrWithIds("task-clock", {10, 11}), attrWithIds("page-faults", {20, 21})});
        auto feed = [&](const stat::Bytes &bytes) { QVERIFY(builder.addRecord(header(bytes))); };
        feed(stat::encodeThreadMap({{-1, ""}}));
        feed(stat::encodeCpuMap({2, 3}));
        feed(stat::encodeStatConfig(stat::kAggrGlobal, 100, true));
        // Cumulative values, as perf writes them.
        feed(stat::encodeStat({10, 2, 0, {100, 100, 100}}));
        feed(stat::encodeStat({11, 3, 0, {50, 100, 100}}));
        feed(stat::encodeStat({20, 2, 0, {7, 100, 100}}));
        feed(stat::encodeStatRound({stat::kRoundInterval, 1000}));
        feed(stat::encodeStat({10, 2, 0, {250, 200, 200}}));
        feed(stat::encodeStat({11, 3, 0, {60, 200, 150}}));
        feed(stat::encodeStat({20, 2, 0, {9, 200, 200}}));
        feed(stat::encodeStatRound({stat::kRoundInterval, 2000}));
        feed(stat::encodeStat({99, 0, 0, {1, 1, 1}})); // an id no event has
        QCOMPARE(builder.addRecord(header(stat::encodeStatRound({stat::kRoundFinal, 2000}))), true);
        perf_event_header other{PERF_RECORD_SAMPLE, 0, 8};
        QVERIFY(!builder.addRecord(&other));
        QCOMPARE(builder.unknownIds(), uint64_t{1});

        const auto series = builder.finish();
        QCOMPARE(series.size(), size_t{3});
        const CounterSeries &cpu2 = series[0];
        QCOMPARE(cpu2.eventName, std::string("task-clock"));
        QCOMPARE(cpu2.cpu, 2);
        QCOMPARE(cpu2.tid, -1);
        QCOMPARE(cpu2.points.size(), size_t{2});
        QCOMPARE(cpu2.points[0].delta, uint64_t{100});
        QCOMPARE(cpu2.points[1].delta, uint64_t{150});
        QCOMPARE(cpu2.points[1].time, uint64_t{2000});
        QCOMPARE(cpu2.total(), uint64_t{250});
        const CounterSeries &cpu3 = series[1];
        QCOMPARE(cpu3.cpu, 3);
        QCOMPARE(cpu3.points[1].delta, uint64_t{10});
        QCOMPARE(cpu3.points[1].enabled, uint64_t{100});
        QCOMPARE(cpu3.points[1].running, uint64_t{50});
        QCOMPARE(series[2].event, 1u);
        QCOMPARE(series[2].total(), uint64_t{9});
    }

    void scalesAndDerivesMetrics() {
        StatEventInfo clock{"task-clock",
                            "msec",
                            1e-6,
                            PERF_TYPE_SOFTWARE,
                            PERF_COUNT_SW_TASK_CLOCK,
                            CounterStatus::Counting,
                            ""};
        StatEventInfo faults{"page-faults",           "", 1.0, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS,
                             CounterStatus::Counting, ""};
        StatEventInfo cycles{
            "cycles", "", 1.0, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, CounterStatus::Counting, ""};
        cycles.status = CounterStatus::NotSupported;
        cycles.reason = "no PMU";
        StatFormatOptions options;
        options.output = StatOutput::Csv;
        StatFormatter formatter({clock, faults, cycles}, options);
        StatGroup group;
        // 500 ms of task-clock measured over 1 s, page-faults running half the time (multiplexed).
        group.values = {{500'000'000, 1'000'000'000, 1'000'000'000}, {1000, 1'000'000'000, 500'000'000}, {}};
        const auto utilized = formatter.metric(group, 0, 1e9);
        QCOMPARE(utilized.unit, std::string("CPUs utilized"));
        QCOMPARE(utilized.value, 0.5);
        const auto rate = formatter.metric(group, 1, 1e9);
        QCOMPARE(rate.unit, std::string("K/sec"));
        QCOMPARE(rate.value, 4.0); // 2000 scaled faults in 0.5 s of task-clock
        const QStringList lines = QString::fromStdString(formatter.counters({group}, 1e9)).split('\n');
        QCOMPARE(lines.value(0),
                 QStringLiteral("500.00,msec,task-clock,1000000000,100.00,0.500,CPUs utilized"));
        QCOMPARE(lines.value(1), QStringLiteral("2000,,page-faults,500000000,50.00,4.000,K/sec"));
        QCOMPARE(lines.value(2), QStringLiteral("<not supported>,,cycles,0,100.00,,"));

        options.scale = false;
        StatFormatter raw({clock, faults, cycles}, options);
        QVERIFY(QString::fromStdString(raw.counters({group}, 1e9)).contains("\n1000,,page-faults,"));
        QCOMPARE(raw.notes().size(), size_t{1});
        QVERIFY(raw.notes()[0].find("cycles: no PMU") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestStatRecords)
#include "tst_stat_records.moc"
