// Reading sessions: synthetic perf.data files written with PerfDataWriter, then damaged in every way the
// issue lists (corrupt headers, impossible sizes, records overrunning their section, unknown record types,
// stacks larger than declared, a writer that died, random byte flips), a file that grows while it is read,
// and modules that cannot be symbolized (missing, stripped, another build id).
#include "PagePresence.h"
#include "TestSupport.h"
#include "base/Cancellation.h"
#include "base/Error.h"
#include "identity/BuildIdCache.h"
#include "identity/ElfBuildId.h"
#include "load/LoadProfile.h"
#include "perfdata/PerfDataReader.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/PerfRecords.h"
#include "perfdata/RecordBuilder.h"
#include "perfdata/RecordCompressor.h"
#include "perfdata/RecordOrderer.h"

#include <QFile>
#include <QScopeGuard>
#include <QtTest>

#include <zstd.h>

#include <atomic>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sys/resource.h>
#include <sys/stat.h>
#include <thread>

using namespace perfglass;

extern "C" __attribute__((noinline)) int perfglassReaderTestHotFunction(int x) {
    return x * 3 + 1;
}

namespace {

constexpr uint64_t kSampleType = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD;
constexpr uint64_t kDataOffsetField = 40; // perf_file_header.data.offset
constexpr uint64_t kDataSizeField = 48;   // perf_file_header.data.size

struct ExecMapping {
    uint64_t start = 0, end = 0, offset = 0;
    std::string path;
};

ExecMapping ownTextMapping() {
    std::ifstream maps("/proc/self/maps");
    std::string line;
    const auto function = reinterpret_cast<uint64_t>(&perfglassReaderTestHotFunction);
    while (std::getline(maps, line)) {
        ExecMapping m;
        char perms[8] = {};
        char path[4096] = {};
        unsigned long long start, end, offset;
        if (std::sscanf(line.c_str(), "%llx-%llx %7s %llx %*s %*s %4095s", &start, &end, perms, &offset,
                        path) < 5)
            continue;
        if (function >= start && function < end) return {start, end, offset, path};
    }
    return {};
}

template <typename T> void put(std::vector<uint8_t> &out, const T &value) {
    const auto *bytes = reinterpret_cast<const uint8_t *>(&value);
    out.insert(out.end(), bytes, bytes + sizeof value);
}

void finishRecord(std::vector<uint8_t> &record, uint32_t type, uint16_t misc = 0) {
    while (record.size() % 8)
        record.push_back(0);
    perf_event_header header{type, misc, static_cast<uint16_t>(record.size())};
    std::memcpy(record.data(), &header, sizeof header);
}

std::vector<uint8_t> mmap2Record(uint32_t pid, const ExecMapping &mapping,
                                 const std::vector<uint8_t> &buildId) {
    RecordBuilder record;
    record.start(PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER | (buildId.empty() ? 0 : kMiscMmapBuildId));
    Mmap2Fields fields;
    fields.pid = fields.tid = pid;
    fields.addr = mapping.start;
    fields.len = mapping.end - mapping.start;
    fields.pgoff = mapping.offset;
    if (!buildId.empty()) fields.setBuildId(buildId);
    fields.prot = 5;  // PROT_READ | PROT_EXEC
    fields.flags = 2; // MAP_PRIVATE
    record.putFields(fields);
    record.putText(mapping.path);
    record.finish();
    return {record.bytes().begin(), record.bytes().end()};
}

std::vector<uint8_t> sampleRecord(uint32_t pid, uint64_t ip, uint64_t time) {
    std::vector<uint8_t> r(sizeof(perf_event_header));
    put(r, ip);
    put(r, pid);
    put(r, pid);
    put(r, time);
    put(r, uint64_t{1000}); // period
    finishRecord(r, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
    return r;
}

struct Session {
    QString path;
    uint64_t dataOffset = 0;
    uint64_t dataSize = 0;
    std::vector<uint64_t> recordOffsets; // file offsets of the records written
};

// A session of one process mapping this test program, with samples in perfglassReaderTestHotFunction.
Session writeSession(const QString &path, int samples, const ExecMapping &mapping,
                     const std::vector<uint8_t> &buildId = {}, uint64_t sampleType = kSampleType,
                     const std::vector<std::vector<uint8_t>> &extra = {}, uint32_t compressionLevel = 0) {
    EventAttr event;
    event.name = "cpu-clock";
    event.attr.size = sizeof(perf_event_attr);
    event.attr.type = PERF_TYPE_SOFTWARE;
    event.attr.config = PERF_COUNT_SW_CPU_CLOCK;
    event.attr.sample_type = sampleType;
    event.attr.sample_regs_user = 0xff0fff;
    event.ids = {7};
    Session session;
    session.path = path;
    PerfDataWriter writer(path.toStdString(), {event});
    std::vector<std::vector<uint8_t>> records;
    records.push_back(mmap2Record(42, mapping, buildId));
    const auto ip = reinterpret_cast<uint64_t>(&perfglassReaderTestHotFunction) + 2;
    for (int i = 0; i < samples; ++i)
        records.push_back(sampleRecord(42, ip, 1000 + static_cast<uint64_t>(i)));
    for (const auto &record : extra)
        records.push_back(record);
    for (const auto &record : records)
        writer.writeRecord(record.data(), record.size());
    SessionMetadata metadata;
    metadata.compressionLevel = compressionLevel;
    writer.finish(metadata);
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    const QByteArray bytes = file.read(64);
    std::memcpy(&session.dataOffset, bytes.constData() + kDataOffsetField, 8);
    std::memcpy(&session.dataSize, bytes.constData() + kDataSizeField, 8);
    uint64_t offset = session.dataOffset;
    for (const auto &record : records) {
        session.recordOffsets.push_back(offset);
        offset += record.size();
    }
    return session;
}

// PERF_RECORD_COMPRESSED records holding the records of stream, compressed as one zstd stream (flushed
// every flushEvery bytes of input, ending a frame there when framePerFlush, as our recorder does; perf ends
// none: its whole session is one frame) and cut into
// payloads of at most payloadSize bytes wherever that falls, so that records, zstd blocks and frames span
// several compressed records.
std::vector<std::vector<uint8_t>> compressedRecords(const std::vector<uint8_t> &stream, size_t payloadSize,
                                                    size_t flushEvery, bool framePerFlush = false) {
    ZSTD_CCtx *context = ZSTD_createCCtx();
    std::vector<uint8_t> packed(ZSTD_compressBound(stream.size()) + 1024);
    ZSTD_outBuffer output{packed.data(), packed.size(), 0};
    for (size_t at = 0; at < stream.size(); at += flushEvery) {
        const size_t size = std::min(flushEvery, stream.size() - at);
        ZSTD_inBuffer input{stream.data() + at, size, 0};
        const bool end = framePerFlush || at + size == stream.size();
        while (ZSTD_compressStream2(context, &output, &input, end ? ZSTD_e_end : ZSTD_e_flush) != 0) {
        }
    }
    ZSTD_freeCCtx(context);
    std::vector<std::vector<uint8_t>> records;
    for (size_t at = 0; at < output.pos; at += payloadSize) {
        std::vector<uint8_t> record(sizeof(perf_event_header));
        const auto *begin = packed.data() + at;
        record.insert(record.end(), begin, begin + std::min(payloadSize, output.pos - at));
        // PERF_RECORD_COMPRESSED, not padded: perf's own records need not be multiples of 8 bytes.
        const perf_event_header header{81, 0, static_cast<uint16_t>(record.size())};
        std::memcpy(record.data(), &header, sizeof header);
        records.push_back(std::move(record));
    }
    return records;
}

// The word j of record index's payload (after the index itself): not compressible, so that the stream
// fills many compressed records.
uint32_t numberedWord(uint32_t index, size_t j) {
    uint64_t x = (uint64_t{index} << 32 | j) * 0x9E3779B97F4A7C15ull;
    return static_cast<uint32_t>(x >> 29);
}

// count COMM records of 1 KiB that say their index (from first), one after the other.
std::vector<uint8_t> numberedRecords(uint32_t count, uint32_t first = 0) {
    std::vector<uint8_t> stream;
    for (uint32_t i = first; i < first + count; ++i) {
        std::vector<uint8_t> record(sizeof(perf_event_header));
        put(record, i);
        for (size_t j = 1; record.size() < 1024; ++j)
            put(record, numberedWord(i, j));
        finishRecord(record, PERF_RECORD_COMM);
        stream.insert(stream.end(), record.begin(), record.end());
    }
    return stream;
}

// PERF_RECORD_COMPRESSED records of stream as our recorder writes them: a frame each, padded to 8 bytes.
std::vector<std::vector<uint8_t>> recorderRecords(const std::vector<uint8_t> &stream) {
    std::vector<std::vector<uint8_t>> records;
    RecordCompressor compressor(1);
    for (size_t at = 0; at < stream.size(); at += RecordCompressor::kMaxBatchBytes)
        compressor.compress(stream.data() + at,
                            std::min(RecordCompressor::kMaxBatchBytes, stream.size() - at),
                            [&records](const void *record, size_t size) {
                                const auto *bytes = static_cast<const uint8_t *>(record);
                                records.emplace_back(bytes, bytes + size);
                            });
    return records;
}

// Pads a compressed record to a multiple of 8 bytes with a skippable zstd frame after its payload.
void padToEightBytes(std::vector<uint8_t> &record) {
    if (record.size() % 8 == 0) return;
    const size_t padded = (record.size() + 8 + 7) & ~size_t{7};
    const uint32_t skippable[2] = {0x184D2A50, static_cast<uint32_t>(padded - record.size() - 8)};
    const auto *bytes = reinterpret_cast<const uint8_t *>(skippable);
    record.insert(record.end(), bytes, bytes + sizeof skippable);
    record.resize(padded, 0);
    const auto size = static_cast<uint16_t>(padded);
    std::memcpy(record.data() + offsetof(perf_event_header, size), &size, sizeof size);
}

// The index a record of numberedRecords() says, or -1 when its bytes disagree.
int64_t recordIndex(const perf_event_header *record) {
    const auto *words = reinterpret_cast<const uint32_t *>(record + 1);
    const size_t count = (record->size - sizeof *record) / 4;
    for (size_t j = 1; j < count; ++j)
        if (words[j] != numberedWord(words[0], j)) return -1;
    return words[0];
}

// Reads the records of numberedRecords() holding only the current one: each is stable, in order, and the one
// read before it is still intact. seen: how many were read; first: the first one.
void readHoldingOnlyTheCurrent(PerfDataReader &reader, uint32_t &seen, const perf_event_header *&first) {
    seen = 0;
    first = nullptr;
    const perf_event_header *previous = nullptr;
    while (const perf_event_header *record = reader.next()) {
        if (record->type != PERF_RECORD_COMM) continue;
        QVERIFY(reader.lastRecordIsMapped());
        QCOMPARE(recordIndex(record), int64_t{seen});
        if (previous) QCOMPARE(recordIndex(previous), int64_t{seen} - 1);
        if (!first) first = record;
        ++seen;
        reader.discardBefore(record);
        previous = record;
    }
}

void patch(const QString &path, uint64_t offset, const void *bytes, size_t size) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.seek(static_cast<qint64>(offset)));
    QCOMPARE(file.write(static_cast<const char *>(bytes), static_cast<qint64>(size)),
             static_cast<qint64>(size));
}

