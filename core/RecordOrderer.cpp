#include "RecordOrderer.h"

#include "PerfFileFormat.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace perfglass {

namespace {
constexpr uint32_t kFinishedRound = 68; // PERF_RECORD_FINISHED_ROUND
}

void RecordOrderer::push(const perf_event_header *record) {
    if (record->type == kFinishedRound) {
        release(previousRoundMax_);
        previousRoundMax_ = roundMax_;
        return;
    }
    uint64_t time = 0;
    if (decoder_.recordTime(record, time))
        lastTime_ = std::max(lastTime_, time);
    else
        time = lastTime_;
    roundMax_ = std::max(roundMax_, time);
    const size_t words = (record->size + 7) / 8;
    const size_t offset = arena_.size();
    arena_.resize(offset + words);
    std::memcpy(arena_.data() + offset, record, record->size);
    entries_.push_back({time, sequence_++, offset});
    if (arena_.size() * 8 > maxQueuedBytes_) flush();
}

void RecordOrderer::flush() {
    release(std::numeric_limits<uint64_t>::max());
}

void RecordOrderer::release(uint64_t limit) {
    if (entries_.empty()) return;
    std::sort(entries_.begin(), entries_.end(), [](const Entry &a, const Entry &b) {
        return a.time != b.time ? a.time < b.time : a.sequence < b.sequence;
    });
    size_t released = 0;
    while (released < entries_.size() && entries_[released].time <= limit) {
        sink_(reinterpret_cast<const perf_event_header *>(arena_.data() + entries_[released].offset));
        ++released;
    }
    if (released == entries_.size()) {
        entries_.clear();
        arena_.clear();
        return;
    }
    // Keep the rest, compacted, in arrival order.
    std::vector<Entry> rest(entries_.begin() + static_cast<std::ptrdiff_t>(released), entries_.end());
    std::sort(rest.begin(), rest.end(), [](const Entry &a, const Entry &b) { return a.sequence < b.sequence; });
    std::vector<uint64_t> arena;
    for (Entry &entry : rest) {
        const auto *header = reinterpret_cast<const perf_event_header *>(arena_.data() + entry.offset);
        const size_t words = (header->size + 7) / 8;
        const size_t offset = arena.size();
        arena.insert(arena.end(), arena_.begin() + static_cast<std::ptrdiff_t>(entry.offset),
                     arena_.begin() + static_cast<std::ptrdiff_t>(entry.offset + words));
        entry.offset = offset;
    }
    arena_ = std::move(arena);
    entries_ = std::move(rest);
}

} // namespace perfglass
