// Unwinds a batch of sampled user stacks on several threads. Each thread has its own DwarfUnwinder, so
// rules are compiled and cached per thread without locking; only a rule that is not cached yet takes the
// shared lock, because libdw's CFI and the lazily built symbol tables are not thread-safe. submit() queues a
// batch for the worker threads and returns, so the caller reads the next batches meanwhile; waitFor() returns
// when a batch is done, and helps the workers with it meanwhile. With one thread there are no workers:
// waitFor() unwinds on the caller.
#pragma once

#include "unwind/DwarfUnwinder.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

namespace perfglass {

// One sample's user stack to unwind: its registers and stack bytes, in the sample record, which must stay
// valid until the batch has run.
struct UnwindJob {
    uint32_t pid = 0;
    uint64_t time = 0; // the sample's: JIT code at a reused address is unwound with the code of that time
    uint64_t registerMask = 0;
    UnalignedWords registers;
    std::span<const uint8_t> stack;
    // Filled by unwind():
    std::vector<uint64_t> pcs; // leaf first
    UnwindEnd end = UnwindEnd::Complete;
};

class ParallelUnwinder {
public:
    // Makes the Locate of a process at a sample's time for the unwinding thread thread (0 to threadCount() -
    // 1). Called from any of the threads; it must only read shared state, and take sharedLock() for anything
    // it opens or builds lazily.
    using LocateFactory = std::function<DwarfUnwinder::Locate(uint32_t pid, uint64_t time, unsigned thread)>;
    using Ticket = uint64_t;

    // threads: how many threads unwind, the caller's included; 0 means one per available CPU (at most 8).
    explicit ParallelUnwinder(unsigned threads = 0);
    // The threads a ParallelUnwinder(requested) uses.
    static unsigned threadsFor(unsigned requested);
    ~ParallelUnwinder();
    ParallelUnwinder(const ParallelUnwinder &) = delete;
    ParallelUnwinder &operator=(const ParallelUnwinder &) = delete;

    // Queues a batch behind the ones submitted before; the workers take them in turn, so the caller goes on
    // reading while several batches wait. locateFor and the jobs must stay valid until waitFor(ticket)
    // returns.
    Ticket submit(std::span<UnwindJob> jobs, const LocateFactory &locateFor);
    // Whether the batch and every batch before it are unwound; never waits.
    bool done(Ticket ticket) const { return ticket < finishedBefore_.load(std::memory_order_acquire); }
    // Returns once the batch and every batch before it are unwound. Without workers (one thread), the caller
    // unwinds them here; with workers it unwinds the jobs of those batches that no worker took yet, and waits
    // only for the ones they are unwinding (it would idle otherwise: the workers are behind).
    void waitFor(Ticket ticket);
    HandoffMutex &sharedLock() { return sharedLock_; }
    unsigned threadCount() const { return static_cast<unsigned>(unwinders_.size()); }
    // Threads of the process that stay busy besides these (a decompressing one): waiting threads spin first
    // only while all of them have a CPU each.
    void setBusyThreadsBesides(unsigned threads);

private:
    struct Batch {
        std::span<UnwindJob> jobs;
        const LocateFactory *locateFor = nullptr;
        Ticket ticket = 0;
        size_t next = 0;     // the first job no thread took yet
        size_t finished = 0; // jobs unwound
    };
    void unwindRange(unsigned thread, const Batch &batch, size_t begin, size_t end);
    void unwindNextJobs(unsigned thread, Batch &batch, std::unique_lock<std::mutex> &lock);
    void workerLoop(size_t unwinderIndex, const std::stop_token &stop);
    void retireFinished(); // under lock_
    // The oldest batch with jobs nobody took yet, nullptr when none has; under lock_.
    Batch *batchWithJobsLeft();

    HandoffMutex sharedLock_;
    std::vector<std::unique_ptr<DwarfUnwinder>> unwinders_; // [0] is the caller's
    std::vector<std::jthread> workers_;

    // The submitted batches not yet retired, oldest first (ticket firstTicket_ is batches_.front()).
    mutable std::mutex lock_;
    std::condition_variable_any work_;
    std::condition_variable finishedChanged_;
    std::deque<Batch> batches_;
    Ticket firstTicket_ = 0;
    std::atomic<Ticket> finishedBefore_{0}; // every batch with a smaller ticket is unwound
    std::atomic<Ticket> submitted_{0};      // batches submitted so far
};

} // namespace perfglass