template <typename T> void patchValue(const QString &path, uint64_t offset, T value) {
    patch(path, offset, &value, sizeof value);
}

QByteArray readAll(const QString &path) {
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    return file.readAll();
}

size_t countFunction(const Profile &profile, const std::string &part) {
    size_t count = 0;
    for (size_t i = 0; i < profile.samples.size(); ++i) {
        const StackId stack = profile.samples.stack[i];
        if (stack != kNoStack &&
            profile.functionName(profile.frames[profile.stacks[stack].frame].function).find(part) !=
                std::string::npos)
            ++count;
    }
    return count;
}

bool hasNotice(const Profile &profile, const std::string &part) {
    for (const auto &notice : profile.diagnostics.notices)
        if (notice.english().find(part) != std::string::npos) return true;
    return false;
}

// A file-mode session of count attributes whose id sections all name the same idBytes bytes: each section
// lies in the file, but together they claim count times more ids than the file holds.
QString writeAliasedIdSections(const QString &path, uint64_t count, uint64_t idBytes) {
    constexpr uint64_t kAttrSize = sizeof(perf_event_attr) + 16; // attribute, then its id section
    std::vector<uint8_t> file(104);
    const uint64_t attrsOffset = file.size();
    for (uint64_t i = 0; i < count; ++i) {
        perf_event_attr attr{};
        attr.size = sizeof attr;
        attr.type = PERF_TYPE_SOFTWARE;
        attr.config = PERF_COUNT_SW_CPU_CLOCK;
        attr.sample_type = kSampleType;
        put(file, attr);
        put(file, attrsOffset + count * kAttrSize); // the shared id section
        put(file, idBytes);
    }
    file.resize(file.size() + idBytes, 0);
    const uint64_t dataOffset = file.size();
    const std::vector<uint8_t> sample = sampleRecord(42, 0x1000, 1000);
    file.insert(file.end(), sample.begin(), sample.end());
    std::vector<uint8_t> header;
    header.insert(header.end(), {'P', 'E', 'R', 'F', 'I', 'L', 'E', '2'});
    put(header, uint64_t{104});
    put(header, kAttrSize);
    put(header, attrsOffset);
    put(header, count * kAttrSize);
    put(header, dataOffset);
    put(header, uint64_t{sample.size()});
    header.resize(104, 0); // no event types, no features
    std::memcpy(file.data(), header.data(), header.size());
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)) return {};
    out.write(reinterpret_cast<const char *>(file.data()), static_cast<qint64>(file.size()));
    return path;
}

