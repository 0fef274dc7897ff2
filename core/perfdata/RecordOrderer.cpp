#include "perfdata/RecordOrderer.h"

#include "perfdata/PerfFileFormat.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace perfglass {

namespace {
constexpr uint32_t kFinishedRound = 68; // PERF_RECORD_FINISHED_ROUND
}

void RecordOrderer::push(const perf_event_header *record, bool stable) {
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
    if (stable) {
        entries_.push_back({time, sequence_++, record, 0});
        stableBytes_ += record->size;
        if (queuedBytes() > maxQueuedBytes_) flush();
        return;
    }
    const size_t words = (record->size + 7) / 8;
    const size_t offset = arenaSize_;
    reserve(offset + words);
    std::memcpy(arena_.get() + offset, record, record->size);
    arenaSize_ += words;
    entries_.push_back({time, sequence_++, nullptr, offset});
    if (queuedBytes() > maxQueuedBytes_) flush();
}

// What the queue holds: the copies, the stable records it keeps mapped and its entries, which for the
// smallest records (8 bytes) are four times larger than the records themselves.
size_t RecordOrderer::queuedBytes() const {
    return arenaSize_ * 8 + stableBytes_ + entries_.size() * sizeof(Entry);
}

void RecordOrderer::reserve(size_t words) {
    if (words <= arenaCapacity_) return;
    const size_t capacity = std::max(words, std::max<size_t>(arenaCapacity_ * 2, 1 << 16));
    std::unique_ptr<uint64_t[]> grown(new uint64_t[capacity]);
    if (arenaSize_ > 0) std::memcpy(grown.get(), arena_.get(), arenaSize_ * 8);
    arena_ = std::move(grown);
    arenaCapacity_ = capacity;
}

const perf_event_header *RecordOrderer::oldestStable() const {
    for (const Entry &entry : entries_) // in arrival order between releases, so in file order
        if (entry.stable) return entry.stable;
    return nullptr;
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
        const Entry &entry = entries_[released];
        sink_(entry.record(arena_.get()), entry.stable != nullptr);
        ++released;
    }
    if (released == entries_.size()) {
        entries_.clear();
        arenaSize_ = 0;
        stableBytes_ = 0;
        return;
    }
    // Keep the rest in arrival order, compacted in place (offsets grow with arrival, so moves go downwards
    // and the arena keeps its capacity: no page faults from regrowing it every round).
    entries_.erase(entries_.begin(), entries_.begin() + static_cast<std::ptrdiff_t>(released));
    std::sort(entries_.begin(), entries_.end(),
              [](const Entry &a, const Entry &b) { return a.sequence < b.sequence; });
    size_t end = 0;
    stableBytes_ = 0;
    for (Entry &entry : entries_) {
        if (entry.stable) {
            stableBytes_ += entry.stable->size;
            continue;
        }
        const auto *header = reinterpret_cast<const perf_event_header *>(arena_.get() + entry.offset);
        const size_t words = (header->size + 7) / 8;
        if (entry.offset != end) std::memmove(arena_.get() + end, arena_.get() + entry.offset, words * 8);
        entry.offset = end;
        end += words;
    }
    arenaSize_ = end;
}

} // namespace perfglass
