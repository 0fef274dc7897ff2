#include "unwind/ParallelUnwinder.h"

#include <algorithm>

namespace perfglass {

namespace {
constexpr size_t kJobsPerGrab = 8;     // jobs a thread takes at once: few atomic operations, fair split
constexpr size_t kMinParallelJobs = 8; // smaller batches are not worth waking the other threads for
constexpr unsigned kMaxThreads = 8;
} // namespace

ParallelUnwinder::ParallelUnwinder(unsigned threads) {
    if (threads == 0) threads = std::clamp(std::thread::hardware_concurrency(), 1U, kMaxThreads);
    for (unsigned k = 0; k < threads; ++k) {
        unwinders_.push_back(std::make_unique<DwarfUnwinder>());
        unwinders_.back()->setCompileLock(&sharedLock_);
    }
    for (unsigned k = 1; k < threads; ++k)
        workers_.emplace_back([this, k](const std::stop_token &stop) { workerLoop(k, stop); });
}

ParallelUnwinder::~ParallelUnwinder() {
    for (auto &worker : workers_)
        worker.request_stop();
    workers_.clear(); // joins, before the lock and condition variables they wait on go away
}

void ParallelUnwinder::start(std::span<UnwindJob> jobs, const LocateFactory &locateFor) {
    {
        std::lock_guard lock(batchLock_);
        jobs_ = jobs;
        locateFor_ = &locateFor;
        nextJob_.store(0, std::memory_order_relaxed);
        started_ = !workers_.empty() && jobs.size() >= kMinParallelJobs;
        if (started_) {
            busyWorkers_ = workers_.size();
            ++generation_;
        }
    }
    if (started_) batchReady_.notify_all();
}

void ParallelUnwinder::finish() {
    work(0);
    if (!started_) return;
    std::unique_lock lock(batchLock_);
    batchDone_.wait(lock, [this] { return busyWorkers_ == 0; });
    started_ = false;
}

void ParallelUnwinder::work(size_t unwinderIndex) {
    DwarfUnwinder &unwinder = *unwinders_[unwinderIndex];
    for (;;) {
        const size_t begin = nextJob_.fetch_add(kJobsPerGrab, std::memory_order_relaxed);
        if (begin >= jobs_.size()) return;
        const size_t end = std::min(begin + kJobsPerGrab, jobs_.size());
        for (size_t i = begin; i < end; ++i) {
            UnwindJob &job = jobs_[i];
            job.pcs.clear();
            job.end =
                unwinder.unwind(job.registers, job.registerMask, job.stack, (*locateFor_)(job.pid), job.pcs);
        }
    }
}

void ParallelUnwinder::workerLoop(size_t unwinderIndex, const std::stop_token &stop) {
    uint64_t seen = 0;
    for (;;) {
        {
            std::unique_lock lock(batchLock_);
            if (!batchReady_.wait(lock, stop, [&] { return generation_ != seen; })) return;
            seen = generation_;
        }
        work(unwinderIndex);
        std::lock_guard lock(batchLock_);
        if (--busyWorkers_ == 0) batchDone_.notify_one();
    }
}

} // namespace perfglass
