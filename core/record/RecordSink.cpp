#include "record/RecordSink.h"

#include "perfdata/PerfRecords.h"

#include <algorithm>
#include <cstring>

namespace perfglass {

namespace {

// Rewrites a DWARF-mode sample so that its user stack holds only the bytes the kernel copied. Returns the new
// size, 0 when the record is already minimal.
size_t trimUserStack(const perf_event_header *record, const Sample &sample, std::vector<uint8_t> &out) {
    const uint64_t size = sample.userStackSize;
    const uint64_t kept = (sample.userStack.size() + 7) & ~uint64_t{7};
    if (size == 0 || kept >= size) return 0;
    const auto *bytes = reinterpret_cast<const uint8_t *>(record);
    const size_t sizeField = sample.userStackOffsetInRecord;
    const size_t stackStart = sizeField + sizeof size;
    const size_t tailOffset = stackStart + size; // dyn_size and the fields after it
    const size_t newSize = record->size - (size - kept);
    out.resize(newSize);
    uint8_t *cursor = std::copy_n(bytes, sizeField, out.data());
    std::memcpy(cursor, &kept, sizeof kept);
    cursor = std::copy_n(bytes + stackStart, kept, cursor + sizeof kept);
    std::copy(bytes + tailOffset, bytes + record->size, cursor);
    auto *header = reinterpret_cast<perf_event_header *>(out.data());
    header->size = static_cast<uint16_t>(newSize);
    return newSize;
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
    switch (record->type) {
    case PERF_RECORD_SAMPLE:
        ++counters_.samples;
        noteSampleTime(record);
        if (noteSampleCpus_) sampleCpus_.append(static_cast<uint32_t>(cpu));
        if (trimUserStacks_ && writeTrimmed(record)) return;
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
    case PERF_RECORD_MMAP2:
        noteBuildId(record);
        break;
    default:
        break;
    }
    write(record, record->size);
}

void RecordSink::writeSynthesized(const perf_event_header *record) {
    if (record->type == PERF_RECORD_MMAP2) noteBuildId(record);
    write(record, record->size);
}

void RecordSink::write(const void *record, size_t size) {
    wroteSinceRound_ = true;
    if (!compressor_) {
        writer_.writeRecord(record, size);
        return;
    }
    if (batch_.size() + size > RecordCompressor::kMaxBatchBytes) flushBatch();
    const auto *bytes = static_cast<const uint8_t *>(record);
    batch_.insert(batch_.end(), bytes, bytes + size);
}

void RecordSink::flushBatch() {
    if (batch_.empty()) return;
    compressor_->compress(batch_.data(), batch_.size(),
                          [this](const void *record, size_t size) { writer_.writeRecord(record, size); });
    batch_.clear();
}

void RecordSink::endRound() {
    if (!wroteSinceRound_) return;
    if (compressor_) flushBatch();
    writer_.finishRound();
    wroteSinceRound_ = false;
}

std::vector<BuildIdEntry> RecordSink::buildIds() const {
    std::vector<BuildIdEntry> entries;
    for (const auto &[path, id] : buildIds_)
        entries.push_back({-1, false, id, path});
    return entries;
}

bool RecordSink::writeTrimmed(const perf_event_header *record) {
    Sample sample;
    if (decoder_.decodeSample(record, sample) != SampleDecode::Decoded || sample.userStackOffsetInRecord == 0)
        return false;
    const size_t size = trimUserStack(record, sample, scratch_);
    if (size == 0) return false;
    write(scratch_.data(), size);
    return true;
}

void RecordSink::noteBuildId(const perf_event_header *record) {
    const auto mmap = Mmap2Record::from(*record);
    if (!mmap) return;
    const std::string_view path = mmap->text();
    if (path == "[vdso]") sawVdso_ = true;
    if (!(record->misc & kMiscMmapBuildId)) return;
    if (path.empty() || path[0] != '/' || buildIds_.count(std::string(path))) return;
    const auto buildId = (*mmap)->buildId();
    if (buildId.empty()) return;
    buildIds_.emplace(path, std::vector<uint8_t>(buildId.begin(), buildId.end()));
}

} // namespace perfglass
