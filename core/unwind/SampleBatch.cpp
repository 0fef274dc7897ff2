#include "unwind/SampleBatch.h"

#include <functional>

namespace perfglass {

PendingSample &SampleBatch::add(const SampleHead &head) {
    if (samples_.size() == count_) samples_.emplace_back();
    PendingSample &sample = samples_[count_++];
    sample.head = head;
    sample.job = PendingSample::kNoJob;
    sample.copied = false;
    return sample;
}

void SampleBatch::addJob(const Sample &sample, const perf_event_header *record, bool stable) {
    PendingSample &pending = samples_[count_ - 1];
    if (jobs_.size() == jobCount_) jobs_.emplace_back();
    UnwindJob &job = jobs_[jobCount_];
    pending.job = jobCount_++;
    job.pid = sample.pid;
    job.time = sample.time;
    job.registerMask = sample.userRegsMask;
    job.registers = sample.userRegs;
    job.stack = sample.userStack;
    if (stable) {
        if (!oldestRecord_ || std::less<const void *>()(record, oldestRecord_)) oldestRecord_ = record;
        return;
    }
    // The spans are set in prepareJobs(): the copies may move as they grow.
    pending.copied = true;
    copies_.resize((copies_.size() + 7) & ~size_t{7}); // the registers are 8-byte words
    pending.copyOffset = copies_.size();
    const std::span<const uint8_t> registers = sample.userRegs.bytes();
    copies_.insert(copies_.end(), registers.begin(), registers.end());
    copies_.insert(copies_.end(), sample.userStack.begin(), sample.userStack.end());
}

std::span<UnwindJob> SampleBatch::prepareJobs() {
    for (const PendingSample &pending : samples()) {
        if (!pending.copied) continue;
        UnwindJob &job = jobs_[pending.job];
        const uint8_t *copy = copies_.data() + pending.copyOffset;
        job.registers = UnalignedWords(copy, job.registers.size());
        job.stack = {copy + job.registers.bytes().size(), job.stack.size()};
    }
    return {jobs_.data(), jobCount_};
}

void SampleBatch::clear() {
    count_ = 0;
    jobCount_ = 0;
    copies_.clear();
    oldestRecord_ = nullptr;
}

} // namespace perfglass
