#include "perfdata/MappedPrefetcher.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>

namespace perfglass {

MappedPrefetcher::MappedPrefetcher(const uint8_t *begin, size_t size)
    : begin_(begin)
    , size_(size) {
    requested_ = std::min(size_, kAhead);
    target_.store(requested_, std::memory_order_release);
    thread_ = std::thread([this] { run(); });
}

MappedPrefetcher::~MappedPrefetcher() {
    target_.store(kStopped, std::memory_order_release);
    target_.notify_one();
    thread_.join();
}

void MappedPrefetcher::readerAt(size_t offset) {
    const size_t target = std::min(size_, offset + kAhead);
    if (target < requested_ + kStep && target < size_) return;
    if (target <= requested_) return;
    reader_.store(offset, std::memory_order_release);
    requested_ = target;
    target_.store(target, std::memory_order_release);
    target_.notify_one();
}

void MappedPrefetcher::run() {
    size_t done = 0;
    for (;;) {
        const size_t target = target_.load(std::memory_order_acquire);
        if (target == kStopped) return;
        if (done >= target) {
            if (done >= size_) return;
            target_.wait(target, std::memory_order_acquire);
            continue;
        }
        // A thread that fell behind the reader skips ahead of it: the pages the reader passed may have been
        // dropped, and mapping them again would keep them.
        // (a step beyond it: it may go on while this thread populates).
        if (const size_t reader = reader_.load(std::memory_order_acquire); reader > done)
            done = reader + kStep;
        if (done >= target) continue;
        const size_t end = std::min(target, done + kStep); // in steps, so a stop is seen soon
        populate(done, end);
        done = end;
        populated_.store(done, std::memory_order_release);
    }
}

void MappedPrefetcher::populate(size_t from, size_t to) {
    const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    from &= ~(page - 1);
    auto *address =
        const_cast<uint8_t *>(begin_ + from); // madvise takes a non-const pointer; nothing is written
    if (populateWorks_ && ::madvise(address, to - from, MADV_POPULATE_READ) == 0) return;
    populateWorks_ = false; // a kernel before 5.14: touch each page instead
    for (size_t offset = from; offset < to; offset += page)
        static_cast<void>(*static_cast<const volatile uint8_t *>(begin_ + offset));
}

} // namespace perfglass
