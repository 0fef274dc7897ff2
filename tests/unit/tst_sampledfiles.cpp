// SampledFiles (which mapped files samples hit, for the BUILD_ID feature and the build-id cache), the
// perf-map feature section written and read back, and MappedFiles on this very process.
#include "identity/ElfBuildId.h"
#include "perfdata/PerfDataReader.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/PerfRecords.h"
#include "perfdata/RecordBuilder.h"
#include "record/MappedFiles.h"
#include "record/SampledFiles.h"

#include <QTemporaryDir>
#include <QTest>

#include <sys/mman.h>
#include <sys/sysmacros.h>

#include <cstring>
#include <fstream>
#include <string>
#include <vector>

using namespace perfglass;

namespace {

std::vector<uint8_t> mmap2(uint32_t pid, uint64_t start, uint64_t length, const std::string &path,
                           std::vector<uint8_t> buildId, uint32_t prot = PROT_READ | PROT_EXEC) {
    RecordBuilder record;
    record.start(PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER | (buildId.empty() ? 0 : kMiscMmapBuildId));
    Mmap2Fields fields;
    fields.pid = fields.tid = pid;
    fields.addr = start;
    fields.len = length;
    if (buildId.empty())
        fields.setInode(8, 1, 1234);
    else
        fields.setBuildId(buildId);
    fields.prot = prot;
    record.putFields(fields);
    record.putText(path);
    record.finish();
    return {record.bytes().begin(), record.bytes().end()};
}

std::vector<uint8_t> fork(uint32_t pid, uint32_t parent) {
    RecordBuilder record;
    record.start(PERF_RECORD_FORK);
    record.putFields(ForkFields{pid, parent, pid, parent, 0});
    record.finish();
    return {record.bytes().begin(), record.bytes().end()};
}

const perf_event_header *header(const std::vector<uint8_t> &bytes) {
    return reinterpret_cast<const perf_event_header *>(bytes.data());
}

bool hit(const SampledFiles &files, const std::string &path) {
    for (const auto &file : files.files())
        if (file.path == path) return file.hit;
    return false;
}

} // namespace

class TestSampledFiles : public QObject {
    Q_OBJECT

private slots:
    void sampleAddressesMarkTheirFiles() {
        SampledFiles files;
        files.note(header(mmap2(10, 0x1000, 0x1000, "/bin/prog", {1, 2, 3, 4})));
        files.note(header(mmap2(10, 0x8000, 0x1000, "/lib/libc.so", {5, 6, 7, 8})));
        files.note(header(mmap2(10, 0x9000, 0x1000, "/lib/libm.so", {9, 9, 9, 9})));
        files.note(header(mmap2(10, 0xa000, 0x1000, "/data", {}, PROT_READ))); // not code: not followed
        Sample sample;
        sample.pid = 10;
        sample.ip = 0x1100;
        const std::vector<uint64_t> chain{static_cast<uint64_t>(PERF_CONTEXT_USER), 0x1100, 0x8100};
        sample.callchain = chain;
        files.noteSample(sample, PERF_RECORD_MISC_USER, false);
        QVERIFY(hit(files, "/bin/prog"));
        QVERIFY(hit(files, "/lib/libc.so"));
        QVERIFY(!hit(files, "/lib/libm.so"));
        QCOMPARE(files.files().size(), size_t{3});
        QVERIFY(!files.kernelHit());
        QVERIFY(files.sampledProcesses().count(10));
    }

    void kernelAddressesMarkTheKernelAndItsModules() {
        SampledFiles files({{"ext4", 0xffffffffc0000000, 0xffffffffc0100000, false},
                            {"xfs", 0xffffffffc0200000, 0xffffffffc0300000, false}});
        Sample sample;
        sample.pid = 10;
        sample.ip = 0xffffffff81000000;
        const std::vector<uint64_t> chain{static_cast<uint64_t>(PERF_CONTEXT_KERNEL), 0xffffffff81000000,
                                          0xffffffffc0000010};
        sample.callchain = chain;
        files.noteSample(sample, PERF_RECORD_MISC_KERNEL, false);
        QVERIFY(files.kernelHit());
        QVERIFY(files.modules()[0].hit);
        QVERIFY(!files.modules()[1].hit);
        QVERIFY(!files.sampledProcesses().count(10)); // no user code sampled
    }

    // A child process finds its parent's files; a rebuilt file at the same path is another entry.
    void forksCopyAndRebuildsAreTwoFiles() {
        SampledFiles files;
        files.note(header(mmap2(10, 0x1000, 0x1000, "/bin/prog", {1, 1, 1, 1})));
        files.note(header(fork(11, 10)));
        files.note(header(mmap2(12, 0x1000, 0x1000, "/bin/prog", {2, 2, 2, 2})));
        Sample sample;
        sample.pid = 11;
        sample.ip = 0x1800;
        files.noteSample(sample, PERF_RECORD_MISC_USER, false);
        QCOMPARE(files.files().size(), size_t{2});
        QVERIFY(files.files()[0].hit);
        QVERIFY(!files.files()[1].hit);
    }

    // DWARF mode: return addresses among the copied stack words mark their files (one sample in 8 is
    // scanned: the first is).
    void stackWordsMarkTheirFiles() {
        SampledFiles files;
        files.note(header(mmap2(10, 0x1000, 0x1000, "/bin/prog", {1, 1, 1, 1})));
        files.note(header(mmap2(10, 0x8000, 0x1000, "/lib/libc.so", {2, 2, 2, 2})));
        const std::vector<uint64_t> stack{0x7ffd0000, 42, 0x1234, 0};
        Sample sample;
        sample.pid = 10;
        sample.ip = 0x8010;
        sample.userStack = {reinterpret_cast<const uint8_t *>(stack.data()), stack.size() * 8};
        files.noteSample(sample, PERF_RECORD_MISC_USER, true);
        QVERIFY(hit(files, "/lib/libc.so"));
        QVERIFY(hit(files, "/bin/prog"));
    }

