// What the recorder knows of each process's mappings (MappedRanges), and how the record sink cuts DWARF
// stacks with it: only from the state at the sample's own time, only when a known mapping lies above the
// stack's, and with the sample's other fields kept in place.
#include "perfdata/PerfDataReader.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/PerfRecords.h"
#include "perfdata/RecordBuilder.h"
#include "perfdata/RecordDecoder.h"
#include "record/MappedRanges.h"
#include "record/RecordSink.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sys/mman.h>

#include <vector>

using namespace perfglass;

namespace {

constexpr uint64_t kStack = 0x10000;    // a thread's stack: [0x10000, 0x20000)
constexpr uint64_t kStackEnd = 0x20000; // and another mapping above it
constexpr uint64_t kSp = 0x1f000;

class Records {
public:
    const perf_event_header *mmap2(uint32_t pid, uint64_t start, uint64_t length,
                                   uint32_t prot = PROT_READ | PROT_WRITE) {
        builder_.start(PERF_RECORD_MMAP2);
        Mmap2Fields fields;
        fields.pid = fields.tid = pid;
        fields.addr = start;
        fields.len = length;
        fields.prot = prot;
        builder_.putFields(fields);
        builder_.putText("//anon");
        return &builder_.finish();
    }
    const perf_event_header *fork(uint32_t type, uint32_t pid, uint32_t ppid, uint32_t tid) {
        builder_.start(type);
        builder_.putFields(ForkFields{pid, ppid, tid, ppid, 0});
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

// A thread stack of process 7 at time 10, with a mapping above it.
void mapStack(MappedRanges &ranges, Records &records, uint32_t pid = 7) {
    ranges.note(records.mmap2(pid, kStackEnd, 0x1000), 10);
    ranges.note(records.mmap2(pid, kStack, kStackEnd - kStack), 10);
}

// The sample layout of a DWARF recording with a field after the stack: IP, TID, TIME, REGS_USER (sp only),
// STACK_USER, WEIGHT.
constexpr uint64_t kSampleType = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_REGS_USER |
                                 PERF_SAMPLE_STACK_USER | PERF_SAMPLE_WEIGHT;
constexpr uint64_t kWeight = 0x1111222233334444;

EventAttr dwarfEvent() {
    EventAttr event;
    event.attr.size = sizeof event.attr;
    event.attr.type = PERF_TYPE_SOFTWARE;
    event.attr.config = PERF_COUNT_SW_CPU_CLOCK;
    event.attr.sample_type = kSampleType;
    event.attr.sample_regs_user = uint64_t{1} << 7; // PERF_REG_X86_SP
    event.attr.sample_stack_user = 8192;
    event.attr.sample_id_all = 1;
    event.attr.mmap2 = 1;
    event.name = "cpu-clock";
    return event;
}

const perf_event_header *dwarfSample(RecordBuilder &builder, uint64_t time, uint64_t sp, uint64_t copied) {
    builder.start(PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
    const uint64_t ip = 0x401000, size = 8192, abi = PERF_SAMPLE_REGS_ABI_64;
    const uint32_t pidTid[2] = {7, 7};
    builder.putBytes(&ip, 8);
    builder.putBytes(pidTid, 8);
    builder.putBytes(&time, 8);
    builder.putBytes(&abi, 8);
    builder.putBytes(&sp, 8);
    builder.putBytes(&size, 8);
    std::vector<uint8_t> stack(size);
    for (size_t i = 0; i < stack.size(); ++i)
        stack[i] = static_cast<uint8_t>(i * 7);
    builder.putBytes(stack.data(), stack.size());
    builder.putBytes(&copied, 8);
    builder.putBytes(&kWeight, 8);
    return &builder.finish();
}

// MMAP2 records with sample_id_all's trailer: pid, tid and time.
const perf_event_header *timedMmap2(RecordBuilder &builder, uint64_t start, uint64_t length, uint64_t time,
                                    uint32_t pid = 7) {
    builder.start(PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER);
    Mmap2Fields fields;
    fields.pid = fields.tid = pid;
    fields.addr = start;
    fields.len = length;
    fields.prot = PROT_READ | PROT_WRITE;
    builder.putFields(fields);
    builder.putText("//anon");
    const uint32_t pidTid[2] = {pid, pid};
    builder.putBytes(pidTid, 8);
    builder.putBytes(&time, 8);
    return &builder.finish();
}

struct ReadSample {
    uint64_t stackSize = 0;
    size_t copied = 0;
    uint64_t weight = 0;
    bool sameBytes = true; // the bytes kept are the first ones of the copy
};

std::vector<ReadSample> samplesIn(const std::string &path) {
    PerfDataReader reader(path);
    const RecordDecoder decoder(reader.events());
    std::vector<ReadSample> samples;
    while (const perf_event_header *record = reader.next()) {
        Sample sample;
        if (record->type != PERF_RECORD_SAMPLE ||
            decoder.decodeSample(record, sample) != SampleDecode::Decoded)
            continue;
        ReadSample read{sample.userStackSize, sample.userStack.size(), 0, true};
        for (size_t i = 0; i < sample.userStack.size(); ++i)
            read.sameBytes &= sample.userStack[i] == static_cast<uint8_t>(i * 7);
        // WEIGHT follows the stack, its size and (when the size is not 0) dyn_size, and ends the record.
        const uint64_t weightAt =
            sample.userStackOffsetInRecord + 8 + sample.userStackSize + (sample.userStackSize != 0 ? 8 : 0);
        if (weightAt + 8 != record->size) continue;
        std::memcpy(&read.weight, reinterpret_cast<const uint8_t *>(record) + weightAt, 8);
        samples.push_back(read);
    }
    return samples;
}

// Feeds records to a recording's sink through feed(sink, builder), then reads back the samples it wrote.
template <typename Feed> std::vector<ReadSample> samplesThroughSink(Feed feed) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("sink.data").toStdString();
    {
        PerfDataWriter writer(path, {dwarfEvent()});
        RecordSink sink(writer, true, 0, false);
        RecordBuilder builder;
        feed(sink, builder);
        sink.endRound();
        writer.finish(SessionMetadata{});
    }
    return samplesIn(path);
}

} // namespace

class TestMappedRanges : public QObject {
    Q_OBJECT

private slots:
    void theEndOfTheMappingAboveTheStackPointer() {
        MappedRanges ranges;
        Records records;
        mapStack(ranges, records);
        QCOMPARE(ranges.endOf(7, kSp, 20), std::optional<uint64_t>(kStackEnd));
        QCOMPARE(ranges.endOf(7, kStack - 1, 20), std::nullopt); // in no mapping
        QCOMPARE(ranges.endOf(8, kSp, 20), std::nullopt);        // another process
        QCOMPARE(ranges.endOf(7, kSp, 5), std::nullopt);         // before the mappings were followed
    }

