#include "perfdata/RecordDecompressor.h"

#include "base/Error.h"
#include "perfdata/PerfFileFormat.h"

#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
// ZSTD_decompressBound (zstd 1.4.0 on, exported by the shared library) is in the experimental part.
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

namespace perfglass {

namespace {
// The least room zstd's streaming output is given, and the step a fallback buffer grows by (the region
// grows by RegionPagePool's chunks).
constexpr size_t kOutputStep = size_t{1} << 20;
// The region's address space, largest first; pages cost memory only once committed and written.
constexpr size_t kRegionSizes[] = {size_t{64} << 30, size_t{16} << 30, size_t{4} << 30, size_t{1} << 30,
                                   size_t{256} << 20};
constexpr int kReserveFlags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;

MappedRegion reserve(size_t size, void *hint = nullptr, int extraFlags = 0) {
    return MappedRegion(::mmap(hint, size, PROT_NONE, kReserveFlags | extraFlags, -1, 0), size);
}

// The largest region to reserve: a quarter of the address space an RLIMIT_AS leaves, so that thread stacks,
// malloc and libdw's mappings still fit; no bound without a limit.
size_t largestRegion() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
        return std::numeric_limits<size_t>::max();
    size_t pages = 0; // the process's size, the first field of statm
    std::ifstream("/proc/self/statm") >> pages;
    const size_t used = pages * static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    return limit.rlim_cur > used ? (limit.rlim_cur - used) / 4 : 0;
}

// A region whose start lies above address (nullptr: anywhere), the largest that can be had.
MappedRegion placeAbove(const uint8_t *above) {
    if constexpr (sizeof(void *) < 8) return {};
    const size_t largest = largestRegion();
    for (const size_t size : kRegionSizes) {
        if (size > largest) continue;
        MappedRegion region = reserve(size);
        if (!region.valid()) continue;
        if (!above || static_cast<const uint8_t *>(region.get()) > above) return region;
        region.reset(); // below the mapping: ask for a place above it
        const uintptr_t gib = uintptr_t{1} << 30;
        auto *hint = reinterpret_cast<void *>((reinterpret_cast<uintptr_t>(above) + 2 * gib) & ~(gib - 1));
        region = reserve(size, hint, MAP_FIXED_NOREPLACE);
        if (region.get() == hint) return region;
        region.reset(); // an old kernel took the hint as a hint only
    }
    return {};
}

Error bomb() {
    return Error(
        fmt::format("its data expands to more than the reader's limit of {} MiB and was refused (a "
                    "decompression bomb: a recorder's compressed record expands to a few MiB at most)",
                    RecordDecompressor::kMaxPending >> 20));
}

size_t check(size_t result) {
    if (ZSTD_isError(result)) throw Error(std::string("zstd: ") + ZSTD_getErrorName(result));
    return result;
}
} // namespace

RecordDecompressor::RecordDecompressor(const void *mappingEnd, MappedRegion space)
    : stream_(ZSTD_createDStream())
    , whole_(ZSTD_createDCtx()) {
    ZSTD_initDStream(stream_);
    takeRegion(mappingEnd, std::move(space));
}

RecordDecompressor::~RecordDecompressor() {
    stopExpandingAhead();
    if (pool_.regionCompromised()) { // left reserved: unmapping it whole could unmap another mapping
        static_cast<void>(region_.release());
        for (MappedRegion &spent : spent_)
            static_cast<void>(spent.release());
    }
    ZSTD_freeDStream(stream_);
    ZSTD_freeDCtx(whole_);
}

MappedRegion RecordDecompressor::reserveWithRegion(size_t mappedSize) {
    if constexpr (sizeof(void *) < 8) return {};
    const size_t largest = largestRegion();
    for (const size_t size : kRegionSizes) {
        if (size > largest) continue;
        MappedRegion space = reserve(mappedSize + size);
        if (space.valid()) return space;
    }
    return {};
}

void RecordDecompressor::feed(const uint8_t *bytes, size_t size) {
    if (ahead_.joinable() && takeExpansion(bytes)) return;
    makeRoom();
    if (expandWhole(bytes, size)) return;
    ZSTD_inBuffer input{bytes, size, 0};
    while (input.pos < input.size) {
        if (writable_ - end_ < kOutputStep) grow();
        ZSTD_outBuffer output{base_ + end_, writable_ - end_, 0};
        inFrame_ = check(ZSTD_decompressStream(stream_, &output, &input)) != 0;
        end_ += output.pos;
        if (end_ - pos_ > kMaxPending) throw bomb();
    }
}

