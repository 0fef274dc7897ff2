// Typed views of perf records (perfdata/PerfRecords.h) and the record builder: fields where the kernel puts
// them, and a clear error instead of a read past the end for records too short for their type.
#include "perfdata/PerfRecords.h"
#include "perfdata/RecordBuilder.h"

#include <QTest>

#include <cstring>
#include <vector>

using namespace perfglass;

namespace {

// A record of type with size bytes, all but the header zero.
std::vector<uint64_t> bareRecord(uint32_t type, uint16_t size) {
    std::vector<uint64_t> words((size + 7) / 8 + 1, 0);
    const perf_event_header header{type, 0, size};
    std::memcpy(words.data(), &header, sizeof header);
    return words;
}

const perf_event_header &headerOf(const std::vector<uint64_t> &words) {
    return *reinterpret_cast<const perf_event_header *>(words.data());
}

template <typename T> T readAtOffset(std::span<const uint8_t> bytes, size_t offset) {
    T value{};
    std::memcpy(&value, bytes.data() + offset, sizeof value);
    return value;
}

} // namespace

class TestPerfRecords : public QObject {
    Q_OBJECT
private slots:
    // The offsets perf_event_open(2) gives: MMAP2's file name at 72, its prot at 64, COMM's name at 16.
    void layoutMatchesTheKernel() {
        QCOMPARE(MmapRecord::kMinSize, size_t{40});
        QCOMPARE(Mmap2Record::kMinSize, size_t{72});
        QCOMPARE(CommRecord::kMinSize, size_t{16});
        QCOMPARE(ForkRecord::kMinSize, size_t{32});
        QCOMPARE(LostRecord::kMinSize, size_t{24});
        QCOMPARE(LostSamplesRecord::kMinSize, size_t{16});
        QCOMPARE(SwitchCpuWideRecord::kMinSize, size_t{16});
        QCOMPARE(ThrottleRecord::kMinSize, size_t{32});

        RecordBuilder builder;
        builder.start(PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER | kMiscMmapBuildId);
        Mmap2Fields fields;
        fields.pid = 7;
        fields.tid = 8;
        fields.addr = 0x400000;
        fields.len = 0x1000;
        fields.pgoff = 0x2000;
        const std::vector<uint8_t> buildId = {0xab, 0xcd, 0xef};
        fields.setBuildId(buildId);
        fields.prot = 5;
        fields.flags = 2;
        builder.putFields(fields);
        builder.putText("/usr/bin/true");
        const perf_event_header &record = builder.finish();
        QCOMPARE(record.size, uint16_t{72 + 16});
        const auto bytes = builder.bytes();
        QCOMPARE(readAtOffset<uint32_t>(bytes, 8), uint32_t{7});
        QCOMPARE(readAtOffset<uint64_t>(bytes, 16), uint64_t{0x400000});
        QCOMPARE(readAtOffset<uint8_t>(bytes, 40), uint8_t{3});
        QCOMPARE(readAtOffset<uint8_t>(bytes, 44), uint8_t{0xab});
        QCOMPARE(readAtOffset<uint32_t>(bytes, 64), uint32_t{5});
        QCOMPARE(std::string(reinterpret_cast<const char *>(bytes.data()) + 72),
                 std::string("/usr/bin/true"));

        const Mmap2Record view(record);
        QCOMPARE(view->pid, uint32_t{7});
        QCOMPARE(view->tid, uint32_t{8});
        QCOMPARE(view->len, uint64_t{0x1000});
        QCOMPARE(view->pgoff, uint64_t{0x2000});
        QCOMPARE(view->prot, uint32_t{5});
        QCOMPARE(view.text(), std::string_view("/usr/bin/true"));
        QVERIFY(std::equal(view->buildId().begin(), view->buildId().end(), buildId.begin(), buildId.end()));

        // The kernel can leave the build-id flag on a record that carries device and inode: major 254 is no
        // build-id size.
        Mmap2Fields inode = fields;
        inode.setInode(254, 0, 1234);
        RecordBuilder leaked;
        leaked.start(PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER | kMiscMmapBuildId);
        leaked.putFields(inode);
        leaked.putText("/usr/bin/true");
        QVERIFY(Mmap2Record(leaked.finish())->buildId().empty());
    }

