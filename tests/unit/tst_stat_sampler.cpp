// CounterSet and StatRecordWriter against the real kernel: counts of this thread written as stat records
// and read back into the Profile's counter series.
#include "counting/CounterSet.h"
#include "counting/StatRecordWriter.h"
#include "events/EventParser.h"
#include "load/LoadProfile.h"
#include "perfdata/PerfDataWriter.h"

#include <QTemporaryDir>
#include <QTest>

#include <sys/mman.h>
#include <unistd.h>

#include <cstring>

using namespace perfglass;

namespace {
// Touches fresh pages so page-faults has something to count.
void touchPages(size_t pages) {
    const size_t size = pages * static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    void *memory = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    QVERIFY(memory != MAP_FAILED);
    std::memset(memory, 1, size);
    ::munmap(memory, size);
}
} // namespace

class TestStatSampler : public QObject {
    Q_OBJECT
private slots:
    void countsThisThread() {
        CounterSet session(EventParser().parse("task-clock,page-faults"),
                           CounterTarget::threadList({static_cast<pid_t>(::gettid())}));
        QCOMPARE(session.events()[0].status, CounterStatus::Counting);
        session.enable();
        touchPages(64);
        session.disable();
        const auto values = session.read();
        QVERIFY2(values[1][0].value >= 64, "every fresh page faults once");
        QVERIFY(values[0][0].value > 0);
        QVERIFY(values[0][0].enabled > 0);
        QCOMPARE(session.events()[0].unit, std::string("msec"));
        QVERIFY(session.ids()[0][0] != 0);
        QVERIFY(session.ids()[0][0] != session.ids()[1][0]);
    }

    void unsupportedEventsDoNotStopTheOthers() {
        const auto specs = EventParser().parse("cycles,page-faults");
        const bool hasCycles = probeEvent(specs[0].attr).has_value();
        CounterSet session(specs, CounterTarget::threadList({static_cast<pid_t>(::gettid())}));
        QCOMPARE(session.events()[1].status, CounterStatus::Counting);
        if (hasCycles) QSKIP("this machine has a hardware PMU: cycles counts, nothing to check");
        QCOMPARE(session.events()[0].status, CounterStatus::NotSupported);
        QVERIFY(!session.events()[0].reason.empty());
        session.enable();
        touchPages(8);
        QVERIFY(session.read()[1][0].value >= 8);
        QCOMPARE(session.fileAttrs()[0].ids.size(), size_t{0});
    }

    void seriesRoundTripThroughSession() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("counters.data").toStdString();
        CounterSet session(EventParser().parse("task-clock,page-faults"),
                           CounterTarget::threadList({static_cast<pid_t>(::gettid())}));
        std::vector<std::vector<CounterValue>> last;
        {
            PerfDataWriter writer(path, session.fileAttrs());
            StatRecordWriter sampler(session, writer, {});
            sampler.writeMaps();
            session.enable();
            for (int round = 1; round <= 3; ++round) {
                touchPages(16);
                last = sampler.sample(static_cast<uint64_t>(round) * 1000, round == 3);
            }
            QCOMPARE(sampler.rounds(), size_t{3});
            writer.finish(SessionMetadata::fromThisMachine());
        }
        const auto profile = loadProfile(path);
        QCOMPARE(profile->counters.size(), size_t{2});
        const CounterSeries &faults = profile->counters[1];
        QCOMPARE(faults.eventName, std::string("page-faults"));
        QCOMPARE(faults.tid, static_cast<int32_t>(::gettid()));
        QCOMPARE(faults.cpu, -1);
        QCOMPARE(faults.points.size(), size_t{3});
        QCOMPARE(faults.total(), last[1][0].value);
        QVERIFY(faults.points[1].delta >= 16);
        QCOMPARE(faults.points[2].time, uint64_t{3000});
        QVERIFY(faults.points[2].final);
        uint64_t enabled = 0;
        for (const auto &point : profile->counters[0].points)
            enabled += point.enabled;
        QCOMPARE(enabled, last[0][0].enabled);
        QCOMPARE(profile->events.size(), size_t{2});
    }
};

QTEST_GUILESS_MAIN(TestStatSampler)
#include "tst_stat_sampler.moc"
