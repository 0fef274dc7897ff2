// A perf event's mmap'ed ring buffer: a metadata page followed by 2^n data pages that the kernel fills and we
// drain (perf_event_open(2), "MMAP layout").
#pragma once

#include "base/Error.h"
#include "base/MappedRegion.h"

#include <linux/perf_event.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace perfglass {

// A ring buffer mmap the kernel refused; errorNumber() is mmap's errno (EPERM: the locked-memory limits).
class RingBufferMapError : public Error {
public:
    RingBufferMapError(const std::string &what, int errorNumber)
        : Error(what)
        , errorNumber_(errorNumber) {}
    int errorNumber() const { return errorNumber_; }

private:
    int errorNumber_;
};

class RingBuffer {
public:
    // Maps dataPages (a power of two) data pages of fd. Throws RingBufferMapError when the mapping is
    // refused.
    RingBuffer(int fd, size_t dataPages);
    RingBuffer(const RingBuffer &) = delete;
    RingBuffer &operator=(const RingBuffer &) = delete;

    // Calls onRecord for every record the kernel has published, in order, then hands the space back to the
    // kernel. A record that wraps around the end of the buffer is passed as one contiguous copy.
    size_t drain(const std::function<void(const perf_event_header *)> &onRecord);
    // The same, with the callback inlined: the recorder's hot path.
    template <typename OnRecord> size_t drainEach(OnRecord &&onRecord) {
        return drainEach(publishedHead(), onRecord);
    }
    // Draining in steps: the position the kernel has published up to now; the records before head passed to
    // onRecord without handing their space back (peekEach); then drained up to that same head (drainEach).
    uint64_t publishedHead() const;
    template <typename OnRecord> void peekEach(uint64_t head, OnRecord &&onRecord);
    template <typename OnRecord> size_t drainEach(uint64_t head, OnRecord &&onRecord);
    // Bytes published by the kernel and not yet drained.
    uint64_t pendingBytes() const;

    int fd() const { return fd_; }
    size_t dataSize() const { return dataSize_; }

private:
    const perf_event_header *recordAt(uint64_t tail, uint64_t head);
    template <typename OnRecord> uint64_t walk(uint64_t head, OnRecord &onRecord, size_t &count);

    int fd_;
    MappedRegion mapping_;
    void *base_ = nullptr; // mapping_'s start: the metadata page
    size_t dataSize_ = 0;
    std::vector<uint64_t> wrapped_; // scratch for records that cross the end, uint64_t keeps it aligned
};

inline uint64_t RingBuffer::publishedHead() const {
    const auto *meta = static_cast<const perf_event_mmap_page *>(base_);
    // The acquire load pairs with the kernel's store of data_head: records before head are fully written.
    return __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
}

// Passes the records from data_tail up to head to onRecord, leaving data_tail; returns the position after the
// last record passed.
template <typename OnRecord> uint64_t RingBuffer::walk(uint64_t head, OnRecord &onRecord, size_t &count) {
    const auto *meta = static_cast<const perf_event_mmap_page *>(base_);
    uint64_t tail = meta->data_tail;
    while (tail < head) {
        const perf_event_header *record = recordAt(tail, head);
        if (!record) break; // cannot happen with a sane kernel; stop rather than read garbage
        tail += record->size;
        onRecord(record);
        ++count;
    }
    return tail;
}

template <typename OnRecord> void RingBuffer::peekEach(uint64_t head, OnRecord &&onRecord) {
    size_t count = 0;
    walk(head, onRecord, count);
}

template <typename OnRecord> size_t RingBuffer::drainEach(uint64_t head, OnRecord &&onRecord) {
    size_t count = 0;
    const uint64_t tail = walk(head, onRecord, count);
    // The release store makes our reads happen before the kernel may overwrite the space.
    __atomic_store_n(&static_cast<perf_event_mmap_page *>(base_)->data_tail, tail, __ATOMIC_RELEASE);
    return count;
}

} // namespace perfglass
