// SampledFiles (which mapped files samples hit, for the BUILD_ID feature and the build-id cache), the
// perf-map feature section written and read back, the perf maps a recording keeps, MappedFiles on this very
// process, and the kernel modules' MMAP records (on a fixture: this machine may have no modules).
#include "base/ProcFs.h"
#include "identity/BuildIdCache.h"
#include "identity/ElfBuildId.h"
#include "perfdata/PerfDataReader.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/PerfRecords.h"
#include "perfdata/RecordBuilder.h"
#include "record/KernelModuleFiles.h"
#include "record/MappedFiles.h"
#include "record/ProcSynthesizer.h"
#include "record/SampledFiles.h"
#include "record/SessionFiles.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
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

// A stand-in for a kernel module: a small shared object with symbols and the given build id.
bool buildModule(const QString &cc, const std::string &output, const std::string &hex) {
    QTemporaryDir dir;
    QFile source(dir.filePath(QStringLiteral("module.c")));
    if (!source.open(QIODevice::WriteOnly)) return false;
    source.write("int fake_mod_work(int x) { return x * 3; }\nint fake_mod_init(void) { return 0; }\n");
    source.close();
    return QProcess::execute(cc,
                             {QStringLiteral("-shared"), QStringLiteral("-nostdlib"), QStringLiteral("-fPIC"),
                              QStringLiteral("-Wl,--build-id=0x") + QString::fromStdString(hex),
                              QStringLiteral("-o"), QString::fromStdString(output), source.fileName()}) == 0;
}

bool hit(const SampledFiles &files, const std::string &path) {
    for (const auto &file : files.files())
        if (file.path == path) return file.hit;
    return false;
}

