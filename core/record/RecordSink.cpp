#include "record/RecordSink.h"

#include <algorithm>
#include <cstring>

namespace perfglass {

namespace {

constexpr uint16_t kMiscMmapBuildId = 1 << 14; // PERF_RECORD_MISC_MMAP_BUILD_ID

// Rewrites a DWARF-mode sample so that its user stack holds only the bytes the kernel copied. Returns the new
// size, 0 when the record is already minimal or malformed.
size_t trimUserStack(const perf_event_header *record, size_t stackSizeOffset, std::vector<uint8_t> &out) {
    const auto *bytes = reinterpret_cast<const uint8_t *>(record);
    uint64_t size = 0;
    std::memcpy(&size, bytes + stackSizeOffset, 8);
    if (size == 0 || stackSizeOffset + 8 + size + 8 > record->size) return 0;
    uint64_t dynSize = 0;
    std::memcpy(&dynSize, bytes + stackSizeOffset + 8 + size, 8);
    const uint64_t kept = (std::min(dynSize, size) + 7) & ~uint64_t{7};
    if (kept == size) return 0;
    const size_t tailOffset = stackSizeOffset + 8 + size; // dyn_size and the fields after it
    const size_t newSize = record->size - (size - kept);
    out.resize(newSize);
    uint8_t *cursor = out.data();
    std::memcpy(cursor, bytes, stackSizeOffset);
    cursor += stackSizeOffset;
    std::memcpy(cursor, &kept, 8);
    cursor += 8;
    std::memcpy(cursor, bytes + stackSizeOffset + 8, kept);
    cursor += kept;
    std::memcpy(cursor, bytes + tailOffset, record->size - tailOffset);
    auto *header = reinterpret_cast<perf_event_header *>(out.data());
    header->size = static_cast<uint16_t>(newSize);
    return newSize;
}

} // namespace

RecordSink::RecordSink(PerfDataWriter &writer, bool trimUserStacks, int compressionLevel)
    : writer_(writer)
    , trimUserStacks_(trimUserStacks)
    , decoder_(writer.events()) {
    if (compressionLevel > 0) {
        compressor_ = std::make_unique<RecordCompressor>(compressionLevel);
        batch_.reserve(RecordCompressor::kMaxBatchBytes);
    }
}

void RecordSink::operator()(const perf_event_header *record) {
    switch (record->type) {
    case PERF_RECORD_SAMPLE:
        ++counters_.samples;
        if (trimUserStacks_ && writeTrimmed(record)) return;
        break;
    case PERF_RECORD_LOST: {
        uint64_t lost = 0;
        std::memcpy(&lost, reinterpret_cast<const uint8_t *>(record) + 16, 8);
        ++counters_.lostRecords;
        counters_.lostSamples += lost;
        break;
    }
    case PERF_RECORD_LOST_SAMPLES: {
        uint64_t lost = 0;
        std::memcpy(&lost, reinterpret_cast<const uint8_t *>(record) + 8, 8);
        counters_.lostSamples += lost;
        break;
    }
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
    if (!decoder_.decodeSample(record, sample).empty() || sample.userStackOffsetInRecord == 0) return false;
    const size_t size = trimUserStack(record, sample.userStackOffsetInRecord, scratch_);
    if (size == 0) return false;
    write(scratch_.data(), size);
    return true;
}

void RecordSink::noteBuildId(const perf_event_header *record) {
    if (!(record->misc & kMiscMmapBuildId) || record->size < 80) return;
    const auto *bytes = reinterpret_cast<const uint8_t *>(record);
    const uint8_t idSize = std::min<uint8_t>(bytes[40], 20);
    const char *name = reinterpret_cast<const char *>(bytes + 72);
    std::string path(name, strnlen(name, record->size - 72));
    if (path.empty() || path[0] != '/' || buildIds_.count(path)) return;
    buildIds_.emplace(std::move(path), std::vector<uint8_t>(bytes + 44, bytes + 44 + idSize));
}

} // namespace perfglass
