// Expands the payloads of PERF_RECORD_COMPRESSED records (zstd) into the records they hold, for
// PerfDataReader.
#pragma once

#include "base/MappedRegion.h"
#include "perfdata/RegionPagePool.h"

#include <linux/perf_event.h>

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

struct ZSTD_DCtx_s;

namespace perfglass {

// The records are written one after the other into one reserved, growing virtual region placed above the
// file's mapping, so that they stay valid at their address (stable, like mapped records) until
// discardBefore() passes them, and addresses keep the stream's order across the mapping and the region (the
// orderer and the unwinder compare them). The pages behind the oldest held record are given back. Without
// such a region (no address space, or it is used up), records are kept in a buffer and valid only until the
// next call. A record may span two payloads, and a zstd frame any number: perf compresses a whole session
// as one frame.
class RecordDecompressor {
public:
    // The most bytes one feed() may leave pending: more is refused as a decompression bomb.
    static constexpr size_t kMaxPending = size_t{64} << 20;

    // mappingEnd: the end of the reader's file mapping (nullptr: none); the region must lie above it.
    // space: address space reserved for the region (see reserveWithRegion()); empty: the decompressor finds
    // some.
    RecordDecompressor(const void *mappingEnd, MappedRegion space);
    ~RecordDecompressor();
    RecordDecompressor(const RecordDecompressor &) = delete;
    RecordDecompressor &operator=(const RecordDecompressor &) = delete;

    // Reserves address space for a file mapping of mappedSize bytes followed by a decompression region:
    // from 64 GiB down, at most a quarter of what an address-space limit (ulimit -v) leaves. The space is
    // inaccessible (PROT_NONE) and costs no memory until the decompressor commits it. The mapping goes at
    // its start; the rest, after mappedSize, is the region. Empty when there is no room.
    static MappedRegion reserveWithRegion(size_t mappedSize);

    // Throws Error for data zstd cannot expand; the reader adds where it lies.
    void feed(const uint8_t *bytes, size_t size);

    // Expands the payloads of the compressed records from the one at first (the record whose payload feed()
    // gets next) up to end, in a mapping that stays as it is, on a thread of its own: feed() then takes each
    // expansion (waiting for it) instead of expanding it. The thread takes payloads of whole frames only,
    // and stops at the first other one, at a record it cannot walk past, or after kAheadBytes of records
    // without a compressed one; feed() goes on by itself from there. It stays at most kAheadBytes of
    // expanded records ahead of feed(). Only with a region, and a thread to be had.
    void expandAhead(const uint8_t *first, const uint8_t *end);
    bool expandingAhead() const { return ahead_.joinable(); }
    // How many payloads feed() took from the expanding thread.
    uint64_t payloadsExpandedAhead() const { return expandedAhead_; }
    static constexpr size_t kAheadBytes = size_t{4} << 20;
    // The next complete record, nullptr when more input is needed. Throws Error for a malformed record.
    const perf_event_header *next();

    // Whether the record next() returned last stays valid at its address until discardBefore() passes it.
    bool lastStable() const { return lastStable_; }
    bool hasPartialRecord() const { return end_ > pos_; }
    // No record before address is held (nullptr: none before the record next() returned last).
    void discardBefore(const void *address);

private:
    struct Expansion {
        const uint8_t *payload; // the compressed record's payload, in the mapping
        size_t end;             // where its records end in the region
    };
    void expandAheadUntil(std::stop_token stop, const uint8_t *record, const uint8_t *end, size_t at);
    bool expandAheadOne(std::stop_token stop, const uint8_t *payload, size_t size, size_t &at);
    bool takeExpansion(const uint8_t *payload);
    void stopExpandingAhead();
    bool expandWhole(const uint8_t *bytes, size_t size);
    std::optional<size_t> expandWholeAt(const uint8_t *bytes, size_t size, size_t at);
    bool holds(const void *address) const;
    void release(size_t offset, size_t size);
    void takeRegion(const void *above, MappedRegion space);
    bool commit(size_t upTo);
    void makeRoom();
    void giveWayToBuffer();
    void grow();

    ZSTD_DCtx_s *stream_;
    ZSTD_DCtx_s *whole_;            // for payloads of whole frames (expandWhole)
    std::vector<uint64_t> aligned_; // a record of unaligned size, copied
    MappedRegion region_;
    RegionPagePool pool_;             // backs the region: its pages are reused
    std::vector<MappedRegion> spent_; // used-up regions whose records may still be held
    // Records are 8-byte aligned in the region; the fallback buffer's allocation is too.
    std::vector<uint8_t> fallback_;
    uint8_t *base_ = nullptr;
    size_t capacity_ = 0;
    size_t writable_ = 0;  // the committed (read-write) part: [released_, writable_) of the region
    size_t pos_ = 0;       // the next record starts here
    size_t end_ = 0;       // decompressed bytes end here
    size_t lastStart_ = 0; // where the record next() returned last starts
    size_t released_ = 0;  // the region's pages before this were given back
    bool inFrame_ = false; // the stream stopped inside a zstd frame
    bool lastStable_ = false;
    // The expanding thread's hand-over (expandAhead()); while it runs, it alone commits the region and uses
    // whole_, and feed() only takes what it published.
    std::mutex aheadMutex_;
    std::condition_variable_any aheadChanged_;
    std::deque<Expansion> expansions_;
    size_t aheadTaken_ = 0; // the region offset up to which feed() took the expansions
    bool aheadStopped_ = false;
    uint64_t expandedAhead_ = 0;
    std::jthread ahead_;
};

} // namespace perfglass