void RecordDecompressor::expandAhead(const uint8_t *first, const uint8_t *end) {
    if (ahead_.joinable() || !region_.valid() || inFrame_ || pos_ != end_) return;
    aheadStopped_ = false;
    aheadTaken_ = end_;
    try {
        ahead_ = std::jthread([this, first, end, at = end_](std::stop_token stop) {
            try {
                expandAheadUntil(stop, first, end, at);
            } catch (...) { // out of memory for the hand-over: feed() goes on by itself
            }
            {
                const std::lock_guard lock(aheadMutex_);
                aheadStopped_ = true;
            }
            aheadChanged_.notify_all();
        });
    } catch (const std::system_error &) { // no thread to be had: feed() expands
    }
}

// The expanding thread: walks the records as the reader will, and expands the payload of each compressed one
// where the reader would (at, right after the previous one's records).
void RecordDecompressor::expandAheadUntil(std::stop_token stop, const uint8_t *record, const uint8_t *end,
                                          size_t at) {
    const uint8_t *lastCompressed = record;
    while (!stop.stop_requested() && end - record >= static_cast<std::ptrdiff_t>(sizeof(perf_event_header))) {
        // A long stretch of uncompressed records: not a file of ours; the reader reads it by itself.
        if (static_cast<size_t>(record - lastCompressed) > kAheadBytes) break;
        perf_event_header head{};
        std::memcpy(&head, record, sizeof head);
        // Records whose payload follows them (AUXTRACE, pipe-mode tracing data) cannot be walked by size.
        if (head.size < sizeof head || head.size > end - record || head.type == format::kRecordAuxtrace ||
            head.type == format::kRecordHeaderTracingData)
            break;
        if (head.type == format::kRecordCompressed) {
            if (!expandAheadOne(stop, record + sizeof head, head.size - sizeof head, at)) break;
            lastCompressed = record;
        }
        record += head.size;
    }
}

// Expands one payload at the region offset at, once the reader is close enough; false when it is not one of
// whole frames, zstd fails on it (feed() then says so, where it lies) or the region is used up.
bool RecordDecompressor::expandAheadOne(std::stop_token stop, const uint8_t *payload, size_t size,
                                        size_t &at) {
    {
        std::unique_lock lock(aheadMutex_);
        if (!aheadChanged_.wait(lock, stop, [&] { return at - aheadTaken_ <= kAheadBytes; })) return false;
    }
    const std::optional<size_t> expanded = expandWholeAt(payload, size, at);
    if (!expanded || ZSTD_isError(*expanded)) return false;
    at += *expanded;
    {
        const std::lock_guard lock(aheadMutex_);
        expansions_.push_back({payload, at});
    }
    aheadChanged_.notify_all();
    return true;
}

// feed()'s side: the expansion of payload, once the thread has published it. False when the thread stopped
// before it (or took another record for it): the thread is then stopped for good, and feed() expands.
bool RecordDecompressor::takeExpansion(const uint8_t *payload) {
    std::unique_lock lock(aheadMutex_);
    aheadChanged_.wait(lock, [&] { return !expansions_.empty() || aheadStopped_; });
    if (expansions_.empty() || expansions_.front().payload != payload) {
        lock.unlock();
        stopExpandingAhead();
        return false;
    }
    end_ = aheadTaken_ = expansions_.front().end;
    expansions_.pop_front();
    ++expandedAhead_;
    lock.unlock();
    aheadChanged_.notify_all();
    return true;
}

void RecordDecompressor::stopExpandingAhead() {
    if (!ahead_.joinable()) return;
    ahead_.request_stop();
    ahead_.join();
    expansions_.clear(); // what it expanded past end_ is overwritten by feed()
}

// A payload of whole frames that expand to a known bound (our recorder writes one frame per compressed
// record) is expanded in one call straight into the region, without the copy from zstd's window. Anything
// else (perf's sessions are one frame across all their records) goes through the stream: false.
bool RecordDecompressor::expandWhole(const uint8_t *bytes, size_t size) {
    if (!region_.valid() || inFrame_) return false;
    const std::optional<size_t> expanded = expandWholeAt(bytes, size, end_);
    if (!expanded) return false;
    end_ += check(*expanded);
    return true;
}

// Expands a payload of whole frames that expand to a known bound at the region offset at, in one call:
// zstd's result (which may be an error code), nullopt when the payload is not of whole frames or the region
// cannot take its bound. Used by expandWhole() and by the expanding thread.
std::optional<size_t> RecordDecompressor::expandWholeAt(const uint8_t *bytes, size_t size, size_t at) {
    const unsigned long long bound = ZSTD_decompressBound(bytes, size);
    if (bound == ZSTD_CONTENTSIZE_ERROR || bound > kMaxPending || !commit(at + bound)) return std::nullopt;
    return ZSTD_decompressDCtx(whole_, base_ + at, bound, bytes, size);
}