    void commTextIsPaddedAndBounded() {
        RecordBuilder builder;
        builder.start(PERF_RECORD_COMM, kMiscCommExec);
        builder.putFields(CommFields{12, 13});
        builder.putText("worker"); // 6 bytes, a NUL, one byte of padding
        const perf_event_header &record = builder.finish();
        QCOMPARE(record.size, uint16_t{24});
        const CommRecord comm(record);
        QCOMPARE(comm->pid, uint32_t{12});
        QCOMPARE(comm->tid, uint32_t{13});
        QCOMPARE(comm.text(), std::string_view("worker"));

        // A name without its NUL ends where the record does.
        auto words = bareRecord(PERF_RECORD_COMM, 24);
        std::memset(reinterpret_cast<uint8_t *>(words.data()) + 16, 'x', 16); // past the declared size
        QCOMPARE(CommRecord(headerOf(words)).text(), std::string_view("xxxxxxxx"));
    }

    void forkLostAndThrottleFields() {
        RecordBuilder builder;
        builder.start(PERF_RECORD_FORK);
        builder.putFields(ForkFields{1, 2, 3, 4, 5});
        const ForkRecord fork(builder.finish());
        QCOMPARE(fork->pid, uint32_t{1});
        QCOMPARE(fork->ppid, uint32_t{2});
        QCOMPARE(fork->tid, uint32_t{3});
        QCOMPARE(fork->ptid, uint32_t{4});
        QCOMPARE(fork->time, uint64_t{5});

        builder.start(PERF_RECORD_LOST);
        builder.putFields(LostFields{9, 42});
        QCOMPARE(LostRecord(builder.finish())->lost, uint64_t{42});

        builder.start(PERF_RECORD_THROTTLE);
        builder.putFields(ThrottleFields{100, 1, 2});
        const ThrottleRecord throttle(builder.finish());
        QCOMPARE(throttle->time, uint64_t{100});
        QCOMPARE(throttle->streamId, uint64_t{2});
    }

    void truncatedRecordGivesAClearError() {
        const auto words = bareRecord(PERF_RECORD_MMAP2, 40);
        const perf_event_header &record = headerOf(words);
        QVERIFY(!Mmap2Record::fits(record));
        QVERIFY(!Mmap2Record::from(record));
        try {
            Mmap2Record view(record, 4096);
            QFAIL("a 40-byte MMAP2 record was accepted");
        } catch (const MalformedRecordError &error) {
            QCOMPARE(error.fileOffset(), std::optional<uint64_t>(4096));
            QCOMPARE(std::string(error.what()),
                     std::string(
                         "MMAP2 record at file offset 4096 has 40 bytes, fewer than the 72 its fields need"));
        }

        const auto lost = bareRecord(PERF_RECORD_LOST, 16);
        QVERIFY(!LostRecord::from(headerOf(lost)));
        QVERIFY_THROWS_EXCEPTION(MalformedRecordError, LostRecord{headerOf(lost)});
        const auto header = bareRecord(PERF_RECORD_COMM, 8);
        try {
            CommRecord view(headerOf(header));
            QFAIL("a COMM record without fields was accepted");
        } catch (const MalformedRecordError &error) {
            QVERIFY(!error.fileOffset());
            QCOMPARE(std::string(error.what()),
                     std::string("COMM record has 8 bytes, fewer than the 16 its fields need"));
        }
    }

    void recordTypesAreNamed() {
        QCOMPARE(recordTypeName(PERF_RECORD_SWITCH_CPU_WIDE), std::string("SWITCH_CPU_WIDE"));
        QCOMPARE(recordTypeName(PERF_RECORD_LOST_SAMPLES), std::string("LOST_SAMPLES"));
        QCOMPARE(recordTypeName(4242), std::string("type 4242"));
    }
};

QTEST_GUILESS_MAIN(TestPerfRecords)
#include "tst_perfrecords.moc"
