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
// Room kept free for the skippable frame that pads a record to 8 bytes.
constexpr size_t kPaddingReserve = kSkippableHeader + 7;
// Room kept free for the end of a frame that was flushed before (an empty last block, 3 bytes).
constexpr size_t kFrameEndReserve = 32;
constexpr size_t kFrameCapacity = kMaxPayload - kPaddingReserve - kFrameEndReserve;
// A record whose frame has less room than this for more input is ended rather than topped up in crumbs.
constexpr size_t kMinChunk = 1024;

// The most input whose compressed form, flushed as blocks of a frame, surely fits room bytes: a flushed chunk
// takes at most its size plus a frame header and block headers, which ZSTD_compressBound covers.
size_t inputThatFits(size_t room) {
    size_t input = room;
    while (input > 0 && ZSTD_compressBound(input) > room)
        input -= std::min(input, ZSTD_compressBound(input) - room);
    return input;
}
} // namespace

RecordCompressor::RecordCompressor(int level)
    : context_(ZSTD_createCCtx()) {
    if (!context_) throw Error("zstd: cannot create a compression context");
    const size_t result = ZSTD_CCtx_setParameter(context_, ZSTD_c_compressionLevel, level);
    if (ZSTD_isError(result)) {
        ZSTD_freeCCtx(context_);
        throw Error("zstd compression level " + std::to_string(level) + ": " + ZSTD_getErrorName(result));
    }
    record_.resize(sizeof(perf_event_header) + kMaxPayload);
}

RecordCompressor::~RecordCompressor() {
    ZSTD_freeCCtx(context_);
}

void RecordCompressor::compress(const uint8_t *data, size_t size,
                                const std::function<void(const void *, size_t)> &write) {
    bytesIn_ += size;
    size_t consumed = 0;
    while (consumed < size) {
        consumed += compressOneRecord(data + consumed, size - consumed);
        writeRecord(write);
    }
}

// Compresses as much of data as fits one record into one frame, flushing it chunk by chunk so that the frame
// keeps its history while each chunk is sized by the room left. Returns how many bytes of data it took.
size_t RecordCompressor::compressOneRecord(const uint8_t *data, size_t size) {
    payloadSize_ = 0;
    size_t taken = 0;
    while (taken < size) {
        const size_t chunk = std::min(size - taken, inputThatFits(kFrameCapacity - payloadSize_));
        const bool last = taken + chunk == size;
        if (chunk == 0 || (!last && taken > 0 && chunk < kMinChunk)) break;
        compressChunk(data + taken, chunk, last);
        taken += chunk;
        if (last) return taken;
    }
    compressChunk(nullptr, 0, true);
    return taken;
}

void RecordCompressor::compressChunk(const uint8_t *data, size_t size, bool endFrame) {
    ZSTD_inBuffer input{data, size, 0};
    ZSTD_outBuffer output{record_.data() + sizeof(perf_event_header) + payloadSize_,
                          kMaxPayload - kPaddingReserve - payloadSize_, 0};
    const size_t left = ZSTD_compressStream2(context_, &output, &input, endFrame ? ZSTD_e_end : ZSTD_e_flush);
    if (ZSTD_isError(left)) throw Error(std::string("zstd: ") + ZSTD_getErrorName(left));
    if (left != 0 || input.pos != input.size) throw Error("zstd: a compressed chunk outgrew its record");
    payloadSize_ += output.pos;
}

// Pads the frame to a multiple of 8 bytes with a skippable frame, which decompressors pass over, so that the
// records after it stay 8-byte aligned as readers demand, and writes the record.
void RecordCompressor::writeRecord(const std::function<void(const void *, size_t)> &write) {
    uint8_t *payload = record_.data() + sizeof(perf_event_header);
    size_t total = payloadSize_;
    if (total % 8 != 0) {
        const size_t padded = (total + kSkippableHeader + 7) & ~size_t{7};
        const uint32_t skippable[2] = {kSkippableMagic,
                                       static_cast<uint32_t>(padded - total - kSkippableHeader)};
        std::memcpy(payload + total, skippable, sizeof skippable);
        std::memset(payload + total + kSkippableHeader, 0, padded - total - kSkippableHeader);
        total = padded;
    }
    const perf_event_header header{format::kRecordCompressed, 0,
                                   static_cast<uint16_t>(sizeof(perf_event_header) + total)};
    std::memcpy(record_.data(), &header, sizeof header);
    write(record_.data(), header.size);
    bytesOut_ += header.size;
}

} // namespace perfglass
