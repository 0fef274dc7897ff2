// PerfDataWriter and PerfDataReader: what one writes, the other reads back exactly; bad files are refused
// with a message that names the file and the byte offset.
#include "base/Error.h"
#include "load/LoadProfile.h"
#include "perfdata/PerfDataReader.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/PerfFileFormat.h"
#include "perfdata/PerfRecords.h"
#include "perfdata/RecordBuilder.h"

#include "PageCache.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <vector>

using namespace perfglass;

namespace {

std::vector<uint8_t> commRecord(uint32_t pid, const char *name) {
    RecordBuilder record;
    record.start(PERF_RECORD_COMM);
    record.putFields(CommFields{pid, pid});
    record.putText(std::string_view(name).substr(0, 15));
    record.finish();
    return {record.bytes().begin(), record.bytes().end()};
}

std::vector<uint8_t> sampleRecord(uint64_t id, uint64_t ip, uint32_t pid, uint64_t time) {
    // IDENTIFIER | IP | TID | TIME | PERIOD
    std::vector<uint64_t> words = {0, id, ip, (uint64_t{pid} << 32) | pid, time, 250000};
    perf_event_header header{PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER,
                             static_cast<uint16_t>(words.size() * 8)};
    std::memcpy(words.data(), &header, sizeof header);
    std::vector<uint8_t> bytes(words.size() * 8);
    std::memcpy(bytes.data(), words.data(), bytes.size());
    return bytes;
}

EventAttr clockEvent(const char *name, uint64_t id) {
    EventAttr event;
    event.attr.size = sizeof event.attr;
    event.attr.type = PERF_TYPE_SOFTWARE;
    event.attr.config = PERF_COUNT_SW_CPU_CLOCK;
    event.attr.sample_type =
        PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD;
    event.attr.sample_id_all = 1;
    event.name = name;
    event.ids = {id, id + 1};
    return event;
}

void writeBytes(const QString &path, const std::vector<uint8_t> &bytes) {
    std::ofstream out(path.toStdString(), std::ios::binary);
    out.write(reinterpret_cast<const char *>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

std::vector<uint8_t> readBytes(const QString &path) {
    std::ifstream in(path.toStdString(), std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

int samplesIn(const QString &path) {
    PerfDataReader reader(path.toStdString());
    int samples = 0;
    while (const perf_event_header *read = reader.next())
        samples += read->type == PERF_RECORD_SAMPLE;
    return samples;
}

QString errorOf(const QString &path) {
    try {
        PerfDataReader reader(path.toStdString());
        while (reader.next()) {
        }
    } catch (const Error &error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

} // namespace

class SessionRoundTripTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    QString path(const char *name) const { return dir_.filePath(QString::fromLatin1(name)); }

    // Writes two events and three records; returns the records written.
    std::vector<std::vector<uint8_t>> writeSession(const QString &file) {
        PerfDataWriter writer(file.toStdString(),
                              {clockEvent("cpu-clock", 10), clockEvent("task-clock", 20)});
        std::vector<std::vector<uint8_t>> records = {commRecord(42, "worker"),
                                                     sampleRecord(10, 0x401000, 42, 100),
                                                     sampleRecord(21, 0x401010, 42, 200)};
        for (const auto &record : records)
            writer.writeRecord(record.data(), record.size());
        writer.finishRound();
        SessionMetadata metadata;
        metadata.hostname = "testhost";
        metadata.osRelease = "6.1.0-test";
        metadata.arch = "x86_64";
        metadata.version = "perfglass test";
        metadata.cpusAvailable = 4;
        metadata.cpusOnline = 2;
        metadata.cpuDescription = "Test CPU @ 2.00GHz";
        metadata.cpuId = "GenuineIntel,6,85,4";
        metadata.totalMemoryKb = 8 * 1024 * 1024;
        metadata.firstSampleTime = 10;
        metadata.lastSampleTime = 21;
        metadata.cpuTopology.socketSiblings = {"0-3"};
        metadata.cpuTopology.threadSiblings = {"0,2", "1,3"};
        metadata.cpuTopology.dieSiblings = {"0-3"};
        metadata.cpuTopology.cpus = {{0, 0, 0}, {1, 0, 0}, {0, 0, 0}, {1, 0, 0}};
        metadata.cmdline = {"perfglass-cli", "record", "--", "./app"};
        metadata.buildIds = {{-1, false, {0xde, 0xad, 0xbe, 0xef}, "/usr/bin/app"}};
        metadata.hasClockId = true;
        metadata.clockResolutionNs = 1;
        for (uint32_t cpu : {1u, 1u, 0u}) // the two samples, and one more than the file has
            metadata.sampleCpus.append(cpu);
        writer.finish(metadata);
        return records;
    }

private slots:
    // Pipe mode, written to a pipe and read from it: the attributes and features arrive as records before
    // the stream, the kernel's build id at the start, the rest at the end; the reader hands on only the
    // stream's own records.
    void pipeModeRoundTrip() {
        int fds[2];
        QVERIFY(::pipe(fds) == 0);
        const QString file = path("pipe.data");
        SessionMetadata known;
        known.hostname = "pipehost";
        known.osRelease = "6.1.0-test";
        known.cmdline = {"perfglass-cli", "record", "-o", "-"};
        known.tracingData = {1, 2, 3, 4, 5}; // skipped by the reader, padded to 8 in the stream
        known.buildIds = {{-1, true, {0x11, 0x22}, "[kernel.kallsyms]"}};
        const auto records =
            std::vector<std::vector<uint8_t>>{commRecord(42, "worker"), sampleRecord(10, 0x401000, 42, 100)};
        {
            PerfDataWriter writer(PerfDataWriter::PipeOutput{fds[1]},
                                  {clockEvent("cpu-clock", 10), clockEvent("task-clock", 20)}, known);
            QVERIFY(writer.isPipe());
            for (const auto &record : records)
                writer.writeRecord(record.data(), record.size());
            writer.finishRound();
            SessionMetadata end;
            end.buildIds = {known.buildIds[0], {-1, false, {0xde, 0xad}, "/usr/bin/app"}};
            end.firstSampleTime = 100;
            end.lastSampleTime = 100;
            writer.finish(end);
            QCOMPARE(writer.bytesWritten() % 8, uint64_t{0});
        }
        ::close(fds[1]);
        std::vector<uint8_t> bytes(1 << 16);
        size_t used = 0;
        for (ssize_t n; (n = ::read(fds[0], bytes.data() + used, bytes.size() - used)) > 0;)
            used += static_cast<size_t>(n);
        ::close(fds[0]);
        bytes.resize(used);
        writeBytes(file, bytes);

        PerfDataReader reader(file.toStdString());
        QVERIFY(reader.isPipe());
        std::vector<std::vector<uint8_t>> read;
        while (const perf_event_header *record = reader.next()) {
            const auto *begin = reinterpret_cast<const uint8_t *>(record);
            read.emplace_back(begin, begin + record->size);
        }
        QVERIFY(reader.notices().empty());
        QCOMPARE(read.size(), size_t{3}); // COMM, SAMPLE, FINISHED_ROUND
        QCOMPARE(read[0], records[0]);
        QCOMPARE(read[1], records[1]);
        QCOMPARE(reader.events().size(), size_t{2});
        QCOMPARE(reader.events()[1].name, std::string("task-clock"));
        QCOMPARE(reader.events()[1].ids, (std::vector<uint64_t>{20, 21}));
        QCOMPARE(reader.metadata().hostname, std::string("pipehost"));
        QCOMPARE(reader.metadata().cmdline, known.cmdline);
        QCOMPARE(reader.metadata().lastSampleTime, uint64_t{100});
        const auto &buildIds = reader.metadata().buildIds;
        QCOMPARE(buildIds.size(), size_t{2}); // the kernel's once, though finish() was given it again
        QCOMPARE(buildIds[0].path, std::string("[kernel.kallsyms]"));
        QVERIFY(buildIds[0].kernel);
        QCOMPARE(buildIds[1].path, std::string("/usr/bin/app"));
        QCOMPARE(buildIds[1].buildId, (std::vector<uint8_t>{0xde, 0xad}));
    }

    void roundTripKeepsEventsRecordsAndFeatures() {
        const QString file = path("roundtrip.data");
        const auto written = writeSession(file);

        PerfDataReader reader(file.toStdString());
        QVERIFY(!reader.isPipe());
        QCOMPARE(reader.events().size(), size_t{2});
        QCOMPARE(reader.events()[0].name, std::string("cpu-clock"));
        QCOMPARE(reader.events()[1].name, std::string("task-clock"));
        QCOMPARE(reader.events()[1].ids, (std::vector<uint64_t>{20, 21}));
        QCOMPARE(reader.events()[0].attr.sample_type, clockEvent("", 0).attr.sample_type);
        QCOMPARE(reader.metadata().hostname, std::string("testhost"));
        QCOMPARE(reader.metadata().osRelease, std::string("6.1.0-test"));
        QCOMPARE(reader.metadata().cpusOnline, 2u);
        QCOMPARE(reader.metadata().cpusAvailable, 4u);
        QCOMPARE(reader.metadata().cpuDescription, std::string("Test CPU @ 2.00GHz"));
        QCOMPARE(reader.metadata().cpuId, std::string("GenuineIntel,6,85,4"));
        QCOMPARE(reader.metadata().totalMemoryKb, uint64_t{8} * 1024 * 1024);
        QCOMPARE(reader.metadata().arch, std::string("x86_64"));
        QCOMPARE(reader.metadata().firstSampleTime, uint64_t{10});
        QCOMPARE(reader.metadata().lastSampleTime, uint64_t{21});
        const CpuTopologyFeature &topology = reader.metadata().cpuTopology;
        QCOMPARE(topology.socketSiblings, std::vector<std::string>{"0-3"});
        QCOMPARE(topology.threadSiblings, (std::vector<std::string>{"0,2", "1,3"}));
        QCOMPARE(topology.dieSiblings, std::vector<std::string>{"0-3"});
        QCOMPARE(topology.cpus.size(), size_t{4});
        QCOMPARE(topology.cpus[1].core, 1u);
        QCOMPARE(topology.cpus[3].socket, 0u);
        QCOMPARE(reader.metadata().version, std::string("perfglass test"));
        QCOMPARE(reader.metadata().cmdline.size(), size_t{4});
        QCOMPARE(reader.metadata().cmdline[3], std::string("./app"));
        QCOMPARE(reader.metadata().buildIds.size(), size_t{1});
        QCOMPARE(reader.metadata().buildIds[0].path, std::string("/usr/bin/app"));
        QCOMPARE(reader.metadata().buildIds[0].buildId, (std::vector<uint8_t>{0xde, 0xad, 0xbe, 0xef}));
        const auto &runs = reader.metadata().sampleCpus.runs();
        QCOMPARE(runs.size(), size_t{2});
        QCOMPARE(runs[0].samples, 2u);
        QCOMPARE(runs[0].cpu, 1u);
        QCOMPARE(runs[1].samples, 1u);
        QCOMPARE(runs[1].cpu, 0u);

        size_t index = 0;
        while (const perf_event_header *record = reader.next()) {
            if (record->type == format::kRecordFinishedRound) {
                QCOMPARE(index, written.size());
                continue;
            }
            QVERIFY(index < written.size());
            QCOMPARE(size_t{record->size}, written[index].size());
            QVERIFY(std::memcmp(record, written[index].data(), record->size) == 0);
            ++index;
        }
        QCOMPARE(index, written.size());
        QVERIFY(reader.notices().empty());
    }

    // The CPU runs are the last feature section (the highest bit): a run count larger than the section holds
    // is named, and leaves the samples without CPUs rather than reading past the section.
    void malformedSampleCpusAreNamed() {
        const QString file = path("badcpus.data");
        writeSession(file);
        auto bytes = readBytes(file);
        const size_t countOffset = bytes.size() - 8 - 2 * sizeof(SampleCpuRuns::Run);
        const uint64_t tooMany = 3;
        std::memcpy(bytes.data() + countOffset, &tooMany, sizeof tooMany);
        writeBytes(file, bytes);
        PerfDataReader reader(file.toStdString());
        QVERIFY(reader.metadata().sampleCpus.empty());
        QCOMPARE(reader.notices().size(), size_t{1});
        const std::string notice = reader.notices().front().english();
        QVERIFY2(notice.find("SAMPLE_CPUS") != std::string::npos &&
                     notice.find(std::to_string(countOffset + 8)) != std::string::npos,
                 notice.c_str());
    }

    // Loaded, the samples (which carry no CPU) take theirs from the table, in file order; a table that covers
    // another number of samples than the file holds is said.
    void loadedSamplesTakeTheirCpusFromTheTable() {
        const QString file = path("cpus.data");
        writeSession(file);
        const auto profile = loadProfile(file.toStdString());
        QCOMPARE(profile->samples.size(), size_t{2});
        QCOMPARE(profile->samples.cpu[0], 1u);
        QCOMPARE(profile->samples.cpu[1], 1u);
        const auto &notices = profile->diagnostics.notices;
        QVERIFY(std::any_of(notices.begin(), notices.end(), [](const Message &notice) {
            const std::string text = notice.english();
            return text.find("covers 3 samples") != std::string::npos &&
                   text.find("holds 2") != std::string::npos;
        }));
    }

    // The cursor hands out each run's CPU as often as the run counts samples, passes over empty runs (a
    // crafted file), and says kNoCpu past the last.
    void cpuCursorWalksTheRuns() {
        FeatureEncoder encoder;
        encoder.u64(3);
        for (uint32_t field : {2u, 1u, 0u, 5u, 1u, 0u}) // (samples, cpu): 2 on 1, none on 5, 1 on 0
            encoder.u32(field);
        const std::vector<uint8_t> section = encoder.take();
        FeatureDecoder decoder(section.data(), section.size());
        const auto runs = SampleCpuRuns::decode(decoder);
        QVERIFY(runs);
        QCOMPARE(runs->sampleCount(), uint64_t{3});
        SampleCpuCursor cursor(*runs);
        std::vector<uint32_t> cpus;
        for (int i = 0; i < 5; ++i)
            cpus.push_back(cursor.next());
        QCOMPARE(cpus, (std::vector<uint32_t>{1, 1, 0, SampleCpuCursor::kNoCpu, SampleCpuCursor::kNoCpu}));
    }

    void unfinishedSessionOpensUpToLastCompleteRecord() {
        const QString file = path("unfinished.data");
        {
            PerfDataWriter writer(file.toStdString(), {clockEvent("cpu-clock", 10)});
            const auto record = sampleRecord(10, 0x401000, 42, 100);
            writer.writeRecord(record.data(), record.size());
            writer.writeRecord(record.data(), record.size());
            // No finish(): the writer "died"; the header's data size stays 0.
        }
        auto bytes = readBytes(file);
        bytes.resize(bytes.size() - 8); // and the last record was cut in half
        writeBytes(file, bytes);

        PerfDataReader reader(file.toStdString());
        int samples = 0;
        while (reader.next())
            ++samples;
        QCOMPARE(samples, 1);
        QVERIFY(!reader.notices().empty());
        QCOMPARE(reader.notices().front().kind, MessageKind::DataSizeZero);
        QVERIFY(QString::fromStdString(reader.notices().front().english())
                    .contains(QLatin1String("data size in the header is 0")));
        // No EVENT_DESC yet: the event is named from its attribute, as perf does.
        QCOMPARE(reader.events().front().name, std::string("cpu-clock"));
    }

    // Records reach the file in writes that end on 2 MiB boundaries: while recording, the file holds the
    // header alone or whole 2 MiB blocks, never a part of one; every record is read back.
    void recordsReachTheFileOn2MiBBoundaries() {
        constexpr qint64 kBlock = qint64{2} << 20;
        const QString file = path("blocks.data");
        const auto record = sampleRecord(10, 0x401000, 42, 100);
        int written = 0;
        qint64 headerOnly = 0;
        std::vector<qint64> sizes;
        {
            PerfDataWriter writer(file.toStdString(), {clockEvent("cpu-clock", 10)});
            headerOnly = QFileInfo(file).size();
            QVERIFY(headerOnly > 0 && headerOnly < kBlock);
            while (writer.bytesWritten() < uint64_t(3 * kBlock + 12345)) {
                writer.writeRecord(record.data(), record.size());
                if (++written % 10000 != 0) continue;
                writer.waitUntilWritten(); // the writer's thread may be amid a block
                sizes.push_back(QFileInfo(file).size());
            }
            for (const qint64 size : sizes)
                QVERIFY2(size == headerOnly || size % kBlock == 0, qPrintable(QString::number(size)));
            writer.waitUntilWritten();
            QCOMPARE(QFileInfo(file).size(), 3 * kBlock);
            writer.finish(SessionMetadata{});
        }
        QCOMPARE(samplesIn(file), written);
    }

    // Whole 2 MiB blocks go to the disk past the page cache where the file system takes O_DIRECT: the
    // recorder then never copies a recording into fresh cache pages. The file reads back whole.
    void wholeBlocksBypassThePageCache() {
        constexpr size_t kBlock = size_t{2} << 20;
        const QString file = path("direct.data");
        if (!test::writesPastThePageCache(file.toStdString()))
            QSKIP("the test directory's file system does not take O_DIRECT, or is tmpfs");
        const auto record = sampleRecord(10, 0x401000, 42, 100);
        int written = 0;
        {
            PerfDataWriter writer(file.toStdString(), {clockEvent("cpu-clock", 10)});
            while (writer.bytesWritten() < 3 * kBlock + 4096) {
                writer.writeRecord(record.data(), record.size());
                ++written;
            }
            writer.waitUntilWritten();
            const std::vector<bool> cached = test::cachedPages(file.toStdString(), 3 * kBlock);
            QVERIFY2(!cached.empty() && cached.size() % 3 == 0, "mincore(2) of the file failed");
            const size_t pagesPerBlock = cached.size() / 3;
            const auto cachedIn = [&](size_t block) {
                return std::count(cached.begin() + block * pagesPerBlock,
                                  cached.begin() + (block + 1) * pagesPerBlock, true);
            };
            // The first block (header, then records up to the boundary) went through the cache; whether its
            // pages are still there is the kernel's business.
            const QString counts = QStringLiteral("pages cached of %1 per block: %2, %3, %4")
                                       .arg(pagesPerBlock)
                                       .arg(cachedIn(0))
                                       .arg(cachedIn(1))
                                       .arg(cachedIn(2));
            QVERIFY2(cachedIn(1) == 0 && cachedIn(2) == 0, qPrintable(counts));
            writer.finish(SessionMetadata{});
        }
        QCOMPARE(samplesIn(file), written);
    }

    // A write that fails in the writer's thread reaches the caller as an Error naming the file, the offset
    // and the reason, at the next record or at finish(); nothing hangs.
    void failedWritesNameTheFileAndOffset() {
        QString message;
        try {
            PerfDataWriter writer("/dev/full", {clockEvent("cpu-clock", 10)});
            const auto record = sampleRecord(10, 0x401000, 42, 100);
            while (writer.bytesWritten() < (uint64_t{32} << 20))
                writer.writeRecord(record.data(), record.size());
            writer.finish(SessionMetadata{});
        } catch (const Error &error) {
            message = QString::fromUtf8(error.what());
        }
        QVERIFY2(message.contains(QLatin1String("cannot write /dev/full at offset 0")), qPrintable(message));
        QVERIFY2(message.contains(QString::fromUtf8(std::strerror(ENOSPC))), qPrintable(message));
    }

    void sessionsAreReadableByTheirOwnerOnly() {
        const QString fresh = path("fresh.data");
        writeSession(fresh);
        // An older session with a wider mode is narrowed when it is overwritten.
        const QString older = path("older.data");
        writeBytes(older, {1, 2, 3});
        QVERIFY(::chmod(older.toLocal8Bit().constData(), 0644) == 0);
        writeSession(older);
        for (const QString &file : {fresh, older}) {
            struct stat status {};
            QVERIFY(::stat(file.toLocal8Bit().constData(), &status) == 0);
            QCOMPARE(status.st_mode & 07777, mode_t{0600});
        }
    }

    void missingFileIsNamed() {
        const QString message = errorOf(path("does-not-exist.data"));
        QVERIFY2(message.contains(QLatin1String("does-not-exist.data")) &&
                     message.contains(QLatin1String("No such file")),
                 qPrintable(message));
    }

    void emptyFileIsRefused() {
        writeBytes(path("empty.data"), {});
        const QString message = errorOf(path("empty.data"));
        QVERIFY2(message.contains(QLatin1String("empty.data: file is empty")), qPrintable(message));
    }

    void otherFileIsNotPerfData() {
        std::vector<uint8_t> text(200, 'x');
        writeBytes(path("text.data"), text);
        const QString message = errorOf(path("text.data"));
        QVERIFY2(message.contains(QLatin1String("at byte 0: not a perf.data file")), qPrintable(message));
    }

    void truncatedFileNamesTheDataSection() {
        const QString file = path("truncated.data");
        writeSession(file);
        auto bytes = readBytes(file);
        format::FileHeader header;
        std::memcpy(&header, bytes.data(), sizeof header);
        bytes.resize(header.data.offset + 20); // inside the first record
        writeBytes(file, bytes);
        const QString message = errorOf(file);
        QVERIFY2(message.contains(QLatin1String("at byte 40: data section")) &&
                     message.contains(QLatin1String("truncated")),
                 qPrintable(message));
    }

    void recordSmallerThanItsHeaderIsRefused() {
        const QString file = path("badrecord.data");
        writeSession(file);
        auto bytes = readBytes(file);
        format::FileHeader header;
        std::memcpy(&header, bytes.data(), sizeof header);
        const uint16_t badSize = 4;
        std::memcpy(bytes.data() + header.data.offset + 6, &badSize, 2); // first record's header.size
        writeBytes(file, bytes);
        const QString message = errorOf(file);
        QVERIFY2(message.contains(QStringLiteral("at byte %1:").arg(header.data.offset)) &&
                     message.contains(QLatin1String("declares size 4")),
                 qPrintable(message));
    }

    void recordOverrunningTheDataSectionIsRefused() {
        const QString file = path("overrun.data");
        writeSession(file);
        auto bytes = readBytes(file);
        format::FileHeader header;
        std::memcpy(&header, bytes.data(), sizeof header);
        header.data.size -= 4; // the last record (FINISHED_ROUND) now overruns the section
        std::memcpy(bytes.data(), &header, sizeof header);
        writeBytes(file, bytes);
        const QString message = errorOf(file);
        QVERIFY2(message.contains(QLatin1String("overruns the data section")), qPrintable(message));
    }

    void impossibleAttributeSizeIsRefused() {
        const QString file = path("attrsize.data");
        writeSession(file);
        auto bytes = readBytes(file);
        const uint64_t attrSize = 1 << 20;
        std::memcpy(bytes.data() + 16, &attrSize, 8);
        writeBytes(file, bytes);
        const QString message = errorOf(file);
        QVERIFY2(message.contains(QLatin1String("at byte 16: attribute size 1048576 is impossible")),
                 qPrintable(message));
    }
};

QTEST_APPLESS_MAIN(SessionRoundTripTest)
#include "tst_sessionroundtrip.moc"
