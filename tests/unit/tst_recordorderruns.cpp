// RecordOrderer's release order: the records of a round arrive as runs already in time order (one per CPU
// buffer drained), which the orderer merges. Released records are in time order, records of equal time keep
// their arrival order, records without a time keep their place after their predecessor, and what a round
// holds back comes out later, copied or stable alike.
#include "perfdata/RecordOrderer.h"

#include <QtTest>

#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

using namespace perfglass;

namespace {

constexpr uint32_t kFinishedRound = 68;  // PERF_RECORD_FINISHED_ROUND
constexpr uint32_t kUntimed = 64 + 1000; // perf's own record types carry no time

// A sample with only PERF_SAMPLE_TIME, and a tag after it that names it in the test.
struct TestRecord {
    perf_event_header header;
    uint64_t time;
    uint64_t tag;
};

class Released {
public:
    Released()
        : orderer_([this](const perf_event_header *record, bool, uint32_t cpu) {
            const uint64_t tag = reinterpret_cast<const TestRecord *>(record)->tag;
            tags_.push_back(cpu == cpuOf(tag) ? tag : kWrongCpu);
        }) {
        EventAttr event;
        event.attr.sample_type = PERF_SAMPLE_TIME;
        orderer_.setEvents({event});
    }
    // Even tags are pushed as stable records (they stay in records_, a deque that never moves them), odd
    // ones as copies. Each goes with a CPU of its own, which must reach the sink with it (else the sink sees
    // kWrongCpu for its tag).
    void push(uint64_t time, uint64_t tag, uint32_t type = PERF_RECORD_SAMPLE) {
        records_.push_back({{type, 0, sizeof(TestRecord)}, time, tag});
        orderer_.push(&records_.back().header, tag % 2 == 0, cpuOf(tag));
    }
    void run(std::initializer_list<std::pair<uint64_t, uint64_t>> timesAndTags) {
        for (const auto &[time, tag] : timesAndTags)
            push(time, tag);
    }
    void finishRound() {
        const perf_event_header round{kFinishedRound, 0, sizeof(perf_event_header)};
        orderer_.push(&round);
    }
    void flush() { orderer_.flush(); }
    std::vector<uint64_t> take() { return std::exchange(tags_, {}); }

private:
    static constexpr uint64_t kWrongCpu = ~uint64_t{0};
    static uint32_t cpuOf(uint64_t tag) { return static_cast<uint32_t>(tag * 7 + 3); }
    std::deque<TestRecord> records_;
    std::vector<uint64_t> tags_;
    RecordOrderer orderer_;
};

} // namespace

class TestRecordOrderRuns : public QObject {
    Q_OBJECT

private slots:
    void singleRunKeepsItsOrder() {
        Released released;
        released.run({{10, 1}, {20, 2}, {20, 3}, {30, 4}, {40, 5}});
        released.flush();
        QCOMPARE(released.take(), (std::vector<uint64_t>{1, 2, 3, 4, 5}));
    }

    void outOfOrderRunsAreMerged() {
        Released released;
        released.run({{10, 1}, {20, 2}, {30, 3}});         // CPU 0
        released.run({{5, 4}, {15, 5}, {25, 6}, {35, 7}}); // CPU 1
        released.run({{1, 8}, {40, 9}});                   // CPU 2
        released.run({{12, 10}});                          // CPU 3
        released.run({{0, 11}, {2, 12}, {50, 13}});        // CPU 4: five runs, an odd count
        released.flush();
        QCOMPARE(released.take(), (std::vector<uint64_t>{11, 8, 12, 4, 1, 10, 5, 2, 6, 3, 7, 9, 13}));
    }

    void tiesKeepRecordOrder() {
        Released released;
        released.run({{5, 1}, {10, 2}, {10, 3}});
        released.run({{5, 4}, {10, 5}});
        released.run({{5, 6}});
        released.run({{1, 7}, {10, 8}});
        released.flush();
        QCOMPARE(released.take(), (std::vector<uint64_t>{7, 1, 4, 6, 2, 3, 5, 8}));
    }

    void untimedRecordsFollowTheirPredecessor() {
        Released released;
        released.run({{30, 1}});
        released.push(0, 2, kUntimed); // takes time 30
        released.run({{10, 3}, {40, 4}});
        released.push(0, 5, kUntimed); // takes time 40
        released.run({{30, 6}});
        released.flush();
        QCOMPARE(released.take(), (std::vector<uint64_t>{3, 1, 2, 6, 4, 5}));
    }

    void roundsReleaseWhatIsSafeInOrder() {
        Released released;
        released.run({{10, 1}, {30, 2}});
        released.run({{20, 3}, {40, 4}});
        released.finishRound(); // nothing is safe yet: the next round may go back to time 0
        QVERIFY(released.take().empty());
        released.run({{35, 5}, {50, 6}});
        released.run({{25, 7}, {60, 8}});
        released.finishRound(); // up to the first round's newest time, 40
        QCOMPARE(released.take(), (std::vector<uint64_t>{1, 3, 7, 2, 5, 4}));
        released.run({{45, 9}, {70, 10}});
        released.run({{55, 11}});
        released.finishRound(); // up to 60; 70 waits
        QCOMPARE(released.take(), (std::vector<uint64_t>{9, 6, 11, 8}));
        released.run({{65, 12}});
        released.flush();
        QCOMPARE(released.take(), (std::vector<uint64_t>{12, 10}));
    }
};

QTEST_GUILESS_MAIN(TestRecordOrderRuns)
#include "tst_recordorderruns.moc"
