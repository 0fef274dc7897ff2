// Schedules the unwinding of copied user stacks: samples wait in one batch while the other is unwound on the
// ParallelUnwinder's threads, and complete in record order. Records that change the maps (MMAP, COMM, FORK)
// wait for the samples before them: unwindPending().
#pragma once

#include "load/ProcessTable.h"
#include "load/Symbolizer.h"
#include "perfdata/RecordDecoder.h"
#include "unwind/ParallelUnwinder.h"
#include "unwind/SampleBatch.h"

#include <linux/perf_event.h>

#include <array>
#include <memory>
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
    // Whether no sample waits: a sample that needs no unwinding can then complete at once.
    bool idle() const { return batches_[filling_].empty() && !unwinding_; }

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
        if (batch.full()) {
            finishUnwinding(complete);
            startUnwinding();
        }
    }
    // Unwinds the waiting samples and completes them, in record order.
    template <typename Complete> void unwindPending(Complete &&complete) {
        finishUnwinding(complete);
        if (batches_[filling_].empty()) return;
        startUnwinding();
        finishUnwinding(complete);
    }
    // The lowest address of a stable record whose sample waits; nullptr when none does.
    const void *oldestPendingRecord() const;

private:
    void startUnwinding();
    // Waits for the batch being unwound and completes its samples.
    template <typename Complete> void finishUnwinding(Complete &complete) {
        if (!unwinding_) return;
        unwinder_->finish();
        unwinding_ = false;
        SampleBatch &batch = batches_[1 - filling_];
        for (PendingSample &pending : batch.samples())
            complete(pending, batch.jobOf(pending));
        batch.clear();
    }

    ProcessTable &processes_;
    Symbolizer &symbolizer_;
    // One batch fills while the other may be unwinding on the workers.
    std::array<SampleBatch, 2> batches_;
    size_t filling_ = 0;     // index of the batch that takes new samples
    bool unwinding_ = false; // whether the other batch is being unwound
    unsigned threads_ = 0;
    std::unique_ptr<ParallelUnwinder> unwinder_; // made on the first stack to unwind
    ParallelUnwinder::LocateFactory locateForUnwinding_;
};

} // namespace perfglass
