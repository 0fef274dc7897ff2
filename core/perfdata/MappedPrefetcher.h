// Takes the page faults of a mapped file ahead of its reader, on a thread of its own: the reader says where
// it is (readerAt), and the thread maps the next window of pages into the page tables (MADV_POPULATE_READ, or
// one read per page where the kernel lacks it), so the reader finds them mapped instead of faulting on them.
// For a file in the page cache this moves the kernel's share of reading to a core the loading would leave
// idle; loadProfile runs it only then (sessions without user stacks to unwind, more than one thread), since
// beside the unwinding workers it costs more CPU and memory than it saves.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <thread>

namespace perfglass {

class MappedPrefetcher {
public:
    // begin and size: the mapping (page aligned), which must outlive the prefetcher.
    MappedPrefetcher(const uint8_t *begin, size_t size);
    ~MappedPrefetcher();
    MappedPrefetcher(const MappedPrefetcher &) = delete;
    MappedPrefetcher &operator=(const MappedPrefetcher &) = delete;

    // The reader is at offset: pages up to a window beyond it get mapped.
    void readerAt(size_t offset);
    // The reader holds nothing before offset: those pages are dropped.
    void dropBefore(size_t offset);
    // Bytes from the start that were populated so far (for tests).
    size_t populated() const { return populated_.load(std::memory_order_acquire); }

    static constexpr size_t kAhead = size_t{8} << 20; // how far ahead of the reader pages are mapped
    static constexpr size_t kStep = size_t{1} << 20;  // the thread is woken when the window moved this far
    // A thread that lags further behind the drops (starved on a busy machine) leaves them to the reader, so
    // the pages held stay bounded.
    static constexpr size_t kMaxDropLag = size_t{4} << 20;

private:
    void run();
    void populate(size_t from, size_t to);
    void wake();

    static constexpr size_t kStopped = ~size_t{0};
    const uint8_t *begin_;
    size_t size_;
    size_t requested_ = 0;           // the reader's side: the last target it gave
    std::atomic<size_t> target_{0};  // populate up to here; kStopped ends the thread
    std::atomic<size_t> reader_{0};  // where the reader is: pages behind it are not populated (it drops them)
    std::atomic<size_t> dropEnd_{0}; // drop the pages before this
    std::atomic<size_t> dropped_{0}; // the thread dropped the pages before this
    std::atomic<uint64_t> wakeups_{0}; // the thread waits on it while it has nothing to do
    std::atomic<size_t> populated_{0};
    bool populateWorks_ = true;
    std::thread thread_;
};

} // namespace perfglass
