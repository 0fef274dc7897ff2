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
    wake();
    thread_.join();
}

void MappedPrefetcher::wake() {
    wakeups_.fetch_add(1, std::memory_order_acq_rel);
    wakeups_.notify_one();
}

void MappedPrefetcher::readerAt(size_t offset) {
    const size_t target = std::min(size_, offset + kAhead);
    if (target < requested_ + kStep && target < size_) return;
    if (target <= requested_) return;
    reader_.store(offset, std::memory_order_release);
    requested_ = target;
    target_.store(target, std::memory_order_release);
    wake();
}

void MappedPrefetcher::dropBefore(size_t offset) {
    offset = std::min(offset, size_);
    dropEnd_.store(offset, std::memory_order_release);
    wake();
    const size_t behind = dropped_.load(std::memory_order_acquire);
    if (offset > behind + kMaxDropLag) // dropping twice is harmless
        ::madvise(const_cast<uint8_t *>(begin_ + behind), offset - behind, MADV_DONTNEED);
}

void MappedPrefetcher::run() {
    size_t done = 0;    // populated up to here
    size_t dropped = 0; // dropped up to here
    for (;;) {
        const uint64_t seen = wakeups_.load(std::memory_order_acquire);
        const size_t target = target_.load(std::memory_order_acquire);
        if (target == kStopped) return;
        bool worked = false;
        if (const size_t drop = dropEnd_.load(std::memory_order_acquire); drop > dropped) {
            ::madvise(const_cast<uint8_t *>(begin_ + dropped), drop - dropped,
                      MADV_DONTNEED); // read-only pages
            dropped = drop;
            dropped_.store(dropped, std::memory_order_release);
            worked = true;
        }
        // A thread that fell behind the reader skips a step past it: the pages the reader passed are dropped
        // or about to be, and mapping them again would keep them.
        if (const size_t reader = reader_.load(std::memory_order_acquire); reader > done)
            done = reader + kStep;
        done = std::max(done, dropped);
        if (done < target) {
            const size_t end = std::min(target, done + kStep); // in steps: drops and stops are seen soon
            populate(done, end);
            done = end;
            populated_.store(done, std::memory_order_release);
            worked = true;
        }
        if (!worked) wakeups_.wait(seen, std::memory_order_acquire);
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