// A kernel-mode sample of process 10 at IP, called from CALLER (both kernel addresses).
void noteKernelSample(SampledFiles &files, uint64_t ip, uint64_t caller) {
    Sample sample;
    sample.pid = 10;
    sample.ip = ip;
    const std::vector<uint64_t> chain{static_cast<uint64_t>(PERF_CONTEXT_KERNEL), ip, caller};
    sample.callchain = chain;
    files.noteSample(sample, PERF_RECORD_MISC_KERNEL, false);
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
        noteKernelSample(files, 0xffffffff81000000, 0xffffffffc0000010);
        QVERIFY(files.kernelHit());
        QVERIFY(files.modules()[0].hit);
        QVERIFY(!files.modules()[1].hit);
        QVERIFY(!files.sampledProcesses().count(10)); // no user code sampled
    }

    // Kernel modules as perf record lists and caches them, on a fixture that stands in for a machine's
    // modules (this one may have none): a shared object with a forced build id, built here, is the module's
    // file MODULES/kernel/drivers/fake-mod.ko, and its note section the kernel's SYSFS/fake_mod/notes file.
    void kernelModulesAreListedAndCachedByTheirFiles() {
        const QString cc = QStandardPaths::findExecutable(QStringLiteral("cc"));
        const QString objcopy = QStandardPaths::findExecutable(QStringLiteral("objcopy"));
        if (cc.isEmpty() || objcopy.isEmpty()) QSKIP("cc and objcopy are needed to build the module fixture");
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        const std::string modules = root + "/lib/modules/6.0.0-fixture";
        const std::string sys = root + "/sys/module";
        const std::string ko = modules + "/kernel/drivers/fake-mod.ko";
        QVERIFY(QDir().mkpath(QString::fromStdString(modules + "/kernel/drivers")));
        QVERIFY(QDir().mkpath(QString::fromStdString(sys + "/fake_mod/notes")));
        QVERIFY(QDir().mkpath(QString::fromStdString(sys + "/gone_mod/notes")));
        const std::string hex = "00112233445566778899aabbccddeeff01234567";
        QVERIFY(buildModule(cc, ko, hex));
        for (const char *module : {"fake_mod", "gone_mod"}) {
            const std::string notes = sys + "/" + module + "/notes/.note.gnu.build-id";
            QCOMPARE(QProcess::execute(objcopy, {QStringLiteral("-O"), QStringLiteral("binary"),
                                                 QStringLiteral("--only-section=.note.gnu.build-id"),
                                                 QString::fromStdString(ko), QString::fromStdString(notes)}),
                     0);
        }

        SampledFiles files({{"fake_mod", 0xffffffffc0000000, 0xffffffffc0001000, false},
                            {"gone_mod", 0xffffffffc0002000, 0xffffffffc0003000, false}});
        noteKernelSample(files, 0xffffffffc0000010, 0xffffffffc0002010);
        MappedFiles mapped;
        const KernelModuleFiles moduleFiles({sys, modules});
        const auto entries = sampledBuildIds(files, mapped, std::nullopt, std::nullopt, moduleFiles);
        QCOMPARE(entries.size(), size_t{2});
        QCOMPARE(entries[0].path, ko); // by its file, dashes and all
        QVERIFY(entries[0].kernel);
        QCOMPARE(buildIdHex(entries[0].buildId), hex);
        QCOMPARE(entries[1].path, std::string("[gone_mod]")); // no file of it under the modules directory

        BuildIdCache cache(root + "/cache");
        const CacheFill fill = fillBuildIdCache(cache, entries, mapped, {}, {});
        QCOMPARE(fill.kept, size_t{1});
        QCOMPARE(fill.failed, size_t{1});
        QVERIFY2(fill.firstError.find("gone_mod") != std::string::npos, fill.firstError.c_str());
        const std::string cached = cache.find(entries[0].buildId, "elf");
        // perf's layout, reached through the .build-id link
        const QString entry = QString::fromStdString(root + "/cache" + ko + "/" + hex + "/elf");
        QVERIFY2(QFileInfo(entry).isFile(), qPrintable(entry));
        QCOMPARE(QFileInfo(QString::fromStdString(cached)).canonicalFilePath(),
                 QFileInfo(entry).canonicalFilePath());
        QCOMPARE(elfBuildIdOfFile(cached), entries[0].buildId);

        // perf reads the list as its own: buildid-list names the module by its file.
        const QString perf = QStandardPaths::findExecutable(QStringLiteral("perf"));
        if (!perf.isEmpty()) {
            SessionMetadata metadata;
            metadata.buildIds = entries;
            const std::string session = root + "/modules.data";
            writeSession(session, metadata);
            QProcess listed;
            listed.start(perf, {QStringLiteral("buildid-list"), QStringLiteral("-f"), QStringLiteral("-i"),
                                QString::fromStdString(session)});
            QVERIFY(listed.waitForFinished(60000));
            const QString out = QString::fromUtf8(listed.readAllStandardOutput());
            QVERIFY2(out.contains(QString::fromStdString(hex + " " + ko)), qPrintable(out));
            QVERIFY2(out.contains(QStringLiteral("[gone_mod]")), qPrintable(out));
        }

        // The file was replaced by another build (a package upgrade without a reboot): not kept.
        QVERIFY(QFile::remove(QString::fromStdString(ko)));
        QVERIFY(buildModule(cc, ko, "ffeeddccbbaa99887766554433221100fedcba98"));
        BuildIdCache other(root + "/other-cache");
        const CacheFill refused = fillBuildIdCache(other, {entries[0]}, mapped, {}, {});
        QCOMPARE(refused.kept, size_t{0});
        QVERIFY2(refused.firstError.find("ffeeddcc") != std::string::npos &&
                     refused.firstError.find(hex) != std::string::npos,
                 refused.firstError.c_str());
        QVERIFY(other.find(entries[0].buildId, "elf").empty());
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
        QVERIFY(reader.metadata().perfMapsKept);
        QVERIFY(reader.notices().empty());

        // A recorder that looked and found none says so (readers then never look in /tmp); a session that
        // says nothing (perf's) did not look.
        SessionMetadata none;
        none.perfMapsKept = true;
        writeSession(path, none);
        QVERIFY(PerfDataReader(path).metadata().perfMapsKept);
        // A map too large to keep is an entry without text: readers may look in /tmp for it.
        metadata.perfMaps[9].clear();
        writeSession(path, metadata);
        PerfDataReader tooLarge(path);
        QVERIFY(tooLarge.metadata().perfMaps == metadata.perfMaps);
        QVERIFY(tooLarge.notices().empty());
        writeSession(path, SessionMetadata{});
        QVERIFY(!PerfDataReader(path).metadata().perfMapsKept);
    }

    // The perf maps a recording keeps (perfMapsOf): a map last changed before its process started, where the
    // process ran before the recording began, is a former process's and is not kept; the same file is kept
    // for a process that started during the recording (its id may be one that exited then); a map larger
    // than 64 MiB is an entry without text.
    void perfMapsOfFormerProcessesAreNotKept() {
        QTemporaryDir dir;
        const auto self = static_cast<uint32_t>(QCoreApplication::applicationPid());
        QFile map(dir.filePath(QStringLiteral("perf-%1.map").arg(self)));
        QVERIFY(map.open(QIODevice::WriteOnly));
        map.write("7f0000001000 40 jitted_function\n");
        QVERIFY(map.flush());
        QVERIFY(
            map.setFileTime(QDateTime::currentDateTime().addSecs(-3600), QFileDevice::FileModificationTime));
        map.close();
        const int64_t started = processStartNs(static_cast<pid_t>(self));
        QVERIFY(started > 0);
        std::vector<std::string> skipped;
        auto kept = perfMapsOf({self}, started + 1'000'000'000, skipped, dir.path().toStdString());
        QVERIFY(kept.empty());
        QCOMPARE(skipped.size(), size_t{1});
        QVERIFY2(skipped[0].find("by a former process with the same id") != std::string::npos,
                 skipped[0].c_str());
        skipped.clear();
        kept = perfMapsOf({self}, started - 1'000'000'000, skipped, dir.path().toStdString());
        QVERIFY(kept.count(static_cast<int32_t>(self)));
        QCOMPARE(kept.at(static_cast<int32_t>(self)), std::string("7f0000001000 40 jitted_function\n"));
        QVERIFY(skipped.empty());

        QVERIFY(map.resize(qint64{65} << 20)); // sparse: 65 MiB of no disk
        kept = perfMapsOf({self}, started - 1'000'000'000, skipped, dir.path().toStdString());
        QVERIFY(kept.count(static_cast<int32_t>(self)));
        QCOMPARE(kept.at(static_cast<int32_t>(self)), std::string());
        QCOMPARE(skipped.size(), size_t{1});
        QVERIFY2(skipped[0].find("more than the 64 MiB kept") != std::string::npos, skipped[0].c_str());
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

    // The loaded modules' MMAP records, as perf writes them after the kernel's: pid -1, kernel mode, each
    // module's range and its file under the modules directory ("[name]" without one); a module whose address
    // kernel.kptr_restrict hides gets none.
    void kernelModuleMmaps() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        const std::string modules = root + "/lib/modules/6.0.0-fixture";
        const std::string ko = modules + "/kernel/drivers/fake-mod.ko";
        QVERIFY(QDir().mkpath(QString::fromStdString(modules + "/kernel/drivers")));
        QVERIFY(QDir().mkpath(QString::fromStdString(root + "/sys/module")));
        std::ofstream(ko) << "module";
        std::ofstream(root + "/modules") << "fake_mod 4096 0 - Live 0xffffffffc0000000\n"
                                            "gone_mod 8192 1 fake_mod, Live 0xffffffffc0002000 (OE)\n"
                                            "hidden_mod 4096 0 - Live 0x0000000000000000\n";
        const KernelModuleFiles files({root + "/sys/module", modules});
        const auto loaded = ProcSynthesizer::loadedKernelModules(files, root + "/modules");
        QCOMPARE(loaded.size(), size_t{2});
        perf_event_attr attr{};
        attr.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME;
        attr.sample_id_all = 1;
        ProcSynthesizer synthesizer(attr, 7, 1000, root);
        std::vector<std::vector<uint8_t>> records;
        synthesizer.synthesizeModuleMmaps(loaded, [&](const perf_event_header *header) {
            const auto *bytes = reinterpret_cast<const uint8_t *>(header);
            records.emplace_back(bytes, bytes + header->size);
        });
        QCOMPARE(records.size(), size_t{2});
        const std::pair<uint64_t, std::string> expected[] = {{0xffffffffc0000000, ko},
                                                             {0xffffffffc0002000, "[gone_mod]"}};
        for (size_t i = 0; i < records.size(); ++i) {
            const auto *header = reinterpret_cast<const perf_event_header *>(records[i].data());
            QCOMPARE(header->type, uint32_t{PERF_RECORD_MMAP});
            QCOMPARE(header->misc & PERF_RECORD_MISC_CPUMODE_MASK, PERF_RECORD_MISC_KERNEL);
            const auto mmap = MmapRecord::from(*header);
            QVERIFY(mmap.has_value());
            QCOMPARE((*mmap)->pid, ~uint32_t{0});
            QCOMPARE((*mmap)->addr, expected[i].first);
            QCOMPARE((*mmap)->len, uint64_t{i == 0 ? 4096u : 8192u});
            QCOMPARE(std::string(mmap->text()), expected[i].second);
        }
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
