#include "record/RingBuffer.h"

#include "base/Error.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace perfglass {

RingBuffer::RingBuffer(int fd, size_t dataPages)
    : fd_(fd) {
    const auto pageSize = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    dataSize_ = dataPages * pageSize;
    const size_t mappedSize = dataSize_ + pageSize;
    mapping_ =
        MappedRegion(::mmap(nullptr, mappedSize, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mappedSize);
    if (!mapping_.valid()) {
        const int error = errno;
        if (error == EPERM)
            throw RingBufferMapError("cannot map a ring buffer of " + std::to_string(dataSize_ / 1024) +
                                         " KiB: the per-user limit kernel.perf_event_mlock_kb is exhausted; "
                                         "use fewer pages (-m) or "
                                         "raise it with: sysctl -w kernel.perf_event_mlock_kb=2048",
                                     error);
        throw RingBufferMapError(systemErrorMessage("cannot map the ring buffer", error), error);
    }
    base_ = mapping_.get();
    wrapped_.resize(65536 / sizeof(uint64_t));
}

size_t RingBuffer::drain(const std::function<void(const perf_event_header *)> &onRecord) {
    return drainEach(onRecord);
}

uint64_t RingBuffer::pendingBytes() const {
    const auto *meta = static_cast<const perf_event_mmap_page *>(base_);
    return __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE) - meta->data_tail;
}

// The record at tail, in place, or copied into wrapped_ when it crosses the end of the buffer. nullptr when
// its header is impossible.
const perf_event_header *RingBuffer::recordAt(uint64_t tail, uint64_t head) {
    const auto *meta = static_cast<const perf_event_mmap_page *>(base_);
    const auto *data = static_cast<const uint8_t *>(base_) + meta->data_offset;
    const size_t offset = tail & (dataSize_ - 1);
    perf_event_header header;
    if (offset + sizeof header <= dataSize_) {
        std::memcpy(&header, data + offset, sizeof header);
    } else {
        const size_t first = dataSize_ - offset;
        std::memcpy(&header, data + offset, first);
        std::memcpy(reinterpret_cast<uint8_t *>(&header) + first, data, sizeof header - first);
    }
    if (header.size < sizeof header || tail + header.size > head) return nullptr;
    if (offset + header.size <= dataSize_) return reinterpret_cast<const perf_event_header *>(data + offset);
    auto *copy = reinterpret_cast<uint8_t *>(wrapped_.data());
    const size_t first = dataSize_ - offset;
    std::memcpy(copy, data + offset, first);
    std::memcpy(copy + first, data, header.size - first);
    return reinterpret_cast<const perf_event_header *>(copy);
}

} // namespace perfglass