// Peak resident memory of this process so far, in KiB.
long peakResidentKiB() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// A pipe-mode session (perf record -o -): its header, then one HEADER_ATTR record and a sample.
std::vector<uint8_t> pipeSession() {
    std::vector<uint8_t> bytes{'P', 'E', 'R', 'F', 'I', 'L', 'E', '2'};
    put(bytes, uint64_t{16});
    std::vector<uint8_t> attrRecord(sizeof(perf_event_header));
    perf_event_attr attr{};
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = PERF_COUNT_SW_CPU_CLOCK;
    attr.sample_type = kSampleType;
    put(attrRecord, attr);
    put(attrRecord, uint64_t{7}); // its id
    finishRecord(attrRecord, 64); // PERF_RECORD_HEADER_ATTR
    bytes.insert(bytes.end(), attrRecord.begin(), attrRecord.end());
    const std::vector<uint8_t> sample = sampleRecord(42, 0x1000, 1000);
    bytes.insert(bytes.end(), sample.begin(), sample.end());
    return bytes;
}

void writeBytes(const QString &path, const std::vector<uint8_t> &bytes) {
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
    out.write(reinterpret_cast<const char *>(bytes.data()), static_cast<qint64>(bytes.size()));
}
} // namespace

class TestReader : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    ExecMapping mapping_;
    LoadOptions options_;

    // Expects loading to fail with a FileFormatError naming the file, the offset and what.
    void expectFormatError(const QString &path, uint64_t offset, const std::string &what) {
        try {
            loadProfile(path.toStdString(), options_);
            QFAIL("loading succeeded");
        } catch (const FileFormatError &error) {
            const std::string message = error.what();
            qInfo("%s", error.what());
            QVERIFY2(message.find(path.toStdString()) != std::string::npos, error.what());
            QVERIFY2(message.find(what) != std::string::npos, error.what());
            QCOMPARE(error.offset(), offset);
        }
    }