    // mremap grows a mapping without a record, maybe into space that is unknown, or that is still known as
    // a reservation it unmapped (the kernel's copy past the end shows the memory there was readable).
    void nothingReadableKnownAboveMeansNoEnd() {
        MappedRanges ranges;
        Records records;
        ranges.note(records.mmap2(7, kStack, kStackEnd - kStack), 10);
        QCOMPARE(ranges.endOf(7, kSp, 20), std::nullopt);
        ranges.note(records.mmap2(7, kStackEnd, 0x10000, PROT_NONE), 11);
        QCOMPARE(ranges.endOf(7, kSp, 20), std::nullopt);
        ranges.note(records.mmap2(7, kStackEnd, 0x10000, PROT_READ), 12);
        QCOMPARE(ranges.endOf(7, kSp, 20), std::optional<uint64_t>(kStackEnd));
    }

    void laterMappingsCutEarlierOnesButNotForOlderSamples() {
        MappedRanges ranges;
        Records records;
        mapStack(ranges, records);
        ranges.note(records.mmap2(7, 0x18000, 0x1000), 30); // cuts the stack's mapping in three
        QCOMPARE(ranges.endOf(7, 0x17000, 40), std::optional<uint64_t>(0x18000));
        QCOMPARE(ranges.endOf(7, kSp, 40), std::optional<uint64_t>(kStackEnd));
        QCOMPARE(ranges.endOf(7, 0x17000, 20), std::nullopt); // older than the change around it
        QCOMPARE(ranges.endOf(7, kSp, 20), std::optional<uint64_t>(kStackEnd)); // the change is below it
        ranges.note(records.mmap2(7, 0x40000, 0x1000), 50); // far from the stack: no matter
        QCOMPARE(ranges.endOf(7, kSp, 45), std::optional<uint64_t>(kStackEnd));
        ranges.forgetChangesBefore(35);
        QCOMPARE(ranges.endOf(7, 0x17000, 20), std::optional<uint64_t>(0x18000)); // forgotten
    }

