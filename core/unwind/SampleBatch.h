// Samples waiting for their user stacks to be unwound in batches, on several threads, while the records after
// them are read: what each contributes to the sample table, its recorded addresses, and the unwind jobs. A
// stack is used where it lies when its record stays at its address (a mapped file); otherwise the registers
// and stack are copied into the batch.
#pragma once

#include "perfdata/RecordDecoder.h"
#include "unwind/ParallelUnwinder.h"

#include <linux/perf_event.h>

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace perfglass {

// What a sample contributes to the table besides its stack.
struct SampleHead {
    uint64_t time = 0;
    uint32_t pid = 0;
    uint32_t tid = 0;
    uint32_t cpu = 0;
    uint16_t event = 0;
    uint64_t period = 0;
};

struct PendingSample {
    static constexpr size_t kNoJob = std::numeric_limits<size_t>::max();
    SampleHead head;
    std::vector<uint64_t> addresses; // as recorded, leaf first
    std::vector<bool> kernel;
    size_t job = kNoJob; // its unwind job, when its user stack is unwound
    bool copied = false; // registers and stack are in the batch's copy (at copyOffset), not in the record
    size_t copyOffset = 0;
};

class SampleBatch {
public:
    static constexpr size_t kMaxSamples = 256;
    static constexpr size_t kMaxCopiedBytes = size_t{1} << 20;

    bool empty() const { return count_ == 0; }
    bool full() const { return count_ >= kMaxSamples || copies_.size() >= kMaxCopiedBytes; }
    // A new waiting sample at the end (slots and their vectors are reused from batch to batch).
    PendingSample &add(const SampleHead &head);
    // Gives the last added sample its user stack to unwind; record stays valid while the batch holds it
    // when stable, else its registers and stack are copied.
    void addJob(const Sample &sample, const perf_event_header *record, bool stable);
    // The jobs, pointed at the copies; call once the batch is complete, before unwinding it.
    std::span<UnwindJob> prepareJobs();
    std::span<PendingSample> samples() { return {samples_.data(), count_}; }
    const UnwindJob *jobOf(const PendingSample &sample) const {
        return sample.job == PendingSample::kNoJob ? nullptr : &jobs_[sample.job];
    }
    // The lowest address of a stable record the batch uses; nullptr when none.
    const void *oldestRecord() const { return oldestRecord_; }
    void clear();

private:
    std::vector<PendingSample> samples_;
    size_t count_ = 0;
    std::vector<UnwindJob> jobs_;
    size_t jobCount_ = 0;
    std::vector<uint8_t> copies_;
    const void *oldestRecord_ = nullptr;
};

} // namespace perfglass
