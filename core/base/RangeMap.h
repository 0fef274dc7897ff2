// Address ranges, each with a value, that replace what they overlap as a process's memory mappings do: adding
// [start, end) cuts the parts of earlier ranges inside it, and what is left of them on either side stays.
// Value::advancedBy(bytes) gives the value of a range whose start moved up by bytes (a file mapping's offset
// moves with its start).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>

namespace perfglass {

template <typename Value> class RangeMap {
public:
    struct Range {
        uint64_t start = 0;
        uint64_t end = 0;
        Value value{};
    };

    void add(uint64_t start, uint64_t end, const Value &value) {
        if (end <= start) return;
        cutOut(start, end);
        byStart_[start] = Range{start, end, value};
    }
    // The range holding address, or null.
    const Range *find(uint64_t address) const {
        auto it = byStart_.upper_bound(address);
        if (it == byStart_.begin()) return nullptr;
        --it;
        return address < it->second.end ? &it->second : nullptr;
    }
    void clear() { byStart_.clear(); }
    size_t size() const { return byStart_.size(); }

private:
    // Trims or splits every range that overlaps [start, end).
    void cutOut(uint64_t start, uint64_t end) {
        auto it = byStart_.lower_bound(start);
        if (it != byStart_.begin()) --it;
        while (it != byStart_.end() && it->second.start < end) {
            const Range old = it->second;
            if (old.end <= start) {
                ++it;
                continue;
            }
            it = byStart_.erase(it);
            if (old.start < start) byStart_.emplace(old.start, Range{old.start, start, old.value});
            if (old.end > end) {
                byStart_.emplace(end, Range{end, old.end, old.value.advancedBy(end - old.start)});
                break;
            }
        }
    }

    std::map<uint64_t, Range> byStart_;
};

} // namespace perfglass
