#include "RingBuffer.h"

#include "Error.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace perfglass {

RingBuffer::RingBuffer(int fd, size_t dataPages)
    : fd_(fd) {
    const auto pageSize = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    dataSize_ = dataPages * pageSize;
    mappedSize_ = dataSize_ + pageSize;
    base_ = ::mmap(nullptr, mappedSize_, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (base_ == MAP_FAILED) {
        const int error = errno;
        base_ = nullptr;
        if (error == EPERM)
            throw Error(
                "cannot map a ring buffer of " + std::to_string(dataSize_ / 1024) +
                " KiB: the per-user limit kernel.perf_event_mlock_kb is exhausted; use fewer pages (-m) or "
                "raise it with: sysctl -w kernel.perf_event_mlock_kb=2048");
        throw Error(systemErrorMessage("cannot map the ring buffer", error));
    }
    wrapped_.resize(65536 / sizeof(uint64_t));
}

RingBuffer::~RingBuffer() {
    if (base_) ::munmap(base_, mappedSize_);
}

size_t RingBuffer::drain(const std::function<void(const perf_event_header *)> &onRecord) {
    auto *meta = static_cast<perf_event_mmap_page *>(base_);
    const auto *data = static_cast<const uint8_t *>(base_) + meta->data_offset;
    // The acquire load pairs with the kernel's store of data_head: records before head are fully written.
    const uint64_t head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
    uint64_t tail = meta->data_tail;
    size_t count = 0;
    while (tail < head) {
        const size_t offset = tail & (dataSize_ - 1);
        perf_event_header header;
        if (offset + sizeof header <= dataSize_) {
            std::memcpy(&header, data + offset, sizeof header);
        } else {
            const size_t first = dataSize_ - offset;
            std::memcpy(&header, data + offset, first);
            std::memcpy(reinterpret_cast<uint8_t *>(&header) + first, data, sizeof header - first);
        }
        if (header.size < sizeof header || tail + header.size > head)
            break; // cannot happen with a sane kernel; stop rather than read garbage
        if (offset + header.size <= dataSize_) {
            onRecord(reinterpret_cast<const perf_event_header *>(data + offset));
        } else {
            auto *copy = reinterpret_cast<uint8_t *>(wrapped_.data());
            const size_t first = dataSize_ - offset;
            std::memcpy(copy, data + offset, first);
            std::memcpy(copy + first, data, header.size - first);
            onRecord(reinterpret_cast<const perf_event_header *>(copy));
        }
        tail += header.size;
        ++count;
    }
    // The release store makes our reads happen before the kernel may overwrite the space.
    __atomic_store_n(&meta->data_tail, tail, __ATOMIC_RELEASE);
    return count;
}

} // namespace perfglass
