#include "load/UnwindScheduler.h"

#include <algorithm>
#include <functional>

namespace perfglass {

UnwindScheduler::UnwindScheduler(ProcessTable &processes, Symbolizer &symbolizer)
    : processes_(processes)
    , symbolizer_(symbolizer) {}

// The workers stop (and are joined) first: they use the batches and locateForUnwinding_.
UnwindScheduler::~UnwindScheduler() {
    unwinder_.reset();
}

void UnwindScheduler::setBusyThreadsBesides(unsigned threads) {
    busyBesides_ = threads;
    if (unwinder_) unwinder_->setBusyThreadsBesides(threads);
}

// The filling batch goes to the unwinding threads, and the next batch of the ring takes new samples
// meanwhile. The threads only read the maps and open modules under the shared lock; records that change the
// maps wait for them (unwindPending()).
void UnwindScheduler::submitFilling() {
    if (!unwinder_) {
        unwinder_ = std::make_unique<ParallelUnwinder>(threads_);
        unwinder_->setBusyThreadsBesides(busyBesides_);
        seenSymbols_.resize(unwinder_->threadCount());
        locateForUnwinding_ = [this](uint32_t pid, uint64_t time, unsigned thread) {
            return symbolizer_.locateIn(processes_.findMaps(pid), &unwinder_->sharedLock(),
                                        &seenSymbols_[thread], Symbolizer::JitContext{pid, time});
        };
    }
    const ParallelUnwinder::Ticket ticket =
        unwinder_->submit(batches_[filling_].prepareJobs(), locateForUnwinding_);
    nextTicket_ = ticket + 1;
    ++inFlight_;
    filling_ = (filling_ + 1) % kBatches;
}

const void *UnwindScheduler::oldestPendingRecord() const {
    const void *oldest = nullptr;
    for (const SampleBatch &batch : batches_) {
        const void *record = batch.oldestRecord();
        if (record && (!oldest || std::less<const void *>()(record, oldest))) oldest = record;
    }
    return oldest;
}

} // namespace perfglass
