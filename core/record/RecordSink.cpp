#include "record/RecordSink.h"

#include "base/X86_64Registers.h"
#include "perfdata/PerfRecords.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <sys/mman.h>

namespace perfglass {

namespace {

// A DWARF-mode sample whose user stack keeps only its first bytes: the record's own bytes around the three
// fields that change (header.size, the stack's size and dyn_size).
class TrimmedSample {
public:
    TrimmedSample() = default;
    TrimmedSample(const TrimmedSample &) = delete; // parts() points into the object itself
    TrimmedSample &operator=(const TrimmedSample &) = delete;

    // Returns false when keeping keptBytes would not make the record smaller.
    bool cut(const perf_event_header *record, const Sample &sample, uint64_t keptBytes) {
        const uint64_t size = sample.userStackSize;
        dynamicSize_ = std::min<uint64_t>(keptBytes, sample.userStack.size());
        stackSize_ = (dynamicSize_ + 7) & ~uint64_t{7};
        if (size == 0 || stackSize_ >= size) return false;
        const auto *bytes = reinterpret_cast<const uint8_t *>(record);
        const size_t sizeField = sample.userStackOffsetInRecord;
        const size_t stackStart = sizeField + sizeof size;
        const size_t tailStart = stackStart + size + sizeof dynamicSize_; // the fields after dyn_size
        // An empty stack has no dyn_size either (perf_event_open(2): "dyn_size if size != 0").
        const size_t dynamicSizeBytes = stackSize_ == 0 ? 0 : sizeof dynamicSize_;
        header_ = *record;
        header_.size = static_cast<uint16_t>(record->size - (size - stackSize_) -
                                             (sizeof dynamicSize_ - dynamicSizeBytes));
        parts_ = {asBytes(header_),
                  std::span(bytes + sizeof header_, sizeField - sizeof header_),
                  asBytes(stackSize_),
                  std::span(bytes + stackStart, stackSize_),
                  asBytes(dynamicSize_).first(dynamicSizeBytes),
                  std::span(bytes + tailStart, record->size - tailStart)};
        return true;
    }
    std::span<const std::span<const uint8_t>> parts() const { return parts_; }

private:
    template <typename T> static std::span<const uint8_t> asBytes(const T &value) {
        return {reinterpret_cast<const uint8_t *>(&value), sizeof value};
    }

