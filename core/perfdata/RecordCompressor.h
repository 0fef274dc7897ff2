// Compresses batches of records into PERF_RECORD_COMPRESSED (type 81) records as `perf record -z` writes
// them: each batch one zstd frame cut into compressed records of at most 64 KiB. A reader decompresses each
// compressed record into a buffer of HEADER_COMPRESSED's mmap_len bytes, so a batch must never expand beyond
// that: batches are at most kMaxBatchBytes, and mmapLen() leaves room for the partial record a reader may
// carry over from the previous batch.
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
    // record, header included, to write.
    void compress(const uint8_t *data, size_t size, const std::function<void(const void *, size_t)> &write);

    // The value for HEADER_COMPRESSED's mmap_len, the buffer perf decompresses each compressed record into: a
    // batch plus a carried-over partial record, doubled because perf 6.1 (zstd_decompress_stream) advances
    // its output pointer without resetting the position when one record needs a second ZSTD_decompressStream
    // call (as after a frame's end, before the padding frame), so the space after the output must be as large
    // as it.
    static uint32_t mmapLen() { return static_cast<uint32_t>(2 * (kMaxBatchBytes + 65536) + 65536); }
    uint64_t bytesIn() const { return bytesIn_; }
    uint64_t bytesOut() const { return bytesOut_; }

private:
    ZSTD_CCtx_s *context_;
    std::vector<uint8_t> output_;
    std::vector<uint8_t> frame_;
    uint64_t bytesIn_ = 0;
    uint64_t bytesOut_ = 0;
};

} // namespace perfglass
