// Compresses batches of records into PERF_RECORD_COMPRESSED (type 81) records as `perf record -z` writes
// them, in a form every perf since 5.x decompresses: each compressed record holds one whole zstd frame (a
// prefix of the batch that compresses to fit 64 KiB), padded to 8 bytes with a zstd skippable frame. perf
// treats a compressed record that expands to nothing as an error ("Couldn't decompress data"), and perf 6.1
// misplaces output when one record ends a data frame and begins another, so a frame never spans records and a
// record never holds two. A reader decompresses each compressed record into a buffer of HEADER_COMPRESSED's
// mmap_len bytes, so a batch must never expand beyond that: batches are at most kMaxBatchBytes, and mmapLen()
// leaves room for the partial record a reader may carry over from the previous compressed record.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

struct ZSTD_CCtx_s;

namespace perfglass {

class RecordCompressor {
public:
    static constexpr size_t kMaxBatchBytes = size_t{1} << 20;

    // level: zstd level 1..22. Throws Error when zstd refuses it.
    explicit RecordCompressor(int level);
    ~RecordCompressor();
    RecordCompressor(const RecordCompressor &) = delete;
    RecordCompressor &operator=(const RecordCompressor &) = delete;

    // Compresses size bytes of whole records (at most kMaxBatchBytes) and passes each resulting compressed
    // record, header included, to write. Every compressed record expands to at least one byte.
    void compress(const uint8_t *data, size_t size, const std::function<void(const void *, size_t)> &write);

    // The value for HEADER_COMPRESSED's mmap_len, the buffer perf decompresses each compressed record into: a
    // batch plus a carried-over partial record, doubled because perf 6.1 (zstd_decompress_stream) advances
    // its output pointer without resetting the position when one record needs a second ZSTD_decompressStream
    // call (after the frame's end, for the padding frame), so the space after the output must be as large as
    // it.
    static uint32_t mmapLen() { return static_cast<uint32_t>(2 * (kMaxBatchBytes + 65536) + 65536); }
    uint64_t bytesIn() const { return bytesIn_; }
    uint64_t bytesOut() const { return bytesOut_; }

private:
    size_t compressOneRecord(const uint8_t *data, size_t size);
    void compressChunk(const uint8_t *data, size_t size, bool endFrame);
    void writeRecord(const std::function<void(const void *, size_t)> &write);

    ZSTD_CCtx_s *context_;
    std::vector<uint8_t> record_; // header and payload of the compressed record being filled
    size_t payloadSize_ = 0;
    uint64_t bytesIn_ = 0;
    uint64_t bytesOut_ = 0;
};

} // namespace perfglass
