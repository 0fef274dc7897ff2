// Unwinds a batch of sampled user stacks on several threads. Each thread has its own DwarfUnwinder, so
// rules are compiled and cached per thread without locking; only a rule that is not cached yet takes the
// shared lock, because libdw's CFI and the lazily built symbol tables are not thread-safe. start() hands a
// batch to the worker threads and returns, so the caller can read the next batch meanwhile; finish() joins
// in and returns when the batch is done. With one thread there are no workers: finish() does it all.
#pragma once

#include "unwind/DwarfUnwinder.h"

#include <condition_variable>
#include <cstdint>
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
    uint64_t registerMask = 0;
    UnalignedWords registers;
    std::span<const uint8_t> stack;
    // Filled by unwind():
    std::vector<uint64_t> pcs; // leaf first
    UnwindEnd end = UnwindEnd::Complete;
};

class ParallelUnwinder {
public:
    // Makes the Locate of a process. Called from any of the threads; it must only read shared state, and
    // take sharedLock() for anything it opens or builds lazily.
    using LocateFactory = std::function<DwarfUnwinder::Locate(uint32_t pid)>;

    // threads: how many threads unwind, the caller's included; 0 means one per available CPU (at most 8).
    explicit ParallelUnwinder(unsigned threads = 0);
    ~ParallelUnwinder();
    ParallelUnwinder(const ParallelUnwinder &) = delete;
    ParallelUnwinder &operator=(const ParallelUnwinder &) = delete;

    // locateFor and the jobs must stay valid until finish() returns; one batch at a time.
    void start(std::span<UnwindJob> jobs, const LocateFactory &locateFor);
    void finish();
    std::mutex &sharedLock() { return sharedLock_; }
    unsigned threadCount() const { return static_cast<unsigned>(unwinders_.size()); }

private:
    void work(size_t unwinderIndex);
    void workerLoop(size_t unwinderIndex, const std::stop_token &stop);

    std::mutex sharedLock_;
    std::vector<std::unique_ptr<DwarfUnwinder>> unwinders_; // [0] is the caller's
    std::vector<std::jthread> workers_;

    // The batch being unwound; guarded by batchLock_ except the job cursor.
    std::mutex batchLock_;
    std::condition_variable_any batchReady_;
    std::condition_variable batchDone_;
    uint64_t generation_ = 0;
    size_t busyWorkers_ = 0;
    bool started_ = false; // workers were woken for the current batch
    std::span<UnwindJob> jobs_;
    const LocateFactory *locateFor_ = nullptr;
    std::atomic<size_t> nextJob_{0};
};

} // namespace perfglass
