// Puts records back in time order before they are analysed, as perf does: the kernel writes one ring buffer
// per CPU, and a writer drains them one after the other, so a sample can come before the MMAP2 record that
// maps its code. Records are queued; at each FINISHED_ROUND those no later than the newest time of the
// previous round are released in time order (records without a time keep their place after their
// predecessor). Memory is bounded: a queue over maxQueuedBytes (records and their bookkeeping) is released
// whole.
#pragma once

#include "perfdata/RecordDecoder.h"
#include "perfdata/SampleCpuRuns.h"

#include <linux/perf_event.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace perfglass {

class RecordOrderer {
public:
    // stable: the record stays valid at its address after the call (see push()); cpu: what push() was given.
    using Sink = std::function<void(const perf_event_header *, bool stable, uint32_t cpu)>;
    static constexpr uint32_t kNoCpu = SampleCpuCursor::kNoCpu;

    // maxQueuedBytes is capped at 16 GiB (arena offsets are 32-bit word counts).
    explicit RecordOrderer(Sink sink, size_t maxQueuedBytes = size_t{128} << 20)
        : sink_(std::move(sink))
        , maxQueuedBytes_(std::min(maxQueuedBytes, size_t{16} << 30)) {}

    void setEvents(const std::vector<EventAttr> &events) { decoder_.setEvents(events); }
    // Queues a record (FINISHED_ROUND releases what is safe to release). A stable record (one that stays
    // valid at its address until it is released, such as a record in a mapped file) is queued by address;
    // others are copied. cpu goes with the record to the sink: the CPU of a sample that does not carry its
    // own, known only in file order (SampleCpuRuns).
    void push(const perf_event_header *record, bool stable = false, uint32_t cpu = kNoCpu);
    // The earliest stable record still queued (nullptr: none); records before it are no longer needed.
    const perf_event_header *oldestStable() const;
    // Releases everything queued, in time order.
    void flush();

private:
    struct Entry {
        uint64_t time;
        const perf_event_header *stable; // nullptr: the record is a copy in the arena
        uint32_t offset;                 // in words of arena_
        uint32_t cpu;
        const perf_event_header *record(const uint64_t *arena) const {
            return stable ? stable : reinterpret_cast<const perf_event_header *>(arena + offset);
        }
    };
    void release(uint64_t limit);
    void sortByTime(size_t count);

    Sink sink_;
    size_t maxQueuedBytes_;
    RecordDecoder decoder_;
    void reserve(size_t words);
    size_t queuedBytes() const;
    std::unique_ptr<uint64_t[]> arena_; // not a vector: growing it must not zero what is overwritten anyway
    size_t arenaSize_ = 0;              // words in use
    size_t arenaCapacity_ = 0;
    size_t stableBytes_ = 0;      // bytes of the queued stable records
    std::vector<Entry> entries_;  // in arrival order between releases
    std::vector<Entry> kept_;     // release()'s scratch: the entries it keeps
    std::vector<size_t> runEnds_; // sortByTime()'s scratch: where each run in time order ends
    uint64_t lastTime_ = 0;
    uint64_t roundMax_ = 0;
    uint64_t previousRoundMax_ = 0;
};

} // namespace perfglass
