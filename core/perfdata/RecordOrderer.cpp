#include "perfdata/RecordOrderer.h"

#include "base/Prefetch.h"
#include "perfdata/PerfFileFormat.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace perfglass {

namespace {
constexpr uint32_t kFinishedRound = 68; // PERF_RECORD_FINISHED_ROUND
}

void RecordOrderer::push(const perf_event_header *record, bool stable, uint32_t cpu) {
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
        entries_.push_back({time, record, 0, cpu});
        stableBytes_ += record->size;
        if (queuedBytes() > maxQueuedBytes_) flush();
        return;
    }
    const size_t words = (record->size + 7) / 8;
    const size_t offset = arenaSize_;
    reserve(offset + words);
    std::memcpy(arena_.get() + offset, record, record->size);
    arenaSize_ += words;
    entries_.push_back({time, nullptr, static_cast<uint32_t>(offset), cpu});
    if (queuedBytes() > maxQueuedBytes_) flush();
}

// What the queue holds: the copies, the stable records it keeps mapped and its entries, which for the
// smallest records (8 bytes) are three times larger than the records themselves.
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

// Sorts the first count entries, which are in arrival order, by time; ties keep their arrival order. A round
// of perf's file is a few runs already in time order (one per CPU buffer drained), so the runs are found
// and merged pairwise, left to right: O(n log runs) instead of a full sort, and O(n) for a single run.
void RecordOrderer::sortByTime(size_t count) {
    const auto first = entries_.begin();
    runEnds_.clear();
    for (size_t i = 1; i < count; ++i)
        if (entries_[i].time < entries_[i - 1].time) runEnds_.push_back(i);
    if (runEnds_.empty()) return;
    runEnds_.push_back(count);
    const auto earlier = [](const Entry &a, const Entry &b) { return a.time < b.time; };
    while (runEnds_.size() > 1) {
        size_t start = 0;
        size_t merged = 0;
        for (size_t run = 0; run + 1 < runEnds_.size(); run += 2) {
            const size_t middle = runEnds_[run];
            const size_t end = runEnds_[run + 1];
            // Stable: of equal times, those of the left run (the earlier arrivals) come first.
            std::inplace_merge(first + static_cast<std::ptrdiff_t>(start),
                               first + static_cast<std::ptrdiff_t>(middle),
                               first + static_cast<std::ptrdiff_t>(end), earlier);
            runEnds_[merged++] = end;
            start = end;
        }
        if (runEnds_.size() % 2 == 1) runEnds_[merged++] = runEnds_.back();
        runEnds_.resize(merged);
    }
}

void RecordOrderer::release(uint64_t limit) {
    if (entries_.empty()) return;
    // Those to release move to the front, the others to kept_, both keeping their arrival order.
    kept_.clear();
    size_t count = 0;
    for (const Entry &entry : entries_) {
        if (entry.time <= limit)
            entries_[count++] = entry;
        else
            kept_.push_back(entry);
    }
    sortByTime(count);
    // Records released in time order are not in file order (and those of DWARF samples lie kilobytes
    // apart): the header of the record eight places ahead is asked for, then, four places ahead, the lines
    // of that record the sink will read.
    constexpr size_t kHeaderAhead = 8;
    constexpr size_t kLinesAhead = 4;
    for (size_t i = 0; i < count; ++i) {
        if (i + kHeaderAhead < count) __builtin_prefetch(entries_[i + kHeaderAhead].record(arena_.get()));
        if (i + kLinesAhead < count) {
            const perf_event_header *ahead = entries_[i + kLinesAhead].record(arena_.get());
            prefetchRecordLines(ahead, ahead->size);
        }
        sink_(entries_[i].record(arena_.get()), entries_[i].stable != nullptr, entries_[i].cpu);
    }
    entries_.swap(kept_);
    if (entries_.empty()) {
        arenaSize_ = 0;
        stableBytes_ = 0;
        return;
    }
    // Compact the copies kept in place (offsets grow with arrival, so moves go downwards and the arena keeps
    // its capacity: no page faults from regrowing it every round).
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
        entry.offset = static_cast<uint32_t>(end);
        end += words;
    }
    arenaSize_ = end;
}

} // namespace perfglass