    perf_event_header header_{};
    uint64_t stackSize_ = 0;
    uint64_t dynamicSize_ = 0;
    std::array<std::span<const uint8_t>, 6> parts_;
};

// The sampled user stack pointer, when the sample has it.
std::optional<uint64_t> userStackPointer(const Sample &sample) {
    constexpr uint64_t spBit = x86_64::perfRegisterBit(x86_64::PerfSp);
    if (!(sample.userRegsMask & spBit)) return std::nullopt;
    const size_t index = x86_64::sampleIndexOf(x86_64::PerfSp, sample.userRegsMask);
    if (index >= sample.userRegs.size()) return std::nullopt;
    return sample.userRegs[index];
}

} // namespace

RecordSink::RecordSink(PerfDataWriter &writer, bool trimUserStacks, int compressionLevel, bool noteSampleCpus)
    : writer_(writer)
    , trimUserStacks_(trimUserStacks)
    , decoder_(writer.events())
    , noteSampleCpus_(noteSampleCpus) {
    if (compressionLevel > 0) {
        compressor_ = std::make_unique<RecordCompressor>(compressionLevel);
        batch_.reserve(RecordCompressor::kMaxBatchBytes);
    }
}

void RecordSink::noteSampleTime(const perf_event_header *record) {
    uint64_t time = 0;
    if (!decoder_.recordTime(record, time) || time == 0) return;
    if (counters_.firstSampleTime == 0 || time < counters_.firstSampleTime) counters_.firstSampleTime = time;
    counters_.lastSampleTime = std::max(counters_.lastSampleTime, time);
}

void RecordSink::operator()(const perf_event_header *record, int cpu) {
    if (trimUserStacks_) followMappings(record);
    switch (record->type) {
    case PERF_RECORD_SAMPLE:
        ++counters_.samples;
        noteSampleTime(record);
        if (noteSampleCpus_) sampleCpus_.append(static_cast<uint32_t>(cpu));
        if (trimUserStacks_ || sampledFiles_) {
            Sample sample;
            if (decoder_.decodeSample(record, sample) == SampleDecode::Decoded) {
                if (sampledFiles_) sampledFiles_->noteSample(sample, record->misc, trimUserStacks_);
                if (trimUserStacks_ && writeTrimmed(record, sample)) return;
            }
        }
        break;
    case PERF_RECORD_LOST:
        if (const auto lost = LostRecord::from(*record)) {
            ++counters_.lostRecords;
            lostInLostRecords_ += (*lost)->lost;
        }
        counters_.lostSamples = std::max(lostInLostRecords_, lostInLostSamplesRecords_);
        break;
    case PERF_RECORD_LOST_SAMPLES:
        if (const auto lost = LostSamplesRecord::from(*record)) lostInLostSamplesRecords_ += (*lost)->lost;
        counters_.lostSamples = std::max(lostInLostRecords_, lostInLostSamplesRecords_);
        break;
    case PERF_RECORD_THROTTLE:
        ++counters_.throttles;
        break;
    case PERF_RECORD_MMAP:
    case PERF_RECORD_MMAP2:
    case PERF_RECORD_FORK:
        noteMapping(record);
        break;
    default:
        break;
    }
    write(record, record->size);
}

void RecordSink::followSampledFiles(std::vector<SampledFiles::Module> modules, MappedFiles *files) {
    sampledFiles_.emplace(std::move(modules));
    mappedFiles_ = files;
}

void RecordSink::writeSynthesized(const perf_event_header *record) {
    noteMapping(record);
    if (trimUserStacks_) followMappings(record);
    write(record, record->size);
}

// A drain passes every CPU's task records before its samples (RecordingEvents::drainEach), each buffer in
// turn: they are held, then applied in time order when the first other record comes.
void RecordSink::followMappings(const perf_event_header *record) {
    switch (record->type) {
    case PERF_RECORD_MMAP:
    case PERF_RECORD_MMAP2:
    case PERF_RECORD_FORK:
    case PERF_RECORD_COMM: {
        const auto *bytes = reinterpret_cast<const uint8_t *>(record);
        heldTaskRecords_.push_back({timeOf(record), heldBytes_.size()});
        heldBytes_.insert(heldBytes_.end(), bytes, bytes + record->size);
        return;
    }
    case PERF_RECORD_KSYMBOL: // passed among the task records: the samples have not begun
        return;
    case PERF_RECORD_LOST:
        mappedRanges_.distrust(); // the lost records may have mapped memory
        break;
    default:
        break;
    }
    applyHeldTaskRecords();
    if (record->type == PERF_RECORD_EXIT) mappedRanges_.note(record, timeOf(record));
}

std::optional<uint64_t> RecordSink::timeOf(const perf_event_header *record) const {
    uint64_t time = 0;
    return decoder_.recordTime(record, time) ? std::optional(time) : std::nullopt;
}

void RecordSink::applyHeldTaskRecords() {
    if (heldTaskRecords_.empty()) return;
    std::stable_sort(heldTaskRecords_.begin(), heldTaskRecords_.end(),
                     [](const HeldRecord &a, const HeldRecord &b) { return a.time < b.time; });
    for (const HeldRecord &held : heldTaskRecords_) // record sizes are multiples of 8: each stays aligned
        mappedRanges_.note(reinterpret_cast<const perf_event_header *>(heldBytes_.data() + held.offset),
                           held.time);
    // A sample is published a little after its time (the kernel copies its stack first), and the drain reads
    // the buffers' heads one after another: one still to come may be older than these records, though not by
    // a second.
    constexpr uint64_t kSampleDelayNs = 1'000'000'000;
    if (const auto oldest = heldTaskRecords_.front().time)
        mappedRanges_.forgetChangesBefore(*oldest > kSampleDelayNs ? *oldest - kSampleDelayNs : 0);
    heldTaskRecords_.clear();
    heldBytes_.clear();
}

void RecordSink::write(std::span<const std::span<const uint8_t>> parts) {
    wroteSinceRound_ = true;
    if (!compressor_) {
        writer_.writeRecord(parts);
        return;
    }
    size_t size = 0;
    for (const auto part : parts)
        size += part.size();
    if (batch_.size() + size > RecordCompressor::kMaxBatchBytes) flushBatch();
    for (const auto part : parts)
        batch_.insert(batch_.end(), part.begin(), part.end());
}

void RecordSink::write(const void *record, size_t size) {
    const std::array whole{std::span(static_cast<const uint8_t *>(record), size)};
    write(whole);
}

void RecordSink::flushBatch() {
    if (batch_.empty()) return;
    compressor_->compress(batch_.data(), batch_.size(),
                          [this](const void *record, size_t size) { writer_.writeRecord(record, size); });
    batch_.clear();
}

void RecordSink::endRound() {
    applyHeldTaskRecords();
    if (!wroteSinceRound_) return;
    if (compressor_) flushBatch();
    writer_.finishRound();
    wroteSinceRound_ = false;
}

bool RecordSink::writeTrimmed(const perf_event_header *record, const Sample &sample) {
    if (sample.userStackOffsetInRecord == 0) return false;
    TrimmedSample trimmed;
    if (!trimmed.cut(record, sample, stackBytesToKeep(sample))) return false;
    write(trimmed.parts());
    return true;
}

// The copied stack bytes up to the end of the mapping that holds the stack pointer: a thread's stack ends
// there, and what the kernel copied past it belongs to other mappings, which no unwinder reads as frames.
uint64_t RecordSink::stackBytesToKeep(const Sample &sample) const {
    const uint64_t copied = sample.userStack.size();
    const auto stackPointer = userStackPointer(sample);
    if (!stackPointer) return copied;
    const auto end = mappedRanges_.endOf(sample.pid, *stackPointer, sample.time);
    return end ? std::min(copied, *end - *stackPointer) : copied;
}

void RecordSink::noteMapping(const perf_event_header *record) {
    if (record->type == PERF_RECORD_MMAP2) noteVdso(record);
    if (!sampledFiles_) return;
    sampledFiles_->note(record);
    if (!mappedFiles_ || record->type != PERF_RECORD_MMAP2 || !(record->misc & kMiscMmapBuildId)) return;
    // A new mapping the kernel named by build id: its file is kept now, while it is mapped.
    const auto mmap = Mmap2Record::from(*record);
    if (mmap && ((*mmap)->prot & PROT_EXEC))
        mappedFiles_->keepFor(static_cast<pid_t>((*mmap)->pid), (*mmap)->addr, (*mmap)->addr + (*mmap)->len,
                              mmap->text(), (*mmap)->buildId());
}

void RecordSink::noteVdso(const perf_event_header *record) {
    const auto mmap = Mmap2Record::from(*record);
    if (mmap && mmap->text() == "[vdso]") sawVdso_ = true;
}

} // namespace perfglass
