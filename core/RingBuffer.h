// A perf event's mmap'ed ring buffer: a metadata page followed by 2^n data pages that the kernel fills and we
// drain (perf_event_open(2), "MMAP layout").
#pragma once

#include <linux/perf_event.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace perfglass {

class RingBuffer {
public:
    // Maps dataPages (a power of two) data pages of fd. Throws Error when the mapping is refused.
    RingBuffer(int fd, size_t dataPages);
    ~RingBuffer();
    RingBuffer(const RingBuffer &) = delete;
    RingBuffer &operator=(const RingBuffer &) = delete;

    // Calls onRecord for every record the kernel has published, in order, then hands the space back to the
    // kernel. A record that wraps around the end of the buffer is passed as one contiguous copy.
    size_t drain(const std::function<void(const perf_event_header *)> &onRecord);

    int fd() const { return fd_; }
    size_t dataSize() const { return dataSize_; }

private:
    int fd_;
    void *base_ = nullptr;
    size_t mappedSize_ = 0;
    size_t dataSize_ = 0;
    std::vector<uint64_t> wrapped_; // scratch for records that cross the end, uint64_t keeps it aligned
};

} // namespace perfglass