    static void writeSession(const std::string &path, const SessionMetadata &metadata) {
        EventAttr event;
        event.attr.size = sizeof event.attr;
        event.attr.type = PERF_TYPE_SOFTWARE;
        event.attr.config = PERF_COUNT_SW_CPU_CLOCK;
        event.attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID;
        event.name = "cpu-clock";
        event.ids = {1};
        PerfDataWriter writer(path, {event});
        const auto record = fork(42, 1);
        writer.writeRecord(record.data(), record.size());
        writer.finish(metadata);
    }

    void perfMapsAreWrittenAndReadBack() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("maps.data")).toStdString();
        EventAttr event;
        event.attr.size = sizeof event.attr;
        event.attr.type = PERF_TYPE_SOFTWARE;
        event.attr.config = PERF_COUNT_SW_CPU_CLOCK;
        event.attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID;
        event.name = "cpu-clock";
        event.ids = {1};
        SessionMetadata metadata;
        metadata.perfMaps[42] = "1000 10 jitted\n";
        metadata.perfMaps[7] = "odd length";
        {
            PerfDataWriter writer(path, {event});
            const auto record = fork(42, 1); // a file with no record reads as one whose recorder died
            writer.writeRecord(record.data(), record.size());
            writer.finish(metadata);
        }
        PerfDataReader reader(path);
        QVERIFY(reader.metadata().perfMaps == metadata.perfMaps);
        QVERIFY(reader.notices().empty());
    }

    void jitDumpsAreWrittenAndReadBack() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("dumps.data")).toStdString();
        SessionMetadata metadata;
        metadata.jitDumps.add({42, "/tmp/jit-42.dump", {'J', 'i', 'T', 'D', 1, 2, 3}});
        metadata.jitDumps.add({7, "/work/dir/jit-7.dump", std::vector<uint8_t>(16, 0xab)});
        writeSession(path, metadata);
        PerfDataReader reader(path);
        QVERIFY(reader.metadata().jitDumps == metadata.jitDumps);
        QVERIFY(reader.notices().empty());
        QVERIFY(reader.metadata().jitDumps.find(7, "/work/dir/jit-7.dump"));
        QVERIFY(!reader.metadata().jitDumps.find(8, "/work/dir/jit-7.dump"));
    }

    // A kept jitdump whose size runs past its section: a notice naming the section and the offset, no dumps.
    void aMalformedJitDumpSectionIsNamed() {
        KeptJitDumps dumps;
        dumps.add({42, "/tmp/jit-42.dump", std::vector<uint8_t>(24, 1)});
        std::vector<uint8_t> section = dumps.encode();
        const uint64_t hostile = uint64_t{1} << 40;
        std::memcpy(section.data() + 16, &hostile, sizeof hostile); // the file size of the first dump
        FeatureDecoder decoder(section.data(), section.size());
        QVERIFY(!KeptJitDumps::decode(decoder));
        section.resize(12); // cut inside the first dump's fields
        FeatureDecoder cut(section.data(), section.size());
        QVERIFY(!KeptJitDumps::decode(cut));
    }

    void jitDumpNames() {
        QVERIFY(KeptJitDumps::isJitDumpPath("/tmp/jit-123.dump"));
        QVERIFY(KeptJitDumps::isJitDumpPath("jit-1.dump"));
        QVERIFY(!KeptJitDumps::isJitDumpPath("/tmp/jit-.dump"));
        QVERIFY(!KeptJitDumps::isJitDumpPath("/tmp/jit-12a.dump"));
        QVERIFY(!KeptJitDumps::isJitDumpPath("/tmp/jit-12.dump/x"));
    }

    // This process's own mappings: its executable's build id, read through /proc/self/map_files or its root,
    // and a mapping whose device and inode are not the file's gets none.
    void mappedFilesOfThisProcess() {
        std::ifstream maps("/proc/self/maps");
        MappedFiles::Mapping exe;
        for (std::string line; std::getline(maps, line);) {
            unsigned long long start, end, offset, inode;
            unsigned major, minor;
            char perms[8];
            int pathAt = 0;
            if (std::sscanf(line.c_str(), "%llx-%llx %7s %llx %x:%x %llu %n", &start, &end, perms, &offset,
                            &major, &minor, &inode, &pathAt) < 7 ||
                perms[2] != 'x' || pathAt == 0 || line.find("tst_sampledfiles") == std::string::npos)
                continue;
            exe = {start, end, major, minor, inode, line.substr(static_cast<size_t>(pathAt))};
            break;
        }
        QVERIFY(!exe.path.empty());
        MappedFiles files;
        const auto expected = elfBuildIdOfFile("/proc/self/exe");
        QVERIFY(!expected.empty());
        QVERIFY(files.buildIdOf(::getpid(), exe, true) == expected);
        QVERIFY(files.kept(expected) != nullptr);
        MappedFiles::Mapping other = exe;
        other.inode += 1; // another file's identity at the same path: nothing is lent
        other.start = other.end = 0;
        QVERIFY(MappedFiles().buildIdOf(::getpid(), other, false).empty());
    }
};

QTEST_GUILESS_MAIN(TestSampledFiles)
#include "tst_sampledfiles.moc"