const perf_event_header *RecordDecompressor::next() {
    if (end_ - pos_ < sizeof(perf_event_header)) return nullptr;
    perf_event_header head{};
    std::memcpy(&head, base_ + pos_, sizeof head);
    if (head.size < sizeof(perf_event_header) ||
        (head.size % 8 != 0 && head.type < format::kRecordHeaderAttr)) {
        throw Error(fmt::format("compressed record holds a record of type {} with impossible size {}",
                                head.type, head.size));
    }
    if (end_ - pos_ < head.size) return nullptr;
    const uint8_t *start = base_ + pos_;
    lastStart_ = pos_;
    pos_ += head.size;
    lastStable_ = region_.valid();
    if (reinterpret_cast<uintptr_t>(start) % 8 == 0)
        return reinterpret_cast<const perf_event_header *>(start);
    lastStable_ = false;
    aligned_.resize((head.size + 7) / 8); // after a record of unaligned size: copy, aligned
    std::memcpy(aligned_.data(), start, head.size);
    return reinterpret_cast<const perf_event_header *>(aligned_.data());
}

bool RecordDecompressor::holds(const void *address) const {
    const auto *byte = static_cast<const uint8_t *>(address);
    return region_.valid() && byte >= base_ && byte < base_ + capacity_;
}

void RecordDecompressor::discardBefore(const void *address) {
    if (!region_.valid()) return;
    if (address && !holds(address)) return; // a mapped record, older than every decompressed one
    const size_t held =
        address ? static_cast<size_t>(static_cast<const uint8_t *>(address) - base_) : lastStart_;
    // In whole chunks of the pool, each a TLB flush.
    const size_t end = std::min(held, lastStart_) & ~(RegionPagePool::kChunk - 1);
    if (end <= released_) return;
    release(released_, end - released_);
    released_ = end;
}

// Gives the chunks of [offset, offset + size), no longer held, back to the pool. The range becomes reserved
// space again, so nothing else can be mapped into it while the region lives.
void RecordDecompressor::release(size_t offset, size_t size) {
    for (size_t chunk = offset; chunk < offset + size; chunk += RegionPagePool::kChunk)
        pool_.unmapOldest(base_ + chunk);
}

// A region above the mapping: space reserved with it (see reserveWithRegion()), else a place asked for.
void RecordDecompressor::takeRegion(const void *above, MappedRegion space) {
    if (!space.valid()) space = placeAbove(static_cast<const uint8_t *>(above));
    if (!space.valid()) return; // copies in a buffer
    region_ = std::move(space);
    // The pool's chunks lie on 2 MiB boundaries, so that each is moved as one page-middle-directory entry.
    const auto start = reinterpret_cast<uintptr_t>(region_.get());
    const uintptr_t aligned = (start + RegionPagePool::kChunk - 1) & ~uintptr_t{RegionPagePool::kChunk - 1};
    base_ = reinterpret_cast<uint8_t *>(aligned);
    capacity_ = (region_.size() - (aligned - start)) & ~(RegionPagePool::kChunk - 1);
    writable_ = 0;
}

// Makes the region read-write up to upTo with the pool's chunks; false when that is beyond the region or the
// system refuses the memory.
bool RecordDecompressor::commit(size_t upTo) {
    if (upTo > capacity_) return false;
    if (upTo <= writable_) return true;
    // Chunk by chunk: base_ and capacity_ are multiples of the chunk.
    for (; writable_ < upTo; writable_ += RegionPagePool::kChunk)
        if (!pool_.mapChunk(base_ + writable_)) return false;
    return true;
}

// Before feeding more compressed bytes: a buffer is compacted (the region only grows).
void RecordDecompressor::makeRoom() {
    if (region_.valid() || pos_ == 0) return;
    std::memmove(base_, base_ + pos_, end_ - pos_);
    end_ -= pos_;
    pos_ = 0;
}

void RecordDecompressor::giveWayToBuffer() {
    fallback_.assign(base_ + pos_, base_ + end_);
    spent_.push_back(std::move(region_));
    base_ = fallback_.data();
    end_ -= pos_;
    pos_ = 0;
    capacity_ = writable_ = fallback_.size();
}

// Room for zstd's next output: the region's next chunk, as the records reach it; a region that is used up,
// or whose memory is refused, gives way to a buffer (its records stay valid, nothing more is released from
// it), which grows.
void RecordDecompressor::grow() {
    if (region_.valid()) {
        if (commit(writable_ + kOutputStep)) return;
        giveWayToBuffer();
    }
    fallback_.resize(end_ + 4 * kOutputStep);
    base_ = fallback_.data();
    capacity_ = writable_ = fallback_.size();
}

} // namespace perfglass