    void aRecordOutOfOrderStopsTheAnswers() {
        MappedRanges ranges;
        Records records;
        mapStack(ranges, records);
        ranges.note(records.mmap2(7, 0x40000, 0x1000), 5);
        QCOMPARE(ranges.endOf(7, kSp, 20), std::nullopt);
        ranges.note(records.mmap2(7, 0x40000, 0x1000), std::nullopt); // no time: the same
        MappedRanges untimed;
        mapStack(untimed, records);
        untimed.note(records.mmap2(7, 0x40000, 0x1000), std::nullopt);
        QCOMPARE(untimed.endOf(7, kSp, 20), std::nullopt);
    }

    void lostRecordsStopTheAnswers() {
        MappedRanges ranges;
        Records records;
        mapStack(ranges, records);
        ranges.distrust();
        QCOMPARE(ranges.endOf(7, kSp, 20), std::nullopt);
    }

    void childrenStartWithTheirParentsMappingsAtTheFork() {
        MappedRanges ranges;
        Records records;
        mapStack(ranges, records);
        ranges.note(records.fork(PERF_RECORD_FORK, 9, 7, 9), 20); // a process
        ranges.note(records.fork(PERF_RECORD_FORK, 7, 7, 8), 21); // a thread: nothing new
        ranges.note(records.mmap2(7, 0x40000, 0x1000), 22);       // after the fork: the parent's alone
        QCOMPARE(ranges.endOf(9, kSp, 30), std::optional<uint64_t>(kStackEnd));
        QCOMPARE(ranges.endOf(9, kSp, 15), std::nullopt); // before the child existed
        QCOMPARE(ranges.endOf(9, 0x40000, 30), std::nullopt);
        // A fork older than the parent's newest record: the copy would hold mappings made after it.
        ranges.note(records.fork(PERF_RECORD_FORK, 11, 7, 11), 21);
        QCOMPARE(ranges.endOf(11, kSp, 30), std::nullopt);
        // A child whose own records were noted before its fork: they would be replaced.
        ranges.note(records.mmap2(12, 0x50000, 0x1000), 40);
        ranges.note(records.fork(PERF_RECORD_FORK, 12, 7, 12), 35);
        QCOMPARE(ranges.endOf(12, kSp, 50), std::nullopt);
    }

    void execAndExitForgetAProcess() {
        MappedRanges ranges;
        Records records;
        mapStack(ranges, records);
        mapStack(ranges, records, 9);
        ranges.note(records.exec(7), 20);
        QCOMPARE(ranges.endOf(7, kSp, 25), std::nullopt);     // the old program's mappings are gone
        ranges.note(records.mmap2(7, kStackEnd, 0x1000), 21); // the new program maps the same addresses
        ranges.note(records.mmap2(7, kStack, kStackEnd - kStack), 21);
        QCOMPARE(ranges.endOf(7, kSp, 25), std::optional<uint64_t>(kStackEnd));
        QCOMPARE(ranges.endOf(7, kSp, 15), std::nullopt);          // a sample of the old program
        ranges.note(records.fork(PERF_RECORD_EXIT, 9, 1, 10), 20); // a thread of 9 ends: 9 stays
        QCOMPARE(ranges.endOf(9, kSp, 25), std::optional<uint64_t>(kStackEnd));
        ranges.note(records.fork(PERF_RECORD_EXIT, 9, 1, 9), 5); // an earlier process with that pid
        QCOMPARE(ranges.endOf(9, kSp, 25), std::optional<uint64_t>(kStackEnd));
        ranges.note(records.fork(PERF_RECORD_EXIT, 9, 1, 9), 30);
        QCOMPARE(ranges.endOf(9, kSp, 25), std::nullopt);
    }

