// MappedRanges: what the recorder knows of each process's mappings, from the records that map memory, fork,
// exec and exit; and RangeMap's rule that a later range replaces the parts of earlier ones it overlaps.
#include "perfdata/PerfRecords.h"
#include "perfdata/RecordBuilder.h"
#include "record/MappedRanges.h"

#include <QtTest>

using namespace perfglass;

namespace {

class Records {
public:
    const perf_event_header *mmap2(uint32_t pid, uint64_t start, uint64_t length) {
        builder_.start(PERF_RECORD_MMAP2);
        Mmap2Fields fields;
        fields.pid = fields.tid = pid;
        fields.addr = start;
        fields.len = length;
        builder_.putFields(fields);
        builder_.putText("//anon");
        return &builder_.finish();
    }
    const perf_event_header *fork(uint32_t type, uint32_t pid, uint32_t ppid, uint32_t tid) {
        builder_.start(type);
        ForkFields fields;
        fields.pid = pid;
        fields.ppid = ppid;
        fields.tid = tid;
        fields.ptid = ppid;
        builder_.putFields(fields);
        return &builder_.finish();
    }
    const perf_event_header *exec(uint32_t pid) {
        builder_.start(PERF_RECORD_COMM, kMiscCommExec);
        builder_.putFields(CommFields{pid, pid});
        builder_.putText("program");
        return &builder_.finish();
    }

private:
    RecordBuilder builder_;
};

} // namespace

class TestMappedRanges : public QObject {
    Q_OBJECT

private slots:
    void laterMappingsCutEarlierOnes() {
        MappedRanges ranges;
        Records records;
        ranges.note(records.mmap2(7, 0x10000, 0x10000)); // [0x10000, 0x20000)
        ranges.note(records.mmap2(7, 0x14000, 0x4000));  // cuts it in three
        QCOMPARE(ranges.endOf(7, 0x10000), std::optional<uint64_t>(0x14000));
        QCOMPARE(ranges.endOf(7, 0x15000), std::optional<uint64_t>(0x18000));
        QCOMPARE(ranges.endOf(7, 0x1ffff), std::optional<uint64_t>(0x20000));
        QCOMPARE(ranges.endOf(7, 0x20000), std::nullopt);
        QCOMPARE(ranges.endOf(7, 0xffff), std::nullopt);
        QCOMPARE(ranges.endOf(8, 0x15000), std::nullopt); // another process
    }

    void childrenStartWithTheirParentsMappings() {
        MappedRanges ranges;
        Records records;
        ranges.note(records.mmap2(7, 0x10000, 0x1000));
        ranges.note(records.fork(PERF_RECORD_FORK, 9, 7, 9)); // a process
        ranges.note(records.fork(PERF_RECORD_FORK, 7, 7, 8)); // a thread: nothing new
        ranges.note(records.mmap2(7, 0x30000, 0x1000));       // after the fork: the parent's alone
        QCOMPARE(ranges.endOf(9, 0x10000), std::optional<uint64_t>(0x11000));
        QCOMPARE(ranges.endOf(9, 0x30000), std::nullopt);
        QCOMPARE(ranges.processCount(), size_t{2});
    }

    void execAndExitForgetAProcess() {
        MappedRanges ranges;
        Records records;
        ranges.note(records.mmap2(7, 0x10000, 0x1000));
        ranges.note(records.mmap2(9, 0x10000, 0x1000));
        ranges.note(records.exec(7));
        QCOMPARE(ranges.endOf(7, 0x10000), std::nullopt);
        ranges.note(records.fork(PERF_RECORD_EXIT, 9, 1, 10)); // a thread of 9 ends: 9 stays
        QCOMPARE(ranges.endOf(9, 0x10000), std::optional<uint64_t>(0x11000));
        ranges.note(records.fork(PERF_RECORD_EXIT, 9, 1, 9));
        QCOMPARE(ranges.endOf(9, 0x10000), std::nullopt);
        QCOMPARE(ranges.processCount(), size_t{0});
    }

    void theKernelsMapsAreNotKept() {
        MappedRanges ranges;
        Records records;
        ranges.note(records.mmap2(~uint32_t{0}, 0xffffffff81000000, 0x1000000));
        QCOMPARE(ranges.processCount(), size_t{0});
    }
};

QTEST_GUILESS_MAIN(TestMappedRanges)
#include "tst_mappedranges.moc"
