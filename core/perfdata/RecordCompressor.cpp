#include "perfdata/RecordCompressor.h"

#include "base/Error.h"
#include "perfdata/PerfFileFormat.h"

#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace perfglass {

namespace {
// header.size is 16 bits: at most 65528 bytes of record, in 8-byte steps.
constexpr size_t kMaxPayload = 65528 - sizeof(perf_event_header);
constexpr size_t kSkippableHeader = 8;
constexpr uint32_t kSkippableMagic = 0x184D2A50; // ZSTD_MAGIC_SKIPPABLE_START
} // namespace

RecordCompressor::RecordCompressor(int level)
    : context_(ZSTD_createCCtx()) {
    if (!context_) throw Error("zstd: cannot create a compression context");
    const size_t result = ZSTD_CCtx_setParameter(context_, ZSTD_c_compressionLevel, level);
    if (ZSTD_isError(result)) {
        ZSTD_freeCCtx(context_);
        throw Error("zstd compression level " + std::to_string(level) + ": " + ZSTD_getErrorName(result));
    }
    output_.resize(sizeof(perf_event_header) + kMaxPayload);
}

RecordCompressor::~RecordCompressor() {
    ZSTD_freeCCtx(context_);
}

void RecordCompressor::compress(const uint8_t *data, size_t size,
                                const std::function<void(const void *, size_t)> &write) {
    // Every batch is one zstd frame, so a compressed record never depends on a later one. Records stay 8-byte
    // aligned (readers demand it): the frame is padded with a zstd skippable frame, which decompressors pass
    // over, and cut into pieces of a multiple of 8 bytes.
    bytesIn_ += size;
    frame_.resize(ZSTD_compressBound(size) + 16);
    const size_t compressed = ZSTD_compress2(context_, frame_.data(), frame_.size(), data, size);
    if (ZSTD_isError(compressed)) throw Error(std::string("zstd: ") + ZSTD_getErrorName(compressed));
    size_t total = compressed;
    if (total % 8 != 0) {
        const size_t padded = (total + kSkippableHeader + 7) & ~size_t{7};
        const uint32_t skippable[2] = {kSkippableMagic,
                                       static_cast<uint32_t>(padded - total - kSkippableHeader)};
        std::memcpy(frame_.data() + total, skippable, sizeof skippable);
        std::memset(frame_.data() + total + kSkippableHeader, 0, padded - total - kSkippableHeader);
        total = padded;
    }
    for (size_t offset = 0; offset < total; offset += kMaxPayload) {
        const size_t piece = std::min(kMaxPayload, total - offset);
        const perf_event_header header{format::kRecordCompressed, 0,
                                       static_cast<uint16_t>(sizeof(perf_event_header) + piece)};
        std::memcpy(output_.data(), &header, sizeof header);
        std::memcpy(output_.data() + sizeof header, frame_.data() + offset, piece);
        write(output_.data(), header.size);
        bytesOut_ += header.size;
    }
}

} // namespace perfglass