private slots:
    void initTestCase() {
        mapping_ = ownTextMapping();
        QVERIFY(!mapping_.path.empty());
        const QString empty = dir_.filePath("kallsyms");
        QFile(empty).open(QIODevice::WriteOnly);
        options_.kallsymsPath = empty.toStdString(); // keeps the tests independent of /proc/kallsyms
    }

    void readsSyntheticSession() {
        const auto session = writeSession(dir_.filePath("good.data"), 20, mapping_);
        const auto profile = loadProfile(session.path.toStdString(), options_);
        QCOMPARE(profile->samples.size(), size_t{20});
        QCOMPARE(countFunction(*profile, "perfglassReaderTestHotFunction"), size_t{20});
        QCOMPARE(profile->diagnostics.modulesWithoutSymbols, uint64_t{0});
    }

    void corruptMagic() {
        const auto session = writeSession(dir_.filePath("magic.data"), 5, mapping_);
        patch(session.path, 0, "PERFXXXX", 8);
        expectFormatError(session.path, 0, "not a perf.data file");
    }

    void impossibleHeaderSize() {
        const auto session = writeSession(dir_.filePath("hsize.data"), 5, mapping_);
        patchValue<uint64_t>(session.path, 8, 12345);
        expectFormatError(session.path, 8, "header size is 12345");
    }

    void impossibleAttributeSize() {
        const auto session = writeSession(dir_.filePath("attrsize.data"), 5, mapping_);
        patchValue<uint64_t>(session.path, 16, uint64_t{1} << 40);
        expectFormatError(session.path, 16, "attribute size");
    }

    void dataSectionPastTheEnd() {
        const auto session = writeSession(dir_.filePath("datasize.data"), 5, mapping_);
        patchValue<uint64_t>(session.path, kDataSizeField, uint64_t{1} << 50);
        expectFormatError(session.path, 40, "extends past the end of the file");
    }

    void recordSizeNotAMultipleOf8() {
        const auto session = writeSession(dir_.filePath("recsize.data"), 5, mapping_);
        patchValue<uint16_t>(session.path, session.recordOffsets[1] + 6, 13);
        expectFormatError(session.path, session.recordOffsets[1], "declares size 13");
    }

    void recordOverrunsTheDataSection() {
        const auto session = writeSession(dir_.filePath("overrun.data"), 5, mapping_);
        patchValue<uint16_t>(session.path, session.recordOffsets.back() + 6, 0xfff8);
        expectFormatError(session.path, session.recordOffsets.back(), "overruns the data section");
    }

    void unknownRecordTypesAreSkipped() {
        const auto session = writeSession(dir_.filePath("unknown.data"), 5, mapping_);
        patchValue<uint32_t>(session.path, session.recordOffsets[2], 250); // a sample becomes type 250
        const auto profile = loadProfile(session.path.toStdString(), options_);
        QCOMPARE(profile->samples.size(), size_t{4});
    }

    void stackLargerThanDeclared() {
        // A DWARF-mode sample whose dyn_size claims more bytes than the stack it carries.
        std::vector<uint8_t> r(sizeof(perf_event_header));
        put(r, uint64_t{0x1000}); // ip
        put(r, uint32_t{42});
        put(r, uint32_t{42});
        put(r, uint64_t{5000}); // time
        put(r, uint64_t{1000}); // period
        put(r, uint64_t{2});    // regs abi: 64-bit
        for (int i = 0; i < 20; ++i)
            put(r, uint64_t{0}); // 20 registers of mask 0xff0fff
        put(r, uint64_t{64});    // stack size
        r.insert(r.end(), 64, 0);
        put(r, uint64_t{4096}); // dyn_size > size
        finishRecord(r, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
        const uint64_t type = kSampleType | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
        // The regular samples of this session lack the register and stack fields: only the crafted one is
        // whole.
        const auto session = writeSession(dir_.filePath("stack.data"), 0, mapping_, {}, type, {r});
        const auto profile = loadProfile(session.path.toStdString(), options_);
        QCOMPARE(profile->samples.size(), size_t{0});
        QCOMPARE(profile->diagnostics.malformedRecords, uint64_t{1});
    }

    void aliasedIdSectionsAreRefused() {
        // 4,096 attributes whose id sections all name the same 8 MiB: 32 GiB of ids from an 8.6 MB file.
        constexpr uint64_t kCount = 4096;
        const QString path = writeAliasedIdSections(dir_.filePath("aliased.data"), kCount, 8 << 20);
        QVERIFY(!path.isEmpty());
        const long peakBefore = peakResidentKiB();
        // Attribute 1's id section field (offset + size at the end of the attribute) is the first overlap.
        const uint64_t attrSize = sizeof(perf_event_attr) + 16;
        const uint64_t idsOffset = 104 + kCount * attrSize;
        expectFormatError(path, 104 + attrSize + sizeof(perf_event_attr),
                          "id section of attribute 1 (offset " + std::to_string(idsOffset) +
                              ", size 8388608) overlaps the id section of attribute 0");
        QVERIFY2(peakResidentKiB() - peakBefore < 64 * 1024, "refusing the file took more than 64 MiB");
        // One attribute alone, the same bytes: read.
        const QString single = writeAliasedIdSections(dir_.filePath("single-ids.data"), 1, 8 << 20);
        PerfDataReader reader(single.toStdString());
        QCOMPARE(reader.events().size(), size_t{1});
        QCOMPARE(reader.events().front().ids.size(), size_t{1} << 20);
    }

    void idSectionPastTheEndNamesItsField() {
        const QString path = writeAliasedIdSections(dir_.filePath("ids-past-end.data"), 2, 64);
        const uint64_t attrSize = sizeof(perf_event_attr) + 16;
        patchValue<uint64_t>(path, 104 + attrSize + sizeof(perf_event_attr), uint64_t{1} << 40);
        expectFormatError(path, 104 + attrSize + sizeof(perf_event_attr),
                          "id section of attribute 1 (offset 1099511627776, 64 bytes) extends past the end");
    }

    void misalignedFieldsAfterAnOddRawPayload() {
        // A DWARF-mode sample whose RAW payload (5 bytes, unpadded) leaves the user registers and stack
        // misaligned: read as they lie, without misaligned loads (the sanitizer build checks that).
        std::vector<uint8_t> r(sizeof(perf_event_header));
        put(r, reinterpret_cast<uint64_t>(&perfglassReaderTestHotFunction) + 2); // ip
        put(r, uint32_t{42});
        put(r, uint32_t{42});
        put(r, uint64_t{5000}); // time
        put(r, uint64_t{1000}); // period
        put(r, uint32_t{5});    // raw size
        r.insert(r.end(), {1, 2, 3, 4, 5});
        put(r, uint64_t{2}); // regs abi: 64-bit
        for (int i = 0; i < 20; ++i)
            put(r, i == 8 ? reinterpret_cast<uint64_t>(&perfglassReaderTestHotFunction) + 2 // ip
                          : uint64_t{0x7ffc0000 + 8 * static_cast<uint64_t>(i)});
        put(r, uint64_t{64}); // stack size
        r.insert(r.end(), 64, 0);
        put(r, uint64_t{64}); // dyn_size
        finishRecord(r, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
        const uint64_t type = kSampleType | PERF_SAMPLE_RAW | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
        const auto session = writeSession(dir_.filePath("oddraw.data"), 0, mapping_, {}, type, {r});
        const auto profile = loadProfile(session.path.toStdString(), options_);
        QCOMPARE(profile->diagnostics.malformedRecords, uint64_t{0});
        QCOMPARE(profile->samples.size(), size_t{1});
        QCOMPARE(countFunction(*profile, "perfglassReaderTestHotFunction"), size_t{1});
    }

    void ordererCountsItsBookkeeping() {
        // 8-byte records cost the orderer four times their size in entries: the bound counts those too.
        size_t released = 0;
        RecordOrderer orderer([&](const perf_event_header *, bool, uint32_t) { ++released; }, 4096);
        const perf_event_header record{PERF_RECORD_MAX + 100, 0, 8};
        for (int i = 0; i < 200; ++i)
            orderer.push(&record);
        QVERIFY2(released > 0, "200 queued records of 8 bytes stayed under a 4 KiB bound");
    }

    void pipeFileCutBeforeItsEventsSaysWhere() {
        std::vector<uint8_t> bytes = pipeSession();
        const QString whole = dir_.filePath("pipe-whole.data");
        writeBytes(whole, bytes);
        QCOMPARE(loadProfile(whole.toStdString(), options_)->samples.size(), size_t{1});
        bytes.resize(103); // inside the HEADER_ATTR record that starts at byte 16
        const QString cut = dir_.filePath("pipe-cut.data");
        writeBytes(cut, bytes);
        expectFormatError(cut, 103, "the file ends at byte 103, inside a record of type 64");
        expectFormatError(cut, 103, "starts at byte 16: it was cut short there, before any record describes");
    }

    void mappedPagesBehindTheReaderAreDropped_data() {
        QTest::addColumn<bool>("prefetching");
        QTest::newRow("prefetching thread") << true;
        QTest::newRow("reader alone") << false; // what loadProfile asks when the unwinders take every core
    }

    void mappedPagesBehindTheReaderAreDropped() {
        // 8 MiB of records, mapped: the pages of those the caller no longer holds leave the page tables.
        QFETCH(bool, prefetching);
        if (!pagePresent(&dir_)) QSKIP("/proc/self/pagemap cannot be read here");
        const std::vector<uint8_t> stream = numberedRecords(8192);
        std::vector<std::vector<uint8_t>> records;
        for (size_t at = 0; at < stream.size(); at += 1024)
            records.emplace_back(stream.begin() + static_cast<std::ptrdiff_t>(at),
                                 stream.begin() + static_cast<std::ptrdiff_t>(at + 1024));
        const auto session =
            writeSession(dir_.filePath("dropped.data"), 0, mapping_, {}, kSampleType, records);
        PerfDataReader reader(session.path.toStdString());
        reader.setPrefetching(prefetching);
        const perf_event_header *first = nullptr;
        uint32_t seen = 0;
        while (const perf_event_header *record = reader.next()) {
            if (record->type != PERF_RECORD_COMM) continue;
            QVERIFY(reader.lastRecordIsMapped());
            QCOMPARE(recordIndex(record), int64_t{seen});
            if (!first) {
                first = record;
                QVERIFY(pagePresent(first));
            }
            ++seen;
            reader.discardBefore(nullptr); // only the current record is held
        }
        QCOMPARE(seen, uint32_t{8192});
        QTRY_VERIFY(!pagePresent(first));
    }

    void mappedRecordsLieAtTheirFileOffsetModuloHugePages() {
        // The data section is mapped so that addresses and file offsets agree modulo 2 MiB: the kernel can
        // then map the page cache's 2 MiB folios whole (one page-middle-directory entry each).
        const auto session = writeSession(dir_.filePath("aligned.data"), 20, mapping_);
        PerfDataReader reader(session.path.toStdString());
        const perf_event_header *record = reader.next();
        QVERIFY(record);
        QVERIFY(reader.lastRecordIsMapped());
        constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
        QCOMPARE(reinterpret_cast<uintptr_t>(record) % kHugePage,
                 uintptr_t(session.recordOffsets[0] % kHugePage));
    }

    void decompressedRecordsStayAtTheirAddress() {
        // 8 MiB of records in one zstd frame cut into payloads of 40,000 bytes: records span payloads.
        const uint32_t count = 8192;
        const auto session = writeSession(dir_.filePath("stable.data"), 2, mapping_, {}, kSampleType,
                                          compressedRecords(numberedRecords(count), 40000, 300000));
        PerfDataReader reader(session.path.toStdString());
        std::vector<const perf_event_header *> held; // every 500th record, held until the end
        uint32_t seen = 0;
        while (const perf_event_header *record = reader.next()) {
            if (record->type != PERF_RECORD_COMM) continue;
            QVERIFY(reader.lastRecordIsMapped());
            QCOMPARE(recordIndex(record), int64_t{seen});
            if (seen % 500 == 0) held.push_back(record);
            ++seen;
            // What the orderer and the unwinder report: the oldest record they still hold.
            reader.discardBefore(held.front());
        }
        QCOMPARE(seen, count);
        for (size_t i = 0; i < held.size(); ++i)
            QCOMPARE(recordIndex(held[i]), static_cast<int64_t>(i * 500));
    }

    void decompressedPagesAreReleasedBehindTheOldestHeld() {
        // Nothing held but the current record: the region's pages behind it are given back, and the records
        // read later are intact. Frames of about 1 MB (our recorder ends one per flush) end inside records.
        if (!pagePresent(&dir_)) QSKIP("/proc/self/pagemap cannot be read here");
        const uint32_t count = 16384; // 16 MiB decompressed
        const auto session = writeSession(dir_.filePath("reuse.data"), 2, mapping_, {}, kSampleType,
                                          compressedRecords(numberedRecords(count), 65000, 1000000, true));
        PerfDataReader reader(session.path.toStdString());
        uint32_t seen = 0;
        const perf_event_header *first = nullptr;
        readHoldingOnlyTheCurrent(reader, seen, first);
        QCOMPARE(seen, count);
        QVERIFY(!pagePresent(first));
    }

    void recorderFramesAreExpandedWhole() {
        // Our recorder's compressed records each hold whole frames: they are expanded in one call each,
        // straight into the region, and the records stay where they are while held.
        const auto records = recorderRecords(numberedRecords(16384)); // 16 MiB
        QVERIFY(records.size() > 256);
        const auto session =
            writeSession(dir_.filePath("recorder-frames.data"), 2, mapping_, {}, kSampleType, records);
        PerfDataReader reader(session.path.toStdString());
        uint32_t seen = 0;
        const perf_event_header *first = nullptr;
        readHoldingOnlyTheCurrent(reader, seen, first);
        QCOMPARE(seen, uint32_t{16384});
    }

    // Our recorder's records are expanded on a thread of the reader's ahead of it, up to the first record
    // that does not hold whole frames (one frame across two records, as perf writes them); from there the
    // reader expands by itself. Either way every record comes, in order, each at its own address.
    void expandingAheadHandsOverAtAStreamedFrame_data() {
        QTest::addColumn<bool>("ahead");
        QTest::newRow("ahead") << true;
        QTest::newRow("inline") << false;
    }

    void expandingAheadHandsOverAtAStreamedFrame() {
        QFETCH(bool, ahead);
        std::vector<std::vector<uint8_t>> records = recorderRecords(numberedRecords(4096));
        const size_t wholeBefore = records.size();
        auto streamed = compressedRecords(numberedRecords(256, 4096), 20000, 1 << 20); // incompressible
        QVERIFY(streamed.size() >= 2);
        padToEightBytes(streamed.back()); // 20000-byte payloads: the others are aligned already
        records.insert(records.end(), streamed.begin(), streamed.end());
        const auto after = recorderRecords(numberedRecords(4096, 4352));
        records.insert(records.end(), after.begin(), after.end());
        const auto session =
            writeSession(dir_.filePath("hand-over.data"), 2, mapping_, {}, kSampleType, records);
        PerfDataReader reader(session.path.toStdString());
        reader.setExpandingAhead(ahead);
        uint32_t seen = 0;
        const perf_event_header *first = nullptr;
        readHoldingOnlyTheCurrent(reader, seen, first);
        QCOMPARE(seen, uint32_t{8448});
        QCOMPARE(reader.compressedRecordsExpandedAhead(), ahead ? uint64_t{wholeBefore} : uint64_t{0});
    }

    // A file whose header says its records are compressed (HEADER_COMPRESSED, as ours and perf's -z files
    // do) is expanded ahead from the start of its data section: the records before the first compressed one
    // are still read where they are mapped, and every payload of ours comes from the expanding thread.
    void compressedHeaderExpandsFromTheStart() {
        const auto records = recorderRecords(numberedRecords(4096));
        const auto session =
            writeSession(dir_.filePath("compressed-header.data"), 20, mapping_, {}, kSampleType, records, 1);
        PerfDataReader reader(session.path.toStdString());
        QCOMPARE(reader.metadata().compressionLevel, 1u);
        uint32_t before = 0, seen = 0;
        while (const perf_event_header *record = reader.next()) {
            if (record->type != PERF_RECORD_COMM) {
                QCOMPARE(seen, 0u);
                QVERIFY2(reader.lastRecordIsMapped(), qPrintable(QString::number(before)));
                ++before;
                continue;
            }
            QCOMPARE(recordIndex(record), int64_t{seen});
            ++seen;
            reader.discardBefore(record);
        }
        QCOMPARE(before, 21u); // the mapping and 20 samples
        QCOMPARE(seen, 4096u);
        QCOMPARE(reader.compressedRecordsExpandedAhead(), uint64_t{records.size()});
    }

    void perfSessionIsOneFrameLargerThanTheLimit() {
        // perf record -z compresses a whole session as one zstd frame, only flushed: 96 MiB of records in
        // one frame (more than the 64 MiB one compressed record may expand to) are read, in place.
        const uint32_t count = 96 * 1024;
        std::vector<uint8_t> stream;
        stream.reserve(size_t{count} * 1024);
        for (uint32_t i = 0; i < count; ++i) {
            std::vector<uint8_t> record(sizeof(perf_event_header));
            put(record, i);
            record.resize(1024); // compressible: a session of 96 MiB stays a small file
            finishRecord(record, PERF_RECORD_COMM);
            stream.insert(stream.end(), record.begin(), record.end());
        }
        const auto session = writeSession(dir_.filePath("one-frame.data"), 2, mapping_, {}, kSampleType,
                                          compressedRecords(stream, 60000, 1 << 20));
        PerfDataReader reader(session.path.toStdString());
        uint32_t seen = 0;
        while (const perf_event_header *record = reader.next()) {
            if (record->type != PERF_RECORD_COMM) continue;
            uint32_t index = 0;
            std::memcpy(&index, record + 1, sizeof index);
            QCOMPARE(index, seen);
            QVERIFY(reader.lastRecordIsMapped());
            ++seen;
            reader.discardBefore(nullptr);
        }
        QCOMPARE(seen, count);
    }

    void corruptCompressedRecordSaysWhere() {
        auto records = compressedRecords(numberedRecords(512), 20000, 1 << 20);
        QVERIFY(records.size() >= 3); // 512 KiB that do not compress
        for (size_t i = 8; i < 16; ++i)
            records[0][i] ^= 0x5a; // the zstd frame's magic number and header
        const auto session =
            writeSession(dir_.filePath("corrupt-frame.data"), 2, mapping_, {}, kSampleType, records);
        const size_t first = session.recordOffsets.size() - records.size();
        expectFormatError(session.path, session.recordOffsets[first], "compressed record: zstd:");
    }

    void truncatedCompressedStreamIsReported() {
        // The file ends inside the zstd stream: records up to the cut are read, the partial one is not.
        auto records = compressedRecords(numberedRecords(512), 20000, 1 << 20);
        records.pop_back();
        const auto session =
            writeSession(dir_.filePath("cut-frame.data"), 2, mapping_, {}, kSampleType, records);
        PerfDataReader reader(session.path.toStdString());
        int64_t last = -1;
        while (const perf_event_header *record = reader.next())
            if (record->type == PERF_RECORD_COMM) {
                QCOMPARE(recordIndex(record), last + 1);
                ++last;
            }
        QVERIFY(last > 0);
        QVERIFY(last < 511);
    }

    void decompressionBombSaysTheLimit() {
        // One compressed record that expands to 65 MiB of zeros, more than any recorder writes in one.
        const std::vector<uint8_t> zeros(size_t{65} << 20, 0);
        std::vector<uint8_t> frame(ZSTD_compressBound(zeros.size()));
        const size_t packed = ZSTD_compress(frame.data(), frame.size(), zeros.data(), zeros.size(), 19);
        QVERIFY(!ZSTD_isError(packed));
        QVERIFY(packed + sizeof(perf_event_header) < 65536);
        std::vector<uint8_t> record(sizeof(perf_event_header));
        record.insert(record.end(), frame.begin(), frame.begin() + static_cast<std::ptrdiff_t>(packed));
        finishRecord(record, 81); // PERF_RECORD_COMPRESSED
        const auto session = writeSession(dir_.filePath("bomb.data"), 2, mapping_, {}, kSampleType, {record});
        expectFormatError(session.path, session.recordOffsets.back(),
                          "expands to more than the reader's limit of 64 MiB and was refused");
    }

    void lostSamplesAreCountedOnce_data() {
        QTest::addColumn<QList<quint64>>("lost");        // PERF_RECORD_LOST counts
        QTest::addColumn<QList<quint64>>("lostSamples"); // PERF_RECORD_LOST_SAMPLES counts
        QTest::addColumn<quint64>("expected");
        // perf record 6.1 writes both for the same drops: LOST from the ring buffer, LOST_SAMPLES per event
        // at the end (which also counts drops whose LOST record never came); perf report shows the latter.
        QTest::newRow("perf's file") << QList<quint64>{9, 3, 7} << QList<quint64>{12, 7} << quint64{19};
        QTest::newRow("last LOST missing") << QList<quint64>{9, 3} << QList<quint64>{12, 7} << quint64{19};
        QTest::newRow("LOST only") << QList<quint64>{9, 3, 7} << QList<quint64>{} << quint64{19};
        QTest::newRow("LOST_SAMPLES only") << QList<quint64>{} << QList<quint64>{30} << quint64{30};
    }

    void lostSamplesAreCountedOnce() {
        QFETCH(QList<quint64>, lost);
        QFETCH(QList<quint64>, lostSamples);
        QFETCH(quint64, expected);
        std::vector<std::vector<uint8_t>> records;
        for (const quint64 count : lost) {
            std::vector<uint8_t> r(sizeof(perf_event_header));
            put(r, uint64_t{7}); // id
            put(r, uint64_t{count});
            finishRecord(r, PERF_RECORD_LOST);
            records.push_back(r);
        }
        for (const quint64 count : lostSamples) {
            std::vector<uint8_t> r(sizeof(perf_event_header));
            put(r, uint64_t{count});
            finishRecord(r, PERF_RECORD_LOST_SAMPLES);
            records.push_back(r);
        }
        const auto session = writeSession(dir_.filePath("lost.data"), 3, mapping_, {}, kSampleType, records);
        const auto profile = loadProfile(session.path.toStdString(), options_);
        QCOMPARE(profile->diagnostics.lostSamples, uint64_t{expected});
        QCOMPARE(profile->diagnostics.lostRecords, uint64_t(lost.size()));
    }

    void writerDiedDataSizeZero() {
        const auto session = writeSession(dir_.filePath("died.data"), 10, mapping_);
        patchValue<uint64_t>(session.path, kDataSizeField, 0);
        // Cut the file inside the last sample, as a killed writer leaves it.
        QVERIFY(QFile::resize(session.path, static_cast<qint64>(session.recordOffsets.back() + 12)));
        const auto profile = loadProfile(session.path.toStdString(), options_);
        QCOMPARE(profile->samples.size(), size_t{9});
        QVERIFY(hasNotice(*profile, "data size in the header is 0"));
        QVERIFY(hasNotice(*profile, "incomplete"));
    }

    void randomByteFlipsNeverCrash() {
        const auto session = writeSession(dir_.filePath("fuzz-base.data"), 30, mapping_);
        const QByteArray original = readAll(session.path);
        std::mt19937 random(12345);
        const QString path = dir_.filePath("fuzz.data");
        int loaded = 0, rejected = 0;
        for (int round = 0; round < 300; ++round) {
            QByteArray bytes = original;
            const int flips = 1 + static_cast<int>(random() % 8);
            for (int i = 0; i < flips; ++i)
                bytes[static_cast<qsizetype>(random() % static_cast<uint32_t>(bytes.size()))] ^=
                    static_cast<char>(1 + random() % 255);
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(bytes);
            file.close();
            try {
                loadProfile(path.toStdString(), options_);
                ++loaded;
            } catch (const Error &) {
                ++rejected;
            }
        }
        qInfo("%d loaded, %d rejected with an error", loaded, rejected);
        QCOMPARE(loaded + rejected, 300);
    }

    void followsAGrowingFile() {
        const auto session = writeSession(dir_.filePath("complete.data"), 200, mapping_);
        const QByteArray complete = readAll(session.path);
        const QString growing = dir_.filePath("growing.data");
        // The file as a live writer leaves it early on: header with data size 0, the first few records.
        const qsizetype firstPart = static_cast<qsizetype>(session.recordOffsets[3]);
        {
            QFile file(growing);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            QByteArray head = complete.left(firstPart);
            std::memset(head.data() + kDataSizeField, 0, 8);
            file.write(head);
        }
        std::stop_source stop;
        std::atomic<size_t> samples{0};
        std::atomic<bool> ended{false};
        std::string failure;
        std::thread reader([&] {
            try {
                PerfDataReader input(growing.toStdString());
                input.follow(stop.get_token(), std::chrono::milliseconds(5));
                while (const perf_event_header *record = input.next())
                    if (record->type == PERF_RECORD_SAMPLE) ++samples;
            } catch (const std::exception &error) {
                failure = error.what();
            }
            ended = true;
        });
        // Append the rest of the data in pieces that split records, then complete the header and features.
        const qsizetype dataEnd = static_cast<qsizetype>(session.dataOffset + session.dataSize);
        QFile file(growing);
        QVERIFY(file.open(QIODevice::Append));
        for (qsizetype at = firstPart; at < dataEnd; at += 37) {
            file.write(complete.mid(at, std::min<qsizetype>(37, dataEnd - at)));
            file.flush();
            if (at % 5 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        QVERIFY(!ended); // still waiting for more, not at its end
        file.write(complete.mid(dataEnd));
        file.close();
        patch(growing, 0, complete.constData(), 104); // the final header, with the data size
        reader.join();
        QVERIFY2(failure.empty(), failure.c_str());
        QCOMPARE(samples.load(), size_t{200});
    }

    void stopsFollowingWhenAsked() {
        const auto session = writeSession(dir_.filePath("unfinished.data"), 20, mapping_);
        patchValue<uint64_t>(session.path, kDataSizeField, 0);
        QVERIFY(QFile::resize(session.path, static_cast<qint64>(session.dataOffset + session.dataSize)));
        std::stop_source stop;
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            stop.request_stop();
        });
        LoadOptions options = options_;
        options.stopFollowing = stop.get_token();
        const auto profile = loadProfile(session.path.toStdString(), options);
        stopper.join();
        QVERIFY(stop.stop_requested());
        QCOMPARE(profile->samples.size(), size_t{20});
    }

    // A FIFO nobody writes to yet: opening it waits for its writer, and a stop ends the wait (the desktop
    // application's Cancel, or its window closing, on File > Open Stream of such a FIFO).
    void fifoWithoutWriterWaitsUntilStopped() {
        const QString fifo = dir_.filePath("no-writer.fifo");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        std::stop_source stop;
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            stop.request_stop();
        });
        // Should the open block where no stop reaches, a writer that comes and goes 30 s later ends it: the
        // test then fails rather than hangs.
        std::atomic<bool> returned{false};
        std::atomic<bool> rescued{false};
        std::thread rescuer([&] {
            for (int waited = 0; waited < 300 && !returned; ++waited)
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
            if (returned) return;
            rescued = true;
            QFile(fifo).open(QIODevice::WriteOnly);
        });
        LoadOptions options = options_;
        options.stop = stop.get_token();
        const auto joinAll = qScopeGuard([&] {
            returned = true;
            stopper.join();
            rescuer.join();
        });
        QVERIFY_THROWS_EXCEPTION(Cancelled, loadProfile(fifo.toStdString(), options));
        QVERIFY2(!rescued, "opening the FIFO waited for a writer where the stop could not end it");
    }

    // ... and once its writer comes, it reads what the writer sends, as from a file.
    void fifoIsReadOnceItsWriterComes() {
        const QString fifo = dir_.filePath("late-writer.fifo");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const std::vector<uint8_t> bytes = pipeSession();
        std::thread writer([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            QFile out(fifo);
            if (out.open(QIODevice::WriteOnly))
                out.write(reinterpret_cast<const char *>(bytes.data()), static_cast<qint64>(bytes.size()));
        });
        const auto joinWriter = qScopeGuard([&writer] { writer.join(); });
        std::stop_source stop;
        LoadOptions options = options_;
        options.stop = stop.get_token();
        QCOMPARE(loadProfile(fifo.toStdString(), options)->samples.size(), size_t{1});
    }

    void missingBinaryIsReported() {
        ExecMapping gone = mapping_;
        gone.path = dir_.filePath("gone/libgone.so").toStdString();
        const auto session = writeSession(dir_.filePath("missing.data"), 5, gone);
        const auto profile = loadProfile(session.path.toStdString(), options_);
        QCOMPARE(profile->samples.size(), size_t{5});
        QCOMPARE(profile->diagnostics.modulesWithoutSymbols, uint64_t{1});
        QVERIFY(hasNotice(*profile, gone.path));
        QVERIFY(hasNotice(*profile, "No such file"));
        QVERIFY(profile->diagnostics.framesWithoutSymbol > 0);
    }

    void strippedBinaryIsReported() {
        const QString copy = dir_.filePath("stripped-copy");
        QVERIFY(QFile::copy(QString::fromStdString(mapping_.path), copy));
        const auto stripped = test::runProgram(QStringLiteral("strip"), {"--strip-all", copy});
        if (stripped.exitCode != 0) QSKIP("strip (binutils) is not available");
        ExecMapping mapping = mapping_;
        mapping.path = copy.toStdString();
        const auto session = writeSession(dir_.filePath("stripped.data"), 5, mapping);
        const auto profile = loadProfile(session.path.toStdString(), options_);
        QCOMPARE(countFunction(*profile, "perfglassReaderTestHotFunction"), size_t{0});
        QVERIFY(profile->diagnostics.framesWithoutSymbol > 0);
    }

    void mismatchedBuildIdIsNotUsed() {
        const std::vector<uint8_t> wrong(20, 0xab);
        const auto session = writeSession(dir_.filePath("buildid.data"), 5, mapping_, wrong);
        const auto profile = loadProfile(session.path.toStdString(), options_);
        QCOMPARE(countFunction(*profile, "perfglassReaderTestHotFunction"), size_t{0});
        QCOMPARE(profile->diagnostics.modulesWithoutSymbols, uint64_t{1});
        QVERIFY(hasNotice(*profile, "abababab"));
        QVERIFY(hasNotice(*profile, "build id"));
    }

    // Two files at one path in one session (a container's program and the host's, each mapped by its own
    // process, as a system-wide recording has them), each mapping naming its file's build id: each process's
    // frames are named from its own file. Here the file at the path is process 42's; process 43's mapping
    // names another build, so its frames stay unnamed rather than borrow the names of the file that is here;
    // process 44 maps the path without naming a build id and shares the first module.
    void twoFilesAtOnePathAreTwoModules() {
        const std::vector<uint8_t> here = elfBuildIdOfFile(mapping_.path);
        QVERIFY(!here.empty());
        const std::vector<uint8_t> elsewhere(20, 0xcd);
        const auto ip = reinterpret_cast<uint64_t>(&perfglassReaderTestHotFunction) + 2;
        std::vector<std::vector<uint8_t>> otherProcess{mmap2Record(43, mapping_, elsewhere)};
        for (uint64_t i = 0; i < 7; ++i)
            otherProcess.push_back(sampleRecord(43, ip, 2000 + i));
        // A third process maps the path without naming a build id: one file is one module, the first's.
        otherProcess.push_back(mmap2Record(44, mapping_, {}));
        for (uint64_t i = 0; i < 3; ++i)
            otherProcess.push_back(sampleRecord(44, ip, 3000 + i));
        const auto session =
            writeSession(dir_.filePath("two-files.data"), 5, mapping_, here, kSampleType, otherProcess);
        const auto profile = loadProfile(session.path.toStdString(), options_);
        QCOMPARE(profile->samples.size(), size_t{15});
        std::map<uint32_t, size_t> named; // by process: samples in perfglassReaderTestHotFunction
        for (size_t i = 0; i < profile->samples.size(); ++i) {
            const StackId stack = profile->samples.stack[i];
            if (stack != kNoStack &&
                profile->functionName(profile->frames[profile->stacks[stack].frame].function)
                        .find("perfglassReaderTestHotFunction") != std::string::npos)
                ++named[profile->samples.pid[i]];
        }
        QCOMPARE(named[42], size_t{5});
        QCOMPARE(named[43], size_t{0});
        QCOMPARE(named[44], size_t{3});
        std::multiset<std::string> buildIds; // of the modules at the path
        for (ModuleId module = 0; module < profile->modules.size(); ++module)
            if (profile->modulePath(module) == mapping_.path)
                buildIds.insert(profile->modules[module].buildId);
        QCOMPARE(buildIds, (std::multiset<std::string>{buildIdHex(here), buildIdHex(elsewhere)}));
        QVERIFY(hasNotice(*profile, "cdcdcdcd"));
    }
};

QTEST_GUILESS_MAIN(TestReader)
#include "tst_reader.moc"
