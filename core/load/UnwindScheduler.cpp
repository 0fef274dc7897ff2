#include "load/UnwindScheduler.h"

#include <algorithm>
#include <functional>

namespace perfglass {

UnwindScheduler::UnwindScheduler(ProcessTable &processes, Symbolizer &symbolizer)
    : processes_(processes)
    , symbolizer_(symbolizer) {}

UnwindScheduler::~UnwindScheduler() = default;

// The filling batch goes to the unwinding threads, and the other batch takes new samples meanwhile. The
// threads only read the maps and open modules under the shared lock; records that change the maps wait
// for them (unwindPending()).
void UnwindScheduler::startUnwinding() {
    if (!unwinder_) {
        unwinder_ = std::make_unique<ParallelUnwinder>(threads_);
        locateForUnwinding_ = [this](uint32_t pid) {
            return symbolizer_.locateIn(processes_.findMaps(pid), &unwinder_->sharedLock());
        };
    }
    unwinder_->start(batches_[filling_].prepareJobs(), locateForUnwinding_);
    unwinding_ = true;
    filling_ = 1 - filling_;
}

const void *UnwindScheduler::oldestPendingRecord() const {
    const void *first = batches_[0].oldestRecord();
    const void *second = batches_[1].oldestRecord();
    if (!first || !second) return first ? first : second;
    return std::min(first, second, std::less<const void *>());
}

} // namespace perfglass
