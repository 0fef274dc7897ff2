#include "unwind/ParallelUnwinder.h"

#include "base/CpuTopology.h"
#include "base/Prefetch.h"
#include "base/Spin.h"

#include <algorithm>

namespace perfglass {

namespace {
constexpr size_t kJobsPerGrab = 16; // jobs a thread takes at once: few lock round trips, fair split
constexpr unsigned kMaxThreads = 8;

// The next job's registers and the top of its stack, where unwinding starts, while this one unwinds.
void prefetchJob(const UnwindJob &job) {
    constexpr size_t kStackTopBytes = 512;
    prefetchLines(job.registers.bytes().data(), job.registers.bytes().size());
    prefetchLines(job.stack.data(), std::min(job.stack.size(), kStackTopBytes));
}
} // namespace

unsigned ParallelUnwinder::threadsFor(unsigned requested) {
    return requested != 0 ? requested : std::clamp(cpusAvailable(), 1U, kMaxThreads);
}

ParallelUnwinder::ParallelUnwinder(unsigned threads) {
    threads = threadsFor(threads);
    for (unsigned k = 0; k < threads; ++k) {
        unwinders_.push_back(std::make_unique<DwarfUnwinder>());
        unwinders_.back()->setCompileLock(&sharedLock_);
    }
    setBusyThreadsBesides(0);
    // The caller reads, orders and completes the samples, and unwinds only when it waits for the workers:
    // one worker per further CPU.
    for (unsigned k = 1; k < threads; ++k)
        workers_.emplace_back([this, k](const std::stop_token &stop) { workerLoop(k, stop); });
}

void ParallelUnwinder::setBusyThreadsBesides(unsigned threads) {
    sharedLock_.setSpinning(threadCount() > 1 && threadCount() + threads <= cpusAvailable());
}

ParallelUnwinder::~ParallelUnwinder() {
    for (auto &worker : workers_)
        worker.request_stop();
    workers_.clear(); // joins, before the lock and condition variables they wait on go away
}

ParallelUnwinder::Ticket ParallelUnwinder::submit(std::span<UnwindJob> jobs, const LocateFactory &locateFor) {
    Ticket ticket = 0;
    {
        std::lock_guard lock(lock_);
        ticket = firstTicket_ + batches_.size();
        batches_.push_back({jobs, &locateFor, ticket});
        submitted_.store(ticket + 1, std::memory_order_release);
        retireFinished(); // an empty batch is finished at once
    }
    if (!workers_.empty() && !jobs.empty()) work_.notify_all();
    return ticket;
}

void ParallelUnwinder::waitFor(Ticket ticket) {
    if (done(ticket)) return;
    std::unique_lock lock(lock_);
    if (workers_.empty()) {
        while (!done(ticket)) {
            Batch &batch = batches_.front();
            unwindRange(0, batch, 0, batch.jobs.size());
            batch.next = batch.finished = batch.jobs.size();
            retireFinished();
        }
        return;
    }
    // Rather than wait for the workers, the caller unwinds the jobs of those batches that nobody took yet.
    while (!done(ticket)) {
        Batch *batch = batchWithJobsLeft();
        if (!batch || batch->ticket > ticket) {
            // Only jobs a worker is unwinding are left before ticket: none can appear for this thread.
            if (sharedLock_.spinning()) {
                lock.unlock();
                const bool finished = spinUntil([&] { return done(ticket); }, kSpinBeforeSleep);
                lock.lock();
                if (finished) continue;
            }
            finishedChanged_.wait(lock, [&] {
                const Batch *left = batchWithJobsLeft();
                return done(ticket) || (left && left->ticket <= ticket);
            });
            continue;
        }
        unwindNextJobs(0, *batch, lock);
    }
}

// Takes the next jobs of batch nobody took yet and unwinds them on thread, with lock_ released meanwhile.
void ParallelUnwinder::unwindNextJobs(unsigned thread, Batch &batch, std::unique_lock<std::mutex> &lock) {
    const size_t begin = batch.next;
    const size_t end = std::min(begin + kJobsPerGrab, batch.jobs.size());
    batch.next = end;
    lock.unlock();
    unwindRange(thread, batch, begin, end);
    lock.lock();
    batch.finished += end - begin;
    retireFinished();
}

void ParallelUnwinder::unwindRange(unsigned thread, const Batch &batch, size_t begin, size_t end) {
    DwarfUnwinder &unwinder = *unwinders_[thread];
    for (size_t i = begin; i < end; ++i) {
        if (i + 1 < end) prefetchJob(batch.jobs[i + 1]);
        UnwindJob &job = batch.jobs[i];
        job.pcs.clear();
        job.end = unwinder.unwind(job.registers, job.registerMask, job.stack,
                                  (*batch.locateFor)(job.pid, job.time, thread), job.pcs);
    }
}

void ParallelUnwinder::retireFinished() {
    bool retired = false;
    while (!batches_.empty() && batches_.front().finished == batches_.front().jobs.size()) {
        batches_.pop_front();
        ++firstTicket_;
        retired = true;
    }
    if (!retired) return;
    finishedBefore_.store(firstTicket_, std::memory_order_release);
    finishedChanged_.notify_all();
}

ParallelUnwinder::Batch *ParallelUnwinder::batchWithJobsLeft() {
    const auto found = std::find_if(batches_.begin(), batches_.end(),
                                    [](const Batch &batch) { return batch.next < batch.jobs.size(); });
    return found == batches_.end() ? nullptr : &*found;
}

void ParallelUnwinder::workerLoop(size_t unwinderIndex, const std::stop_token &stop) {
    std::unique_lock lock(lock_);
    for (;;) {
        if (sharedLock_.spinning() && !batchWithJobsLeft()) {
            const Ticket seen = submitted_.load(std::memory_order_acquire);
            lock.unlock();
            spinUntil(
                [&] { return submitted_.load(std::memory_order_acquire) != seen || stop.stop_requested(); },
                kSpinBeforeSleep);
            lock.lock();
        }
        // Deque references stay valid while others are appended.
        if (!work_.wait(lock, stop, [this] { return batchWithJobsLeft() != nullptr; }) ||
            stop.stop_requested())
            return; // stopped: batches are dropped
        unwindNextJobs(static_cast<unsigned>(unwinderIndex), *batchWithJobsLeft(), lock);
    }
}

} // namespace perfglass