    void theKernelsMapsAreNotKept() {
        MappedRanges ranges;
        Records records;
        ranges.note(records.mmap2(~uint32_t{0}, 0xffffffff81000000, 0x1000000), 1);
        QCOMPARE(ranges.processCount(), size_t{0});
    }

    // Through the sink: a drain passes one CPU's records, then another's; the sink applies them in time
    // order, cuts the stack at the mapping's end, and keeps the fields after the stack where they belong.
    void theSinkCutsStacksInPlace() {
        const auto samples = samplesThroughSink([](RecordSink &sink, RecordBuilder &builder) {
            // CPU 1's buffer first: the stack, mapped at 20, over an older mapping from CPU 0 at 10.
            sink(timedMmap2(builder, kStack, kStackEnd - kStack, 20), 1);
            sink(timedMmap2(builder, kStackEnd, 0x1000, 20), 1);
            sink(timedMmap2(builder, 0x1f800, 0x800, 10),
                 0);                                         // would end the stack at 0x1f800 if applied last
            sink(dwarfSample(builder, 30, kSp, 8192), 1);    // kept: kStackEnd - kSp = 4096 bytes
            sink(dwarfSample(builder, 31, kSp + 8, 100), 1); // the kernel's copy is the shorter: 100
            sink(dwarfSample(builder, 32, kSp, 0), 1);       // nothing copied: no dyn_size either
            sink(dwarfSample(builder, 15, kSp, 8192), 1);    // older than the stack's mapping: whole
        });
        QCOMPARE(samples.size(), size_t{4});
        QCOMPARE(samples[0].stackSize, uint64_t{4096});
        QCOMPARE(samples[0].copied, size_t{4096});
        QCOMPARE(samples[1].stackSize, uint64_t{104});
        QCOMPARE(samples[1].copied, size_t{100});
        QCOMPARE(samples[2].stackSize, uint64_t{0});
        QCOMPARE(samples[2].copied, size_t{0});
        QCOMPARE(samples[3].stackSize, uint64_t{8192});
        QCOMPARE(samples[3].copied, size_t{8192});
        for (const ReadSample &sample : samples) {
            QCOMPARE(sample.weight, kWeight);
            QVERIFY(sample.sameBytes);
        }
    }

    // The drain reads the buffers' heads one after another, and a sample is published after its time: a
    // sample may come a drain after a newer record of another CPU. The changes it predates must still count.
    void aSampleADrainLateSeesTheStateAtItsTime() {
        const auto samples = samplesThroughSink([](RecordSink &sink, RecordBuilder &builder) {
            sink(timedMmap2(builder, kStack, kStackEnd - kStack, 10), 0);
            sink(timedMmap2(builder, kStackEnd, 0x1000, 10), 0);
            sink.endRound();
            sink(timedMmap2(builder, 0x90000, 0x1000, 100, 8), 1); // the next drain: CPU 1, another process
            sink.endRound();
            sink(timedMmap2(builder, 0x18000, 0x8000, 95), 0); // then CPU 0: the stack's top replaced at 95
            sink(dwarfSample(builder, 90, 0x17000, 8192), 0);  // before that: the stack ended at kStackEnd
            sink(dwarfSample(builder, 96, 0x17000, 8192), 0);  // after it: at 0x18000
        });
        QCOMPARE(samples.size(), size_t{2});
        QCOMPARE(samples[0].stackSize, uint64_t{8192}); // the state at 90 is gone: kept whole
        QCOMPARE(samples[1].stackSize, uint64_t{0x1000});
    }
};

QTEST_GUILESS_MAIN(TestMappedRanges)
#include "tst_mappedranges.moc"
