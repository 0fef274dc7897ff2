// RecordCompressor writes PERF_RECORD_COMPRESSED records that perf 6.1 decompresses: decoded here the way
// perf does (one zstd stream for the whole file, its output-pointer slip included), every record expands to
// at least one byte, in place, into less than HEADER_COMPRESSED's mmap_len. Batches sweep compressed sizes
// over the 65,520-byte record payload so that frames end at every position around a cut. Files whose records
// expand to nothing (as earlier versions wrote) still read.
#include "RawSampleSession.h"

#include "perfdata/PerfDataReader.h"
#include "perfdata/PerfFileFormat.h"

#include <QTemporaryDir>
#include <QTest>

#include <zstd.h>

#include <algorithm>

using namespace perfglass;
using namespace perfglass::test;

namespace {

constexpr size_t kMaxPayload = 65520;

// What perf 6.1's zstd_decompress_stream does with one compressed record: after each ZSTD_decompressStream
// call it moves the output pointer by the position but leaves the position, so output of a second call lands
// twice as far. Returns the bytes perf takes as the record's output (the first `position` of dst).
size_t decompressAsPerf(ZSTD_DStream *stream, const uint8_t *src, size_t size, uint8_t *dst,
                        size_t capacity) {
    ZSTD_inBuffer input{src, size, 0};
    ZSTD_outBuffer output{dst, capacity, 0};
    while (input.pos < input.size) {
        const size_t result = ZSTD_decompressStream(stream, &output, &input);
        if (ZSTD_isError(result)) return 0;
        output.dst = dst + output.pos;
        output.size = capacity - output.pos;
    }
    return output.pos;
}

struct CompressedRecords {
    std::vector<std::vector<uint8_t>> records;
};

CompressedRecords compress(RecordCompressor &compressor, const std::vector<uint8_t> &batch) {
    CompressedRecords out;
    compressor.compress(batch.data(), batch.size(), [&out](const void *record, size_t size) {
        const auto *bytes = static_cast<const uint8_t *>(record);
        out.records.emplace_back(bytes, bytes + size);
    });
    return out;
}

// Frames compressed alone, padded and cut every 65,520 bytes, as earlier versions wrote them.
std::vector<std::vector<uint8_t>> compressCutAtRecordSize(const std::vector<uint8_t> &batch) {
    std::vector<uint8_t> frame(ZSTD_compressBound(batch.size()) + 16);
    size_t total = ZSTD_compress(frame.data(), frame.size(), batch.data(), batch.size(), 1);
    if (total % 8 != 0) {
        const size_t padded = (total + 8 + 7) & ~size_t{7};
        const uint32_t skippable[2] = {0x184D2A50, static_cast<uint32_t>(padded - total - 8)};
        std::memcpy(frame.data() + total, skippable, sizeof skippable);
        std::memset(frame.data() + total + 8, 0, padded - total - 8);
        total = padded;
    }
    std::vector<std::vector<uint8_t>> records;
    for (size_t offset = 0; offset < total; offset += kMaxPayload) {
        const size_t piece = std::min(kMaxPayload, total - offset);
        std::vector<uint8_t> record(sizeof(perf_event_header) + piece);
        const perf_event_header header{format::kRecordCompressed, 0, static_cast<uint16_t>(record.size())};
        std::memcpy(record.data(), &header, sizeof header);
        std::memcpy(record.data() + sizeof header, frame.data() + offset, piece);
        records.push_back(std::move(record));
    }
    return records;
}

} // namespace

class RecordCompressorTest : public QObject {
    Q_OBJECT

private slots:
    void everyRecordExpandsInPlaceAsPerfReadsIt_data() {
        QTest::addColumn<unsigned>("entropyBits");
        QTest::addColumn<size_t>("firstSize");
        QTest::addColumn<size_t>("lastSize");
        // Stored as they are: the frame is the batch plus 10 to 15 bytes, so 8-byte steps of the batch move
        // its end across one and two record payloads.
        QTest::newRow("incompressible, one cut") << 8u << kMaxPayload - 128 << kMaxPayload + 64;
        QTest::newRow("incompressible, two cuts") << 8u << 2 * kMaxPayload - 128 << 2 * kMaxPayload + 64;
        // About 4:1, in steps of about 2 compressed bytes: every end position mod 8 comes round.
        QTest::newRow("compressible") << 2u << 4 * kMaxPayload - 1024 << 4 * kMaxPayload + 1024;
    }

    void everyRecordExpandsInPlaceAsPerfReadsIt() {
        QFETCH(unsigned, entropyBits);
        QFETCH(size_t, firstSize);
        QFETCH(size_t, lastSize);
        RecordCompressor compressor(1);
        ZSTD_DStream *stream = ZSTD_createDStream();
        ZSTD_initDStream(stream);
        const size_t capacity = RecordCompressor::mmapLen();
        std::vector<uint8_t> output(2 * capacity);
        uint64_t time = 1;
        for (size_t size = firstSize; size <= lastSize; size += 8) {
            const auto batch = rawSampleBatch(size, entropyBits, static_cast<uint32_t>(size), time);
            std::vector<uint8_t> expanded;
            for (const auto &record : compress(compressor, batch).records) {
                QVERIFY(record.size() % 8 == 0 && record.size() <= 65528);
                const size_t produced =
                    decompressAsPerf(stream, record.data() + sizeof(perf_event_header),
                                     record.size() - sizeof(perf_event_header), output.data(), capacity);
                QVERIFY2(produced > 0, qPrintable(QStringLiteral("a record of batch size %1 expands to "
                                                                 "nothing")
                                                      .arg(size)));
                expanded.insert(expanded.end(), output.begin(), output.begin() + produced);
            }
            QVERIFY2(expanded == batch,
                     qPrintable(QStringLiteral("batch size %1 does not expand to itself").arg(size)));
        }
        ZSTD_freeDStream(stream);
    }

    void readerReadsRecordsThatExpandToNothing() {
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("cut.data")).toStdString();
        // A batch whose frame ends just before the cut: its padding crosses the cut, and the second record
        // holds only the rest of the skippable frame.
        uint64_t time = 1;
        std::vector<uint8_t> batch;
        std::vector<std::vector<uint8_t>> records;
        for (size_t size = kMaxPayload - 256; size < kMaxPayload; size += 8) {
            time = 1;
            batch = rawSampleBatch(size, 8, 7, time);
            records = compressCutAtRecordSize(batch);
            if (records.size() == 2 && records[1].size() <= 16) break;
        }
        QCOMPARE(records.size(), size_t{2});
        QVERIFY(records[1].size() <= 16);
        {
            PerfDataWriter writer(file, {rawSampleEvent()});
            for (const auto &record : records)
                writer.writeRecord(record.data(), record.size());
            SessionMetadata metadata;
            metadata.compressionLevel = 1;
            metadata.compressionMmapLen = RecordCompressor::mmapLen();
            writer.finish(metadata);
        }
        PerfDataReader reader(file);
        size_t bytes = 0;
        uint64_t samples = 0;
        while (const perf_event_header *record = reader.next()) {
            QCOMPARE(record->type, uint32_t{PERF_RECORD_SAMPLE});
            bytes += record->size;
            ++samples;
        }
        QCOMPARE(bytes, batch.size());
        QCOMPARE(samples, time - 1);
    }
};

QTEST_APPLESS_MAIN(RecordCompressorTest)
#include "tst_recordcompressor.moc"
