// Schedules the unwinding of user stacks: samples fill one batch while up to three earlier ones are unwound
// on the ParallelUnwinder's threads, and complete in record order. Records that change the maps (MMAP, COMM,
// FORK) wait for the samples before them: unwindPending().
#pragma once

#include "load/ProcessTable.h"
#include "load/Symbolizer.h"
#include "perfdata/RecordDecoder.h"
#include "unwind/ParallelUnwinder.h"
#include "unwind/SampleBatch.h"

#include <linux/perf_event.h>

#include <array>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace perfglass {

class UnwindScheduler {
public:
    UnwindScheduler(ProcessTable &processes, Symbolizer &symbolizer);
    ~UnwindScheduler();
    UnwindScheduler(const UnwindScheduler &) = delete;
    UnwindScheduler &operator=(const UnwindScheduler &) = delete;

    // Threads that unwind, the calling one included; 0: one per CPU.
    void setThreads(unsigned threads) { threads_ = threads; }
    // Threads of the process that stay busy besides the unwinding ones
    // (ParallelUnwinder::setBusyThreadsBesides).
    void setBusyThreadsBesides(unsigned threads);
    // Whether no sample waits: a sample that needs no unwinding can then complete at once.
    bool idle() const { return batches_[filling_].empty() && inFlight_ == 0; }

    // Queues a sample behind the waiting ones; its addresses and kernel flags are swapped into the batch.
    // sample (its user registers and stack) is unwound when given; record is where they lie, used in place
    // when stable. complete(PendingSample &, const UnwindJob *) is called for each sample of a finished
    // batch.
    template <typename Complete>
    void queue(const SampleHead &head, std::vector<uint64_t> &addresses, std::vector<bool> &kernel,
               const Sample *sample, const perf_event_header *record, bool stable, Complete &&complete) {
        SampleBatch &batch = batches_[filling_];
        PendingSample &pending = batch.add(head);
        std::swap(pending.addresses, addresses);
        std::swap(pending.kernel, kernel);
        if (sample) batch.addJob(*sample, record, stable);
        if (!batch.full()) return;
        submitFilling();
        // Complete what the workers finished; wait only when every batch is in flight. Without workers the
        // batch is unwound here at once (nothing would overlap, and its records are released sooner).
        while (inFlight_ > 0 &&
               (inFlight_ == kBatches || unwinder_->threadCount() == 1 || unwinder_->done(oldestTicket())))
            completeOldest(complete);
    }
    // Unwinds the waiting samples and completes them, in record order.
    template <typename Complete> void unwindPending(Complete &&complete) {
        if (!batches_[filling_].empty()) submitFilling();
        while (inFlight_ > 0)
            completeOldest(complete);
    }
    // The lowest address of a stable record whose sample waits; nullptr when none does.
    const void *oldestPendingRecord() const;

private:
    // The ring of batches: up to kBatches - 1 are unwinding (or unwound, not completed yet) while one fills.
    static constexpr size_t kBatches = 4;

    void submitFilling();
    size_t oldestInFlight() const { return (filling_ + kBatches - inFlight_) % kBatches; }
    ParallelUnwinder::Ticket oldestTicket() const { return nextTicket_ - inFlight_; }
    // Waits for the oldest batch in flight and completes its samples. Completing names the frames, which
    // opens modules, builds symbol tables and reads DWARF lazily, as the workers still unwinding later
    // batches do: the batch is completed under their shared lock, which they take only for a module or an
    // unwind rule they have not seen yet, and which they get between two samples.
    template <typename Complete> void completeOldest(Complete &complete) {
        unwinder_->waitFor(oldestTicket());
        SampleBatch &batch = batches_[oldestInFlight()];
        --inFlight_;
        std::unique_lock<HandoffMutex> guard;
        if (unwinder_->threadCount() > 1) guard = std::unique_lock(unwinder_->sharedLock());
        const std::span<PendingSample> samples = batch.samples();
        for (size_t i = 0; i < samples.size(); ++i) {
            if (guard && i > 0) unwinder_->sharedLock().letWaitersIn();
            complete(samples[i], batch.jobOf(samples[i]));
        }
        batch.clear();
    }

    ProcessTable &processes_;
    Symbolizer &symbolizer_;
    std::array<SampleBatch, kBatches> batches_;
    size_t filling_ = 0;  // index of the batch that takes new samples
    size_t inFlight_ = 0; // batches submitted and not completed: the ones before filling_ in the ring
    ParallelUnwinder::Ticket nextTicket_ = 0; // the ticket the next submitted batch gets
    unsigned threads_ = 0;
    unsigned busyBesides_ = 0;
    std::unique_ptr<ParallelUnwinder> unwinder_; // made on the first stack to unwind
    ParallelUnwinder::LocateFactory locateForUnwinding_;
    std::vector<Symbolizer::SeenSymbols> seenSymbols_; // one per unwinding thread
};

} // namespace perfglass
