// Expands the payloads of PERF_RECORD_COMPRESSED records (zstd) into the records they hold, for
// PerfDataReader.
#pragma once

#include "base/MappedRegion.h"

#include <linux/perf_event.h>

#include <cstddef>
#include <cstdint>
#include <vector>

struct ZSTD_DCtx_s;
struct ZSTD_inBuffer_s;

namespace perfglass {

// The records are written one after the other into one reserved, growing virtual region placed above the
// file's mapping, so that they stay valid at their address (stable, like mapped records) until
// discardBefore() passes them, and addresses keep the stream's order across the mapping and the region (the
// orderer and the unwinder compare them). Pages behind the oldest held record are reused. Without such a
// region (no address space, or it is used up), records are kept in a buffer and valid only until the next
// call. A record may span two payloads.
class RecordDecompressor {
public:
    // The most bytes one feed() may leave pending: more is refused as a decompression bomb.
    static constexpr size_t kMaxPending = size_t{64} << 20;

    // mappingEnd: the end of the reader's file mapping (nullptr: none); the region must lie above it.
    // space: address space reserved for the region (see reserveAbove()); empty: the decompressor finds some.
    RecordDecompressor(const void *mappingEnd, MappedRegion space);
    ~RecordDecompressor();
    RecordDecompressor(const RecordDecompressor &) = delete;
    RecordDecompressor &operator=(const RecordDecompressor &) = delete;

    // Reserves address space for a file mapping of mappedSize bytes followed by a decompression region:
    // the largest size the process may have, from 64 GiB down (an address-space limit refuses the largest).
    // The space is inaccessible (PROT_NONE) and costs no memory until the decompressor commits it. The
    // mapping goes at its start; the rest, after mappedSize, is the region. Empty when there is no room.
    static MappedRegion reserveWithRegion(size_t mappedSize);

    // Throws Error for data zstd cannot expand; the reader adds where it lies.
    void feed(const uint8_t *bytes, size_t size);
    // The next complete record, nullptr when more input is needed. Throws Error for a malformed record.
    const perf_event_header *next();

    // Whether the record next() returned last stays valid at its address until discardBefore() passes it.
    bool lastStable() const { return lastStable_; }
    bool hasPartialRecord() const { return end_ > pos_; }
    // No record before address is held (nullptr: none before the current one).
    void discardBefore(const void *address);

private:
    bool holds(const void *address) const;
    void recycle(size_t offset, size_t size);
    void takeRegion(const void *above, MappedRegion space);
    bool commit(size_t upTo);
    void expandInPlace(ZSTD_inBuffer_s &input);
    void expandIntoBuffer(ZSTD_inBuffer_s &input);
    void makeRoom();
    void giveWayToBuffer();
    void grow();

    ZSTD_DCtx_s *stream_;
    std::vector<uint64_t> aligned_; // a record of unaligned size, copied
    MappedRegion region_;
    std::vector<MappedRegion> spent_; // used-up regions whose records may still be held
    // Records are 8-byte aligned in the region; the fallback buffer's allocation is too.
    std::vector<uint8_t> fallback_;
    uint8_t *base_ = nullptr;
    size_t capacity_ = 0;
    size_t writable_ = 0; // the region's committed (read-write) part: [0, writable_)
    size_t pos_ = 0;
    size_t end_ = 0;
    size_t discarded_ = 0;
    size_t recycledEnd_ = 0; // the end of the pages moved ahead of end_
    size_t moves_ = 0;
    size_t frameStart_ = 0; // where the zstd frame being expanded starts (stableOutput_)
    bool inFrame_ = false;
    bool stableOutput_ = false;
    bool lastStable_ = false;
};

} // namespace perfglass
